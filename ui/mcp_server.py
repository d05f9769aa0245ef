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

import anyio
from fastmcp import FastMCP
from fastmcp.exceptions import ToolError
from fastmcp.server.auth.auth import AccessToken, TokenVerifier
from pydantic import BaseModel, Field
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse

from agent.answer import FinalAnswer
from agent.assistant import Assistant
from indexes.errors import DocumentError, QuycheError, ThreadAccessError
from indexes.settings import Settings
from indexes.sources.combined_json import loads_bounded
from tools.context import ToolContext
from tools.registry import ALL, ToolSpec, run_tool
from ui.documents_api import DocumentsError, ingest_json
from ui.http_guard import RequestGuard, bearer_token, is_loopback
from ui.retrieve_api import RetrieveError, retrieve

log = logging.getLogger(__name__)
NO_TOKEN_WRITE = (
    "writes need a token: set QUYCHE_MCP_TOKEN (or QUYCHE_MCP_TOKENS) and send it as a bearer token"
)


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

    if settings.mcp_ingest:

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
            item = {
                k: v for k, v in {"body": body, "title": title, "sourceUrl": sourceUrl, "date": date}.items()
            }
            try:
                out = ingest_json(
                    settings, _tenant(settings), [{k: v for k, v in item.items() if v is not None}], replace
                )
            except DocumentsError as exc:
                raise ToolError(str(exc)) from None
            return out["results"][0]

    def caller_tenant(request: Request) -> str | None:
        """The token's tenant; without tokens configured, the settings' tenant for loopback clients."""
        if verifier is None:
            return settings.tenant if is_loopback(request.client.host if request.client else None) else None
        return verifier.tenant_of(bearer_token(request.headers.get("authorization")))

    unauthorized = {"error": "unauthorized", "message": "missing or wrong bearer token"}
    pool: dict[str, anyio.CapacityLimiter] = {}  # created on the server's event loop, at the first request

    async def off_loop(fn, *args, timeout: bool = True):
        """``fn(*args)`` on the worker pool; with ``timeout``, TimeoutError after ``request_timeout_s`` (the
        work is abandoned: it ends on its own, holding its worker slot until then)."""
        limiter = pool.setdefault("limiter", anyio.CapacityLimiter(settings.serve_workers))
        if not timeout:
            return await anyio.to_thread.run_sync(fn, *args, limiter=limiter)
        with anyio.fail_after(settings.request_timeout_s):
            return await anyio.to_thread.run_sync(fn, *args, limiter=limiter, abandon_on_cancel=True)

    def busy() -> JSONResponse:
        message = (
            f"the request did not finish within {settings.request_timeout_s:g}s; try a shorter query or another "
            "mode, or raise QUYCHE_REQUEST_TIMEOUT_S"
        )
        return JSONResponse({"error": "timeout", "message": message}, status_code=503)

    @mcp.custom_route("/health", methods=["GET"])
    async def health_route(request: Request) -> JSONResponse:
        return JSONResponse({"status": "ok"})

    @mcp.custom_route("/documents", methods=["POST"])
    async def documents_route(request: Request) -> JSONResponse:
        if verifier is None:
            return JSONResponse({"error": "forbidden", "message": NO_TOKEN_WRITE}, status_code=403)
        tenant = caller_tenant(request)
        if tenant is None:
            return JSONResponse(unauthorized, status_code=401)
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > settings.max_request_bytes:
            message = f"request too large ({int(declared):,} bytes > {settings.max_request_bytes:,})"
            return JSONResponse({"error": "too_large", "message": message}, status_code=413)
        raw = await request.body()
        replace = request.query_params.get("replace", "newer")
        try:
            out = await off_loop(
                ingest_json, settings, tenant, raw, replace, timeout=False
            )  # runs to the end
        except DocumentsError as exc:
            return JSONResponse({"error": "bad_request", "message": str(exc)}, status_code=400)
        except QuycheError as exc:
            return JSONResponse({"error": "conflict", "message": str(exc)}, status_code=409)
        failed = all(r["status"] == "error" for r in out["results"])
        return JSONResponse(out, status_code=400 if failed else 200)

    @mcp.custom_route("/retrieve", methods=["POST"])
    async def retrieve_route(request: Request) -> JSONResponse:
        tenant = caller_tenant(request)
        if tenant is None:
            return JSONResponse(unauthorized, status_code=401)
        try:
            body = loads_bounded(await request.body() or b"null", "request", settings.max_json_depth)
        except (json.JSONDecodeError, UnicodeDecodeError, DocumentError) as exc:
            return JSONResponse(
                {"error": "bad_request", "message": f"malformed JSON: {exc}"}, status_code=400
            )
        ctx = ToolContext(settings, tenant=tenant, indexes=assistant.indexes)
        try:
            # in a worker thread of the bounded pool: the event loop keeps serving while the query runs
            return JSONResponse(await off_loop(retrieve, ctx, body))
        except RetrieveError as exc:
            return JSONResponse({"error": "bad_request", "message": str(exc)}, status_code=400)
        except TimeoutError:
            return busy()
        except QuycheError as exc:  # a damaged or missing index: say which file and how to repair
            return JSONResponse({"error": "unavailable", "message": str(exc)}, status_code=503)

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
