"""Evidence from tool results: passages with where they come from, and the calculator's result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Passage:
    node_id: str
    doc_id: str
    title: str
    text: str
    line_start: int
    line_end: int
    tool: str
    rank: int  # 0 = the tool's best
    vector_score: float | None = None  # cosine to the question (search hits found by the vector retriever)


def passages_from_run(name: str, result: dict[str, Any]) -> list[Passage]:
    """Turn one tool result (as JSON) into passages; errors and the calculator give none."""
    if not isinstance(result, dict) or "error" in result:
        return []
    out: list[Passage] = []
    if name == "search":
        for i, h in enumerate(result.get("hits", [])):
            out.append(
                Passage(
                    h["node_id"], h["doc_id"], h["title"], h["text"], h["line_start"], h["line_end"], name, i
                )
            )
    elif name == "lookup_article":
        for i, m in enumerate(result.get("matches", [])):
            out.append(
                Passage(
                    m["node_id"], m["doc_id"], m["title"], m["text"], m["line_start"], m["line_end"], name, i
                )
            )
    elif name == "lookup_rules":
        for i, r in enumerate(result.get("rules", [])):
            lines = (r.get("line_start") or 0, r.get("line_end") or 0)
            out.append(
                Passage(
                    r["node_id"], r["doc_id"], r.get("section") or r["node_id"], r["text"], *lines, name, i
                )
            )
    elif name == "expand_node":
        out.append(
            Passage(
                result["node_id"],
                result["doc_id"],
                result["title"],
                result["text"],
                result["line_start"],
                result["line_end"],
                name,
                0,
            )
        )
    elif name == "navigate_tree" and "children" in result:
        for i, c in enumerate(result["children"]):
            out.append(
                Passage(
                    c["node_id"],
                    result["doc_id"],
                    c["title"],
                    c["summary"],
                    c["line_start"],
                    c["line_end"],
                    name,
                    i,
                )
            )
    return out


def calculator_result(runs: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The last successful calculate_leave result of this turn."""
    for run in reversed(runs):
        if run["name"] == "calculate_leave" and "error" not in run["result"]:
            return run["result"]
    return None
