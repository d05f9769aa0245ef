"""Integrity of the published index: what a build recorded about its files, checked when the index is loaded.

The manifest's ``files`` maps every file of the build folder to ``[size, sha256]``; ``vectors.json`` (written
right after publishing, when Chroma has its files) records the sizes of the collection's vector segment files
(Chroma rewrites them later, so no hashes) and the collection's row count. Loading checks sizes (a few ``stat`` calls); ``verify_index`` also checks
hashes and that Chroma's database is a readable SQLite file, so damage is an ``IndexDamagedError`` naming the
file and the repair, never a false "no rule found" or a crash inside Chroma's native code.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path

from indexes.errors import IndexDamagedError
from indexes.settings import Settings

VECTORS_RECORD = "vectors.json"
# Chroma's HNSW segment files are checked by size only: Chroma rewrites them after the build has recorded them
# (length.bin when it loads a segment; data_level0.bin when a small collection is flushed late, seen in CI), and
# a hash would then call a healthy index damaged. A same-size overwrite of a segment file is not detected.
HASHED_SEGMENT_FILES: frozenset[str] = frozenset()
SQLITE_HEADER = b"SQLite format 3\x00"
_CHUNK = 1 << 20


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(_CHUNK):
            digest.update(block)
    return digest.hexdigest()


def file_digests(root: Path, skip: frozenset[str] = frozenset()) -> dict[str, list]:
    """``{relative path: [size, sha256]}`` of every file under ``root`` (``skip``: relative paths left out)."""
    out: dict[str, list] = {}
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        rel = path.relative_to(root).as_posix()
        if rel not in skip:
            out[rel] = [path.stat().st_size, sha256_file(path)]
    return out


def check_files(root: Path, recorded: dict[str, list], deep: bool) -> None:
    """Raise ``IndexDamagedError`` for the first recorded file that is missing, resized or (``deep``) altered
    (a file recorded with no hash is checked by size only)."""
    for rel, (size, digest) in recorded.items():
        path = root / rel
        try:
            actual = path.stat().st_size
        except OSError:
            raise IndexDamagedError(str(path), "is missing") from None
        if actual != size:
            raise IndexDamagedError(str(path), f"has {actual:,} bytes, the build wrote {size:,}")
        if deep and digest is not None and sha256_file(path) != digest:
            raise IndexDamagedError(str(path), "differs from what the build wrote (sha256 mismatch)")


def chroma_dir(settings: Settings) -> Path:
    return settings.data_dir / "chroma"


def _vector_segments(database: Path, collection: str) -> list[str]:
    """Folder names of the collection's vector segments, read from Chroma's SQLite catalogue (read-only)."""
    db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        rows = db.execute(
            "SELECT s.id FROM segments s JOIN collections c ON c.id = s.collection "
            "WHERE c.name = ? AND s.scope = 'VECTOR'",
            (collection,),
        ).fetchall()
    finally:
        db.close()
    return [r[0] for r in rows]


def record_vectors(settings: Settings, build_dir: Path, collection: str, count: int) -> None:
    """After publishing: write ``vectors.json`` (collection, row count, segment files' sizes and hashes)."""
    record: dict = {"collection": collection, "count": count, "files": {}}
    root = chroma_dir(settings)
    if not settings.chroma_host and (root / "chroma.sqlite3").exists():
        record["database_bytes"] = (root / "chroma.sqlite3").stat().st_size
        for segment in _vector_segments(root / "chroma.sqlite3", collection):
            if (root / segment).is_dir():
                for rel, (size, digest) in file_digests(root / segment).items():
                    kept = digest if Path(rel).name in HASHED_SEGMENT_FILES else None
                    record["files"][f"{segment}/{rel}"] = [size, kept]
    # the build is published already: readers may load it now, so they must see the whole record or none
    path = build_dir / VECTORS_RECORD
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    tmp.write_text(json.dumps(record, indent=1), encoding="utf-8")
    os.replace(tmp, path)


def check_vectors(settings: Settings, build_dir: Path, deep: bool) -> None:
    """The Chroma files a vector build recorded are present and unaltered; its database is SQLite."""
    path = build_dir / VECTORS_RECORD
    if settings.chroma_host or not path.exists():
        return
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise IndexDamagedError(str(path), "is unreadable") from None
    root = chroma_dir(settings)
    database = root / "chroma.sqlite3"
    if "database_bytes" in record:
        try:
            with database.open("rb") as handle:
                header = handle.read(len(SQLITE_HEADER))
            size = database.stat().st_size
        except OSError:
            raise IndexDamagedError(str(database), "is missing (the vector index is gone)") from None
        if header != SQLITE_HEADER or size < record["database_bytes"]:
            raise IndexDamagedError(str(database), "is truncated or not a SQLite database")
        if deep:
            _quick_check(database)
    check_files(root, record.get("files", {}), deep)


def _quick_check(database: Path) -> None:
    try:
        db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        try:
            result = db.execute("PRAGMA quick_check").fetchone()
        finally:
            db.close()
    except sqlite3.DatabaseError as exc:
        raise IndexDamagedError(str(database), f"is unreadable ({exc})") from None
    if not result or result[0] != "ok":
        raise IndexDamagedError(
            str(database), f"fails SQLite's integrity check ({result[0] if result else '?'})"
        )
