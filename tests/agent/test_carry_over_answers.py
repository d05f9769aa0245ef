"""A question stating how many leave days are unused at the year's end: the offline planner calls
calculate_carry_over; the answer splits the days by the stated cap, quotes the rule on the rest and cites both
rules by their lines, in the question's language."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from agent.assistant import Assistant
from tests.agent.indexed import indexed_assistant

TODAY = dt.date(2026, 11, 23)
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "carry_over"


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Assistant:
    return indexed_assistant(tmp_path_factory, FIXTURE, TODAY)


def test_the_days_above_the_cap_are_split_off_and_the_rule_on_them_quoted(assistant):
    answer = assistant.ask(
        "Hết năm 2025 tôi còn 10 ngày phép chưa nghỉ. Tôi được chuyển sang năm 2026 bao nhiêu ngày, còn bao "
        "nhiêu ngày được trả tiền?"
    )
    assert [c.name for c in answer.tool_calls][0] == "calculate_carry_over"
    assert answer.answer.startswith("Bạn được chuyển 6 ngày phép sang năm 2026, dùng trước ngày 31/03/2026.")
    assert "4 ngày còn lại" in answer.answer and "chi trả cùng kỳ lương tháng 01 năm sau" in answer.answer
    # the cap's clause (line 14) and the rule on the days above it (line 18), quoted by their spans
    cited = [c for c in answer.citations if c.node_id == "quy_che_phep_nam:dieu-2"]
    assert cited and (cited[0].line_start, cited[0].line_end) == (14, 18)
    assert "tối đa 06 ngày" in cited[0].quote and "vượt quá 06 ngày" in cited[0].quote


def test_an_english_question_gets_the_split_in_english(assistant):
    answer = assistant.ask(
        "I have 8 unused days at the end of 2026. How many carry over, and what about the rest?"
    )
    assert answer.answer.startswith("6 days of your leave carry over to 2027, to be used by 31/03/2027.")
    assert "The other 2 days" in answer.answer and "Bạn được chuyển" not in answer.answer
