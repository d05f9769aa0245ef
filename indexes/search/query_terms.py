"""Query enhancement: legal references in the question and glossary expansions."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from indexes.search.glossary import Glossary
from indexes.text import fold, nfc

_ARTICLE_RE = re.compile(r"\b(?:dieu|article|art\.?)\s*(\d+[a-z]?)\b")
_CLAUSE_RE = re.compile(r"\b(?:khoan|clause)\s*(\d+)\b")
_POINT_RE = re.compile(r"\b(?:diem|point)\s*([a-zđ])\b")
_CHAPTER_RE = re.compile(r"\b(?:chuong|chapter)\s*([ivxlcdm]+|\d+)\b")
_DECREE_RE = re.compile(
    r"\b(?:Nghị định|Thông tư|Luật|Quyết định|Bộ luật)\s*(?:số\s*)?[\w/.-]*\d[\w/.-]*(?:/[\wĐđ-]+)*",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class LegalRef:
    article: str | None = None  # "7"
    clause: str | None = None  # "2"
    point: str | None = None  # "a"
    chapter: str | None = None  # "ii"


@dataclass(frozen=True)
class EnhancedQuery:
    text: str  # the original question, NFC
    expanded: str  # question + glossary expansions (what lexical and vector search see)
    expansions: list[str] = field(default_factory=list)
    refs: list[LegalRef] = field(default_factory=list)
    legal_documents: list[str] = field(default_factory=list)  # "Nghị định 145/2020/NĐ-CP"


def parse_refs(text: str) -> list[LegalRef]:
    """Article references in order: "Điều 7 khoản 2 điểm a" -> LegalRef("7", "2", "a")."""
    folded = fold(nfc(text))
    refs = []
    matches = list(_ARTICLE_RE.finditer(folded))
    for i, match in enumerate(matches):
        tail = folded[match.end() : matches[i + 1].start() if i + 1 < len(matches) else len(folded)]
        head = "" if i else folded[: match.start()][-30:]  # "khoản 2 Điều 7"
        clause = _CLAUSE_RE.search(tail) or _CLAUSE_RE.search(head)
        point = _POINT_RE.search(tail) or _POINT_RE.search(head)
        refs.append(
            LegalRef(match.group(1), clause.group(1) if clause else None, point.group(1) if point else None)
        )
    if not refs:
        chapter = _CHAPTER_RE.search(folded)
        if chapter:
            refs.append(LegalRef(chapter=chapter.group(1)))
    return refs


def enhance(query: str, glossary: Glossary) -> EnhancedQuery:
    text = nfc(query).strip()
    expansions = glossary.expansions(text)
    expanded = f"{text} ({'; '.join(expansions)})" if expansions else text
    return EnhancedQuery(
        text=text,
        expanded=expanded,
        expansions=expansions,
        refs=parse_refs(text),
        legal_documents=[m.group(0).strip() for m in _DECREE_RE.finditer(text)],
    )
