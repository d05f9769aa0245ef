"""Opening the document store safely: it is the source of truth, so it is checked against the published index.

A store that is missing, empty, unreadable, or that does not know a document the published index holds, is a
``StoreDamagedError`` naming the file and the repair (``quyche doctor --repair``), never a fresh empty store
whose next build would silently drop every document.

The check needs the published manifest. Only a data dir with no index yet has none to check against; a published
index whose manifest cannot be read (damaged, emptied, its build gone) is an ``IndexDamagedError`` here, never
"no documents": read as none, it let any store pass, however empty, and the next build published an index
without the documents and collected the build that held their copies (a silent wipe).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from indexes.errors import IndexDamagedError, IndexMissingError, StoreDamagedError
from indexes.settings import Settings
from indexes.store.document_store import STORE_FILE, DocumentStore, holds_documents
from indexes.store.published_index import MANIFEST, lease_manifest, read_manifest


def store_path(settings: Settings) -> Path:
    return settings.data_dir / STORE_FILE


def published_doc_ids(settings: Settings) -> list[str]:
    """Doc ids of the published index; [] only when there is no index yet (a new data dir).

    Raises ``IndexDamagedError`` when an index is published but its manifest cannot be read (or the link or its
    build is broken): the caller cannot tell which documents the store must hold."""
    try:
        build, lease = lease_manifest(settings.index_dir)
    except IndexMissingError:
        return []
    try:
        documents = read_manifest(build)["documents"]
        return [d["doc_id"] for d in documents]
    except IndexMissingError:  # the leased build lost its manifest since: damage, not a new data dir
        raise IndexDamagedError(str(build / MANIFEST), "is missing") from None
    except (KeyError, TypeError):
        raise IndexDamagedError(str(build / MANIFEST), "lists a document without its id") from None
    finally:
        lease.release()


def open_store(settings: Settings, *, index_damaged_ok: bool = False) -> DocumentStore:
    """The document store, checked (see the module doc). A new data dir gets a new, empty store.

    A published index that cannot be read is an ``IndexDamagedError`` (its message names ``quyche doctor
    --repair``), so no write goes ahead unchecked. ``index_damaged_ok``: the repair, which rebuilds that index
    from the store, opens a store that holds documents without the check; one that holds none is still damage
    (there is nothing to rebuild from)."""
    path = store_path(settings)
    try:
        published = published_doc_ids(settings)
    except IndexDamagedError as exc:
        if not index_damaged_ok:
            raise
        if not holds_documents(path):
            raise StoreDamagedError(
                str(path), f"holds no documents and cannot be checked against the damaged index ({exc.path})"
            ) from None
        published = []
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
