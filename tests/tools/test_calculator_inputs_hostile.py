"""Hostile arguments to the two newer calculators, through ``run_tool`` as the agent and MCP call them: every bad
input comes back as a ``ToolFailure`` with a readable message (never an exception), valid edge cases as figures."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from indexes.settings import Settings
from tools.registry import run_tool

TODAY = dt.date(2026, 11, 23)
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture
def probation(probation_settings):
    from tools.context import ToolContext

    return ToolContext(probation_settings, today=TODAY)


@pytest.fixture(scope="module")
def overtime_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """The overtime fixture corpus (÷ 24 ÷ 8, a rate table with a night column 22:00 – 06:00), no vectors."""
    from indexes.pipeline.ingest import index_folder

    settings = Settings(
        _env_file=None,
        llm_provider="offline",
        data_dir=tmp_path_factory.mktemp("overtime-hostile"),
        corpus_dir=FIXTURES / "overtime",
        vectors=False,
    )
    index_folder(settings)
    return settings


@pytest.fixture
def overtime(overtime_settings):
    from tools.context import ToolContext

    return ToolContext(overtime_settings, today=TODAY)


WAGE = {"monthly_wage": "7.800.000"}


# --- calculate_overtime_pay ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ({"monthly_wage": "", "hours": 2}, "not an amount in đồng"),
        ({"monthly_wage": "abc", "hours": 2}, "not an amount in đồng"),
        ({"monthly_wage": "-5 triệu", "hours": 2}, "negative"),
        ({"monthly_wage": "−5.000.000", "hours": 2}, "negative"),
        ({"monthly_wage": "1e308", "hours": 2}, "not an amount in đồng"),
        ({"monthly_wage": "9" * 10_000, "hours": 2}, "at most 40 characters"),
        ({"monthly_wage": "9" * 39, "hours": 2}, "out of range"),
        ({"monthly_wage": "0", "hours": 2}, "not an amount in đồng"),
        ({"monthly_wage": "5", "hours": 2}, "out of range (100.000 – 100.000.000.000 đồng)"),
        ({"monthly_wage": "²", "hours": 2}, "not an amount in đồng"),
        ({"monthly_wage": 7_800_000, "hours": 2}, "valid string"),
        ({"hours": 2}, "monthly_wage: Field required"),
        (WAGE | {"hours": -1}, "hours: Input should be greater than 0"),
        (WAGE | {"hours": 0}, "hours: Input should be greater than 0"),
        (WAGE | {"hours": 17}, "less than or equal to 16"),
        (WAGE | {"hours": 1e9}, "less than or equal to 16"),
        (WAGE | {"hours": "NaN"}, "hours"),
        (WAGE, "give the overtime hours, or the time it started and ended"),
        (WAGE | {"start_time": "25:00", "end_time": "19:00"}, "start_time '25:00' is not a time of day"),
        (WAGE | {"start_time": "24:30", "end_time": "02:00"}, "start_time '24:30' is not a time of day"),
        (WAGE | {"start_time": "17:99", "end_time": "19:00"}, "start_time '17:99' is not a time of day"),
        (WAGE | {"start_time": "noon", "end_time": "19:00"}, "start_time 'noon' is not a time of day"),
        (WAGE | {"start_time": "17:00", "end_time": "1" * 10_000}, "at most 40 characters"),
        (WAGE | {"start_time": "17:00", "end_time": "17h"}, "both 17:00"),
        (WAGE | {"start_time": "17:00"}, "give the overtime hours, or the time it started and ended"),
        (WAGE | {"start_time": "06:00", "end_time": "23:00"}, "more than 16 hours"),
        (WAGE | {"hours": 5, "start_time": "17:00", "end_time": "19:00"}, "disagree with 17:00–19:00"),
        (WAGE | {"hours": 2, "day_kind": "weekday"}, "'ordinary', 'weekly_rest' or 'holiday'"),
        (WAGE | {"hours": 2, "night_hours": 5}, "night_hours 5 exceed hours 2"),
        (WAGE | {"hours": 2, "night_hours": -1}, "night_hours"),
        (WAGE | {"hours": 2, "bonus": "yes"}, "Extra inputs are not permitted"),
    ],
)
def test_bad_overtime_input_is_a_clear_tool_failure(overtime, args, words):
    run = run_tool(overtime, "calculate_overtime_pay", args)
    assert not run.ok and run.error == "invalid_arguments"
    assert words in run.result.message and len(run.result.message) < 400


@pytest.mark.parametrize("args", [["7.800.000", 2], "7.800.000", "{", 42])
def test_overtime_arguments_that_are_no_object_are_refused(overtime, args):
    run = run_tool(overtime, "calculate_overtime_pay", args)
    assert not run.ok and run.error == "invalid_arguments" and "JSON" in run.result.message


def test_overtime_across_midnight_splits_at_the_night_window(overtime):
    run = run_tool(
        overtime,
        "calculate_overtime_pay",
        {"monthly_wage": "9,6 triệu", "start_time": "21h", "end_time": "01:00"},
    )
    assert run.ok, run.result
    r = run.result
    assert (r.day_hours, r.night_hours) == (1, 3)  # 21–22 by day, 22–01 at night
    assert r.hourly_wage == 50_000  # 9.600.000 / 24 days / 8 hours, the fixture's divisor
    assert r.amount == 50_000 * 160 // 100 + 50_000 * 3 * 220 // 100  # 80.000 + 330.000
    assert r.policy_sources["night_window"].source == "corpus"


def test_overtime_24_00_is_midnight_and_hours_that_match_the_span_pass(overtime):
    late = run_tool(overtime, "calculate_overtime_pay", WAGE | {"start_time": "24:00", "end_time": "02:00"})
    assert late.ok and (late.result.day_hours, late.result.night_hours) == (0, 2)
    both = run_tool(
        overtime, "calculate_overtime_pay", WAGE | {"hours": 2, "start_time": "17h", "end_time": "19h"}
    )
    assert both.ok and both.result.day_hours == 2
    night = run_tool(
        overtime, "calculate_overtime_pay", {"monthly_wage": "12 million VND", "hours": 2, "night_hours": 2}
    )
    assert night.ok and (night.result.day_hours, night.result.night_hours) == (0, 2)


# --- calculate_probation_end --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        ({"probation_start": "31/02/2026", "duration": 30}, "invalid_dates", "not a valid date"),
        ({"probation_start": "2026-13-01", "duration": 30}, "invalid_dates", "month must be 1–12"),
        ({"probation_start": "", "duration": 30}, "missing_start", "first day of probation"),
        ({"duration": 30}, "missing_start", "first day of probation"),
        ({"probation_start": "tomorrow", "duration": 30}, "invalid_dates", "cannot read the date 'tomorrow'"),
        ({"probation_start": "1900-01-01", "duration": 30}, "invalid_dates", "year must be 1990–2100"),
        ({"probation_start": "2999-01-01", "duration": 30}, "invalid_dates", "year must be 1990–2100"),
        ({"probation_start": "0000-01-01", "duration": 30}, "invalid_dates", "year must be 1990–2100"),
        (
            {"probation_start": "9999-12-31", "duration": 2, "duration_unit": "months"},
            "invalid_dates",
            "year must be 1990–2100",
        ),
        (
            {"probation_start": "9999-12-25", "duration": 6, "duration_unit": "working_days"},
            "invalid_dates",
            "year must be 1990–2100",
        ),
        ({"probation_start": "2026-" * 2_000, "duration": 30}, "invalid_arguments", "at most 100 characters"),
        ({"probation_start": 20261001, "duration": 30}, "invalid_arguments", "valid string"),
        ({"probation_start": "01/10/2026", "duration": 0}, "invalid_arguments", "greater than or equal to 1"),
        (
            {"probation_start": "01/10/2026", "duration": 401},
            "invalid_arguments",
            "less than or equal to 400",
        ),
        (
            {"probation_start": "01/10/2026", "duration": -3},
            "invalid_arguments",
            "greater than or equal to 1",
        ),
        ({"probation_start": "01/10/2026", "duration": "six"}, "invalid_arguments", "valid integer"),
        ({"probation_start": "01/10/2026", "duration": 1e308}, "invalid_arguments", "duration"),
        (
            {"probation_start": "01/10/2026", "duration": 60, "duration_unit": "weeks"},
            "invalid_arguments",
            "60 weeks is out of range (1–400 days)",
        ),
        (
            {"probation_start": "01/10/2026", "duration": 2, "duration_unit": "fortnights"},
            "invalid_arguments",
            "'days', 'working_days', 'weeks' or 'months'",
        ),
        (
            {"probation_start": "01/10/2026", "employee": "kỹ sư " * 1_000},
            "invalid_arguments",
            "1000 characters",
        ),
        (
            {"probation_start": "01/10/2026", "duration": 30, "as_of": "yesterday"},
            "invalid_dates",
            "cannot read the date 'yesterday'",
        ),
        (
            {"probation_start": "01/10/2026", "duration": 30, "as_of": "9999-12-31"},
            "invalid_dates",
            "year must be 1990–2100",
        ),
        (
            {"probation_start": "1/10", "duration": 30, "reference_year": 3000},
            "invalid_arguments",
            "less than or equal to 2100",
        ),
    ],
)
def test_bad_probation_input_is_a_clear_tool_failure(probation, args, error, words):
    run = run_tool(probation, "calculate_probation_end", args)
    assert not run.ok and run.error == error
    assert words in run.result.message and len(run.result.message) < 400


def test_31_january_plus_one_month_ends_on_the_last_day_of_february(probation):
    args = {"probation_start": "2026-01-31", "duration": 1, "duration_unit": "months", "as_of": "2026-02-28"}
    run = run_tool(probation, "calculate_probation_end", args)
    assert run.ok and run.result.end == dt.date(2026, 2, 28)
    assert run.result.status == "probation" and run.result.days_left == 0
    leap = run_tool(
        probation, "calculate_probation_end", args | {"probation_start": "2028-01-31", "as_of": None}
    )
    assert leap.ok and leap.result.end == dt.date(2028, 2, 29)


def test_working_days_skip_several_sundays(probation):
    run = run_tool(
        probation,
        "calculate_probation_end",
        {
            "probation_start": "16/11/2026",
            "duration": 20,
            "duration_unit": "working_days",
            "as_of": "2026-12-01",
        },
    )
    assert run.ok, run.result
    # Mon 16/11 .. : Sundays 22/11, 29/11 and 06/12 are skipped → 20 working days end on Tue 08/12
    assert run.result.end == dt.date(2026, 12, 8) and run.result.rest_days == ["Chủ nhật"]
    assert run.result.status == "probation" and run.result.days_left == 7
    assert "bỏ qua 3 ngày" in run.result.steps[-3].text


def test_as_of_before_the_start_is_not_started_rather_than_an_error(probation):
    run = run_tool(
        probation,
        "calculate_probation_end",
        {"probation_start": "01/10/2026", "duration": 30, "as_of": "01/01/2026"},
    )
    assert run.ok and run.result.status == "not_started" and not run.result.ended
    assert run.result.end == dt.date(2026, 10, 30) and "chưa bắt đầu" in run.result.answer
