"""calculate_loan_repayment, calculate_loan_limit, calculate_loan_eligibility and calculate_advance: a staff loan's
monthly instalments and total interest, the most it may be for a salary, the first day one may borrow, and the most
a trip budget or a salary may be advanced, from the documents' rules."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from pydantic import Field

from tools.advance import AdvanceKind, AdvancePolicy, AdvanceResult, advance_policy_from_rules
from tools.advance import calculate as calculate_advance_of
from tools.context import ToolContext
from tools.date_inputs import DateInputError, parse_date_input
from tools.errors import ToolFailure
from tools.loan_eligibility import EligibilityPolicy, EligibilityResult, eligibility_policy_from_rules
from tools.loan_eligibility import calculate as calculate_eligibility
from tools.loan_limit import LimitPolicy, LoanLimitResult, limit_policy_from_rules
from tools.loan_limit import calculate as calculate_limit
from tools.loan_repayment import LoanPolicy, LoanResult, calculate, policy_from_rules
from tools.overtime_inputs import amount_argument
from tools.probation_calculator import add_months
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


def limit_policy_for(ctx: ToolContext) -> LimitPolicy:
    """The loan limit by salary (and its caps) the caller's visible documents state."""
    return policy_from_sentences(ctx, "loan_limit_policy", limit_policy_from_rules)


def calculate_loan_limit(
    ctx: ToolContext,
    monthly_salary: Annotated[
        str,
        Field(
            max_length=40, description="The monthly salary as written: '12 triệu', '6 million', '8.000.000'."
        ),
    ],
    employee: Annotated[
        str,
        Field(
            max_length=1000,
            description="Who the employee is in the question's words (their band or group, their years of "
            "service): picks their row of a loan table.",
        ),
    ] = "",
    purpose: Annotated[
        str, Field(max_length=200, description="What the loan is for, in the asker's words ('sửa nhà').")
    ] = "",
) -> LoanLimitResult | ToolFailure:
    """Compute the most a staff loan may be for a monthly salary: the documents' multiple of the salary ('tối đa 03
    tháng lương'), capped by the amount they state with it or by the employee's row of a loan table, whichever is
    lower; then the longest term (the row's, the purpose's or the general one) and the equal monthly principal.
    Use it for 'lương 12 triệu thì vay được tối đa bao nhiêu?'."""
    salary = amount_argument("monthly_salary", monthly_salary)
    if isinstance(salary, ToolFailure):
        return salary
    try:
        return calculate_limit(limit_policy_for(ctx), loan_policy_for(ctx), salary, employee, purpose)
    except ValueError as exc:
        return ToolFailure(error="invalid_arguments", message=str(exc))
    except LookupError as exc:
        return ToolFailure(error="not_stated", message=str(exc))


def advance_policy_for(ctx: ToolContext) -> AdvancePolicy:
    """The trip and salary advance shares the caller's visible documents state."""
    return policy_from_sentences(ctx, "advance_policy", advance_policy_from_rules)


def calculate_advance(
    ctx: ToolContext,
    kind: Annotated[
        AdvanceKind, Field(description="trip (a business trip's budget) or salary (the month's pay).")
    ],
    amount: Annotated[
        str,
        Field(
            max_length=40,
            description="The trip budget or the monthly salary as written: '5 million', '7,8 triệu'.",
        ),
    ],
    days_worked: Annotated[
        int | None,
        Field(ge=1, le=31, description="Days worked so far this month, where the question states them."),
    ] = None,
    month_days: Annotated[
        int | None, Field(ge=1, le=31, description="The month's working days ('26 công'), where stated.")
    ] = None,
    on_probation: Annotated[bool, Field(description="The employee is still on probation.")] = False,
) -> AdvanceResult | ToolFailure:
    """Compute the most an employee may be advanced: the documents' share of a business trip's budget ('tạm ứng tối
    đa 80% dự toán') or of the month's salary ('tối đa 50% lương'; of the days worked so far where the documents say
    so), cited by its span. Use it when a question states the budget or the salary and asks how much can be
    advanced."""
    value = amount_argument("amount", amount)
    if isinstance(value, ToolFailure):
        return value
    try:
        return calculate_advance_of(
            advance_policy_for(ctx), kind, value, days_worked, month_days, on_probation
        )
    except ValueError as exc:
        return ToolFailure(error="invalid_arguments", message=str(exc))
    except LookupError as exc:
        return ToolFailure(error="not_stated", message=str(exc))


def eligibility_policy_for(ctx: ToolContext) -> EligibilityPolicy:
    """The length of service a staff loan requires, as the caller's visible documents state it."""
    return policy_from_sentences(ctx, "loan_eligibility_policy", eligibility_policy_from_rules)


def calculate_loan_eligibility(
    ctx: ToolContext,
    start_date: Annotated[
        str,
        Field(
            max_length=100,
            description="First day of work (probation included): '1 March 2026', '01/10/2025'.",
        ),
    ],
    probation_days: Annotated[
        int | None, Field(ge=1, le=400, description="The probation's length in calendar days, where stated.")
    ] = None,
    probation_months: Annotated[
        int | None, Field(ge=1, le=12, description="The probation's length in months, where stated.")
    ] = None,
    confirmation_date: Annotated[
        str | None, Field(max_length=100, description="The first day after probation, where stated.")
    ] = None,
    employee: Annotated[
        str | None,
        Field(
            max_length=1000,
            description="The employee's job or group: picks their probation in the documents.",
        ),
    ] = None,
) -> EligibilityResult | ToolFailure:
    """Compute the first day an employee may apply for a staff loan: the length of service the documents require
    ('từ đủ 12 tháng trở lên', 'at least 12 months' service'), counted from the first day of work, or from the
    day after probation where the documents say probation does not count (its length from the question or the
    documents' probation rules); cited by its span. Use it for 'when can I first borrow?' with a start date."""
    from tools.leave_tools import stated_probation  # the documents' probation for the employee

    today = ctx.on_date()
    try:
        start = parse_date_input(start_date).resolve(today.year)
        confirmation = parse_date_input(confirmation_date).resolve(today.year) if confirmation_date else None
        if confirmation is None and probation_days:
            confirmation = start + dt.timedelta(days=probation_days)
        if confirmation is None and probation_months:
            confirmation = add_months(start, probation_months) + dt.timedelta(days=1)
        if confirmation is None and (stated := stated_probation(ctx, start, employee)) is not None:
            confirmation = stated.confirmation
        return calculate_eligibility(eligibility_policy_for(ctx), start, confirmation, today)
    except (DateInputError, ValueError) as exc:
        return ToolFailure(error="invalid_dates", message=str(exc))
    except LookupError as exc:
        return ToolFailure(error="not_stated", message=str(exc))
