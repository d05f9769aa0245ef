"""Query embeddings without torch: the numpy forward pass equals the sentence-transformers model (real weights)."""

from __future__ import annotations

import numpy as np
import pytest

from evals.golden import load_golden
from indexes.search.e5_model import ensure_e5_model_dir
from indexes.search.e5_numpy import NumpyE5
from indexes.search.embedder import Embedder, EmbeddingCache
from indexes.search.retrieval import Retriever
from indexes.store.published_index import IndexStore

MIN_COSINE = 0.999


@pytest.fixture(scope="module")
def numpy_e5(corpus_settings) -> NumpyE5:
    return NumpyE5(ensure_e5_model_dir(corpus_settings.cache_dir / "models"))


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
        embedder = Embedder(corpus_settings.cache_dir, cache_queries=False, query_engine=engine)
        retriever = Retriever(corpus_settings, store, embedder)
        by_engine[engine] = [
            [h.chunk_id for h in retriever.search(q, k=5, mode="vector")] for q in golden_questions
        ]
    assert by_engine["numpy"] == by_engine["torch"]
