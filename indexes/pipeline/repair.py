"""``quyche doctor``: check every part of the data dir and, with ``--repair``, put it right.

- the document store (the source of truth) against the published index: rebuilt from the build's copies of the
  documents (``builds/<id>/documents/``) when it is missing, empty, unreadable or lost documents; the damaged
  file is kept aside. Only current versions can come back: earlier versions live only in the store.
- the published index (file sizes and hashes from the manifest, Chroma's files): rebuilt from the store.
- the conversation history (``conversations.sqlite``): set aside when unreadable.
- build folders no reader holds (left by a crashed ingest, or replaced by a publish) and Chroma's segment
  folders its catalogue no longer lists: removed (``garbage.py``); builds a reader holds are kept.
Repairs hold the ingest lock, so no ingest runs meanwhile.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from indexes.errors import IndexDamagedError, IndexMissingError, QuycheError, StoreDamagedError
from indexes.pipeline.build import build_from_documents, glossary_for
from indexes.pipeline.garbage import collect, leased, stale_builds, unlisted_segments
from indexes.pipeline.lock import ingest_lock
from indexes.pipeline.versions import as_document, as_version
from indexes.settings import Settings
from indexes.sources.documents import Document
from indexes.store.checks import open_store, published_doc_ids, store_path
from indexes.store.document_store import DocumentStore
from indexes.store.integrity import check_files, chroma_dir
from indexes.store.published_index import IndexStore, read_manifest

CONVERSATIONS = "conversations.sqlite"


@dataclass(frozen=True)
class Finding:
    part: str  # store | index | conversations | builds | segments
    ok: bool
    message: str


def diagnose(settings: Settings) -> list[Finding]:
    """One finding per part of the data dir; ``ok`` False means ``quyche doctor --repair`` has work to do."""
    return [
        _check_index(settings),
        _check_store(settings),
        _check_conversations(settings),
        _check_builds(settings),
        _check_segments(settings),
    ]


def _check_index(settings: Settings) -> Finding:
    try:
        index = IndexStore(settings.index_dir)
        index.verify(settings, deep=True)
    except IndexMissingError as exc:
        return Finding("index", True, str(exc))
    except QuycheError as exc:
        return Finding("index", False, str(exc))
    files = len(index.manifest.get("files", {}))
    return Finding(
        "index", True, f"build {index.build_id}: {len(index.documents)} documents, {files} files verified"
    )


def _check_store(settings: Settings) -> Finding:
    try:
        store = open_store(settings, index_damaged_ok=True)  # a damaged index is the index finding's
    except StoreDamagedError as exc:
        return Finding("store", False, str(exc))
    try:
        live = len(store.current_documents())
    finally:
        store.close()
    try:
        published_doc_ids(settings)
        checked = "agrees with the index"
    except IndexDamagedError:
        checked = "not checked: the index cannot be read"
    return Finding("store", True, f"{store_path(settings)}: {live} live documents, {checked}")


def _sqlite_ok(path: Path) -> bool:
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        finally:
            db.close()
    except sqlite3.DatabaseError:
        return False


def _check_conversations(settings: Settings) -> Finding:
    path = settings.data_dir / CONVERSATIONS
    if not path.exists() or _sqlite_ok(path):
        return Finding(
            "conversations", True, f"{path}: readable" if path.exists() else "no conversations yet"
        )
    return Finding("conversations", False, f"{path} is unreadable; --repair sets it aside (history is lost)")


def _check_builds(settings: Settings) -> Finding:
    stale = stale_builds(settings)
    held = leased(stale)
    kept = f"; {len(held)} earlier builds kept while a reader uses them" if held else ""
    unused = len(stale) - len(held)
    if not unused:
        return Finding("builds", True, f"no leftover build folders{kept}")
    return Finding(
        "builds",
        False,
        f"{unused} build folders no reader uses (replaced, or left by interrupted ingests; --repair removes them)"
        f"{kept}",
    )


def _check_segments(settings: Settings) -> Finding:
    unlisted = unlisted_segments(chroma_dir(settings)) if chroma_dir(settings).is_dir() else []
    if not unlisted:
        return Finding("segments", True, "no leftover vector segment folders")
    mb = sum(f.stat().st_size for p in unlisted for f in p.rglob("*") if f.is_file()) / 1e6
    return Finding(
        "segments",
        False,
        f"{len(unlisted)} vector segment folders ({mb:.1f} MB) Chroma no longer lists (--repair removes them)",
    )


def _set_aside(path: Path, stamp: str) -> str:
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    path.rename(target)
    return target.name


def rebuild_store(settings: Settings, stamp: str) -> str:
    """Bring back every published document the store lacks, from the build's document copies."""
    manifest = read_manifest(settings.index_dir)
    copies = {k: v for k, v in manifest.get("files", {}).items() if k.startswith("documents/")}
    check_files(settings.index_dir, copies, deep=True)
    path, aside = store_path(settings), []
    store = _readable_store(path)
    if store is None:
        for extra in ("", "-wal", "-shm"):
            damaged = path.with_name(path.name + extra)
            if damaged.exists():
                aside.append(_set_aside(damaged, stamp))
        store = DocumentStore(path)
    added = 0
    try:
        with store.transaction():
            for entry in manifest["documents"]:
                if store.owner(entry["doc_id"]) is not None:
                    continue
                copy = settings.index_dir / "documents" / f"{entry['doc_id']}.json"
                doc = Document(**json.loads(copy.read_text(encoding="utf-8")))
                store.add_version(as_version(doc, doc.doc_id), manifest.get("origins", {}).get(doc.doc_id))
                added += 1
    finally:
        store.close()
    kept = f"; the damaged file is kept as {', '.join(aside)}" if aside else ""
    return (
        f"store: restored {added} documents from build {manifest['build_id']} (current versions only){kept}"
    )


def _readable_store(path: Path) -> DocumentStore | None:
    if not path.exists() or path.stat().st_size == 0:
        return None
    try:
        store = DocumentStore(path)
        if store.db.execute("PRAGMA quick_check").fetchone()[0] == "ok":
            return store
        store.close()
    except sqlite3.DatabaseError:
        pass
    return None


def rebuild_index(settings: Settings, reason: str, stamp: str) -> str:
    """Index the store's documents afresh (a damaged vector store is set aside first)."""
    glossary = glossary_for(settings, None)
    actions = []
    if str(chroma_dir(settings)) in reason and chroma_dir(settings).exists():
        actions.append(f"vector store set aside as {_set_aside(chroma_dir(settings), stamp)}")
    store = open_store(settings, index_damaged_ok=True)  # the store is what the damaged index is rebuilt from
    try:
        documents = [as_document(v) for v in store.current_documents()]
        origins = store.origins()
    finally:
        store.close()
    report = build_from_documents(settings, documents, glossary, force=True, origins=origins)
    return "index: " + "; ".join([*actions, report.summary_line()])


def repair(settings: Settings) -> list[str]:
    """Repair what ``diagnose`` found; returns what was done, one line per action."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    done: list[str] = []
    with ingest_lock(settings.data_dir, settings.ingest_lock_timeout_s):
        found = {f.part: f for f in diagnose(settings)}
        if not found["store"].ok:
            done.append(rebuild_store(settings, stamp))
        if not found["index"].ok:
            done.append(rebuild_index(settings, found["index"].message, stamp))
        if not found["conversations"].ok:
            done.append(f"conversations: set aside as {_set_aside(settings.data_dir / CONVERSATIONS, stamp)}")
        done += collect(settings).lines()
    return done
