"""Query enhancement: legal references in the question and glossary expansions."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from indexes.search.glossary import Glossary
from indexes.search.lexicon import Lexicon, default_lexicon, topic_spans
from indexes.search.title_kinds import question_kinds
from indexes.staff_groups import job_phrase, without_job
from indexes.text import accents_only_in_names, fold, folded_words, has_diacritics, nfc, unquoted

_ARTICLE_RE = re.compile(r"\b(?:dieu|article|art\.?)\s*(\d+[a-z]?)\b")
_CLAUSE_RE = re.compile(r"\b(?:khoan|clause)\s*(\d+)\b")
_POINT_RE = re.compile(r"\b(?:diem|point)\s*([a-zđ])\b")
_CHAPTER_RE = re.compile(r"\b(?:chuong|chapter)\s*([ivxlcdm]+|\d+)\b")
_DECREE_RE = re.compile(
    r"\b(?:Nghị định|Thông tư|Luật|Quyết định|Bộ luật)\s*(?:số\s*)?[\w/.-]*\d[\w/.-]*(?:/[\wĐđ-]+)*",
    re.IGNORECASE,
)


_ARTICLE_TITLE_RE = re.compile(r"^(?:dieu|article)\s+(\d+[a-z]?)\b")
# Function words that tell an English question from a Vietnamese one typed without diacritics (folded).
_ENGLISH_WORDS = frozenset(
    "the a an is are was be been do does did can could should must will would i my me we our you your it its "
    "what which who whom whose when where why how if of to for on in at by with from about into after before "
    "there this that these those have has get paid pay any many much long".split()
)
_VIETNAMESE_WORDS = frozenset(
    "co khong duoc la gi bao nhieu nguoi lao dong thi nao nhu the cua cho va khi neu thoi gian viec lam "
    "bi phai tien luong nghi huong che do dong muc ai sao toi minh em anh chi".split()
)


def vietnamese_gloss(text: str, per_entry: int = 2) -> str:
    """The lexicon's Vietnamese terms for the English terms of ``text`` (each entry's first ``per_entry``), as
    one text: how a passage written in English is read by a Vietnamese question (BM25 terms, the answer's
    checks)."""
    return " ".join(default_lexicon().expansions(text, per_entry=per_entry))


def query_language(text: str) -> str:
    """'vi' or 'en': diacritics mean Vietnamese, unless only a few words carry them (Vietnamese names in an
    English text: "50% off at any Sóng Ngọc hotel", "a trip to Đà Nẵng"); otherwise the kind of function words
    decides (a Vietnamese question typed without accents has "co", "khong", "duoc"; an English one "the", "is").
    Quoted terms say nothing of it (``unquoted``: "Can I borrow after a 'kéo dài thời hạn nâng lương'?")."""
    text = unquoted(text)
    if has_diacritics(text) and not accents_only_in_names(text):
        return "vi"
    words = folded_words(text)
    english = sum(w in _ENGLISH_WORDS for w in words)
    vietnamese = sum(w in _VIETNAMESE_WORDS for w in words)
    return "en" if english > vietnamese else "vi"


def article_number(title_path: list[str]) -> str | None:
    """The number of the article ("Điều 12", "Article 12") a section is in, from its title path: "12"."""
    for title in reversed(title_path):
        match = _ARTICLE_TITLE_RE.match(fold(nfc(title)).strip())
        if match:
            return match.group(1)
    return None


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
    lang: str = "vi"  # the question's language (query_language): picks the fusion weights
    restored: str | None = None  # an accent-less Vietnamese question with its diacritics restored
    kinds: tuple[str, ...] = ()  # the kinds of rule it asks for (title_kinds: "amount", "condition", ...)
    english: tuple[str, ...] = ()  # the lexicon's English terms for a Vietnamese question (English documents)
    staff_groups: tuple[str, ...] = ()  # the documents' staff group of a job the question names ("L3 – …")
    job_words: tuple[str, ...] = ()  # the question's words naming that job, folded ("le", "tan"): no topic
    job_expansions: tuple[str, ...] = ()  # the lexicon's wordings of that job ("receptionist" → "lễ tân")

    def asked(self, text: str) -> str:
        """``text`` (the question, as typed or restored) without the phrase naming the asker's job
        (``job_words``; ``without_job``): who asks is no term to rank by ("buồng phòng" would rank hotel rooms,
        "lễ tân" the staff-group table); the job's group stays among the expansions."""
        return without_job(text, self.job_words, topic_spans)

    @property
    def keyword_text(self) -> str:
        """What keyword search sees: the expanded question without the asker's job (``asked``). The vector
        keeps it: left out there too, dev folds gained nothing and more staff-group tables were cited."""
        text = self.asked(self.text)
        kept = [e for e in self.expansions if e not in self.job_expansions or e in self.staff_groups]
        return f"{text} ({'; '.join(kept)})" if kept else text

    @property
    def vector_text(self) -> str:
        """What the embedder sees: the expanded question, restored when it was typed without accents (e5
        ranks accent-less Vietnamese poorly; BM25 matches folded terms either way). The English terms of a
        Vietnamese question are left out: they would move its vector toward every English passage."""
        own = [t for t in self.expansions if t not in self.english]
        text = self.restored if self.restored is not None else self.text
        return f"{text} ({'; '.join(own)})" if own else text

    @property
    def english_vector_text(self) -> str | None:
        """What the embedder sees to score passages written in English: the question's English terms alone. With
        the Vietnamese question beside them the vector stayed near Vietnamese text, and English passages ranked
        below unrelated Vietnamese ones (dev company 3, Vietnamese questions answered in English documents:
        vector MRR 0.12 → 0.47, hybrid 0.38 → 0.71)."""
        if not self.english:
            return None
        return "; ".join(self.english)


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


def enhance(
    query: str,
    glossary: Glossary,
    lexicon: Lexicon | None = None,
    restored: str | None = None,
    english_documents: bool = False,
    staff_groups: tuple[str, ...] = (),
    job_words: tuple[str, ...] = (),
) -> EnhancedQuery:
    """The question with its glossary expansions, then the lexicon's Vietnamese terms for English terms and
    abbreviations and its legal terms for everyday Vietnamese variants, where the glossary does not know them
    (the glossary wins: a term it matched is not looked up again). ``restored`` (the question with its
    diacritics restored) is where the accented everyday variants are looked up, when given; the glossary
    matches an accent-less question folded, so it reads the question as typed. With ``english_documents`` (some
    of the documents are written in English) a Vietnamese question also gets the lexicon's English terms.
    ``staff_groups`` (the documents' groups of a job the question names, by ``job_words``) are expansions too."""
    text = nfc(query).strip()
    expansions = glossary.expansions(text)
    lexicon = lexicon if lexicon is not None else default_lexicon()
    skip = tuple(glossary.matched_terms(text))
    expansions += [t for t in lexicon.expansions(text, skip) if t not in expansions]
    variants_in = nfc(restored).strip() if restored else text  # variants match with their accents only
    expansions += [t for t in lexicon.canonical_terms(variants_in, skip) if t not in expansions]
    expansions += [g for g in staff_groups if g not in expansions]
    lang = query_language(text)
    english: list[str] = []
    if english_documents and lang == "vi":  # a Vietnamese question over documents written in English
        english = [t for t in lexicon.english_terms(variants_in) if t not in expansions]
        expansions += english
    expanded = f"{text} ({'; '.join(expansions)})" if expansions else text
    job = job_phrase(variants_in, job_words, topic_spans) if job_words else ""
    job_expansions = (
        {*lexicon.expansions(job), *lexicon.canonical_terms(job), *lexicon.english_terms(job)}
        if job
        else set()
    )
    return EnhancedQuery(
        text=text,
        expanded=expanded,
        expansions=expansions,
        refs=parse_refs(text),
        legal_documents=[m.group(0).strip() for m in _DECREE_RE.finditer(text)],
        lang=lang,
        restored=nfc(restored).strip() if restored else None,
        kinds=question_kinds(text),
        english=tuple(english),
        staff_groups=tuple(staff_groups),
        job_words=tuple(job_words),
        job_expansions=tuple(e for e in expansions if e in job_expansions),
    )
