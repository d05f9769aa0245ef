"""calculate_trip_allowance: a business trip's daily allowance and hotel cap, at the norms the corpus states."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from pydantic import Field

from tools.context import ToolContext
from tools.date_inputs import DateInputError, parse_date_input
from tools.errors import ToolFailure
from tools.stated_rules import policy_from_sentences
from tools.trip_allowance import MealName, TripAllowanceResult, TripInputError, TripPart, calculate
from tools.trip_norms import TripNorms, trip_norms_from_rules


def trip_norms_for(ctx: ToolContext) -> TripNorms:
    """The trip norms the caller's visible documents state (company documents first); read once per context."""
    return policy_from_sentences(ctx, "trip_norms", trip_norms_from_rules)


def _day(value: str | None, today: dt.date, after: dt.date | None = None) -> dt.date | None:
    """A trip's day: as written when it states its year; else the one nearest today (a departure) or the first
    on or after ``after`` (a return)."""
    if not value:
        return None
    parsed = parse_date_input(value)
    if parsed.day is None:
        raise DateInputError(f"{value!r} names no day of the month: give the trip's dates")

    def on(year: int) -> dt.date:
        try:
            return dt.date(year, parsed.month, parsed.day)
        except ValueError as exc:
            raise DateInputError(f"{value!r} is not a date in {year}") from exc

    if parsed.year:
        return on(parsed.year)
    if after is not None:
        day = on(after.year)
        return day if day >= after else on(after.year + 1)
    return min((on(y) for y in (today.year - 1, today.year, today.year + 1)), key=lambda d: abs(d - today))


def calculate_trip_allowance(
    ctx: ToolContext,
    employee: Annotated[
        str | None,
        Field(
            max_length=1000,
            description="The employee's job or staff group in the question's words ('L3 pharmacist', 'nhà "
            "thuốc trưởng', 'Band 2'): picks that group's row or column of the norms.",
        ),
    ] = None,
    destination: Annotated[
        str | None,
        Field(max_length=1000, description="Where the trip goes, in the question's words ('TP.HCM', 'Huế')."),
    ] = None,
    departure: Annotated[
        str | None, Field(max_length=100, description="Day of departure: '07/12/2026', '28/9', '7 December'.")
    ] = None,
    return_date: Annotated[
        str | None, Field(max_length=100, description="Day of return, same forms as departure.")
    ] = None,
    days: Annotated[
        int | None, Field(ge=1, le=366, description="The trip's days, when no dates are given.")
    ] = None,
    nights: Annotated[
        int | None, Field(ge=0, le=365, description="The trip's nights; default one fewer than its days.")
    ] = None,
    day_trip: Annotated[bool, Field(description="Out and back the same day (no night).")] = False,
    shared_room: Annotated[bool, Field(description="Two colleagues sharing one room.")] = False,
    part: Annotated[
        TripPart,
        Field(description="per_diem (the daily allowance), hotel (the hotel cap) or both; default both."),
    ] = "both",
    meal_days: Annotated[
        int, Field(ge=0, le=366, description="Days of the trip whose meals the host or organiser provides.")
    ] = 0,
    meals: Annotated[
        list[MealName] | None,
        Field(max_length=3, description="Which meals are provided on those days; default all three."),
    ] = None,
) -> TripAllowanceResult | ToolFailure:
    """Compute a business trip's allowances (công tác phí): the daily allowance (phụ cấp lưu trú, per diem)
    times the trip's days and the hotel cap times its nights, at the norms the documents state for the employee's
    staff group and the destination (a rate changed from a date applies from that date; a day trip gets its own
    rate or the stated share; a shared room the stated multiple; a day whose meals are provided the stated share); each norm cited by its span. Use it for "đi
    công tác 3 ngày 2 đêm được bao nhiêu", "per diem in total for a trip from Dec 7 to Dec 10"."""
    today = ctx.on_date()
    try:
        start = _day(departure, today)
        end = _day(return_date, today, after=start)
        return calculate(
            trip_norms_for(ctx),
            employee=employee,
            destination=destination,
            start=start,
            end=end,
            days=days,
            nights=nights,
            day_trip=day_trip,
            shared_room=shared_room,
            part=part,
            today=today,
            meal_days=meal_days,
            meals=list(meals) if meals else None,
        )
    except (DateInputError, TripInputError) as exc:
        return ToolFailure(error="invalid_arguments", message=str(exc))
    except LookupError as exc:
        return ToolFailure(error="not_stated", message=str(exc))
