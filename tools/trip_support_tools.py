"""calculate_trip_support: what the company pays towards its yearly trip for an employee and the relatives who come,
from the documents' trip rules."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tools.context import ToolContext
from tools.errors import ToolFailure
from tools.stated_rules import policy_from_sentences
from tools.trip_support import TripSupportPolicy, TripSupportResult, calculate, policy_from_rules


def trip_support_policy_for(ctx: ToolContext) -> TripSupportPolicy:
    """The trip rules the caller's visible documents state (company documents first); read once per context."""
    return policy_from_sentences(ctx, "trip_support_policy", policy_from_rules)


def calculate_trip_support(
    ctx: ToolContext,
    service_months: Annotated[
        int, Field(ge=0, le=720, description="The employee's length of service, in months (8 years: 96).")
    ],
    spouse: Annotated[bool, Field(description="A wife or husband comes along.")] = False,
    children_ages: Annotated[
        list[Annotated[int, Field(ge=0, le=40)]],
        Field(max_length=10, description="The age of each child who comes along ([7, 3])."),
    ] = [],  # noqa: B006 (pydantic copies defaults)
    other_relatives: Annotated[
        int, Field(ge=0, le=10, description="Other relatives who come along (parents, siblings).")
    ] = 0,
    unpaid_leave_days: Annotated[
        int, Field(ge=0, le=366, description="Days of unpaid leave in the period the rules count.")
    ] = 0,
    trip_cost: Annotated[
        int | None, Field(ge=1, le=10**10, description="The trip's cost per person in đồng, when known.")
    ] = None,
    employee: Annotated[
        str, Field(max_length=500, description="Who the employee is, in their words (an award they hold).")
    ] = "",
) -> TripSupportResult | ToolFailure:
    """Compute the company's support for its yearly trip (tham quan, nghỉ mát, du lịch) from the documents' trip
    rules: the employee's amount from the table by length of service (reduced after long unpaid leave, where a rule
    says so), each relative's share (of the employee's amount or of the trip's cost, as stated), children under the
    stated age free, relatives beyond the most allowed unsupported, an award's extra amount, and the total. Use it when a question about the
    company trip states the length of service and asks how much is supported."""
    try:
        return calculate(
            trip_support_policy_for(ctx),
            service_months,
            spouse,
            children_ages,
            other_relatives,
            unpaid_leave_days,
            trip_cost,
            employee,
        )
    except ValueError as exc:
        return ToolFailure(error="invalid_arguments", message=str(exc))
