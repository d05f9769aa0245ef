"""calculate_probation_end: when an employee's probation ends, with its length read from the corpus."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tools.context import ToolContext
from tools.date_inputs import DateInputError
from tools.errors import ToolFailure
from tools.overtime_inputs import amount_argument
from tools.probation_calculator import ProbationInputError, ProbationResult, calculate
from tools.probation_pay import ProbationPayResult
from tools.probation_pay import calculate as calculate_pay
from tools.probation_policy import DurationUnit, ProbationPolicy, probation_policy_from_rules
from tools.stated_rules import policy_from_sentences


def probation_policy_for(ctx: ToolContext) -> ProbationPolicy:
    """The probation rules the caller's visible documents state (company documents first); read once per
    context."""
    return policy_from_sentences(ctx, "probation_policy", probation_policy_from_rules)


def calculate_probation_end(
    ctx: ToolContext,
    probation_start: Annotated[
        str | None,
        Field(
            max_length=100,
            description="First day of probation: '2026-10-01', '01/10/2026', '1/10' or '1 October 2026'.",
        ),
    ] = None,
    as_of: Annotated[
        str | None,
        Field(max_length=100, description="Date to judge whether probation has ended; default today."),
    ] = None,
    duration: Annotated[
        int | None,
        Field(
            ge=1,
            le=400,
            description="The probation length when the employee states it ('thử việc 6 ngày làm việc' → 6, "
            "'two months' → 2); omit it to use the documents' length for the employee's job.",
        ),
    ] = None,
    duration_unit: Annotated[
        DurationUnit | None,
        Field(description="Unit of duration: days (calendar), working_days, weeks or months; default days."),
    ] = None,
    employee: Annotated[
        str | None,
        Field(
            max_length=1000,
            description="The employee's job or staff group in the question's words ('kỹ sư', 'công nhân may', "
            "'ngạch L3'): picks that group's row of the documents' probation table.",
        ),
    ] = None,
    reference_year: Annotated[
        int | None, Field(ge=1990, le=2100, description="Year for a year-less start date; default this year.")
    ] = None,
) -> ProbationResult | ToolFailure:
    """Compute the last day of an employee's probation and whether it has ended as of today: the length comes from
    the documents' probation table or rules for the employee's job (or from duration when the employee states
    it); calendar days count the start day (end = start + N − 1), months end the day before the same date N months
    later, working days skip the weekly rest days the documents state (Sunday by default). Use it for "khi nào hết
    thử việc", "thử việc kết thúc ngày nào", "when does my probation end", "am I still on probation"; it explains
    each step and cites the rule used."""
    try:
        return calculate(
            probation_policy_for(ctx),
            probation_start,
            as_of,
            duration=duration,
            duration_unit=duration_unit,
            employee=employee,
            reference_year=reference_year,
            today=ctx.on_date(),
        )
    except ProbationInputError as exc:
        return ToolFailure(error=exc.error, message=str(exc))
    except DateInputError as exc:
        return ToolFailure(error="invalid_dates", message=str(exc))


def calculate_probation_pay(
    ctx: ToolContext,
    monthly_wage: Annotated[
        str,
        Field(
            max_length=40,
            description="The job's monthly wage in đồng: '10.000.000', '10 triệu', '10 million VND'.",
        ),
    ],
    employee: Annotated[
        str | None,
        Field(
            max_length=1000,
            description="The employee's job or staff group in the question's words ('merchandiser', 'kỹ sư', "
            "'ngạch L3'): picks that group's row of the documents' probation table.",
        ),
    ] = None,
) -> ProbationPayResult | ToolFailure:
    """Compute the monthly pay during probation: the job's monthly wage times the share the documents state for
    the employee's group (a probation table's pay column) or for everyone, cited by its span; the Labour Code's
    85% named as a default where no document states one."""
    wage = amount_argument("monthly_wage", monthly_wage)
    if isinstance(wage, ToolFailure):
        return wage
    try:
        return calculate_pay(probation_policy_for(ctx), wage, employee)
    except ValueError as exc:
        return ToolFailure(error="invalid_arguments", message=str(exc))
    except LookupError as exc:
        return ToolFailure(error="unknown_group", message=str(exc))
