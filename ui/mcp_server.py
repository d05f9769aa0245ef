"""FastMCP server: the six registry tools, ``ask`` (the full agent), resources, ``POST /retrieve`` and
``POST /documents`` (plus the ``ingest_document`` tool when ``QUYCHE_MCP_INGEST`` is on).

A thin adapter: tools come from ``tools.registry.ALL`` (same names and schemas as in the agent); errors become
``ToolError``. Over HTTP, with a token configured (``QUYCHE_MCP_TOKEN``, or the token → tenant map
``QUYCHE_MCP_TOKENS`` / ``QUYCHE_MCP_TOKENS_FILE``) every request needs one and the token decides the tenant;
with none, the server answers loopback clients only and refuses writes. ``ui/http_guard.py`` checks
``Origin`` and blank tokens first. Retrievals run on a bounded worker pool, never on the event loop.
"""

from __future__ import annotations

import functools
import hmac
import inspect
import json
import logging
import operator
from typing import Annotated, Any, get_type_hints

from fastmcp import FastMCP
from fastmcp.exceptions import ToolError
from fastmcp.server.auth.auth import AccessToken, TokenVerifier
from pydantic import BaseModel, Field
from starlette.middleware import Middleware

from agent.answer import FinalAnswer
from agent.assistant import Assistant
from indexes.errors import ThreadAccessError
from indexes.settings import Settings
from tools.context import ToolContext
from tools.registry import ALL, ToolSpec, run_tool
from ui.documents_api import DocumentsError, ingest_json
from ui.http_guard import NO_TOKEN_WRITE, RequestGuard, is_loopback
from ui.http_routes import add_http_routes

log = logging.getLogger(__name__)


class BearerTokens(TokenVerifier):
    """Static bearer tokens (compared in constant time), each mapped to the tenant it may see."""

    def __init__(self, tokens: dict[str, str]) -> None:
        super().__init__()
        self._tokens = tokens

    def tenant_of(self, token: str | None) -> str | None:
        for known, tenant in self._tokens.items():
            if token is not None and hmac.compare_digest(known.encode(), token.encode()):
                return tenant
        return None

    async def verify_token(self, token: str) -> AccessToken | None:
        tenant = self.tenant_of(token)
        if tenant is None:
            return None
        return AccessToken(token=token, client_id=f"tenant:{tenant}", scopes=[], claims={"tenant": tenant})


def _over_http() -> bool:
    from fastmcp.server.dependencies import get_http_request

    try:
        get_http_request()
    except RuntimeError:
        return False
    return True


def _tenant(settings: Settings) -> str:
    """The caller's tenant: from its access token over HTTP, else the settings' tenant."""
    from fastmcp.server.dependencies import get_access_token

    try:
        token = get_access_token()
    except RuntimeError:
        token = None
    return (token.claims or {}).get("tenant", settings.tenant) if token else settings.tenant


def _as_mcp_tool(spec: ToolSpec, settings: Settings, assistant: Assistant):
    """A plain function with the tool's signature minus ``ctx``, calling the registry."""

    def call(**kwargs: Any) -> BaseModel:
        ctx = ToolContext(
            settings, tenant=_tenant(settings), today=assistant.today, indexes=assistant.indexes
        )
        run = run_tool(ctx, spec.tool_name, kwargs)
        if run.error:
            raise ToolError(json.dumps(run.result_json(), ensure_ascii=False))
        return run.result

    hints = get_type_hints(spec.fn, include_extras=True)
    params = [p for name, p in inspect.signature(spec.fn).parameters.items() if name != "ctx"]
    returns = functools.reduce(operator.or_, spec.result_types)  # fastmcp publishes its output schema
    call.__signature__ = inspect.Signature(params, return_annotation=returns)
    call.__annotations__ = {p.name: hints[p.name] for p in params} | {"return": returns}
    call.__name__ = spec.tool_name
    call.__doc__ = spec.description
    return call


def build_server(
    settings: Settings, assistant: Assistant | None = None, tokens: dict[str, str] | None = None
) -> FastMCP:
    """The MCP server. ``tokens`` (token -> tenant) turn on bearer auth for HTTP."""
    assistant = assistant or Assistant(settings)
    if tokens is None:
        tokens = settings.token_tenants() or None
    verifier = BearerTokens(tokens) if tokens else None
    mcp = FastMCP("quyche", instructions="Quy Chế: company regulations with citations.", auth=verifier)

    for spec in ALL:
        mcp.tool(_as_mcp_tool(spec, settings, assistant), name=spec.tool_name, description=spec.description)

    _add_ask(mcp, settings, assistant)
    _add_resources(mcp, settings, assistant)
    if settings.mcp_ingest:
        _add_ingest_tool(mcp, settings, verifier)
    add_http_routes(mcp, settings, assistant, verifier)
    return mcp


def _compact(node) -> dict:
    return {
        "node_id": node.node_id,
        "title": node.title,
        "line_start": node.line_start,
        "line_end": node.line_end,
        "children": [_compact(c) for c in node.children],
    }


def check_bind(host: str, settings: Settings, tokens: dict | None = None) -> None:
    """Refuse to expose the server beyond this machine without a (non-blank) token."""
    if not is_loopback(host) and not settings.token_tenants() and not tokens:
        raise ValueError(f"refusing to listen on {host} without a token: set QUYCHE_MCP_TOKEN")


def http_middleware(settings: Settings, tokens: dict[str, str] | None = None) -> list[Middleware]:
    """The front-door checks (``ui/http_guard.py``) for ``FastMCP.run``/``http_app(middleware=...)``."""
    has_tokens = bool(tokens if tokens is not None else settings.token_tenants())
    return [Middleware(RequestGuard, has_tokens=has_tokens, allowed_origins=settings.mcp_allowed_origins)]


def http_app(server: FastMCP, settings: Settings, tokens: dict[str, str] | None = None):
    """The Starlette app of ``server`` behind the front-door checks."""
    return server.http_app(middleware=http_middleware(settings, tokens))


def _add_ask(mcp: FastMCP, settings: Settings, assistant: Assistant) -> None:
    @mcp.tool(name="ask")
    def ask(
        question: Annotated[str, Field(min_length=1, description="The employee's question.")],
        thread_id: Annotated[str | None, Field(description="Continue a conversation.")] = None,
    ) -> FinalAnswer:
        """Answer a question about the company's regulations with the full agent: a cited answer
        {answer, citations[], tool_calls[], refused, ...}. Pass thread_id to ask a follow-up."""
        if len(question) > settings.max_question_chars:
            raise ToolError(f"the question is too long: at most {settings.max_question_chars} characters")
        try:
            return assistant.ask(question, thread_id=thread_id, tenant=_tenant(settings))
        except ThreadAccessError as exc:
            raise ToolError(str(exc)) from None


def _add_resources(mcp: FastMCP, settings: Settings, assistant: Assistant) -> None:
    @mcp.resource("quyche://documents", name="documents", mime_type="application/json")
    def documents() -> str:
        """The documents of the corpus: ids, titles, descriptions."""
        ctx = ToolContext(settings, tenant=_tenant(settings), indexes=assistant.indexes)
        return json.dumps(run_tool(ctx, "navigate_tree", {}).result_json(), ensure_ascii=False)

    @mcp.resource("quyche://tree/{doc_id}", name="document_tree", mime_type="application/json")
    def document_tree(doc_id: str) -> str:
        """One document's heading tree (node ids, titles, line ranges)."""
        ctx = ToolContext(settings, tenant=_tenant(settings), indexes=assistant.indexes)
        if doc_id not in ctx.visible_documents():
            raise ToolError(f"no document {doc_id!r}")
        return json.dumps(_compact(ctx.store.tree(doc_id)), ensure_ascii=False)


def _add_ingest_tool(mcp: FastMCP, settings: Settings, verifier: BearerTokens | None) -> None:
    @mcp.tool(name="ingest_document")
    def ingest_document(
        body: Annotated[str, Field(min_length=1, description="The document text (markdown or plain).")],
        title: Annotated[str | None, Field(description="Title; default: the body's start.")] = None,
        sourceUrl: Annotated[str | None, Field(description="Where the document lives.")] = None,  # noqa: N803
        date: Annotated[str | None, Field(description="ISO 8601 version date; default now.")] = None,
        replace: Annotated[str, Field(description="newer (default), always or never.")] = "newer",
    ) -> dict:
        """Add or update one regulation document of the caller's company; it is searchable at once.
        Returns {documentId, status (indexed|replaced|rejected_duplicate|unchanged|error), ...}."""
        if verifier is None and _over_http():
            raise ToolError(NO_TOKEN_WRITE)
        item = {k: v for k, v in {"body": body, "title": title, "sourceUrl": sourceUrl, "date": date}.items()}
        try:
            out = ingest_json(
                settings, _tenant(settings), [{k: v for k, v in item.items() if v is not None}], replace
            )
        except DocumentsError as exc:
            raise ToolError(str(exc)) from None
        return out["results"][0]
