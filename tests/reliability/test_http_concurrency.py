"""A heavy request does not hold up the server: the 401 path and /health answer while it runs; a retrieval
over the time limit answers 503 with a message. A real uvicorn server on 127.0.0.1."""

from __future__ import annotations

import threading
import time

import httpx
import pytest
import uvicorn

from agent.assistant import Assistant
from indexes.pipeline.lock import ingest_lock
from tests.conftest import free_port
from ui.mcp_server import build_server, http_app

TOKENS = {"tok-acme": "acme"}


@pytest.fixture
def serve():
    servers = []

    def start(settings):
        port = free_port()
        app = http_app(build_server(settings, Assistant(settings)), settings)
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 60
        while not server.started:
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.05)
        servers.append((server, thread))
        return f"http://127.0.0.1:{port}"

    yield start
    for server, thread in servers:
        server.should_exit = True
        thread.join(timeout=30)


def _big_document(paragraphs: int) -> str:
    para = "Nhân viên được nghỉ 12 ngày phép mỗi năm. Khi kết hôn được nghỉ 03 ngày hưởng nguyên lương. "
    return "# Quy định lớn\n\n" + "\n\n".join(f"## Mục {i}\n\n{para * 8}" for i in range(paragraphs))


@pytest.mark.slow
def test_401_and_health_answer_while_a_heavy_ingest_runs(serve, make_settings):
    settings = make_settings(mcp_tokens=TOKENS)
    base = serve(settings)
    heavy_done = threading.Event()
    result: dict = {}

    def heavy():
        with httpx.Client(timeout=600) as client:
            body = {"body": _big_document(900), "title": "Quy định lớn"}
            result["response"] = client.post(
                f"{base}/documents", json=body, headers={"Authorization": "Bearer tok-acme"}
            )
        heavy_done.set()

    worker = threading.Thread(target=heavy)
    worker.start()
    lock_file = settings.data_dir / "ingest.lock"
    deadline = time.monotonic() + 60
    while not lock_file.exists():  # the ingest has started
        assert time.monotonic() < deadline
        time.sleep(0.02)
    with httpx.Client(timeout=60) as client:
        refused = client.post(f"{base}/retrieve", json={"query": "nghỉ phép"})
        health = client.get(f"{base}/health")
    still_running = not heavy_done.is_set()
    worker.join(timeout=600)
    assert refused.status_code == 401 and health.json() == {"status": "ok"}
    assert still_running, "the heavy ingest finished before the quick requests: make it heavier"
    assert result["response"].status_code == 200
    assert result["response"].json()["results"][0]["status"] == "indexed"


def test_retrieve_over_the_time_limit_is_503_with_a_message(serve, keyword_settings, tmp_path):
    settings = keyword_settings.model_copy(update={"mcp_tokens": TOKENS, "request_timeout_s": 0.001})
    base = serve(settings)
    with httpx.Client(timeout=60) as client:
        slow = client.post(
            f"{base}/retrieve",
            json={"query": "giờ làm việc buổi sáng " * 50, "mode": "tree_lexical"},
            headers={"Authorization": "Bearer tok-acme"},
        )
    assert slow.status_code == 503
    assert "QUYCHE_REQUEST_TIMEOUT_S" in slow.json()["message"]
    with ingest_lock(settings.data_dir, 60):  # nothing is left holding the data dir
        pass
