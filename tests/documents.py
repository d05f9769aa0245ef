"""Documents the store tests put in a tenant's store directly."""

from __future__ import annotations

from indexes.sources.documents import Document

TINY = Document(
    doc_id="gui_xe",
    title="Gửi xe",
    path="gui_xe.md",
    text="# Gửi xe\n\nNhân viên gửi xe miễn phí 1 lần mỗi ngày.\n",
    body_start_line=1,
    content_hash="tiny",
    tenant="beta",
)
