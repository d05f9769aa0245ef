"""The agent graph. Read top to bottom, it is the diagram:

    START -> agent --(tool calls)--> tools --(route_after_tools)--> agent | fallback | answer
               |
               +--(final text)--> answer -> END
               +--(model error / timeout)--> fallback -> answer

agent: the chat model bound to the registry's tools. tools: runs the calls (in parallel); failures are values.
route_after_tools: unknown node ids go back to the model with suggestions (at most N times); when retries run
out or every retrieval came back empty, the fallback runs hybrid search directly; when the step budget is spent,
answer with what was found. answer: citations from the tool results actually used, and the numbers check.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
from typing import Literal

from langchain_core.messages import AIMessage, SystemMessage, ToolMessage
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime

from agent.answer import FinalAnswer, ToolCallRecord
from agent.citations import resolve_citations, ungrounded_numbers
from agent.compose import compose_from_runs
from agent.evidence import calculation, calculator_result, passages, tool_runs
from agent.language import language_of, phrase
from agent.prompts import SYSTEM_PROMPT
from agent.question import analyse
from agent.state import AgentContext, AgentState
from tools.registry import ToolRun, run_tool

RETRIEVAL_TOOLS = {"search", "lookup_rules", "lookup_article", "navigate_tree", "expand_node"}
_POOL = cf.ThreadPoolExecutor(max_workers=4, thread_name_prefix="quyche-llm")


def call_model(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    ctx = runtime.context
    step = state.get("steps", 0) + 1
    messages = [SystemMessage(SYSTEM_PROMPT), *state["messages"]]
    model = ctx.model.with_retry(stop_after_attempt=ctx.retries + 1) if ctx.retries else ctx.model
    try:
        reply = _POOL.submit(model.invoke, messages).result(timeout=ctx.timeout_s)
        if ctx.tracer:
            ctx.tracer.llm_calls += 1
    except Exception as exc:  # an LLM that fails or times out must not end the conversation
        reason = "timeout" if isinstance(exc, cf.TimeoutError) else f"{type(exc).__name__}: {exc}"
        if ctx.tracer:
            ctx.tracer.event("model_step", step=step, tool_calls=[], error=reason)
        return {"steps": step, "fallback": f"llm_error: {reason}"}
    if not isinstance(reply, AIMessage):
        return {"steps": step, "fallback": "llm_error: the model did not return a message"}
    if ctx.tracer:
        ctx.tracer.event(
            "model_step",
            step=step,
            tool_calls=[{"name": c["name"], "args": c["args"]} for c in reply.tool_calls],
        )
    update: dict = {"steps": step, "messages": [reply]}
    if not reply.tool_calls:
        update["model_answer"] = _text_of(reply)
    return update


def _text_of(message: AIMessage) -> str:
    """The text of a reply (Gemini may return a list of content blocks)."""
    if isinstance(message.content, str):
        return message.content
    return "".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in message.content)


def run_tools(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    ctx = runtime.context
    calls = state["messages"][-1].tool_calls
    runs = (
        list(_POOL.map(lambda c: run_tool(ctx.tools, c["name"], c["args"]), calls))
        if len(calls) > 1
        else [run_tool(ctx.tools, c["name"], c["args"]) for c in calls]
    )
    messages, records = [], []
    for call, run in zip(calls, runs, strict=True):
        content = json.dumps(run.result_json(), ensure_ascii=False)
        messages.append(ToolMessage(content=content, tool_call_id=call["id"], name=run.name))
        records.append(run.record())
        if ctx.tracer:
            ctx.tracer.event(
                "tool_call",
                name=run.name,
                args=run.args,
                duration_ms=run.duration_ms,
                result_chars=len(content),
                error=run.error,
            )
    bad_ids = sum(1 for r in runs if r.error == "unknown_node_id")
    return {"messages": messages, "tool_runs": records, "id_retries": state.get("id_retries", 0) + bad_ids}


def _found_nothing(run: ToolRun) -> bool:
    """A retrieval that failed or found no passage (a document list counts as nothing found)."""
    return not run.ok or not any(p.text or p.tool != "expand_node" for p in passages(run))


def route_after_model(
    state: AgentState, runtime: Runtime[AgentContext]
) -> Literal["tools", "answer", "fallback"]:
    if state.get("fallback"):
        return "fallback"
    last = state["messages"][-1]
    return "tools" if isinstance(last, AIMessage) and last.tool_calls else "answer"


def route_after_tools(
    state: AgentState, runtime: Runtime[AgentContext]
) -> Literal["agent", "fallback", "answer"]:
    ctx = runtime.context
    runs = tool_runs(state.get("tool_runs"))
    batch = 0
    for message in reversed(state["messages"]):
        if not isinstance(message, ToolMessage):
            break
        batch += 1
    last_batch = runs[-batch:] if batch else []
    if (
        any(r.error == "unknown_node_id" for r in last_batch)
        and state.get("id_retries", 0) > ctx.max_id_retries
    ):
        return "fallback"
    retrievals = [r for r in runs if r.name in RETRIEVAL_TOOLS]
    calc_ok = calculation(runs) is not None
    if retrievals and not calc_ok and all(_found_nothing(r) for r in retrievals) and len(runs) >= 2:
        return "fallback"
    if state.get("steps", 0) >= ctx.max_steps:
        return "answer"
    return "agent"


def fallback(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    """Hybrid search straight from the question; the answer is composed from its hits."""
    ctx = runtime.context
    reason = state.get("fallback") or "no usable tool results"
    run = run_tool(ctx.tools, "search", {"query": state["question"], "k": 5})
    if ctx.tracer:
        ctx.tracer.event("fallback", reason=reason)
        ctx.tracer.event(
            "tool_call",
            name="search",
            args=run.args,
            duration_ms=run.duration_ms,
            result_chars=len(json.dumps(run.result_json(), ensure_ascii=False)),
            error=run.error,
        )
    return {"tool_runs": [run.record()], "fallback": reason, "model_answer": None}


def answer(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    ctx = runtime.context
    runs = tool_runs(state.get("tool_runs"))
    text = state.get("model_answer")
    if not text or state.get("fallback"):  # no final text from the model: compose it from the evidence
        q = analyse(state["question"])
        text = compose_from_runs(state["question"], runs, ctx.min_coverage, q.intent == "quantity").text
        if state.get("steps", 0) >= ctx.max_steps and not state.get("fallback"):
            text = phrase("out_of_steps", language_of(state["question"])) + "\n" + text
    final_text, citations = resolve_citations(text, runs, lambda doc_id: ctx.tools.store.source_text(doc_id))
    citations = [c.model_copy(update={"url": ctx.tools.citation_url(c.doc_id, c.node_id)}) for c in citations]
    refused = not citations  # an answer that cites nothing is not an answer HR can trust
    result = FinalAnswer(
        answer=final_text,
        citations=citations,
        tool_calls=[
            ToolCallRecord(
                name=r.name,
                args=r.args,
                duration_ms=r.duration_ms,
                result_size=len(json.dumps(r.result_json(), ensure_ascii=False)),
                error=r.error,
            )
            for r in runs
        ],
        refused=refused,
        ungrounded_numbers=[] if refused else ungrounded_numbers(final_text, citations, runs),
        fallback=state.get("fallback"),
        calculation=calculator_result(runs),
        llm_mode=ctx.llm_mode,
        run_id=ctx.tracer.run_id if ctx.tracer else None,
    )
    data = result.model_dump(mode="json")
    return {
        "answer": data,
        "messages": [AIMessage(content=final_text)] if not state.get("model_answer") else [],
    }


def build_graph(checkpointer=None):
    graph = StateGraph(AgentState, context_schema=AgentContext)
    graph.add_node("agent", call_model)
    graph.add_node("tools", run_tools)
    graph.add_node("fallback", fallback)
    graph.add_node("answer", answer)
    graph.add_edge(START, "agent")
    graph.add_conditional_edges("agent", route_after_model)
    graph.add_conditional_edges("tools", route_after_tools)
    graph.add_edge("fallback", "answer")
    graph.add_edge("answer", END)
    return graph.compile(checkpointer=checkpointer, name="quyche")
