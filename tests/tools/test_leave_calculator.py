"""The leave-accrual calculator: the seed probation cases and the edge cases HR asks about."""

from __future__ import annotations

import datetime as dt

import pytest

from tools.date_inputs import DateInputError, parse_date_input
from tools.leave_calculator import accrue_leave
from tools.leave_dates import working_days
from tools.leave_policy import LeavePolicy

TODAY = dt.date(2026, 11, 23)
POLICY = LeavePolicy()


def calc(start, confirm=None, as_of=None, **kw):
    return accrue_leave(POLICY, start, confirm, as_of, today=TODAY, **kw)


# --- the seed cases -------------------------------------------------------------------------------------------


def test_seed_probation_july_confirmed_september_gives_2_days_in_september():
    r = calc("tháng 7", "tháng 9", "tháng 9")
    assert r.usable_days == 2 and r.remaining_days == 2
    assert r.months_counted == ["07/2026", "08/2026"]
    assert "2 ngày" in r.answer and "4 ngày" not in r.answer
    assert any("thử việc được cộng" in s.text for s in r.steps)


def test_seed_confirmed_from_september_gives_3_days_in_october_not_the_year_total():
    r = calc("tháng 7", "tháng 9", "tháng 10")
    assert r.usable_days == 3
    assert "3 ngày" in r.answer and "12 ngày" not in r.answer


# --- probation ------------------------------------------------------------------------------------------------


def test_during_probation_nothing_is_usable_but_accrual_is_kept():
    r = calc("tháng 7", "tháng 9", "15/08/2026")
    assert r.status == "probation" and r.usable_days == 0 and r.accrued_days == 1
    assert "0 ngày" in r.answer


def test_confirmation_credits_probation_months_at_once():
    before = calc("2026-07-01", "2026-09-01", "2026-08-31")
    after = calc("2026-07-01", "2026-09-01", "2026-09-01")
    assert (before.usable_days, after.usable_days) == (0, 2)


def test_confirmed_mid_month():
    before = calc("2026-07-01", "2026-09-15", "2026-09-10")
    after = calc("2026-07-01", "2026-09-15", "2026-09-20")
    assert before.usable_days == 0 and before.accrued_days == 2
    assert after.usable_days == 2 and after.status == "official"


def test_leaving_before_confirmation_counts_nothing():
    r = calc("2026-07-01", "2026-09-01", "2026-10-01", end_date="2026-08-20")
    assert r.status == "left_during_probation" and r.usable_days == 0 and r.accrued_days == 0


def test_no_probation_means_official_from_the_start():
    r = calc("2026-03-01", None, "2026-08-01")
    assert r.status == "official" and r.usable_days == 5


# --- partial months -------------------------------------------------------------------------------------------


def test_joining_on_the_20th_is_under_half_the_month():
    r = calc("20/07/2026", "tháng 9", "tháng 10")
    assert r.months_counted == ["08/2026", "09/2026"]
    assert any("< 50%" in s.text for s in r.steps)


def test_joining_on_the_10th_is_over_half_the_month():
    r = calc("10/07/2026", "tháng 9", "tháng 10")
    assert r.months_counted[0] == "07/2026" and r.usable_days == 3
    assert any("≥ 50%" in s.text for s in r.steps)


def test_leaving_mid_month_with_half_the_days_counts_that_month():
    r = calc("2026-01-01", None, "2026-12-31", end_date="2026-06-16")  # June 2026: 11 of 22 days
    assert r.months_counted[-1] == "06/2026" and r.accrued_days == 6 and r.status == "left"


def test_current_month_counts_only_once_it_has_ended():
    assert calc("2026-07-01", None, "2026-09-29").usable_days == 2
    assert calc("2026-07-01", None, "2026-09-30").usable_days == 3


def test_working_days_are_monday_to_friday():
    assert working_days(dt.date(2026, 7, 1), dt.date(2026, 7, 31)) == 23
    assert working_days(dt.date(2026, 2, 1), dt.date(2026, 2, 28)) == 20


# --- years ----------------------------------------------------------------------------------------------------


def test_december_to_january_across_a_year_boundary_carries_over():
    r = calc("tháng 11/2026", "tháng 1", "tháng 2")
    assert r.as_of == dt.date(2027, 2, 1)
    assert r.carried_over_days == 2 and r.usable_days == 3


def test_carried_over_days_lapse_after_the_deadline():
    r = calc("2026-11-01", "2027-01-01", "2027-05-01")
    assert r.carried_over_days == 0 and r.usable_days == 4  # Jan–Apr 2027 only
    assert any("hết hạn" in s.text for s in r.steps)


def test_pro_rata_entitlement_for_a_first_year():
    r = calc("tháng 7", "tháng 9", "tháng 10")
    assert r.entitlement_this_year == 6 and r.annual_entitlement == 12


def test_full_year_for_an_employee_of_earlier_years():
    r = calc("2024-03-01", "2024-05-01", "2026-12-31")
    assert r.entitlement_this_year == 12 and r.usable_days == 12 + 0  # Jan–Dec 2026 (2025 lapsed)


def test_five_year_anniversary_adds_a_day():
    before = calc("2021-12-01", None, "2026-11-30")
    after = calc("2021-12-01", None, "2026-12-01")
    assert (before.seniority_years, before.annual_entitlement) == (4, 12)
    assert (after.seniority_years, after.annual_entitlement, after.seniority_bonus_days) == (5, 13, 1)


def test_years_of_service_given_explicitly():
    r = calc("2026-01-01", None, "2026-12-31", years_of_service=10)
    assert r.annual_entitlement == 14 and r.usable_days == 14


# --- conditions and days taken ----------------------------------------------------------------------------------


def test_heavy_work_accrues_14_days_a_year():
    r = calc("2026-01-01", None, "2026-12-31", work_conditions="heavy")
    assert r.annual_entitlement == 14 and r.usable_days == 14


def test_especially_heavy_work_accrues_16_days_a_year():
    r = calc("2026-01-01", None, "2026-07-01", work_conditions="especially_heavy")
    assert r.annual_entitlement == 16 and r.usable_days == 8


def test_days_already_taken_are_subtracted():
    r = calc("tháng 7", "tháng 9", "tháng 11", days_taken=1.5)
    assert r.usable_days == 4 and r.remaining_days == 2.5
    assert "2,5 ngày" in r.answer


def test_taking_more_than_usable_is_flagged_not_negative():
    r = calc("tháng 7", "tháng 9", "tháng 10", days_taken=5)
    assert r.remaining_days == 0
    assert any("vượt" in s.text for s in r.steps)


def test_policy_from_corpus_changes_the_result():
    generous = LeavePolicy(days_per_year={"normal": 15.0, "heavy": 17.0, "especially_heavy": 19.0})
    r = accrue_leave(generous, "2026-01-01", None, "2026-12-31", today=TODAY)
    assert r.usable_days == 15
    assert r.policy_sources["days_per_year"].source == "default"


# --- inputs and errors ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-07-01", (2026, 7, 1)),
        ("01/07/2026", (2026, 7, 1)),
        ("1/7", (None, 7, 1)),
        ("tháng 7", (None, 7, None)),
        ("Tháng 7/2026", (2026, 7, None)),
        ("thang 7 nam 2026", (2026, 7, None)),
        ("07/2026", (2026, 7, None)),
        ("July", (None, 7, None)),
        ("september 2026", (2026, 9, None)),
    ],
)
def test_date_inputs(text, expected):
    value = parse_date_input(text)
    assert (value.year, value.month, value.day) == expected


@pytest.mark.parametrize("bad", ["31/02/2026", "tháng 13", "hôm qua", "2026-02-30", ""])
def test_invalid_dates_are_clear_errors(bad):
    with pytest.raises(DateInputError):
        calc(bad, None, "2026-12-01")


def test_confirmation_before_start_is_an_error():
    with pytest.raises(DateInputError, match="before the start"):
        calc("2026-09-01", "2026-07-01", "2026-10-01")


def test_as_of_before_start_is_an_error():
    with pytest.raises(DateInputError, match="before the start"):
        calc("2026-09-01", None, "2026-08-01")


def test_negative_days_taken_is_an_error():
    with pytest.raises(DateInputError, match="negative"):
        calc("2026-01-01", None, "2026-06-01", days_taken=-1)


def test_month_only_inputs_use_the_reference_year():
    r = accrue_leave(POLICY, "tháng 7", "tháng 9", "tháng 9", reference_year=2025, today=TODAY)
    assert r.service_start == dt.date(2025, 7, 1) and r.usable_days == 2


def test_seed_without_a_start_assumes_the_standard_probation():
    r = calc(None, "tháng 9", "tháng 10")
    assert r.service_start == dt.date(2026, 7, 1) and r.usable_days == 3
    assert any("giả định thử việc 60 ngày" in s.text for s in r.steps)


def test_neither_start_nor_confirmation_is_an_error():
    with pytest.raises(DateInputError, match="probation_start"):
        calc(None, None, "tháng 10")


def test_a_year_less_date_takes_the_year_written_with_another_date():
    from tools.leave_dates import resolve_dates
    from tools.leave_policy import LeavePolicy

    dates = resolve_dates(
        LeavePolicy(), "01/01/2022", None, "30/9", "01/10/2026", None, dt.date(2026, 11, 23)
    )
    assert dates.as_of == dt.date(2026, 9, 30) and dates.end == dt.date(2026, 10, 1)
    # without another year written, the first occurrence after the start, as before
    dates = resolve_dates(LeavePolicy(), "15/11/2025", None, "1/3", None, None, dt.date(2026, 11, 23))
    assert dates.as_of == dt.date(2026, 3, 1)


def test_a_written_year_outside_1990_2100_is_refused_by_every_calculator():
    from tools.date_inputs import DateInputError, parse_date_input

    for raw in ("0000-03-01", "1900-01-01", "9999-12-31"):
        with pytest.raises(DateInputError, match="1990–2100"):
            parse_date_input(raw).resolve(2026)
    assert parse_date_input("1/3").resolve(2026) == dt.date(2026, 3, 1)
