"""Conversation history stays bounded: a thread keeps its latest state only, the least recently used threads
beyond the limit are deleted, and so are the oldest traces; a conversation still continues from its last turn."""

from __future__ import annotations

import operator
import sqlite3
from typing import Annotated, TypedDict

from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.graph import END, START, StateGraph

from agent.assistant import Assistant
from agent.retention import prune_traces, retain
from agent.threads import ThreadOwners
from tests.conftest import TODAY


def _checkpoints(connection: sqlite3.Connection, thread_id: str) -> int:
    (n,) = connection.execute("SELECT COUNT(*) FROM checkpoints WHERE thread_id = ?", (thread_id,)).fetchone()
    return n


def test_a_thread_keeps_its_latest_state_and_the_conversation_goes_on(corpus_settings, shared_embedder):
    assistant = Assistant(corpus_settings, today=TODAY, embedder=shared_embedder)
    first = assistant.ask("Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?")
    db = assistant._conversations
    assert _checkpoints(db, first.thread_id) == 1  # the graph wrote one per step; the older ones are gone
    again = assistant.ask("Còn buổi chiều thì sao?", thread_id=first.thread_id)
    assert not again.refused and _checkpoints(db, first.thread_id) == 1
    state = assistant.graph.get_state({"configurable": {"thread_id": first.thread_id}})
    asked = [m.content for m in state.values["messages"] if m.type == "human"]
    assert asked == ["Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?", "Còn buổi chiều thì sao?"]


class _State(TypedDict):
    messages: Annotated[list[str], operator.add]


def _graph(saver: SqliteSaver):
    graph = StateGraph(_State)
    graph.add_node("echo", lambda state: {"messages": [f"echo {state['messages'][-1]}"]})
    graph.add_edge(START, "echo")
    graph.add_edge("echo", END)
    return graph.compile(checkpointer=saver)


def _owners(connection: sqlite3.Connection) -> set[str]:
    return {row[0] for row in connection.execute("SELECT thread_id FROM thread_owners")}


def test_the_least_recently_used_threads_beyond_the_limit_are_deleted(tmp_path):
    connection = sqlite3.connect(tmp_path / "conversations.sqlite", check_same_thread=False)
    saver = SqliteSaver(connection)
    owners = ThreadOwners(connection, lock=saver.lock)  # one lock for the connection
    graph = _graph(saver)

    def turn(thread: str) -> None:  # a turn that ended long ago (its claim is no longer in flight)
        owners.claim(thread, "acme")
        graph.invoke({"messages": [thread]}, {"configurable": {"thread_id": thread}})
        connection.execute("UPDATE thread_owners SET claimed_at = 0 WHERE thread_id = ?", (thread,))
        retain(saver, thread, max_threads=3, trace_dir=tmp_path / "traces", max_traces=10)

    for thread in ["a", "b", "c", "a", "d"]:  # "a" is used again after "c": "b" is the least recently used
        turn(thread)
    kept = _owners(connection)
    assert kept == {"a", "c", "d"}
    assert {row[0] for row in connection.execute("SELECT DISTINCT thread_id FROM checkpoints")} == kept
    assert all(_checkpoints(connection, t) == 1 for t in kept)
    state = graph.get_state({"configurable": {"thread_id": "a"}}).values
    assert state["messages"] == ["a", "echo a", "a", "echo a"]  # both turns of "a", from its latest state
    assert graph.get_state({"configurable": {"thread_id": "b"}}).values == {}  # gone: a new conversation
    # a thread claimed now may be answering (its first turn, or a follow-up of an old one): never evicted
    owners.claim("new", "acme")
    owners.claim("c", "acme")
    retain(saver, "d", max_threads=3, trace_dir=tmp_path / "traces", max_traces=10)
    assert _owners(connection) == {"c", "d", "new"}
    connection.execute("UPDATE thread_owners SET claimed_at = 0")  # long ago; "new" was never answered
    turn("e")
    assert _owners(connection) == {"c", "d", "e"}  # the unanswered one went first


def test_the_oldest_traces_beyond_the_limit_are_deleted(tmp_path):
    traces = tmp_path / "traces"
    traces.mkdir()
    names = [f"20261127-0900{i:02d}-abcdef.jsonl" for i in range(5)]
    for name in names:
        (traces / name).write_text("{}\n", encoding="utf-8")
    assert prune_traces(traces, 2) == 3
    assert sorted(p.name for p in traces.iterdir()) == names[3:]
    assert prune_traces(traces, 2) == 0
