"""A regulation document: its text (NFC), id, title and metadata; parsing markdown text with YAML front matter."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from indexes.dates import parse_date
from indexes.errors import DocumentError
from indexes.text import nfc, slugify

MARKDOWN_SUFFIXES = (".md", ".markdown")
RST_SUFFIXES = (".rst",)
DOC_ID_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,80}$")


@dataclass(frozen=True)
class Document:
    doc_id: str
    title: str
    path: str  # relative to the corpus folder
    text: str  # whole file, NFC; line numbers and offsets refer to it
    body_start_line: int  # 1-based first line after the front matter
    content_hash: str
    effective_date: str | None = None
    source_url: str | None = None
    tenant: str = "global"
    meta: dict = field(default_factory=dict)
    date: str | None = None  # version date (ISO 8601): the replace policy keeps the newer one
    format: str = "markdown"  # "markdown" | "rst": which parser builds its tree
    generated_title: bool = False  # no title was given: it was made from the body's first characters
    explicit_id: bool = True  # the id came from the source (front matter, path), not from the title

    @property
    def body(self) -> str:
        return "\n".join(self.text.split("\n")[self.body_start_line - 1 :])


@dataclass(frozen=True)
class Skipped:
    path: str
    reason: str


def decode_source(path: str, raw: bytes) -> str:
    if not raw.strip():
        raise DocumentError(path, "empty file")
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise DocumentError(path, "UTF-16 text; convert it to UTF-8")
    if b"\x00" in raw[:8192]:
        raise DocumentError(path, "binary file (contains NUL bytes), not markdown text")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DocumentError(path, f"not valid UTF-8 (byte {exc.start}); save the file as UTF-8") from None
    return nfc(text.replace("\r\n", "\n").replace("\r", "\n"))


def _split_front_matter(path: str, text: str) -> tuple[dict, int]:
    """Return (front matter mapping, 1-based line where the body starts)."""
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return {}, 1
    for i in range(1, len(lines)):
        if lines[i].strip() in ("---", "..."):
            try:
                meta = yaml.safe_load("\n".join(lines[1:i])) or {}
            except yaml.YAMLError as exc:
                first = str(exc).splitlines()[0]
                raise DocumentError(path, f"invalid front matter (YAML): {first}") from None
            if not isinstance(meta, dict):
                raise DocumentError(path, "invalid front matter: expected 'key: value' lines")
            return meta, i + 2
    raise DocumentError(path, "invalid front matter: opening '---' has no closing '---'")


def _as_text(value: object) -> str | None:
    if value is None:
        return None
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value).strip() or None


def path_doc_id(path: str) -> str:
    """The default doc id of a file: its relative path without the suffix, as a slug (``hr/leave.md`` →
    ``hr_leave``)."""
    parts = [p for p in Path(path).with_suffix("").parts if p not in (".", "..", "/")]
    return "_".join(slugify(p, 80).replace("-", "_") for p in parts)[:80] or "document"


def parse_text(path: str, text: str, tenant: str = "global", date: str | None = None) -> Document:
    """Parse a markdown text (NFC, ``\\n`` line ends, optional YAML front matter) into a Document."""
    meta, body_start = _split_front_matter(path, text)
    body = "\n".join(text.split("\n")[body_start - 1 :])
    if not body.strip():
        raise DocumentError(path, "no content after the front matter")
    doc_id = _as_text(meta.get("doc_id")) or path_doc_id(path)
    if not DOC_ID_RE.match(doc_id):
        raise DocumentError(path, f"invalid doc_id {doc_id!r}: use lower-case letters, digits, '_' or '-'")
    title = _as_text(meta.get("title")) or _first_h1(body) or Path(path).stem
    return Document(
        doc_id=doc_id,
        title=nfc(title),
        path=path,
        text=text,
        body_start_line=body_start,
        content_hash=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        effective_date=_as_text(meta.get("effective_date")),
        source_url=_as_text(meta.get("source_url")),
        tenant=_as_text(meta.get("tenant")) or tenant,
        meta={k: _as_text(v) for k, v in meta.items()},
        date=_front_matter_date(path, meta) or date,
    )


def _front_matter_date(path: str, meta: dict) -> str | None:
    value = _as_text(meta.get("date"))
    if value is None:
        return None
    try:
        return parse_date(value)
    except ValueError as exc:
        raise DocumentError(path, f"front matter: {exc}") from None


def _first_h1(body: str) -> str | None:
    match = re.search(r"^ {0,3}# +(.+?)\s*#*\s*$", body, re.MULTILINE)
    return match.group(1) if match else None
