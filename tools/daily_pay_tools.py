"""The day's-pay calculator as a tool: so many days of the month's wage the question states, at the divisor its
evidence states."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tools.context import ToolContext
from tools.daily_pay import MAX_DAYS, DailyPayResult, calculate, stated_divisors
from tools.errors import ToolFailure
from tools.overtime_inputs import wage_argument
from tools.stated_rules import section_sentences


def calculate_daily_pay(
    ctx: ToolContext,
    monthly_wage: Annotated[
        str,
        Field(
            max_length=40,
            description="The month's wage the question states, in đồng: '7800000', '7.800.000', '7,8 triệu'.",
        ),
    ],
    days: Annotated[float, Field(gt=0, le=MAX_DAYS, description="How many days' pay: 4, 2.5.")],
    node_ids: Annotated[
        list[str],
        Field(
            min_length=1,
            max_length=8,
            description="Sections to read the day's pay rule from, best first (ids from search or navigate_tree).",
        ),
    ],
) -> DailyPayResult | ToolFailure:
    """Compute so many days of a month's wage at the divisor a document states for one day's pay ('tiền lương …
    chia cho 26 ngày, nhân với số ngày phép chưa nghỉ'), citing the span that states it. Use it for "leaving with
    4 days of leave untaken, salary 7.8 million: how much will they pay me", "2 days of unpaid leave, how much is
    deducted". It fails rather than guess when no named section states the divisor (an hourly wage's formula,
    '÷ 26 ÷ 8', is the overtime calculators')."""
    wage = wage_argument(monthly_wage)
    if isinstance(wage, ToolFailure):
        return wage
    sections = section_sentences(ctx, node_ids)
    if isinstance(sections, ToolFailure):
        return sections
    for _, units in sections:
        divisors = stated_divisors(units)
        if divisors:
            return calculate(wage, days, divisors[0])
    named = ", ".join(node_id for node_id, _ in sections)
    return ToolFailure(
        error="no_divisor",
        message=f"none of {named} states a day's pay as the month's wage divided by a number of days",
    )
