"""The unit-rate calculator as a tool: a count the question states times the rate per unit its evidence states."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tools.context import ToolContext
from tools.errors import ToolFailure
from tools.stated_rules import section_sentences
from tools.unit_amount import (
    MAX_COUNT,
    UNITS,
    UnitAmountResult,
    calculate,
    chosen_rate,
    per_unit_of,
    stated_rates,
    unit_of,
)


def calculate_unit_amount(
    ctx: ToolContext,
    count: Annotated[
        float, Field(gt=0, le=MAX_COUNT, description="How many units the question states: 2, 20.")
    ],
    unit: Annotated[
        str,
        Field(
            max_length=20,
            description="The unit counted, in Vietnamese or English: 'bộ'/'set', 'ca'/'shift', 'km', 'suất'/'meal', "
            "'chiếc'/'piece', 'người'/'person'.",
        ),
    ],
    node_ids: Annotated[
        list[str],
        Field(
            min_length=1,
            max_length=8,
            description="Sections to read the rate from, best first (ids from search or navigate_tree).",
        ),
    ],
    question: Annotated[
        str | None,
        Field(
            max_length=2000,
            description="The question's words (and their Vietnamese wordings): pick one rate when a section states "
            "several for the unit ('… đối với xe máy và … đối với ô tô').",
        ),
    ] = None,
    per_counts: Annotated[
        dict[str, Annotated[float, Field(gt=0, le=MAX_COUNT)]] | None,
        Field(
            max_length=3,
            description="Counts of a rate's second unit that the question states, when a rate is per person per "
            "session or per day ('40.000 đồng/người/buổi'): {'buổi': 2} for a morning and an afternoon, "
            "{'ngày': 3}.",
        ),
    ] = None,
) -> UnitAmountResult | ToolFailure:
    """Compute an amount as a count times the rate per unit a document states ('180.000 đồng/bộ', '30.000
    đồng/ca', '5.000 đồng/km'), citing the span that states the rate. Use it for "2 more sets of uniform, how much",
    "20 night shifts, how much shift allowance in total", "240 km by car, how much for fuel", "drinks for 120
    people over two sessions". It fails rather than guess when no named section states a rate for the unit, the
    question does not pick one of several, or a rate is per person per session and the question counts none."""
    canonical = unit_of(unit)
    if canonical is None:
        known = ", ".join(UNITS)
        return ToolFailure(error="invalid_arguments", message=f"unit {unit!r} is not one of: {known}")
    seconds: dict[str, float] = {}
    for word, n in (per_counts or {}).items():
        second = per_unit_of(word)
        if second is None:
            return ToolFailure(
                error="invalid_arguments", message=f"per_counts: {word!r} is no session, day or night"
            )
        seconds[second] = n
    sections = section_sentences(ctx, node_ids)
    if isinstance(sections, ToolFailure):
        return sections
    for node_id, units in sections:
        rates = stated_rates(units, canonical)
        if not rates:
            continue
        rate = chosen_rate(rates, question or "")
        if rate is None:
            stated = "; ".join(f"{r.rate:,} per {canonical} ({r.rule.text[:80]})" for r in rates)
            return ToolFailure(
                error="ambiguous_rate",
                message=f"{node_id} states several rates per {canonical} and the question picks none: {stated}",
            )
        if rate.per and rate.per not in seconds:
            return ToolFailure(
                error="missing_count",
                message=f"{node_id} states {rate.rate:,} per {canonical} per {rate.per} and the question counts no "
                f"{rate.per}: {rate.rule.text[:80]}",
            )
        return calculate(count, canonical, rate, seconds.get(rate.per) if rate.per else None)
    named = ", ".join(node_id for node_id, _ in sections)
    return ToolFailure(error="no_rate", message=f"none of {named} states a rate per {canonical} in đồng")
