"""calculate_leave: the annual-leave accrual calculator as a tool, with its policy read from the corpus."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Annotated, TypeVar

from pydantic import Field

from indexes.spans import line_of, units_in_lines
from tools import leave_calculator
from tools.context import ToolContext
from tools.date_inputs import DateInputError, parse_date_input
from tools.errors import ToolFailure
from tools.leave_explain import with_english
from tools.leave_policy import LeavePolicy, RuleText, WorkConditions, group_of, policy_from_rules

T = TypeVar("T")
LEAVE_RULE_CLASSES = ("LeaveRule", "ProbationRule", "BenefitRule")


def _company_first(ctx: ToolContext) -> list[str]:
    docs = ctx.visible_documents()
    return sorted(docs, key=lambda d: ctx.store.documents[d].tenant == "global")


def _extracted_rules(ctx: ToolContext, order: list[str]) -> list[RuleText]:
    out = []
    for rule in sorted(ctx.rules, key=lambda r: order.index(r.doc_id) if r.doc_id in order else len(order)):
        node = ctx.store.node(rule.node_id)
        if rule.rule_class not in LEAVE_RULE_CLASSES or node is None:
            continue
        fields = {
            k: getattr(rule, k)
            for k in ("doc_id", "node_id", "text", "start", "end", "line_start", "line_end")
        }
        # the section's path without the document's title, which may name every topic of the document
        out.append(RuleText(**fields, context=" ".join(node.title_path[1:]), title_path=node.title_path))
    return out


def _stated_sentences(ctx: ToolContext, order: list[str]) -> list[RuleText]:
    """Every sentence, list item and table row of the documents as a candidate rule: a parameter a document
    states is read (and cited by its span) even where rule extraction did not pick its sentence."""
    out = []
    for doc_id in order:
        source = ctx.store.source_text(doc_id)
        if source is None:
            continue
        for node in ctx.store.tree(doc_id).walk():
            for unit in units_in_lines(source, node.line_start + node.title_lines, node.line_end):
                span = unit.spans[-1]  # a table row's own span (its header is context)
                out.append(
                    RuleText(
                        doc_id=doc_id,
                        node_id=node.node_id,
                        text=unit.text,
                        context=" ".join(node.title_path[1:]),
                        title_path=node.title_path,
                        start=span.start,
                        end=span.end,
                        line_start=line_of(source, span.start),
                        line_end=line_of(source, span.end - 1),
                    )
                )
    return out


def policy_for(ctx: ToolContext) -> LeavePolicy:
    """The leave policy stated by the caller's visible documents (company documents first, then global):
    extracted rules first, then any sentence that states a parameter; read once per context."""
    cached = ctx.memo.get("leave_policy")
    if cached is not None:
        return cached
    order = _company_first(ctx)
    texts = _extracted_rules(ctx, order) + stated_sentences(ctx)
    ctx.memo["leave_policy"] = policy = policy_from_rules(texts)
    return policy


def stated_sentences(ctx: ToolContext) -> list[RuleText]:
    """Every quotable unit of the caller's visible documents, company documents first (read once per
    context): what the calculators read their parameters from, each with its exact span."""
    cached = ctx.memo.get("stated_sentences")
    if cached is None:
        ctx.memo["stated_sentences"] = cached = _stated_sentences(ctx, _company_first(ctx))
    return cached


def policy_from_sentences(ctx: ToolContext, name: str, read: Callable[[list[RuleText]], T]) -> T:
    """A calculator's policy read by ``read`` from the visible documents' units, once per context."""
    if name not in ctx.memo:
        ctx.memo[name] = read(stated_sentences(ctx))
    return ctx.memo[name]


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
    employee: Annotated[
        str | None,
        Field(
            max_length=1000,
            description="The employee's job, grade or staff group in the question's words ('công nhân giặt "
            "mài', 'trưởng kho', 'ngạch L3'): picks that group's row of the documents' leave table.",
        ),
    ] = None,
    probation_days: Annotated[
        int | None,
        Field(
            ge=1,
            le=400,
            description="The probation's length in calendar days when the employee states it ('thử việc 60 "
            "ngày' → 60) and gives no confirmation date: confirmation is then the day after it ends.",
        ),
    ] = None,
) -> leave_calculator.LeaveResult | ToolFailure:
    """Compute annual leave for an employee: days accrued to a date (1 per worked month, probation included once
    confirmed, partial months counted at ≥ 50% worked), days usable (none during probation; credited at once on
    confirmation), remaining after days taken, and the year's entitlement (pro-rata, +1 day per 5 years). Use it
    for ANY question that needs date or day-count arithmetic; it explains each step and the rule used. With only
    years_of_service (no dates), work is taken to have started that many years ago."""
    policy = policy_for(ctx)
    if probation_start is None and confirmation_date is None and years_of_service is not None:
        today = ctx.on_date()
        probation_start = _years_before(today, years_of_service).isoformat()
    try:
        if probation_days and probation_start and not confirmation_date:  # day 1 is the start: N days later
            start = parse_date_input(probation_start).resolve(reference_year or ctx.on_date().year)
            confirmation_date = (start + dt.timedelta(days=probation_days)).isoformat()
        result = leave_calculator.accrue_leave(
            policy,
            probation_start,
            confirmation_date,
            as_of,
            end_date=end_date,
            years_of_service=years_of_service,
            days_taken=days_taken,
            work_conditions=work_conditions,
            reference_year=reference_year,
            today=ctx.on_date(),
            group=group_of(policy, employee),
        )
    except DateInputError as exc:
        return ToolFailure(error="invalid_dates", message=str(exc))
    return with_english(result)


def _years_before(day: dt.date, years: int) -> dt.date:
    """The same day ``years`` earlier (28 February for a 29 February that year lacks)."""
    try:
        return day.replace(year=day.year - years)
    except ValueError:
        return day.replace(year=day.year - years, day=28)
