"""Bounded history: a server that answers for months must not fill its disk with conversations and traces.

LangGraph's SQLite checkpointer keeps a checkpoint per graph step, each with the whole state (messages, tool
results): about 200 KB per question, without end. After each turn a thread keeps only its latest checkpoint and
that checkpoint's pending writes: the next turn continues from it (the graph's channels are plain values and
reducers, no ``DeltaChannel``, so the latest checkpoint holds the whole state). Beyond ``max_threads``
conversations, the least recently used are deleted with their owner row; beyond ``max_traces`` trace files,
the oldest are deleted. Deleted rows' pages are reused by SQLite, so the file stops growing.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from pathlib import Path

from agent.tracing import list_traces

log = logging.getLogger(__name__)
IN_FLIGHT_S = 600.0  # a thread claimed this recently may be answering


def compact_thread(saver, thread_id: str) -> int:
    """Delete a thread's checkpoints (and their writes) older than its latest one; the number deleted."""
    with saver.cursor() as cur:
        latest = cur.execute(
            "SELECT checkpoint_ns, MAX(checkpoint_id) FROM checkpoints WHERE thread_id = ? GROUP BY checkpoint_ns",
            (thread_id,),
        ).fetchall()
        deleted = 0
        for ns, checkpoint_id in latest:
            key = (thread_id, ns, checkpoint_id)
            deleted += cur.execute(
                "DELETE FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id <> ?",
                key,
            ).rowcount
            cur.execute(
                "DELETE FROM writes WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id <> ?", key
            )
    return deleted


def evict_threads(saver, max_threads: int) -> list[str]:
    """Delete the least recently used conversations beyond ``max_threads`` (their checkpoints, writes and owner);
    the thread ids deleted. Checkpoint ids are time-ordered, so a thread's latest one says when it was last used;
    a thread claimed but never answered counts as the oldest; none claimed in the last ``IN_FLIGHT_S`` is evicted
    (a turn may be running on it: each claim renews the time). Callers hold the connection's one lock (``saver.cursor()`` takes the
    checkpointer's, which ``ThreadOwners`` shares)."""
    with saver.cursor() as cur:
        (count,) = cur.execute("SELECT COUNT(*) FROM thread_owners").fetchone()
        if count <= max_threads:
            return []
        old = [
            row[0]
            for row in cur.execute(
                "SELECT o.thread_id FROM thread_owners AS o LEFT JOIN (SELECT thread_id, MAX(checkpoint_id) AS last "
                "FROM checkpoints GROUP BY thread_id) AS c ON c.thread_id = o.thread_id "
                "WHERE COALESCE(o.claimed_at, 0) < ? "
                "ORDER BY COALESCE(c.last, ''), o.rowid LIMIT ?",
                (time.time() - IN_FLIGHT_S, count - max_threads),
            ).fetchall()
        ]
        for table in ("checkpoints", "writes", "thread_owners"):
            cur.executemany(f"DELETE FROM {table} WHERE thread_id = ?", [(t,) for t in old])  # noqa: S608
            if (
                table != "thread_owners"
            ):  # a conversation no owner row claims can never be evicted: none is kept
                cur.execute(
                    f"DELETE FROM {table} WHERE thread_id NOT IN (SELECT thread_id FROM thread_owners)"  # noqa: S608
                )
    return old


def prune_traces(trace_dir: Path, max_traces: int) -> int:
    """Delete the oldest trace files beyond ``max_traces`` (names start with their time); the number deleted."""
    traces = list_traces(trace_dir)
    old = traces[: max(0, len(traces) - max_traces)]
    for path in old:
        path.unlink(missing_ok=True)
    return len(old)


def retain(saver, thread_id: str, max_threads: int, trace_dir: Path, max_traces: int) -> None:
    """After a turn: keep the thread's latest state only, and the history within its bounds. A database error
    here loses no answer (the turn is done); the next turn tries again."""
    try:
        compact_thread(saver, thread_id)
        evict_threads(saver, max_threads)
    except sqlite3.Error as e:
        log.warning("conversation history not compacted (%s); the next turn tries again", e)
    prune_traces(trace_dir, max_traces)
