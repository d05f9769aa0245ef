"""Tenants: a secret only in tenant A's document never reaches tenant B through any way in; a tenant's own rule
comes before the law; a tenant with nothing relevant is answered from the global scope."""

from __future__ import annotations

import asyncio
import json
import shutil

import pytest
from fastmcp import Client
from starlette.testclient import TestClient
from streamlit.testing.v1 import AppTest

from agent.assistant import Assistant
from indexes.pipeline.ingest import index_folder, ingest
from indexes.settings import Settings
from indexes.sources.combined_json import json_documents
from tests.conftest import CORPUS, REPO, TODAY
from tools.context import ToolContext
from tools.registry import run_tool
from ui.mcp_server import build_server

SECRET = "HOASEN4729"
ACME_DOC = f"""# Quy định nội bộ ACME

## Điều 99. Kho lưu trữ hồ sơ

Mã mở kho lưu trữ hồ sơ nhân sự là {SECRET}; chỉ phòng Nhân sự được biết.

## Điều 100. Hỗ trợ tập gym

Nhân viên ACME được hỗ trợ 700.000 đồng mỗi tháng tiền tập gym.
"""
BETA_DOC = """# Chính sách nghỉ phép của Beta

## Điều 1. Nghỉ phép năm

Nhân viên Beta được nghỉ phép năm 15 ngày làm việc mỗi năm, nhiều hơn mức tối thiểu của luật.
"""
TOKENS = {"token-acme": "acme", "token-beta": "beta", "token-gamma": "gamma"}

pytestmark = pytest.mark.slow  # every test here shares a two-tenant index built with vectors


@pytest.fixture(scope="module")
def tenant_settings(tmp_path_factory, corpus_settings) -> Settings:
    """The bundled corpus as global, plus one document each for tenants acme and beta (vectors on)."""
    data = tmp_path_factory.mktemp("tenants")
    (data / "cache").mkdir()
    shutil.copy(corpus_settings.cache_dir / "embeddings.sqlite", data / "cache" / "embeddings.sqlite")
    settings = Settings(
        _env_file=None, llm_provider="offline", data_dir=data, corpus_dir=CORPUS, mcp_tokens=TOKENS
    )
    index_folder(settings)
    for tenant, body, title in (
        ("acme", ACME_DOC, "Quy định nội bộ ACME"),
        ("beta", BETA_DOC, "Nghỉ phép Beta"),
    ):
        docs, _ = json_documents([{"body": body, "title": title}], "t", tenant, settings.max_file_bytes)
        assert ingest(settings, docs).results[0].status == "indexed"
    return settings


def _ctx(settings: Settings, tenant: str, shared_embedder) -> ToolContext:
    return ToolContext(settings, tenant=tenant, today=TODAY, embedder=shared_embedder)


ATTEMPTS = [
    ("navigate_tree", {}),
    ("navigate_tree", {"doc_id": "quy_dinh_noi_bo_acme"}),
    ("expand_node", {"node_id": "quy_dinh_noi_bo_acme:dieu-99"}),
    ("lookup_rules", {"query": "mã mở kho lưu trữ hồ sơ gym"}),
    ("search", {"query": "mã mở kho lưu trữ hồ sơ nhân sự"}),
    ("search", {"query": "hỗ trợ tập gym mỗi tháng bao nhiêu", "mode": "keyword"}),
    ("search", {"query": "kho lưu trữ hồ sơ nhân sự", "mode": "vector"}),
    ("lookup_article", {"ref": "Điều 99"}),
    ("lookup_article", {"ref": "Điều 99", "doc_id": "quy_dinh_noi_bo_acme"}),
    ("calculate_leave", {"probation_start": "2026-01-05"}),
]


@pytest.mark.parametrize(("tool", "args"), ATTEMPTS)
def test_no_tool_leaks_tenant_a_to_tenant_b(tenant_settings, shared_embedder, tool, args):
    result = run_tool(_ctx(tenant_settings, "beta", shared_embedder), tool, args).result_json()
    dumped = json.dumps(result, ensure_ascii=False)
    assert SECRET not in dumped and "700.000" not in dumped and "Kho lưu trữ" not in dumped


def test_tenant_a_finds_its_own_secret(tenant_settings, shared_embedder):
    result = run_tool(
        _ctx(tenant_settings, "acme", shared_embedder), "search", {"query": "mã mở kho lưu trữ hồ sơ"}
    )
    assert SECRET in json.dumps(result.result_json(), ensure_ascii=False)
    assert result.result_json()["hits"][0]["scope"] == "acme"


def test_company_rule_comes_before_the_law_and_global_fills(tenant_settings, shared_embedder):
    question = "Nghỉ phép năm được bao nhiêu ngày?"
    beta = run_tool(
        _ctx(tenant_settings, "beta", shared_embedder), "search", {"query": question, "k": 5}
    ).result_json()
    scopes = [h["scope"] for h in beta["hits"]]
    assert scopes[0] == "beta" and "global" in scopes  # the company's rule first, the shared rules after
    vector = run_tool(
        _ctx(tenant_settings, "beta", shared_embedder),
        "search",
        {"query": question, "k": 5, "mode": "vector"},
    ).result_json()
    assert {h["scope"] for h in vector["hits"]} == {"beta", "global"}
    gamma = run_tool(
        _ctx(tenant_settings, "gamma", shared_embedder), "search", {"query": question}
    ).result_json()
    assert gamma["hits"] and {h["scope"] for h in gamma["hits"]} == {"global"}


def test_ask_answers_from_the_right_scope(tenant_settings, shared_embedder):
    assistant = Assistant(tenant_settings, today=TODAY, embedder=shared_embedder)
    leaked = assistant.ask("Mã mở kho lưu trữ hồ sơ nhân sự là gì?", tenant="beta")
    assert SECRET not in leaked.answer and all(c.doc_id != "quy_dinh_noi_bo_acme" for c in leaked.citations)
    own = assistant.ask("Mã mở kho lưu trữ hồ sơ nhân sự là gì?", tenant="acme")
    assert SECRET in own.answer and own.citations[0].doc_id == "quy_dinh_noi_bo_acme"
    fallback = assistant.ask("Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?", tenant="gamma")
    assert not fallback.refused and fallback.citations[0].doc_id == "noi_quy_lao_dong"


def test_http_routes_take_the_tenant_from_the_token(tenant_settings, shared_embedder):
    server = build_server(tenant_settings, Assistant(tenant_settings, today=TODAY, embedder=shared_embedder))
    with TestClient(server.http_app()) as http:
        body = {"query": "mã mở kho lưu trữ hồ sơ nhân sự", "top_k": 10}
        as_beta = http.post("/retrieve", json=body, headers={"Authorization": "Bearer token-beta"})
        as_acme = http.post("/retrieve", json=body, headers={"Authorization": "Bearer token-acme"})
        assert as_beta.status_code == as_acme.status_code == 200
        assert "quy_dinh_noi_bo_acme" not in as_beta.text and "quy_dinh_noi_bo_acme" in as_acme.text
        tree = http.post(
            "/retrieve", json={**body, "mode": "tree"}, headers={"Authorization": "Bearer token-beta"}
        )
        assert tree.status_code == 200 and "quy_dinh_noi_bo_acme" not in tree.text
        assert http.post("/retrieve", json=body, headers={"Authorization": "Bearer sai"}).status_code == 401


def test_mcp_resources_and_tools_are_scoped(tenant_settings, shared_embedder):
    beta = tenant_settings.model_copy(update={"tenant": "beta"})
    server = build_server(beta, Assistant(beta, today=TODAY, embedder=shared_embedder), tokens={})

    async def scenario():
        async with Client(server) as client:
            docs = await client.read_resource("quyche://documents")
            assert "quy_dinh_noi_bo_acme" not in docs[0].text and "nghi_phep_beta" in docs[0].text
            with pytest.raises(Exception, match="no document"):
                await client.read_resource("quyche://tree/quy_dinh_noi_bo_acme")
            found = await client.call_tool("search", {"query": "mã mở kho lưu trữ hồ sơ"})
            assert SECRET not in json.dumps(found.structured_content, ensure_ascii=False)

    asyncio.run(scenario())


@pytest.mark.slow
def test_streamlit_tenant_selector_scopes_the_chat(tenant_settings, monkeypatch):
    monkeypatch.setenv("QUYCHE_DATA_DIR", str(tenant_settings.data_dir))
    monkeypatch.setenv("QUYCHE_LLM_PROVIDER", "offline")
    at = AppTest.from_file(str(REPO / "ui" / "streamlit_app.py"), default_timeout=240).run()
    assert not at.exception
    at.selectbox(key="tenant").set_value("beta").run()
    sidebar = "\n".join(m.value for m in at.sidebar.markdown)
    assert "Nghỉ phép Beta" in sidebar and "ACME" not in sidebar
    at.chat_input[0].set_value("Mã mở kho lưu trữ hồ sơ nhân sự là gì?").run()
    assert not at.exception
    answer = "\n".join(m.value for m in at.main.markdown if SECRET not in m.value or "Mã mở" in m.value)
    assert all(SECRET not in m.value for m in at.chat_message[1].markdown), answer
