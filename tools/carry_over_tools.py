"""calculate_carry_over: unused annual leave at the year's end split into the days carried over and the rest."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tools.carry_over import CarryOverResult, calculate, default_year
from tools.context import ToolContext
from tools.errors import ToolFailure
from tools.leave_tools import policy_for


def calculate_carry_over(
    ctx: ToolContext,
    unused_days: Annotated[
        float,
        Field(gt=0, le=365, description="Days of annual leave not taken by 31 December (halves allowed)."),
    ],
    year: Annotated[
        int | None,
        Field(
            ge=2000,
            le=2100,
            description="The year those days belong to; default the year just ended while its carried-over days "
            "are still usable (before the carry-over deadline), else the current year.",
        ),
    ] = None,
) -> CarryOverResult | ToolFailure:
    """Split the annual leave an employee has not taken by the year's end into the days that carry over to the
    next year (the documents' cap, cited; every day where none is stated) with their use-by date, and the days
    above the cap, quoting the rule on what happens to them. Use it when a question gives a number of unused
    leave days and asks how many carry over, or what happens to the rest."""
    policy = policy_for(ctx)
    try:
        return calculate(policy, unused_days, year or default_year(policy, ctx.on_date()))
    except ValueError as exc:
        return ToolFailure(error="invalid_arguments", message=str(exc))
