"""lookup_rules: the quantitative rules extracted from the regulations (langextract), grounded to characters."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BaseModel, Field

from indexes.text import fold, search_terms, title_coverage
from tools.context import ToolContext
from tools.errors import ToolFailure
from tools.output_limits import clip

FULL_SCAN_LIMIT = 2000  # above this many rules, only the searched sections' rules are scored
EXAMPLE_WEIGHT = 0.6  # worked examples rank after the rules they illustrate
_AMOUNT_RE = re.compile(r"\b(bao nhieu|toi da|how much|how many|maximum)\b")


class RuleHit(BaseModel):
    rule_class: str
    rule_type: str | None
    text: str
    attributes: dict[str, str]
    doc_id: str
    node_id: str
    section: str
    start: int | None
    end: int | None
    line_start: int | None
    line_end: int | None
    score: float


class RuleResult(BaseModel):
    query: str
    rules: list[RuleHit]


def lookup_rules(
    ctx: ToolContext,
    query: Annotated[str, Field(min_length=1, max_length=500, description="What the rule is about.")],
    rule_type: Annotated[
        str | None,
        Field(
            description="Filter by class or type, e.g. 'LeaveRule', 'annual_leave', 'ExpenseNorm', 'LoanRule'."
        ),
    ] = None,
    doc_id: Annotated[str | None, Field(description="Limit to one document.")] = None,
    k: Annotated[int, Field(ge=1, le=20)] = 5,
) -> RuleResult | ToolFailure:
    """Look up the rules stated in the regulations — entitlements, durations, amounts, limits, conditions
    (e.g. annual leave days, marriage leave, overtime caps, per-diem by grade, loan ceilings). Each rule comes
    with its exact source span: document, node, character offsets, line numbers and the quoted text."""
    if doc_id and doc_id not in ctx.visible_documents():
        return ToolFailure(error="unknown_doc_id", message=f"no document {doc_id!r}")
    wanted = fold(rule_type) if rule_type else None
    rules = [
        r
        for r in ctx.rules
        if (doc_id is None or r.doc_id == doc_id)
        and (wanted is None or wanted in (fold(r.rule_class), fold(r.attributes.get("rule_type", ""))))
    ]
    # Where the passage search puts each section: semantic evidence the short rule texts lack.
    hits = ctx.retriever.search(query, k=30, mode=_search_mode(ctx), tenant=ctx.tenant)
    ranked_nodes = list(dict.fromkeys(h.node_id for h in hits))
    if len(rules) > FULL_SCAN_LIMIT:  # a large corpus: score the rules of the sections the search found
        found = set(ranked_nodes)
        rules = [r for r in rules if r.node_id in found]
    ranked_nodes = ranked_nodes[:10]
    if not rules:
        return RuleResult(query=query, rules=[])
    expanded = ctx.retriever.enhance(query, ctx.tenant).expanded
    if _AMOUNT_RE.search(fold(query)):  # regulations state amounts as "mức ..." ("mức hỗ trợ", "mức cho vay")
        expanded += " mức"
    rules, sections, scores = _score(ctx, rules, expanded, ranked_nodes)
    order = sorted(range(len(rules)), key=lambda i: -scores[i])[:k]
    limit = max(200, ctx.settings.max_tool_output_chars // k - 300)
    return RuleResult(
        query=query, rules=[_hit(rules[i], sections[i], scores[i], limit) for i in order if scores[i] > 0]
    )


def _score(ctx: ToolContext, rules: list, expanded: str, ranked_nodes: list[str]) -> tuple[list, list, list]:
    """The rules holding a query term, their sections and scores: BM25 over "section title + attributes +
    text" (tokenised once per build), plus the section title's coverage of the query and the passage search's
    rank of the section; worked examples weigh less."""
    index = ctx.loaded.rule_index
    lexical = index.bm25(index.positions(rules), search_terms(expanded, query=True))
    rules = [index.rules[i] for i in lexical]
    sections = [ctx.store.node(r.node_id) for r in rules]
    top = max(lexical.values(), default=0.0) or 1.0
    coverage: dict[str, float] = {}  # per distinct section title: many rules share a section
    scores = []
    for rule, section, lex in zip(rules, sections, lexical.values(), strict=True):
        title = section.title if section else ""
        if title not in coverage:
            coverage[title] = title_coverage(title, expanded)
        score = lex / top + coverage[title]
        if rule.node_id in ranked_nodes:
            score += 1.0 / (1 + ranked_nodes.index(rule.node_id))
        if rule.attributes.get("example") == "true":
            score *= EXAMPLE_WEIGHT
        scores.append(score if lex > 0 else 0.0)
    return rules, sections, scores


def _hit(rule, section, score: float, limit: int) -> RuleHit:
    return RuleHit(
        rule_class=rule.rule_class,
        rule_type=rule.attributes.get("rule_type"),
        text=clip(rule.text, limit),
        attributes=rule.attributes,
        doc_id=rule.doc_id,
        node_id=rule.node_id,
        section=section.title if section else "",
        start=rule.start,
        end=rule.end,
        line_start=rule.line_start,
        line_end=rule.line_end,
        score=round(score, 4),
    )


def _search_mode(ctx: ToolContext) -> str:
    return "hybrid" if ctx.store.manifest.get("vectors") else "keyword"
