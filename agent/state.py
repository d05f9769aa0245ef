"""The graph's state and per-run context."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, TypedDict

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages

from agent.tracing import Tracer
from tools.context import ToolContext


def runs_of_turn(left: list[dict] | None, right: list[dict] | None) -> list[dict]:
    """Tool runs accumulate within a turn; a turn starts by sending None, which clears them."""
    if right is None:
        return []
    return (left or []) + right


class AgentState(TypedDict, total=False):
    messages: Annotated[
        list[AnyMessage], add_messages
    ]  # the conversation (kept across turns by the checkpointer)
    question: str
    tool_runs: Annotated[list[dict[str, Any]], runs_of_turn]  # this turn's tool calls and results
    steps: int  # model turns used in this turn
    id_retries: int  # unknown node ids met in this turn
    fallback: str | None  # why the fallback path ran
    model_answer: str | None  # the model's final text, with [node_id] markers
    answer: dict[str, Any] | None  # the FinalAnswer


@dataclass
class AgentContext:
    tools: ToolContext
    model: BaseChatModel  # already bound to the tools
    # knobs of one run, all from Settings (max_steps, max_id_retries, llm_timeout_s, llm_retries, answer_min_coverage)
    max_steps: int
    max_id_retries: int
    timeout_s: float
    retries: int
    min_coverage: float
    llm_mode: str
    tracer: Tracer | None = field(default=None, repr=False)
