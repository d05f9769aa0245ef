"""Retrieval and answer metrics."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence


def first_hit_rank(ranked: Sequence[str], is_hit: Callable[[str], bool]) -> int | None:
    for rank, node_id in enumerate(ranked, start=1):
        if is_hit(node_id):
            return rank
    return None


def recall_at(rank: int | None, k: int) -> float:
    return 1.0 if rank is not None and rank <= k else 0.0


def reciprocal_rank(rank: int | None) -> float:
    return 1.0 / rank if rank else 0.0


def ndcg_at(ranked: Sequence[str], is_hit: Callable[[str], bool], n_relevant: int, k: int = 5) -> float:
    dcg = sum(1.0 / math.log2(i + 1) for i, node in enumerate(ranked[:k], start=1) if is_hit(node))
    ideal = sum(1.0 / math.log2(i + 1) for i in range(1, min(n_relevant, k) + 1))
    return min(1.0, dcg / ideal) if ideal else 0.0


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[index]
