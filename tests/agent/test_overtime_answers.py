"""Questions about overtime pay: the offline planner calls calculate_overtime_pay with the wage, hours and kind of
day the question states; the answer is in the question's language and cites the rate table by its spans."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from agent.assistant import Assistant
from agent.offline_policy import next_call
from tests.agent.indexed import indexed_assistant

TODAY = dt.date(2026, 11, 23)
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "overtime"


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Assistant:
    return indexed_assistant(tmp_path_factory, FIXTURE, TODAY)


@pytest.mark.parametrize(
    ("question", "args"),
    [
        (
            "Lương HĐLĐ của tôi 7.800.000 đồng/tháng, tối thứ Hai tôi tăng ca từ 17h đến 19h. Tiền tăng ca được bao nhiêu?",
            {"monthly_wage": "7800000", "day_kind": "ordinary", "start_time": "17:00", "end_time": "19:00"},
        ),
        (
            "Lương 9,6 triệu, làm thêm 3 tiếng ban đêm ngày lễ 30/4 thì được bao nhiêu?",
            {"monthly_wage": "9600000", "day_kind": "holiday", "hours": 3.0, "night_hours": 3.0},
        ),
        (
            "My salary is 12 million VND a month and I did 4 hours of overtime on Sunday. How much will I get?",
            {"monthly_wage": "12000000", "day_kind": "weekly_rest", "hours": 4.0},
        ),
    ],
)
def test_an_overtime_pay_question_calls_the_overtime_tool(question, args):
    call = next_call(question, [], None, 2)
    employee = call.args.pop("employee")  # who asks, for a divisor stated per staff group
    assert (call.name, call.args) == ("calculate_overtime_pay", args) and employee.startswith(question)


@pytest.mark.parametrize(
    "question",
    [
        "Làm thêm giờ vào Chủ nhật được trả bao nhiêu phần trăm lương?",  # a rate, no wage: search
        "Tăng ca từ 2 tiếng trở lên có được bồi dưỡng ăn không?",
    ],
)
def test_a_question_without_a_wage_is_not_a_calculation(question):
    assert next_call(question, [], None, 2).name != "calculate_overtime_pay"


def test_the_answer_computes_from_the_stated_rates_and_cites_them(assistant):
    answer = assistant.ask(
        "Lương tháng của tôi 9.600.000 đồng, tôi làm thêm từ 20h đến 23h Chủ nhật. Tôi được bao nhiêu tiền?"
    )
    # 9.600.000 / 24 / 8 = 50.000 an hour; 2 h × 200% + 1 h × 270% (the table's night column)
    assert "335.000 đồng" in answer.answer and "÷" not in answer.answer
    assert [c.name for c in answer.tool_calls][0] == "calculate_overtime_pay"
    table = [c for c in answer.citations if "200%" in c.quote]
    assert table and all(c.line_start > 0 and c.line_end >= c.line_start for c in answer.citations)


def test_an_english_question_gets_an_english_answer(assistant):
    answer = assistant.ask(
        "I earn 9,600,000 VND a month and did 2 hours of overtime on a weekday. How much do I get?"
    )
    assert "160,000 VND" in answer.answer and "How it was calculated" in answer.answer  # 50,000 × 2 × 160%
    assert "Tiền làm thêm" not in answer.answer


def test_overtime_on_two_days_is_one_call_and_one_summed_answer(assistant):
    question = (
        "Lương 9.600.000 đồng, thứ Ba em làm thêm 3 tiếng sau ca, Chủ nhật làm thêm 8 tiếng ban ngày. "
        "Tiền làm thêm được bao nhiêu?"
    )
    call = next_call(question, [], None, 2)
    assert call.args["other_days"] == [{"day_kind": "weekly_rest", "hours": 8.0}]
    answer = assistant.ask(question)
    # 50.000 an hour: 3 h × 160% = 240.000 on Tuesday, 8 h × 200% = 800.000 on Sunday
    assert "1.040.000 đồng" in answer.answer and "Tổng = 240.000 + 800.000 = 1.040.000 đồng." in answer.answer
    assert [c.name for c in answer.tool_calls].count("calculate_overtime_pay") == 1
    assert any("200%" in c.quote for c in answer.citations) and any(
        "160%" in c.quote for c in answer.citations
    )
