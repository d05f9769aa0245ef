"""Choose the hybrid fusion weights on the real-law set's dev fold (never its test fold) and record them.

    python -m evals.real_law_tuning            # prints the grid, writes evals/real_law/fusion_weights.json

For each query language the keyword weight w (vector: 1 - w) with the best dev recall@5 + MRR wins (ties: the
smaller w); then, with those weights, the title bonus (``Settings.title_bonus``) with the best dev recall@5 + MRR
over both languages (ties: the smaller bonus); then, with both, the title-kind bonus
(``Settings.title_kind_bonus``) the same way; then, with all three, the contrast penalty
(``Settings.contrast_penalty``: a title naming only siblings of what the question names). The settings hold the
recorded choice; a test checks they agree.

    python -m evals.real_law_tuning --contrast-only   # the last step alone, the recorded choices kept
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
TITLE_BONUS_GRID = (0.0, 0.05, 0.1, 0.2, 0.3)
KIND_BONUS_GRID = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4)
CONTRAST_GRID = (0.0, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0)
TUNING_FOLD = "dev"


def weights_for(keyword: float) -> dict[str, float]:
    return {"keyword": keyword, "vector": round(1 - keyword, 4)}


class _Scorer:
    """Hybrid search on the dev fold under changed settings (the model loaded once)."""

    def __init__(self, settings: Settings, fold: str) -> None:
        if fold != TUNING_FOLD:
            raise ValueError(f"fusion weights are tuned on the {TUNING_FOLD} fold only, not {fold!r}")
        self.law = real_law_settings(settings)
        ensure_index(self.law)
        self.items = load_questions(fold)
        self._embedder = None

    def scores(self, update: dict, langs: tuple[str, ...]) -> tuple[float, float]:
        """(recall@5, MRR) over the questions in ``langs`` with ``update`` applied to the settings."""
        from tools.context import ToolContext
        from tools.retrieval_service import RetrievalService

        ctx = ToolContext(self.law.model_copy(update=update), embedder=self._embedder)
        service = RetrievalService(ctx)
        ranks = [
            rank_of(i, article_ranking(ctx.store, node_ranking("hybrid", service, i.question)[0]))
            for i in self.items
            if i.lang in langs
        ]
        self._embedder = ctx.retriever.embedder
        n = len(ranks) or 1
        recall = sum(recall_at(r, 5) for r in ranks) / n
        mrr = sum(reciprocal_rank(r) for r in ranks) / n
        return round(recall, 4), round(mrr, 4)


def score_grid(settings: Settings, fold: str = TUNING_FOLD) -> dict[str, dict[float, tuple[float, float]]]:
    """lang -> keyword weight -> (recall@5, MRR) of hybrid search on ``fold`` (which must be dev)."""
    scorer = _Scorer(settings, fold)
    return {
        lang: {
            keyword: scorer.scores(
                {"fusion_weights": {x: weights_for(keyword) for x in ("vi", "en")}}, (lang,)
            )
            for keyword in GRID
        }
        for lang in ("vi", "en")
    }


def score_title_bonus(
    settings: Settings, weights: dict[str, dict[str, float]], fold: str = TUNING_FOLD
) -> dict[float, tuple[float, float]]:
    """Title bonus -> (recall@5, MRR) of hybrid search on ``fold`` (dev), both languages, with ``weights``."""
    scorer = _Scorer(settings, fold)
    return {
        bonus: scorer.scores({"fusion_weights": weights, "title_bonus": bonus}, ("vi", "en"))
        for bonus in TITLE_BONUS_GRID
    }


def score_kind_bonus(
    settings: Settings, weights: dict[str, dict[str, float]], title: float, fold: str = TUNING_FOLD
) -> dict[float, tuple[float, float]]:
    """Title-kind bonus -> (recall@5, MRR) of hybrid search on ``fold`` (dev), both languages, with ``weights``
    and title bonus ``title``."""
    scorer = _Scorer(settings, fold)
    update = {"fusion_weights": weights, "title_bonus": title}
    return {
        bonus: scorer.scores(update | {"title_kind_bonus": bonus}, ("vi", "en")) for bonus in KIND_BONUS_GRID
    }


def score_contrast(
    settings: Settings, update: dict, fold: str = TUNING_FOLD
) -> dict[float, tuple[float, float]]:
    """Contrast penalty -> (recall@5, MRR) of hybrid search on ``fold`` (dev), both languages, with the weights
    and bonuses in ``update``."""
    scorer = _Scorer(settings, fold)
    return {
        penalty: scorer.scores(update | {"contrast_penalty": penalty}, ("vi", "en"))
        for penalty in CONTRAST_GRID
    }


def choose(grid: dict[str, dict[float, tuple[float, float]]]) -> dict[str, dict[str, float]]:
    """Per language, the keyword weight with the best dev recall@5 + MRR (the smaller weight on a tie)."""
    return {
        lang: weights_for(max(sorted(by), key=lambda w: (round(sum(by[w]), 4), -w)))
        for lang, by in grid.items()
    }


def choose_bonus(grid: dict[float, tuple[float, float]]) -> float:
    """The title bonus with the best dev recall@5 + MRR (the smaller bonus on a tie)."""
    return max(sorted(grid), key=lambda b: (round(sum(grid[b]), 4), -b))


def _print(name: str, grid: dict[float, tuple[float, float]]) -> None:
    for value, (recall, mrr) in grid.items():
        print(f"{name}={value:<5} recall@5 {recall:.3f} MRR {mrr:.3f}")


def _contrast(settings: Settings, record: dict) -> dict:
    update = {
        "fusion_weights": record["weights"],
        "title_bonus": record["title_bonus"],
        "title_kind_bonus": record["title_kind_bonus"],
    }
    contrasts = score_contrast(settings, update)
    _print("contrast penalty", contrasts)
    return record | {
        "contrast_penalty": choose_bonus(contrasts),
        "contrast_penalty_grid": {str(b): v for b, v in contrasts.items()},
    }


def main(path: Path = RECORD, contrast_only: bool = False) -> None:
    settings = Settings()
    if contrast_only:
        record = _contrast(settings, json.loads(path.read_text(encoding="utf-8")))
        path.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path}: contrast penalty {record['contrast_penalty']}")
        return
    grid = score_grid(settings)
    for lang, by in grid.items():
        for weight, (recall, mrr) in by.items():
            print(f"{lang} keyword={weight:<5} recall@5 {recall:.3f} MRR {mrr:.3f}")
    weights = choose(grid)
    bonuses = score_title_bonus(settings, weights)
    _print("title bonus", bonuses)
    title = choose_bonus(bonuses)
    kinds = score_kind_bonus(settings, weights, title)
    _print("title-kind bonus", kinds)
    record = {
        "fold": TUNING_FOLD,
        "weights": weights,
        "title_bonus": title,
        "title_kind_bonus": choose_bonus(kinds),
        "grid": {lang: {str(w): v for w, v in by.items()} for lang, by in grid.items()},
        "title_bonus_grid": {str(b): v for b, v in bonuses.items()},
        "title_kind_bonus_grid": {str(b): v for b, v in kinds.items()},
    }
    record = _contrast(settings, record)
    path.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(
        f"wrote {path}: {record['weights']}, title bonus {record['title_bonus']}, "
        f"title-kind bonus {record['title_kind_bonus']}, contrast penalty {record['contrast_penalty']}"
    )


if __name__ == "__main__":
    import sys

    main(contrast_only="--contrast-only" in sys.argv[1:])
