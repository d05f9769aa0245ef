"""The Streamlit chat driven by streamlit's AppTest through the real graph (offline model)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import REPO

APP = str(REPO / "ui" / "streamlit_app.py")


@pytest.fixture
def app_env(monkeypatch, corpus_settings):
    monkeypatch.setenv("QUYCHE_DATA_DIR", str(corpus_settings.data_dir))
    monkeypatch.setenv("QUYCHE_LLM_PROVIDER", "offline")


def _texts(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown) + "\n".join(e.label for e in at.expander)


@pytest.mark.slow
def test_question_gets_an_answer_with_citations(app_env):
    at = AppTest.from_file(APP, default_timeout=240).run()
    assert not at.exception
    assert any("Nội quy lao động" in m.value for m in at.sidebar.markdown)
    at.chat_input[0].set_value("Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?").run()
    assert not at.exception
    text = _texts(at)
    assert "8 giờ 30" in text or "8h30" in text
    assert any("Điều 3. Thời giờ làm việc" in e.label for e in at.expander)
    assert any("<mark>" in m.value for m in at.markdown)  # the quoted span is highlighted


@pytest.mark.slow
def test_probation_question_shows_the_calculation(app_env):
    at = AppTest.from_file(APP, default_timeout=240).run()
    at.chat_input[0].set_value(
        "nếu tôi vào thử việc tháng 7, tháng 9 được nhận chính thức thì tháng 9 tôi sẽ có bao ngày nghỉ phép"
    ).run()
    assert not at.exception
    assert "2 ngày" in _texts(at)
    assert any(e.label == "Cách tính" for e in at.expander)


def test_missing_index_explains_how_to_build_it(monkeypatch, tmp_path):
    monkeypatch.setenv("QUYCHE_DATA_DIR", str(tmp_path / "empty"))
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception
    assert any("quyche index" in i.value for i in at.info)


def test_english_toggle_and_too_long_input(app_env):
    at = AppTest.from_file(APP, default_timeout=240).run()
    at.sidebar.radio[0].set_value("en").run()
    assert "company regulations" in at.title[0].value
    at.chat_input[0].set_value("x" * 3000).run()
    assert not at.exception
    assert any("too long" in w.value for w in at.warning)
