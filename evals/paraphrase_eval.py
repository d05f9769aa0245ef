"""The paraphrase set (``evals/paraphrases/``): everyday rewordings of dev company items (round 1: companies 2–6,
round 2: 1–6) and new questions on their documents (rounds 3 to 8: 1–6), each asked of its source set's documents with the offline agent; accuracy per round, fold and
language, and the refusals.

``python -m evals.paraphrase_eval [--fold dev|test|all] [--today 2026-11-23]``
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path

from evals.company_sets import COMPANY_SETS, EVALS_DIR
from evals.golden import GoldenItem
from indexes.settings import Settings

PARAPHRASES = EVALS_DIR / "paraphrases" / "questions.jsonl"


@dataclass(frozen=True)
class Paraphrase:
    set_name: str  # the source set ("dev-company-5"), whose documents answer it
    fold: str  # "dev" or "test"
    round: int  # the helper's round that wrote it (1, 2: paraphrases; 3 to 6: new questions)
    item: GoldenItem


def load_paraphrases(fold: str = "all", path: Path = PARAPHRASES) -> list[Paraphrase]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [
        Paraphrase(
            row["set"],
            row["fold"],
            int(row["round"]),
            GoldenItem(
                id=row["id"],
                question=row["question"],
                lang=row["lang"],
                category=row["category"],
                must_contain=row.get("must_contain") or [],
                must_not_contain=row.get("must_not_contain") or [],
                refuse=bool(row.get("refuse", False)),
            ),
        )
        for row in rows
        if fold in ("all", row["fold"])
    ]


def summary(rows: list[dict]) -> dict[str, float | int]:
    """Accuracy overall and per language, and refusal precision and recall, of per-item result rows."""

    def share(hit: int, total: int) -> float:
        return round(hit / total, 4) if total else 1.0

    refused = [r for r in rows if r["refused"]]
    unanswerable = [r for r in rows if r["should_refuse"]]
    out: dict[str, float | int] = {
        "items": len(rows),
        "accuracy": share(sum(r["ok"] for r in rows), len(rows)),
    }
    for lang in ("vi", "en"):
        own = [r for r in rows if r["lang"] == lang]
        out[f"accuracy_{lang}"] = share(sum(r["ok"] for r in own), len(own))
    out["refusal_precision"] = share(sum(r["should_refuse"] for r in refused), len(refused))
    out["refusal_recall"] = share(sum(r["refused"] for r in unanswerable), len(unanswerable))
    return out


def run(fold: str, today: dt.date | None, settings: Settings | None = None) -> dict[str, dict]:
    """Each paraphrase asked of its source set's documents (indexed incrementally, as ``quyche eval --set``
    does); the summary per round and fold."""
    from evals.harness import run_eval
    from indexes.pipeline.ingest import index_folder

    base = settings or Settings()
    paraphrases = load_paraphrases(fold)
    folds = {p.item.id: f"round {p.round} {p.fold}" for p in paraphrases}
    rows: list[dict] = []
    for name in sorted({p.set_name for p in paraphrases}):
        own = COMPANY_SETS[name].settings(base)
        index_folder(own, own.corpus_dir, show_progress=False)
        items = [p.item for p in paraphrases if p.set_name == name]
        rows += run_eval(own, ("agent",), today=today, items=items).per_item
    by_fold = {f: [r for r in rows if folds[r["id"]] == f] for f in sorted(set(folds.values()))}
    return {f: summary(r) for f, r in by_fold.items() if r}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fold", choices=["dev", "test", "all"], default="dev")
    parser.add_argument("--today", help="the date questions are asked on (YYYY-MM-DD)")
    args = parser.parse_args(argv)
    today = dt.date.fromisoformat(args.today) if args.today else None
    for fold, figures in run(args.fold, today).items():
        print(f"## {fold}")
        for key, value in figures.items():
            print(f"| {key} | {value} |")


if __name__ == "__main__":
    main()
