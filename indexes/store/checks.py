"""Opening the document store safely: it is the source of truth, so it is checked against the published index.

A store that is missing, empty, unreadable, or that does not know a document the published index holds, is a
``StoreDamagedError`` naming the file and the repair (``quyche doctor --repair``), never a fresh empty store
whose next build would silently drop every document.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from indexes.errors import QuycheError, StoreDamagedError
from indexes.settings import Settings
from indexes.store.document_store import STORE_FILE, DocumentStore
from indexes.store.published_index import read_manifest


def store_path(settings: Settings) -> Path:
    return settings.data_dir / STORE_FILE


def published_doc_ids(settings: Settings) -> list[str]:
    """Doc ids of the published index; [] when there is none (or its manifest cannot be read)."""
    try:
        return [d["doc_id"] for d in read_manifest(settings.index_dir)["documents"]]
    except (QuycheError, KeyError, TypeError):
        return []


def open_store(settings: Settings) -> DocumentStore:
    """The document store, checked (see the module doc). A new data dir gets a new, empty store."""
    path = store_path(settings)
    published = published_doc_ids(settings)
    if published and (not path.exists() or path.stat().st_size == 0):
        state = "is missing" if not path.exists() else "is empty"
        raise StoreDamagedError(
            str(path), f"{state} but the published index holds {len(published)} documents"
        )
    try:
        store = DocumentStore(path)
        _quick_check(store)
    except sqlite3.DatabaseError as exc:
        raise StoreDamagedError(str(path), f"is unreadable ({exc})") from None
    unknown = [doc_id for doc_id in published if store.owner(doc_id) is None]
    if unknown:
        store.close()
        raise StoreDamagedError(
            str(path),
            f"does not know {len(unknown)} of the {len(published)} published documents "
            f"(e.g. {', '.join(unknown[:3])})",
        )
    return store


def _quick_check(store: DocumentStore) -> None:
    row = store.db.execute("PRAGMA quick_check").fetchone()
    if not row or row[0] != "ok":
        store.close()
        raise sqlite3.DatabaseError(row[0] if row else "integrity check failed")
