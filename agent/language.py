"""The question's language, the answer's fixed phrases in it, and English concepts read through the lexicon.

An answer is framed in the question's language (quotes stay verbatim in the source's language, marked “…”).
English questions name their concept in English; the bilingual HR lexicon (``indexes/search/hr_lexicon.yaml``)
gives the Vietnamese wordings a passage may use. The tiny reader here is to be replaced by the retrieval
package's lexicon loader once it lands.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import yaml

from indexes.text import fold, has_diacritics, nfc

Language = Literal["vi", "en"]
LEXICON_FILE = Path(__file__).resolve().parent.parent / "indexes" / "search" / "hr_lexicon.yaml"

# Frequent function words: enough to tell an English question from Vietnamese typed without diacritics.
_ENGLISH = frozenset(
    "the a an is are do does did can could will would should may might must i my me we our you your he she it "
    "they what how when where which who why if of to for in on at by with from about after before during "
    "get got have has many much any there this that be been paid pay work day days".split()
)
_VIETNAMESE = frozenset(
    "toi minh em anh chi ban co la gi bao nhieu may khong nhu the nao cua cho va thi se neu ve mot cac "
    "nhung trong duoc hay hoac luc khi dau sao vay a oi ngay thang nam nghi phep lam viec cong ty".split()
)

PHRASES: dict[str, dict[Language, str]] = {
    "according": {"vi": "Theo {title}: ", "en": "According to {title}: "},
    "also": {"vi": "Ngoài ra, {title}: ", "en": "Also, {title}: "},
    "how": {"vi": "Cách tính:", "en": "How it was calculated:"},
    "basis": {"vi": "Căn cứ: {title}: ", "en": "Basis: {title}: "},
    "applied": {"vi": "Quy định áp dụng:", "en": "Rules applied:"},
    "defaults": {
        "vi": "Các tài liệu không nêu {params}; phần này dùng mức mặc định theo luật/thông lệ.",
        "en": "The documents do not state {params}; for this the calculation uses the legal/customary default.",
    },
    "out_of_steps": {
        "vi": "(Đã hết số bước cho phép; trả lời với những gì đã tìm được.)",
        "en": "(Out of steps; answering with what was found.)",
    },
}
REFUSAL: dict[Language, str] = {
    "vi": "Tôi không tìm thấy quy định nào trong tài liệu của công ty trả lời câu hỏi này. "
    "Bạn có thể hỏi bộ phận Nhân sự để được hướng dẫn.",
    "en": "I could not find any rule in the company's documents that answers this question. "
    "Please ask the HR department.",
}
_SEARCHED: dict[Language, str] = {
    "vi": "Đã tìm: “{query}”. Gần nhất (không trả lời câu hỏi): {closest}.",
    "en": "Searched for: “{query}”. Closest (not an answer): {closest}.",
}


def language_of(text: str) -> Language:
    """``vi`` for a question with Vietnamese diacritics or mostly Vietnamese words, else ``en``."""
    if has_diacritics(text) and re.search(r"[^\x00-\x7f–—’‘“”…]", nfc(text)):
        return "vi"
    words = re.findall(r"[a-z]+", fold(text))
    english = sum(w in _ENGLISH for w in words)
    vietnamese = sum(w in _VIETNAMESE and w not in _ENGLISH for w in words)
    return "en" if english > vietnamese else "vi"


def phrase(key: str, lang: Language, **values: str) -> str:
    return PHRASES[key][lang].format(**values)


def refusal(lang: Language, query: str = "", closest: list[str] | None = None) -> str:
    """The refusal in the question's language; with what was searched and the closest sections, if any."""
    text = REFUSAL[lang]
    if query and closest:
        text += "\n" + _SEARCHED[lang].format(query=query.strip(), closest="; ".join(closest))
    return text


@dataclass(frozen=True)
class Concept:
    """One thing a question asks about: the English wording found in it and every wording of the entry."""

    asked: str
    wordings: tuple[str, ...]  # folded, English and Vietnamese


@functools.cache
def _lexicon() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(folded English form, folded wordings of its entry), longest forms first."""
    if not LEXICON_FILE.exists():
        return ()
    data = yaml.safe_load(LEXICON_FILE.read_text(encoding="utf-8")) or {}
    pairs = []
    for entry in data.get("entries", []):
        forms = [_plain(str(f)) for f in entry.get("en", [])]
        wordings = tuple(dict.fromkeys(w for w in forms + [_plain(str(v)) for v in entry.get("vi", [])] if w))
        pairs += [(f, wordings) for f in forms if len(f) > 2]
    return tuple(sorted(pairs, key=lambda p: -len(p[0])))


def _plain(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", fold(text)))


def english_concepts(question: str) -> list[Concept]:
    """The lexicon's concepts an English question names, longest wording first, without overlaps."""
    text = f" {_plain(question)} "
    found: list[Concept] = []
    for form, wordings in _lexicon():
        padded = f" {form} "
        if padded in text:
            found.append(Concept(form, wordings))
            text = text.replace(padded, " # ")
    return found


def covers(concept: Concept, text: str) -> bool:
    """Whether a text states a concept in one of its wordings (folded, on word boundaries)."""
    padded = f" {_plain(text)} "
    return any(f" {w} " in padded for w in concept.wordings)
