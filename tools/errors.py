"""Tool failures as values the model (or a person) can act on, never exceptions across the boundary."""

from __future__ import annotations

from pydantic import BaseModel, Field


class Suggestion(BaseModel):
    node_id: str
    title: str


class ToolFailure(BaseModel):
    error: str  # "unknown_node_id", "unknown_doc_id", "not_found", "invalid_arguments", "index_missing", ...
    message: str
    suggestions: list[Suggestion] = Field(default_factory=list)
