"""calculate_leave: the annual-leave accrual calculator as a tool, with its policy read from the corpus."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tools import leave_calculator
from tools.context import ToolContext
from tools.date_inputs import DateInputError
from tools.errors import ToolFailure
from tools.leave_policy import LeavePolicy, RuleText, WorkConditions, policy_from_rules

LEAVE_RULE_CLASSES = ("LeaveRule", "ProbationRule", "BenefitRule")


def policy_for(ctx: ToolContext) -> LeavePolicy:
    """The leave policy stated by the caller's visible documents (company rules first, then global);
    read once per context."""
    cached = ctx.memo.get("leave_policy")
    if cached is not None:
        return cached
    texts = []
    for rule in sorted(ctx.rules, key=lambda r: ctx.store.documents[r.doc_id].tenant == "global"):
        if rule.rule_class not in LEAVE_RULE_CLASSES:
            continue
        node = ctx.store.node(rule.node_id)
        context = " ".join(node.title_path) if node else ""
        texts.append(RuleText(doc_id=rule.doc_id, node_id=rule.node_id, text=rule.text, context=context))
    ctx.memo["leave_policy"] = policy = policy_from_rules(texts)
    return policy


def calculate_leave(
    ctx: ToolContext,
    probation_start: Annotated[
        str | None,
        Field(
            description="Start of work (probation start): '2026-07-01', '01/07/2026' or 'tháng 7'; if unknown, "
            "omit it and give confirmation_date (a standard probation is then assumed)."
        ),
    ] = None,
    confirmation_date: Annotated[
        str | None, Field(description="Date or month of becoming official (end of probation); omit if none.")
    ] = None,
    as_of: Annotated[
        str | None,
        Field(description="Date or month to compute for ('tháng 9' = start of September); default today."),
    ] = None,
    end_date: Annotated[str | None, Field(description="Last working day, if the employee left.")] = None,
    years_of_service: Annotated[
        int | None, Field(ge=0, le=60, description="Override years of service (seniority).")
    ] = None,
    days_taken: Annotated[
        float, Field(ge=0, le=366, description="Leave days already taken this year.")
    ] = 0.0,
    work_conditions: Annotated[
        WorkConditions, Field(description="normal (12 days/yr), heavy (14) or especially_heavy (16).")
    ] = "normal",
    reference_year: Annotated[
        int | None, Field(ge=1990, le=2100, description="Year for month-only inputs; default this year.")
    ] = None,
) -> leave_calculator.LeaveResult | ToolFailure:
    """Compute annual leave for an employee: days accrued to a date (1 per worked month, probation included once
    confirmed, partial months counted at ≥ 50% worked), days usable (none during probation; credited at once on
    confirmation), remaining after days taken, and the year's entitlement (pro-rata, +1 day per 5 years). Use it
    for ANY question that needs date or day-count arithmetic; it explains each step and the rule used."""
    try:
        return leave_calculator.accrue_leave(
            policy_for(ctx),
            probation_start,
            confirmation_date,
            as_of,
            end_date=end_date,
            years_of_service=years_of_service,
            days_taken=days_taken,
            work_conditions=work_conditions,
            reference_year=reference_year,
            today=ctx.on_date(),
        )
    except DateInputError as exc:
        return ToolFailure(error="invalid_dates", message=str(exc))
