"""So many days of a month's wage: the offline planner searches, then calls calculate_daily_pay with the salary and
days the question states and the sections found; the answer states wage ÷ divisor × days in the question's
language and cites the sentence that sets the divisor, never the overtime section's hourly formula."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from agent.assistant import Assistant
from tests.agent.indexed import indexed_assistant

TODAY = dt.date(2026, 11, 23)
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "daily_pay"


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Assistant:
    return indexed_assistant(tmp_path_factory, FIXTURE, TODAY)


def test_unused_leave_paid_out_in_vietnamese_cited_by_the_divisor_sentence(assistant):
    answer = assistant.ask(
        "Lương tháng 7.800.000 đồng, nghỉ việc còn 4 ngày phép chưa nghỉ thì được trả bao nhiêu tiền?"
    )
    assert "calculate_daily_pay" in [c.name for c in answer.tool_calls]
    assert "1.200.000 đồng" in answer.answer and "÷ 26" in answer.answer
    assert not answer.refused and not answer.ungrounded_numbers
    cited = [c for c in answer.citations if c.node_id.endswith("dieu-2")]
    assert cited and all((c.line_start, c.line_end) == (11, 11) for c in cited)
    assert not any(c.node_id.endswith("dieu-1") for c in answer.citations)  # not the hourly wage's rule


def test_an_english_question_gets_the_sum_in_english(assistant):
    answer = assistant.ask(
        "I'm leaving with 4 days of annual leave I never got to take. My salary is 7.8 mil a month. "
        "How much will they pay me for those days?"
    )
    assert "1,200,000 VND" in answer.answer and "7,800,000 VND ÷ 26 × 4 days" in answer.answer
    assert "Amount =" in answer.answer
