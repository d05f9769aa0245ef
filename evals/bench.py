"""Benchmark (run by hand, not a test): index build, re-index, query and tool latency, end-to-end ask, memory.

    python -m evals.bench [--scales 1,10,100] [--vectors-up-to 10] [--queries 30] [--retrieval-only]
                          [--path-queries 8] [--cold-runs 3]

Generated corpora copy the bundled documents N times, varying company names, numbers and wording. Figures are
printed as a table; ratios (re-index / build, hybrid / BM25) are measured in the same run.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import re
import resource
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from agent.assistant import Assistant
from evals import bench_paths
from evals.golden import load_golden
from evals.metrics import percentile
from indexes.pipeline.ingest import index_folder
from indexes.settings import Settings
from indexes.tree.cache import DecisionCache
from indexes.tree.chooser import OfflineTreeChooser
from indexes.tree.retriever import TreeRetriever
from tools.context import ToolContext
from tools.registry import run_tool

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
COMPANIES = [
    "Hoa Sen",
    "Bình Minh",
    "Phương Nam",
    "Trường An",
    "Đại Việt",
    "Hồng Hà",
    "Thái Bình",
    "Cửu Long",
]
WORDING = [
    ("người lao động", "nhân viên"),
    ("Công ty", "Doanh nghiệp"),
    ("được hưởng", "được nhận"),
    ("tối đa", "không quá"),
]


def generate_corpus(target: Path, copies: int, seed: int = 7) -> int:
    """Write ``copies`` variants of the bundled corpus into ``target``; returns total bytes."""
    rng = random.Random(seed)
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy(CORPUS / "glossary.yaml", target)
    total = 0
    for i in range(copies):
        for path in sorted(CORPUS.glob("*.md")):
            text = path.read_text(encoding="utf-8")
            if i:
                company = rng.choice(COMPANIES)
                text = text.replace("Sao Mai", f"{company} {i}").replace(
                    "SaoMai", f"{company.replace(' ', '')}{i}"
                )
                text = re.sub(r"doc_id: (\w+)", rf"doc_id: \1_{i}", text)
                # its own URL too: ingest treats documents with the same URL as versions of one document
                text = re.sub(r"source_url: (\S+)", rf"source_url: \1-{i}", text)
                text = re.sub(
                    r"\b(\d{2,3})\.000\b", lambda m: f"{int(m.group(1)) + rng.randint(0, 9)}.000", text
                )
                for a, b in WORDING:
                    if rng.random() < 0.5:
                        text = text.replace(a, b)
            out = target / f"{path.stem}_{i}.md"
            out.write_text(text, encoding="utf-8")
            total += len(text.encode("utf-8"))
    return total


def timed(fn, *args, **kwargs) -> tuple[object, float]:
    started = time.perf_counter()
    result = fn(*args, **kwargs)
    return result, time.perf_counter() - started


def ms_stats(samples: list[float]) -> str:
    return f"{percentile(samples, 50) * 1000:.1f} / {percentile(samples, 95) * 1000:.1f}"


def bench_tree(settings: Settings, ctx: ToolContext, questions: list[str], work: Path) -> dict:
    """Tree retrieval (offline chooser) per query: a cold decision cache, then the same questions again."""
    cache = DecisionCache(work / f"tree_cache_{settings.data_dir.name}", ctx.store.build_id)
    tree = TreeRetriever(settings, ctx.store, OfflineTreeChooser(), cache)
    passes = {}
    for name in ("cold", "cached"):
        runs = [timed(tree.search, q, 5) for q in questions]
        passes[name] = {
            "latency": [t for _, t in runs],
            "calls": statistics.mean(r.llm_calls for r, _ in runs),
            "fallbacks": sum(bool(r.fallback_steps) for r, _ in runs),
        }
    return passes


def bench_scale(
    copies: int,
    vectors: bool,
    questions: list[str],
    shared_cache: Path,
    work: Path,
    retrieval_only: bool = False,
) -> dict:
    corpus = work / f"corpus_x{copies}"
    size = generate_corpus(corpus, copies)
    settings = Settings(
        _env_file=None,
        data_dir=work / f"data_x{copies}",
        corpus_dir=corpus,
        llm_provider="offline",
        vectors=vectors,
    )
    # the converted model is shared; embeddings are not, so the first build embeds everything
    (settings.cache_dir / "models").parent.mkdir(parents=True, exist_ok=True)
    if (shared_cache / "models").exists() and not (settings.cache_dir / "models").exists():
        shutil.copytree(shared_cache / "models", settings.cache_dir / "models")
    report, build_s = timed(index_folder, settings)
    _, reindex_s = timed(index_folder, settings)
    changed = sorted(corpus.glob("noi_quy_lao_dong_*.md"))[0]
    changed.write_text(changed.read_text(encoding="utf-8") + "\nGhi chú bổ sung.\n", encoding="utf-8")
    _, incremental_s = timed(index_folder, settings)

    embedder = None
    if vectors:
        from indexes.search.embedder import Embedder

        embedder = Embedder(
            settings.cache_dir, cache_queries=False, models_dir=settings.model_cache_dir
        )  # time real query embeddings
    ctx = ToolContext(settings, today=dt.date(2026, 11, 23), embedder=embedder)
    modes = ["keyword", "vector", "hybrid"] if vectors else ["keyword"]
    ctx.retriever.search(questions[0], k=5, mode=modes[-1])  # warm up (model load)
    latency = {m: [timed(ctx.retriever.search, q, 5, m)[1] for q in questions] for m in modes}
    tree = bench_tree(settings, ctx, questions, work)
    nodes = len(ctx.store.nodes)
    if retrieval_only:
        return {"copies": copies, "docs": report.documents, "nodes": nodes, "latency": latency, "tree": tree}
    tools = {
        "lookup_rules": lambda q: run_tool(ctx, "lookup_rules", {"query": q}),
        "lookup_article": lambda q: run_tool(ctx, "lookup_article", {"ref": q}),
        "expand_node": lambda q: run_tool(ctx, "expand_node", {"node_id": "noi_quy_lao_dong:dieu-6"}),
        "calculate_leave": lambda q: run_tool(
            ctx, "calculate_leave", {"probation_start": "tháng 7", "as_of": "tháng 10"}
        ),
    }
    tool_latency = {name: [timed(fn, q)[1] for q in questions] for name, fn in tools.items()}
    assistant = Assistant(settings, today=dt.date(2026, 11, 23), embedder=embedder)
    ask = [timed(assistant.ask, q)[1] for q in questions]
    return {
        "copies": copies,
        "settings": settings,
        "mb": size / 1e6,
        "docs": report.documents,
        "chunks": report.chunks,
        "vectors": vectors,
        "build_s": build_s,
        "reindex_s": reindex_s,
        "incremental_s": incremental_s,
        "latency": latency,
        "tools": tool_latency,
        "ask": ask,
        "tree": tree,
        "nodes": nodes,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--scales", default="1,10", help="corpus copies; add 100 for the x100 rows (minutes)")
    parser.add_argument("--vectors-up-to", type=int, default=10, help="largest scale built with vectors")
    parser.add_argument("--queries", type=int, default=30)
    parser.add_argument("--retrieval-only", action="store_true", help="only the tree vs hybrid table")
    parser.add_argument("--path-queries", type=int, default=8, help="new questions per path row (0: skip)")
    parser.add_argument("--cold-runs", type=int, default=3, help="fresh `quyche ask` processes per engine")
    args = parser.parse_args()
    golden = [i.question for i in load_golden() if not i.refuse]
    questions = golden[: args.queries]
    with tempfile.TemporaryDirectory(prefix="quyche-bench-") as tmp:
        work = Path(tmp)
        rows = []
        for copies in (int(s) for s in args.scales.split(",")):
            vectors = copies <= args.vectors_up_to
            row = bench_scale(
                copies, vectors, questions, work / "data_x1" / "cache", work, args.retrieval_only
            )
            rows.append(row)
            print(f"done x{copies}", flush=True)
        if args.path_queries and not args.retrieval_only:
            with_vectors = {r["copies"]: r["settings"] for r in rows if r["vectors"]}
            pool = bench_paths.Questions(golden[args.queries :] + golden[: args.queries])
            bench_paths.run_paths(with_vectors, pool, args.path_queries, args.cold_runs)
            first = with_vectors[min(with_vectors)]
            texts = [c.search_text() for c in ToolContext(first).retriever.chunks.values()][:64]
            bench_paths.print_throughput(first, texts)
    print_tree_table(rows)
    if args.retrieval_only:
        return
    print(
        "\n| corpus | MB | docs | chunks | vectors | build s | re-index s (ratio) | 1 doc changed s | "
        "BM25 p50/p95 ms | vector p50/p95 ms | hybrid p50/p95 ms | hybrid/BM25 p50 | ask p50/p95 ms | peak RSS MB |"
    )
    print("|---" * 15 + "|")
    for r in rows:
        lat = r["latency"]
        ratio = (
            (statistics.median(lat["hybrid"]) / statistics.median(lat["keyword"]))
            if "hybrid" in lat
            else float("nan")
        )
        print(
            f"| x{r['copies']} | {r['mb']:.2f} | {r['docs']} | {r['chunks']} | {r['vectors']} | {r['build_s']:.1f} | "
            f"{r['reindex_s']:.2f} ({r['reindex_s'] / r['build_s']:.3f}) | {r['incremental_s']:.1f} | "
            f"{ms_stats(lat['keyword'])} | {ms_stats(lat['vector']) if 'vector' in lat else '-'} | "
            f"{ms_stats(lat['hybrid']) if 'hybrid' in lat else '-'} | {ratio:.1f} | {ms_stats(r['ask'])} | "
            f"{r['peak_rss_mb']:.0f} |"
        )
    print("\n| corpus | " + " | ".join(f"{t} p50/p95 ms" for t in rows[0]["tools"]) + " |")
    print("|---" * (len(rows[0]["tools"]) + 1) + "|")
    for r in rows:
        print(f"| x{r['copies']} | " + " | ".join(ms_stats(v) for v in r["tools"].values()) + " |")


def print_tree_table(rows: list[dict]) -> None:
    print(
        "\n| corpus | docs | nodes | hybrid p50/p95 ms | BM25 p50/p95 ms | tree p50/p95 ms (cold cache) | "
        "model calls/query | tree p50/p95 ms (cached) | model calls/query (cached) |"
    )
    print("|---" * 9 + "|")
    for r in rows:
        lat, cold, cached = r["latency"], r["tree"]["cold"], r["tree"]["cached"]
        hybrid = ms_stats(lat["hybrid"]) if "hybrid" in lat else "-"
        print(
            f"| x{r['copies']} | {r['docs']} | {r['nodes']} | {hybrid} | {ms_stats(lat['keyword'])} | "
            f"{ms_stats(cold['latency'])} | {cold['calls']:.2f} | {ms_stats(cached['latency'])} | "
            f"{cached['calls']:.2f} |"
        )


if __name__ == "__main__":
    main()
