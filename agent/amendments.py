"""Amendments: a unit that amends a clause ("9.2. Sửa đổi khoản 7.3 như sau: …", "Sửa đổi khoản 2 Điều 7")
supersedes the clause it names, so an answer quotes the amendment, not the replaced wording."""

from __future__ import annotations

import re

from indexes.text import fold, nfc

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


# A figure changed by a later rule: "được nâng từ 35.000 đồng/ca lên 40.000 đồng/ca", "increased from 250,000 to
# 320,000" (a changing verb in the same unit; matched with accents: "tăng ca" is overtime, "giám đốc" a director),
# or a table row under "Mức cũ | Mức mới" / "Old rate | New rate".
NUMBER = re.compile(r"\d[\d.,]*\d|\d")
_CHANGE_VERB = re.compile(
    r"(?<!\w)(?:nâng|tăng(?! ca\b)|điều chỉnh|giảm|thay đổi|sửa đổi)(?!\w)"
    r"|\b(?:increas|rais|reduc|chang|adjust|amend|revis)\w*",
    re.IGNORECASE,
)
_FROM_TO = re.compile(
    r"(?<!\w)từ\s+(NUM)(?:\s*[^\s\d|]+)?\s+(?:lên|thành|xuống|còn)\s+(?:mức\s+)?(NUM)"
    r"|\bfrom\s+(?:vnd\s+|usd\s+)?(NUM)(?:\s*[^\s\d|]+)?\s+to\s+(?:vnd\s+|usd\s+)?(NUM)".replace(
        "NUM", NUMBER.pattern
    ),
    re.IGNORECASE,
)
_OLD_HEAD = re.compile(r"(?<!\w)cũ(?!\w)|\b(?:old|previous|former)\b", re.IGNORECASE)
_NEW_HEAD = re.compile(r"(?<!\w)mới(?!\w)|\b(?:new|revised|updated)\b", re.IGNORECASE)


def figure(text: str) -> str:
    """The first number of a text as one figure: "35.000", "35,000" and "35000" are one ("35000"), a decimal
    stays one ("1,5" is "1.5", not "15"); "" when there is none."""
    found = NUMBER.search(text)
    if not found:
        return ""
    number = found.group(0)
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", number):  # thousands separators
        return re.sub(r"\D", "", number)
    return number.replace(",", ".")


def changed_figures(text: str) -> list[tuple[str, str]]:
    """(old, new) figures a unit changes: a "from X to Y" with a changing verb, or a table row ("header … row")
    whose header has an old and a new column."""
    text = nfc(text)
    pairs = []
    if _CHANGE_VERB.search(text):
        for m in _FROM_TO.finditer(text):
            old, new = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            pairs.append((figure(old), figure(new)))
    if " … " in text and "|" in text:
        header, row = text.split(" … ", 1)
        heads = header.split("|")
        cells = [c.strip() for c in row.split("|")]
        old = next((i for i, h in enumerate(heads) if _OLD_HEAD.search(h)), None)
        new = next((i for i, h in enumerate(heads) if _NEW_HEAD.search(h) and not _OLD_HEAD.search(h)), None)
        if old is not None and new is not None and max(old, new) < len(cells):
            pairs.append((figure(cells[old]), figure(cells[new])))
    return [(o, n) for o, n in pairs if o and n and o != n]
