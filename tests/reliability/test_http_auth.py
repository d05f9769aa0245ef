"""The HTTP front door: blank tokens, no-token mode (loopback reads only, no writes), Origin checks."""

from __future__ import annotations

import asyncio

import pytest
from fastmcp import Client
from starlette.testclient import TestClient

from agent.assistant import Assistant
from evals.adversary_cases_http import MCP_INIT
from indexes.settings import Settings
from ui.mcp_server import build_server, check_bind, http_app

LOCAL = ("127.0.0.1", 50123)
QUERY = {"query": "giờ làm việc buổi sáng", "mode": "bm25", "top_k": 2}
DOC = {"body": "# Gửi xe\n\nNhân viên gửi xe miễn phí.", "title": "Gửi xe"}


def _client(settings: Settings, client=LOCAL) -> TestClient:
    server = build_server(settings, Assistant(settings))
    return TestClient(http_app(server, settings), client=client)


@pytest.fixture
def no_token(keyword_settings):
    with _client(keyword_settings) as client:
        yield client


@pytest.fixture
def with_token(keyword_settings):
    settings = keyword_settings.model_copy(update={"mcp_tokens": {"tok-acme": "acme"}})
    with _client(settings) as client:
        yield client


def test_blank_token_settings_are_no_token(monkeypatch, keyword_settings):
    monkeypatch.setenv("QUYCHE_MCP_TOKEN", "   ")
    settings = Settings(_env_file=None, data_dir=keyword_settings.data_dir)
    assert settings.mcp_token is None and settings.token_tenants() == {}
    blank_map = Settings(_env_file=None, mcp_tokens={"": "acme", " ": "beta", "ok": "acme"})
    assert blank_map.token_tenants() == {"ok": "acme"}
    with pytest.raises(ValueError, match="QUYCHE_MCP_TOKEN"):
        check_bind("0.0.0.0", settings)
    check_bind("127.0.0.1", settings)


def test_no_token_serves_loopback_reads_and_refuses_writes(no_token, keyword_settings):
    ok = no_token.post("/retrieve", json=QUERY)
    assert ok.status_code == 200 and ok.json()["hits"][0]["doc_id"] == "noi_quy_lao_dong"
    write = no_token.post("/documents", json=DOC)
    assert write.status_code == 403 and "QUYCHE_MCP_TOKEN" in write.json()["message"]
    blank = no_token.post("/retrieve", json=QUERY, headers={"Authorization": "Bearer "})
    assert blank.status_code == 401 and "empty bearer" in blank.json()["message"]
    with _client(keyword_settings, client=("10.1.2.3", 4000)) as remote:
        refused = remote.post("/retrieve", json=QUERY)
        assert refused.status_code == 403 and "only this machine" in refused.json()["message"]


def test_empty_and_wrong_bearer_are_401_with_a_token(with_token):
    for headers in (
        {},
        {"Authorization": "Bearer "},
        {"Authorization": "Bearer  \t"},
        {"Authorization": "Bearer x"},
    ):
        for path, body in (("/retrieve", QUERY), ("/documents", DOC)):
            assert with_token.post(path, json=body, headers=headers).status_code == 401, (path, headers)
    mcp = with_token.post(
        "/mcp",
        json={"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}},
        headers={"Authorization": "Bearer ", "Accept": "application/json, text/event-stream"},
    )
    assert mcp.status_code == 401
    good = with_token.post("/retrieve", json=QUERY, headers={"Authorization": "bearer tok-acme"})
    assert good.status_code == 200 and good.json()["hits"]


def test_foreign_origins_are_refused(with_token, keyword_settings):
    auth = {"Authorization": "Bearer tok-acme"}
    for origin in ("https://evil.example", "null", "http://127.0.0.1.evil.example"):
        refused = with_token.post("/documents", json=DOC, headers={**auth, "Origin": origin})
        assert refused.status_code == 403 and "QUYCHE_MCP_ALLOWED_ORIGINS" in refused.json()["message"]
    local = with_token.post("/retrieve", json=QUERY, headers={**auth, "Origin": "http://localhost:8501"})
    assert local.status_code == 200
    allowed = keyword_settings.model_copy(
        update={"mcp_tokens": {"tok-acme": "acme"}, "mcp_allowed_origins": ["https://intranet.example"]}
    )
    with _client(allowed) as client:
        ok = client.post("/retrieve", json=QUERY, headers={**auth, "Origin": "https://intranet.example"})
        assert ok.status_code == 200


def test_health_needs_no_token(with_token):
    assert with_token.get("/health").json() == {"status": "ok"}


def test_ingest_tool_refused_over_http_without_token_but_works_in_process(tmp_path, keyword_settings):
    settings = keyword_settings.model_copy(update={"mcp_ingest": True, "data_dir": tmp_path / "d"})
    server = build_server(settings, Assistant(settings))

    async def in_process():
        async with Client(server) as client:
            return (await client.call_tool("ingest_document", DOC)).structured_content

    assert asyncio.run(in_process())["status"] == "indexed"
    with TestClient(http_app(server, settings), client=LOCAL) as http:
        headers = {"Accept": "application/json, text/event-stream"}
        first = http.post("/mcp", json=MCP_INIT, headers=headers)
        assert first.status_code == 200, first.text
        session = {**headers, "mcp-session-id": first.headers.get("mcp-session-id", "")}
        http.post("/mcp", json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=session)
        call = {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "ingest_document", "arguments": DOC | {"title": "Xe 2"}},
        }
        out = http.post("/mcp", json=call, headers=session)
        assert "QUYCHE_MCP_TOKEN" in out.text
