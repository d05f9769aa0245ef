"""``POST /retrieve``: the retrieval strategies behind one JSON shape, for external retrieval benchmarks."""

from __future__ import annotations

from typing import Any

from indexes.tree_search import TreeLexicalIndex
from tools.context import ToolContext

MODES = ("hybrid", "tree", "vector", "keyword")
MAX_TOP_K = 50


class RetrieveError(ValueError):
    """A request the endpoint cannot serve; the message says what to fix."""


def retrieve(ctx: ToolContext, body: Any) -> dict:
    if not isinstance(body, dict):
        raise RetrieveError('body must be a JSON object like {"query": "...", "top_k": 5}')
    unknown = set(body) - {"query", "top_k", "mode"}
    if unknown:
        raise RetrieveError(f"unknown fields: {', '.join(sorted(unknown))}")
    query = body.get("query")
    if not isinstance(query, str) or not query.strip():
        raise RetrieveError("'query' is required and must be a non-empty string")
    top_k = body.get("top_k", 5)
    if not isinstance(top_k, int) or isinstance(top_k, bool) or not 1 <= top_k <= MAX_TOP_K:
        raise RetrieveError(f"'top_k' must be an integer from 1 to {MAX_TOP_K}")
    mode = body.get("mode", "hybrid")
    if mode not in MODES:
        raise RetrieveError(f"'mode' must be one of {', '.join(MODES)}")
    if mode == "tree":
        visible = set(ctx.visible_documents())
        hits = [h for h in TreeLexicalIndex(ctx.store).search(query, k=top_k * 3) if h.node.doc_id in visible]
        return {
            "hits": [
                {
                    "id": h.node.node_id,
                    "doc_id": h.node.doc_id,
                    "node_id": h.node.node_id,
                    "title": h.node.title,
                    "line_start": h.node.line_start,
                    "line_end": h.node.line_end,
                    "score": round(h.score, 6),
                }
                for h in hits[:top_k]
            ]
        }
    hits = ctx.retriever.search(query, k=top_k, mode=mode, tenant=ctx.tenant)
    return {
        "hits": [
            {
                "id": h.chunk_id,
                "doc_id": h.doc_id,
                "node_id": h.node_id,
                "title": h.title,
                "line_start": h.line_start,
                "line_end": h.line_end,
                "score": h.score,
            }
            for h in hits
        ]
    }
