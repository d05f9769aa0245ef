"""The document store: every ingested document, its versions and its tenant, in SQLite under the data dir.

    tenants(tenant)                         one row per company, plus ``global`` (shared documents, e.g. law)
    documents(doc_id, tenant, current_version, deleted, origin)
    versions(doc_id, version, title, source_url, date, text, content_hash, ...)   every version ever stored

The indexes are built from the current version of every live document. Writes happen inside
``transaction()`` (``BEGIN IMMEDIATE``), so an ingest either stores all of its changes or none.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

from indexes.dates import now_iso
from indexes.errors import QuycheError, UnknownDocumentError
from indexes.text import nfc

SCHEMA = """
CREATE TABLE IF NOT EXISTS tenants (
    tenant TEXT PRIMARY KEY,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS documents (
    doc_id TEXT PRIMARY KEY,
    tenant TEXT NOT NULL REFERENCES tenants(tenant),
    current_version INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    origin TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS versions (
    doc_id TEXT NOT NULL REFERENCES documents(doc_id),
    version INTEGER NOT NULL,
    title TEXT NOT NULL,
    source_url TEXT,
    date TEXT NOT NULL,
    text TEXT NOT NULL,
    body_start_line INTEGER NOT NULL,
    content_hash TEXT NOT NULL,
    body_key TEXT NOT NULL,
    format TEXT NOT NULL,
    path TEXT NOT NULL,
    effective_date TEXT,
    generated_title INTEGER NOT NULL DEFAULT 0,
    meta TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    PRIMARY KEY (doc_id, version)
);
CREATE INDEX IF NOT EXISTS documents_by_tenant ON documents(tenant, deleted);
CREATE INDEX IF NOT EXISTS versions_by_title ON versions(title);
CREATE INDEX IF NOT EXISTS versions_by_url ON versions(source_url);
CREATE INDEX IF NOT EXISTS versions_by_body ON versions(body_key);
"""
BODY_KEY_CHARS = 100  # two documents whose normalised bodies start alike are the same document


STORE_FILE = "documents.sqlite"  # in the data dir


def holds_documents(path: Path) -> bool:
    """Whether the store at ``path`` holds a live document (read-only; an unreadable store counts as holding
    some: the caller reports damage rather than an empty data dir)."""
    if not path.is_file():
        return False
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return db.execute("SELECT 1 FROM documents WHERE deleted = 0 LIMIT 1").fetchone() is not None
        finally:
            db.close()
    except sqlite3.Error:
        return path.stat().st_size > 0


def body_key(body: str) -> str:
    """The first characters of the normalised body (NFC, case-folded, whitespace collapsed)."""
    head = body.lstrip()[: BODY_KEY_CHARS * 20]  # enough to hold 100 characters after collapsing whitespace
    return re.sub(r"\s+", " ", nfc(head)).strip().casefold()[:BODY_KEY_CHARS]


@dataclass(frozen=True)
class StoredVersion:
    doc_id: str
    tenant: str
    version: int
    title: str
    source_url: str | None
    date: str
    text: str
    body_start_line: int
    content_hash: str
    body_key: str
    format: str
    path: str
    effective_date: str | None = None
    generated_title: bool = False
    meta: dict = field(default_factory=dict)
    created_at: str = ""
    current: bool = True

    def summary(self) -> dict:
        data = asdict(self)
        data.pop("text")
        data["length"] = len(self.text)
        return data


_VERSION_COLUMNS = (
    "v.doc_id, d.tenant, v.version, v.title, v.source_url, v.date, v.text, v.body_start_line, v.content_hash, "
    "v.body_key, v.format, v.path, v.effective_date, v.generated_title, v.meta, v.created_at, "
    "v.version = d.current_version AND d.deleted = 0"
)


def _row(row: tuple) -> StoredVersion:
    values = list(row)
    values[13] = bool(values[13])
    values[14] = json.loads(values[14] or "{}")
    values[16] = bool(values[16])
    return StoredVersion(*values)


class DocumentStore:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.db = sqlite3.connect(path, timeout=60, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """All writes inside happen together or not at all (an exception rolls back what is not committed)."""
        self.db.execute("BEGIN IMMEDIATE")
        self._open = True
        try:
            yield
        except BaseException:
            if self._open:
                self._open = False
                self.db.execute("ROLLBACK")
            raise
        self.commit()

    def commit(self) -> None:
        """Commit the open transaction now (the index build calls this just before it publishes)."""
        if getattr(self, "_open", False):
            self._open = False
            self.db.execute("COMMIT")

    # Reading
    def _versions(self, where: str, params: tuple) -> list[StoredVersion]:
        sql = (
            f"SELECT {_VERSION_COLUMNS} FROM versions v JOIN documents d ON d.doc_id = v.doc_id WHERE {where}"
        )
        return [_row(r) for r in self.db.execute(sql, params)]

    def current_documents(self, tenant: str | None = None) -> list[StoredVersion]:
        """The current version of every live document (of one tenant when given), by doc id."""
        where = "v.version = d.current_version AND d.deleted = 0"
        if tenant is not None:
            return self._versions(f"{where} AND d.tenant = ? ORDER BY v.doc_id", (tenant,))
        return self._versions(f"{where} ORDER BY v.doc_id", ())

    def current(self, doc_id: str) -> StoredVersion | None:
        found = self._versions("v.doc_id = ? AND v.version = d.current_version AND d.deleted = 0", (doc_id,))
        return found[0] if found else None

    def versions(self, doc_id: str) -> list[StoredVersion]:
        found = self._versions("v.doc_id = ? ORDER BY v.version", (doc_id,))
        if not found:
            raise UnknownDocumentError(doc_id, self.doc_ids())
        return found

    def doc_ids(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT doc_id FROM documents ORDER BY doc_id")]

    def owner(self, doc_id: str) -> str | None:
        row = self.db.execute("SELECT tenant FROM documents WHERE doc_id = ?", (doc_id,)).fetchone()
        return row[0] if row else None

    def tenants(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT tenant FROM tenants ORDER BY tenant")]

    def origin_documents(self, origin: str) -> list[str]:
        rows = self.db.execute(
            "SELECT doc_id FROM documents WHERE origin = ? AND deleted = 0 ORDER BY doc_id", (origin,)
        )
        return [r[0] for r in rows]

    def origins(self) -> dict[str, str | None]:
        """Where each live document came from (a folder, a push...): kept in the build for repairs."""
        rows = self.db.execute("SELECT doc_id, origin FROM documents WHERE deleted = 0 ORDER BY doc_id")
        return dict(rows.fetchall())

    def latest(self, doc_id: str) -> StoredVersion | None:
        """The document's current version, even when the document is deleted (then ``current`` is False)."""
        found = self._versions("v.doc_id = ? AND v.version = d.current_version", (doc_id,))
        return found[0] if found else None

    def find_same(
        self, tenant: str, *, source_url: str | None, title: str | None, key: str | None
    ) -> StoredVersion | None:
        """The live document of ``tenant`` an incoming one is a version of, by the duplicate rules: the same
        source URL; else (only against documents without a URL when the incoming one has one) the same title
        (NFC, trimmed; generated titles never match); else the same start of the normalised body."""
        live = "d.tenant = ? AND d.deleted = 0 AND v.version = d.current_version"
        checks: list[tuple[str, object]] = []
        if source_url:
            checks.append(("v.source_url = ?", source_url))
        no_url = " AND v.source_url IS NULL" if source_url else ""
        if title is not None:
            checks.append((f"v.title = ? AND v.generated_title = 0{no_url}", nfc(title).strip()))
        if key is not None:
            checks.append((f"v.body_key = ?{no_url}", key))
        for condition, value in checks:
            found = self._versions(f"{live} AND {condition} ORDER BY v.doc_id LIMIT 1", (tenant, value))
            if found:
                return found[0]
        return None

    # Writing (call inside transaction())
    def add_version(self, version: StoredVersion, origin: str | None) -> int:
        """Store ``version`` as the new current version of its document; returns its number."""
        stamp = now_iso()
        self.db.execute(
            "INSERT OR IGNORE INTO tenants(tenant, created_at) VALUES (?, ?)", (version.tenant, stamp)
        )
        row = self.db.execute(
            "SELECT tenant, COALESCE(MAX(v.version), 0) FROM documents d LEFT JOIN versions v "
            "ON v.doc_id = d.doc_id WHERE d.doc_id = ?",
            (version.doc_id,),
        ).fetchone()
        if row and row[0] is not None and row[0] != version.tenant:
            raise QuycheError(f"document {version.doc_id!r} belongs to another tenant")
        number = (row[1] if row and row[0] is not None else 0) + 1
        if number == 1:
            self.db.execute(
                "INSERT INTO documents(doc_id, tenant, current_version, deleted, origin, created_at, updated_at)"
                " VALUES (?, ?, 1, 0, ?, ?, ?)",
                (version.doc_id, version.tenant, origin, stamp, stamp),
            )
        self.db.execute(
            "INSERT INTO versions(doc_id, version, title, source_url, date, text, body_start_line, content_hash,"
            " body_key, format, path, effective_date, generated_title, meta, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                version.doc_id,
                number,
                version.title,
                version.source_url,
                version.date,
                version.text,
                version.body_start_line,
                version.content_hash,
                version.body_key,
                version.format,
                version.path,
                version.effective_date,
                int(version.generated_title),
                json.dumps(version.meta, ensure_ascii=False),
                stamp,
            ),
        )
        self.db.execute(
            "UPDATE documents SET current_version = ?, deleted = 0, origin = COALESCE(?, origin), "
            "updated_at = ? WHERE doc_id = ?",
            (number, origin, stamp, version.doc_id),
        )
        return number

    def claim_origin(self, doc_id: str, origin: str | None) -> None:
        """Record where a document comes from when the store does not know yet (a rebuilt store)."""
        if origin:
            self.db.execute(
                "UPDATE documents SET origin = ? WHERE doc_id = ? AND origin IS NULL", (origin, doc_id)
            )

    def restore(self, doc_id: str, version: int) -> StoredVersion:
        """Make an earlier version current again (the document is undeleted if needed)."""
        known = self.versions(doc_id)
        if version not in {v.version for v in known}:
            numbers = ", ".join(str(v.version) for v in known)
            raise QuycheError(f"document {doc_id!r} has no version {version}; versions: {numbers}")
        self.db.execute(
            "UPDATE documents SET current_version = ?, deleted = 0, updated_at = ? WHERE doc_id = ?",
            (version, now_iso(), doc_id),
        )
        return self.current(doc_id)  # type: ignore[return-value]

    def delete(self, doc_id: str) -> None:
        """Take a document out of the indexes; its versions are kept (``restore`` brings it back)."""
        self.versions(doc_id)  # raises for an unknown id
        self.db.execute(
            "UPDATE documents SET deleted = 1, updated_at = ? WHERE doc_id = ?", (now_iso(), doc_id)
        )
