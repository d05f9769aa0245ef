"""search (hybrid / vector / keyword over chunks) and lookup_article ("Điều 7", a title, a glossary term)."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from indexes.location import Location
from tools.context import ToolContext
from tools.errors import Suggestion, ToolFailure
from tools.output_limits import clip


class SearchHit(Location):
    score: float
    vector_score: float | None = None
    scope: str
    text: str


class SearchResult(BaseModel):
    query: str
    mode: str
    expansions: list[str]
    staff_groups: list[str] = []  # the staff group of a job the query names: ranks a table's rows, no topic
    job_words: list[str] = []  # the query's words naming that job, folded: who asks, not what is asked
    unknown_terms: list[str]  # query words found in no document: the topic may be absent
    # ... per scope the asker sees (its company's, "global"): the words none of that scope's documents has
    unknown_by_scope: dict[str, list[str]] = {}
    hits: list[SearchHit]


class ArticleHit(Location):
    match: str
    clause: str | None = None
    text: str


class ArticleResult(BaseModel):
    ref: str
    matches: list[ArticleHit]


def search(
    ctx: ToolContext,
    query: Annotated[str, Field(min_length=1, max_length=1000, description="The question or keywords.")],
    k: Annotated[int, Field(ge=1, le=20, description="How many passages to return.")] = 5,
    mode: Annotated[
        Literal["hybrid", "vector", "keyword"],
        Field(description="hybrid (default: BM25 + vectors fused by RRF), vector, or keyword (BM25)."),
    ] = "hybrid",
) -> SearchResult | ToolFailure:
    """Find the passages of the regulations most relevant to a question (Vietnamese or English, with or without
    diacritics). Returns passages with document, node id, section title, line range, score and text."""
    hits = ctx.retriever.search(query, k=k, mode=mode, tenant=ctx.tenant)
    enhanced = ctx.retriever.enhance(query, ctx.tenant)
    per_hit = max(200, ctx.settings.max_tool_output_chars // max(1, len(hits)) - 200)
    return SearchResult(
        query=query,
        mode=mode,
        expansions=[e for e in enhanced.expansions if e not in enhanced.staff_groups],
        staff_groups=list(enhanced.staff_groups),
        job_words=list(enhanced.job_words),
        unknown_terms=ctx.retriever.unknown_terms(query, ctx.tenant),
        unknown_by_scope=ctx.retriever.unknown_terms_by_scope(query, ctx.tenant),
        hits=[
            SearchHit(**_fields_of(h, SearchHit, exclude={"text"}), text=clip(h.text, per_hit)) for h in hits
        ],
    )


def _fields_of(source: object, model: type[BaseModel], exclude: set[str]) -> dict:
    """The attributes of ``source`` that ``model`` has fields for (hits and tree nodes share their names)."""
    return {f: getattr(source, f) for f in model.model_fields if f not in exclude and hasattr(source, f)}


def _clause_text(text: str, clause: str | None) -> str:
    """The numbered clause "N." of an article's text, when present."""
    if not clause:
        return text
    lines = text.split("\n")
    start = next((i for i, ln in enumerate(lines) if re.match(rf"^\s*(?:#+\s*)?{clause}[.)]\s", ln)), None)
    if start is None:
        return text
    end = next(
        (i for i in range(start + 1, len(lines)) if re.match(r"^\s*(?:#+\s*)?\d+[.)]\s", lines[i])),
        len(lines),
    )
    return "\n".join(lines[start:end]).strip()


def lookup_article(
    ctx: ToolContext,
    ref: Annotated[
        str,
        Field(
            min_length=1, max_length=300, description="'Điều 7', 'điều 7 khoản 2', a section title or a term."
        ),
    ],
    doc_id: Annotated[str | None, Field(description="Limit to one document.")] = None,
) -> ArticleResult | ToolFailure:
    """Look up an article by number ("Điều 7", "điều 7 khoản 2"), a section title ("Thời giờ làm việc") or a
    glossary term ("BHXH"): exact matches first, then fuzzy. Returns the matching sections with their text."""
    if doc_id and doc_id not in ctx.visible_documents():
        return ToolFailure(error="unknown_doc_id", message=f"no document {doc_id!r}")
    matches = ctx.articles.lookup(ref, ctx.tenants, doc_id)
    if not matches:
        ids = ctx.articles.suggestions(ref, ctx.tenants)
        return ToolFailure(
            error="not_found",
            message=f"no article or section matches {ref!r}",
            suggestions=[
                Suggestion(node_id=i, title=ctx.store.nodes[i].title) for i in ids if i in ctx.store.nodes
            ],
        )
    per_hit = max(300, ctx.settings.max_tool_output_chars // len(matches) - 200)
    out = []
    for m in matches:
        node = ctx.store.nodes[m.node_id]
        full = "\n\n".join(n.text for n in node.walk())  # an article with sub-sections: all of it
        text = _clause_text(full, m.clause)
        out.append(
            ArticleHit(
                **_fields_of(node, ArticleHit, exclude={"line_end", "text"}),
                line_end=node.line_end if not node.children else node.subtree_line_end,
                match=m.match,
                clause=m.clause,
                text=clip(text, per_hit),
            )
        )
    return ArticleResult(ref=ref, matches=out)
