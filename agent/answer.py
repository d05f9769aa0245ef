"""The structured answer every interface returns (the shape of ``quyche ask --json``)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from indexes.location import Location


class Citation(Location):
    """A numbered source of the answer: its location (``url`` is ``source_url#anchor`` when the document has a
    URL) and the quoted text."""

    quote: str


class ToolCallRecord(BaseModel):
    name: str
    args: dict[str, Any] = Field(default_factory=dict)
    duration_ms: float = 0.0
    result_size: int = 0
    error: str | None = None


class Answer(BaseModel):
    answer: str
    citations: list[Citation] = Field(default_factory=list)
    tool_calls: list[ToolCallRecord] = Field(default_factory=list)
    refused: bool = False


class FinalAnswer(Answer):
    """The answer plus what the graph knows about how it was reached."""

    run_id: str | None = None
    thread_id: str | None = None
    ungrounded_numbers: list[str] = Field(default_factory=list)
    fallback: str | None = None
    calculation: dict[str, Any] | None = None
    llm_mode: str = "offline"
