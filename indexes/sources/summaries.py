"""Extractive section summaries (offline): the opening sentence(s) plus the section's key numbers."""

from __future__ import annotations

import re

from indexes.text import sentences

SUMMARY_TARGET_CHARS = 220
MAX_KEY_NUMBERS = 6
_NUMBER_RE = re.compile(
    r"\b\d{1,2}\s?(?:h|giờ)\s?\d{0,2}\b"  # 8h30, 8 giờ 30
    r"|\b\d+(?:[.,]\d+)*\s?(?:%|ngày làm việc|ngày|giờ|tháng|năm|lần|đồng|đ|USD|km|days?|hours?|months?|years?)"
    r"(?!\w)",
    re.IGNORECASE,
)
_MARKUP_RE = re.compile(r"^\s*(?:#+\s*|[-*+]\s+|>\s*|\.\.\s+[\w:-]+::\s*)")  # markdown; RST directives
_ADORNMENT_RE = re.compile(r"^\s*([=\-`:'\"~^_*+#<>.])\1{2,}\s*$")  # RST title under/overlines, rules


def key_numbers(text: str) -> list[str]:
    found: list[str] = []
    for match in _NUMBER_RE.finditer(text):
        value = " ".join(match.group(0).split())
        if value not in found:
            found.append(value)
    return found


def summarize_section(text: str, heading_lines: int, child_titles: list[str]) -> str:
    """``heading_lines``: how many first lines of ``text`` are the heading (0 when it has none)."""
    body_lines = text.split("\n")[heading_lines:]
    prose = [
        _MARKUP_RE.sub("", ln)
        for ln in body_lines
        if ln.strip() and not ln.lstrip().startswith("|") and not _ADORNMENT_RE.match(ln)
    ]
    picked: list[str] = []
    for sentence in sentences("\n".join(prose)):
        picked.append(sentence)
        if sum(len(s) for s in picked) >= SUMMARY_TARGET_CHARS:
            break
    summary = " ".join(picked)
    if len(summary) > 2 * SUMMARY_TARGET_CHARS:
        summary = summary[: 2 * SUMMARY_TARGET_CHARS].rsplit(" ", 1)[0] + " …"
    numbers = [n for n in key_numbers("\n".join(body_lines)) if n not in summary][:MAX_KEY_NUMBERS]
    if numbers:
        summary = f"{summary} [Số liệu: {'; '.join(numbers)}]".strip()
    if not summary and child_titles:
        summary = "Gồm: " + "; ".join(child_titles[:10])
    return summary
