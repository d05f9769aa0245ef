"""Concurrency against one server on a writable copy: reads during publishes (from the server and from another
process), writes at once, the quick paths while heavy work runs, many requests at once, one thread claimed by two
tenants at once. Each holds (``ok``) when every request gets its right answer."""

from __future__ import annotations

import secrets
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from evals.adversary_lab import ACME, BETA, REPO, Check, Mcp, answers, env

QUERIES = ("giờ làm việc buổi sáng", "nghỉ phép năm", "công tác phí", "cho vay", "kết hôn nghỉ mấy ngày")


def _document(n: int) -> dict:
    para = "Nhân viên được nghỉ 12 ngày phép mỗi năm. Khi kết hôn được nghỉ 03 ngày hưởng nguyên lương. "
    tag = secrets.token_hex(
        3
    )  # distinct bodies: a copy of a stored body is (rightly) rejected as a duplicate
    body = f"# Quy định lớn {tag}\n\n" + "\n\n".join(f"## Mục {i}\n\n{para * 6}" for i in range(n))
    return {"body": body, "title": f"Quy định lớn {tag}"}


def _retrieve_many(client: httpx.Client, count: int, workers: int, mode: str = "bm25") -> list[int]:
    def one(i: int) -> int:
        body = {"query": QUERIES[i % len(QUERIES)], "mode": mode, "top_k": 5}
        r = client.post("/retrieve", json=body, headers=ACME)
        return r.status_code if r.status_code != 200 or r.json().get("hits") else 204

    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(one, range(count)))


def _all_ok(statuses: list[int]) -> str:
    if any(s >= 500 for s in statuses):
        return "traceback/500"
    return "ok" if all(s == 200 for s in statuses) else "silent wrong"


def _reads_during_a_publish(client: httpx.Client) -> str:
    result: dict = {}
    writer = threading.Thread(
        target=lambda: result.update(r=client.post("/documents", json=_document(300), headers=ACME))
    )
    writer.start()
    statuses = []
    while writer.is_alive():
        statuses += _retrieve_many(client, 10, 5, "tree_lexical")
    writer.join()
    statuses += _retrieve_many(client, 10, 5)
    return _all_ok([*statuses, result["r"].status_code])


def _reads_during_a_cli_ingest(client: httpx.Client, data_dir: Path, work: Path) -> str:
    path = work / "cli-ingest.md"
    path.write_text(_document(300)["body"], encoding="utf-8")
    command = [sys.executable, "-m", "ui.cli", "--data-dir", str(data_dir), "ingest", str(path)]
    proc = subprocess.Popen(
        command, cwd=REPO, env=env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    statuses = []
    while proc.poll() is None:
        statuses += _retrieve_many(client, 10, 5)
    statuses += _retrieve_many(client, 10, 5)
    found = client.post("/retrieve", json={"query": "Quy định lớn mục", "mode": "bm25"}, headers=ACME)
    seen = "cli-ingest" in found.text or "cli_ingest" in found.text
    return _all_ok([*statuses, proc.returncode + 200]) if seen else "silent wrong"


def _two_writes_at_once(client: httpx.Client) -> str:
    docs = [_document(20), _document(20)]
    with ThreadPoolExecutor(2) as pool:
        responses = list(pool.map(lambda d: client.post("/documents", json=d, headers=ACME), docs))
    statuses = [r.status_code for r in responses]
    landed = all(r.status_code == 200 and r.json()["results"][0]["status"] == "indexed" for r in responses)
    return _all_ok(statuses) if landed or any(s >= 500 for s in statuses) else "data loss"


def _quick_paths_while_busy(client: httpx.Client) -> str:
    heavy = {"query": "giờ làm việc buổi sáng nghỉ phép công tác " * 40, "mode": "tree_lexical", "top_k": 50}
    with ThreadPoolExecutor(8) as pool:
        pending = [pool.submit(client.post, "/retrieve", json=heavy, headers=ACME) for _ in range(8)]
        time.sleep(0.2)
        started = time.perf_counter()
        health = client.get("/health")
        refused = client.post("/retrieve", json={"query": "a"})
        quick = time.perf_counter() - started
        statuses = [f.result().status_code for f in pending]
    fine = health.status_code == 200 and refused.status_code == 401 and quick < 1.0
    return _all_ok(statuses) if fine else "hang"


def _one_thread_two_tenants(client: httpx.Client) -> str:
    thread = secrets.token_hex(16)

    def ask(headers: dict) -> dict:
        return Mcp(client, headers).call("ask", {"question": "Giờ làm việc buổi sáng?", "thread_id": thread})

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(ask, (ACME, BETA)))
    errors = [bool((m.get("result") or {}).get("isError")) for m in results]
    return "ok" if sorted(errors) == [False, True] else "leak"


def _builds_collected(client: httpx.Client, data_dir: Path) -> str:
    """After one more publish, every build left is the published one or one a reader still holds (the server's
    previous build, until its next request), and no more than those two."""
    from indexes.store.leases import is_leased

    client.post("/documents", json=_document(2), headers=ACME)
    current = (data_dir / "index").resolve().name
    builds = [p for p in (data_dir / "builds").iterdir() if p.is_dir()]
    held = all(p.name == current or is_leased(p) for p in builds)
    return "ok" if held and len(builds) <= 2 else "silent wrong"


def concurrency_cases(client: httpx.Client, data_dir: Path, work: Path) -> dict[str, Check]:
    cases: dict[str, Callable[[], str]] = {
        "200 concurrent /retrieve (bm25)": lambda: _all_ok(_retrieve_many(client, 200, 50)),
        "50 concurrent /retrieve (tree_lexical)": lambda: _all_ok(
            _retrieve_many(client, 50, 25, "tree_lexical")
        ),
        "/retrieve during a /documents publish: no errors": lambda: _reads_during_a_publish(client),
        "/retrieve during a CLI ingest in another process": lambda: _reads_during_a_cli_ingest(
            client, data_dir, work
        ),
        "two /documents writes at once both land": lambda: _two_writes_at_once(client),
        "/health and 401 in under 1 s while 8 heavy retrievals run": lambda: _quick_paths_while_busy(client),
        "one new thread claimed by two tenants at once: one refused": lambda: _one_thread_two_tenants(client),
        "a publish removes every replaced build no reader holds": lambda: _builds_collected(client, data_dir),
    }
    return answers(cases)
