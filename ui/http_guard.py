"""The HTTP server's front door, before any route or MCP exchange runs (ASGI middleware).

- A request whose ``Origin`` is not allowed gets 403 (a web page the user visits must not drive the server:
  DNS rebinding, cross-site POSTs). Loopback origins are allowed; others only when listed in
  ``QUYCHE_MCP_ALLOWED_ORIGINS``. Requests without ``Origin`` (curl, MCP clients) pass.
- ``Authorization: Bearer`` with an empty or blank token gets 401, whatever else is configured.
- With no token configured the server answers loopback clients only (403 for any other address).
"""

from __future__ import annotations

import ipaddress
import json
from urllib.parse import urlsplit

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


NO_TOKEN_WRITE = (
    "writes need a token: set QUYCHE_MCP_TOKEN (or QUYCHE_MCP_TOKENS) and send it as a bearer token"
)


def is_loopback(host: str | None) -> bool:
    """``localhost`` or a loopback IP address (127.0.0.0/8, ::1); never a name that merely starts alike."""
    if host is None:
        return False
    if host in LOOPBACK_HOSTS:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def origin_allowed(origin: str, extra: list[str]) -> bool:
    """Loopback origins (any port, http or https) and the listed ones (exact, without a trailing slash)."""
    if origin.rstrip("/") in {o.rstrip("/") for o in extra}:
        return True
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and is_loopback(parts.hostname)


def bearer_token(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header ("" when blank); None without one."""
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


async def _refuse(send, status: int, error: str, message: str) -> None:
    body = json.dumps({"error": error, "message": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class RequestGuard:
    """ASGI middleware applying the rules above; ``has_tokens``: whether any bearer token is configured."""

    def __init__(self, app, has_tokens: bool, allowed_origins: list[str]) -> None:
        self.app = app
        self.has_tokens = has_tokens
        self.allowed_origins = list(allowed_origins)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        origin = headers.get("origin")
        if origin is not None and not origin_allowed(origin, self.allowed_origins):
            await _refuse(
                send,
                403,
                "forbidden_origin",
                f"requests from origin {origin!r} are refused; allow it with QUYCHE_MCP_ALLOWED_ORIGINS",
            )
            return
        if bearer_token(headers.get("authorization")) == "":
            await _refuse(
                send, 401, "unauthorized", "empty bearer token: send 'Authorization: Bearer <token>'"
            )
            return
        client = scope.get("client")
        if not self.has_tokens and not is_loopback(client[0] if client else None):
            await _refuse(
                send,
                403,
                "forbidden",
                "no token is configured, so only this machine may connect; set QUYCHE_MCP_TOKEN",
            )
            return
        await self.app(scope, receive, send)
