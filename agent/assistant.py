"""The assistant: one graph, one model, one checkpointer; ``ask`` runs a question through the graph.

Every interface (CLI, Streamlit, MCP) goes through ``Assistant.ask`` / ``Assistant.stream``.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterator
from functools import cached_property
from pathlib import Path
from typing import Any

from langchain_core.messages import HumanMessage

from agent.answer import FinalAnswer
from agent.courtesy import core_question
from agent.graph import build_graph
from agent.models import make_chat_model
from agent.retention import retain
from agent.state import AgentContext
from agent.threads import ThreadOwners, new_thread_id
from agent.tracing import Tracer
from indexes.settings import Settings
from tools.context import SharedIndexes, ToolContext
from tools.registry import ALL


class Assistant:
    def __init__(
        self,
        settings: Settings,
        model=None,
        today: dt.date | None = None,
        embedder=None,
        indexes: SharedIndexes | None = None,
        conversations: Path | None = None,
        traces: Path | None = None,
    ) -> None:
        self.settings = settings
        self._model = model
        self.today = today
        # where conversations are kept: <data dir>/conversations.sqlite unless a caller keeps its own (an eval)
        self.conversations_path = conversations or settings.data_dir / "conversations.sqlite"
        self.traces_dir = traces or settings.data_dir / "traces"  # likewise the traces of each question
        # Loaded once for the assistant's life and shared by its threads (server requests, chat sessions).
        self.indexes = indexes or SharedIndexes(settings, embedder)

    @property
    def embedder(self):
        return self.indexes.embedder

    @cached_property
    def model(self):
        model = self._model or make_chat_model(self.settings)
        return model.bind_tools([tool_schema(t) for t in ALL])

    @cached_property
    def graph(self):
        self.settings.data_dir.mkdir(parents=True, exist_ok=True)
        return build_graph(checkpointer=self._checkpointer)

    @cached_property
    def _checkpointer(self):
        from langgraph.checkpoint.sqlite import SqliteSaver

        return SqliteSaver(self._conversations)

    @cached_property
    def _conversations(self) -> sqlite3.Connection:
        self.conversations_path.parent.mkdir(parents=True, exist_ok=True)
        return sqlite3.connect(self.conversations_path, check_same_thread=False)

    @cached_property
    def threads(self) -> ThreadOwners:
        return ThreadOwners(self._conversations, lock=self._checkpointer.lock)

    def _context(self, tenant: str | None, tracer: Tracer) -> AgentContext:
        tools = ToolContext(
            self.settings, tenant=tenant or self.settings.tenant, today=self.today, indexes=self.indexes
        )
        _ = tools.loaded  # no published index: fail now, saying how to build one, not inside every tool
        return AgentContext(
            tools=tools,
            model=self.model,
            max_steps=self.settings.max_steps,
            max_id_retries=self.settings.max_id_retries,
            timeout_s=self.settings.llm_timeout_s,
            retries=self.settings.llm_retries,
            min_coverage=self.settings.answer_min_coverage,
            llm_mode=self.settings.llm_mode(),
            tracer=tracer,
        )

    def stream(
        self, question: str, thread_id: str | None = None, tenant: str | None = None
    ) -> Iterator[dict[str, Any]]:
        """Yield ``{"node": name, "update": ...}`` as the graph runs; the last item holds the answer."""
        thread_id = thread_id or new_thread_id()
        self.threads.claim(thread_id, tenant or self.settings.tenant)  # another tenant's thread: refused
        tracer = Tracer(self.traces_dir, question, thread_id)
        inputs = {
            "messages": [HumanMessage(question)],
            "question": core_question(
                question
            ),  # the tools and the answer read the question, not its courtesy
            "tool_runs": None,
            "steps": 0,
            "id_retries": 0,
            "fallback": None,
            "model_answer": None,
            "answer": None,
        }
        config = {
            "configurable": {"thread_id": thread_id},
            "recursion_limit": 4 * self.settings.max_steps + 10,
        }
        context = self._context(tenant, tracer)
        final: FinalAnswer | None = None
        for chunk in self.graph.stream(inputs, config=config, context=context, stream_mode="updates"):
            for node, update in chunk.items():
                if node == "answer" and update:  # the state keeps JSON (checkpointed); the model once, here
                    final = FinalAnswer.model_validate({**update["answer"], "thread_id": thread_id})
                yield {"node": node, "update": update}
        if final is None:
            raise RuntimeError("the graph ended without an answer")
        tracer.finish(final.model_dump(mode="json"))
        s = self.settings
        retain(self._checkpointer, thread_id, s.max_threads, self.traces_dir, s.max_traces)
        yield {"node": "final", "answer": final}

    def ask(self, question: str, thread_id: str | None = None, tenant: str | None = None) -> FinalAnswer:
        question = question.strip()
        if not question:
            raise ValueError("the question is empty")
        final = None
        for event in self.stream(question, thread_id, tenant):
            if event["node"] == "final":
                final = event["answer"]
        return final


def tool_schema(spec) -> dict:
    """An OpenAI-style function schema (what ``bind_tools`` accepts for any provider)."""
    return {
        "type": "function",
        "function": {
            "name": spec.tool_name,
            "description": spec.description,
            "parameters": spec.json_schema(),
        },
    }
