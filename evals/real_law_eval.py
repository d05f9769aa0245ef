"""``quyche eval --set real-law``: retrieval over four real Vietnamese laws (``evals/real_law/``), by article.

The texts are indexed into their own data dir (``<data_dir>/real-law``; re-indexing an unchanged folder is a
no-op, so later runs reuse it). Each strategy's ranked nodes are mapped to articles (a node inside "Điều N" of a
document counts as that article; chunks of one article count once); a question scores at the first of its gold
articles among the top 5. Recall@5 and MRR are reported overall and per language (vi / en) for one fold.
"""

from __future__ import annotations

import json
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from evals.harness import node_ranking
from evals.metrics import percentile, recall_at, reciprocal_rank
from indexes.search.query_terms import article_number
from indexes.settings import Settings
from indexes.store.published_index import IndexStore

REAL_LAW_DIR = Path(__file__).with_name("real_law")
STRATEGIES = ("bm25", "vector", "hybrid", "tree", "tree_lexical")
Fold = Literal["dev", "test", "all"]
TOP_K = 5


class GoldArticle(BaseModel):
    doc_id: str
    article: str  # "Điều 26"


class RealLawItem(BaseModel):
    id: str
    question: str
    lang: str
    gold: list[GoldArticle]
    fold: str
    source: str = ""

    def gold_keys(self) -> set[tuple[str, str]]:
        return {(g.doc_id, article_number([g.article]) or g.article) for g in self.gold}


def load_questions(fold: Fold = "all", path: Path = REAL_LAW_DIR / "questions.jsonl") -> list[RealLawItem]:
    items = [
        RealLawItem.model_validate(json.loads(x)) for x in path.read_text("utf-8").splitlines() if x.strip()
    ]
    return [i for i in items if fold == "all" or i.fold == fold]


def real_law_settings(settings: Settings) -> Settings:
    """The same settings over the real-law texts, in a data dir of their own."""
    return settings.model_copy(
        update={
            "data_dir": settings.data_dir / "real-law",
            "models_dir": settings.model_cache_dir,  # one model folder, not a ~550 MB copy per data dir
            "corpus_dir": REAL_LAW_DIR / "texts",
            "tenant": "global",
        }
    )


def ensure_index(settings: Settings) -> None:
    """Index the real-law texts (a no-op when nothing changed since the last run)."""
    from indexes.pipeline.ingest import index_folder

    index_folder(settings, settings.corpus_dir)


def article_of(store: IndexStore, node_id: str) -> tuple[str, str] | None:
    """(doc_id, article number) of the "Điều N" a node is in, or None (preamble, chapter headings)."""
    node = store.node(node_id)
    number = article_number(node.title_path) if node is not None else None
    return (node.doc_id, number) if node is not None and number else None


def article_ranking(store: IndexStore, node_ids: list[str]) -> list[tuple[str, str] | str]:
    """Node ids → articles in rank order, each once (a node outside any article stays itself)."""
    return list(dict.fromkeys(article_of(store, n) or n for n in node_ids))


@dataclass
class SliceScores:
    ranks: list[int | None] = field(default_factory=list)

    def summary(self) -> dict[str, float]:
        n = len(self.ranks) or 1
        return {
            "n": len(self.ranks),
            "recall@5": round(sum(recall_at(r, TOP_K) for r in self.ranks) / n, 4),
            "mrr": round(sum(reciprocal_rank(r) for r in self.ranks) / n, 4),
        }


@dataclass
class RealLawResult:
    fold: str
    scores: dict[str, dict[str, dict[str, float]]]  # strategy -> slice (all, vi, en) -> metrics
    latency_p95_ms: dict[str, float]
    failures: list[dict]


def rank_of(item: RealLawItem, articles: list) -> int | None:
    gold = item.gold_keys()
    for rank, article in enumerate(articles[:TOP_K], start=1):
        if article in gold:
            return rank
    return None


def run_real_law(settings: Settings, strategies=STRATEGIES, fold: Fold = "dev") -> RealLawResult:
    from indexes.tree.cache import DecisionCache
    from indexes.tree.chooser import chooser_for
    from indexes.tree.retriever import TreeRetriever
    from tools.context import ToolContext
    from tools.retrieval_service import RetrievalService

    law = real_law_settings(settings)
    ensure_index(law)
    store = IndexStore(law.index_dir)
    ctx = ToolContext(law)
    items = load_questions(fold)
    slices = {s: {"all": SliceScores(), "vi": SliceScores(), "en": SliceScores()} for s in strategies}
    latency: dict[str, list[float]] = {s: [] for s in strategies}
    failures: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="quyche-tree-cache-") as cache_dir:  # a cold cache per run
        tree = TreeRetriever(law, store, chooser_for(law), DecisionCache(Path(cache_dir), store.build_id))
        service = RetrievalService(ctx, tree)
        for item in items:
            for strategy in strategies:
                started = time.perf_counter()
                nodes, _ = node_ranking(strategy, service, item.question)
                latency[strategy].append((time.perf_counter() - started) * 1000)
                articles = article_ranking(store, nodes)
                rank = rank_of(item, articles)
                slices[strategy]["all"].ranks.append(rank)
                slices[strategy].setdefault(item.lang, SliceScores()).ranks.append(rank)
                if rank is None:
                    failures.append(
                        {"strategy": strategy, "id": item.id, "got": [str(a) for a in articles[:3]]}
                    )
    scores = {s: {name: acc.summary() for name, acc in by.items()} for s, by in slices.items()}
    p95 = {s: round(percentile(v, 95), 1) for s, v in latency.items()}
    return RealLawResult(fold, scores, p95, failures)


def to_markdown(result: RealLawResult) -> str:
    lines = [
        f"# Real-law retrieval, fold {result.fold} (top-{TOP_K} hits mapped to articles)",
        "",
        "| strategy | recall@5 | MRR | vi R@5 / MRR | en R@5 / MRR | p95 ms |",
        "|---|---|---|---|---|---|",
    ]
    for name, by in result.scores.items():
        a, vi, en = by["all"], by["vi"], by["en"]
        lines.append(
            f"| {name} | {a['recall@5']:.3f} | {a['mrr']:.3f} | {vi['recall@5']:.2f} / {vi['mrr']:.2f} "
            f"| {en['recall@5']:.2f} / {en['mrr']:.2f} | {result.latency_p95_ms[name]} |"
        )
    first = next(iter(result.scores.values()), {})
    counts = ", ".join(f"{k} {v['n']}" for k, v in first.items())
    return "\n".join([*lines, "", f"questions: {counts}"]) + "\n"
