"""``quyche eval``: run the golden set through each retrieval strategy and the full agent; report metrics."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agent.assistant import Assistant
from evals.answer_quality import answer_checks, quality_metrics
from evals.golden import GoldenItem, load_golden
from evals.metrics import first_hit_rank, ndcg_at, percentile, recall_at, reciprocal_rank
from indexes.settings import Settings
from indexes.store.published_index import IndexStore
from indexes.tree.cache import DecisionCache
from indexes.tree.chooser import chooser_for
from indexes.tree.retriever import TreeRetriever
from tools.context import ToolContext
from tools.retrieval_service import RetrievalService

# tree: the model-guided traversal (indexes/tree/retriever.py); tree_lexical: BM25 over every node's title + text
STRATEGIES = ("tree", "tree_lexical", "bm25", "vector", "hybrid", "agent")
RETRIEVAL_DEPTH = 10


def is_hit_factory(store: IndexStore, expected: list[str]):
    """A node counts when it is an expected node or inside one's subtree."""
    wanted = set(expected)

    def is_hit(node_id: str) -> bool:
        node = store.node(node_id)
        while node is not None:
            if node.node_id in wanted:
                return True
            node = store.node(node.parent_id) if node.parent_id else None
        return False

    return is_hit


def node_ranking(strategy: str, service: RetrievalService, question: str) -> tuple[list[str], int]:
    """The ranked node ids of one strategy for ``question`` and the model calls it made."""
    depth = RETRIEVAL_DEPTH if strategy in ("tree", "tree_lexical") else RETRIEVAL_DEPTH * 2
    result = service.retrieve(question, strategy, depth)
    calls = result.tree.llm_calls if result.tree else 0
    return list(dict.fromkeys(h.node_id for h in result.hits))[:RETRIEVAL_DEPTH], calls


@dataclass
class StrategyScores:
    ranks: list[int | None] = field(default_factory=list)
    ndcg: list[float] = field(default_factory=list)
    latency_ms: list[float] = field(default_factory=list)
    llm_calls: list[int] = field(default_factory=list)
    second_pass_cached: float | None = None  # share of decisions served by the cache when asked again

    def summary(self) -> dict[str, float]:
        n = len(self.ranks) or 1
        extra = {}
        if any(self.llm_calls):
            extra["llm_calls"] = round(sum(self.llm_calls) / n, 2)
        if self.second_pass_cached is not None:
            extra["cache_hit_rate"] = round(self.second_pass_cached, 4)
        return extra | {
            "recall@1": round(sum(recall_at(r, 1) for r in self.ranks) / n, 4),
            "recall@5": round(sum(recall_at(r, 5) for r in self.ranks) / n, 4),
            "mrr": round(sum(reciprocal_rank(r) for r in self.ranks) / n, 4),
            "ndcg@5": round(sum(self.ndcg) / n, 4),
            "p50_ms": round(percentile(self.latency_ms, 50), 1),
            "p95_ms": round(percentile(self.latency_ms, 95), 1),
        }


@dataclass
class EvalResult:
    retrieval: dict[str, dict[str, float]]
    answers: dict[str, float]
    failures: list[dict[str, Any]]
    per_item: list[dict[str, Any]]
    meta: dict[str, Any]


def _score_retrieval(
    items, strategies, service: RetrievalService, store
) -> tuple[dict[str, StrategyScores], list[dict]]:
    scores = {s: StrategyScores() for s in strategies if s != "agent"}
    failures = []
    scored = [i for i in items if not i.refuse and i.expected_nodes]
    for item in scored:
        is_hit = is_hit_factory(store, item.expected_nodes)
        for strategy, acc in scores.items():
            started = time.perf_counter()
            ranked, calls = node_ranking(strategy, service, item.question)
            acc.latency_ms.append((time.perf_counter() - started) * 1000)
            acc.llm_calls.append(calls)
            rank = first_hit_rank(ranked, is_hit)
            acc.ranks.append(rank)
            acc.ndcg.append(ndcg_at(ranked, is_hit, len(item.expected_nodes)))
            if rank is None or rank > 5:
                failures.append(
                    {
                        "kind": f"retrieval:{strategy}",
                        "id": item.id,
                        "category": item.category,
                        "lang": item.lang,
                        "question": item.question,
                        "expected": item.expected_nodes,
                        "got": ranked[:5],
                    }
                )
    if "tree" in scores and scored:  # the same questions again: decisions should come from the cache
        steps = cached = 0
        for item in scored:
            result = service.tree.search(
                item.question, k=RETRIEVAL_DEPTH, doc_ids=service.ctx.visible_documents()
            )
            steps += len(result.steps)
            cached += result.cached_steps
        scores["tree"].second_pass_cached = cached / (steps or 1)
    return scores, failures


def _score_agent(items: list[GoldenItem], assistant: Assistant, store: IndexStore, traces: Path):
    rows, failures, retrieval = [], [], StrategyScores()
    for item in items:
        started = time.perf_counter()
        answer = assistant.ask(item.question)
        latency = (time.perf_counter() - started) * 1000
        trace = [
            json.loads(x)
            for x in (traces / f"{answer.run_id}.jsonl").read_text(encoding="utf-8").splitlines()
        ]
        ok = item.answer_ok(answer.answer, answer.refused)
        cited = [c.node_id for c in answer.citations]
        row = {
            "id": item.id,
            "seed": item.seed,
            "category": item.category,
            "lang": item.lang,
            "ok": ok,
            "refused": answer.refused,
            "should_refuse": item.refuse,
            "grounded": not answer.ungrounded_numbers,
            "tool_calls": len(answer.tool_calls),
            "llm_calls": trace[-1].get("llm_calls", 0),
            "latency_ms": round(latency, 1),
            "cited": cited,
            **answer_checks(item, answer, store),
        }
        rows.append(row)
        if item.expected_nodes and not item.refuse:
            is_hit = is_hit_factory(store, item.expected_nodes)
            rank = first_hit_rank(cited, is_hit)
            retrieval.ranks.append(rank)
            retrieval.ndcg.append(ndcg_at(cited, is_hit, len(item.expected_nodes)))
            retrieval.latency_ms.append(latency)
        if not ok:
            failures.append(
                {
                    "kind": "answer",
                    "id": item.id,
                    "category": item.category,
                    "lang": item.lang,
                    "question": item.question,
                    "expected": item.must_contain or ("refusal" if item.refuse else ""),
                    "must_not_contain": item.must_not_contain,
                    "got": answer.answer[:400],
                }
            )
    return rows, failures, retrieval


def answer_metrics(rows: list[dict]) -> dict[str, float]:
    n = len(rows) or 1
    refused = [r for r in rows if r["refused"]]
    should = [r for r in rows if r["should_refuse"]]
    answered = [r for r in rows if not r["refused"]]
    seeds = [r for r in rows if r["seed"]]
    return {
        "accuracy": round(sum(r["ok"] for r in rows) / n, 4),
        "seed_accuracy": round(sum(r["ok"] for r in seeds) / (len(seeds) or 1), 4),
        "refusal_precision": round(sum(r["should_refuse"] for r in refused) / (len(refused) or 1), 4),
        "refusal_recall": round(sum(r["refused"] for r in should) / (len(should) or 1), 4),
        "groundedness": round(sum(r["grounded"] for r in answered) / (len(answered) or 1), 4),
        "tool_calls_per_question": round(sum(r["tool_calls"] for r in rows) / n, 2),
        "llm_calls_per_question": round(sum(r["llm_calls"] for r in rows) / n, 2),
        "latency_p50_ms": round(percentile([r["latency_ms"] for r in rows], 50), 1),
        "latency_p95_ms": round(percentile([r["latency_ms"] for r in rows], 95), 1),
        "questions": len(rows),
    } | quality_metrics(rows)


def run_eval(
    settings: Settings, strategies=STRATEGIES, today: dt.date | None = None, items=None, assistant=None
) -> EvalResult:
    items = items if items is not None else load_golden()
    with tempfile.TemporaryDirectory(prefix="quyche-eval-") as scratch:
        # each question is a one-turn thread never resumed: its conversation and trace are kept aside and
        # dropped with the run, never mixed with (or evicting) those of the people who use this data dir; an
        # assistant passed in keeps its own
        assistant = assistant or Assistant(
            settings,
            today=today,
            conversations=Path(scratch) / "conversations.sqlite",
            traces=Path(scratch) / "traces",
        )
        return _run_eval(settings, strategies, today, items, assistant)


def _run_eval(
    settings: Settings, strategies, today: dt.date | None, items, assistant: Assistant
) -> EvalResult:
    store = IndexStore(settings.index_dir)
    ctx = ToolContext(settings, tenant=settings.tenant, today=today, embedder=assistant.embedder)
    with tempfile.TemporaryDirectory(prefix="quyche-tree-cache-") as cache_dir:  # a cold cache per run
        tree = TreeRetriever(
            settings, store, chooser_for(settings), DecisionCache(Path(cache_dir), store.build_id)
        )
        service = RetrievalService(ctx, tree)
        scores, failures = _score_retrieval(items, strategies, service, store)
    retrieval = {name: acc.summary() for name, acc in scores.items()}
    answers: dict[str, float] = {}
    rows: list[dict] = []
    if "agent" in strategies:
        rows, agent_failures, agent_retrieval = _score_agent(items, assistant, store, assistant.traces_dir)
        retrieval["agent"] = agent_retrieval.summary()
        answers = answer_metrics(rows)
        failures += agent_failures
    meta = {
        "date": dt.date.today().isoformat(),
        "git_sha": _git_sha(),
        "llm_mode": settings.llm_mode(),
        "items": len(items),
        "build_id": store.build_id,
    }
    return EvalResult(retrieval, answers, failures, rows, meta)


def _git_sha() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=5
        )
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"
