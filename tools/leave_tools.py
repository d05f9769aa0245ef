"""calculate_leave: the annual-leave accrual calculator as a tool, with its policy read from the corpus."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from indexes.search.retrieval import GLOBAL
from tools import leave_calculator
from tools.calculation import CalculationStep
from tools.context import ToolContext
from tools.date_inputs import DateInputError, parse_date_input
from tools.errors import ToolFailure
from tools.heavy_jobs import heavy_job_of
from tools.leave_explain import with_english
from tools.leave_policy import LeavePolicy, ParamSource, RuleText, WorkConditions, group_of, policy_from_rules
from tools.probation_calculator import amount_words, end_of_probation
from tools.probation_policy import DurationUnit
from tools.probation_tools import probation_policy_for
from tools.stated_rules import company_first, stated_sentences

LEAVE_RULE_CLASSES = ("LeaveRule", "ProbationRule", "BenefitRule")


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
        shared = (
            ctx.store.documents[rule.doc_id].tenant == "global"
            if rule.doc_id in ctx.store.documents
            else False
        )
        out.append(
            RuleText(
                **fields, context=" ".join(node.title_path[1:]), title_path=node.title_path, shared=shared
            )
        )
    return out


def policy_for(ctx: ToolContext) -> LeavePolicy:
    """The leave policy stated by the caller's visible documents (company documents first, then global):
    extracted rules first, then any sentence that states a parameter; read once per context."""
    cached = ctx.memo.get("leave_policy")
    if cached is not None:
        return cached
    order = company_first(ctx)
    texts = _extracted_rules(ctx, order) + stated_sentences(ctx)
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
    # the documents' list of heavy or hazardous jobs naming the employee's job: the leave days of heavy work
    listed = (
        heavy_job_of(stated_sentences(ctx), employee) if employee and work_conditions == "normal" else None
    )
    heavy = listed[1] if listed is not None else None
    if listed is not None:
        work_conditions = listed[0]
    if probation_start is None and confirmation_date is None and years_of_service is not None:
        today = ctx.on_date()
        probation_start = _years_before(today, years_of_service).isoformat()
    derived = None
    try:
        if probation_days and probation_start and not confirmation_date:  # day 1 is the start: N days later
            start = parse_date_input(probation_start).resolve(reference_year or ctx.on_date().year)
            confirmation_date = (start + dt.timedelta(days=probation_days)).isoformat()
        elif probation_start and not confirmation_date and years_of_service is None:
            start = parse_date_input(probation_start).resolve(reference_year or ctx.on_date().year)
            derived = stated_probation(ctx, start, employee)
            if derived is not None:  # the company's probation for the employee: confirmed the day after it
                confirmation_date = derived.confirmation.isoformat()
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
    result = with_english(result)
    if heavy is not None:
        result = result.model_copy(
            update={
                "steps": [
                    CalculationStep(
                        text=f"Công việc của bạn thuộc danh mục nặng nhọc, độc hại của công ty: “{heavy.quote.rstrip('.')}”.",
                        rule=f"heavy_job ({heavy.doc_id} › {heavy.node_id})",
                    ),
                    *result.steps,
                ],
                "steps_en": [
                    f"Your job is on the company's list of heavy or hazardous work: “{heavy.quote.rstrip('.')}”.",
                    *result.steps_en,
                ],
                "policy_sources": {"heavy_job": heavy, **result.policy_sources},
            }
        )
    return derived.explain(result) if derived is not None else result


@dataclass(frozen=True)
class StatedProbation:
    """The probation the company's documents state for the employee (their group's row, or a rule for everyone;
    a length, not a ceiling), when a question gives the start of work but no confirmation date: the employee is
    confirmed the day after it ends."""

    amount: int
    unit: DurationUnit
    end: dt.date
    source: ParamSource

    @property
    def confirmation(self) -> dt.date:
        return self.end + dt.timedelta(days=1)

    def explain(self, result: leave_calculator.LeaveResult) -> leave_calculator.LeaveResult:
        where = f"{self.source.doc_id} › {self.source.node_id}"
        step = CalculationStep(
            text=f"Thời gian thử việc theo quy định: {amount_words(self.amount, self.unit)}, kết thúc "
            f"{self.end:%d/%m/%Y}; chính thức từ {self.confirmation:%d/%m/%Y}.",
            rule=f"probation_duration ({where})",
        )
        english = (
            f"Probation as the documents state it: {amount_words(self.amount, self.unit, 'en')}, ending "
            f"{self.end:%d/%m/%Y}; confirmed from {self.confirmation:%d/%m/%Y}."
        )
        return result.model_copy(
            update={
                "steps": [*result.steps[:1], step, *result.steps[1:]],
                "steps_en": [*result.steps_en[:1], english, *result.steps_en[1:]],
                "policy_sources": {**result.policy_sources, "probation_duration": self.source},
            }
        )


def stated_probation(ctx: ToolContext, start: dt.date, employee: str | None) -> StatedProbation | None:
    policy = probation_policy_for(ctx)
    row = policy.row_for(employee)
    # the company's own length for the group: not a ceiling ("không quá 60 ngày" may be agreed shorter), not the law's
    if row is None or row.maximum or row.source.source != "corpus":
        return None
    # asked as a company beside national law (the global scope), the law's rows are no company's own
    document = ctx.store.documents.get(row.source.doc_id or "")
    if document is None or (ctx.tenant != GLOBAL and document.tenant == GLOBAL):
        return None
    rest, _ = policy.rest_for(f"{employee or ''} {row.text}")
    return StatedProbation(
        row.amount, row.unit, end_of_probation(start, row.amount, row.unit, rest), row.source
    )


def _years_before(day: dt.date, years: int) -> dt.date:
    """The same day ``years`` earlier (28 February for a 29 February that year lacks)."""
    try:
        return day.replace(year=day.year - years)
    except ValueError:
        return day.replace(year=day.year - years, day=28)
