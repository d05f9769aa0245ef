"""calculate_thirteenth_month: a 13th-month (Tết) bonus pro rata to the months worked, from the documents' rules."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from tools.context import ToolContext
from tools.date_inputs import DateInputError, parse_date_input
from tools.errors import ToolFailure
from tools.overtime_inputs import amount_argument
from tools.stated_rules import policy_from_sentences
from tools.thirteenth_month import (
    ThirteenthMonthPolicy,
    ThirteenthMonthResult,
    calculate,
    thirteenth_month_policy_from_rules,
)


def thirteenth_month_policy_for(ctx: ToolContext) -> ThirteenthMonthPolicy:
    """The 13th-month rules the caller's visible documents state (company documents first); read once per context."""
    return policy_from_sentences(ctx, "thirteenth_month_policy", thirteenth_month_policy_from_rules)


def calculate_thirteenth_month(
    ctx: ToolContext,
    start: Annotated[
        str,
        Field(max_length=100, description="The first day of work: '01/05/2026', '10/6/2026', '1 May 2026'."),
    ],
    monthly_wage: Annotated[
        str | None,
        Field(max_length=40, description="The monthly wage in đồng, when given: '15 triệu', '15,000,000'."),
    ] = None,
    rating: Annotated[
        Literal["A", "B", "C", "D"] | None,
        Field(description="The year's rating when the question gives it ('xếp loại B', 'rated A')."),
    ] = None,
    year: Annotated[
        int | None, Field(ge=1990, le=2100, description="The bonus year; default this year.")
    ] = None,
) -> ThirteenthMonthResult | ToolFailure:
    """Compute a 13th-month (Tết) bonus for an employee who joined during the year: the months worked (the month
    of joining counted as the documents say), the documents' base and, with the wage, the amount times the
    rating's coefficient; each parameter cited by its span. Use it for "vào làm từ 10/6 thì thưởng Tết được bao
    nhiêu", "I joined on 1 May: how much 13th month salary do I get this year"."""
    try:
        given = parse_date_input(start)
        today = ctx.on_date()
        first = given.resolve(today.year if given.year is None else given.year)
    except DateInputError as exc:
        return ToolFailure(error="invalid_dates", message=str(exc))
    wage = amount_argument("monthly_wage", monthly_wage) if monthly_wage else None
    if isinstance(wage, ToolFailure):
        return wage
    try:
        return calculate(thirteenth_month_policy_for(ctx), first, year or today.year, wage, rating)
    except LookupError as exc:
        return ToolFailure(error="not_stated", message=str(exc))
    except ValueError as exc:
        return ToolFailure(error="invalid_arguments", message=str(exc))
