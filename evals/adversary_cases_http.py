"""HTTP abuse: auth variants on every route, Origin variants, bodies that are malformed, oversized, deep or of the
wrong type, wrong content types, path and method tricks, MCP protocol misuse. Every case expects a refusal
(4xx with a message), except the controls, which expect an answer."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx

from evals.adversary_lab import (
    ACME,
    MAX_REQUEST_BYTES,
    Check,
    Mcp,
    answers,
    parse_rpc,
    raw_request,
    refusal,
    refusals,
    tool_refused,
)

Case = Callable[[], str]
QUERY = {"query": "giờ làm việc buổi sáng", "mode": "bm25"}
MCP_INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "x", "version": "1"},
    },
}
ROUTES = {"/retrieve": QUERY, "/documents": {"body": "# Tấn công\n\nGhi đè."}, "/mcp": MCP_INIT}
AUTH_VARIANTS = {
    "no header": {},
    "empty bearer": {"Authorization": "Bearer "},
    "blank bearer": {"Authorization": "Bearer \t "},
    "bare 'Bearer'": {"Authorization": "Bearer"},
    "wrong token": {"Authorization": "Bearer nope"},
    "token prefix": {"Authorization": "Bearer tok-acm"},
    "token plus a char": {"Authorization": "Bearer tok-acmex"},
    "token then junk": {"Authorization": "Bearer tok-acme extra"},
    "basic scheme": {"Authorization": "Basic dG9rLWFjbWU="},
    "token without scheme": {"Authorization": "tok-acme"},
    "token in another header": {"X-Api-Key": "tok-acme"},
    "64 KB token": {"Authorization": "Bearer " + "a" * 65_000},
}
HOSTILE_ORIGINS = (
    "https://evil.example",
    "null",
    "http://127.0.0.1.evil.example",
    "http://localhost.evil",
    "http://127.0.0.1@evil.example",
    "file://",
    "chrome-extension://abcdef",
)


def _post(client: httpx.Client, path: str, headers: dict, body: object) -> str:
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    hdrs = {"Content-Type": "application/json", "Accept": Mcp.ACCEPT, **headers}
    return refusal(*raw_request(client, "POST", path, hdrs, content))


# JSON that is odd but valid (RFC 8259 allows UTF-16; a lone surrogate escape is a string): answered or refused
ODD_RETRIEVE_BODIES: dict[str, bytes] = {
    "lone surrogate escape": b'{"query": "\\ud800 ngh\\u1ec9 ph\\u00e9p", "mode": "bm25"}',
    "UTF-16 body": json.dumps({"query": "nghỉ phép", "mode": "bm25"}).encode("utf-16"),
    "NUL characters in the query": json.dumps({"query": "nghỉ\u0000phép", "mode": "bm25"}).encode(),
    "right-to-left and zero-width marks": json.dumps(
        {"query": "\u202enghỉ\u200b phép", "mode": "bm25"}
    ).encode(),
}


def _handled(client: httpx.Client, body: bytes) -> str:
    status, text = raw_request(
        client, "POST", "/retrieve", {**ACME, "Content-Type": "application/json"}, body
    )
    if status == 200:
        return "ok" if '"hits"' in text else "silent wrong"
    return "ok" if refusal(status, text) == "clear error" else refusal(status, text)


def _answered(client: httpx.Client, path: str, headers: dict, body: object) -> str:
    status, text = raw_request(
        client, "POST", path, {"Content-Type": "application/json", **headers}, json.dumps(body).encode()
    )
    return "traceback/500" if status >= 500 else "ok" if status == 200 and "hits" in text else "silent wrong"


def auth_cases(token: httpx.Client) -> dict[str, Check]:
    cases = {
        f"auth: {label} on {path}": (lambda h=h, p=path, b=body: _post(token, p, h, b))
        for label, h in AUTH_VARIANTS.items()
        for path, body in ROUTES.items()
    }
    cases["auth: token in the query string"] = lambda: _post(token, "/retrieve?token=tok-acme", {}, QUERY)
    controls = {
        "auth control: the right token answers": lambda: _answered(token, "/retrieve", ACME, QUERY),
        "auth control: lower-case 'bearer' answers": lambda: _answered(
            token, "/retrieve", {"Authorization": "bearer tok-acme"}, QUERY
        ),
    }
    return refusals(cases) | answers(controls)


def no_token_cases(open_: httpx.Client) -> dict[str, Check]:
    """The server started with no token: loopback reads only."""
    control = {"no token control: loopback read answers": lambda: _answered(open_, "/retrieve", {}, QUERY)}
    return answers(control) | refusals(
        {
            "no token: /documents write refused": lambda: _post(
                open_, "/documents", {}, ROUTES["/documents"]
            ),
            "no token: write with some bearer refused": lambda: _post(
                open_, "/documents", ACME, ROUTES["/documents"]
            ),
            "no token: empty bearer refused": lambda: _post(
                open_, "/retrieve", {"Authorization": "Bearer "}, QUERY
            ),
            "no token: MCP ingest_document refused": lambda: _mcp_refused(
                open_, {}, "ingest_document", {"body": "# Ghi đè\n\nNội dung."}
            ),
        }
    )


def _mcp_refused(client: httpx.Client, headers: dict, tool: str, args: dict) -> str:
    session = Mcp(client, headers)
    message = session.call(tool, args)
    return tool_refused(message, session.last.status_code)


def origin_cases(token: httpx.Client) -> dict[str, Check]:
    cases = {
        f"origin {origin} on {path}": (
            lambda o=origin, p=path, b=body: _post(token, p, {**ACME, "Origin": o}, b)
        )
        for origin in HOSTILE_ORIGINS
        for path, body in ROUTES.items()
    }
    cases["origin: CORS preflight from evil.example"] = lambda: refusal(
        *raw_request(
            token,
            "OPTIONS",
            "/documents",
            {"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
        )
    )
    control = lambda: _answered(token, "/retrieve", {**ACME, "Origin": "http://localhost:8501"}, QUERY)  # noqa: E731
    return refusals(cases) | answers({"origin control: http://localhost:8501 answers": control})


RETRIEVE_BODIES: dict[str, bytes] = {
    "malformed JSON": b"{not json",
    "empty body": b"",
    "JSON null": b"null",
    "deep JSON [x100000": b"[" * 100_000,
    "deep JSON {x50000": b'{"a":' * 50_000,
    "deep JSON 65 levels": b'{"query": ' + b"[" * 65 + b"]" * 65 + b"}",
    "query 1 MB": json.dumps({"query": "nghỉ phép " * 100_000}).encode(),
    "query one char over the cap": json.dumps({"query": "a" * 2001}).encode(),
    "top_k 0": json.dumps({"query": "a", "top_k": 0}).encode(),
    "top_k -1": json.dumps({"query": "a", "top_k": -1}).encode(),
    "top_k 10^9": json.dumps({"query": "a", "top_k": 10**9}).encode(),
    "top_k 10^400": b'{"query": "a", "top_k": 1' + b"0" * 400 + b"}",
    "top_k '5'": json.dumps({"query": "a", "top_k": "5"}).encode(),
    "top_k true": json.dumps({"query": "a", "top_k": True}).encode(),
    "top_k 2.5": json.dumps({"query": "a", "top_k": 2.5}).encode(),
    "top_k NaN": b'{"query": "a", "top_k": NaN}',
    "mode magic": json.dumps({"query": "a", "mode": "magic"}).encode(),
    "mode empty": json.dumps({"query": "a", "mode": ""}).encode(),
    "mode as a list": json.dumps({"query": "a", "mode": ["bm25"]}).encode(),
    "body is an array": b"[1, 2]",
    "body is a string": '"giờ làm việc"'.encode(),
    "query an object": json.dumps({"query": {"$ne": 1}}).encode(),
    "query empty": json.dumps({"query": ""}).encode(),
    "query blanks": json.dumps({"query": " \t\n "}).encode(),
    "query null": json.dumps({"query": None}).encode(),
    "an unknown field": json.dumps({"query": "a", "tenant": "beta"}).encode(),
    "invalid UTF-8": b'{"query": "\xff\xfe"}',
    f"body over {MAX_REQUEST_BYTES:,} bytes": json.dumps(
        {"query": "a", "x": "b" * (MAX_REQUEST_BYTES + 10)}
    ).encode(),
}
DOCUMENTS_BODIES: dict[str, bytes] = {
    "malformed JSON": b"{not json",
    "empty body": b"",
    "deep JSON": b"[" * 100_000,
    "empty array": b"[]",
    "an item without body": json.dumps({"title": "Không nội dung"}).encode(),
    "body not a string": json.dumps({"body": 42}).encode(),
    "body empty": json.dumps({"body": ""}).encode(),
    "date 2026-13-45": json.dumps({"body": "# A\n\nB.", "date": "2026-13-45"}).encode(),
    "cp1258 (Vietnamese Windows) bytes": '{"body": "Tháng lương"}'.encode("cp1258"),
    "JSON Lines with a broken line": b'{"body": "# A\\n\\nB."}\n{broken\n',
    f"body over {MAX_REQUEST_BYTES:,} bytes": json.dumps({"body": "x" * (MAX_REQUEST_BYTES + 10)}).encode(),
}


def body_cases(token: httpx.Client) -> dict[str, Check]:
    cases = {
        f"/retrieve: {n}": (lambda b=b: _post(token, "/retrieve", ACME, b))
        for n, b in RETRIEVE_BODIES.items()
    }
    cases |= {
        f"/documents: {n}": (lambda b=b: _post(token, "/documents", ACME, b))
        for n, b in DOCUMENTS_BODIES.items()
    }
    cases["/documents: replace=sometimes"] = lambda: _post(
        token, "/documents?replace=sometimes", ACME, {"body": "# A\n\nB."}
    )
    cases["/documents: chunked body over the cap"] = lambda: _chunked_oversize(token)
    cases["/retrieve: chunked body over the cap"] = lambda: _chunked_oversize(token, "/retrieve")
    odd = {
        f"/retrieve: {n} (answered or refused)": (lambda b=b: _handled(token, b))
        for n, b in ODD_RETRIEVE_BODIES.items()
    }
    return refusals(cases) | answers(odd)


def _chunked_oversize(token: httpx.Client, path: str = "/documents") -> str:
    def parts():
        piece = b"x" * 1_000_000
        yield b'{"body": "'
        for _ in range(MAX_REQUEST_BYTES // len(piece) + 2):
            yield piece
        yield b'"}'

    response = token.post(path, headers={**ACME, "Content-Type": "application/json"}, content=parts())
    return refusal(response.status_code, response.text)


def content_type_cases(token: httpx.Client) -> dict[str, Check]:
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    multipart = {"Content-Type": "multipart/form-data; boundary=x"}
    return refusals(
        {
            "/retrieve: form-encoded body": lambda: _post(
                token, "/retrieve", {**ACME, **form}, b"query=a&top_k=5"
            ),
            "/retrieve: multipart body": lambda: _post(
                token,
                "/retrieve",
                {**ACME, **multipart},
                b'--x\r\nContent-Disposition: form-data; name="query"\r\n\r\na\r\n--x--\r\n',
            ),
            "/documents: form-encoded body": lambda: _post(token, "/documents", {**ACME, **form}, b"body=x"),
            "/mcp: plain-text JSON-RPC": lambda: _post(
                token, "/mcp", {**ACME, "Content-Type": "text/plain"}, b"hello"
            ),
        }
    )


def path_cases(token: httpx.Client) -> dict[str, Check]:
    body = json.dumps(QUERY).encode()
    hdrs = {**ACME, "Content-Type": "application/json"}

    def send(method: str, path: str) -> str:
        return refusal(*raw_request(token, method, path, hdrs, body if method == "POST" else b""))

    cases = {
        f"path: POST {p}": (lambda p=p: send("POST", p))
        for p in (
            "//retrieve",
            "/RETRIEVE",
            "/%2e%2e/documents",
            "/mcp/../documents",
            "/documents%00",
            "/retrieve;x",
        )
    }
    cases |= {
        f"method: {m} {p}": (lambda m=m, p=p: send(m, p))
        for m, p in (
            ("GET", "/retrieve"),
            ("PUT", "/documents"),
            ("DELETE", "/documents"),
            ("PATCH", "/retrieve"),
        )
    }
    return refusals(cases)


def mcp_protocol_cases(token: httpx.Client) -> dict[str, Check]:
    accept = {**ACME, "Accept": Mcp.ACCEPT}

    def post(body: object, headers: dict | None = None) -> str:
        response = token.post("/mcp", headers=headers or accept, json=body)
        message = parse_rpc(response)
        if response.status_code >= 500 or "Traceback" in response.text:
            return "traceback/500"
        return "clear error" if response.status_code >= 400 or "error" in message else "silent wrong"

    call = {
        "jsonrpc": "2.0",
        "id": 2,
        "method": "tools/call",
        "params": {"name": "search", "arguments": {"query": "a"}},
    }
    return refusals(
        {
            "mcp: tools/call without a session": lambda: post(call),
            "mcp: a made-up session id": lambda: post(call, {**accept, "mcp-session-id": "0" * 32}),
            "mcp: an unknown method": lambda: _in_session(token, lambda s: s.rpc("no/such/method", {})),
            "mcp: params as a string": lambda: _in_session(token, lambda s: s.rpc("tools/call", "search")),
            "mcp: resources/read of an unknown scheme": lambda: _in_session(
                token, lambda s: s.read("file:///etc/passwd")
            ),
            "mcp: a JSON-RPC batch": lambda: post([call, call]),
            "mcp: not JSON-RPC": lambda: post({"hello": "world"}),
        }
    )


def _in_session(token: httpx.Client, act: Callable[[Mcp], dict]) -> str:
    session = Mcp(token, ACME)
    return tool_refused(act(session), session.last.status_code)


def http_cases(token: httpx.Client, open_: httpx.Client) -> dict[str, Check]:
    return (
        auth_cases(token)
        | no_token_cases(open_)
        | origin_cases(token)
        | body_cases(token)
        | content_type_cases(token)
        | path_cases(token)
        | mcp_protocol_cases(token)
    )
