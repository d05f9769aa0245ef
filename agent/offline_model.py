"""The embedded offline default model: a deterministic planner behind LangChain's chat-model interface.

It supports ``bind_tools`` so the *same graph* runs with it as with Gemini. Each call reads the conversation:
the latest question, the tool results of this turn, and earlier turns' calculator arguments (for follow-ups);
it either asks for the next tool (``offline_policy``) or writes the final extractive answer (``compose``).
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from agent.compose import compose_from_runs
from agent.courtesy import core_question
from agent.offline_policy import next_call
from agent.question import analyse
from tools.registry import ToolRun


def _turns(messages: list[BaseMessage]) -> tuple[str, list[ToolRun], dict | None]:
    """(latest question, this turn's tool runs, the last calculate_leave args of earlier turns)."""
    last_human = max((i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), default=-1)
    question = core_question(str(messages[last_human].content)) if last_human >= 0 else ""
    calls: dict[str, tuple[str, dict]] = {}
    previous_leave: dict | None = None
    runs: list[ToolRun] = []
    for i, message in enumerate(messages):
        if isinstance(message, AIMessage):
            for call in message.tool_calls:
                calls[call["id"]] = (call["name"], call["args"])
                if call["name"] == "calculate_leave" and i < last_human:
                    previous_leave = dict(call["args"])
        elif isinstance(message, ToolMessage) and i > last_human and message.tool_call_id in calls:
            name, args = calls[message.tool_call_id]
            try:
                result = json.loads(message.content) if isinstance(message.content, str) else {}
            except json.JSONDecodeError:
                result = {"error": "unreadable_result", "message": str(message.content)[:200]}
            record = {"name": name, "args": args, "result": result if isinstance(result, dict) else {}}
            runs.append(ToolRun.from_record(record))
    return question, runs, previous_leave


class OfflinePlanner(BaseChatModel):
    """Deterministic, offline, tool-calling chat model (no network, no key)."""

    min_coverage: float  # Settings.answer_min_coverage
    max_id_retries: int  # Settings.max_id_retries
    bound_tools: list[str] = []

    @property
    def _llm_type(self) -> str:
        return "quyche-offline-planner"

    def bind_tools(self, tools: list[Any], **kwargs: Any) -> OfflinePlanner:
        names = [
            t["function"]["name"] if isinstance(t, dict) and "function" in t else getattr(t, "name", None)
            for t in tools
        ]
        return self.model_copy(update={"bound_tools": names})

    def _generate(
        self, messages: list[BaseMessage], stop=None, run_manager=None, **kwargs: Any
    ) -> ChatResult:
        question, runs, previous_leave = _turns(messages)
        call = next_call(question, runs, previous_leave, self.max_id_retries)
        if call is not None and (not self.bound_tools or call.name in self.bound_tools):
            message = AIMessage(
                content="",
                tool_calls=[{"name": call.name, "args": call.args, "id": f"call_{uuid.uuid4().hex[:12]}"}],
            )
        else:
            q = analyse(question)
            composed = compose_from_runs(question, runs, self.min_coverage, q.intent == "quantity")
            message = AIMessage(content=composed.text, response_metadata={"refused": composed.refused})
        return ChatResult(generations=[ChatGeneration(message=message)])
