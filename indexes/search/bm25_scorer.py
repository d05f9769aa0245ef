"""A small BM25 scorer over term lists, for scoring tree nodes (titles, summaries, text)."""

from __future__ import annotations

import math
from collections import Counter


class BM25:
    def __init__(self, documents: list[list[str]], k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.tfs = [Counter(d) for d in documents]
        self.lengths = [len(d) for d in documents]
        self.avg_len = (sum(self.lengths) / len(documents)) if documents else 0.0
        df = Counter(t for tf in self.tfs for t in tf)
        n = len(documents)
        self.idf = {t: math.log(1 + (n - c + 0.5) / (c + 0.5)) for t, c in df.items()}

    def scores(self, query: list[str]) -> list[float]:
        out = []
        for tf, length in zip(self.tfs, self.lengths, strict=True):
            norm = self.k1 * (1 - self.b + self.b * length / (self.avg_len or 1))
            out.append(
                sum(self.idf[t] * tf[t] * (self.k1 + 1) / (tf[t] + norm) for t in set(query) if t in tf)
            )
        return out

    def coverage(self, query: list[str], doc_index: int) -> float:
        """Share of the query's IDF mass present in a document (0..1): how much of the question it covers."""
        unique = set(query)
        total = sum(self.idf.get(t, max(self.idf.values(), default=1.0)) for t in unique)
        hit = sum(self.idf[t] for t in unique if t in self.tfs[doc_index])
        return hit / total if total else 0.0
