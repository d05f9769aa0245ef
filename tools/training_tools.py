"""calculate_training_repayment: the training cost an employee repays on leaving before the end of the commitment,
the commitment and the proportional rule read from the corpus."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tools.context import ToolContext
from tools.errors import ToolFailure
from tools.overtime_inputs import amount_argument
from tools.stated_rules import policy_from_sentences
from tools.training_repayment import (
    TrainingPolicy,
    TrainingRepaymentResult,
    calculate,
    training_policy_from_rules,
)


def training_policy_for(ctx: ToolContext) -> TrainingPolicy:
    """The commitment by course cost and the repayment rule the caller's visible documents state."""
    return policy_from_sentences(ctx, "training_policy", training_policy_from_rules)


def calculate_training_repayment(
    ctx: ToolContext,
    course_cost: Annotated[
        str,
        Field(
            max_length=40,
            description="What the company paid for the course, in đồng as written: '80 triệu', '180 million VND'.",
        ),
    ],
    months_worked: Annotated[
        int, Field(ge=0, le=600, description="Months worked since the course ended (since coming back).")
    ],
    commitment_months: Annotated[
        int | None,
        Field(
            ge=1,
            le=120,
            description="The commitment the employee signed, in months, when the question states it; otherwise "
            "it is read from the documents' table by the course cost.",
        ),
    ] = None,
) -> TrainingRepaymentResult | ToolFailure:
    """Compute the training cost repaid on leaving before the end of the work commitment: cost × months of the
    commitment still missing ÷ months committed, the commitment read from the documents by the course cost (or as
    the question states it) and the proportional rule cited by its span. Use it for 'học xong làm được 18 tháng thì
    nghỉ, phải bồi hoàn bao nhiêu?' questions."""
    cost = amount_argument("course_cost", course_cost)
    if isinstance(cost, ToolFailure):
        return cost
    try:
        return calculate(training_policy_for(ctx), cost, months_worked, commitment_months)
    except ValueError as exc:
        return ToolFailure(error="invalid_arguments", message=str(exc))
    except LookupError as exc:
        return ToolFailure(error="not_stated", message=str(exc))
