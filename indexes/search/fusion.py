"""Fusion of rankings over sections rather than chunks: score-aware (hybrid search) and RRF (scopes).

Hybrid search fuses min-max scaled scores with a weight per retriever and query language
(``Settings.fusion_weights``, chosen on the dev fold of the real-law set: equal-weight RRF let BM25's weak
English rankings drag the vector side down). RRF, score(d) = Σ_i 1 / (k + rank_i(d)), merges a tenant's and
the global scope's rankings, whose scores are not comparable.

Chunks of one section (one tree node: an article, a clause heading) are one hit: a retriever's ranking of chunks
becomes a ranking of sections by their best chunk, so a long article does not crowd the top with its pieces and
a short one is not outvoted by them. The best chunk stays the hit's citation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache

from indexes.search.contrasts import contradicts
from indexes.search.title_kinds import states_kind
from indexes.text import QUERY_STOPWORDS, bare_title, folded_words


def rrf(rankings: Sequence[Sequence[str]], k: int = 60) -> list[tuple[str, float]]:
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking, start=1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


def best_per_group(
    ranked: Sequence[tuple[str, float]], group_of: Callable[[str], str]
) -> list[tuple[str, float]]:
    """A ranking of items (chunks) reduced to its best item per group (section), in the same order."""
    seen: set[str] = set()
    out = []
    for item, score in ranked:
        group = group_of(item)
        if group not in seen:
            seen.add(group)
            out.append((item, score))
    return out


def _min_max(ranked: Sequence[tuple[str, float]]) -> dict[str, float]:
    """Scores scaled to 0..1 over this list (the best 1, the last 0; all equal: all 1)."""
    if not ranked:
        return {}
    values = [score for _, score in ranked]
    low, high = min(values), max(values)
    return {item: (score - low) / (high - low) if high > low else 1.0 for item, score in ranked}


def fuse_scores(
    runs: Mapping[str, Sequence[tuple[str, float]]],
    weights: Mapping[str, float],
    group_of: Callable[[str], str],
    top: int = 30,
) -> list[tuple[str, float]]:
    """Score-aware fusion over sections: each retriever's best ``top`` sections (by their best chunk), scores
    min-max scaled within that list, summed with the retriever's weight (a section a retriever did not rank
    gets 0 from it). Unlike RRF it keeps how far ahead a retriever's first hit is: BM25's clear winner and
    a flat list of near-equal cosines do not count the same. Each section is cited by its best-ranked chunk."""
    scores: dict[str, float] = {}
    chunk_of: dict[str, tuple[int, str]] = {}
    for name, ranked in runs.items():
        grouped = best_per_group(ranked, group_of)[:top]
        scaled = _min_max(grouped)
        for rank, (chunk, _) in enumerate(grouped):
            group = group_of(chunk)
            if group not in chunk_of or rank < chunk_of[group][0]:
                chunk_of[group] = (rank, chunk)
        for chunk, value in scaled.items():
            group = group_of(chunk)
            scores[group] = scores.get(group, 0.0) + weights.get(name, 1.0) * value
    fused = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
    return [(chunk_of[group][1], score) for group, score in fused]


def title_bonus(
    fused: Sequence[tuple[str, float]], title_of: Callable[[str], str], query: str, weight: float
) -> list[tuple[str, float]]:
    """Fused sections re-sorted after adding ``weight`` × the share of each section title's words that the
    (expanded) query contains: a real law's titles carry most of its meaning ("Điều 49. Điều kiện hưởng"),
    and between near-equal fused scores the section whose title the question names is the better hit."""
    if not weight:
        return list(fused)
    asked = frozenset(folded_words(query))  # once per query, not once per section
    scored = [(item, score + weight * _coverage(title_of(item), asked)) for item, score in fused]
    return sorted(scored, key=lambda kv: -kv[1])


@lru_cache(maxsize=16_384)
def _title_words(title: str) -> tuple[str, ...]:
    """A title's words as ``indexes.text.title_coverage`` counts them (folded, no numbering, no stopwords);
    cached: a query's ~40 candidate sections would otherwise fold the same titles again for every query."""
    return tuple(w for w in bare_title(title).split() if w not in QUERY_STOPWORDS)


def _coverage(title: str, asked: frozenset[str]) -> float:
    """``indexes.text.title_coverage(title, query)`` with the query's folded words given as ``asked``."""
    words = _title_words(title)
    if not words:
        return 0.0
    return sum(1 for w in words if w in asked) / len(words)


def kind_bonus(
    fused: Sequence[tuple[str, float]], title_of: Callable[[str], str], heads: tuple[str, ...], weight: float
) -> list[tuple[str, float]]:
    """Fused sections re-sorted after adding ``weight`` to those whose title starts with one of ``heads``: the
    kind of rule the question asks for (``indexes.search.title_kinds``: "bao nhiêu phần trăm" → "Mức …")."""
    if not weight or not heads:
        return list(fused)
    scored = [
        (item, score + (weight if states_kind(title_of(item), heads) else 0.0)) for item, score in fused
    ]
    return sorted(scored, key=lambda kv: -kv[1])


def contrast_penalty(
    fused: Sequence[tuple[str, float]],
    title_of: Callable[[str], str],
    asked: dict[str, frozenset[str]],
    weight: float,
) -> list[tuple[str, float]]:
    """Fused sections re-sorted after subtracting ``weight`` from those whose title names only siblings of what
    the question names (``indexes.search.contrasts``: "bảo hiểm thất nghiệp" for a question on "bảo hiểm y tế")."""
    if not weight or not asked:
        return list(fused)
    scored = [
        (item, score - (weight if contradicts(asked, title_of(item)) else 0.0)) for item, score in fused
    ]
    return sorted(scored, key=lambda kv: -kv[1])
