"""The adversary's workbench: an indexed data dir to copy and damage, the CLI and the HTTP server run as processes
(as a user runs them: evals never import ``ui``), raw HTTP and a small MCP client, and the outcome rules.

Outcomes: ``ok`` (a correct answer), ``clear error`` (a 4xx or a non-zero exit with a message naming the fix),
``traceback/500`` (an exception escaped, a 5xx), ``hang`` (over the case's time budget), ``silent wrong``
(success where an error was due, e.g. a false refusal with exit 0), ``data loss`` (published documents vanished),
``leak`` (another tenant's document seen).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from indexes.settings import Settings

REPO = Path(__file__).resolve().parents[1]
OUTCOMES = ("ok", "clear error", "traceback/500", "hang", "silent wrong", "data loss", "leak")
TOKENS = {"tok-acme": "acme", "tok-beta": "beta", "tok-global": "global"}
ACME, BETA = {"Authorization": "Bearer tok-acme"}, {"Authorization": "Bearer tok-beta"}
GLOBAL = {"Authorization": "Bearer tok-global"}
HEADERS = {"acme": ACME, "beta": BETA, "global": GLOBAL}
# One document per tenant, with a marker no other document holds: seeing it from another tenant is a leak.
MARKER = {"acme": "XK-4471", "beta": "777.000"}
HEADING = {
    "acme": "QX-71",
    "beta": "BZ-92",
}  # in a section title no probe sends: the tree resource shows titles
SECRET = {
    "acme": "# Kho Acme\n\n## Điều 1. Kho QX-71\n\nMật mã kho Acme là XK-4471. "
    "Nhân viên kho Acme được nghỉ 15 ngày phép mỗi năm.\n",
    "beta": "# Thưởng Beta\n\n## Điều 1. Quỹ BZ-92\n\nBeta thưởng chuyên cần 777.000 đồng mỗi tháng. "
    "Nhân viên Beta được nghỉ 14 ngày phép mỗi năm.\n",
}
QUESTION = "Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?"
ANSWER = "8 giờ 30"
KEEPALIVE_EXPIRY_S = 1.0  # well under the server's keep-alive timeout (uvicorn's 5 s), see ``server``
MAX_REQUEST_BYTES = 3_000_000  # the token server's cap, so oversized bodies stay cheap to send


@dataclass(frozen=True)
class Check:
    """One case: ``run()`` returns its outcome; ``expect`` is the outcome that counts as holding."""

    run: Callable[[], str]
    expect: str = "clear error"


def refusals(cases: dict[str, Callable[[], str]]) -> dict[str, Check]:
    return {name: Check(fn) for name, fn in cases.items()}


def answers(cases: dict[str, Callable[[], str]]) -> dict[str, Check]:
    return {name: Check(fn, "ok") for name, fn in cases.items()}


@dataclass
class Lab:
    base: Path  # an indexed data dir (never damaged: cases copy it)
    work: Path
    vectors: Path | None = None  # the same corpus indexed with vectors (Chroma), when built
    secret_ids: dict[str, set[str]] = field(default_factory=dict)  # tenant -> its secret document ids
    secret_nodes: dict[str, str] = field(default_factory=dict)  # tenant -> a node id of its secret document
    threads: dict[str, str] = field(default_factory=dict)  # tenant -> a thread id the server issued to it

    @property
    def served(self) -> Path:
        """The data dir the token server answers from (the vector one when built: every mode is real)."""
        return self.vectors or self.base

    def settings(self, data_dir: Path | None = None, **extra) -> Settings:
        values = {"llm_provider": "offline", "vectors": False, "data_dir": data_dir or self.base} | extra
        return Settings(_env_file=None, **values)

    def copy(self, name: str, source: Path | None = None) -> Path:
        """A fresh copy of ``source`` (default the base data dir), safe to damage; cases run in parallel."""
        target = Path(tempfile.mkdtemp(prefix=f"{name}-", dir=self.work))
        shutil.copytree(source or self.base, target, symlinks=True, dirs_exist_ok=True)
        return target


def env(**extra: str) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if not k.startswith("QUYCHE_")}
    return {**keep, "QUYCHE_LLM_PROVIDER": "offline", "QUYCHE_VECTORS": "false", **extra}


CLI_TIMEOUT_S = [120.0]  # a CLI run over this is killed and counts as a hang (``main`` sets it from --budget)


def cli(data_dir: Path, *argv: str, timeout: float | None = None, **extra_env: str) -> tuple[int, str, str]:
    """``python -m ui.cli --data-dir DATA ARGV``: (exit code, stdout, stderr); killed after the time limit
    (exit code -9, stderr "TIMEOUT")."""
    command = [sys.executable, "-m", "ui.cli", "--data-dir", str(data_dir), *argv]
    try:
        done = subprocess.run(
            command,
            cwd=REPO,
            env=env(**extra_env),
            capture_output=True,
            text=True,
            timeout=timeout or CLI_TIMEOUT_S[0],
        )
    except subprocess.TimeoutExpired:
        return -9, "", "TIMEOUT"
    return done.returncode, done.stdout, done.stderr


def cli_outcome(rc: int, out: str, err: str, want: str = "clear error", needs: str = "") -> str:
    """A CLI run judged: a traceback is always a failure; ``want`` "clear error": non-zero exit with a message
    (on stderr, or a structured error on stdout) holding ``needs``; "ok": exit 0 with ``needs`` in the output."""
    if err == "TIMEOUT":
        return "hang"
    if "Traceback" in err or "Traceback" in out or rc < 0:
        return "traceback/500"
    if want == "ok":
        return "ok" if rc == 0 and needs in out else "silent wrong" if rc == 0 else "clear error"
    said = err.strip() or '"error"' in out
    return "clear error" if rc != 0 and said and needs in err + out else "silent wrong"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def server(data_dir: Path, *flags: str, **extra_env: str) -> Iterator[httpx.Client]:
    """``quyche mcp --transport http`` on a free loopback port; an httpx client for it."""
    port = free_port()
    command = [sys.executable, "-m", "ui.cli", "--data-dir", str(data_dir), "mcp", "--transport", "http"]
    proc = subprocess.Popen(
        [*command, "--port", str(port), *flags],
        cwd=REPO,
        env=env(**extra_env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    # The server (uvicorn) closes a connection idle for 5 s, and httpx keeps one for 5 s by default: under load a
    # request went out on a connection the server was closing (ECONNRESET, "server disconnected"), an escaped
    # exception counted as the server's traceback. The client gives idle connections up well before the server.
    limits = httpx.Limits(keepalive_expiry=KEEPALIVE_EXPIRY_S)
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=300, limits=limits)
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


def refusal(status: int, body: str = "") -> str:
    """An HTTP answer where a refusal was due: a 4xx, or a 503 that says why (a timeout, a damaged index)."""
    if "Traceback" in body:
        return "traceback/500"
    if 400 <= status < 500 or (status == 503 and '"message"' in body):
        return "clear error"
    return "traceback/500" if status >= 500 else "silent wrong"


def raw_request(
    client: httpx.Client, method: str, path: str, headers: dict, body: bytes = b""
) -> tuple[int, str]:
    """A request exactly as given (header values with blanks, odd paths), through http.client."""
    connection = http.client.HTTPConnection("127.0.0.1", client.base_url.port, timeout=300)
    try:
        connection.putrequest(method, path, skip_accept_encoding=True)
        for name, value in headers.items():
            connection.putheader(name, value)
        if body or method in ("POST", "PUT"):
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body or None)
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


class Mcp:
    """A minimal MCP client over streamable HTTP (JSON-RPC posts; answers as JSON or server-sent events)."""

    ACCEPT = "application/json, text/event-stream"

    def __init__(self, client: httpx.Client, headers: dict) -> None:
        self.client = client
        self.headers = {**headers, "Accept": self.ACCEPT}
        self._id = 0
        response = self.rpc(
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "adversary", "version": "1"},
            },
        )
        session = self.last.headers.get("mcp-session-id")
        if session:
            self.headers["mcp-session-id"] = session
        self.client.post(
            "/mcp", headers=self.headers, json={"jsonrpc": "2.0", "method": "notifications/initialized"}
        )
        self.info = response

    def rpc(self, method: str, params: object) -> dict:
        self._id += 1
        body = {"jsonrpc": "2.0", "id": self._id, "method": method, "params": params}
        self.last = self.client.post("/mcp", headers=self.headers, json=body)
        return parse_rpc(self.last)

    def call(self, tool: str, arguments: object) -> dict:
        return self.rpc("tools/call", {"name": tool, "arguments": arguments})

    def read(self, uri: str) -> dict:
        return self.rpc("resources/read", {"uri": uri})


def parse_rpc(response: httpx.Response) -> dict:
    """The JSON-RPC message of an answer (the last ``data:`` line of an event stream); ``{"status": n}`` when
    the answer is no JSON-RPC message."""
    text = response.text
    if "text/event-stream" in response.headers.get("content-type", ""):
        data = [line[5:].strip() for line in text.splitlines() if line.startswith("data:")]
        text = data[-1] if data else ""
    try:
        message = json.loads(text)
    except ValueError:
        return {"status": response.status_code, "text": text[:300]}
    return message if isinstance(message, dict) else {"status": response.status_code, "text": text[:300]}


def tool_refused(message: dict, status: int) -> str:
    """A tool call where a refusal was due: an MCP error result or a JSON-RPC error with a message."""
    text = json.dumps(message, ensure_ascii=False)
    if status == 500 or "Traceback" in text:
        return "traceback/500"
    result = message.get("result") or {}
    if result.get("isError") or "error" in message:
        return "clear error"
    return "silent wrong"
