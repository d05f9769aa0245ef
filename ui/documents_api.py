"""``POST /documents`` and the MCP tool ``ingest_document``: pushed JSON documents into the document store.

The caller's tenant comes from its bearer token (never from the payload), so a token can only write, and
replace, documents of its own tenant.
"""

from __future__ import annotations

from typing import Any

from indexes.errors import DocumentError, QuycheError
from indexes.pipeline.ingest import REPLACE_POLICIES, IngestReport, check_tenant, ingest
from indexes.settings import Settings
from indexes.sources.combined_json import json_documents, load_json_payload


class DocumentsError(ValueError):
    """A request the endpoint cannot serve at all; the message says what to fix."""


def ingest_json(settings: Settings, tenant: str, payload: bytes | list[Any], replace: str = "newer") -> dict:
    """Ingest one JSON object, an array or JSON Lines; returns ``{"results": [...], "index": "..."}``."""
    if replace not in REPLACE_POLICIES:
        raise DocumentsError(f"'replace' must be one of {', '.join(REPLACE_POLICIES)}")
    if isinstance(payload, bytes) and len(payload) > settings.max_request_bytes:
        raise DocumentsError(f"request too large ({len(payload):,} bytes > {settings.max_request_bytes:,})")
    try:
        items = (
            payload
            if isinstance(payload, list)
            else load_json_payload(payload, "request", settings.max_json_depth)
        )
    except (DocumentError, UnicodeDecodeError) as exc:
        raise DocumentsError(str(exc)) from None
    try:
        tenant = check_tenant(tenant)
    except QuycheError as exc:
        raise DocumentsError(f"the token's tenant is not usable: {exc}") from None
    docs, skipped = json_documents(items, "request", tenant, settings.max_file_bytes)
    report: IngestReport = ingest(settings, docs, replace_policy=replace, skipped=skipped, origin="push")  # type: ignore[arg-type]
    return {
        "results": [r.model_dump(mode="json") for r in report.results],
        "index": report.index.summary_line() if report.index else None,
    }
