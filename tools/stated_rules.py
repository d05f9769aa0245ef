"""The units the calculators read their parameters from: every sentence, list item and table row of the caller's
visible documents (company documents first), each with its exact span, and a calculator's policy read from them
once per context."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from indexes.spans import line_of, units_in_lines
from tools.context import ToolContext
from tools.errors import ToolFailure
from tools.leave_policy import RuleText
from tools.tree_tools import resolve_node

T = TypeVar("T")


def company_first(ctx: ToolContext) -> list[str]:
    """The caller's visible documents, its company's before the shared global scope's."""
    docs = ctx.visible_documents()
    return sorted(docs, key=lambda d: ctx.store.documents[d].tenant == "global")


def _stated_sentences(ctx: ToolContext, order: list[str]) -> list[RuleText]:
    """Every sentence, list item and table row of the documents as a candidate rule: a parameter a document
    states is read (and cited by its span) even where rule extraction did not pick its sentence."""
    out = []
    for doc_id in order:
        source = ctx.store.source_text(doc_id)
        if source is None:
            continue
        shared = ctx.store.documents[doc_id].tenant == "global"
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
                        shared=shared,
                    )
                )
    return out


def stated_sentences(ctx: ToolContext) -> list[RuleText]:
    """Every quotable unit of the caller's visible documents, company documents first (read once per
    context): what the calculators read their parameters from, each with its exact span."""
    cached = ctx.memo.get("stated_sentences")
    if cached is None:
        ctx.memo["stated_sentences"] = cached = _stated_sentences(ctx, company_first(ctx))
    return cached


def policy_from_sentences(ctx: ToolContext, name: str, read: Callable[[list[RuleText]], T]) -> T:
    """A calculator's policy read by ``read`` from the visible documents' units, once per context."""
    if name not in ctx.memo:
        ctx.memo[name] = read(stated_sentences(ctx))
    return ctx.memo[name]


def section_sentences(
    ctx: ToolContext, node_ids: list[str]
) -> list[tuple[str, list[RuleText]]] | ToolFailure:
    """The stated units of each section named (ids resolved as ``resolve_node`` does, unknown ones skipped), in
    the order named, each section once; the first id's failure, with the nearest valid ids, when none is known."""
    nodes = [resolve_node(ctx, n) for n in node_ids]
    known = list(dict.fromkeys(n.node_id for n in nodes if not isinstance(n, ToolFailure)))
    if not known:  # every id unknown: the first one's failure
        return next(n for n in nodes if isinstance(n, ToolFailure))
    units = stated_sentences(ctx)
    return [(node_id, [u for u in units if u.node_id == node_id]) for node_id in known]
