"""Vectors in Chroma (embedded and a real `chroma run` server), hybrid search, incremental re-indexing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from indexes.pipeline.ingest import index_folder
from indexes.search.retrieval import Retriever
from indexes.settings import Settings
from indexes.store.published_index import IndexStore
from tests.conftest import CORPUS, free_port, wait_for_port


def test_leave_question_is_closer_to_the_leave_rule_than_to_working_hours(shared_embedder):
    q = shared_embedder.embed_query("Tôi được nghỉ phép năm bao nhiêu ngày?")
    leave, hours = shared_embedder.embed_documents(
        [
            "Người lao động được nghỉ hằng năm 12 ngày làm việc, hưởng nguyên lương.",
            "Thời giờ làm việc buổi sáng từ 8 giờ 30 đến 12 giờ.",
        ]
    )
    assert float(q @ leave) > float(q @ hours)


def test_vector_search_understands_paraphrases(corpus_settings, shared_embedder):
    retriever = Retriever(corpus_settings, IndexStore(corpus_settings.index_dir), shared_embedder)
    hits = retriever.search("mấy giờ phải có mặt ở công ty buổi sáng", k=3, mode="vector")
    assert "noi_quy_lao_dong:dieu-3" in [h.node_id for h in hits]
    assert all(0 < h.vector_score <= 1 for h in hits)


def test_keyword_search_finds_unaccented_queries(corpus_settings, shared_embedder):
    retriever = Retriever(corpus_settings, IndexStore(corpus_settings.index_dir), shared_embedder)
    hits = retriever.search("ban than ket hon duoc nghi may ngay", k=3, mode="keyword")
    assert "noi_quy_lao_dong:dieu-10" in [h.node_id for h in hits]
    assert hits[0].ranks == {"keyword": 1} and hits[0].vector_score is None


@pytest.mark.slow  # builds its own index or spawns CLI processes
def test_incremental_add_change_delete(tmp_path, shared_embedder):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in ("noi_quy_lao_dong.md", "quy_che_cho_vay.md", "glossary.yaml"):
        shutil.copy(CORPUS / name, corpus)
    settings = Settings(_env_file=None, data_dir=tmp_path / "data", corpus_dir=corpus, llm_provider="offline")
    first = index_folder(settings)
    assert first.published and sorted(first.added) == ["noi_quy_lao_dong", "quy_che_cho_vay"]
    assert first.chunks > 0 and first.rules > 0

    again = index_folder(settings)
    assert not again.published and again.build_id == first.build_id and again.seconds < first.seconds

    (corpus / "quy_che_cho_vay.md").unlink()
    shutil.copy(CORPUS / "quy_che_du_lich.md", corpus)
    path = corpus / "noi_quy_lao_dong.md"
    path.write_text(path.read_text(encoding="utf-8").replace("8h40", "8h45"), encoding="utf-8")
    third = index_folder(settings)
    assert third.added == ["quy_che_du_lich"] and third.changed == ["noi_quy_lao_dong"]
    assert third.removed == ["quy_che_cho_vay"]
    store = IndexStore(settings.index_dir)
    retriever = Retriever(settings, store, shared_embedder)
    for mode in ("keyword", "vector", "hybrid"):
        hits = retriever.search("mức cho vay tối đa", k=10, mode=mode)
        assert all(h.doc_id != "quy_che_cho_vay" for h in hits), mode
    late = retriever.search("đi muộn sau mấy giờ", k=3, mode="keyword")
    assert "8h45" in " ".join(h.text for h in late)
    # only the published build's collection remains in Chroma
    from indexes.search.vector_store import open_client

    names = [c if isinstance(c, str) else c.name for c in open_client(settings).list_collections()]
    assert names == [f"quyche-{store.build_id}"]


@pytest.mark.slow
def test_chroma_server_answers_like_the_embedded_store(corpus_settings, shared_embedder, tmp_path):
    chroma = Path(sys.executable).with_name("chroma")
    port = free_port()
    proc = subprocess.Popen(
        [str(chroma), "run", "--path", str(tmp_path / "server"), "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "ANONYMIZED_TELEMETRY": "False"},
    )
    try:
        wait_for_port(port, proc, seconds=60)
        remote = corpus_settings.model_copy(
            update={"data_dir": tmp_path / "data", "chroma_host": "127.0.0.1", "chroma_port": port}
        )
        shutil.copytree(corpus_settings.cache_dir, remote.cache_dir)  # embeddings cached: no re-embedding
        index_folder(remote)
        question = "Công ty hỗ trợ du lịch bao nhiêu?"
        local = Retriever(corpus_settings, IndexStore(corpus_settings.index_dir), shared_embedder)
        served = Retriever(remote, IndexStore(remote.index_dir), shared_embedder)
        local_ids = [h.node_id for h in local.search(question, k=5, mode="vector")]
        served_ids = [h.node_id for h in served.search(question, k=5, mode="vector")]
        assert served_ids == local_ids and "quy_che_du_lich:dieu-4" in served_ids
        assert not (remote.data_dir / "chroma").exists()  # the vectors live in the server
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_the_model_folder_defaults_to_the_data_folder_and_can_be_shared(tmp_path, monkeypatch):
    """QUYCHE_MODELS_DIR lets many data folders share one converted model; without it each keeps its own."""
    monkeypatch.delenv("QUYCHE_MODELS_DIR", raising=False)
    own = Settings(_env_file=None, data_dir=tmp_path / "a")
    assert own.model_cache_dir == tmp_path / "a" / "cache" / "models"
    monkeypatch.setenv("QUYCHE_MODELS_DIR", str(tmp_path / "shared"))
    assert Settings(_env_file=None, data_dir=tmp_path / "b").model_cache_dir == tmp_path / "shared"
    monkeypatch.setenv("QUYCHE_MODELS_DIR", "")  # empty: the default, not the working directory
    assert (
        Settings(_env_file=None, data_dir=tmp_path / "c").model_cache_dir
        == tmp_path / "c" / "cache" / "models"
    )
