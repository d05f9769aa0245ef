"""One document pipeline behind every source: decide what each incoming document is (new, a newer version, a
duplicate, unchanged), store it with its versions, and rebuild the indexes for what changed.

An ingest holds a lock on the data dir and one SQLite transaction around the store writes *and* the index
build; the transaction commits just before the new build is published. A failed build (or a crash before that
point) leaves the previous version stored and served; a crash between commit and publish leaves the store one
step ahead, and the next build catches the index up. A second ingest of the same document waits for the first, then sees ``unchanged``.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from indexes.dates import date_order
from indexes.errors import QuycheError
from indexes.pipeline.build import IndexReport, build_from_documents, glossary_for
from indexes.pipeline.lock import ingest_lock
from indexes.pipeline.versions import as_document, as_version
from indexes.settings import Settings
from indexes.sources.documents import DOC_ID_RE, Document, Skipped
from indexes.sources.folder import scan_corpus
from indexes.store.checks import open_store
from indexes.store.document_store import DocumentStore, StoredVersion, body_key
from indexes.store.published_index import IndexStore
from indexes.text import slugify

log = logging.getLogger(__name__)
ReplacePolicy = Literal["newer", "always", "never"]
REPLACE_POLICIES = ("newer", "always", "never")
Status = Literal["indexed", "replaced", "rejected_duplicate", "unchanged", "deleted", "error"]
TENANT_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,62}$")


class IngestResult(BaseModel):
    """What happened to one incoming document (the JSON shape of ``POST /documents``)."""

    model_config = ConfigDict(populate_by_name=True, serialize_by_alias=True)

    document_id: str | None = Field(None, alias="documentId")
    title: str | None = None
    source_url: str | None = Field(None, alias="sourceUrl")
    date: str | None = None
    chunks_count: int = Field(0, alias="chunksCount")
    total_length: int = Field(0, alias="totalLength")
    status: Status
    replaced_document: str | None = Field(None, alias="replacedDocument")
    generated_title: bool = Field(False, alias="generatedTitle")
    version: int | None = None
    tenant: str | None = None
    source: str | None = None
    message: str | None = None


@dataclass
class IngestReport:
    results: list[IngestResult] = field(default_factory=list)
    index: IndexReport | None = None

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for r in self.results:
            out[r.status] = out.get(r.status, 0) + 1
        return out

    def summary_line(self) -> str:
        counts = ", ".join(f"{n} {status}" for status, n in sorted(self.counts().items())) or "nothing"
        return f"ingested: {counts}" + (f"; {self.index.summary_line()}" if self.index else "")


def check_tenant(tenant: str) -> str:
    if not TENANT_RE.match(tenant or ""):
        raise QuycheError(f"invalid tenant {tenant!r}: use lower-case letters, digits, '_' or '-'")
    return tenant


def _own_id(store: DocumentStore, doc: Document) -> str | None:
    """The id a document with its own id (front matter, path) is stored under: that id, or, when another
    tenant already has it, the same id prefixed with the tenant (deterministic, so re-ingesting finds it)."""
    owner = store.owner(doc.doc_id)
    candidate = doc.doc_id if owner in (None, doc.tenant) else f"{doc.tenant}_{doc.doc_id}"[:80]
    return candidate if store.owner(candidate) in (None, doc.tenant) else None


def _title_id(store: DocumentStore, doc: Document) -> str:
    """A new slug id from the title, unique across tenants."""
    base = slugify(doc.title, 60).replace("-", "_")
    candidate, n = base, 2
    while store.owner(candidate) is not None:
        candidate, n = f"{base}_{n}", n + 1
    return candidate


def _same_content(doc: Document, stored: StoredVersion) -> bool:
    return (doc.content_hash, doc.title, doc.source_url) == (
        stored.content_hash,
        stored.title,
        stored.source_url,
    )


def _result(doc: Document, status: Status, doc_id: str | None, **extra) -> IngestResult:
    return IngestResult(
        document_id=doc_id,
        title=doc.title,
        source_url=doc.source_url,
        date=doc.date,
        total_length=len(doc.body),
        status=status,
        generated_title=doc.generated_title,
        tenant=doc.tenant,
        source=doc.path,
        **extra,
    )


_ATX_HEADING_RE = re.compile(r"^ {0,3}#{1,6}(?:[ \t]|$)", re.MULTILINE)


def _too_big(doc: Document, settings: Settings) -> str | None:
    """Why a document is refused before any indexing work: more (markdown) headings than allowed, or more
    text than the chunk limit can hold (the build checks the real chunk count too)."""
    limit = settings.max_headings_per_document
    count = sum(1 for _ in _ATX_HEADING_RE.finditer(doc.body)) if doc.format == "markdown" else 0
    if count > limit:
        return f"{count:,} headings, over the limit of {limit:,} (QUYCHE_MAX_HEADINGS_PER_DOCUMENT); split the document"
    most = settings.max_chunks_per_document * settings.chunk_target_chars
    if len(doc.body) > most:
        return (
            f"{len(doc.body):,} characters: more than {settings.max_chunks_per_document:,} chunks "
            f"(QUYCHE_MAX_CHUNKS_PER_DOCUMENT × QUYCHE_CHUNK_TARGET_CHARS = {most:,}); split the document"
        )
    return None


def _store_one(
    store: DocumentStore, doc: Document, policy: ReplacePolicy, origin: str | None, settings: Settings
) -> IngestResult:
    if not TENANT_RE.match(doc.tenant or ""):
        return _result(doc, "error", None, message=f"invalid tenant {doc.tenant!r}: use a slug")
    too_big = _too_big(doc, settings)
    if too_big:
        return _result(doc, "error", None, message=too_big)
    own_id = None
    if doc.explicit_id:  # a file is identified by its id (or URL): two files titled alike stay two documents
        if not DOC_ID_RE.match(doc.doc_id):
            return _result(doc, "error", None, message=f"invalid doc id {doc.doc_id!r}: use a slug")
        own_id = _own_id(store, doc)
        if own_id is None:
            return _result(doc, "error", None, message=f"doc id {doc.doc_id!r} is taken by another tenant")
        match = store.latest(own_id)
        if match is None and doc.source_url:
            match = store.find_same(doc.tenant, source_url=doc.source_url, title=None, key=None)
    else:
        title = None if doc.generated_title else doc.title
        match = store.find_same(doc.tenant, source_url=doc.source_url, title=title, key=body_key(doc.body))
    if match is None:
        doc_id = own_id or _title_id(store, doc)
        version = store.add_version(as_version(doc, doc_id), origin)
        return _result(doc, "indexed", doc_id, version=version)
    if not match.current:  # deleted earlier: ingesting it again brings it back as a new version
        version = store.add_version(as_version(doc, match.doc_id), origin)
        return _result(
            doc, "indexed", match.doc_id, version=version, message="re-added (it had been deleted)"
        )
    if _same_content(doc, match):
        store.claim_origin(
            match.doc_id, origin
        )  # e.g. after the store was rebuilt by `quyche doctor --repair`
        return _result(doc, "unchanged", match.doc_id, version=match.version)
    if policy == "never" or (policy == "newer" and date_order(doc.date) <= date_order(match.date)):
        why = (
            "replace policy 'never'"
            if policy == "never"
            else f"not newer than the stored version ({doc.date} ≤ {match.date})"
        )
        return _result(
            doc,
            "rejected_duplicate",
            match.doc_id,
            version=match.version,
            message=f"same document as {match.doc_id!r}; kept the stored version: {why}",
        )
    version = store.add_version(as_version(doc, match.doc_id), origin)
    return _result(doc, "replaced", match.doc_id, replaced_document=match.doc_id, version=version)


_POSITION_RE = re.compile(r"#(\d+)$")


def _input_order(result: IngestResult) -> tuple:
    """Results in the order of the input ("src#3" after "src#2"); deletions by sync last."""
    label = result.source or ""
    match = _POSITION_RE.search(label)
    position = int(match.group(1)) if match else 0
    return (result.status == "deleted", label[: match.start()] if match else label, position)


def ingest(
    settings: Settings,
    documents: list[Document],
    *,
    replace_policy: ReplacePolicy = "newer",
    skipped: list[Skipped] | None = None,
    origin: str | None = None,
    sync: bool = False,
    glossary_dir: Path | None = None,
    show_progress: bool = False,
) -> IngestReport:
    """Store ``documents`` (each already carries its tenant) and rebuild the indexes for what changed.
    ``sync``: documents stored earlier from the same ``origin`` and absent now are deleted."""
    if replace_policy not in REPLACE_POLICIES:
        raise QuycheError(f"unknown replace policy {replace_policy!r}; choose {', '.join(REPLACE_POLICIES)}")
    report = IngestReport()
    for s in skipped or []:
        report.results.append(IngestResult(status="error", source=s.path, message=s.reason))
    unreadable = {s.path for s in skipped or []}
    with ingest_lock(settings.data_dir, settings.ingest_lock_timeout_s):
        store = open_store(settings)
        try:
            with store.transaction():
                for doc in documents:
                    report.results.append(_store_one(store, doc, replace_policy, origin, settings))
                if sync and origin:  # gone from the source: deleted (a file that is unreadable now is kept)
                    seen = {r.document_id for r in report.results}
                    for doc_id in store.origin_documents(origin):
                        stored = store.current(doc_id)
                        if doc_id not in seen and stored is not None and stored.path not in unreadable:
                            store.delete(doc_id)
                            report.results.append(IngestResult(document_id=doc_id, status="deleted"))
                current = [as_document(v) for v in store.current_documents()]
                glossary = glossary_for(settings, glossary_dir)
                report.index = build_from_documents(
                    settings,
                    current,
                    glossary,
                    skipped,
                    show_progress,
                    before_publish=store.commit,
                    origins=store.origins(),
                )
        finally:
            store.close()
    _fill_counts(settings, report.results)
    report.results.sort(key=_input_order)
    return report


def _fill_counts(settings: Settings, results: list[IngestResult]) -> None:
    try:
        entries = IndexStore(settings.index_dir).documents
    except QuycheError:
        return
    for r in results:
        if r.document_id in entries and r.status != "deleted":
            r.chunks_count = entries[r.document_id].chunk_count


def index_folder(settings: Settings, folder: Path | None = None, show_progress: bool = False) -> IndexReport:
    """``quyche index``: a folder (default: ``settings.corpus_dir``) is the source of truth for the documents
    that came from it: they are added, replaced, or deleted when their file is gone, and every index is
    rebuilt for what changed."""
    folder = folder or settings.corpus_dir
    if not folder.is_dir():
        raise FileNotFoundError(f"corpus folder not found: {folder}")
    scan = scan_corpus(folder, settings.max_file_bytes, settings.tenant)
    report = ingest(
        settings,
        scan.documents,
        replace_policy="always",
        skipped=scan.skipped,
        origin=f"folder:{settings.tenant}:{folder.resolve()}",  # one tenant's sync never deletes another's
        sync=True,
        glossary_dir=folder,
        show_progress=show_progress,
    )
    assert report.index is not None
    return report.index


def change_documents(settings: Settings, action, glossary_dir: Path | None = None) -> IndexReport:
    """Run ``action(store)`` (a restore or a delete) and rebuild, together or not at all."""
    with ingest_lock(settings.data_dir, settings.ingest_lock_timeout_s):
        store = open_store(settings)
        try:
            with store.transaction():
                action(store)
                current = [as_document(v) for v in store.current_documents()]
                glossary = glossary_for(settings, glossary_dir)
                return build_from_documents(
                    settings, current, glossary, before_publish=store.commit, origins=store.origins()
                )
        finally:
            store.close()
