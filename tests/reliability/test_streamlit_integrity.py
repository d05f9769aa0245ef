"""The Streamlit chat checks the published index as `quyche ask` does: a damaged index is a clear error on the
page (the file and the repair command), never a traceback or a false "no rule found". Streamlit's AppTest."""

from __future__ import annotations

import shutil

import pytest
from streamlit.testing.v1 import AppTest

from indexes.pipeline.ingest import index_folder
from tests.conftest import REPO

APP = str(REPO / "ui" / "streamlit_app.py")
QUESTION = "Buổi sáng làm việc từ mấy giờ?"


@pytest.fixture
def keyword_index(make_settings, fixture_corpus, monkeypatch):
    settings = make_settings(corpus_dir=fixture_corpus)
    index_folder(settings)
    monkeypatch.setenv("QUYCHE_DATA_DIR", str(settings.data_dir))
    monkeypatch.setenv("QUYCHE_LLM_PROVIDER", "offline")
    monkeypatch.setenv("QUYCHE_VECTORS", "false")
    return settings


def _flip_a_byte(path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01  # same size: only the hash check can tell
    path.write_bytes(bytes(data))


def test_an_intact_index_answers(keyword_index):
    at = AppTest.from_file(APP, default_timeout=120).run()
    assert not at.exception and not at.error
    at.chat_input[0].set_value(QUESTION).run()
    assert not at.exception and not at.error
    assert any("8h30" in m.value for m in at.markdown)


@pytest.mark.parametrize("damage", ["flip", "garbage", "delete"])
def test_a_damaged_index_is_an_error_on_the_page(keyword_index, damage):
    path = keyword_index.index_dir / "chunks" / "quy_dinh_mau.json"
    if damage == "flip":
        _flip_a_byte(path)
    elif damage == "garbage":
        path.write_bytes(b"\x00garbage{")
    else:
        path.unlink()
    at = AppTest.from_file(APP, default_timeout=120).run()
    assert not at.exception
    errors = " ".join(e.value for e in at.error)
    assert "quy_dinh_mau.json" in errors and "quyche doctor --repair" in errors
    assert not at.chat_input, "no question can be asked of a damaged index"


def test_a_damaged_store_on_reindex_is_an_error_on_the_page(keyword_index):
    (keyword_index.data_dir / "documents.sqlite").write_bytes(b"")
    at = AppTest.from_file(APP, default_timeout=120).run()
    assert not at.exception
    at.sidebar.button(key="reindex").click().run()
    assert not at.exception
    errors = " ".join(e.value for e in at.error)
    assert "documents.sqlite" in errors and "quyche doctor --repair" in errors


@pytest.mark.slow
def test_damaged_vectors_are_an_error_on_the_page(corpus_settings, tmp_path, monkeypatch):
    data = tmp_path / "data"
    shutil.copytree(corpus_settings.data_dir, data, symlinks=True)
    database = data / "chroma" / "chroma.sqlite3"
    database.write_bytes(database.read_bytes()[: database.stat().st_size // 3])
    monkeypatch.setenv("QUYCHE_DATA_DIR", str(data))
    monkeypatch.setenv("QUYCHE_LLM_PROVIDER", "offline")
    at = AppTest.from_file(APP, default_timeout=240).run()
    assert not at.exception
    errors = " ".join(e.value for e in at.error)
    assert "chroma.sqlite3" in errors and "quyche doctor --repair" in errors
    assert not at.chat_input
