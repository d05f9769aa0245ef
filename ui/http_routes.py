"""The HTTP routes beside MCP: ``GET /health``, ``POST /retrieve`` and ``POST /documents``. Thin: auth (the
bearer token decides the tenant; without tokens, loopback reads only), bounded JSON, the bounded worker pool with a
timeout, and errors as JSON with a status code."""

from __future__ import annotations

import json
from typing import Any

import anyio
from fastmcp import FastMCP
from starlette.requests import Request
from starlette.responses import JSONResponse

from agent.assistant import Assistant
from indexes.errors import DocumentError, QuycheError
from indexes.settings import Settings
from indexes.sources.combined_json import loads_bounded
from tools.context import ToolContext
from ui.documents_api import DocumentsError, ingest_json
from ui.http_guard import NO_TOKEN_WRITE, bearer_token, is_loopback
from ui.retrieve_api import RetrieveError, retrieve


def add_http_routes(mcp: FastMCP, settings: Settings, assistant: Assistant, verifier) -> None:
    """Register the routes on ``mcp``; ``verifier`` (``BearerTokens`` or None) maps tokens to tenants."""

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

    def retrieve_as(tenant: str, body: Any) -> dict:
        """The request's context lives only in this call: an idle worker thread keeps its last arguments, and
        a context there would hold a replaced build (and its lease) until the worker's next request."""
        return retrieve(ToolContext(settings, tenant=tenant, indexes=assistant.indexes), body)

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
        try:
            # in a worker thread of the bounded pool: the event loop keeps serving while the query runs
            return JSONResponse(await off_loop(retrieve_as, tenant, body))
        except RetrieveError as exc:
            return JSONResponse({"error": "bad_request", "message": str(exc)}, status_code=400)
        except TimeoutError:
            return busy()
        except QuycheError as exc:  # a damaged or missing index: say which file and how to repair
            return JSONResponse({"error": "unavailable", "message": str(exc)}, status_code=503)
