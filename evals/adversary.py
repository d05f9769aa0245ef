"""``python -m evals.adversary``: replay hostile input and damage against the CLI and the HTTP server, print a table.

Every case expects either a clear refusal (a 4xx or a non-zero exit with a one-line message naming the fix) or a
correct answer. Outcomes: ``ok`` / ``clear error`` as expected; ``traceback/500`` (an exception escaped, a
5xx); ``hang`` (over the case's time budget); ``silent wrong`` (success where an error was due, e.g. a false
refusal with exit 0); ``data loss`` (published documents vanished); ``leak`` (another tenant's document seen).
The bundled corpus is indexed without vectors into a temporary folder; damage is done on copies of it. The CLI
and the servers run as processes (``python -m ui.cli``), as a user would run them: evals never import ``ui``.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from indexes.pipeline.ingest import index_folder
from indexes.settings import Settings
from indexes.store.published_index import IndexStore

REPO = Path(__file__).resolve().parents[1]
TOKENS = {"tok-acme": "acme", "tok-beta": "beta"}
ACME, BETA = {"Authorization": "Bearer tok-acme"}, {"Authorization": "Bearer tok-beta"}
SECRET = {"acme": "Mật mã kho Acme là XK-4471.", "beta": "Beta thưởng chuyên cần 777.000 đồng."}
OUTCOMES = ("ok", "clear error", "traceback/500", "hang", "silent wrong", "data loss", "leak")


@dataclass
class Lab:
    base: Path  # an indexed data dir (never damaged: cases copy it)
    work: Path
    secret_ids: dict[str, set[str]] = field(default_factory=dict)  # tenant -> its secret document ids

    def settings(self, data_dir: Path | None = None, **extra) -> Settings:
        return Settings(
            _env_file=None, llm_provider="offline", vectors=False, data_dir=data_dir or self.base, **extra
        )

    def copy(self, name: str) -> Path:
        target = self.work / name
        shutil.copytree(self.base, target, symlinks=True)
        return target


def _env(**extra: str) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if not k.startswith("QUYCHE_")}
    return {**keep, "QUYCHE_LLM_PROVIDER": "offline", "QUYCHE_VECTORS": "false", **extra}


def cli(data_dir: Path, *argv: str) -> tuple[int, str, str]:
    command = [sys.executable, "-m", "ui.cli", "--data-dir", str(data_dir), *argv]
    done = subprocess.run(command, cwd=REPO, env=_env(), capture_output=True, text=True, timeout=900)
    return done.returncode, done.stdout, done.stderr


@contextlib.contextmanager
def server(data_dir: Path, **env: str) -> Iterator[httpx.Client]:
    """``quyche mcp --transport http`` on a free loopback port; an httpx client for it."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "ui.cli", "--data-dir", str(data_dir), "mcp", "--transport", "http"]
    proc = subprocess.Popen(
        [*command, "--port", str(port)],
        cwd=REPO,
        env=_env(**env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=300)
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                client.get("/health")
                break
            except httpx.TransportError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server on port {port} did not start") from None
                time.sleep(0.3)
        yield client
    finally:
        client.close()
        proc.terminate()
        proc.wait(timeout=30)


def raw_post(client: httpx.Client, path: str, headers: dict, body: bytes) -> str:
    """A POST with header values exactly as given (trailing blanks included), through http.client."""
    connection = http.client.HTTPConnection("127.0.0.1", client.base_url.port, timeout=300)
    try:
        connection.request("POST", path, body=body, headers={"Content-Type": "application/json", **headers})
        response = connection.getresponse()
        return expect_refusal(response.status, response.read().decode("utf-8", "replace"))
    finally:
        connection.close()


def expect_refusal(status: int, body: str = "") -> str:
    if status >= 500 or "Traceback" in body:
        return "traceback/500"
    return "clear error" if 400 <= status < 500 else "silent wrong"


def http_cases(token: httpx.Client, open_: httpx.Client) -> dict[str, Callable[[], str]]:
    q = {"query": "giờ làm việc buổi sáng", "mode": "bm25"}
    mcp_init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}
    accept = {"Accept": "application/json, text/event-stream"}

    def post(client, path, headers=None, **kw) -> str:
        if any(v != v.strip() for v in (headers or {}).values()):  # httpx will not send "Bearer ": go raw
            return raw_post(client, path, headers, json.dumps(kw.get("json")).encode())
        r = client.post(path, headers=headers or {}, **kw)
        return expect_refusal(r.status_code, r.text)

    cases = {
        f"auth {label} on {path}": (lambda h=h, p=path: post(token, p, h, json=q))
        for label, h in [
            ("no header", {}),
            ("empty bearer", {"Authorization": "Bearer "}),
            ("blank bearer", {"Authorization": "Bearer \t "}),
            ("wrong token", {"Authorization": "Bearer nope"}),
            ("basic scheme", {"Authorization": "Basic dG9rLWFjbWU="}),
        ]
        for path in ("/retrieve", "/documents")
    }
    cases |= {
        "auth empty bearer on MCP initialize": lambda: post(
            token, "/mcp", {"Authorization": "Bearer ", **accept}, json=mcp_init
        ),
        "no token: write refused": lambda: post(open_, "/documents", json={"body": "x"}),
        "no token: empty bearer refused": lambda: post(
            open_, "/retrieve", {"Authorization": "Bearer "}, json=q
        ),
    }
    for origin in ("https://evil.example", "null", "http://127.0.0.1.evil.example", "http://localhost.evil"):
        cases[f"origin {origin} on /documents"] = lambda o=origin: post(
            token, "/documents", {**ACME, "Origin": o}, json={"body": "x"}
        )
    bad_bodies = {
        "malformed JSON": b"{not json",
        "deep JSON [x100000": b"[" * 100_000,
        "deep JSON {x50000": b'{"a":' * 50_000,
        "query 1 MB": json.dumps({"query": "nghỉ phép " * 100_000}).encode(),
        "top_k 0": json.dumps({"query": "a", "top_k": 0}).encode(),
        "top_k 10^9": json.dumps({"query": "a", "top_k": 10**9}).encode(),
        "mode magic": json.dumps({"query": "a", "mode": "magic"}).encode(),
        "body is an array": b"[1, 2]",
        "query not a string": json.dumps({"query": {"$ne": 1}}).encode(),
        "invalid UTF-8": b'{"query": "\xff\xfe"}',
    }
    for name, body in bad_bodies.items():
        cases[f"/retrieve {name}"] = lambda b=body: post(token, "/retrieve", ACME, content=b)
    for name, body in {"deep JSON": b"[" * 100_000, "replace=sometimes": b'{"body": "x"}'}.items():
        cases[f"/documents {name}"] = lambda b=body, n=name: post(
            token, "/documents" + ("?replace=sometimes" if "replace" in n else ""), ACME, content=b
        )
    return cases


def tenant_cases(lab: Lab, client: httpx.Client) -> dict[str, Callable[[], str]]:

    def probe(headers: dict, own: str, other: str, mode: str) -> str:
        r = client.post(
            "/retrieve", json={"query": SECRET[other], "mode": mode, "top_k": 20}, headers=headers
        )
        if r.status_code >= 500:
            return "traceback/500"
        docs = {h["doc_id"] for h in r.json().get("hits", [])}
        return "leak" if any(d.startswith(f"{other}_") or d in lab.secret_ids[other] for d in docs) else "ok"

    def finds_own(headers: dict, own: str) -> str:  # the probes above can fail: the secrets are there
        r = client.post("/retrieve", json={"query": SECRET[own], "mode": "bm25"}, headers=headers)
        docs = {h["doc_id"] for h in r.json().get("hits", [])}
        return "ok" if lab.secret_ids[own] and lab.secret_ids[own] <= docs else "silent wrong"

    return {
        "tenant acme finds its own document": lambda: finds_own(ACME, "acme"),
        "tenant beta finds its own document": lambda: finds_own(BETA, "beta"),
    } | {
        f"tenant {own} probes {other} ({mode})": (lambda h=h, o=own, t=other, m=mode: probe(h, o, t, m))
        for own, other, h in (("acme", "beta", ACME), ("beta", "acme", BETA))
        for mode in ("bm25", "keyword", "tree_lexical", "tree")
    }


def damage_cases(lab: Lab) -> dict[str, Callable[[], str]]:
    def ask_after(name: str, damage: Callable[[Path], None]) -> str:
        data = lab.copy(name)
        damage(data)
        rc, out, err = cli(data, "ask", "Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?")
        if "Traceback" in err:
            return "traceback/500"
        return "clear error" if rc != 0 and "doctor" in err else "silent wrong"

    def ingest_after(name: str, damage: Callable[[Path], None]) -> str:
        data = lab.copy(name)
        before = len(IndexStore(data / "index").documents)
        damage(data)
        tiny = lab.work / f"{name}.md"
        tiny.write_text("# Gửi xe\n\nGửi xe miễn phí 1 lần mỗi ngày.\n", encoding="utf-8")
        rc, _, err = cli(data, "ingest", str(tiny), "--tenant", "beta")
        if len(IndexStore(data / "index").documents) < before:
            return "data loss"
        return "clear error" if rc != 0 and "doctor --repair" in err else "silent wrong"

    def store_files(data: Path) -> list[Path]:
        return sorted(data.glob("documents.sqlite*"))

    def truncate(path: Path, keep: float) -> None:
        path.write_bytes(path.read_bytes()[: int(path.stat().st_size * keep)])

    index_damage = {
        "bm25 vocabulary garbage": lambda d: (d / "index/bm25/vocab.index.json").write_text("{garbage"),
        "bm25 rows deleted": lambda d: (d / "index/bm25/rows.json").unlink(),
        "manifest garbage": lambda d: (d / "index/manifest.json").write_text("not json"),
        "a tree deleted": lambda d: next((d / "index/trees").iterdir()).unlink(),
        "a chunks file truncated": lambda d: truncate(next((d / "index/chunks").iterdir()), 0.5),
        "conversations.sqlite garbage": lambda d: (d / "conversations.sqlite").write_bytes(b"garbage" * 99),
    }
    store_damage = {
        "store deleted": lambda d: [p.unlink() for p in store_files(d)],
        "store emptied": lambda d: [p.write_bytes(b"") for p in store_files(d)],
        "store half-truncated": lambda d: [truncate(p, 0.5) for p in store_files(d)],
        "store garbage": lambda d: [p.write_bytes(b"\x00" * 4096) for p in store_files(d)],
    }
    cases = {
        f"ask after {n}": (lambda n=n, f=f: ask_after(n.replace(" ", "_"), f))
        for n, f in index_damage.items()
    }
    cases |= {
        f"ingest after {n}": (lambda n=n, f=f: ingest_after(n.replace(" ", "_"), f))
        for n, f in store_damage.items()
    }
    return cases


def input_cases(lab: Lab) -> dict[str, Callable[[], str]]:
    def ingest_file(name: str, raw: bytes) -> str:
        path = lab.work / name
        path.write_bytes(raw)
        rc, out, err = cli(lab.copy(f"in-{name}"), "ingest", str(path), "--tenant", "beta")
        if "Traceback" in err:
            return "traceback/500"
        return "clear error" if rc != 0 or '"error"' in out or "error" in out.lower() else "silent wrong"

    def cli_refusal(*argv: str) -> str:
        rc, _, err = cli(lab.base, *argv)
        return "traceback/500" if "Traceback" in err else ("clear error" if rc != 0 else "silent wrong")

    return {
        "ingest UTF-16 file": lambda: ingest_file("u16.md", "# Lương\n\nTăng lương 5%.\n".encode("utf-16")),
        "ingest binary file": lambda: ingest_file("bin.md", b"\x00\x01\x02" * 100),
        "ingest empty file": lambda: ingest_file("empty.md", b""),
        "ingest deep JSON file": lambda: ingest_file("deep.json", b"[" * 100_000),
        "ingest latin-1 JSON": lambda: ingest_file(
            "l1.json", '{"body": "Lương tháng"}'.encode("latin-1", "replace")
        ),
        "ingest 30,000 headings": lambda: ingest_file("h.md", ("# Mục\n\nNghỉ 1 ngày.\n" * 30_000).encode()),
        "ingest 4.9 MB one line": lambda: ingest_file(
            "line.md", ("Nghỉ 12 ngày mỗi năm. " * 170_000).encode()
        ),
        # one command-line argument holds at most 128 KiB on Linux: 90,000 characters (the HTTP case sends 1 MB)
        "ask 90,000-character question": lambda: cli_refusal("ask", "nghỉ phép " * 9_000),
        "retrieve 90,000-character query": lambda: cli_refusal(
            "retrieve", "--mode", "bm25", "nghỉ phép " * 9_000
        ),
        "calculator 0001 to 9999": lambda: cli_refusal(
            "tool", "calculate_leave", "--args", '{"probation_start": "0001-01-01", "as_of": "9999-12-31"}'
        ),
        "tool args deep JSON": lambda: cli_refusal("tool", "search", "--args", "[" * 100_000),
    }


def run_case(fn: Callable[[], str], budget_s: float) -> tuple[str, float]:
    result: dict = {}

    def target() -> None:
        try:
            result["outcome"] = fn()
        except BaseException as exc:  # noqa: BLE001 - an escaped exception is what this table counts
            result["outcome"], result["error"] = "traceback/500", repr(exc)[:200]

    started = time.perf_counter()
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(budget_s)
    return result.get("outcome", "hang"), time.perf_counter() - started


def build_lab(work: Path) -> Lab:
    lab = Lab(base=work / "base", work=work)
    index_folder(lab.settings())
    return lab


def push_secrets(lab: Lab, client: httpx.Client) -> None:
    """One document per tenant that only its own token may find (the tenant probes look for it)."""
    for tenant, headers in (("acme", ACME), ("beta", BETA)):
        body = {"body": SECRET[tenant], "title": f"Bí mật {tenant}"}
        r = client.post("/documents", json=body, headers=headers)
        lab.secret_ids[tenant] = {x["documentId"] for x in r.json()["results"]}


def report(results: dict[str, dict[str, tuple[str, float]]]) -> list[str]:
    """Print the table; return the cases that did not end as expected."""
    totals: Counter = Counter()
    print(f"| group | cases | {' | '.join(OUTCOMES)} |\n|---|---:|" + "---:|" * len(OUTCOMES))
    failures = []
    for group, cases in results.items():
        counts = Counter(outcome for outcome, _ in cases.values())
        expected = "ok" if group == "tenants" else "clear error"
        failures += [f"{group}: {n}: {o} ({s:.1f}s)" for n, (o, s) in cases.items() if o != expected]
        totals += counts
        print(f"| {group} | {sum(counts.values())} | " + " | ".join(str(counts[o]) for o in OUTCOMES) + " |")
    print(f"| **all** | {sum(totals.values())} | " + " | ".join(str(totals[o]) for o in OUTCOMES) + " |")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--budget", type=float, default=120.0, help="seconds per case before it counts as a hang"
    )
    args = parser.parse_args(argv)
    os.environ.update(
        {"QUYCHE_LLM_PROVIDER": "offline", "QUYCHE_VECTORS": "false"}
    )  # the CLI runs read these
    tokens = {"QUYCHE_MCP_TOKENS": json.dumps(TOKENS)}
    with tempfile.TemporaryDirectory() as tmp:
        lab = build_lab(Path(tmp))
        results: dict[str, dict[str, tuple[str, float]]] = {}
        with server(lab.base, **tokens) as token:
            push_secrets(lab, token)
            with server(lab.base) as open_:
                groups = {"http": http_cases(token, open_), "tenants": tenant_cases(lab, token)}
                for group, cases in groups.items():
                    results[group] = {n: run_case(fn, args.budget) for n, fn in cases.items()}
        for group, cases in {"damage": damage_cases(lab), "input": input_cases(lab)}.items():
            results[group] = {n: run_case(fn, args.budget) for n, fn in cases.items()}
        failures = report(results)
        for line in failures:
            print(f"  ! {line}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
