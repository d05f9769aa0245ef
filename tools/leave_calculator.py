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


MAX_SPAN_YEARS = 70  # a working life; longer spans are input mistakes


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


def calculate_leave(
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
    today = today or dt.date.today()
    if days_taken < 0:
        raise DateInputError("days_taken cannot be negative")
    if work_conditions not in policy.days_per_year:
        raise DateInputError(f"work_conditions must be one of {sorted(policy.days_per_year)}")
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
        start_in = parse_date_input(start)
    else:
        start_in = parse_date_input(probation_start)
        start = start_in.resolve(reference_year or today.year)
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
    last = max(d for d in (as_of_date, end, confirm) if d is not None)
    if (last - start).days > MAX_SPAN_YEARS * 366:  # bounded work and output (one step per month)
        raise DateInputError(
            f"{start:%d/%m/%Y} to {last:%d/%m/%Y} spans over {MAX_SPAN_YEARS} years; check the dates"
        )

    steps: list[LeaveStep] = []
    src = policy.source

    def step(text: str, param: str) -> None:
        s = src(param)
        where = f"{s.doc_id} › {s.node_id}" if s.source == "corpus" else f"mặc định: {s.note}"
        steps.append(LeaveStep(text=text, rule=f"{param} ({where})"))

    as_label = _label(as_of_in, as_of_date)
    if assumed_start:
        step(
            f"Không rõ ngày bắt đầu thử việc: giả định thử việc {policy.probation_days} ngày trước ngày chính thức.",
            "probation_days",
        )
    step(f"Bắt đầu làm việc (thử việc) từ {start:%d/%m/%Y}; tính đến {as_label}.", "usable_during_probation")
    if end and confirm and end < confirm:
        step(
            "Nghỉ việc trước khi được nhận chính thức: thời gian thử việc không được tính phép.",
            "usable_during_probation",
        )
        return LeaveResult(
            as_of=as_of_date,
            service_start=start,
            confirmation_date=confirm,
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
            steps=steps,
            policy_sources=_sources(policy),
            answer="Bạn nghỉ việc trước khi được nhận chính thức nên thời gian thử việc không được tính "
            "ngày nghỉ hằng năm: 0 ngày phép.",
        )

    # Seniority and the yearly entitlement
    if years_of_service is None:
        anchor = min(as_of_date, end) if end else as_of_date
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

    # Months that count
    last = min(as_of_date, end) if end else as_of_date
    counted: list[tuple[int, int]] = []
    year, month = start.year, start.month
    while (year, month) <= (last.year, last.month):
        first_day, last_day = _month_bounds(year, month)
        ended = last_day <= as_of_date or (end is not None and end <= last_day and end <= as_of_date)
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
    labels = [f"{m:02d}/{y}" for y, m in counted]
    step(
        f"Các tháng được tính ({len(counted)}): {', '.join(labels) or 'chưa có tháng nào kết thúc'}.",
        "accrual_per_month",
    )

    # Carry-over: last year's days are usable until the deadline of this year
    this_year = as_of_date.year
    current = round(sum(rate for y, _ in counted if y == this_year), 2)
    previous = round(sum(rate for y, _ in counted if y == this_year - 1), 2)
    carried = 0.0
    if previous:
        deadline = dt.date(this_year, *policy.carryover_until) if policy.carryover_until else None
        if deadline and as_of_date <= deadline:
            carried = previous
            step(
                f"{fmt_days(previous)} ngày của năm {this_year - 1} còn dùng được đến {deadline:%d/%m/%Y}.",
                "carryover_until",
            )
        else:
            step(f"{fmt_days(previous)} ngày của năm {this_year - 1} đã hết hạn sử dụng.", "carryover_until")
    accrued = round(current + carried, 2)

    on_probation = confirm is not None and as_of_date < confirm
    status = "left" if end and end <= as_of_date else ("probation" if on_probation else "official")
    if on_probation:
        usable = 0.0
        step(
            f"Đang thử việc (chính thức từ {confirm:%d/%m/%Y}): {fmt_days(accrued)} ngày đã tích lũy chưa được "
            "sử dụng, sẽ được cộng ngay khi ký hợp đồng chính thức.",
            "usable_during_probation",
        )
    else:
        usable = accrued
        if confirm is not None and confirm > start:
            step(
                f"Đã chính thức từ {confirm:%d/%m/%Y}: các tháng thử việc được cộng vào phép.",
                "usable_during_probation",
            )
    remaining = round(max(usable - days_taken, 0.0), 2)
    if days_taken:
        step(f"Đã nghỉ {fmt_days(days_taken)} ngày: còn {fmt_days(remaining)} ngày.", "accrual_per_month")
    if days_taken > usable:
        step(
            "Số ngày đã nghỉ vượt số ngày được dùng: phần vượt có thể bị tính là nghỉ không lương.",
            "accrual_per_month",
        )

    months_this_year = 12 if start.year < this_year else 13 - start.month
    if start.year == this_year and (this_year, start.month) not in counted and start.day > 1:
        months_this_year -= 1
    pro_rata = round(min(months_this_year * rate, yearly), 2)
    if months_this_year < 12:
        step(
            f"Năm {this_year} làm {months_this_year} tháng: phép cả năm theo tỷ lệ là {fmt_days(pro_rata)} ngày.",
            "days_per_year",
        )

    if on_probation:
        answer = (
            f"Tính đến {as_label}, bạn đang thử việc nên chưa được dùng phép (0 ngày); đã tích lũy "
            f"{fmt_days(accrued)} ngày, sẽ được cộng khi chính thức."
        )
    else:
        answer = f"Tính đến {as_label}, bạn có {fmt_days(remaining)} ngày phép năm có thể sử dụng"
        answer += f" ({len(counted)} tháng được tính × {fmt_days(round(rate, 2))} ngày/tháng"
        answer += f", đã nghỉ {fmt_days(days_taken)} ngày)." if days_taken else ")."
    return LeaveResult(
        as_of=as_of_date,
        service_start=start,
        confirmation_date=confirm,
        status=status,
        months_counted=labels,
        accrued_days=accrued,
        usable_days=usable,
        days_taken=days_taken,
        remaining_days=remaining,
        carried_over_days=carried,
        annual_entitlement=yearly,
        entitlement_this_year=pro_rata,
        seniority_years=years_of_service,
        seniority_bonus_days=bonus,
        steps=steps,
        policy_sources=_sources(policy),
        answer=answer,
    )


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
