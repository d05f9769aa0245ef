"""The dates of a leave question, resolved: start of work, confirmation, "as of" and the last day of work.

Inputs come as employees write them (``tools/date_inputs.py``): a year-less or month-only date resolves to its
first occurrence on or after the start of work; a missing start is the standard probation before confirmation.
"""

from __future__ import annotations

import calendar
import datetime as dt
from dataclasses import dataclass

from tools.date_inputs import DateInput, DateInputError, parse_date_input
from tools.leave_policy import LeavePolicy


@dataclass(frozen=True)
class LeaveDates:
    start: dt.date  # start of work (probation included)
    confirm: dt.date | None  # confirmation (official contract)
    as_of: dt.date
    end: dt.date | None  # last day of work, when the employee left
    as_label: str  # as_of the way the question gave it ("tháng 9/2026" or "01/09/2026")
    assumed_start: bool  # no start given: the standard probation before the confirmation was assumed


MAX_SPAN_YEARS = 70  # a working life; longer spans are input mistakes


def working_days(start: dt.date, end: dt.date) -> int:
    """Monday–Friday days in [start, end] (public holidays not subtracted)."""
    return sum(1 for i in range((end - start).days + 1) if (start + dt.timedelta(i)).weekday() < 5)


def month_bounds(year: int, month: int) -> tuple[dt.date, dt.date]:
    return dt.date(year, month, 1), dt.date(year, month, calendar.monthrange(year, month)[1])


def _next_occurrence(value: DateInput, not_before: dt.date, year: int | None = None) -> dt.date:
    """A month-only or year-less input resolved to its first occurrence on or after ``not_before``'s month,
    looked for from ``year`` (the year the employee wrote with another date: "nghỉ việc 01/10/2026, ngày làm
    cuối 30/9" is 30/9/2026) when given, else from ``not_before``'s year."""
    if value.year is not None:
        return value.resolve(value.year)
    candidate = value.resolve(max(year or not_before.year, not_before.year))
    if (candidate.year, candidate.month) < (not_before.year, not_before.month):
        candidate = value.resolve(not_before.year + 1)
    return candidate


def _label(value: DateInput | None, date: dt.date) -> str:
    return (
        f"tháng {date.month}/{date.year}"
        if value is not None and value.month_only
        else date.strftime("%d/%m/%Y")
    )


def resolve_dates(
    policy: LeavePolicy,
    probation_start: str | dt.date | None,
    confirmation_date: str | dt.date | None,
    as_of: str | dt.date | None,
    end_date: str | dt.date | None,
    reference_year: int | None,
    today: dt.date,
) -> LeaveDates:
    """The dates as the employee gave them, resolved (year-less and month-only inputs) and checked."""
    confirm_in = parse_date_input(confirmation_date) if confirmation_date else None
    assumed_start = probation_start is None
    if assumed_start:  # only the confirmation is known: assume the standard probation before it
        if confirm_in is None:
            raise DateInputError("give the start of work (probation_start) or the confirmation date")
        confirm = confirm_in.resolve(reference_year or today.year)
        start = confirm - dt.timedelta(days=policy.probation_days)
        if confirm_in.month_only:  # month precision: the probation's months before the confirmation month
            months_back = round(policy.probation_days / 30)
            y, m = divmod(confirm.year * 12 + confirm.month - 1 - months_back, 12)
            start = dt.date(y, m + 1, 1)
    else:
        start = parse_date_input(probation_start).resolve(reference_year or today.year)
        confirm = _next_occurrence(confirm_in, start) if confirm_in else None
    as_of_in = parse_date_input(as_of) if as_of else None
    end_in = parse_date_input(end_date) if end_date else None
    written = [d.year for d in (confirm_in, as_of_in, end_in) if d is not None and d.year is not None]
    year = max(written) if written else None
    as_of_date = _next_occurrence(as_of_in, start, year) if as_of_in else today
    end = _next_occurrence(end_in, start, year) if end_in else None
    if end_in and end_in.month_only:
        end = month_bounds(end.year, end.month)[1]
    if confirm and confirm < start:
        raise DateInputError(f"confirmation date {confirm:%d/%m/%Y} is before the start {start:%d/%m/%Y}")
    if as_of_date < start:
        raise DateInputError(f"as_of {as_of_date:%d/%m/%Y} is before the start of work {start:%d/%m/%Y}")
    if end and end < start:
        raise DateInputError(f"end date {end:%d/%m/%Y} is before the start {start:%d/%m/%Y}")
    last = max(d for d in (as_of_date, end, confirm) if d is not None)
    if (last - start).days > MAX_SPAN_YEARS * 366:  # bounded work and output (one step per month)
        raise DateInputError(
            f"{start:%d/%m/%Y} to {last:%d/%m/%Y} spans over {MAX_SPAN_YEARS} years; check the dates"
        )
    return LeaveDates(start, confirm, as_of_date, end, _label(as_of_in, as_of_date), assumed_start)
