"""Documents and their stored versions, converted both ways (the store keeps versions; builds read Documents)."""

from __future__ import annotations

from indexes.sources.documents import Document
from indexes.store.document_store import StoredVersion, body_key


def as_document(v: StoredVersion) -> Document:
    return Document(
        doc_id=v.doc_id,
        title=v.title,
        path=v.path,
        text=v.text,
        body_start_line=v.body_start_line,
        content_hash=v.content_hash,
        effective_date=v.effective_date,
        source_url=v.source_url,
        tenant=v.tenant,
        meta=v.meta,
        date=v.date,
        format=v.format,
        generated_title=v.generated_title,
    )


def as_version(doc: Document, doc_id: str) -> StoredVersion:
    return StoredVersion(
        doc_id=doc_id,
        tenant=doc.tenant,
        version=0,
        title=doc.title,
        source_url=doc.source_url,
        date=doc.date or "",
        text=doc.text,
        body_start_line=doc.body_start_line,
        content_hash=doc.content_hash,
        body_key=body_key(doc.body),
        format=doc.format,
        path=doc.path,
        effective_date=doc.effective_date,
        generated_title=doc.generated_title,
        meta=doc.meta,
    )
