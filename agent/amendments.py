"""Amendments: a unit that amends a clause ("9.2. Sửa đổi khoản 7.3 như sau: …", "Sửa đổi khoản 2 Điều 7")
supersedes the clause it names, so an answer quotes the amendment, not the replaced wording."""

from __future__ import annotations

import re

from indexes.text import fold

_AMENDS_RE = re.compile(
    r"\b(?:sua doi|thay the|dieu chinh|amend(?:ed|s|ing)?|replac(?:e|ed|es|ing))\b[^.:;]{0,20}?"
    r"\b(?:khoan|diem|muc|dieu|clause|section|article|paragraph)\s+(\d+(?:\.\d+)*)"
    r"(?:\s*(?:cua\s+)?(?:dieu|article)\s+(\d+))?"
)
_LEADING_NUMBER_RE = re.compile(r"^\s*(\d+(?:\.\d+)*)[.)]?\s")
_ARTICLE_RE = re.compile(r"^\s*(?:dieu|article)\s+(\d+)\b")


def clause_number(text: str, title: str) -> str | None:
    """A clause's number from its leading numbering, qualified by its article's number when the title has
    one ("3. …" under "Điều 7. …" is "7.3"; "7.3. …" is "7.3")."""
    lead = _LEADING_NUMBER_RE.match(fold(text))
    if not lead:
        return None
    number = lead.group(1)
    article = _ARTICLE_RE.match(fold(title))
    return f"{article.group(1)}.{number}" if article and "." not in number else number


def amended_clause(text: str) -> str | None:
    """The clause a unit amends ("Sửa đổi khoản 2 Điều 7" -> "7.2"; "Sửa đổi khoản 7.3" -> "7.3")."""
    found = _AMENDS_RE.search(fold(text))
    if not found:
        return None
    clause, article = found.groups()
    return f"{article}.{clause}" if article else clause
