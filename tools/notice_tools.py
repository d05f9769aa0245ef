"""calculate_notice_end: the notice a resignation needs by contract type, and the earliest day to leave."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tools.context import ToolContext
from tools.date_inputs import DateInputError, parse_date_input
from tools.errors import ToolFailure
from tools.notice_period import Contract, NoticePolicy, NoticeResult, calculate, policy_from_rules
from tools.probation_tools import probation_policy_for
from tools.stated_rules import policy_from_sentences


def notice_policy_for(ctx: ToolContext) -> NoticePolicy:
    """The notice rows the caller's visible documents state (company documents first); read once per context."""
    return policy_from_sentences(ctx, "notice_policy", policy_from_rules)


def calculate_notice_end(
    ctx: ToolContext,
    contract: Annotated[
        Contract, Field(description="open_ended (không xác định thời hạn), fixed_term or probation.")
    ],
    contract_months: Annotated[
        int | None,
        Field(ge=1, le=120, description="A fixed-term contract's length in months (24 for 2 years)."),
    ] = None,
    notice_date: Annotated[
        str | None,
        Field(
            max_length=100, description="The day the resignation is handed in: '23/11/2026'; default today."
        ),
    ] = None,
) -> NoticeResult | ToolFailure:
    """Compute the notice a resignation needs for the employee's contract (open-ended, a fixed term of N months,
    probation) from the documents' notice rules (the Labour Code's figures as named defaults), and the earliest
    day they may leave when notice is given on a date (today by default). Use it when a question asks by which
    date an employee who resigns may leave."""
    try:
        day = parse_date_input(notice_date).resolve(ctx.on_date().year) if notice_date else ctx.on_date()
        rest, _ = probation_policy_for(ctx).rest_for("")
        return calculate(notice_policy_for(ctx), contract, contract_months, day, rest)
    except DateInputError as exc:
        return ToolFailure(error="invalid_dates", message=str(exc))
    except ValueError as exc:
        return ToolFailure(error="invalid_arguments", message=str(exc))
