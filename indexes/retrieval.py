"""Search over the published index: keyword (BM25), vector (Chroma) and hybrid (RRF of the two).

Tenant isolation happens inside each index query (BM25 mask, Chroma ``where``): a tenant sees its own
documents plus the global scope, never another tenant's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from indexes.bm25_index import BM25Index
from indexes.chunking import Chunk
from indexes.errors import QuycheError
from indexes.fusion import rrf
from indexes.glossary import Glossary
from indexes.query_terms import EnhancedQuery, enhance
from indexes.settings import Settings
from indexes.store import IndexStore
from indexes.text import fold, has_diacritics, topic_words

SearchMode = Literal["hybrid", "vector", "keyword"]
GLOBAL = "global"


@dataclass(frozen=True)
class Hit:
    chunk_id: str
    doc_id: str
    node_id: str
    title: str
    title_path: list[str]
    line_start: int
    line_end: int
    text: str
    score: float
    scope: str  # the tenant the document belongs to ("global" for shared documents)
    ranks: dict[str, int]  # rank in each retriever that found it (1-based)
    vector_score: float | None = None  # cosine similarity to the question, when the vector retriever found it


def visible_tenants(tenant: str) -> tuple[str, ...]:
    return (tenant,) if tenant == GLOBAL else (tenant, GLOBAL)


class Retriever:
    def __init__(self, settings: Settings, store: IndexStore, embedder=None) -> None:
        self.settings = settings
        self.store = store
        self._embedder = embedder

    @cached_property
    def chunks(self) -> dict[str, Chunk]:
        out: dict[str, Chunk] = {}
        for doc_id in self.store.documents:
            data = json.loads((self.store.dir / "chunks" / f"{doc_id}.json").read_text(encoding="utf-8"))
            out.update((c["chunk_id"], Chunk(**c)) for c in data)
        return out

    @cached_property
    def glossary(self) -> Glossary:
        data = self.store.manifest.get("glossary") or {}
        return Glossary(data.get("abbreviations", {}), data.get("english", {}), data.get("synonyms", {}))

    @cached_property
    def bm25(self) -> BM25Index:
        return BM25Index(self.store.dir)

    @cached_property
    def embedder(self):
        if self._embedder is None:
            from indexes.embedder import Embedder

            self._embedder = Embedder(self.settings.cache_dir)
        return self._embedder

    @cached_property
    def _chroma(self):
        from indexes.vector_store import open_client

        return open_client(self.settings)

    def enhance(self, query: str) -> EnhancedQuery:
        return enhance(query, self.glossary)

    def unknown_terms(self, query: str) -> list[str]:
        """Topic words of the query that appear nowhere in the indexed documents (a sign of an absent topic)."""
        accented = has_diacritics(query)
        explained = {fold(w) for term in self.glossary.matched_terms(query) for w in topic_words(term, False)}
        return [
            w
            for w in dict.fromkeys(topic_words(query, accented))
            if not self.bm25.knows(w) and fold(w) not in explained
        ]

    def keyword(self, query: EnhancedQuery, k: int, tenant: str) -> list[tuple[str, float]]:
        return [(h.chunk_id, h.score) for h in self.bm25.search(query.expanded, k, visible_tenants(tenant))]

    def vector(self, query: EnhancedQuery, k: int, tenant: str) -> list[tuple[str, float]]:
        from indexes.vector_store import collection_name, query_collection

        if not self.store.manifest.get("vectors", False):
            raise QuycheError("the vector index was not built (QUYCHE_VECTORS=false); use mode 'keyword'")
        vector = self.embedder.embed_query(query.expanded)
        k = min(k, len(self.chunks)) or 1
        hits = query_collection(
            self._chroma, collection_name(self.store.build_id), vector, k, visible_tenants(tenant)
        )
        return [(h.chunk_id, h.score) for h in hits]

    def search(self, query: str, k: int = 5, mode: SearchMode = "hybrid", tenant: str = GLOBAL) -> list[Hit]:
        enhanced = self.enhance(query)
        pool = max(k, self.settings.candidate_pool)
        cosines: dict[str, float] = {}
        if mode == "keyword":
            ranked = self.keyword(enhanced, k, tenant)
            runs = {"keyword": [cid for cid, _ in ranked]}
        elif mode == "vector":
            ranked = self.vector(enhanced, k, tenant)
            cosines = dict(ranked)
            runs = {"vector": [cid for cid, _ in ranked]}
        elif mode == "hybrid":
            runs = {"keyword": [c for c, _ in self.keyword(enhanced, pool, tenant)]}
            if self.store.manifest.get("vectors", False):
                vector_hits = self.vector(enhanced, pool, tenant)
                cosines = dict(vector_hits)
                runs["vector"] = [c for c, _ in vector_hits]
            ranked = rrf(list(runs.values()), self.settings.rrf_k)[:k]
        else:
            raise ValueError(f"unknown search mode {mode!r}; choose hybrid, vector or keyword")
        return [self._hit(cid, score, runs, cosines.get(cid)) for cid, score in ranked[:k]]

    def _hit(self, chunk_id: str, score: float, runs: dict[str, list[str]], cosine: float | None) -> Hit:
        c = self.chunks[chunk_id]
        ranks = {name: ids.index(chunk_id) + 1 for name, ids in runs.items() if chunk_id in ids}
        return Hit(
            chunk_id=c.chunk_id,
            doc_id=c.doc_id,
            node_id=c.node_id,
            title=c.title,
            title_path=c.title_path,
            line_start=c.line_start,
            line_end=c.line_end,
            text=c.text,
            score=round(float(score), 6),
            scope=c.tenant,
            ranks=ranks,
            vector_score=round(cosine, 4) if cosine is not None else None,
        )
