"""``POST /documents`` over HTTP and the opt-in MCP tool ``ingest_document``; the tenant is the token's."""

from __future__ import annotations

import asyncio

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError
from starlette.testclient import TestClient

from agent.assistant import Assistant
from indexes.pipeline.ingest import open_store
from ui.mcp_server import build_server

TOKENS = {"tok-acme": "acme", "tok-beta": "beta"}
GYM = {
    "body": "# Hỗ trợ thể thao\n\nNhân viên được hỗ trợ 500.000 đồng/tháng tiền tập gym.",
    "title": "Thể thao",
}


@pytest.fixture
def http(make_settings):
    settings = make_settings(mcp_tokens=TOKENS, max_request_bytes=100_000)
    with TestClient(build_server(settings, Assistant(settings)).http_app()) as client:
        yield client, settings


def test_post_documents_indexes_a_batch_for_the_tokens_tenant(http):
    client, settings = http
    acme = {"Authorization": "Bearer tok-acme"}
    lines = (
        '{"body": "Làm việc từ xa tối đa 2 ngày mỗi tuần."}\n'
        + '{"body": "Đồng phục: áo trắng.", "title": "Đồng phục"}\n'
    )
    first = client.post("/documents", content=lines, headers=acme)
    assert first.status_code == 200, first.text
    results = first.json()["results"]
    assert [r["status"] for r in results] == ["indexed", "indexed"]
    assert results[0]["generatedTitle"] and results[0]["sourceUrl"] is None and results[0]["chunksCount"] >= 1
    assert set(results[0]) >= {
        "documentId",
        "title",
        "sourceUrl",
        "date",
        "chunksCount",
        "totalLength",
        "status",
    }
    again = client.post(
        "/documents", json=[GYM, GYM | {"date": "2000-01-01", "body": GYM["body"] + " Thêm."}], headers=acme
    )
    assert [r["status"] for r in again.json()["results"]] == ["indexed", "rejected_duplicate"]
    store = open_store(settings)
    assert {v.tenant for v in store.current_documents()} == {"acme"} and len(
        store.current_documents("acme")
    ) == 3


def test_post_documents_rejects_bad_input_clearly(http):
    client, settings = http
    acme = {"Authorization": "Bearer tok-acme"}
    assert client.post("/documents", json=GYM).status_code == 401
    assert client.post("/documents", json=GYM, headers={"Authorization": "Bearer sai"}).status_code == 401
    broken = client.post("/documents", content=b'{"body": ', headers=acme)
    assert broken.status_code == 400 and "invalid JSON" in broken.json()["message"]
    unknown = client.post("/documents", json={"body": "x", "tenant": "beta"}, headers=acme)
    assert unknown.status_code == 400 and "unknown field 'tenant'" in unknown.json()["results"][0]["message"]
    huge = client.post("/documents", content=b"x" * (settings.max_request_bytes + 1), headers=acme)
    assert huge.status_code == 413 and "too large" in huge.json()["message"]
    policy = client.post("/documents?replace=sometimes", json=GYM, headers=acme)
    assert policy.status_code == 400 and "replace" in policy.json()["message"]


def test_mcp_ingest_document_is_off_by_default_and_scoped_when_on(make_settings):
    off = build_server(make_settings(), Assistant(make_settings()))
    on_settings = make_settings(mcp_ingest=True, tenant="beta")
    on = build_server(on_settings, Assistant(on_settings))

    async def scenario():
        async with Client(off) as client:
            assert "ingest_document" not in {t.name for t in await client.list_tools()}
        async with Client(on) as client:
            result = await client.call_tool("ingest_document", GYM)
            assert result.structured_content["status"] == "indexed"
            found = await client.call_tool("search", {"query": "hỗ trợ tập gym"})
            assert found.structured_content["hits"][0]["scope"] == "beta"
            with pytest.raises(ToolError, match="replace"):
                await client.call_tool("ingest_document", GYM | {"replace": "sometimes"})

    asyncio.run(scenario())
