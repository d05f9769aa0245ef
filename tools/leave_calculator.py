"""Deterministic annual-leave accrual for Vietnamese companies.

Policy (parameters from ``LeavePolicy``): leave accrues per fully-worked month of service, probation included
when the employee is confirmed; a partial month counts when its worked days reach the policy's share (50%) of
the month's working days; nothing is usable during probation and the probation months are credited at once on
confirmation; the yearly entitlement is 12/14/16 days (+1 per full 5 years of service) and pro-rata for a year
with fewer than 12 months. A month counts once it has ended: "in September" means September 1st.
"""

from __future__ import annotations

import calendar
import datetime as dt
from dataclasses import dataclass

from pydantic import BaseModel, Field

from tools.date_inputs import DateInput, DateInputError, parse_date_input
from tools.leave_policy import LeavePolicy, ParamSource, WorkConditions


class LeaveStep(BaseModel):
    text: str
    rule: str  # which policy parameter (and its source) the step applied


class LeaveResult(BaseModel):
    as_of: dt.date
    service_start: dt.date
    confirmation_date: dt.date | None
    status: str  # "probation" | "official" | "left" | "left_during_probation"
    months_counted: list[str]
    accrued_days: float
    usable_days: float
    days_taken: float
    remaining_days: float
    carried_over_days: float
    annual_entitlement: float
    entitlement_this_year: float
    seniority_years: int
    seniority_bonus_days: float
    steps: list[LeaveStep]
    policy_sources: dict[str, ParamSource] = Field(default_factory=dict)
    answer: str


def working_days(start: dt.date, end: dt.date) -> int:
    """Monday–Friday days in [start, end] (public holidays not subtracted)."""
    return sum(1 for i in range((end - start).days + 1) if (start + dt.timedelta(i)).weekday() < 5)


def _month_bounds(year: int, month: int) -> tuple[dt.date, dt.date]:
    return dt.date(year, month, 1), dt.date(year, month, calendar.monthrange(year, month)[1])


def _next_occurrence(value: DateInput, not_before: dt.date) -> dt.date:
    """A month-only or year-less input resolved to its first occurrence on or after ``not_before``'s month."""
    if value.year is not None:
        return value.resolve(value.year)
    candidate = value.resolve(not_before.year)
    if (candidate.year, candidate.month) < (not_before.year, not_before.month):
        candidate = value.resolve(not_before.year + 1)
    return candidate


def fmt_days(value: float) -> str:
    return f"{value:g}".replace(".", ",")


def _label(value: DateInput | None, date: dt.date) -> str:
    return (
        f"tháng {date.month}/{date.year}"
        if value is not None and value.month_only
        else date.strftime("%d/%m/%Y")
    )


@dataclass(frozen=True)
class _Dates:
    start: dt.date  # start of work (probation included)
    confirm: dt.date | None  # confirmation (official contract)
    as_of: dt.date
    end: dt.date | None  # last day of work, when the employee left
    as_label: str  # as_of the way the question gave it ("tháng 9/2026" or "01/09/2026")
    assumed_start: bool  # no start given: the standard probation before the confirmation was assumed


class _Steps:
    """The explanation, one step per applied rule, each naming its policy parameter and where it came from."""

    def __init__(self, policy: LeavePolicy) -> None:
        self.policy = policy
        self.steps: list[LeaveStep] = []

    def __call__(self, text: str, param: str) -> None:
        s = self.policy.source(param)
        where = f"{s.doc_id} › {s.node_id}" if s.source == "corpus" else f"mặc định: {s.note}"
        self.steps.append(LeaveStep(text=text, rule=f"{param} ({where})"))


def accrue_leave(
    policy: LeavePolicy,
    probation_start: str | dt.date | None,
    confirmation_date: str | dt.date | None = None,
    as_of: str | dt.date | None = None,
    end_date: str | dt.date | None = None,
    years_of_service: int | None = None,
    days_taken: float = 0.0,
    work_conditions: WorkConditions = "normal",
    reference_year: int | None = None,
    today: dt.date | None = None,
) -> LeaveResult:
    """Compute accrued, usable and remaining annual leave with a step-by-step explanation."""
    if days_taken < 0:
        raise DateInputError("days_taken cannot be negative")
    if work_conditions not in policy.days_per_year:
        raise DateInputError(f"work_conditions must be one of {sorted(policy.days_per_year)}")
    dates = _resolve_dates(
        policy, probation_start, confirmation_date, as_of, end_date, reference_year, today or dt.date.today()
    )
    step = _Steps(policy)
    if dates.assumed_start:
        step(
            f"Không rõ ngày bắt đầu thử việc: giả định thử việc {policy.probation_days} ngày trước ngày chính thức.",
            "probation_days",
        )
    step(
        f"Bắt đầu làm việc (thử việc) từ {dates.start:%d/%m/%Y}; tính đến {dates.as_label}.",
        "usable_during_probation",
    )
    if dates.end and dates.confirm and dates.end < dates.confirm:
        return _left_during_probation(policy, dates, days_taken, step)
    years, bonus, yearly, rate = _entitlement(policy, dates, years_of_service, work_conditions, step)
    counted = _counted_months(policy, dates, step)
    labels = [f"{m:02d}/{y}" for y, m in counted]
    step(
        f"Các tháng được tính ({len(counted)}): {', '.join(labels) or 'chưa có tháng nào kết thúc'}.",
        "accrual_per_month",
    )
    accrued, carried = _with_carry_over(policy, dates, counted, rate, step)
    on_probation = dates.confirm is not None and dates.as_of < dates.confirm
    usable = _usable(dates, accrued, on_probation, step)
    remaining = round(max(usable - days_taken, 0.0), 2)
    if days_taken:
        step(f"Đã nghỉ {fmt_days(days_taken)} ngày: còn {fmt_days(remaining)} ngày.", "accrual_per_month")
    if days_taken > usable:
        step(
            "Số ngày đã nghỉ vượt số ngày được dùng: phần vượt có thể bị tính là nghỉ không lương.",
            "accrual_per_month",
        )
    pro_rata = _pro_rata(dates, counted, rate, yearly, step)
    if on_probation:
        answer = (
            f"Tính đến {dates.as_label}, bạn đang thử việc nên chưa được dùng phép (0 ngày); đã tích lũy "
            f"{fmt_days(accrued)} ngày, sẽ được cộng khi chính thức."
        )
    else:
        answer = f"Tính đến {dates.as_label}, bạn có {fmt_days(remaining)} ngày phép năm có thể sử dụng"
        answer += f" ({len(counted)} tháng được tính × {fmt_days(round(rate, 2))} ngày/tháng"
        answer += f", đã nghỉ {fmt_days(days_taken)} ngày)." if days_taken else ")."
    left = dates.end is not None and dates.end <= dates.as_of
    return LeaveResult(
        as_of=dates.as_of,
        service_start=dates.start,
        confirmation_date=dates.confirm,
        status="left" if left else ("probation" if on_probation else "official"),
        months_counted=labels,
        accrued_days=accrued,
        usable_days=usable,
        days_taken=days_taken,
        remaining_days=remaining,
        carried_over_days=carried,
        annual_entitlement=yearly,
        entitlement_this_year=pro_rata,
        seniority_years=years,
        seniority_bonus_days=bonus,
        steps=step.steps,
        policy_sources=_sources(policy),
        answer=answer,
    )


def _resolve_dates(
    policy: LeavePolicy,
    probation_start: str | dt.date | None,
    confirmation_date: str | dt.date | None,
    as_of: str | dt.date | None,
    end_date: str | dt.date | None,
    reference_year: int | None,
    today: dt.date,
) -> _Dates:
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
    as_of_date = _next_occurrence(as_of_in, start) if as_of_in else today
    end_in = parse_date_input(end_date) if end_date else None
    end = _next_occurrence(end_in, start) if end_in else None
    if end_in and end_in.month_only:
        end = _month_bounds(end.year, end.month)[1]
    if confirm and confirm < start:
        raise DateInputError(f"confirmation date {confirm:%d/%m/%Y} is before the start {start:%d/%m/%Y}")
    if as_of_date < start:
        raise DateInputError(f"as_of {as_of_date:%d/%m/%Y} is before the start of work {start:%d/%m/%Y}")
    if end and end < start:
        raise DateInputError(f"end date {end:%d/%m/%Y} is before the start {start:%d/%m/%Y}")
    return _Dates(start, confirm, as_of_date, end, _label(as_of_in, as_of_date), assumed_start)


def _left_during_probation(
    policy: LeavePolicy, dates: _Dates, days_taken: float, step: _Steps
) -> LeaveResult:
    step(
        "Nghỉ việc trước khi được nhận chính thức: thời gian thử việc không được tính phép.",
        "usable_during_probation",
    )
    return LeaveResult(
        as_of=dates.as_of,
        service_start=dates.start,
        confirmation_date=dates.confirm,
        status="left_during_probation",
        months_counted=[],
        accrued_days=0,
        usable_days=0,
        days_taken=days_taken,
        remaining_days=0,
        carried_over_days=0,
        annual_entitlement=0,
        entitlement_this_year=0,
        seniority_years=0,
        seniority_bonus_days=0,
        steps=step.steps,
        policy_sources=_sources(policy),
        answer="Bạn nghỉ việc trước khi được nhận chính thức nên thời gian thử việc không được tính "
        "ngày nghỉ hằng năm: 0 ngày phép.",
    )


def _entitlement(
    policy: LeavePolicy,
    dates: _Dates,
    years_of_service: int | None,
    work_conditions: WorkConditions,
    step: _Steps,
) -> tuple[int, float, float, float]:
    """Seniority years, seniority bonus days, the yearly entitlement and the monthly accrual rate."""
    if years_of_service is None:
        anchor = min(dates.as_of, dates.end) if dates.end else dates.as_of
        start = dates.start
        years_of_service = anchor.year - start.year - ((anchor.month, anchor.day) < (start.month, start.day))
    bonus = (years_of_service // policy.seniority_step_years) * policy.seniority_bonus_days
    yearly = policy.days_per_year[work_conditions] + bonus
    # The corpus' monthly rate when it states one, else the law's formula (yearly days / 12).
    base = (
        policy.accrual_per_month
        if "accrual_per_month" in policy.sources
        else policy.days_per_year["normal"] / 12
    )
    rate = base * policy.days_per_year[work_conditions] / policy.days_per_year["normal"] + bonus / 12
    step(
        f"Ngày nghỉ hằng năm: {fmt_days(policy.days_per_year[work_conditions])} ngày ({work_conditions})"
        f" + thâm niên {fmt_days(bonus)} ngày ({years_of_service} năm làm việc) = {fmt_days(yearly)} ngày/năm.",
        "days_per_year",
    )
    step(
        f"Tích lũy {fmt_days(round(rate, 2))} ngày cho mỗi tháng làm việc đủ điều kiện.", "accrual_per_month"
    )
    return years_of_service, bonus, yearly, rate


def _counted_months(policy: LeavePolicy, dates: _Dates, step: _Steps) -> list[tuple[int, int]]:
    """The (year, month)s that count: ended, and worked for at least the policy's share of working days."""
    start, end, as_of = dates.start, dates.end, dates.as_of
    last = min(as_of, end) if end else as_of
    counted: list[tuple[int, int]] = []
    year, month = start.year, start.month
    while (year, month) <= (last.year, last.month):
        first_day, last_day = _month_bounds(year, month)
        ended = last_day <= as_of or (end is not None and end <= last_day and end <= as_of)
        if ended:
            worked = working_days(max(start, first_day), min(end or last_day, last_day))
            total = working_days(first_day, last_day)
            if worked >= policy.partial_month_min_share * total:
                counted.append((year, month))
                if worked < total:
                    step(
                        f"Tháng {month}/{year}: làm {worked}/{total} ngày (≥ 50%) nên được tính.",
                        "partial_month_min_share",
                    )
            else:
                step(
                    f"Tháng {month}/{year}: làm {worked}/{total} ngày (< 50%) nên không được tính.",
                    "partial_month_min_share",
                )
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return counted


def _with_carry_over(
    policy: LeavePolicy, dates: _Dates, counted: list[tuple[int, int]], rate: float, step: _Steps
) -> tuple[float, float]:
    """This year's accrued days plus last year's when still usable (until the carry-over deadline)."""
    this_year = dates.as_of.year
    current = round(sum(rate for y, _ in counted if y == this_year), 2)
    previous = round(sum(rate for y, _ in counted if y == this_year - 1), 2)
    carried = 0.0
    if previous:
        deadline = dt.date(this_year, *policy.carryover_until) if policy.carryover_until else None
        if deadline and dates.as_of <= deadline:
            carried = previous
            step(
                f"{fmt_days(previous)} ngày của năm {this_year - 1} còn dùng được đến {deadline:%d/%m/%Y}.",
                "carryover_until",
            )
        else:
            step(f"{fmt_days(previous)} ngày của năm {this_year - 1} đã hết hạn sử dụng.", "carryover_until")
    return round(current + carried, 2), carried


def _usable(dates: _Dates, accrued: float, on_probation: bool, step: _Steps) -> float:
    """Nothing during probation; everything accrued (probation months included) once confirmed."""
    if on_probation:
        step(
            f"Đang thử việc (chính thức từ {dates.confirm:%d/%m/%Y}): {fmt_days(accrued)} ngày đã tích lũy chưa "
            "được sử dụng, sẽ được cộng ngay khi ký hợp đồng chính thức.",
            "usable_during_probation",
        )
        return 0.0
    if dates.confirm is not None and dates.confirm > dates.start:
        step(
            f"Đã chính thức từ {dates.confirm:%d/%m/%Y}: các tháng thử việc được cộng vào phép.",
            "usable_during_probation",
        )
    return accrued


def _pro_rata(
    dates: _Dates, counted: list[tuple[int, int]], rate: float, yearly: float, step: _Steps
) -> float:
    """This year's entitlement in proportion to the months worked in it."""
    this_year, start = dates.as_of.year, dates.start
    months_this_year = 12 if start.year < this_year else 13 - start.month
    if start.year == this_year and (this_year, start.month) not in counted and start.day > 1:
        months_this_year -= 1
    pro_rata = round(min(months_this_year * rate, yearly), 2)
    if months_this_year < 12:
        step(
            f"Năm {this_year} làm {months_this_year} tháng: phép cả năm theo tỷ lệ là {fmt_days(pro_rata)} ngày.",
            "days_per_year",
        )
    return pro_rata


def _sources(policy: LeavePolicy) -> dict[str, ParamSource]:
    """Where each policy parameter came from (a corpus rule or a documented default)."""
    return {k: policy.source(k) for k in _PARAMS}


_PARAMS = (
    "days_per_year",
    "accrual_per_month",
    "seniority",
    "usable_during_probation",
    "partial_month_min_share",
    "carryover_until",
    "probation_days",
)
