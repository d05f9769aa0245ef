"""``POST /retrieve`` and ``quyche retrieve``: the retrieval strategies behind one JSON shape.

The strategies are those of ``tools/retrieval_service.py``. Every hit is a location (``doc_id``, ``node_id``,
``title``, ``title_path``, ``line_start``, ``line_end``, ``spans``, ``url``) with an ``id`` and a ``score``; a
tree answer also says what the traversal cost (``"tree": {"llm_calls", "cached_steps", "fallback_steps"}``).
"""

from __future__ import annotations

from typing import Any

from tools.context import ToolContext
from tools.retrieval_service import STRATEGIES, retrieval_service

MODES = STRATEGIES


class RetrieveError(ValueError):
    """A request the endpoint cannot serve; the message says what to fix."""


def run_retrieval(ctx: ToolContext, query: str, mode: str = "hybrid", top_k: int = 5) -> dict[str, Any]:
    """Hits of ``mode`` for ``query``, limited to the documents ``ctx``'s tenant may see (JSON)."""
    if mode not in MODES:
        raise RetrieveError(f"'mode' must be one of {', '.join(MODES)}")
    cap = ctx.settings.max_question_chars
    if len(query) > cap:
        raise RetrieveError(
            f"'query' is {len(query):,} characters; the limit is {cap:,} (QUYCHE_MAX_QUESTION_CHARS)"
        )
    data = retrieval_service(ctx).retrieve(query, mode, top_k).model_dump(mode="json")
    if data["tree"] is None:
        del data["tree"]
    return data


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
    most = ctx.settings.max_top_k
    if not isinstance(top_k, int) or isinstance(top_k, bool) or not 1 <= top_k <= most:
        raise RetrieveError(f"'top_k' must be an integer from 1 to {most}")
    return run_retrieval(ctx, query, body.get("mode", "hybrid"), top_k)
