"""The extracted rules of one build, tokenised once, with an inverted index (term -> rules) for lookups.

``lookup_rules`` scores rules with BM25 over "section title + attributes + rule text". Tokenising every rule
for every question cost ~0.5 s at 10x the bundled corpus; here each rule is tokenised once per build and a
question scores only the rules that contain one of its terms (the others score 0 and are never shown). The
BM25 statistics (document frequencies, average length) are still those of the whole set being searched, so
the scores equal a full scan's.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence

from indexes.rules.extraction import Rule
from indexes.text import search_terms

K1, B = 1.2, 0.75  # as indexes.search.bm25_scorer.BM25


class RuleIndex:
    def __init__(self, rules: Sequence[Rule], section_title: Callable[[str], str]) -> None:
        self.rules = list(rules)
        self._position = {id(rule): i for i, rule in enumerate(self.rules)}
        self._tfs: list[Counter] = []
        self._postings: dict[str, list[int]] = {}
        for i, rule in enumerate(self.rules):
            terms = search_terms(
                " ".join([section_title(rule.node_id), *rule.attributes.values(), rule.text])
            )
            tf = Counter(terms)
            self._tfs.append(tf)
            for term in tf:
                self._postings.setdefault(term, []).append(i)
        self._lengths = [sum(tf.values()) for tf in self._tfs]

    def positions(self, rules: Sequence[Rule]) -> list[int]:
        """Positions of ``rules`` (objects of this index) in the index."""
        return [self._position[id(rule)] for rule in rules]

    def bm25(self, searched: Sequence[int], query: list[str]) -> dict[int, float]:
        """BM25 of ``query`` against the rules at ``searched`` (statistics over exactly that set); only rules
        containing a query term are returned."""
        inside = set(searched)
        n = len(searched)
        avg_len = (sum(self._lengths[i] for i in searched) / n) if n else 0.0
        terms = set(query)  # iterated in the same order as a full scan iterates it: equal float sums
        idf: dict[str, float] = {}
        candidates: set[int] = set()
        for term in terms:
            matched = [i for i in self._postings.get(term, ()) if i in inside]
            if matched:
                idf[term] = math.log(1 + (n - len(matched) + 0.5) / (len(matched) + 0.5))
                candidates.update(matched)
        present = [t for t in terms if t in idf]  # the terms some searched rule holds, in the same order
        scores: dict[int, float] = {}
        for i in sorted(candidates):
            tf = self._tfs[i]
            norm = K1 * (1 - B + B * self._lengths[i] / (avg_len or 1))
            scores[i] = sum(idf[t] * tf[t] * (K1 + 1) / (tf[t] + norm) for t in present if t in tf)
        return scores
