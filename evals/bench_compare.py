"""Warm query latency of this checkout against another one, question by question, in the same minutes.

    python -m evals.bench_compare /path/to/other/checkout [--rounds 4] [--queries 30] [--modes hybrid,keyword]

On a shared machine two benchmark runs minutes apart differ by more than most changes (other jobs come and go),
so this runs one warm process per checkout, each over its own index of the bundled corpus (built by its own
code, the converted model shared), and sends every question to both in turn, alternating which goes first.
Query embeddings are not cached (as in ``evals.bench``). Prints p50 / p95 per checkout and their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from evals.golden import load_golden
from evals.metrics import percentile

HERE = Path(__file__).resolve().parents[1]

# Runs inside each checkout (its own code on PYTHONPATH); only APIs both sides have.
WORKER = """
import json, sys, time
from pathlib import Path
from indexes.pipeline.ingest import index_folder
from indexes.search.embedder import Embedder
from indexes.settings import Settings
from tools.context import ToolContext

data_dir, corpus_dir = Path(sys.argv[1]), Path(sys.argv[2])
settings = Settings(_env_file=None, data_dir=data_dir, corpus_dir=corpus_dir, llm_provider="offline")
index_folder(settings)
retriever = ToolContext(settings, embedder=Embedder(settings.cache_dir, cache_queries=False)).retriever
retriever.search("warm up", k=5, mode="hybrid")
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    started = time.perf_counter()
    retriever.search(request["q"], k=5, mode=request["mode"])
    print(json.dumps({"s": time.perf_counter() - started}), flush=True)
"""


def _start(checkout: Path, data_dir: Path, models: Path | None) -> subprocess.Popen:
    if models is not None:
        shutil.copytree(models, data_dir / "cache" / "models")
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    worker = subprocess.Popen(
        [sys.executable, "-c", WORKER, str(data_dir), str(HERE / "corpus")],
        cwd=checkout,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert worker.stdout is not None
    for line in worker.stdout:  # index build logs go to stderr; wait for the ready line
        if json.loads(line).get("ready"):
            break
    return worker


def _ask(worker: subprocess.Popen, question: str, mode: str) -> float:
    assert worker.stdin is not None and worker.stdout is not None
    worker.stdin.write(json.dumps({"q": question, "mode": mode}) + "\n")
    worker.stdin.flush()
    return json.loads(worker.stdout.readline())["s"]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("other", type=Path, help="the checkout to compare with (e.g. a worktree of main)")
    parser.add_argument("--rounds", type=int, default=4, help="times each question is asked of each side")
    parser.add_argument("--queries", type=int, default=30)
    parser.add_argument("--modes", default="hybrid")
    args = parser.parse_args()
    questions = [i.question for i in load_golden() if not i.refuse][: args.queries]
    sides = {"this": HERE, "other": args.other.resolve()}
    with tempfile.TemporaryDirectory(prefix="quyche-bench-compare-") as tmp:
        models = Path(tmp) / "models"
        workers: dict[str, subprocess.Popen] = {}
        for name, checkout in sides.items():
            data_dir = Path(tmp) / name
            workers[name] = _start(checkout, data_dir, models if models.exists() else None)
            if not models.exists():
                shutil.copytree(data_dir / "cache" / "models", models)
        try:
            for mode in args.modes.split(","):
                times: dict[str, list[float]] = {name: [] for name in sides}
                for round_ in range(args.rounds):
                    for i, question in enumerate(questions):
                        order = list(sides) if (i + round_) % 2 == 0 else list(sides)[::-1]
                        for name in order:
                            times[name].append(_ask(workers[name], question, mode))
                _report(mode, sides, times)
        finally:
            for worker in workers.values():
                worker.terminate()


def _report(mode: str, sides: dict[str, Path], times: dict[str, list[float]]) -> None:
    stats = {name: (percentile(t, 50) * 1000, percentile(t, 95) * 1000) for name, t in times.items()}
    print(f"\n| {mode} ({len(times['this'])} queries each) | p50 ms | p95 ms |")
    print("|---|---|---|")
    for name, (p50, p95) in stats.items():
        print(f"| {name}: {sides[name]} | {p50:.1f} | {p95:.1f} |")
    (t50, t95), (o50, o95) = stats["this"], stats["other"]
    print(f"| this / other | {t50 / o50:.3f} | {t95 / o95:.3f} |")


if __name__ == "__main__":
    main()
