"""calculate_overtime_pay and calculate_night_work_pay: overtime pay, and what night hours of a normal shift add, as
tools; their rates, night window, shifts and hourly divisor read from the corpus."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from tools.context import ToolContext
from tools.date_inputs import DateInputError, parse_date_input
from tools.errors import ToolFailure
from tools.night_work_pay import NightWorkPolicy, NightWorkResult, night_policy_from_rules, shift_named
from tools.night_work_pay import calculate as calculate_night
from tools.overtime_inputs import wage_argument
from tools.overtime_pay import (
    DayKind,
    OvertimePolicy,
    OvertimeResult,
    calculate_days,
    for_employee,
    policy_from_rules,
)
from tools.stated_rules import policy_from_sentences

_TIME = re.compile(r"^\s*(\d{1,2})(?:\s*[:h]\s*(\d{2}))?\s*h?\s*$")


def overtime_policy_for(ctx: ToolContext) -> OvertimePolicy:
    """The overtime policy the caller's visible documents state (company documents first); read once per context."""
    return policy_from_sentences(ctx, "overtime_policy", policy_from_rules)


def _time(value: str | None, name: str):
    import datetime as dt

    if value is None:
        return None
    m = _TIME.match(value)
    hour, minute = (int(m.group(1)), int(m.group(2) or 0)) if m else (25, 0)
    if hour > 24 or minute > 59 or (hour == 24 and minute):  # 24:00 is midnight; 24:30 is no time
        raise ValueError(f"{name} {value!r} is not a time of day such as '17:00' or '17h30'")
    return dt.time(hour % 24, minute)


class OvertimeDay(BaseModel):
    """Another day of overtime in the same question, with its own hours (or span) and kind of day."""

    model_config = ConfigDict(
        extra="forbid"
    )  # "kind" for "day_kind" must fail, not price Sunday as a weekday

    hours: float | None = Field(
        None, gt=0, le=16, description="Overtime hours that day, when no span is given."
    )
    start_time: str | None = Field(None, max_length=40, description="When it started that day, '17:00'.")
    end_time: str | None = Field(None, max_length=40, description="When it ended, '19:00'.")
    night_hours: float | None = Field(None, ge=0, le=16, description="Of ``hours``, those at night.")
    day_kind: DayKind = Field("ordinary", description="ordinary, weekly_rest or holiday.")


def calculate_overtime_pay(
    ctx: ToolContext,
    monthly_wage: Annotated[
        str,
        Field(
            max_length=40,
            description="The month's contract wage in đồng as the employee wrote it: '7.800.000', '7,8 triệu', "
            "'12 million VND'.",
        ),
    ],
    hours: Annotated[
        float | None, Field(gt=0, le=16, description="Overtime hours, when no span is given.")
    ] = None,
    start_time: Annotated[
        str | None, Field(max_length=40, description="When the overtime started, '17:00' or '17h'.")
    ] = None,
    end_time: Annotated[
        str | None, Field(max_length=40, description="When it ended, '19:00' (past midnight allowed).")
    ] = None,
    night_hours: Annotated[
        float | None, Field(ge=0, le=16, description="Of ``hours``, those at night (without a span).")
    ] = None,
    day_kind: Annotated[
        DayKind,
        Field(description="ordinary (a working day), weekly_rest (e.g. Sunday) or holiday (lễ, tết)."),
    ] = "ordinary",
    other_days: Annotated[
        list[OvertimeDay] | None,
        Field(
            max_length=31,
            description="Further days of overtime the question states ('3 hours on Tuesday and 8 hours on "
            "Sunday': the first day above, Sunday here); the pay is the sum.",
        ),
    ] = None,
    employee: Annotated[
        str | None,
        Field(
            max_length=1000,
            description="Who the employee is, in their words ('kế toán khối văn phòng'): picks their staff "
            "group's working days where the documents state a divisor per group.",
        ),
    ] = None,
) -> OvertimeResult | ToolFailure:
    """Compute overtime pay: hourly wage (the monthly wage divided by the working days and hours the documents
    state, e.g. ÷ 26 ÷ 8) × hours × the rate for the kind of day (ordinary 150%, weekly rest 200%, holiday 300%;
    the night rates for hours inside the night window, e.g. 22:00 – 06:00), each rate read from the documents and
    cited, the Labour Code's figures named as defaults where no document states one; overtime on several days
    (``other_days``) is summed. Use it for ANY question asking how much overtime pays for a given wage and hours."""
    wage = wage_argument(monthly_wage)
    if isinstance(wage, ToolFailure):
        return wage
    try:
        first = {"day_kind": day_kind, "hours": hours, "night_hours": night_hours}
        days = [first | {"start": _time(start_time, "start_time"), "end": _time(end_time, "end_time")}]
        for i, given in enumerate(other_days or [], start=2):
            day = OvertimeDay.model_validate(given)  # the registry passes validated arguments as plain data
            days.append(
                {
                    "day_kind": day.day_kind,
                    "hours": day.hours,
                    "night_hours": day.night_hours,
                    "start": _time(day.start_time, f"day {i}'s start_time"),
                    "end": _time(day.end_time, f"day {i}'s end_time"),
                }
            )
        return calculate_days(for_employee(overtime_policy_for(ctx), employee), wage, days)
    except ValueError as exc:
        return ToolFailure(error="invalid_arguments", message=str(exc))


def night_work_policy_for(ctx: ToolContext) -> NightWorkPolicy:
    """The night-work share, its dated changes and the shifts the caller's visible documents state."""
    return policy_from_sentences(ctx, "night_work_policy", night_policy_from_rules)


def calculate_night_work_pay(
    ctx: ToolContext,
    monthly_wage: Annotated[
        str,
        Field(
            max_length=40,
            description="The month's contract wage in đồng as the employee wrote it: '8.320.000', '9,36 triệu', "
            "'9.36 million'.",
        ),
    ],
    start_time: Annotated[
        str | None, Field(max_length=40, description="When the shift started, '22:00' or '23h'.")
    ] = None,
    end_time: Annotated[
        str | None, Field(max_length=40, description="When it ended, '06:00' (past midnight allowed).")
    ] = None,
    shift: Annotated[
        str | None,
        Field(
            max_length=60,
            description="The shift as the employee names it, when no times are given: 'Ca 3', 'ca đêm', "
            "'night shift' (its hours are read from the documents).",
        ),
    ] = None,
    night_hours: Annotated[
        float | None, Field(gt=0, le=16, description="Hours worked at night, when neither times nor shift.")
    ] = None,
    work_date: Annotated[
        str | None,
        Field(
            max_length=40,
            description="The day the night was worked (a changed rate applies from its date); default today.",
        ),
    ] = None,
) -> NightWorkResult | ToolFailure:
    """Compute what night work in a NORMAL shift (not overtime) adds to the pay: hourly wage (the month's wage over
    the documents' divisor, e.g. ÷ 26 ÷ 8) × the night hours of the shift (inside the night window, e.g. 22:00 –
    06:00) × the extra share the documents state (e.g. 30%, or a later notice's rate from its date). Shift hours,
    window, divisor and share are read from the documents and cited. Use it for questions like 'làm ca đêm, lương
    8 triệu, được thêm bao nhiêu?'; overtime at night is calculate_overtime_pay's."""
    wage = wage_argument(monthly_wage)
    if isinstance(wage, ToolFailure):
        return wage
    overtime = overtime_policy_for(ctx)
    policy = night_work_policy_for(ctx)
    try:
        start, end = _time(start_time, "start_time"), _time(end_time, "end_time")
        if (start is None) != (end is None):
            raise ValueError("give both start_time and end_time, or the shift's name")
        named = shift_named(policy, shift, overtime.night_window) if shift and start is None else None
        if shift and start is None and named is None and night_hours is None:
            known = ", ".join(f"{s.label} ({s.start:%H:%M} – {s.end:%H:%M})" for s in policy.shifts)
            return ToolFailure(
                error="unknown_shift",
                message=f"no document defines the hours of {shift!r}"
                + (f"; the documents define: {known}" if known else "")
                + "; give start_time and end_time",
            )
        on = parse_date_input(work_date).resolve(ctx.on_date().year) if work_date else ctx.on_date()
        return calculate_night(policy, overtime, wage, on, start, end, night_hours, named)
    except (ValueError, DateInputError) as exc:
        return ToolFailure(error="invalid_arguments", message=str(exc))
