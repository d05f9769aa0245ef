"""One warm process per server: the embedder, the query model and the index objects are built once and shared
by every request thread (issue #20: ``/retrieve`` used to load the model again for every new query)."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import httpx
import pytest
from fastmcp import Client

from agent.assistant import Assistant
from indexes.pipeline.ingest import index_folder
from indexes.search import e5_numpy, e5_onnx, embedder, retrieval
from indexes.settings import Settings
from indexes.store import published_index
from tests.conftest import CORPUS, TODAY
from tools.context import SharedIndexes, ToolContext
from ui.mcp_server import build_server

QUERIES = [
    "Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?",
    "Lãi suất cho vay nhân viên là bao nhiêu?",
    "Nghỉ kết hôn được mấy ngày?",
    "công tác phí phòng nghỉ",
    "How many days of annual leave do I get?",
    "thời gian thử việc kỹ sư",
]


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> Counter:
    """Counts constructions of the expensive objects (the real classes still run)."""
    counts: Counter = Counter()
    for module, name in [
        (embedder, "Embedder"),
        (e5_numpy, "NumpyE5"),
        (e5_onnx, "OnnxE5"),
        (retrieval, "Retriever"),
        (published_index, "IndexStore"),
    ]:
        cls = getattr(module, name)
        original = cls.__init__

        def counting(self, *args, __original=original, __name=name, **kwargs):
            counts[__name] += 1
            __original(self, *args, **kwargs)

        monkeypatch.setattr(cls, "__init__", counting)
    return counts


def test_server_builds_embedder_and_indexes_once_for_many_requests(corpus_settings, built):
    assistant = Assistant(corpus_settings, today=TODAY)
    assistant.indexes.current()
    assistant.embedder.cache_queries = False  # every query is new: the model itself must answer each
    server = build_server(corpus_settings, assistant)

    async def scenario() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=server.http_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            requests = [
                http.post("/retrieve", json={"query": q, "mode": mode, "top_k": 3})
                for q in QUERIES
                for mode in ("hybrid", "vector", "bm25", "tree")
            ]
            responses = await asyncio.gather(*requests)  # concurrent: they run in worker threads
        async with Client(server) as client:
            found = await client.call_tool("search", {"query": "làm thêm giờ ngày lễ"})
            asked = await client.call_tool("ask", {"question": "Nghỉ phép năm được bao nhiêu ngày?"})
        assert found.structured_content["hits"] and asked.structured_content["citations"]
        return responses

    responses = asyncio.run(scenario())
    assert [r.status_code for r in responses] == [200] * len(responses)
    assert all(r.json()["hits"] for r in responses)
    assert built == Counter(Embedder=1, OnnxE5=1, Retriever=1, IndexStore=1)  # onnx, the default engine
    assert assistant.embedder._model is None  # queries never load sentence-transformers (torch)


def test_a_newly_published_build_is_loaded_once_at_the_next_request(tmp_path: Path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in ("noi_quy_lao_dong.md", "glossary.yaml"):
        (corpus / name).write_bytes((CORPUS / name).read_bytes())
    settings = Settings(_env_file=None, llm_provider="offline", data_dir=tmp_path / "data", vectors=False)
    index_folder(settings, corpus)
    shared = SharedIndexes(settings)
    first = ToolContext(settings, indexes=shared).loaded
    assert ToolContext(settings, tenant="acme", indexes=shared).loaded is first
    assert shared.loads == 1

    page = corpus / "noi_quy_lao_dong.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n\n## Điều 99. Nghỉ trưa\n\nNghỉ trưa 60 phút.\n")
    index_folder(settings, corpus)
    second = ToolContext(settings, indexes=shared).loaded
    assert second is not first and second.dir == settings.index_dir.resolve()
    assert ToolContext(settings, indexes=shared).loaded is second and shared.loads == 2
    assert any("Nghỉ trưa" in n.title for n in second.store.nodes.values())
