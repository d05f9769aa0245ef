"""Where a piece of evidence is: the one location type of every hit, tool output and citation.

A ``Location`` names the document and heading node, the node's title path, the 1-based inclusive line range in
the stored source text, the character spans (``[start, end)`` offsets into ``Document.text``) when the evidence
is a precise part of the node, and the page URL (``source_url#anchor``) when the document has one.
"""

from __future__ import annotations

from pydantic import BaseModel, Field


class Span(BaseModel):
    """Character offsets ``[start, end)`` into the stored text of the document (``Document.text``, NFC)."""

    start: int = Field(ge=0)
    end: int = Field(ge=0)


class Location(BaseModel):
    doc_id: str
    node_id: str
    title: str
    title_path: list[str] = Field(default_factory=list)
    line_start: int
    line_end: int
    spans: list[Span] = Field(default_factory=list)
    url: str | None = None

    @classmethod
    def fields_of_node(cls, node) -> dict:
        """The location fields of a heading-tree node (``TreeNode``): the whole node, no spans."""
        names = ("doc_id", "node_id", "title", "title_path", "line_start", "line_end")
        return {name: getattr(node, name) for name in names}

    def location(self) -> Location:
        """Just the location fields (subclasses add scores, text, ...)."""
        return Location(**{name: getattr(self, name) for name in Location.model_fields})
