"""Benchmark (run by hand, not a test): ingest throughput of generated JSON documents, and the cost of
re-ingesting them unchanged, measured in the same run.

    python -m evals.bench_ingest [--documents 1000] [--no-vectors]

Documents are generated from the bundled corpus' articles: each gets another company name, other numbers and
a shuffled choice of articles, so no two bodies are alike.
"""

from __future__ import annotations

import argparse
import random
import re
import resource
import tempfile
import time
from pathlib import Path

from evals.bench import COMPANIES, CORPUS
from indexes.pipeline.ingest import ingest
from indexes.settings import Settings
from indexes.sources.combined_json import json_documents


def _articles() -> list[str]:
    out: list[str] = []
    for path in sorted(CORPUS.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        out += [a.strip() for a in re.split(r"(?m)^(?=#{2,4} )", text) if a.lstrip().startswith("#")]
    return out


def generate(n: int, seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    articles = _articles()
    docs = []
    for i in range(n):
        company = f"{rng.choice(COMPANIES)} {i}"
        picked = rng.sample(articles, k=rng.randint(2, 5))
        body = "\n\n".join(picked).replace("Công ty", f"Công ty {company}")
        body = re.sub(r"\d+", lambda m: str(int(m.group()) + rng.randint(0, 3)), body)
        docs.append({"body": f"# Quy định {company}\n\n{body}\n", "title": f"Quy định của {company}"})
    return docs


def run(n: int, vectors: bool) -> None:
    items = generate(n)
    megabytes = sum(len(d["body"].encode("utf-8")) for d in items) / 1e6
    with tempfile.TemporaryDirectory(prefix="quyche-bench-ingest-") as tmp:
        settings = Settings(_env_file=None, data_dir=Path(tmp), vectors=vectors, llm_provider="offline")
        docs, _ = json_documents(items, "bench", "bench", settings.max_file_bytes)
        started = time.perf_counter()
        first = ingest(settings, docs, origin="bench")
        first_s = time.perf_counter() - started
        started = time.perf_counter()
        again = ingest(settings, docs, origin="bench")
        again_s = time.perf_counter() - started
    assert set(first.counts()) == {"indexed"} and set(again.counts()) == {"unchanged"}
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"| documents | {n} ({megabytes:.2f} MB, vectors {'on' if vectors else 'off'}) |")
    print("|---|---|")
    print(f"| first ingest | {first_s:.1f} s: {n / first_s:.1f} docs/s, {megabytes / first_s:.3f} MB/s |")
    print(f"| re-ingest unchanged | {again_s:.2f} s ({again_s / first_s:.3f} of the first) |")
    print(f"| chunks indexed | {first.index.chunks if first.index else 0} |")
    print(f"| peak RSS | {peak_mb:.0f} MB |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=1000)
    parser.add_argument("--no-vectors", action="store_true", help="skip embeddings (BM25/tree only)")
    args = parser.parse_args()
    run(args.documents, not args.no_vectors)


if __name__ == "__main__":
    main()
