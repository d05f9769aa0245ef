"""calculate_personal_leave: paid personal leave for a family event plus the travel day, read from the corpus."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from pydantic import Field

from tools.context import ToolContext
from tools.date_inputs import DateInputError, parse_date_input
from tools.errors import ToolFailure
from tools.personal_leave import (
    Event,
    PersonalLeaveError,
    PersonalLeavePolicy,
    PersonalLeaveResult,
    Relation,
    calculate,
    policy_from_rules,
)
from tools.probation_tools import probation_policy_for
from tools.stated_rules import policy_from_sentences

RECENT_DAYS = (
    60  # a year-less first day this long before today is next year's ("nghỉ từ 5/1" asked in November)
)


def personal_leave_policy_for(ctx: ToolContext) -> PersonalLeavePolicy:
    """The personal-leave items and travel-day rules the caller's visible documents state; read once per context."""
    return policy_from_sentences(ctx, "personal_leave_policy", policy_from_rules)


def calculate_personal_leave(
    ctx: ToolContext,
    event: Annotated[
        Event, Field(description="wedding (kết hôn), funeral (a relative's death) or birth (wife).")
    ],
    relation: Annotated[
        Relation,
        Field(
            description="Whose event: self (the employee's own wedding), parent, spouse, child, grandparent, "
            "sibling."
        ),
    ] = "self",
    distance_km: Annotated[
        int | None,
        Field(ge=0, le=20_000, description="How far the wedding or funeral is from the workplace, in km."),
    ] = None,
    start: Annotated[
        str | None,
        Field(
            max_length=100,
            description="The first day off, when the question gives it ('14/12/2026', '14/12'): the answer then "
            "also gives the last day off and the day back at work.",
        ),
    ] = None,
    employee: Annotated[
        str | None,
        Field(
            max_length=1000,
            description="The employee's job or staff group in the question's words: picks the weekly rest days "
            "the documents state for them ('Khối văn phòng': Saturday and Sunday).",
        ),
    ] = None,
) -> PersonalLeaveResult | ToolFailure:
    """Compute the days of personal leave for a family event (own wedding, a child's wedding, a relative's death,
    the wife giving birth): the days the documents state for that event and relative, plus the travel day(s) the
    documents grant when the place is at least a stated distance away; each rule cited by its span. Use it when
    a question asks how many days in total for such an event and gives the distance, or gives the first day off and
    asks the last one or the day back at work ("nghỉ cưới từ thứ Hai 14/12, ngày nào đi làm lại?")."""
    first: dt.date | None = None
    if start:
        try:
            given = parse_date_input(start)
            today = ctx.on_date()
            first = given.resolve(today.year)
            if given.year is None and first < today - dt.timedelta(days=RECENT_DAYS):
                first = given.resolve(today.year + 1)
        except DateInputError as exc:
            return ToolFailure(error="invalid_dates", message=str(exc))
    rest = probation_policy_for(ctx).rest_for(employee or "") if first else None
    try:
        return calculate(personal_leave_policy_for(ctx), event, relation, distance_km, first, rest)
    except PersonalLeaveError as exc:
        return ToolFailure(error="not_stated", message=str(exc))
