"""Turning each kind of source into Documents: a combined markdown file and JSON documents.

(Folders are read by ``folder.scan_corpus``; MkDocs sites by ``mkdocs_site``.) A source that cannot be
read at all raises ``DocumentError``; one bad document among many becomes a ``Skipped`` entry saying why, and
the others go on.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import replace
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, StrictStr, ValidationError, field_validator

from indexes.dates import now_iso, parse_date
from indexes.errors import DocumentError
from indexes.sources.documents import Document, Skipped, decode_source, parse_text
from indexes.sources.markdown import find_headings
from indexes.text import nfc

GENERATED_TITLE_CHARS = 50


# Combined files ---------------------------------------------------------------------------------------------


FRONT_MATTER_KEYS = {"title", "doc_id", "date", "effective_date", "source_url", "tenant"}


def _is_front_matter(block: str) -> bool:
    """A YAML mapping with at least one of our keys (two ``---`` rules around "Note: ..." are not one)."""
    try:
        data = yaml.safe_load(block)
    except yaml.YAMLError:
        return False
    return isinstance(data, dict) and bool(FRONT_MATTER_KEYS & {str(k) for k in data})


def _front_matter_starts(lines: list[str]) -> list[int]:
    """0-based lines where a ``---`` front matter block (a YAML mapping closed by ``---``) begins."""
    starts: list[int] = []
    i = 0
    while i < len(lines):
        if lines[i].strip() == "---" and (i == 0 or not lines[i - 1].strip()):
            for j in range(i + 1, min(len(lines), i + 60)):
                if lines[j].strip() in ("---", "..."):
                    if _is_front_matter("\n".join(lines[i + 1 : j])):
                        starts.append(i)
                        i = j
                    break
        i += 1
    return starts


def split_combined(
    path: str, raw: bytes, tenant: str, max_bytes: int
) -> tuple[list[Document], list[Skipped]]:
    """Many documents in one markdown file: each starts with its own YAML front matter block; a file
    without front matter is split at its top-level ``#`` headings."""
    if len(raw) > max_bytes:
        raise DocumentError(path, f"file too large ({len(raw):,} bytes > {max_bytes:,})")
    text = decode_source(path, raw)
    lines = text.split("\n")
    starts = _front_matter_starts(lines)
    docs: list[Document] = []
    skipped: list[Skipped] = []
    if starts and "\n".join(lines[: starts[0]]).strip():
        skipped.append(
            Skipped(f"{path}#0", f"text before the first front matter block (lines 1–{starts[0]})")
        )
    if not starts:
        starts = [h.line - 1 for h in find_headings(lines) if h.level == 1]
        if starts:
            starts[0] = 0  # text before the first heading belongs to the first document
    if not starts:
        raise DocumentError(path, "no documents found: expected '---' front matter blocks or '# ' headings")
    stamp = now_iso()
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        part = "\n".join(lines[start:end]).strip("\n")
        label = f"{path}#{n + 1}"
        try:
            doc = parse_text(label, part, tenant, stamp)
        except DocumentError as exc:
            skipped.append(Skipped(label, exc.reason))
            continue
        explicit = "doc_id" in doc.meta
        docs.append(replace(doc, explicit_id=explicit, meta={**doc.meta, "line_offset": str(start)}))
    return docs, skipped


# JSON documents ---------------------------------------------------------------------------------------------


class JsonDocument(BaseModel):
    """One pushed document. Only ``body`` is required."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    body: StrictStr
    title: StrictStr | None = None
    source_url: StrictStr | None = Field(None, alias="sourceUrl")
    date: StrictStr | None = None

    @field_validator("body")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("body is empty")
        return value

    @field_validator("date")
    @classmethod
    def _iso_date(cls, value: str | None) -> str | None:
        return parse_date(value) if value is not None else None


def _explain(error: ValidationError) -> str:
    parts = []
    for e in error.errors():
        where = ".".join(str(p) for p in e["loc"]) or "document"
        if e["type"] == "extra_forbidden":
            parts.append(f"unknown field '{where}' (allowed: body, title, sourceUrl, date)")
        elif e["type"] == "missing":
            parts.append(f"missing field '{where}'")
        else:
            parts.append(f"{where}: {e['msg'].removeprefix('Value error, ')}")
    return "; ".join(parts)


MAX_JSON_DEPTH = 64


def _depth(data: Any) -> int:
    """Deepest nesting of lists and objects in ``data`` (iterative: no recursion limit to hit)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


def loads_bounded(raw: bytes | str, source: str, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads`` that refuses JSON nested deeper than ``max_depth`` with a ``DocumentError`` (never a
    ``RecursionError``); malformed JSON still raises ``json.JSONDecodeError``."""
    too_deep = f"JSON nested deeper than {max_depth} levels; flatten it"
    try:
        data = json.loads(raw)
    except RecursionError:
        raise DocumentError(source, too_deep) from None
    if isinstance(data, dict | list) and _depth(data) > max_depth:
        raise DocumentError(source, too_deep)
    return data


def load_json_payload(raw: bytes | str, source: str, max_depth: int = MAX_JSON_DEPTH) -> list[Any]:
    """One object, an array of objects, or JSON Lines → a list of raw items."""
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        hint = "UTF-16: convert it to UTF-8" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else "save it as UTF-8"
        raise DocumentError(source, f"not valid UTF-8 (byte {exc.start}); {hint}") from None
    if not text.strip():
        raise DocumentError(source, "empty JSON input")
    try:
        data = loads_bounded(text, source, max_depth)
    except json.JSONDecodeError as first:
        items = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                items.append(loads_bounded(line, source, max_depth))
            except json.JSONDecodeError as exc:
                raise DocumentError(
                    source,
                    f"invalid JSON (line {number}: {exc.msg}); expected an object, an array or JSON Lines",
                ) from None
        if len(items) < 2:
            raise DocumentError(source, f"invalid JSON: {first.msg} at line {first.lineno}") from None
        return items
    return data if isinstance(data, list) else [data]


def json_documents(
    items: list[Any], source: str, tenant: str, max_bytes: int
) -> tuple[list[Document], list[Skipped]]:
    """Validate pushed JSON items and turn the good ones into Documents (bad ones are skipped with why)."""
    docs: list[Document] = []
    skipped: list[Skipped] = []
    for n, item in enumerate(items, 1):
        label = f"{source}#{n}" if len(items) > 1 else source
        if not isinstance(item, dict):
            skipped.append(Skipped(label, f"expected a JSON object, got {type(item).__name__}"))
            continue
        try:
            pushed = JsonDocument.model_validate(item)
        except ValidationError as exc:
            skipped.append(Skipped(label, _explain(exc)))
            continue
        size = len(pushed.body.encode("utf-8"))
        if size > max_bytes:
            skipped.append(Skipped(label, f"body too large ({size:,} bytes > {max_bytes:,})"))
            continue
        docs.append(json_document(pushed, label, tenant))
    return docs, skipped


def json_document(pushed: JsonDocument, label: str, tenant: str) -> Document:
    body = nfc(pushed.body.replace("\r\n", "\n").replace("\r", "\n")).strip("\n")
    title = nfc(pushed.title).strip() if pushed.title and pushed.title.strip() else ""
    generated = not title
    if generated:
        flat = re.sub(r"\s+", " ", re.sub(r"^[#>*\-\s]+", "", body)).strip()
        title = flat[:GENERATED_TITLE_CHARS].rstrip() + ("…" if len(flat) > GENERATED_TITLE_CHARS else "")
    return Document(
        doc_id="",
        title=title,
        path=label,
        text=body,
        body_start_line=1,
        content_hash=hashlib.sha256(body.encode("utf-8")).hexdigest(),
        source_url=nfc(pushed.source_url).strip() or None if pushed.source_url else None,
        tenant=tenant,
        date=pushed.date or now_iso(),
        generated_title=generated,
        explicit_id=False,
    )
