"""Questions about night work in a normal shift: the offline planner calls calculate_night_work_pay with the wage and
the shift (its span or its name) the question states, never for overtime; the answer is in the question's language,
uses the share in force today and cites the rules by their spans."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from agent.assistant import Assistant
from agent.offline_policy import next_call
from tests.agent.indexed import indexed_assistant

TODAY = dt.date(2026, 11, 23)
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "night_work"


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Assistant:
    return indexed_assistant(tmp_path_factory, FIXTURE, TODAY)


@pytest.mark.parametrize(
    ("question", "args"),
    [
        (
            "Lương cơ bản 7.200.000 đồng, làm một Ca 3 bình thường (không làm thêm) thì được trả thêm bao nhiêu?",
            {"monthly_wage": "7200000", "shift": "ca 3"},
        ),
        (
            "Em làm ca đêm 23h–7h, lương 8.320.000 đ. Một ca như vậy em được thêm bao nhiêu tiền làm đêm?",
            {"monthly_wage": "8320000", "start_time": "23:00", "end_time": "07:00"},
        ),
        (
            "Salary 9.36 million a month. How much extra do I get for one full night shift?",
            {"monthly_wage": "9360000", "shift": "night shift"},
        ),
    ],
)
def test_a_night_work_question_calls_the_night_work_tool(question, args):
    call = next_call(question, [], None, 2)
    assert (call.name, call.args) == ("calculate_night_work_pay", args)


@pytest.mark.parametrize(
    ("question", "tool"),
    [
        ("Lương 8 triệu, tối qua làm thêm 2 giờ ban đêm thì được bao nhiêu?", "calculate_overtime_pay"),
        ("Làm ca đêm được trả thêm bao nhiêu phần trăm?", "lookup_rules"),  # a rate, no wage: no calculation
    ],
)
def test_overtime_at_night_and_a_question_without_a_wage_are_not_night_work(question, tool):
    assert next_call(question, [], None, 2).name == tool


def test_the_vietnamese_answer_uses_the_share_in_force_today_and_cites_it(assistant):
    answer = assistant.ask("Lương 7.200.000 đồng, làm trọn Ca 3 thì được trả thêm bao nhiêu tiền làm đêm?")
    assert [c.name for c in answer.tool_calls][0] == "calculate_night_work_pay"
    # 37.500 an hour × 8 h × 35% (raised from 30% on 01/10/2026) + the 50.000 night allowance
    assert "105.000 đồng" in answer.answer and "155.000 đồng" in answer.answer
    assert "trước đó 30%" in answer.answer
    quotes = " ".join(c.quote for c in answer.citations)
    assert "từ 30% lên 35%" in quotes and "50.000 đồng/ca" in quotes
    assert all(c.line_start > 0 and c.line_end >= c.line_start for c in answer.citations)


def test_an_english_question_gets_an_english_answer(assistant):
    answer = assistant.ask("My salary is 7,200,000 VND. How much extra do I get for one night shift?")
    assert "105,000 VND" in answer.answer and "How it was calculated" in answer.answer
    assert "Cách tính" not in answer.answer
