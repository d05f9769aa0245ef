"""Conversation threads carry their tenant: the first question of a thread claims it for the asker's tenant, and
a thread id of another tenant is refused (``ThreadAccessError``), so no tenant reads another's conversation.
New thread ids are random (128 bits), not guessable."""

from __future__ import annotations

import secrets
import sqlite3
import threading

from indexes.errors import ThreadAccessError


def new_thread_id() -> str:
    return secrets.token_hex(16)


class ThreadOwners:
    """thread id → tenant, in the conversations database beside LangGraph's checkpoints."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._db = connection
        self._lock = threading.Lock()
        with self._lock, self._db:
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS thread_owners (thread_id TEXT PRIMARY KEY, tenant TEXT)"
            )

    def claim(self, thread_id: str, tenant: str) -> None:
        """Let ``tenant`` use ``thread_id``: its own or a new thread; raise for another tenant's."""
        with self._lock, self._db:
            self._db.execute(
                "INSERT OR IGNORE INTO thread_owners (thread_id, tenant) VALUES (?, ?)", (thread_id, tenant)
            )
            (owner,) = self._db.execute(
                "SELECT tenant FROM thread_owners WHERE thread_id = ?", (thread_id,)
            ).fetchone()
        if owner != tenant:
            raise ThreadAccessError(thread_id)
