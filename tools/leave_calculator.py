"""Deterministic annual-leave accrual for Vietnamese companies.

Policy (parameters from ``LeavePolicy``): leave accrues per fully-worked month of service, probation included
when the employee is confirmed; a partial month counts when its worked days reach the policy's share (50%) of
the month's working days; nothing is usable during probation and the probation months are credited at once on
confirmation; the yearly entitlement is 12/14/16 days (+1 per full 5 years of service) and pro-rata for a year
with fewer than 12 months. A month counts once it has ended: "in September" means September 1st.
(Longer than our ~300-line budget on purpose: each rule of the policy is a named step here, with the
explanation text beside the rule it explains.)
"""

from __future__ import annotations

import datetime as dt
import math

from tools.calculation import CalculationResult, CalculationStep
from tools.date_inputs import DateInputError
from tools.leave_dates import LeaveDates, month_bounds, resolve_dates, working_days
from tools.leave_policy import GroupDays, LeavePolicy, ParamSource, WorkConditions


class LeaveResult(CalculationResult):
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
    monthly_rate: float = 0.0
    months_this_year: int = 0  # the as-of year's counted months (``accrued_days`` adds up, with carry-over)
    answer_year: str = ""  # the as-of year's whole entitlement, for a question about the year's total
    answer_year_en: str = ""


def fmt_days(value: float) -> str:
    return f"{value:g}".replace(".", ",")


def fmt_money(value: float) -> str:
    """An amount as Vietnamese writes it: 1.280.000."""
    return f"{round(value):,}".replace(",", ".")


class _Steps:
    """The explanation, one step per applied rule, each naming its policy parameter and where it came from."""

    def __init__(self, policy: LeavePolicy) -> None:
        self.policy = policy
        self.steps: list[CalculationStep] = []

    def __call__(self, text: str, param: str) -> None:
        s = self.policy.source(param)
        where = f"{s.doc_id} › {s.node_id}" if s.source == "corpus" else f"mặc định: {s.note}"
        self.steps.append(CalculationStep(text=text, rule=f"{param} ({where})"))


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
    group: GroupDays | None = None,
) -> LeaveResult:
    """Compute accrued, usable and remaining annual leave with a step-by-step explanation; ``group``: the
    employee's row of the corpus' staff-group table, whose days replace the work conditions' days."""
    _check_inputs(policy, days_taken, work_conditions)
    dates = resolve_dates(
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
    years, bonus, yearly, rate = _entitlement(policy, dates, years_of_service, work_conditions, step, group)
    counted = _counted_months(policy, dates, step)
    labels = [f"{m:02d}/{y}" for y, m in counted]
    step(
        f"Các tháng được tính ({len(counted)}): {', '.join(labels) or 'chưa có tháng nào kết thúc'}.",
        "accrual_per_month",
    )
    accrued, carried = _with_carry_over(policy, dates, counted, rate, step)
    on_probation = dates.confirm is not None and dates.as_of < dates.confirm
    usable = _usable(dates, accrued, on_probation, step)
    remaining = _remaining(usable, days_taken, step)
    pro_rata = _pro_rata(dates, counted, rate, yearly, step, policy.pro_rata_step)
    this_year = sum(1 for y, _ in counted if y == dates.as_of.year)
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
        policy_sources=_sources(policy, group),
        answer=_answer_text(dates, on_probation, accrued, remaining, this_year, rate, days_taken, carried),
        monthly_rate=round(rate, 2),
        months_this_year=this_year,
        answer_year=_year_text(dates, pro_rata, yearly, remaining),
    )


def _answer_text(
    dates: LeaveDates,
    on_probation: bool,
    accrued: float,
    remaining: float,
    months: int,
    rate: float,
    days_taken: float,
    carried: float = 0.0,
) -> str:
    if on_probation:
        return (
            f"Tính đến {dates.as_label}, bạn đang thử việc nên chưa được dùng phép (0 ngày); đã tích lũy "
            f"{fmt_days(accrued)} ngày, sẽ được cộng khi chính thức."
        )
    answer = f"Tính đến {dates.as_label}, bạn có {fmt_days(remaining)} ngày phép năm có thể sử dụng"
    answer += f" ({months} tháng của năm {dates.as_of.year} × {fmt_days(round(rate, 2))} ngày/tháng"
    if carried:
        answer += f", cộng {fmt_days(carried)} ngày của năm {dates.as_of.year - 1}"
    return answer + (f", đã nghỉ {fmt_days(days_taken)} ngày)." if days_taken else ").")


def _year_text(dates: LeaveDates, pro_rata: float, yearly: float, remaining: float) -> str:
    whole = (
        ""
        if pro_rata >= yearly
        else f" (theo tỷ lệ số tháng làm việc trong năm; cả năm là {fmt_days(yearly)})"
    )
    return (
        f"Năm {dates.as_of.year}, bạn được {fmt_days(pro_rata)} ngày phép năm{whole}. Tính đến "
        f"{dates.as_label}, số ngày có thể sử dụng là {fmt_days(remaining)}."
    )


def _check_inputs(policy: LeavePolicy, days_taken: float, work_conditions: str) -> None:
    if days_taken < 0:
        raise DateInputError("days_taken cannot be negative")
    if work_conditions not in policy.days_per_year:
        raise DateInputError(f"work_conditions must be one of {sorted(policy.days_per_year)}")


def _left_during_probation(
    policy: LeavePolicy, dates: LeaveDates, days_taken: float, step: _Steps
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


def _seniority_bonus(policy: LeavePolicy, years: int) -> tuple[float, tuple[int, float] | None]:
    """The days added for ``years`` of service: the step's (stated or the law's) and the extra days of the highest
    length of service reached ("từ đủ 10 năm trở lên được nghỉ thêm 01 ngày"; tiers are alternatives). A stated
    step and the extra days add up; with no step stated, the extra days are the company's scheme, never below the
    law's step."""
    step = (years // policy.seniority_step_years) * policy.seniority_bonus_days
    reached = max(((days, since) for since, days in policy.service_bonuses if years >= since), default=None)
    extra = reached[0] if reached else 0.0
    if "seniority" not in policy.sources and step >= extra:
        return step, None
    tier = (reached[1], reached[0]) if reached else None
    return (step + extra if "seniority" in policy.sources else extra), tier


def _entitlement(
    policy: LeavePolicy,
    dates: LeaveDates,
    years_of_service: int | None,
    work_conditions: WorkConditions,
    step: _Steps,
    group: GroupDays | None = None,
) -> tuple[int, float, float, float]:
    """Seniority years, seniority bonus days, the yearly entitlement and the monthly accrual rate."""
    if years_of_service is None:
        anchor = min(dates.as_of, dates.end) if dates.end else dates.as_of
        start = dates.start
        years_of_service = anchor.year - start.year - ((anchor.month, anchor.day) < (start.month, start.day))
    bonus, tier = _seniority_bonus(policy, years_of_service)
    days = group.days if group else policy.days_per_year[work_conditions]
    yearly = days + bonus
    # The corpus' monthly rate when it states one, else the law's formula (yearly days / 12).
    base = (
        policy.accrual_per_month
        if "accrual_per_month" in policy.sources
        else policy.days_per_year["normal"] / 12
    )
    scale = 1.0 if policy.accrual_flat else days / policy.days_per_year["normal"]
    rate = base * scale + bonus / 12
    who = f"nhóm “{group.text}”" if group else work_conditions
    step(
        f"Ngày nghỉ hằng năm: {fmt_days(days)} ngày ({who})"
        f" + thâm niên {fmt_days(bonus)} ngày ({years_of_service} năm làm việc) = {fmt_days(yearly)} ngày/năm.",
        "days_per_year",
    )
    if tier is not None:
        step(f"Trong đó {fmt_days(tier[1])} ngày nghỉ thêm từ đủ {tier[0]} năm làm việc.", "service_bonus")
    step(
        f"Tích lũy {fmt_days(round(rate, 2))} ngày cho mỗi tháng làm việc đủ điều kiện.", "accrual_per_month"
    )
    return years_of_service, bonus, yearly, rate


def _counted_months(policy: LeavePolicy, dates: LeaveDates, step: _Steps) -> list[tuple[int, int]]:
    """The (year, month)s that count: ended, and worked for at least the policy's share of working days."""
    start, end, as_of = dates.start, dates.end, dates.as_of
    last = min(as_of, end) if end else as_of
    counted: list[tuple[int, int]] = []
    year, month = start.year, start.month
    while (year, month) <= (last.year, last.month):
        first_day, last_day = month_bounds(year, month)
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
    policy: LeavePolicy, dates: LeaveDates, counted: list[tuple[int, int]], rate: float, step: _Steps
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
            cap = policy.carryover_max_days
            if cap is not None and carried > cap:
                carried = cap
                step(
                    f"Chỉ được chuyển tối đa {fmt_days(cap)} ngày sang năm {this_year}.", "carryover_max_days"
                )
        else:
            step(f"{fmt_days(previous)} ngày của năm {this_year - 1} đã hết hạn sử dụng.", "carryover_until")
    return round(current + carried, 2), carried


def _usable(dates: LeaveDates, accrued: float, on_probation: bool, step: _Steps) -> float:
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


def _remaining(usable: float, days_taken: float, step: _Steps) -> float:
    """Usable days left after the days already taken (never below zero; an overdraw is said)."""
    remaining = round(max(usable - days_taken, 0.0), 2)
    if days_taken:
        step(f"Đã nghỉ {fmt_days(days_taken)} ngày: còn {fmt_days(remaining)} ngày.", "accrual_per_month")
    if days_taken > usable:
        step(
            "Số ngày đã nghỉ vượt số ngày được dùng: phần vượt có thể bị tính là nghỉ không lương.",
            "accrual_per_month",
        )
    return remaining


def _pro_rata(
    dates: LeaveDates,
    counted: list[tuple[int, int]],
    rate: float,
    yearly: float,
    step: _Steps,
    rounding: float | None = None,
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
        if (
            rounding
            and (rounded := min(math.ceil(pro_rata / rounding - 1e-9) * rounding, yearly)) != pro_rata
        ):
            pro_rata = rounded
            step(
                f"Làm tròn lên đến {fmt_days(rounding)} ngày: {fmt_days(pro_rata)} ngày.", "pro_rata_rounding"
            )
    return pro_rata


def _sources(policy: LeavePolicy, group: GroupDays | None = None) -> dict[str, ParamSource]:
    """Where each policy parameter came from (a corpus rule or a documented default); the yearly days from the
    employee's row of the staff-group table when one applied."""
    stated = [k for k in _STATED_ONLY if k in policy.sources]
    return {
        k: group.source if group and k == "days_per_year" else policy.source(k) for k in (*_PARAMS, *stated)
    }


_STATED_ONLY = (
    "pro_rata_rounding",
    "carryover_max_days",
    "service_bonus",
)  # parameters that change nothing unless a document states them


_PARAMS = (
    "days_per_year",
    "accrual_per_month",
    "seniority",
    "usable_during_probation",
    "partial_month_min_share",
    "carryover_until",
    "probation_days",
)
