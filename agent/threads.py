"""Conversation threads carry their tenant: the first question of a thread claims it for the asker's tenant, and
a thread id of another tenant is refused (``ThreadAccessError``), so no tenant reads another's conversation.
New thread ids are random (128 bits), not guessable."""

from __future__ import annotations

import secrets
import sqlite3
import threading
import time

from indexes.errors import ThreadAccessError


def new_thread_id() -> str:
    return secrets.token_hex(16)


class ThreadOwners:
    """thread id → tenant, in the conversations database beside LangGraph's checkpoints."""

    def __init__(self, connection: sqlite3.Connection, lock: threading.Lock | None = None) -> None:
        """``lock``: the one every user of the connection holds (the checkpointer's, which history retention
        deletes under), so a claim never interleaves with an eviction."""
        self._db = connection
        self._lock = lock or threading.Lock()
        with self._lock, self._db:
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS thread_owners (thread_id TEXT PRIMARY KEY, tenant TEXT, claimed_at REAL)"
            )
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(thread_owners)")}
            if "claimed_at" not in columns:  # a database from before retention
                self._db.execute("ALTER TABLE thread_owners ADD COLUMN claimed_at REAL")

    def claim(self, thread_id: str, tenant: str) -> None:
        """Let ``tenant`` use ``thread_id``: its own or a new thread; raise for another tenant's."""
        with self._lock, self._db:
            now = time.time()
            self._db.execute(
                "INSERT OR IGNORE INTO thread_owners (thread_id, tenant, claimed_at) VALUES (?, ?, ?)",
                (thread_id, tenant, now),
            )
            # its last claim: a thread answering now is never evicted, however old its conversation
            self._db.execute(
                "UPDATE thread_owners SET claimed_at = ? WHERE thread_id = ? AND tenant = ?",
                (now, thread_id, tenant),
            )
            (owner,) = self._db.execute(
                "SELECT tenant FROM thread_owners WHERE thread_id = ?", (thread_id,)
            ).fetchone()
        if owner != tenant:
            raise ThreadAccessError(thread_id)
