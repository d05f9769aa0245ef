"""The `quyche` command line, run as a user would (subprocesses), offline."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from indexes.location import Location
from tests.conftest import REPO

QUYCHE = [sys.executable, "-m", "ui.cli"]


def run(*args: str, env: dict | None = None, timeout: int = 300) -> subprocess.CompletedProcess:
    full_env = {**os.environ, "QUYCHE_LLM_PROVIDER": "offline", **(env or {})}
    full_env.pop("GOOGLE_API_KEY", None)
    return subprocess.run(
        [*QUYCHE, *args], cwd=REPO, env=full_env, capture_output=True, text=True, timeout=timeout
    )


@pytest.mark.slow  # builds its own index or spawns CLI processes
def test_index_tree_and_bad_files(tmp_path, fixture_corpus):
    (fixture_corpus / "rong.md").write_bytes(b"")
    env = {"QUYCHE_DATA_DIR": str(tmp_path / "data"), "QUYCHE_VECTORS": "false"}
    out = run("index", "--corpus", str(fixture_corpus), env=env)
    assert out.returncode == 0, out.stderr
    assert "indexed 1 documents" in out.stdout and "skipped rong.md: empty file" in out.stderr
    again = run("index", "--corpus", str(fixture_corpus), env=env)
    assert "nothing changed" in again.stdout
    tree = run("tree", "quy_dinh_mau", env=env)
    assert "quy_dinh_mau:dieu-2  Điều 2. Thời giờ làm việc" in tree.stdout
    missing = run("tree", "khong_co", env=env)
    assert missing.returncode == 1 and "unknown document id 'khong_co'" in missing.stderr


@pytest.mark.slow
def test_ask_json_shape_and_trace(corpus_settings):
    env = {"QUYCHE_DATA_DIR": str(corpus_settings.data_dir)}
    out = run("ask", "Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?", "--json", env=env)
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert {"answer", "citations", "tool_calls", "refused"} <= set(answer)
    citation = answer["citations"][0]
    assert set(citation) == set(Location.model_fields) | {"quote"}  # the one location type, plus the quote
    assert (
        citation["url"] == "https://intranet.saomai.example/quy-che/noi-quy-lao-dong#ieu-3-thoi-gio-lam-viec"
    )
    assert citation["node_id"] == "noi_quy_lao_dong:dieu-3" and not answer["refused"]
    trace = run("trace", answer["run_id"], env=env)
    assert trace.returncode == 0 and "tool search" in trace.stdout
    listing = run("trace", env=env).stdout.splitlines()
    mine = [line for line in listing if line.startswith(answer["run_id"])]
    assert mine and mine[0].endswith("Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?") and " s  " in mine[0]
    assert "Loading weights" not in out.stderr  # no model progress bar on every ask


def test_help_shows_defaults():
    help_text = run("retrieve", "--help").stdout
    assert "(default: hybrid)" in help_text and "(default: 5)" in help_text
    assert "(default: None)" not in help_text and "(default: False)" not in help_text


@pytest.mark.slow  # builds its own index or spawns CLI processes
def test_tools_tool_and_usage_errors(corpus_settings):
    env = {"QUYCHE_DATA_DIR": str(corpus_settings.data_dir), "QUYCHE_VECTORS": "false"}
    listing = run("tools", env=env)
    assert listing.returncode == 0 and all(n in listing.stdout for n in ("navigate_tree", "calculate_leave"))
    result = run(
        "tool", "lookup_article", "--args", '{"ref": "Điều 3", "doc_id": "noi_quy_lao_dong"}', env=env
    )
    assert json.loads(result.stdout)["matches"][0]["node_id"] == "noi_quy_lao_dong:dieu-3"
    bad = run("tool", "expand_node", "--args", '{"node_id": "sai"}', env=env)
    assert bad.returncode == 1 and json.loads(bad.stdout)["error"] == "unknown_node_id"
    assert run("tool", "khong_co_tool", env=env).returncode == 2
    assert run("ask", "   ", env=env).returncode == 2
    assert run("bogus-command").returncode == 2


def test_ask_without_an_index_says_how_to_build_it(tmp_path):
    out = run("ask", "Giờ làm việc?", env={"QUYCHE_DATA_DIR": str(tmp_path / "none")})
    assert out.returncode == 1 and "quyche index" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.slow
def test_retrieve_tree_one_shot_json_cache_and_repl(corpus_settings):
    env = {"QUYCHE_DATA_DIR": str(corpus_settings.data_dir)}
    query = "Giờ làm việc buổi sáng bắt đầu lúc mấy giờ? (cli)"
    first = run("retrieve", query, "--mode", "tree", "--json", "--top-k", "3", env=env)
    assert first.returncode == 0, first.stderr
    answer = json.loads(first.stdout)
    assert answer["mode"] == "tree" and len(answer["hits"]) == 3
    assert answer["hits"][0]["node_id"] == "noi_quy_lao_dong:dieu-3" and answer["hits"][0]["line_start"] == 38
    assert answer["tree"]["llm_calls"] > 0 and answer["tree"]["fallback_steps"] == []
    again = json.loads(run("retrieve", query, "--mode", "tree", "--json", env=env).stdout)
    assert again["tree"]["llm_calls"] == 0 and again["tree"]["cached_steps"] > 0
    text = run("retrieve", "mức cho vay tối đa", "--mode", "bm25", "--top-k", "2", env=env)
    assert " 1. " in text.stdout and "quy_che_cho_vay:dieu-5" in text.stdout.splitlines()[0]
    bad = run("retrieve", "x", "--top-k", "0", env=env)
    assert bad.returncode == 2 and "from 1 to 50" in bad.stderr
    repl = subprocess.run(
        [*QUYCHE, "retrieve", "--repl", "--mode", "tree_lexical", "--top-k", "1"],
        cwd=REPO,
        env={**os.environ, "QUYCHE_LLM_PROVIDER": "offline", **env},
        input="Lãi suất cho vay\nexit\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert repl.returncode == 0 and "quy_che_cho_vay:dieu-7" in repl.stdout
