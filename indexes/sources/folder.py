"""Reading a folder of regulation documents (markdown with YAML front matter, or reStructuredText).

Bad files never stop indexing: each one becomes a ``Skipped`` entry with its reason.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from indexes.errors import DocumentError
from indexes.sources.documents import (
    DOC_ID_RE,
    MARKDOWN_SUFFIXES,
    RST_SUFFIXES,
    Document,
    Skipped,
    decode_source,
    parse_text,
    path_doc_id,
)
from indexes.sources.rst import order_by_toctree, rst_title
from indexes.text import nfc

# Files of the corpus folder that are not documents and not worth a warning.
CORPUS_SIDE_FILES = ("glossary.yaml", "glossary.yml", "README.md")


@dataclass
class CorpusScan:
    documents: list[Document] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)


def parse_document(path: str, raw: bytes, tenant: str = "global", date: str | None = None) -> Document:
    """Parse one file's bytes into a Document, or raise DocumentError saying why not."""
    text = decode_source(path, raw)
    if Path(path).suffix.lower() in RST_SUFFIXES:
        return _parse_rst_document(path, text, tenant, date)
    return parse_text(path, text, tenant, date)


def _parse_rst_document(path: str, text: str, tenant: str, date: str | None = None) -> Document:
    """RST has no front matter: the id comes from the path, the title the document's first section title."""
    doc_id = path_doc_id(path)
    if not DOC_ID_RE.match(doc_id):
        raise DocumentError(path, f"invalid doc_id {doc_id!r}: rename the file (letters, digits, '_' or '-')")
    return Document(
        doc_id=doc_id,
        title=nfc(rst_title(text, path) or Path(path).stem),
        path=path,
        text=text,
        body_start_line=1,
        content_hash=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        tenant=tenant,
        format="rst",
        date=date,
    )


def scan_corpus(corpus_dir: Path, max_file_bytes: int, tenant: str = "global") -> CorpusScan:
    """Read every markdown and RST file under ``corpus_dir`` (recursively, sorted; RST projects in toctree order)."""
    scan = CorpusScan()
    seen: dict[str, str] = {}
    for file in order_by_toctree(sorted(p for p in corpus_dir.rglob("*") if p.is_file())):
        rel = file.relative_to(corpus_dir).as_posix()
        if any(part.startswith(".") for part in file.relative_to(corpus_dir).parts):
            continue
        if rel in CORPUS_SIDE_FILES:
            continue
        if file.suffix.lower() not in MARKDOWN_SUFFIXES + RST_SUFFIXES:
            scan.skipped.append(
                Skipped(rel, f"unsupported file type {file.suffix or '(none)'}; expected .md or .rst")
            )
            continue
        size = file.stat().st_size
        if size > max_file_bytes:
            scan.skipped.append(Skipped(rel, f"file too large ({size:,} bytes > {max_file_bytes:,})"))
            continue
        try:
            modified = dt.datetime.fromtimestamp(file.stat().st_mtime, dt.UTC).isoformat(timespec="seconds")
            doc = parse_document(rel, file.read_bytes(), tenant, modified)
        except DocumentError as exc:
            scan.skipped.append(Skipped(rel, exc.reason))
            continue
        if doc.doc_id in seen:
            scan.skipped.append(
                Skipped(rel, f"duplicate doc_id {doc.doc_id!r} (already used by {seen[doc.doc_id]})")
            )
            continue
        seen[doc.doc_id] = rel
        scan.documents.append(doc)
    return scan
