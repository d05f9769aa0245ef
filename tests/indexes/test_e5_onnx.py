"""Query embeddings on onnxruntime: the ONNX graph equals the numpy forward pass, and numpy takes over on failure."""

from __future__ import annotations

import inspect
import logging
import os
import sys
from pathlib import Path

import numpy as np
import pytest
from pydantic import ValidationError

from evals.golden import load_golden
from indexes.search.e5_model import ensure_e5_model_dir
from indexes.search.e5_numpy import NumpyE5
from indexes.search.e5_onnx import OnnxE5, ensure_onnx_graph, graph_path
from indexes.search.embedder import Embedder, EmbeddingCache, _load_query_model
from indexes.search.retrieval import Retriever
from indexes.settings import Settings
from indexes.store.published_index import IndexStore

MIN_COSINE = 0.9999
QUESTIONS = [
    "Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?",
    "nghi khong phep may ngay thi bi duoi viec",  # Vietnamese without diacritics
    "Nhân viên thử việc có được nghỉ phép năm không?",
    "What is the interest rate on staff loans?",
    "How many days of annual leave do I get after five years?",
    "Công tác phí đi Hà Nội được thanh toán bao nhiêu một ngày và cần những chứng từ gì để hoàn ứng?",
    "leave",
]


@pytest.fixture(scope="module")
def folder(corpus_settings) -> Path:
    return ensure_e5_model_dir(corpus_settings.model_cache_dir)


@pytest.fixture(scope="module")
def numpy_e5(folder) -> NumpyE5:
    return NumpyE5(folder)


@pytest.fixture(scope="module")
def onnx_e5(folder) -> OnnxE5:
    return OnnxE5(folder)


def test_fp32_query_vectors_equal_numpy(numpy_e5, onnx_e5):
    long_text = " ".join(QUESTIONS) * 30  # past 512 tokens: both truncate the same way
    texts = [*QUESTIONS, long_text]
    ours, reference = onnx_e5.encode_query(texts), numpy_e5.encode_query(texts)
    cosines = (ours * reference).sum(axis=1)
    assert cosines.min() > MIN_COSINE, cosines
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    assert (ours[:-1] @ ours[:-1].T)[~np.eye(len(QUESTIONS), dtype=bool)].max() < 0.99  # distinct questions


def test_padded_batches_equal_numpy(numpy_e5, onnx_e5):
    """Passages of mixed length in one batch: the attention mask must hide the padding."""
    texts = [q * (i + 1) for i, q in enumerate(QUESTIONS)]
    ours, reference = (
        onnx_e5.encode_document(texts, batch_size=4),
        numpy_e5.encode_document(texts, batch_size=1),
    )
    assert (ours * reference).sum(axis=1).min() > MIN_COSINE


def test_int8_vectors_are_close(folder, numpy_e5):
    int8 = OnnxE5(folder, "int8")
    cosines = (int8.encode_query(QUESTIONS) * numpy_e5.encode_query(QUESTIONS)).sum(axis=1)
    assert cosines.min() > 0.99, cosines
    # int8 matrices, but the feed-forward output products stay fp32 (see e5_onnx._keeps_fp32): ~0.51 of fp32
    assert graph_path(folder, "int8").stat().st_size < 0.6 * graph_path(folder, "fp32").stat().st_size


def test_graph_is_built_once_and_leaves_no_temporary_file(folder, onnx_e5, monkeypatch):
    path = ensure_onnx_graph(folder)
    assert path == graph_path(folder) and path.is_file()
    monkeypatch.setattr("indexes.search.e5_onnx.build_graph", lambda _folder: pytest.fail("rebuilt"))
    assert ensure_onnx_graph(folder) == path
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".")]


def test_vector_and_hybrid_hits_equal_numpy(corpus_settings):
    store = IndexStore(corpus_settings.index_dir)
    questions = [item.question for item in load_golden()][::9]
    by_engine = {}
    for engine in ("numpy", "onnx"):
        retriever = Retriever(
            corpus_settings,
            store,
            Embedder(
                corpus_settings.cache_dir,
                cache_queries=False,
                query_engine=engine,
                models_dir=corpus_settings.model_cache_dir,
            ),
        )
        by_engine[engine] = [
            [h.chunk_id for h in retriever.search(q, k=10, mode=mode)]
            for q in questions
            for mode in ("vector", "hybrid")
        ]
    assert by_engine["onnx"] == by_engine["numpy"]


def test_missing_onnxruntime_falls_back_to_numpy(folder, monkeypatch, caplog):
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # import onnxruntime -> ImportError
    with caplog.at_level(logging.WARNING, logger="indexes.search.embedder"):
        model = _load_query_model(folder, "onnx")
    assert isinstance(model, NumpyE5)
    assert "using numpy" in caplog.text
    assert model.encode_query(QUESTIONS[:1]).shape == (1, 384)


def test_unreadable_graph_falls_back_to_numpy(folder, tmp_path, caplog):
    """A damaged cached graph: onnxruntime refuses it, numpy answers, nothing crashes."""
    copy = tmp_path / folder.name
    copy.mkdir()
    for item in folder.iterdir():
        if item.name != "onnx":
            (copy / item.name).symlink_to(item)
    graph_path(copy).parent.mkdir()
    graph_path(copy).write_bytes(b"not an onnx graph")
    with caplog.at_level(logging.WARNING, logger="indexes.search.embedder"):
        model = _load_query_model(copy, "onnx")
    assert isinstance(model, NumpyE5)
    assert "onnxruntime query engine unavailable" in caplog.text


def test_int8_query_vectors_are_cached_apart(corpus_settings, tmp_path):
    """An approximate int8 vector must never be served to an exact engine, nor the other way round."""
    cache_dir = tmp_path / "cache"
    cache_dir.mkdir()
    (cache_dir / "models").symlink_to(corpus_settings.model_cache_dir)
    planted = np.full(384, 1 / np.sqrt(384), np.float32)
    EmbeddingCache(cache_dir / "embeddings.sqlite").put_many(
        {EmbeddingCache.key("query: " + QUESTIONS[0]): planted}
    )
    assert np.array_equal(Embedder(cache_dir, query_engine="onnx").embed_query(QUESTIONS[0]), planted)
    assert not np.array_equal(
        Embedder(cache_dir, query_engine="onnx-int8").embed_query(QUESTIONS[0]), planted
    )


def test_settings_query_engine(make_settings):
    assert make_settings().query_engine == "onnx"
    assert (
        inspect.signature(Embedder).parameters["query_engine"].default == "onnx"
    )  # the embedder's own default follows the settings
    for engine in ("onnx-int8", "numpy", "torch"):
        assert make_settings(query_engine=engine).query_engine == engine
    with pytest.raises(ValidationError):
        make_settings(query_engine="tensorrt")


def test_settings_query_engine_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("QUYCHE_QUERY_ENGINE", "numpy")
    assert Settings(_env_file=None, data_dir=tmp_path).query_engine == "numpy"


def test_a_killed_build_is_swept_by_the_next_build(folder, onnx_e5):
    leftover = graph_path(folder).parent / ".e5-v1-fp32.crashed.tmp"
    leftover.write_bytes(b"half a graph")
    os.utime(leftover, (0, 0))  # long ago
    graph_path(folder, "int8").unlink(missing_ok=True)
    ensure_onnx_graph(folder, "int8")
    assert not leftover.exists()
