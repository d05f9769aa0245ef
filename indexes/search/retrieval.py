"""Search over the published index: keyword (BM25), vector (Chroma) and hybrid (weighted RRF of the two).

Hits are sections (tree nodes), each cited by its best chunk (``fusion.fuse_scores``); a question that names
"Điều N" (and "khoản M") puts that article first (and cites the chunk holding that clause).

Tenant isolation happens inside each index query (BM25 mask, Chroma ``where``): a tenant sees its own
documents plus the global scope, never another tenant's; the two scopes are queried separately and fused.
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cached_property
from statistics import fmean
from typing import Literal

from pydantic import ConfigDict

from indexes.errors import QuycheError
from indexes.location import Location, Span
from indexes.search.chunk_bm25 import BM25Index
from indexes.search.chunking import Chunk
from indexes.search.contrasts import named
from indexes.search.diacritics import DiacriticRestorer
from indexes.search.fusion import best_per_group, contrast_penalty, fuse_scores, kind_bonus, rrf, title_bonus
from indexes.search.glossary import Glossary
from indexes.search.lexicon import default_lexicon, topic_spans
from indexes.search.query_terms import EnhancedQuery, article_number, enhance, query_language
from indexes.search.title_kinds import title_heads
from indexes.settings import Settings
from indexes.spans import split_units
from indexes.staff_groups import directory_of, job_named
from indexes.store.published_index import IndexStore
from indexes.text import fold, has_diacritics, topic_words

SearchMode = Literal["hybrid", "vector", "keyword"]
MIN_LANGUAGE_HITS = 5  # a language's passages among the vector hits needed to judge its cosines on their own
GLOBAL = "global"


class Hit(Location):
    """A chunk found by a retriever: its location (the chunk's character span), text and scores."""

    model_config = ConfigDict(frozen=True)

    chunk_id: str
    text: str
    score: float
    scope: str  # the tenant the document belongs to ("global" for shared documents)
    ranks: dict[str, int]  # rank in each retriever that found it (1-based)
    vector_score: float | None = None  # cosine similarity to the question, when the vector retriever found it


@dataclass(frozen=True)
class _Ranking:
    ranked: list[tuple[str, float]]  # chunk id, fused score, best first
    runs: dict[str, list[str]]  # each retriever's ranking
    cosines: dict[str, float]
    keyword_scores: dict[str, float]


@dataclass(frozen=True)
class _ByLanguage:
    """A Vietnamese question's vector and the vector of it with its English terms (for English passages)."""

    own: object
    english: object


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
    def _node_chunks(self) -> dict[str, list[str]]:
        """node id -> its chunk ids in text order."""
        out: dict[str, list[str]] = {}
        for cid, c in sorted(self.chunks.items(), key=lambda kv: kv[1].start):
            out.setdefault(c.node_id, []).append(cid)
        return out

    @cached_property
    def _articles(self) -> dict[str, str | None]:
        """node id -> the article number it is in ("12" for a node inside "Điều 12"), or None."""
        return {c.node_id: article_number(c.title_path) for c in self.chunks.values()}

    def _node(self, chunk_id: str) -> str:
        return self.chunks[chunk_id].node_id

    def _title(self, chunk_id: str) -> str:
        return self.chunks[chunk_id].title

    @cached_property
    def glossary(self) -> Glossary:
        return Glossary.from_dict(self.store.manifest.get("glossary"))

    @cached_property
    def bm25(self) -> BM25Index:
        return BM25Index(self.store.dir)

    @cached_property
    def embedder(self):
        if self._embedder is None:
            from indexes.search.embedder import Embedder

            self._embedder = Embedder(self.settings.cache_dir, models_dir=self.settings.model_cache_dir)
        return self._embedder

    @cached_property
    def _chroma(self):
        from indexes.search.vector_store import open_client

        return open_client(self.settings)

    @cached_property
    def restorer(self) -> DiacriticRestorer:
        vocabulary = [*self.glossary.vietnamese_terms(), *default_lexicon().vietnamese_terms()]
        return DiacriticRestorer.for_index((c.text for c in self.chunks.values()), vocabulary)

    def enhance(self, query: str, tenant: str = GLOBAL) -> EnhancedQuery:
        """The question's expansions and legal references; a Vietnamese question typed without accents also
        gets its diacritics restored from the indexed text (for the vector side and the lexicon's variants). A
        job the documents ``tenant`` may see place in a staff group adds that group ("dược sĩ đại học" → "L3 –
        Licensed Professional"): tables list groups by their code."""
        english = self.english_documents
        job = job_named(self.staff_directory(tenant), query, default_lexicon().role_wordings, topic_spans)
        named = {"staff_groups": (job.group,), "job_words": job.words} if job else {}
        if has_diacritics(query) or query_language(query) != "vi":
            return enhance(query, self.glossary, english_documents=english, **named)
        restored = self.restorer.restore(query)
        return enhance(query, self.glossary, restored=restored, english_documents=english, **named)

    @cached_property
    def _directories(self) -> dict[tuple[str, ...], list[str]]:
        return {}

    def staff_directory(self, tenant: str = GLOBAL) -> list[str]:
        """The staff-group directory (``directory_of``) of the documents ``tenant`` may see, read once."""
        scopes = visible_tenants(tenant)
        if scopes not in self._directories:
            units = [
                unit
                for doc_id, doc in self.store.documents.items()
                if doc.tenant in scopes
                for unit in split_units(self.store.source_text(doc_id) or "")
            ]
            self._directories[scopes] = directory_of(units)
        return self._directories[scopes]

    @cached_property
    def _chunk_languages(self) -> dict[str, str]:
        return {cid: query_language(c.text) for cid, c in self.chunks.items()}

    def _language(self, chunk_id: str) -> str:
        return self._chunk_languages.get(chunk_id, "vi")

    @cached_property
    def english_documents(self) -> bool:
        """Whether some indexed document is written in English (most of its chunks read as English): then a
        Vietnamese question is also searched with the lexicon's English terms, and its English passages are
        scored by the vector of the question with those terms."""
        english: dict[str, list[bool]] = {}
        for cid, chunk in self.chunks.items():
            english.setdefault(chunk.doc_id, []).append(self._chunk_languages[cid] == "en")
        return any(sum(flags) > len(flags) / 2 for flags in english.values())

    def unknown_terms(self, query: str, tenant: str = GLOBAL) -> list[str]:
        """Topic words of the query that appear in none of the documents ``tenant`` may see (a sign of an
        absent topic)."""
        return self._unknown_in(query, visible_tenants(tenant))

    def unknown_terms_by_scope(self, query: str, tenant: str = GLOBAL) -> dict[str, list[str]]:
        """For each scope ``tenant`` sees (its own, the shared global one), the query's topic words that none of
        that scope's documents has: whether the company's own rules name the topic, apart from the law's."""
        return {scope: self._unknown_in(query, (scope,)) for scope in visible_tenants(tenant)}

    def _unknown_in(self, query: str, tenants: tuple[str, ...]) -> list[str]:
        accented = has_diacritics(query)
        explained = {fold(w) for term in self.glossary.matched_terms(query) for w in topic_words(term, False)}
        return [
            w
            for w in dict.fromkeys(topic_words(query, accented))
            if not self.bm25.knows(w, tenants) and fold(w) not in explained
        ]

    def keyword(self, query: EnhancedQuery, k: int, scopes: tuple[str, ...]) -> list[tuple[str, float]]:
        return [(h.chunk_id, h.score) for h in self.bm25.search(query.keyword_text, k, scopes)]

    def _relevant(self, own: dict[str, float], shared: dict[str, float]) -> set[str]:
        """The tenant's keyword hits scoring at least ``tenant_relevance`` of the best keyword score among the
        hits (both scopes) in their language, when the shared scope has hits in it, else among all hits: an
        English passage's BM25 terms include the lexicon's Vietnamese ones, whose scores are not those of a
        Vietnamese passage."""
        best = max([*own.values(), *shared.values(), 0.0])
        by_language: dict[str, float] = {}
        for cid, score in [*own.items(), *shared.items()]:
            language = self._language(cid)
            by_language[language] = max(by_language.get(language, 0.0), score)
        shared_languages = {self._language(cid) for cid in shared}

        def bar(cid: str) -> float:
            language = self._language(cid)
            return by_language[language] if language in shared_languages else best

        return {cid for cid, score in own.items() if score >= self.settings.tenant_relevance * bar(cid)}

    def _query_vector(self, query: EnhancedQuery):
        """The question's vector; for a Vietnamese question over documents in English, also the vector of the
        question with its English terms, which scores the English passages (a pair)."""
        if not self.store.manifest.get("vectors", False):
            raise QuycheError("the vector index was not built (QUYCHE_VECTORS=false); use mode 'keyword'")
        vector = self.embedder.embed_query(query.vector_text)
        if query.english_vector_text is None:
            return vector
        return _ByLanguage(vector, self.embedder.embed_query(query.english_vector_text))

    @cached_property
    def _collection(self):
        from indexes.search.vector_store import collection_name, open_collection

        return open_collection(self._chroma, collection_name(self.store.build_id))

    def vector(self, vector, k: int, scopes: tuple[str, ...]) -> list[tuple[str, float]]:
        """Chroma's nearest chunks; with a pair of vectors, passages in English are scored by the English one and
        the others by the question's own."""
        from indexes.search.vector_store import query_collection

        k = min(k, len(self.chunks)) or 1
        if not isinstance(vector, _ByLanguage):
            return [(h.chunk_id, h.score) for h in query_collection(self._collection, vector, k, scopes)]
        own = query_collection(self._collection, vector.own, k, scopes)
        english = query_collection(self._collection, vector.english, k, scopes)
        hits = [(h.chunk_id, h.score) for h in own if self._language(h.chunk_id) != "en"]
        hits += [(h.chunk_id, h.score) for h in english if self._language(h.chunk_id) == "en"]
        return sorted(hits, key=lambda kv: -kv[1])[:k]

    def _ranked(
        self, enhanced: EnhancedQuery, vector, k: int, mode: SearchMode, scopes: tuple[str, ...]
    ) -> _Ranking:
        """One scope's ranking of sections (each by its best chunk id) with scores, each retriever's ranking,
        and cosines."""
        pool = max(k, self.settings.candidate_pool)
        fetch = pool * 3  # chunks, so that about ``pool`` distinct sections remain
        keyword_hits = self.keyword(enhanced, fetch, scopes) if mode != "vector" else []
        vector_hits = self.vector(vector, fetch, scopes) if vector is not None and mode != "keyword" else []
        cosines = dict(vector_hits)
        vector_hits = self._within_language(vector_hits)
        grouped = {
            name: best_per_group(hits, self._node)
            for name, hits in (("keyword", keyword_hits), ("vector", vector_hits))
            if hits or (name == "keyword" and mode != "vector")
        }
        runs = {name: [c for c, _ in ranked] for name, ranked in grouped.items()}
        if mode != "hybrid":
            ranked = grouped.get(mode, [])
        else:
            weights = self.settings.fusion_weights.get(enhanced.lang, {})
            scored = {"keyword": keyword_hits, "vector": vector_hits}
            ranked = fuse_scores(scored, weights, self._node, pool)
            ranked = title_bonus(ranked, self._title, enhanced.keyword_text, self.settings.title_bonus)
            heads = title_heads(enhanced.kinds)
            ranked = kind_bonus(ranked, self._title, heads, self.settings.title_kind_bonus)
            ranked = contrast_penalty(
                ranked, self._title, named(enhanced.text), self.settings.contrast_penalty
            )
        ranked = self._pin(enhanced, ranked, scopes)
        return _Ranking(ranked[:k], runs, cosines, dict(keyword_hits))

    def _within_language(self, hits: list[tuple[str, float]]) -> list[tuple[str, float]]:
        """Cosines of passages in two languages made comparable: a question's vector is nearer every passage in
        its own language than most in the other (multilingual e5), so over documents in both languages an
        English question ranked English passages first whatever they said, and a Vietnamese one Vietnamese
        passages. Each language's cosines are shifted so that their mean among the hits is the whole list's (a
        language with fewer than ``MIN_LANGUAGE_HITS`` of them stays), then re-sorted. One language: as is."""
        groups: dict[str, list[float]] = {}
        for cid, score in hits:
            groups.setdefault(self._language(cid), []).append(score)
        if len(groups) < 2:
            return hits
        pooled = [score for _, score in hits]
        offset = {
            lang: fmean(pooled) - fmean(scores if len(scores) >= MIN_LANGUAGE_HITS else pooled)
            for lang, scores in groups.items()
        }  # on the whole list's scale: still cosine-like
        shifted = [(cid, score + offset[self._language(cid)]) for cid, score in hits]
        return sorted(shifted, key=lambda kv: -kv[1])

    def _pin(
        self, enhanced: EnhancedQuery, ranked: list[tuple[str, float]], scopes: tuple[str, ...]
    ) -> list[tuple[str, float]]:
        """A question naming "Điều N" gets the sections of article N first: those the retrievers found, else
        (when neither did) every document's article N in these scopes. With "khoản M" the article's chunk
        that holds clause M is the citation."""
        wanted = {r.article: r.clause for r in enhanced.refs if r.article}
        if not wanted:
            return ranked
        front = [(c, s) for c, s in ranked if self._articles.get(self._node(c)) in wanted]
        if not front:
            nodes = [n for n, a in self._articles.items() if a in wanted]
            front = [
                (self._node_chunks[n][0], 0.0)
                for n in nodes
                if self.chunks[self._node_chunks[n][0]].tenant in scopes
            ]
        pinned = {c for c, _ in front}
        front = [(self._clause_chunk(c, wanted[self._articles[self._node(c)] or ""]), s) for c, s in front]
        return front + [(c, s) for c, s in ranked if c not in pinned]

    def _clause_chunk(self, chunk_id: str, clause: str | None) -> str:
        """The chunk of ``chunk_id``'s section whose text starts clause ``clause`` ("2. ..."), else itself."""
        if not clause:
            return chunk_id
        for cid in self._node_chunks[self._node(chunk_id)]:
            text = self.chunks[cid].text
            if text.startswith(f"{clause}.") or f"\n{clause}. " in text:
                return cid
        return chunk_id

    def search(self, query: str, k: int = 5, mode: SearchMode = "hybrid", tenant: str = GLOBAL) -> list[Hit]:
        """Top ``k`` chunks for ``query`` among the documents ``tenant`` may see.

        A tenant's own documents and the global scope are searched separately (in parallel) and fused by RRF,
        the tenant's hit first at equal rank; then the tenant's relevant hits (BM25 score at least
        ``tenant_relevance`` of the best one) move ahead of all global ones (the company rule before the law).
        When the tenant has fewer than ``min_tenant_results`` relevant hits, its other hits are dropped and
        global ones fill the list."""
        if mode not in ("keyword", "vector", "hybrid"):
            raise ValueError(f"unknown search mode {mode!r}; choose hybrid, vector or keyword")
        enhanced = self.enhance(query, tenant)
        vector = None
        if mode == "vector" or (mode == "hybrid" and self.store.manifest.get("vectors", False)):
            vector = self._query_vector(enhanced)
        if tenant == GLOBAL:
            run = self._ranked(enhanced, vector, k, mode, (GLOBAL,))
            return [self._hit(cid, score, run.runs, run.cosines.get(cid)) for cid, score in run.ranked[:k]]
        with ThreadPoolExecutor(max_workers=2) as workers:
            own_job = workers.submit(self._ranked, enhanced, vector, k, mode, (tenant,))
            shared_job = workers.submit(self._ranked, enhanced, vector, k, mode, (GLOBAL,))
            own, shared = own_job.result(), shared_job.result()
        pool = max(k, self.settings.candidate_pool)
        own_terms = own.keyword_scores if mode != "vector" else dict(self.keyword(enhanced, pool, (tenant,)))
        shared_terms = (
            shared.keyword_scores if mode != "vector" else dict(self.keyword(enhanced, pool, (GLOBAL,)))
        )
        relevant = self._relevant(own_terms, shared_terms)
        own_ids = [cid for cid, _ in own.ranked]
        if len([cid for cid in own_ids if cid in relevant]) < self.settings.min_tenant_results:
            own_ids = [cid for cid in own_ids if cid in relevant]  # too few: the rest is noise, global fills
        shared_ids = [cid for cid, _ in shared.ranked]
        first = set(own_ids)
        fused = sorted(
            rrf([own_ids, shared_ids], self.settings.rrf_k), key=lambda kv: (-kv[1], kv[0] not in first)
        )
        fused = self._company_first(enhanced, fused, first, relevant)
        runs = {name: own.runs.get(name, []) + shared.runs.get(name, []) for name in own.runs | shared.runs}
        cosines = own.cosines | shared.cosines
        return [self._hit(cid, score, runs, cosines.get(cid), scoped=True) for cid, score in fused[:k]]

    def _company_first(
        self,
        enhanced: EnhancedQuery,
        fused: list[tuple[str, float]],
        own: set[str],
        relevant: set[str],
    ) -> list[tuple[str, float]]:
        """The company's rule before the law: the tenant's relevant sections (a section counts when any of its
        chunks is relevant) lead, the rest follow in fused order; with the two scopes interleaved, national law
        crowded a company's answer out of a short evidence list. An article the question names ("Điều 3") stays
        first, as ``_pin`` put it."""
        wanted = {r.article for r in enhanced.refs if r.article}
        relevant_nodes = {self._node(c) for c in relevant}
        pinned = [kv for kv in fused if wanted and self._articles.get(self._node(kv[0])) in wanted]
        lead = [
            kv for kv in fused if kv[0] in own and self._node(kv[0]) in relevant_nodes and kv not in pinned
        ]
        front = {c for c, _ in (*pinned, *lead)}
        return [*pinned, *lead, *(kv for kv in fused if kv[0] not in front)]

    def _hit(
        self,
        chunk_id: str,
        score: float,
        runs: dict[str, list[str]],
        cosine: float | None,
        scoped: bool = False,
    ) -> Hit:
        c = self.chunks[chunk_id]
        ranks = {}
        for name, ids in runs.items():  # rank of the hit's section in each retriever's ranking
            same_scope = [i for i in ids if self.chunks[i].tenant == c.tenant] if scoped else ids
            nodes = [self.chunks[i].node_id for i in same_scope]
            if c.node_id in nodes:
                ranks[name] = nodes.index(c.node_id) + 1
        return Hit(
            chunk_id=c.chunk_id,
            doc_id=c.doc_id,
            node_id=c.node_id,
            title=c.title,
            title_path=c.title_path,
            line_start=c.line_start,
            line_end=c.line_end,
            spans=[Span(start=c.start, end=c.end)],
            text=c.text,
            score=round(float(score), 6),
            scope=c.tenant,
            ranks=ranks,
            vector_score=round(cosine, 4) if cosine is not None else None,
        )
