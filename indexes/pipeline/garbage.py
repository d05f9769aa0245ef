"""Collecting what earlier builds left behind: build folders no reader holds, their Chroma collections, and
Chroma's segment folders its catalogue no longer knows.

- a build folder that is not the published one is removed once no reader leases it (``indexes/store/leases.py``);
  that covers the builds a publish replaced and the folders a crashed (``kill -9``) build left. The published
  build is never removed, and when the published build cannot be found nothing is.
- a ``quyche-<build>`` collection whose build folder is gone is dropped.
- a segment folder under ``chroma/`` (named by a UUID) that ``chroma.sqlite3`` does not list is removed: Chroma
  leaves one behind per dropped collection. An unreadable catalogue removes nothing.

Runs after each publish and in ``quyche doctor --repair``; the caller holds the ingest lock, so no build is
being written meanwhile.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from indexes.settings import Settings
from indexes.store.integrity import chroma_dir
from indexes.store.leases import claim_unleased, is_leased

log = logging.getLogger(__name__)
TRASH_PREFIX = ".trash-"


@dataclass
class Collected:
    builds: list[str] = field(default_factory=list)  # removed build folders
    kept: list[str] = field(default_factory=list)  # earlier builds a reader still holds
    collections: list[str] = field(default_factory=list)  # dropped Chroma collections
    segments: list[str] = field(default_factory=list)  # removed Chroma segment folders

    def lines(self) -> list[str]:
        out = [f"builds: removed {name}" for name in self.builds]
        out += [f"vectors: dropped collection {name}" for name in self.collections]
        out += [f"vectors: removed segment folder {name}" for name in self.segments]
        return out


def published_build(settings: Settings) -> str | None:
    """The published build's folder name; None when ``index`` is not a link to an existing build."""
    link = settings.index_dir
    if not link.is_symlink():
        return None
    target = link.resolve()
    builds = (settings.data_dir / "builds").resolve()
    return target.name if target.parent == builds and target.is_dir() else None


def stale_builds(settings: Settings) -> list[Path]:
    """Build folders other than the published one (leased or not); [] when the published one is unknown."""
    builds = settings.data_dir / "builds"
    current = published_build(settings)
    if current is None or not builds.is_dir():
        return []
    return sorted(p for p in builds.iterdir() if p.is_dir() and p.name != current)


def leased(paths: list[Path]) -> list[Path]:
    return [p for p in paths if not p.name.startswith(TRASH_PREFIX) and is_leased(p)]


def collect(settings: Settings) -> Collected:
    """Remove what no one needs (see the module doc). The caller holds the ingest lock."""
    done = Collected()
    for path in stale_builds(settings):
        if _remove_build(path):
            done.builds.append(path.name.removeprefix(TRASH_PREFIX))
        else:
            done.kept.append(path.name)
    if settings.vectors or settings.chroma_host or (chroma_dir(settings) / "chroma.sqlite3").exists():
        _collect_vectors(settings, done)
    return done


def _remove_build(path: Path) -> bool:
    """Remove an unleased build: renamed away under its exclusive lock (a reader that opened it meanwhile sees
    it gone and opens the published one), then deleted. False when a reader holds it."""
    if path.name.startswith(TRASH_PREFIX):  # a collection interrupted half-way
        shutil.rmtree(path, ignore_errors=True)
        return True
    fd = claim_unleased(path)
    if fd is None:
        return False
    trash = path.with_name(TRASH_PREFIX + path.name)
    try:
        os.rename(path, trash)
    finally:
        os.close(fd)
    shutil.rmtree(trash, ignore_errors=True)
    return True


def _collect_vectors(settings: Settings, done: Collected) -> None:
    from indexes.search.vector_store import COLLECTION_PREFIX, open_client

    builds = settings.data_dir / "builds"
    try:
        client = open_client(settings)
        for collection in client.list_collections():
            name = collection if isinstance(collection, str) else collection.name
            build_id = name.removeprefix(COLLECTION_PREFIX)
            if name.startswith(COLLECTION_PREFIX) and not (builds / build_id).is_dir():
                client.delete_collection(name)
                done.collections.append(name)
    except Exception as exc:  # noqa: BLE001 - a damaged vector store is doctor's to report, not a failed publish
        log.warning("vector collections not collected: %s", exc)
        return
    if not settings.chroma_host:
        done.segments += _remove_unlisted_segments(chroma_dir(settings))


def _listed_segments(database: Path) -> set[str] | None:
    try:
        db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        try:
            return {row[0] for row in db.execute("SELECT id FROM segments")}
        finally:
            db.close()
    except sqlite3.Error as exc:
        log.warning("chroma segment folders not collected: %s: %s", database, exc)
        return None


def _is_uuid(name: str) -> bool:
    try:
        uuid.UUID(name)
    except ValueError:
        return False
    return True


def unlisted_segments(root: Path) -> list[Path]:
    """Segment folders under ``root`` that Chroma's catalogue does not list ([] when it cannot be read)."""
    database = root / "chroma.sqlite3"
    listed = _listed_segments(database) if database.is_file() else None
    if listed is None:
        return []
    return sorted(p for p in root.iterdir() if p.is_dir() and _is_uuid(p.name) and p.name not in listed)


def _remove_unlisted_segments(root: Path) -> list[str]:
    removed = []
    for path in unlisted_segments(root):
        shutil.rmtree(path, ignore_errors=True)
        removed.append(path.name)
    return removed
