"""BM25 over chunks with Vietnamese-aware terms (accented + folded syllables, folded bigrams), via bm25s."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from indexes.search.chunking import Chunk
from indexes.search.query_terms import query_language, vietnamese_gloss
from indexes.text import search_terms

BM25_DIR = "bm25"
TITLE_WEIGHT = 3  # a term of the section's title path counts this many times: "Điều 25. Thời gian thử việc"


def chunk_terms(chunk: Chunk, title_weight: int = TITLE_WEIGHT) -> list[str]:
    """A chunk's BM25 terms: its title path weighs ``title_weight`` times its body (titles of real law carry
    most of the meaning, bodies repeat the same few words). A chunk written in English also carries the
    lexicon's Vietnamese terms for the English terms it uses ("annual leave" -> "nghỉ hằng năm"), title and
    body alike: a Vietnamese question finds an English document the way it finds a Vietnamese one."""
    title = " ".join(chunk.title_path[1:] or chunk.title_path)
    terms = search_terms(title) * title_weight + search_terms(chunk.text)
    if query_language(chunk.text) == "en":
        terms += search_terms(vietnamese_gloss(title)) * title_weight + search_terms(
            vietnamese_gloss(chunk.text)
        )
    return terms


@dataclass(frozen=True)
class KeywordHit:
    chunk_id: str
    score: float


def write_bm25(build_dir: Path, chunks: Sequence[Chunk]) -> None:
    import bm25s

    target = build_dir / BM25_DIR
    target.mkdir(parents=True, exist_ok=True)
    ids = [c.chunk_id for c in chunks]
    (target / "rows.json").write_text(
        json.dumps({"ids": ids, "tenants": [c.tenant for c in chunks]}, ensure_ascii=False), encoding="utf-8"
    )
    if not chunks:
        return
    retriever = bm25s.BM25()
    retriever.index([chunk_terms(c) or ["_"] for c in chunks], show_progress=False)
    retriever.save(str(target))


class BM25Index:
    def __init__(self, build_dir: Path) -> None:
        import bm25s

        source = build_dir / BM25_DIR
        rows = json.loads((source / "rows.json").read_text(encoding="utf-8"))
        self.ids: list[str] = rows["ids"]
        self.tenants = np.array(rows["tenants"], dtype=object)
        self._retriever = bm25s.BM25.load(str(source)) if self.ids else None
        self._masks: dict[tuple[str, ...], np.ndarray] = {}

    def _mask(self, tenants: Sequence[str]) -> np.ndarray:
        """Rows of these tenants' documents (kept per tenant set: comparing strings row by row per query
        costs more than the scoring on a large corpus)."""
        key = tuple(tenants)
        if key not in self._masks:
            self._masks[key] = np.isin(self.tenants, list(key))
        return self._masks[key]

    def knows(self, term: str, tenants: Sequence[str] | None = None) -> bool:
        """Whether ``term`` occurs in the indexed text (of these tenants' documents, when given)."""
        if self._retriever is None or term not in self._retriever.vocab_dict:
            return False
        if tenants is None:
            return True
        scores = self._retriever.get_scores([term])
        return bool(np.any((scores > 0) & self._mask(tenants)))

    def search(self, query: str, k: int, tenants: Sequence[str]) -> list[KeywordHit]:
        if self._retriever is None:
            return []
        vocab = self._retriever.vocab_dict
        terms = [t for t in search_terms(query, query=True) if t in vocab]
        if not terms:
            return []
        scores = self._retriever.get_scores(terms)
        scores = np.where(self._mask(tenants), scores, 0.0)
        order = np.argsort(-scores)[:k]
        return [KeywordHit(self.ids[i], float(scores[i])) for i in order if scores[i] > 0]
