"""A count of units a question asks the price of: the offline planner searches, then calls calculate_unit_amount
with the count and the sections found; the answer states count × rate in the question's language and cites the
rate's span. When the section states several rates and the question picks none, nothing is computed."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from agent.assistant import Assistant
from tests.agent.indexed import indexed_assistant

TODAY = dt.date(2026, 11, 23)
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "unit_rates"


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Assistant:
    return indexed_assistant(tmp_path_factory, FIXTURE, TODAY)


def test_so_many_sets_times_the_stated_rate_in_vietnamese_cited_by_its_row(assistant):
    answer = assistant.ask("Mình cần thêm 2 bộ đồng phục ngoài định mức thì phải trả bao nhiêu tiền?")
    assert "calculate_unit_amount" in [c.name for c in answer.tool_calls]
    assert "360.000 đồng" in answer.answer and "180.000 đồng/bộ" in answer.answer
    assert not answer.refused and not answer.ungrounded_numbers
    (cited,) = [c for c in answer.citations if "dieu-1" in c.node_id]
    assert (cited.line_start, cited.line_end) == (
        8,
        11,
    )  # the table row that states the rate, with its header


def test_an_english_question_gets_the_sum_in_english(assistant):
    answer = assistant.ask(
        "I worked 12 night shifts this month. How much night shift allowance is that in total?"
    )
    assert "360,000 VND" in answer.answer and "12 shifts × 30,000 VND per shift" in answer.answer
    assert "Amount =" in answer.answer  # the steps in English; the rule quoted verbatim


def test_one_of_two_rates_is_taken_only_when_the_question_names_it(assistant):
    car = assistant.ask("Đi công tác bằng ô tô cá nhân 120 km thì được khoán bao nhiêu tiền?")
    assert "720.000 đồng" in car.answer
    # "cá nhân" is said of both ("phương tiện cá nhân … ô tô cá nhân"): it picks neither
    unnamed = assistant.ask("Đi công tác 100 km bằng phương tiện cá nhân thì được khoán bao nhiêu tiền?")
    assert "300.000" not in unnamed.answer and "600.000" not in unnamed.answer  # no guessed rate
    assert "3.000 đồng/km" in unnamed.answer  # the rule is quoted instead


def test_heads_times_sessions_times_the_rate_per_head_per_session(assistant):
    answer = assistant.ask(
        "I'm organising the hội nghị người lao động: 120 people, full day (morning and afternoon). What's the max "
        "we can spend on drinking water?"
    )
    assert "9,600,000 VND" in answer.answer and "120 people × 2 sessions × 40,000 VND" in answer.answer
    assert "250,000" not in answer.answer.split("Rules applied")[0]  # the meals' rate is not the water's
    assert not answer.refused and not answer.ungrounded_numbers
    (cited,) = [c for c in answer.citations if "dieu-4" in c.node_id]
    assert "40.000 đồng/người/buổi" in cited.quote
    vietnamese = assistant.ask("Hội nghị tổng kết năm 80 người, cả ngày, tiền ăn tối đa bao nhiêu?")
    assert "20.000.000 đồng" in vietnamese.answer and "80 người × 1 ngày × 250.000 đồng" in vietnamese.answer
