"""Evidence passages for the answer-side tests."""

from __future__ import annotations

from agent.evidence import Passage


def passage(
    node_id: str, title: str, text: str, rank: int = 0, title_path: list[str] | None = None
) -> Passage:
    """A search hit of ``text`` under ``title`` in the document the node id starts with."""
    return Passage(
        node_id=node_id,
        doc_id=node_id.split(":")[0],
        title=title,
        title_path=title_path or [],
        text=text,
        line_start=1,
        line_end=3,
        tool="search",
        rank=rank,
    )
