"""Benchmark rows for the ways a question arrives (issues #18, #20), each against a baseline of the same run:

cold ``quyche ask`` in a fresh process (numpy query engine vs the old torch one) vs a warm in-process ask;
query embedding numpy vs torch (load and per query); ``/retrieve`` and MCP ``ask`` through a running HTTP server
vs the same calls in-process; passage embedding throughput (sentence-transformers as the build uses it vs numpy).

Every timed question is new to the process and to the query cache: each measurement takes fresh golden
questions from one shared pool (a cached query vector would hide the model's cost).
"""

from __future__ import annotations

import asyncio
import os
import resource
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from indexes.settings import Settings

REPO = Path(__file__).resolve().parents[1]
RETRIEVE_MODES = ("bm25", "vector", "hybrid", "tree")


class Questions:
    """Hands out each question once (then cycles with a numbered suffix, still new to every cache)."""

    def __init__(self, questions: list[str]) -> None:
        self._source = questions
        self._next = self._cycle()

    def _cycle(self) -> Iterator[str]:
        round_ = 0
        while True:
            for q in self._source:
                yield q if round_ == 0 else f"{q} ({round_})"
            round_ += 1

    def take(self, n: int) -> list[str]:
        return [next(self._next) for _ in range(n)]


def timed(fn: Callable, *args, **kwargs) -> float:
    started = time.perf_counter()
    fn(*args, **kwargs)
    return time.perf_counter() - started


def _env(settings: Settings, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "QUYCHE_DATA_DIR": str(settings.data_dir),
        "QUYCHE_LLM_PROVIDER": "offline",
        "PYTHONPATH": str(REPO),
        **extra,
    }


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cold_ask(settings: Settings, questions: list[str], engine: str) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of ``quyche ask`` in a fresh process per question (CPU time is the steadier
    figure on a shared machine: waiting for a core inflates wall time only)."""
    env = _env(settings, QUYCHE_QUERY_ENGINE=engine)
    command = [sys.executable, "-m", "ui.cli", "ask"]
    wall, cpu = [], []
    for q in questions:
        before = _children_cpu()
        wall.append(timed(subprocess.run, [*command, q], env=env, cwd=REPO, check=True, capture_output=True))
        cpu.append(_children_cpu() - before)
    return wall, cpu


def warm_ask(settings: Settings, warmup: str, questions: list[str]) -> list[float]:
    from agent.assistant import Assistant

    assistant = Assistant(settings)
    assistant.ask(warmup)
    return [timed(assistant.ask, q) for q in questions]


def query_engines(settings: Settings, pool: Questions, n: int) -> dict[str, dict]:
    """Per engine: first query (import + load + one query) and the warm per-query latency."""
    from indexes.search.embedder import Embedder

    out = {}
    for engine in ("numpy", "torch"):
        embedder = Embedder(
            settings.cache_dir, cache_queries=False, query_engine=engine, models_dir=settings.model_cache_dir
        )
        first = timed(embedder.embed_query, pool.take(1)[0])
        out[engine] = {"first_s": first, "latency": [timed(embedder.embed_query, q) for q in pool.take(n)]}
    return out


def in_process_retrieve(settings: Settings, pool: Questions, n: int) -> dict[str, list[float]]:
    """The same strategies in this process, one warm ``SharedIndexes`` (what the CLI's loop does)."""
    from tools.context import SharedIndexes, ToolContext
    from tools.retrieval_service import RetrievalService

    shared = SharedIndexes(settings)
    shared.warm()

    def run(query: str, mode: str) -> None:
        RetrievalService(ToolContext(settings, indexes=shared)).retrieve(query, mode)

    run(pool.take(1)[0], "hybrid")
    return {mode: [timed(run, q, mode) for q in pool.take(n)] for mode in RETRIEVE_MODES}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(port: int, proc: subprocess.Popen, seconds: float = 180) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise TimeoutError(f"server did not listen on {port}")


def server_paths(settings: Settings, pool: Questions, n: int) -> dict[str, list[float]]:
    """``quyche mcp --transport http``: new-query latency of ``/retrieve`` per mode and of MCP ``ask``."""
    import httpx
    from fastmcp import Client
    from fastmcp.client.transports import StreamableHttpTransport

    port = _free_port()
    command = [sys.executable, "-m", "ui.cli", "mcp", "--transport", "http", "--port", str(port)]
    proc = subprocess.Popen(
        command, cwd=REPO, env=_env(settings), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        _wait_for(port, proc)
        base = f"http://127.0.0.1:{port}"
        out: dict[str, list[float]] = {}
        with httpx.Client(timeout=300) as http:

            def post(query: str, mode: str) -> None:
                http.post(f"{base}/retrieve", json={"query": query, "mode": mode}).raise_for_status()

            post(pool.take(1)[0], "hybrid")  # the first request of a fresh server
            for mode in RETRIEVE_MODES:
                out[mode] = [timed(post, q, mode) for q in pool.take(n)]

        async def asks(questions: list[str]) -> list[float]:
            times = []
            async with Client(StreamableHttpTransport(f"{base}/mcp")) as client:
                for q in questions:
                    started = time.perf_counter()
                    await client.call_tool("ask", {"question": q})
                    times.append(time.perf_counter() - started)
            return times

        out["mcp_ask"] = asyncio.run(asks(pool.take(n)))
        return out
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def embedding_throughput(settings: Settings, texts: list[str]) -> dict[str, float]:
    """Passages per second: the build's path (sentence-transformers, batches of 16 within steps of 64, as
    ``Embedder.embed_documents``), one length-sorted call, and the numpy engine."""
    from indexes.search.e5_model import ensure_e5_model_dir
    from indexes.search.e5_numpy import NumpyE5
    from indexes.search.embedder import Embedder

    model = Embedder(settings.cache_dir, models_dir=settings.model_cache_dir).model
    numpy_model = NumpyE5(ensure_e5_model_dir(settings.model_cache_dir))
    model.encode_document(texts[:4], batch_size=16)  # warm up

    def stepped() -> None:
        for i in range(0, len(texts), 64):
            model.encode_document(texts[i : i + 64], batch_size=16, normalize_embeddings=True)

    return {
        "torch, steps of 64 (build today)": len(texts) / timed(stepped),
        "torch, one length-sorted call": len(texts)
        / timed(model.encode_document, texts, batch_size=16, normalize_embeddings=True),
        "numpy": len(texts) / timed(numpy_model.encode_document, texts, 16),
    }


def p50(samples: list[float]) -> float:
    return statistics.median(samples)


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _ms(samples: list[float]) -> str:
    return f"{p50(samples) * 1000:.0f} / {p95(samples) * 1000:.0f}"


def run_paths(scales: dict[int, Settings], pool: Questions, n: int, cold_runs: int) -> None:
    """Measure and print every path row; ``scales``: copies -> settings of an index built with vectors."""
    base = scales[min(scales)]
    cold = {engine: cold_ask(base, pool.take(cold_runs), engine) for engine in ("numpy", "torch")}
    warm = warm_ask(base, pool.take(1)[0], pool.take(n))
    print("\n| `quyche ask`, new question | wall p50 s | wall p95 s | CPU p50 s | ratio (wall p50) |")
    print("|---|---|---|---|---|")
    print(f"| warm, in-process (baseline) | {p50(warm):.2f} | {p95(warm):.2f} | | 1.0 |")
    labels = {"numpy": "cold CLI, numpy query engine (new)", "torch": "cold CLI, torch (old)"}
    for engine, (wall, cpu) in cold.items():
        row = f"{p50(wall):.2f} | {p95(wall):.2f} | {p50(cpu):.2f} | {p50(wall) / p50(warm):.1f}"
        print(f"| {labels[engine]} | {row} |")
    (old_wall, old_cpu), (new_wall, new_cpu) = cold["torch"], cold["numpy"]
    print(
        f"| cold old / cold new | | | {p50(old_cpu) / p50(new_cpu):.1f} | {p50(old_wall) / p50(new_wall):.1f} |"
    )

    engines = query_engines(base, pool, n)
    print("\n| query embedding | first query s (import + load) | per new query p50/p95 ms |")
    print("|---|---|---|")
    for engine, r in engines.items():
        print(f"| {engine} | {r['first_s']:.2f} | {_ms(r['latency'])} |")
    ratio = p50(engines["torch"]["latency"]) / p50(engines["numpy"]["latency"])
    print(
        f"| torch / numpy | {engines['torch']['first_s'] / engines['numpy']['first_s']:.1f} | {ratio:.1f} |"
    )

    print(
        "\n| corpus | path | "
        + " | ".join(f"{m} p50/p95 ms" for m in RETRIEVE_MODES)
        + " | MCP ask p50/p95 ms |"
    )
    print("|---" * (len(RETRIEVE_MODES) + 3) + "|")
    for copies, settings in scales.items():
        local = in_process_retrieve(settings, pool, n)
        remote = server_paths(settings, pool, n)
        cells = " | ".join(_ms(local[m]) for m in RETRIEVE_MODES)
        print(f"| x{copies} | in-process (baseline) | {cells} | |")
        cells = " | ".join(_ms(remote[m]) for m in RETRIEVE_MODES)
        print(f"| x{copies} | HTTP server | {cells} | {_ms(remote['mcp_ask'])} |")
        cells = " | ".join(f"{p50(remote[m]) / p50(local[m]):.2f}" for m in RETRIEVE_MODES)
        print(f"| x{copies} | server / in-process (p50) | {cells} | |")


def print_throughput(settings: Settings, texts: list[str]) -> None:
    rates = embedding_throughput(settings, texts)
    baseline = rates["torch, steps of 64 (build today)"]
    print(f"\n| passage embedding ({len(texts)} chunks) | passages/s | ratio |")
    print("|---|---|---|")
    for name, rate in rates.items():
        print(f"| {name} | {rate:.1f} | {rate / baseline:.2f} |")
