"""Query embeddings without torch: the numpy forward pass equals the sentence-transformers model (real weights)."""

from __future__ import annotations

import numpy as np
import pytest

from evals.golden import load_golden
from indexes.search.e5_model import ensure_e5_model_dir
from indexes.search.e5_numpy import NumpyE5, _gelu, _layer_norm
from indexes.search.embedder import Embedder, EmbeddingCache
from indexes.search.retrieval import Retriever
from indexes.store.published_index import IndexStore

MIN_COSINE = 0.999


@pytest.fixture(scope="module")
def numpy_e5(corpus_settings) -> NumpyE5:
    return NumpyE5(ensure_e5_model_dir(corpus_settings.model_cache_dir))


@pytest.fixture(scope="module")
def golden_questions() -> list[str]:
    """A handful of golden questions: Vietnamese, without diacritics, English, short and long."""
    questions = [item.question for item in load_golden()]
    return questions[:: max(1, len(questions) // 10)][:10]


def test_passages_equal_the_vectors_stored_in_the_index(corpus_settings, numpy_e5):
    """The index was embedded by sentence-transformers at build time; numpy must give the same vectors."""
    chunks = list(Retriever(corpus_settings, IndexStore(corpus_settings.index_dir)).chunks.values())[:12]
    texts = [c.search_text() for c in chunks]
    cache = EmbeddingCache(corpus_settings.cache_dir / "embeddings.sqlite")
    keys = [EmbeddingCache.key("passage: " + t) for t in texts]
    stored = cache.get_many(keys)
    assert len(stored) == len(texts)
    ours = numpy_e5.encode_document(texts, batch_size=5)  # batches of mixed length: padding must not matter
    cosines = np.array([ours[i] @ stored[k] for i, k in enumerate(keys)])
    assert cosines.min() >= MIN_COSINE, cosines
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)


@pytest.mark.slow  # loads the sentence-transformers model (torch)
def test_golden_queries_equal_sentence_transformers(shared_embedder, numpy_e5, golden_questions):
    long_text = " ".join(golden_questions) * 20  # past 512 tokens: both truncate the same way
    texts = [*golden_questions, long_text]
    reference = shared_embedder.model.encode_query(texts, normalize_embeddings=True)
    ours = numpy_e5.encode_query(texts)
    cosines = (ours * reference).sum(axis=1)
    assert cosines.min() >= MIN_COSINE, cosines
    assert not np.allclose(ours[0], ours[1])  # different questions, different vectors


@pytest.mark.slow  # loads the sentence-transformers model (torch)
def test_vector_hits_are_the_same_with_either_query_engine(corpus_settings, golden_questions):
    store = IndexStore(corpus_settings.index_dir)
    by_engine = {}
    for engine in ("torch", "numpy"):
        embedder = Embedder(
            corpus_settings.cache_dir,
            cache_queries=False,
            query_engine=engine,
            models_dir=corpus_settings.model_cache_dir,
        )
        retriever = Retriever(corpus_settings, store, embedder)
        by_engine[engine] = [
            [h.chunk_id for h in retriever.search(q, k=5, mode="vector")] for q in golden_questions
        ]
    assert by_engine["numpy"] == by_engine["torch"]


def test_in_place_steps_equal_the_plain_expressions_bit_for_bit(numpy_e5):
    """GELU and layer norm work in place: no bit of a vector changes; query/key/value are one product, equal to the
    three to float32 rounding."""
    rng = np.random.default_rng(7)
    x = rng.standard_normal((2, 37, 1536), dtype=np.float32) * 3
    a = np.abs(x * np.float32(0.7071067811865476))
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    erf = np.sign(x) * (1.0 - poly * np.exp(-a * a))
    assert np.array_equal(_gelu(x), 0.5 * x * (1.0 + erf))

    h = x[..., :384]
    weight, bias = rng.standard_normal(384, dtype=np.float32), rng.standard_normal(384, dtype=np.float32)
    centred = h - h.mean(-1, keepdims=True)
    plain = centred / np.sqrt((centred * centred).mean(-1, keepdims=True) + 1e-12) * weight + bias
    assert np.array_equal(_layer_norm(h, weight, bias, 1e-12), plain)

    w = numpy_e5.weights
    fused = numpy_e5._linear(h, "encoder.layer.0.attention.self.qkv")  # noqa: SLF001
    for i in range(3):
        cut = slice(i * 384, (i + 1) * 384)
        part = h @ np.ascontiguousarray(w["encoder.layer.0.attention.self.qkv.weight"][:, cut])
        # BLAS may sum a wider product in another order (it does on some CPUs): equal to float32 rounding
        expected = part + w["encoder.layer.0.attention.self.qkv.bias"][cut]
        np.testing.assert_allclose(fused[..., cut], expected, rtol=1e-5, atol=1e-4)
        assert not np.array_equal(fused[..., cut], part)  # the bias is added
