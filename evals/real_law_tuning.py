"""Choose the hybrid fusion weights on the real-law set's dev fold (never its test fold) and record them.

    python -m evals.real_law_tuning            # prints the grid, writes evals/real_law/fusion_weights.json

For each query language the keyword weight w (vector: 1 - w) with the best dev recall@5 + MRR wins (ties: the
smaller w). ``Settings.fusion_weights`` holds the recorded choice; a test checks the two agree.
"""

from __future__ import annotations

import json
from pathlib import Path

from evals.harness import node_ranking
from evals.metrics import recall_at, reciprocal_rank
from evals.real_law_eval import (
    REAL_LAW_DIR,
    article_ranking,
    ensure_index,
    load_questions,
    rank_of,
    real_law_settings,
)
from indexes.settings import Settings

RECORD = REAL_LAW_DIR / "fusion_weights.json"
GRID = (0.0, 0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.7)
TUNING_FOLD = "dev"


def weights_for(keyword: float) -> dict[str, float]:
    return {"keyword": keyword, "vector": round(1 - keyword, 4)}


def score_grid(settings: Settings, fold: str = TUNING_FOLD) -> dict[str, dict[float, tuple[float, float]]]:
    """lang -> keyword weight -> (recall@5, MRR) of hybrid search on ``fold`` (which must be dev)."""
    if fold != TUNING_FOLD:
        raise ValueError(f"fusion weights are tuned on the {TUNING_FOLD} fold only, not {fold!r}")
    from tools.context import ToolContext
    from tools.retrieval_service import RetrievalService

    law = real_law_settings(settings)
    ensure_index(law)
    items = load_questions(fold)
    grid: dict[str, dict[float, tuple[float, float]]] = {}
    embedder = None
    for keyword in GRID:
        tuned = law.model_copy(
            update={"fusion_weights": {lang: weights_for(keyword) for lang in ("vi", "en")}}
        )
        ctx = ToolContext(tuned, embedder=embedder)
        service = RetrievalService(ctx)
        for lang in ("vi", "en"):
            ranks = [
                rank_of(i, article_ranking(ctx.store, node_ranking("hybrid", service, i.question)[0]))
                for i in items
                if i.lang == lang
            ]
            n = len(ranks) or 1
            recall = sum(recall_at(r, 5) for r in ranks) / n
            mrr = sum(reciprocal_rank(r) for r in ranks) / n
            grid.setdefault(lang, {})[keyword] = (round(recall, 4), round(mrr, 4))
        embedder = ctx.retriever.embedder  # load the model once
    return grid


def choose(grid: dict[str, dict[float, tuple[float, float]]]) -> dict[str, dict[str, float]]:
    """Per language, the keyword weight with the best dev recall@5 + MRR (the smaller weight on a tie)."""
    return {
        lang: weights_for(max(sorted(by), key=lambda w: (round(sum(by[w]), 4), -w)))
        for lang, by in grid.items()
    }


def main(path: Path = RECORD) -> None:
    grid = score_grid(Settings())
    for lang, by in grid.items():
        for weight, (recall, mrr) in by.items():
            print(f"{lang} keyword={weight:<5} recall@5 {recall:.3f} MRR {mrr:.3f}")
    record = {
        "fold": TUNING_FOLD,
        "weights": choose(grid),
        "grid": {lang: {str(w): v for w, v in by.items()} for lang, by in grid.items()},
    }
    path.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path}: {record['weights']}")


if __name__ == "__main__":
    main()
