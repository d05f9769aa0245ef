"""``python -m evals.bench_serve``: the HTTP server under concurrent load, against one client at a time.

Starts ``quyche mcp --transport http`` on the given data dir (indexing the bundled corpus there first when it
has no index), sends the same set of distinct ``/retrieve`` queries one by one, then all at once from many
client threads, and prints requests per second for each, their ratio, errors and latencies. Figures, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from evals.adversary import REPO, server

TOKEN = {"Authorization": "Bearer bench"}
TOPICS = (
    "nghỉ phép năm",
    "giờ làm việc buổi sáng",
    "hạn mức cho vay",
    "phụ cấp ăn trưa",
    "công tác phí",
    "kết hôn được nghỉ mấy ngày",
    "thử việc bao lâu",
    "làm thêm giờ",
    "thưởng cuối năm",
    "kỷ luật lao động",
)


def queries(n: int) -> list[str]:
    """``n`` distinct queries, new on every call (no cache, not even the embeddings', answers one)."""
    salt = uuid.uuid4().hex[:6]
    return [f"{TOPICS[i % len(TOPICS)]} {salt}{i}" for i in range(n)]


def one(client: httpx.Client, query: str, mode: str) -> tuple[int, float]:
    started = time.perf_counter()
    try:
        status = client.post("/retrieve", json={"query": query, "mode": mode}, headers=TOKEN).status_code
    except httpx.HTTPError:
        status = 0
    return status, time.perf_counter() - started


def run(client: httpx.Client, batch: list[str], mode: str, clients: int) -> dict:
    started = time.perf_counter()
    if clients == 1:
        results = [one(client, q, mode) for q in batch]
    else:
        limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
        with (
            httpx.Client(base_url=client.base_url, limits=limits, timeout=600) as many,
            ThreadPoolExecutor(clients) as pool,
        ):
            results = list(pool.map(lambda q: one(many, q, mode), batch))
    wall = time.perf_counter() - started
    latencies = sorted(s for _, s in results)
    return {
        "requests": len(batch),
        "errors": sum(1 for status, _ in results if status != 200),
        "req_per_s": len(batch) / wall,
        "p50_s": statistics.median(latencies),
        "p95_s": latencies[int(0.95 * (len(latencies) - 1))],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "quyche-bench-serve")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--clients", type=int, default=200, help="concurrent client threads")
    parser.add_argument("--mode", default="hybrid")
    parser.add_argument("--workers", type=int, default=4, help="QUYCHE_SERVE_WORKERS of the server")
    parser.add_argument("--timeout", type=float, default=120.0, help="QUYCHE_REQUEST_TIMEOUT_S of the server")
    args = parser.parse_args(argv)
    if not (args.data_dir / "index").exists():
        env = {**os.environ, "QUYCHE_DATA_DIR": str(args.data_dir), "QUYCHE_LLM_PROVIDER": "offline"}
        subprocess.run([sys.executable, "-m", "ui.cli", "index"], cwd=REPO, env=env, check=True)
    env = {
        "QUYCHE_MCP_TOKENS": json.dumps({"bench": "global"}),
        "QUYCHE_VECTORS": "true",
        "QUYCHE_SERVE_WORKERS": str(args.workers),
        "QUYCHE_REQUEST_TIMEOUT_S": str(args.timeout),
    }
    with server(args.data_dir, **env) as client:
        client.timeout = httpx.Timeout(600)
        run(client, queries(10), args.mode, 1)  # warm-up: the embedding model loads on the first query
        single = run(client, queries(args.requests), args.mode, 1)
        many = run(client, queries(args.requests), args.mode, args.clients)
    print(f"| {args.mode}, {args.requests} requests | clients | req/s | p50 s | p95 s | errors |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, clients, r in (("one at a time", 1, single), ("all at once", args.clients, many)):
        row = f"{r['req_per_s']:.1f} | {r['p50_s']:.2f} | {r['p95_s']:.2f} | {r['errors']}"
        print(f"| {label} | {clients} | {row} |")
    print(f"throughput all at once / one at a time: {many['req_per_s'] / single['req_per_s']:.0%}")
    print("(errors: 503 answers of requests still queued after the timeout, or failed connections)")
    return 1 if single["errors"] or many["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
