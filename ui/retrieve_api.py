"""``POST /retrieve`` and ``quyche retrieve``: the retrieval strategies behind one JSON shape.

Modes: ``hybrid``, ``vector``, ``keyword`` (alias ``bm25``) search chunks; ``tree`` is the model-guided
traversal of the heading trees (``indexes/tree_retriever.py``); ``tree_lexical`` scores every node's title and
text with BM25. Every hit has ``{"id", "doc_id", "node_id", "title", "line_start", "line_end", "score"}``;
a tree answer also says what the traversal cost (``"tree": {"llm_calls", "cached_steps", "fallback_steps"}``).
"""

from __future__ import annotations

from typing import Any

from indexes.tree.chooser import chooser_for
from indexes.tree.lexical import TreeLexicalIndex
from indexes.tree.retriever import TreeRetriever
from tools.context import ToolContext

MODES = ("hybrid", "tree", "vector", "keyword", "bm25", "tree_lexical")
MAX_TOP_K = 50


class RetrieveError(ValueError):
    """A request the endpoint cannot serve; the message says what to fix."""


def tree_retriever(ctx: ToolContext) -> TreeRetriever:
    """One tree retriever per context (its model is built once): offline chooser or the configured LLM."""
    if "tree_retriever" not in ctx.memo:
        from agent.models import make_chat_model

        model = chooser_for(ctx.settings, make_chat_model)
        ctx.memo["tree_retriever"] = TreeRetriever.with_default_cache(ctx.settings, ctx.store, model)
    return ctx.memo["tree_retriever"]


def run_retrieval(ctx: ToolContext, query: str, mode: str = "hybrid", top_k: int = 5) -> dict[str, Any]:
    """Hits of ``mode`` for ``query``, limited to the documents ``ctx``'s tenant may see."""
    if mode not in MODES:
        raise RetrieveError(f"'mode' must be one of {', '.join(MODES)}")
    cap = ctx.settings.max_query_chars
    if len(query) > cap:
        raise RetrieveError(
            f"'query' is {len(query):,} characters; the limit is {cap:,} (QUYCHE_MAX_QUERY_CHARS)"
        )
    if mode == "tree":
        result = tree_retriever(ctx).search(query, k=top_k, doc_ids=ctx.visible_documents())
        hits = [
            _hit(h.node_id, h.doc_id, h.node_id, h.title, h.line_start, h.line_end, h.score)
            for h in result.hits
        ]
        trace = {
            "llm_calls": result.llm_calls,
            "cached_steps": result.cached_steps,
            "fallback_steps": result.fallback_steps,
        }
        return {"hits": hits, "tree": trace}
    if mode == "tree_lexical":
        visible = set(ctx.visible_documents())
        found = [
            h for h in TreeLexicalIndex(ctx.store).search(query, k=top_k * 3) if h.node.doc_id in visible
        ]
        return {
            "hits": [
                _hit(n.node_id, n.doc_id, n.node_id, n.title, n.line_start, n.line_end, round(h.score, 6))
                for h, n in ((h, h.node) for h in found[:top_k])
            ]
        }
    search_mode = "keyword" if mode == "bm25" else mode
    found = ctx.retriever.search(query, k=top_k, mode=search_mode, tenant=ctx.tenant)
    return {
        "hits": [
            _hit(h.chunk_id, h.doc_id, h.node_id, h.title, h.line_start, h.line_end, h.score) for h in found
        ]
    }


def _hit(id_: str, doc_id: str, node_id: str, title: str, start: int, end: int, score: float) -> dict:
    return {
        "id": id_,
        "doc_id": doc_id,
        "node_id": node_id,
        "title": title,
        "line_start": start,
        "line_end": end,
        "score": score,
    }


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
    return run_retrieval(ctx, query, body.get("mode", "hybrid"), top_k)
