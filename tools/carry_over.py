"""Unused annual leave at the year's end: how many days move to the next year, until when, and what the rules say
about the days above the cap.

The cap ("chuyển sang năm sau tối đa 06 ngày", "up to 5 unused days may be carried over"), the deadline ("phải
sử dụng hết trước ngày 31/3 năm sau", "must be used by 31 March") and the rule on the days above the cap ("Số ngày
... vượt quá 06 ngày ...: thanh toán ...", "days above the 5-day limit ... are paid in the February payroll") are
read from the documents (``tools.leave_policy``) and cited by their spans. Without a stated cap every day moves
over; without a rule on the rest, the answer says that no document states it.
"""

from __future__ import annotations

import datetime as dt

from indexes.spans import display
from tools.calculation import CalculationResult, CalculationStep
from tools.leave_calculator import fmt_days
from tools.leave_explain import days_en
from tools.leave_policy import LeavePolicy

MAX_UNUSED_DAYS = 365.0


class CarryOverResult(CalculationResult):
    year: int  # the year whose unused days these are (they move to ``year + 1``)
    unused_days: float
    carried_days: float
    remaining_days: float  # above the cap: not carried over
    use_by: dt.date | None  # the carried days' deadline in the next year


def default_year(policy: LeavePolicy, today: dt.date) -> int:
    """The year whose unused days a question means when it names none: the one just ended while its carried-over
    days are still usable (before the deadline), else this one."""
    until = policy.carryover_until
    return today.year - 1 if until and (today.month, today.day) <= until else today.year


def _use_by(year: int, month: int, day: int) -> dt.date:
    """``day``/``month`` of ``year``, the month's last day when it has fewer (29 February)."""
    last = (dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)).day
    return dt.date(year, month, min(day, last))


def calculate(policy: LeavePolicy, unused_days: float, year: int) -> CarryOverResult:
    """Split ``unused_days`` (left at 31/12 of ``year``) into the days carried over and the rest."""
    if not 0 < unused_days <= MAX_UNUSED_DAYS:
        raise ValueError(f"unused_days {unused_days:g} must be more than 0 and at most {MAX_UNUSED_DAYS:g}")
    if unused_days * 2 != int(unused_days * 2):
        raise ValueError(f"unused_days {unused_days:g} must be whole or half days")
    cap = policy.carryover_max_days
    carried = unused_days if cap is None else min(unused_days, cap)
    remaining = unused_days - carried
    until = policy.carryover_until
    use_by = _use_by(year + 1, *until) if until else None
    steps = [
        CalculationStep(
            text=f"Số ngày phép chưa nghỉ đến 31/12/{year}: {fmt_days(unused_days)} ngày.", rule="input"
        )
    ]
    steps_en = [f"Unused annual leave at 31 December {year}: {days_en(unused_days)}."]
    if cap is None:
        steps.append(
            CalculationStep(
                text=f"Không có giới hạn số ngày được chuyển: chuyển cả {fmt_days(carried)} ngày sang năm {year + 1}.",
                rule="carryover_max_days",
            )
        )
        steps_en.append(f"No cap on the days carried over: {days_en(carried)} carried to {year + 1}.")
    else:
        steps.append(
            CalculationStep(
                text=f"Được chuyển tối đa {fmt_days(cap)} ngày: chuyển {fmt_days(carried)} ngày sang năm {year + 1}.",
                rule="carryover_max_days",
            )
        )
        steps_en.append(f"At most {days_en(cap)} carried over: {days_en(carried)} carried to {year + 1}.")
    if use_by is not None:
        steps.append(
            CalculationStep(
                text=f"Số ngày chuyển sang phải dùng trước hạn {use_by:%d/%m/%Y}.", rule="carryover_until"
            )
        )
        steps_en.append(f"The carried-over days must be used by {use_by:%d/%m/%Y}.")
    excess = policy.sources.get("carryover_excess")
    rest_vi = rest_en = ""
    if remaining:
        steps.append(
            CalculationStep(
                text=f"Còn lại {fmt_days(remaining)} ngày vượt quá mức được chuyển.", rule="carryover_excess"
            )
        )
        steps_en.append(f"Above the cap: {days_en(remaining)}.")
        if excess is not None and excess.quote:
            rule = display(excess.quote).removeprefix("• ")
            rest_vi = f" {fmt_days(remaining)} ngày còn lại xử lý theo quy định: “{rule}”"
            rest_en = f" The other {days_en(remaining)}, under the rules: “{rule}”"
        else:
            rest_vi = (
                f" {fmt_days(remaining)} ngày còn lại không được chuyển; tài liệu không nói số ngày này được xử lý"
                " thế nào, bạn nên hỏi phòng Nhân sự."
            )
            rest_en = (
                f" The other {days_en(remaining)} do not carry over; the documents do not say what happens to"
                " them, so ask HR."
            )
    by_vi = f", dùng trước ngày {use_by:%d/%m/%Y}" if use_by else ""
    by_en = f", to be used by {use_by:%d/%m/%Y}" if use_by else ""
    answer = f"Bạn được chuyển {fmt_days(carried)} ngày phép sang năm {year + 1}{by_vi}.{rest_vi}"
    verb = "carries" if carried == 1 else "carry"
    answer_en = f"{days_en(carried).capitalize()} of your leave {verb} over to {year + 1}{by_en}.{rest_en}"
    used = ["carryover_max_days", "carryover_until"] + (["carryover_excess"] if excess and remaining else [])
    sources = {k: policy.source(k) for k in used}
    return CarryOverResult(
        year=year,
        unused_days=unused_days,
        carried_days=carried,
        remaining_days=remaining,
        use_by=use_by,
        steps=steps,
        steps_en=steps_en,
        policy_sources=sources,
        answer=answer,
        answer_en=answer_en,
    )
