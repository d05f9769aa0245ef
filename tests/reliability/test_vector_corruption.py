"""Damaged Chroma files (on a copy of the bundled corpus' data dir): `ask` fails with the file's name and a
non-zero exit, never a false refusal with exit 0 and never a crash in native code; the repair rebuilds."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.slow
QUESTION = "Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?"


def _cli(data_dir, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "QUYCHE_DATA_DIR": str(data_dir), "QUYCHE_LLM_PROVIDER": "offline"}
    return subprocess.run(
        [sys.executable, "-m", "ui.cli", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _segment_file(chroma, name: str):
    return next(p for p in chroma.glob(f"*/{name}"))


@pytest.mark.parametrize("damage", ["overwrite_vectors", "delete_dir", "truncate_database"])
def test_damaged_vectors_fail_clearly_and_repair_rebuilds(corpus_settings, tmp_path, damage):
    data = tmp_path / "data"
    shutil.copytree(corpus_settings.data_dir, data, symlinks=True)
    chroma = data / "chroma"
    if damage == "overwrite_vectors":
        target = _segment_file(chroma, "data_level0.bin")  # a torn write: part of the vectors is gone
        target.write_bytes(os.urandom(target.stat().st_size // 2))
    elif damage == "delete_dir":
        shutil.rmtree(chroma)
    else:
        database = chroma / "chroma.sqlite3"
        database.write_bytes(database.read_bytes()[: database.stat().st_size // 3])
    broken = _cli(data, "ask", QUESTION)
    assert broken.returncode == 1, broken.stdout + broken.stderr
    assert "chroma" in broken.stderr and "quyche doctor --repair" in broken.stderr
    assert "Traceback" not in broken.stderr and not broken.stdout.strip()
    repaired = _cli(data, "doctor", "--repair")
    assert repaired.returncode == 0, repaired.stdout + repaired.stderr
    assert "repaired index:" in repaired.stdout
    answer = _cli(data, "ask", QUESTION)
    assert answer.returncode == 0 and "8 giờ 30" in answer.stdout, answer.stdout + answer.stderr
