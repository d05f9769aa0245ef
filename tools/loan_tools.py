"""calculate_loan_repayment: a staff loan's monthly instalments and total interest, from the documents' loan rules."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tools.context import ToolContext
from tools.errors import ToolFailure
from tools.loan_repayment import LoanPolicy, LoanResult, calculate, policy_from_rules
from tools.stated_rules import policy_from_sentences


def loan_policy_for(ctx: ToolContext) -> LoanPolicy:
    """The loan rules the caller's visible documents state (company documents first); read once per context."""
    return policy_from_sentences(ctx, "loan_policy", policy_from_rules)


def calculate_loan_repayment(
    ctx: ToolContext,
    amount: Annotated[int, Field(ge=1, le=10**11, description="The amount borrowed, in đồng (20000000).")],
    months: Annotated[int, Field(ge=1, le=120, description="The months over which it is repaid.")],
    purpose: Annotated[
        str, Field(max_length=200, description="What the loan is for, in the asker's words ('sửa nhà').")
    ] = "",
) -> LoanResult | ToolFailure:
    """Compute a staff loan's repayment from the documents' loan rules: the principal in equal monthly parts,
    the month's interest at the stated rate (on the remaining or the original principal, as stated; none for a
    purpose a rule makes interest-free), the first and last instalments and the total interest. Use it when a
    question gives an amount borrowed and a term and asks what is repaid or deducted each month, or the interest."""
    try:
        return calculate(loan_policy_for(ctx), amount, months, purpose)
    except ValueError as exc:
        return ToolFailure(error="invalid_arguments", message=str(exc))
