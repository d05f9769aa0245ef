"""Query engines side by side in one process: warm search latency and whether rankings change.

    python -m evals.bench_query_engines [--engines numpy,onnx,onnx-int8] [--rounds 4] [--queries 30]
                                         [--modes hybrid] [--rankings] [--data-dir DIR]

Each engine gets its own ``Embedder`` (query cache off, as in ``evals.bench``) over one index of the bundled
corpus; every golden question goes to each engine in turn, the order rotating per question, so all engines see
the same load on a shared machine. Prints p50 / p95 per engine and the ratio to the first engine.

``--rankings`` also compares every golden question (bundled corpus) and every real-law **dev** question (its
own index) with the first engine: the question vectors' cosine, and the top-10 chunk ids in keyword, vector
and hybrid mode (the real-law test fold is never read).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np

from evals.golden import load_golden
from evals.metrics import percentile
from indexes.search.embedder import Embedder
from indexes.search.retrieval import Retriever
from indexes.settings import Settings
from indexes.store.published_index import IndexStore

REPO = Path(__file__).resolve().parents[1]
RANK_MODES = ("keyword", "vector", "hybrid")


def _retrievers(settings: Settings, engines: list[str]) -> dict[str, Retriever]:
    from indexes.pipeline.ingest import index_folder

    index_folder(settings, settings.corpus_dir)
    store = IndexStore(settings.index_dir)
    out = {}
    for engine in engines:
        embedder = Embedder(
            settings.cache_dir, cache_queries=False, query_engine=engine, models_dir=settings.model_cache_dir
        )  # type: ignore[arg-type]
        out[engine] = Retriever(settings, store, embedder)
        out[engine].search("warm up", k=5, mode="hybrid")
    return out


def latency(retrievers: dict[str, Retriever], questions: list[str], mode: str, rounds: int) -> None:
    names = list(retrievers)
    times: dict[str, list[float]] = {name: [] for name in names}
    for round_ in range(rounds):
        for i, question in enumerate(questions):
            shift = (i + round_) % len(names)
            for name in names[shift:] + names[:shift]:
                started = time.perf_counter()
                retrievers[name].search(question, k=5, mode=mode)
                times[name].append(time.perf_counter() - started)
    stats = {name: (percentile(t, 50) * 1000, percentile(t, 95) * 1000) for name, t in times.items()}
    base50, base95 = stats[names[0]]
    print(
        f"\n| {mode}, {len(times[names[0]])} queries each | p50 ms | p95 ms | p50 / {names[0]} | p95 / {names[0]} |"
    )
    print("|---|---|---|---|---|")
    for name, (p50, p95) in stats.items():
        print(f"| {name} | {p50:.1f} | {p95:.1f} | {p50 / base50:.3f} | {p95 / base95:.3f} |")


def rankings(retrievers: dict[str, Retriever], questions: list[str], label: str) -> None:
    """Cosine of each engine's question vectors to the first engine's, and changed top-10 lists per mode."""
    names = list(retrievers)
    base = names[0]
    vectors = {  # the text the vector search embeds: the question with its lexicon glosses
        name: np.vstack([r.embedder.embed_query(r.enhance(q).vector_text) for q in questions])
        for name, r in retrievers.items()
    }
    tops = {
        name: {
            mode: [[h.chunk_id for h in r.search(q, k=10, mode=mode)] for q in questions]
            for mode in RANK_MODES
        }
        for name, r in retrievers.items()
    }
    for name in names[1:]:
        cosines = (vectors[name] * vectors[base]).sum(axis=1)
        changed = {
            mode: sum(a != b for a, b in zip(tops[name][mode], tops[base][mode], strict=True))
            for mode in RANK_MODES
        }
        top5 = {
            mode: sum(a[:5] != b[:5] for a, b in zip(tops[name][mode], tops[base][mode], strict=True))
            for mode in RANK_MODES
        }
        print(
            f"{label}: {name} vs {base}, {len(questions)} questions: cosine min {cosines.min():.7f} "
            f"mean {cosines.mean():.7f}; top-10 lists changed {changed} (top-5 changed {top5})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--engines", default="numpy,onnx,onnx-int8", help="the first is the baseline")
    parser.add_argument("--rounds", type=int, default=4, help="times each question is asked of each engine")
    parser.add_argument("--queries", type=int, default=30)
    parser.add_argument("--modes", default="hybrid")
    parser.add_argument("--rankings", action="store_true", help="also compare vectors and top-10 rankings")
    parser.add_argument("--data-dir", type=Path, help="reuse an index here (default: a temporary one)")
    args = parser.parse_args()
    engines = args.engines.split(",")
    with tempfile.TemporaryDirectory(prefix="quyche-bench-engines-") as tmp:
        data_dir = args.data_dir or Path(tmp)
        settings = Settings(
            _env_file=None, data_dir=data_dir, corpus_dir=REPO / "corpus", llm_provider="offline"
        )
        retrievers = _retrievers(settings, engines)
        questions = [i.question for i in load_golden() if not i.refuse][: args.queries]
        for mode in args.modes.split(","):
            latency(retrievers, questions, mode, args.rounds)
        if args.rankings:
            from evals.real_law_eval import load_questions, real_law_settings

            rankings(retrievers, [i.question for i in load_golden()], "golden")
            law = _retrievers(real_law_settings(settings), engines)
            rankings(law, [i.question for i in load_questions("dev")], "real-law dev")


if __name__ == "__main__":
    main()
