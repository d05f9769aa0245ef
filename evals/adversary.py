"""``python -m evals.adversary``: replay hostile input and damage against the CLI, the HTTP routes and MCP; print
a table of outcomes.

Every case expects either a clear refusal (a 4xx, an MCP error or a non-zero exit with a message naming the fix)
or a correct answer; the outcomes are defined in ``evals/adversary_lab.py``. The groups:

- ``http`` (``adversary_cases_http.py``): auth and Origin variants on every route, bad bodies, content types,
  paths and methods, MCP protocol misuse;
- ``tenants`` (``adversary_cases_tenants.py``): every caller probes every other tenant through every mode, tool,
  route and resource; thread ids;
- ``tools`` (``adversary_cases_tools.py``): malformed tool arguments through MCP, the calculator's extremes;
- ``concurrency`` (``adversary_cases_concurrency.py``): reads during publishes, writes at once, load;
- ``damage`` (``adversary_cases_damage.py``): every published file, the store, the history, Chroma — on copies;
- ``input`` (``adversary_cases_input.py``): bad files and extreme CLI arguments.

The bundled corpus is indexed without vectors into a temporary folder (and once with vectors, for the Chroma
cases); the CLI and the servers run as processes, as a user runs them.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from evals.adversary_cases_concurrency import concurrency_cases
from evals.adversary_cases_damage import damage_cases
from evals.adversary_cases_http import http_cases
from evals.adversary_cases_input import input_cases
from evals.adversary_cases_tenants import issue_threads, tenant_cases
from evals.adversary_cases_tools import tool_cases
from evals.adversary_lab import (
    CLI_TIMEOUT_S,
    HEADERS,
    MAX_REQUEST_BYTES,
    OUTCOMES,
    QUESTION,
    REPO,
    SECRET,
    TOKENS,
    Check,
    Lab,
    cli,
    server,
)
from indexes.pipeline.ingest import index_folder
from indexes.store.published_index import IndexStore

Results = dict[str, dict[str, tuple[str, str, float]]]  # group -> case -> (outcome, expected, seconds)


def run_case(check: Check, budget_s: float) -> tuple[str, str, float]:
    result: dict = {}

    def target() -> None:
        try:
            result["outcome"] = check.run()
        except BaseException as exc:  # noqa: BLE001 - an escaped exception is what this table counts
            result["outcome"], result["error"] = "traceback/500", repr(exc)[:200]

    started = time.perf_counter()
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(budget_s)
    if "error" in result:
        print(f"  (an exception escaped: {result['error']})")
    return result.get("outcome", "hang"), check.expect, time.perf_counter() - started


def run_group(cases: dict[str, Check], budget_s: float, jobs: int = 1) -> dict[str, tuple[str, str, float]]:
    with ThreadPoolExecutor(jobs) as pool:
        futures = {name: pool.submit(run_case, check, budget_s) for name, check in cases.items()}
        return {name: future.result() for name, future in futures.items()}


def build_lab(work: Path, vectors: bool) -> Lab:
    lab = Lab(base=work / "base", work=work)
    index_folder(lab.settings())
    cli(lab.base, "ask", QUESTION)  # a conversation history, for the cases that damage it
    shutil.copytree(REPO / "corpus", work / "corpus-copy")
    if vectors:
        lab.vectors = work / "vectors"
        index_folder(lab.settings(lab.vectors, vectors=True))
    return lab


def push_secrets(lab: Lab, client: httpx.Client) -> None:
    """One document per tenant that only its own token may find (the tenant probes look for it)."""
    for tenant in ("acme", "beta"):
        body = {"body": SECRET[tenant], "title": SECRET[tenant].splitlines()[0][2:]}
        r = client.post("/documents", json=body, headers=HEADERS[tenant])
        lab.secret_ids[tenant] = {x["documentId"] for x in r.json()["results"]}
    store = IndexStore(lab.served / "index")
    for tenant, ids in lab.secret_ids.items():
        doc = next(iter(ids))
        lab.secret_nodes[tenant] = next(
            n.node_id for n in store.tree(doc).walk() if n.title.startswith("Điều 1")
        )


def run_all(lab: Lab, budget_s: float, jobs: int, only: set[str]) -> Results:
    results: Results = {}
    tokens = {
        "QUYCHE_MCP_TOKENS": json.dumps(TOKENS),
        "QUYCHE_MCP_INGEST": "true",
        "QUYCHE_MAX_REQUEST_BYTES": str(MAX_REQUEST_BYTES),
    }
    vectors = {"QUYCHE_VECTORS": "true"} if lab.vectors else {}
    with server(lab.served, **tokens, **vectors) as token, server(lab.base) as open_:
        push_secrets(lab, token)
        issue_threads(lab, token)
        groups = {
            "http": lambda: http_cases(token, open_),
            "tenants": lambda: tenant_cases(lab, token),
            "tools": lambda: tool_cases(token),
        }
        for group, cases in groups.items():
            if group in only:
                results[group] = run_group(cases(), budget_s)
    if "concurrency" in only:
        data = lab.copy("concurrency")
        with server(data, **tokens) as client:
            results["concurrency"] = run_group(concurrency_cases(client, data, lab.work), budget_s)
    for group, cases in {"damage": damage_cases, "input": input_cases}.items():
        if group in only:
            results[group] = run_group(cases(lab), budget_s, jobs)
    return results


def report(results: Results) -> list[str]:
    """Print the table; return the cases that did not end as expected."""
    totals: Counter = Counter()
    held_total = 0
    print(f"| group | cases | held | {' | '.join(OUTCOMES)} |\n|---|---:|---:|" + "---:|" * len(OUTCOMES))
    failures = []
    for group, cases in results.items():
        counts = Counter(outcome for outcome, _, _ in cases.values())
        held = sum(outcome == expected for outcome, expected, _ in cases.values())
        failures += [
            f"{group}: {n}: {o}, expected {e} ({s:.1f}s)" for n, (o, e, s) in cases.items() if o != e
        ]
        totals += counts
        held_total += held
        row = " | ".join(str(counts[o]) for o in OUTCOMES)
        print(f"| {group} | {sum(counts.values())} | {held} | {row} |")
    row = " | ".join(str(totals[o]) for o in OUTCOMES)
    print(f"| **all** | {sum(totals.values())} | {held_total} | {row} |")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=120.0, help="seconds per case before it is a hang")
    parser.add_argument("--jobs", type=int, default=2, help="CLI cases run at once (damage, input)")
    parser.add_argument(
        "--no-vectors", action="store_true", help="no vector index: no Chroma damage, vector modes untried"
    )
    groups = ("http", "tenants", "tools", "concurrency", "damage", "input")
    parser.add_argument("--groups", default=",".join(groups), help=f"comma-separated subset of {groups}")
    args = parser.parse_args(argv)
    os.environ.update({"QUYCHE_LLM_PROVIDER": "offline", "QUYCHE_VECTORS": "false"})  # this process' builds
    CLI_TIMEOUT_S[0] = args.budget - 2
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        lab = build_lab(Path(tmp), vectors=not args.no_vectors)
        results = run_all(lab, args.budget, args.jobs, set(args.groups.split(",")))
        failures = report(results)
        for line in failures:
            print(f"  ! {line}")
    print(f"{sum(len(c) for c in results.values())} cases in {time.perf_counter() - started:.0f}s")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
