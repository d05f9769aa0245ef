"""When a probation ends: deterministic date arithmetic over parameters read from the corpus.

Calendar days: the end is the start + N − 1 days (the start day counts). Weeks: 7 days each. Months: the same day
N months later, less one day (the month's last day where that day does not exist: 31/01 + 1 month ends 28/02 or
29/02). Working days: N days counted from the start day, skipping the weekly rest days; public holidays are not
subtracted (no document lists a year's dates), which the explanation says. Every step names the parameter it
applied, and the answer and steps come in Vietnamese and English.
"""

from __future__ import annotations

import calendar
import datetime as dt
from typing import Literal

from pydantic import Field

from tools.calculation import CalculationResult, CalculationStep
from tools.date_inputs import DateInputError, parse_date_input
from tools.leave_policy import ParamSource
from tools.probation_policy import (
    UNIT_VI,
    WEEKDAY_EN,
    WEEKDAY_VI,
    DurationUnit,
    ProbationPolicy,
    ProbationRow,
)

MAX_DAYS = 400  # a probation is at most 180 days by law; longer inputs are mistakes
UNIT_EN = {"days": "day", "working_days": "working day", "weeks": "week", "months": "month"}
LISTED_DAYS = 14  # working days listed one by one in the explanation up to this many


class ProbationInputError(ValueError):
    """A probation the calculator cannot compute: no length stated or found for the employee."""

    def __init__(self, error: str, message: str) -> None:
        super().__init__(message)
        self.error = error


class ProbationResult(CalculationResult):
    start: dt.date
    end: dt.date  # the probation's last day
    as_of: dt.date
    duration: int
    unit: DurationUnit
    status: Literal["not_started", "probation", "ended"]
    ended: bool  # the probation is over as of ``as_of`` (its last day has passed)
    days_left: int  # calendar days after ``as_of`` up to the last day; 0 once ended or on the last day
    group: str | None = None  # the row of the documents' probation table (or the group a rule names) applied
    rest_days: list[str] = Field(default_factory=list)  # the weekly rest days skipped (working days only)


def amount_words(n: int, unit: DurationUnit, lang: str = "vi") -> str:
    if lang == "vi":
        return f"{n:02d} {UNIT_VI[unit]}" if unit == "working_days" else f"{n} {UNIT_VI[unit]}"
    return f"{n} {UNIT_EN[unit]}" + ("" if n == 1 else "s")


def _day(d: dt.date, lang: str = "vi") -> str:
    return f"{(WEEKDAY_VI if lang == 'vi' else WEEKDAY_EN)[d.weekday()]} {d:%d/%m/%Y}"


def add_months(start: dt.date, months: int) -> dt.date:
    """The last day of a period of ``months`` months from ``start`` (inclusive): the same day that many months
    later less one day, or that month's last day where it has no such day."""
    y, m = divmod(start.year * 12 + start.month - 1 + months, 12)
    last = calendar.monthrange(y, m + 1)[1]
    if start.day > last:
        return dt.date(y, m + 1, last)
    return dt.date(y, m + 1, start.day) - dt.timedelta(days=1)


def working_days_from(start: dt.date, n: int, rest: list[int]) -> list[dt.date]:
    """The first ``n`` working days from ``start`` (inclusive), rest days skipped."""
    if len(rest) >= 7:
        raise DateInputError("every day of the week is a rest day")
    days: list[dt.date] = []
    day = start
    while len(days) < n:
        if day.weekday() not in rest:
            days.append(day)
        day += dt.timedelta(days=1)
    return days


def end_of_probation(start: dt.date, amount: int, unit: DurationUnit, rest: list[int]) -> dt.date:
    if unit == "working_days":
        return working_days_from(start, amount, rest)[-1]
    if unit == "months":
        return add_months(start, amount)
    return start + dt.timedelta(days=amount * (7 if unit == "weeks" else 1) - 1)


class _Steps:
    def __init__(self) -> None:
        self.vi: list[CalculationStep] = []
        self.en: list[str] = []

    def __call__(self, vi: str, en: str, param: str, source: ParamSource) -> None:
        where = f"{source.doc_id} › {source.node_id}" if source.source == "corpus" else source.source
        if source.source == "default":
            where = f"mặc định: {source.note}"
        self.vi.append(CalculationStep(text=vi, rule=f"{param} ({where})"))
        self.en.append(en)


def _resolve(value: str | dt.date, year: int) -> dt.date:
    parsed = parse_date_input(value)
    return parsed.resolve(year)  # a written year outside YEARS is refused there


def calculate(
    policy: ProbationPolicy,
    probation_start: str | dt.date | None,
    as_of: str | dt.date | None = None,
    duration: int | None = None,
    duration_unit: DurationUnit | None = None,
    employee: str | None = None,
    reference_year: int | None = None,
    today: dt.date | None = None,
) -> ProbationResult:
    """The probation's last day for the employee, and where it stands as of a date (today by default). The length
    the employee states (``duration``) wins over the documents' row for their group."""
    today = today or dt.date.today()
    if not probation_start:
        raise ProbationInputError(
            "missing_start", "give the first day of probation (probation_start), e.g. 01/10/2026"
        )
    start = _resolve(probation_start, reference_year or today.year)
    as_of_date = _resolve(as_of, start.year) if as_of else today
    row = policy.row_for(employee)
    stated = duration is not None
    if stated:
        amount, unit = duration, duration_unit or "days"
        source = ParamSource(
            source="question", note=f"thời gian thử việc theo câu hỏi: {amount_words(amount, unit)}"
        )
    elif row is not None:
        amount, unit, source = row.amount, row.unit, row.source
    else:
        raise _unknown_length(policy)
    days = amount * (7 if unit == "weeks" else 31 if unit == "months" else 1)
    if amount < 1 or days > MAX_DAYS:
        raise ProbationInputError(
            "invalid_arguments",
            f"a probation of {amount_words(amount, unit, 'en')} is out of range (1–{MAX_DAYS} days)",
        )
    step = _Steps()
    counting = policy.counting_source()
    step(
        f"Bắt đầu thử việc: {_day(start)} (ngày này được tính là ngày thử việc đầu tiên).",
        f"Probation starts on {_day(start, 'en')} (that day counts as its first day).",
        "probation_counting",
        counting,
    )
    _length_step(step, amount, unit, source, row, stated)
    rest, rest_source = policy.rest_for(f"{employee or ''} {row.text if row else ''}")
    end = end_of_probation(start, amount, unit, rest)
    _count_steps(step, start, end, amount, unit, rest, rest_source, counting)
    status = "not_started" if as_of_date < start else ("ended" if as_of_date > end else "probation")
    days_left = max((end - as_of_date).days, 0) if status != "ended" else 0
    sources = {"probation_duration": source, "probation_counting": counting}
    if stated and row is not None:
        sources["probation_group"] = row.source
    if unit == "working_days":
        sources["weekly_rest_days"] = rest_source
    vi, en = _answers(start, end, as_of_date, amount, unit, status, days_left)
    status_vi, status_en = _status_step(end, as_of_date, status, days_left)
    after = end + dt.timedelta(days=1)  # the labour contract starts the next day, if the employee passes
    step(
        f"{status_vi} Ngày đầu tiên sau thử việc (bắt đầu HĐLĐ nếu đạt): {_day(after)}.",
        f"{status_en} The first day after probation (the labour contract starts then, if you pass): "
        f"{_day(after, 'en')}.",
        "probation_counting",
        counting,
    )
    return ProbationResult(
        start=start,
        end=end,
        as_of=as_of_date,
        duration=amount,
        unit=unit,
        status=status,
        ended=status == "ended",
        days_left=days_left,
        group=row.text if row else None,
        rest_days=[WEEKDAY_VI[d] for d in rest] if unit == "working_days" else [],
        steps=step.vi,
        steps_en=step.en,
        policy_sources=sources,
        answer=vi,
        answer_en=en,
    )


def _unknown_length(policy: ProbationPolicy) -> ProbationInputError:
    if not policy.rows:
        return ProbationInputError(
            "no_probation_length",
            "the documents state no probation length; give duration and duration_unit (e.g. 60 days)",
        )
    groups = "; ".join(f"{r.text} ({amount_words(r.amount, r.unit)})" for r in policy.rows)
    return ProbationInputError(
        "unknown_group",
        f"the documents give each group its own probation length; say which group the employee's job is "
        f"(employee) or give duration and duration_unit. Groups: {groups}",
    )


def _length_step(
    step: _Steps, amount: int, unit: DurationUnit, source: ParamSource, row: ProbationRow | None, stated: bool
) -> None:
    if not stated and row is not None:
        who = f" cho nhóm “{row.text}”" if row.text else ""
        who_en = f" for the group “{row.text}”" if row.text else ""
        step(
            f"Thời gian thử việc{who}: {amount_words(amount, unit)} (theo quy định của công ty).",
            f"Probation length{who_en}: {amount_words(amount, unit, 'en')} (the company's rule).",
            "probation_duration",
            source,
        )
        return
    step(
        f"Thời gian thử việc theo câu hỏi: {amount_words(amount, unit)}.",
        f"Probation length as stated in the question: {amount_words(amount, unit, 'en')}.",
        "probation_duration",
        source,
    )
    if row is not None:
        over = row.unit == unit and amount > row.amount
        step(
            f"Quy định của công ty cho nhóm “{row.text}”: {amount_words(row.amount, row.unit)}"
            + (" — thời gian nêu trong câu hỏi dài hơn quy định này." if over else "."),
            f"The company's rule for the group “{row.text}”: {amount_words(row.amount, row.unit, 'en')}"
            + (" — the length in the question is longer than this rule." if over else "."),
            "probation_group",
            row.source,
        )


def _count_steps(
    step: _Steps,
    start: dt.date,
    end: dt.date,
    amount: int,
    unit: DurationUnit,
    rest: list[int],
    rest_source: ParamSource,
    counting: ParamSource,
) -> None:
    if unit == "working_days":
        names = " và ".join(WEEKDAY_VI[d] for d in rest)
        names_en = " and ".join(WEEKDAY_EN[d] for d in rest)
        days = working_days_from(start, amount, rest)
        listed = ", ".join(f"{d:%d/%m}" for d in days) if amount <= LISTED_DAYS else ""
        skipped = (end - start).days + 1 - amount
        vi_skipped = f"; bỏ qua {skipped} ngày" if skipped else ""
        en_skipped = f"; {skipped} skipped" if skipped else ""
        step(
            f"Đếm {amount_words(amount, unit)} kể từ ngày bắt đầu, bỏ qua ngày nghỉ hằng tuần ({names}{vi_skipped})"
            f"{': ' + listed if listed else ''} → ngày thử việc cuối cùng là {_day(end)}.",
            f"Count {amount_words(amount, unit, 'en')} from the start, skipping the weekly rest days ({names_en}"
            f"{en_skipped}){': ' + listed if listed else ''} → the last day of probation is {_day(end, 'en')}.",
            "weekly_rest_days",
            rest_source,
        )
        step(
            "Chưa trừ ngày nghỉ lễ, tết (tài liệu không liệt kê ngày cụ thể theo năm): nếu có ngày lễ trong thời "
            "gian này, ngày kết thúc lùi lại tương ứng.",
            "Public holidays are not subtracted (the documents list no dates for the year): a holiday in this "
            "period moves the end later by one working day each.",
            "weekly_rest_days",
            rest_source,
        )
    elif unit == "months":
        step(
            f"Tính theo tháng: {amount_words(amount, unit)} kể từ {start:%d/%m/%Y} kết thúc hết ngày {end:%d/%m/%Y} "
            "(ngày tương ứng của tháng cuối trừ 1 ngày; tháng không có ngày tương ứng thì là ngày cuối tháng).",
            f"Counted in months: {amount_words(amount, unit, 'en')} from {start:%d/%m/%Y} end on {end:%d/%m/%Y} (the same "
            "day of the last month less one day; the month's last day where it has no such day).",
            "probation_counting",
            counting,
        )
    else:
        total = (end - start).days + 1
        weeks = f" ({amount} × 7 = {total} ngày)" if unit == "weeks" else ""
        weeks_en = f" ({amount} × 7 = {total} days)" if unit == "weeks" else ""
        step(
            f"Tính theo ngày dương lịch{weeks}, kể cả ngày bắt đầu: {start:%d/%m/%Y} + {total} − 1 ngày = "
            f"{end:%d/%m/%Y}.",
            f"Counted in calendar days{weeks_en}, the start day included: {start:%d/%m/%Y} + {total} − 1 days = "
            f"{end:%d/%m/%Y}.",
            "probation_counting",
            counting,
        )


def _status_step(end: dt.date, as_of: dt.date, status: str, days_left: int) -> tuple[str, str]:
    if status == "ended":
        return (
            f"Tính đến {as_of:%d/%m/%Y}: đã qua ngày thử việc cuối cùng ({end:%d/%m/%Y}), đã hết thử việc.",
            f"As of {as_of:%d/%m/%Y} the last day of probation ({end:%d/%m/%Y}) has passed: probation is over.",
        )
    if status == "not_started":
        return (
            f"Tính đến {as_of:%d/%m/%Y}: thử việc chưa bắt đầu.",
            f"As of {as_of:%d/%m/%Y} the probation has not started yet.",
        )
    if days_left == 0:
        return (
            f"Tính đến {as_of:%d/%m/%Y}: hôm nay là ngày thử việc cuối cùng.",
            f"As of {as_of:%d/%m/%Y}: today is the last day of probation.",
        )
    return (
        f"Tính đến {as_of:%d/%m/%Y}: còn {days_left} ngày đến hết ngày {end:%d/%m/%Y}.",
        f"As of {as_of:%d/%m/%Y}: {days_left} days left until the end of {end:%d/%m/%Y}.",
    )


def _answers(
    start: dt.date,
    end: dt.date,
    as_of: dt.date,
    amount: int,
    unit: DurationUnit,
    status: str,
    days_left: int,
) -> tuple[str, str]:
    length = f"{amount_words(amount, unit)}, bắt đầu từ {start:%d/%m/%Y}"
    length_en = f"{amount_words(amount, unit, 'en')} from {start:%d/%m/%Y}"
    if status == "ended":
        return (
            f"Thử việc của bạn ({length}) đã kết thúc vào {_day(end)}. Tính đến {as_of:%d/%m/%Y}, bạn đã hết "
            "thử việc.",
            f"Your probation ({length_en}) ended on {_day(end, 'en')}. As of {as_of:%d/%m/%Y} your probation "
            "is over.",
        )
    if status == "not_started":
        return (
            f"Thử việc của bạn ({length}) sẽ kết thúc vào hết ngày {_day(end)}; tính đến {as_of:%d/%m/%Y} "
            "thử việc chưa bắt đầu.",
            f"Your probation ({length_en}) will end on {_day(end, 'en')}; as of {as_of:%d/%m/%Y} it has not "
            "started yet.",
        )
    left = "hôm nay là ngày thử việc cuối cùng" if days_left == 0 else f"còn {days_left} ngày nữa"
    left_en = "today is its last day" if days_left == 0 else f"{days_left} days left"
    return (
        f"Thử việc của bạn ({length}) kết thúc vào hết ngày {_day(end)}. Tính đến {as_of:%d/%m/%Y}, bạn chưa "
        f"hết thử việc ({left}).",
        f"Your probation ({length_en}) ends on {_day(end, 'en')}, its last day. As of {as_of:%d/%m/%Y} you are "
        f"still on probation ({left_en}).",
    )
