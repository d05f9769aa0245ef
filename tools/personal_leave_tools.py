"""calculate_personal_leave: paid personal leave for a family event plus the travel day, read from the corpus."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tools.context import ToolContext
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
from tools.stated_rules import policy_from_sentences


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
) -> PersonalLeaveResult | ToolFailure:
    """Compute the days of personal leave for a family event (own wedding, a child's wedding, a relative's death,
    the wife giving birth): the days the documents state for that event and relative, plus the travel day(s) the
    documents grant when the place is at least a stated distance away; each rule cited by its span. Use it when
    a question asks how many days in total for such an event and gives the distance."""
    try:
        return calculate(personal_leave_policy_for(ctx), event, relation, distance_km)
    except PersonalLeaveError as exc:
        return ToolFailure(error="not_stated", message=str(exc))
