"""Search tool runs for the answer-side tests: hits as the search tool returns them, in one run."""

from __future__ import annotations

from typing import Any

from tools.registry import ToolRun


def hit(
    node_id: str,
    title: str,
    text: str,
    scope: str = "acme",
    title_path: list[str] | None = None,
    lines: tuple[int, int] = (1, 3),
) -> dict[str, Any]:
    """A search hit of ``text`` under ``title`` in the document the node id starts with."""
    doc_id = node_id.split(":")[0]
    return {
        "doc_id": doc_id,
        "node_id": node_id,
        "title": title,
        "title_path": title_path or [doc_id, title],
        "line_start": lines[0],
        "line_end": lines[1],
        "score": 1.0,
        "scope": scope,
        "text": text,
    }


def search_run(*hits: dict[str, Any], **result: Any) -> ToolRun:
    """One search run returning ``hits``; ``result`` sets its other fields (``unknown_terms``, ``job_words``,
    ``staff_groups``)."""
    record = {
        "query": "q",
        "mode": "hybrid",
        "expansions": [],
        "unknown_terms": [],
        "hits": list(hits),
        **result,
    }
    return ToolRun.from_record({"name": "search", "args": {"query": "q"}, "result": record})


def expand_run(found: dict[str, Any]) -> ToolRun:
    """The planner reading the section of ``found`` (a hit made by ``hit``) whole: an expand_node run."""
    result = {
        "node_id": found["node_id"],
        "doc_id": found["doc_id"],
        "doc_title": found["doc_id"],
        "title": found["title"],
        "title_path": found["title_path"],
        "line_start": found["line_start"],
        "line_end": found["line_end"],
        "text": found["text"],
        "children": [],
    }
    return ToolRun.from_record(
        {"name": "expand_node", "args": {"node_id": found["node_id"]}, "result": result}
    )
