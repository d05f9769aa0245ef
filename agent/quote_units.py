"""Which units of the evidence an answer quotes: units ranked against the question (its words, its section
titles, the kind of quantity it asks for; scope articles and worked examples weigh less), a list brought with the
sentence that introduces it, a small table quoted whole, and an amended clause replaced by its amendment."""

from __future__ import annotations

import math
import re

from agent.amendments import NUMBER, amended_clause, changed_figures, clause_number, figure
from agent.evidence import Passage, gloss, headings_above
from agent.kinship import asked_relative, subject_relative
from agent.language import english_concepts, stemmed
from agent.question import WHAT_TIME, percentages
from agent.terms import Terms, words_of
from indexes.ranges import holds_stated, matching_rows, situation_quantities, stated_quantities
from indexes.search.query_terms import query_language
from indexes.search.retrieval import GLOBAL
from indexes.search.title_kinds import defines_terms, question_kinds
from indexes.spans import Unit, display, quote_of, split_units
from indexes.staff_groups import naming
from indexes.text import fold, has_diacritics
from indexes.year_periods import asked_times, holds_asked_time

_CLIP_RE = re.compile(r"\s*… \[đã cắt \d+ ký tự[^\]]*\]")
_NUMBER_RE = re.compile(r"\d")

MAX_LIST_ITEMS = 6
MAX_TABLE_ROWS = 8  # a table this small is quoted whole when the question names none of its rows
# A regulation's scope article ("Phạm vi điều chỉnh": "this regulation covers conditions, amounts, interest,
# terms ...") names every topic and states no rule: quoted only when nothing else matches nearly as well.
_SCOPE_RE = re.compile(r"pham vi dieu chinh|doi tuong ap dung|\bscope\b")
# So is a definitions section ("Điều 2. Giải thích từ ngữ", "1.2 Definitions", "Words we use", ``defines_terms``) and
# each term's own section under it: they name the terms the rules use and state none of them, unless the question
# asks what a term means.
# So is the article that puts a regulation in force ("Điều 7. Hiệu lực", "Điều khoản thi hành", "Tổ chức thực
# hiện", "Effective date"): every regulation ends with one, and it answers only a question about when it applies
_EFFECT_RE = re.compile(
    r"(?:(?:dieu|muc|chuong|phan|article|section|part)\s+)?[\divxlc.]*\s*[.:)–-]?\s*"
    r"(?:hieu luc(?: thi hanh)?|dieu khoan thi hanh|to chuc thuc hien|effective date|entry into force|effect)\s*"
)
_ASKS_EFFECT = re.compile(
    r"\b(?:hieu luc|ap dung tu|effective|in force|into force|come into effect|takes effect)\b"
)
SCOPE_WEIGHT = 0.5
# A worked example ("Ví dụ", "Worked example") illustrates a rule with one person's numbers: the rule itself is
# quoted unless the example matches far better.
_EXAMPLE_RE = re.compile(r"^(?:[\d.]+\s*)?(?:vi du|minh hoa|(?:worked )?examples?|e\.g\.)\b")
EXAMPLE_WEIGHT = 0.5
# A tenant's own regulation applies before the national law shared with every tenant (the global scope): when both
# speak to a question, the company's unit is quoted unless the law's matches far better. Measured with the four
# dev companies each asked as a tenant over the real-law texts as global (0.3–0.7 gave the same answers).
SHARED_SCOPE_WEIGHT = 0.5
# A Vietnamese question's units in English (reached through their gloss) weigh this much beside units in Vietnamese:
# where a company states a rule in both (an English summary of its Nội quy, a bilingual article), the asker reads
# the Vietnamese text; an English unit still answers when it holds the rule alone
OTHER_LANGUAGE_WEIGHT = 0.6

# beside a unit about the relative the asker names ("my parents": "Người thân khác (cha mẹ, …)"), a sibling unit
# about another relative that names them in passing ("Con dưới 05 tuổi đi cùng bố mẹ") weighs this much less
RELATIVE_WEIGHT = 1.5
TITLE_WEIGHT = 1.0  # a section title's words count for each of its units (a unit rarely repeats its title)
ABOVE_WEIGHT = 0.5  # ... and the headings above it (its chapter, its part) half as much: they are broader


def split_text(passage: Passage) -> str:
    """A passage's text as its units are split from: clip notes of the tools dropped."""
    return _CLIP_RE.sub("", passage.text)


def passage_units(passage: Passage) -> list[Unit]:
    """The quotable units of a passage's text (clip notes of the tools dropped first)."""
    return split_units(split_text(passage))


ScoredUnit = tuple[float, Passage, int, str]  # a unit's score, its passage, its index there, its text


def unit_index(passage: Passage, text: str) -> int | None:
    """The index of the unit of a passage that reads ``text`` (a unit found in another copy of its section)."""
    return next((i for i, u in enumerate(passage_units(passage)) if u.text == text), None)


def rank_units(passages: list[Passage], terms: Terms, quantity: bool) -> list[ScoredUnit]:
    sections = [p for p in passages if ":" in p.node_id]
    if sections:  # a document's preamble ("Căn cứ ...; ban hành ... như sau") answers nothing itself
        passages = sections
    units_of = [(p, passage_units(p)) for p in passages]
    split = [(p, i, u.text, u.context) for p, units in units_of for i, u in enumerate(units)]
    candidates = [(p, i, u) for p, i, u, _ in split]
    rows = {(id(p), i) for p, units in units_of for i, u in enumerate(units) if u.kind == "row"}
    if not candidates:
        return []
    # sorted: a float sum in a fixed order, so near-equal units rank alike whatever the process's hash seed
    all_terms = sorted(terms.scoring | terms.words | terms.extra_words | terms.bigrams | terms.extra_bigrams)
    # a unit in English is scored with its gloss too: a Vietnamese question's words reach it through the lexicon
    # (an English question's own words do; its Vietnamese expansions would favour units by their gloss alone)
    vietnamese = query_language(terms.question) == "vi"
    glossing = gloss if vietnamese else lambda _: ""
    padded_units = [
        f" {' '.join(words_of(f'{u} {c} {glossing(u)}', terms.accented))} " for _, _, u, c in split
    ]
    df = {t: sum(1 for pu in padded_units if f" {t} " in pu) for t in all_terms}
    idf = {t: math.log(1 + len(candidates) / (1 + df[t])) for t in all_terms}
    scored = []
    asked_kinds = quantity_kinds(terms.question)
    stated = stated_quantities(terms.question)
    situation = situation_quantities(terms.question)
    times = asked_times(terms.question)
    measure = asked_measure(terms.question)
    period = asked_period(terms.question) if quantity else None
    asks_meaning = "definition" in question_kinds(terms.question)  # "là gì?": the definitions article answers
    # "hiệu lực từ khi nào?": the article putting the regulation in force answers
    asks_effect = bool(_ASKS_EFFECT.search(fold(terms.question)))
    in_range: dict[int, set[int]] = {}  # per passage, the rows holding the stated quantity
    quoted = _quoting(terms.question, [u for _, _, u in candidates])
    # a document's scope, as its search hits say: the asker's company, or "global" (national law)
    scopes = {p.doc_id: p.scope for p in passages if p.scope}
    own = any(scope != GLOBAL for scope in scopes.values())
    written = {id(p): query_language(f"{p.title}\n{p.text}") for p in passages}
    languages = [_unit_language(u, written[id(p)]) for p, _, u in candidates]
    both_languages = len(set(languages)) > 1
    # an English question over units in both languages: a concept an English unit states in English is worth what
    # the Vietnamese units' wording of it is worth ("approval" as much as "phê duyệt", its syllables and their pair)
    parities = (
        _parities(terms.question, padded_units, languages, idf) if both_languages and not vietnamese else []
    )
    relative = asked_relative(terms.question)
    # the passages with a rule about the relative asked ("Người thân khác (cha mẹ, …)"): their rules about other
    # relatives ("Con dưới 05 tuổi đi cùng bố mẹ") are siblings that do not answer
    subjects = (
        {(id(p), i): subject_relative(u.text) for p, units in units_of for i, u in enumerate(units)}
        if relative
        else {}
    )
    about_asked = {key[0] for key, about in subjects.items() if about == relative}
    for (p, i, unit), padded, language in zip(candidates, padded_units, languages, strict=True):
        title = f" {' '.join(words_of(f'{p.title} {glossing(p.title)}', terms.accented))} "
        above = f" {' '.join(words_of(headings_above(p), terms.accented))} "
        score = sum(idf[t] * (2 if " " in t else 1) for t in all_terms if f" {t} " in padded)
        score += sum(
            idf[t] * (TITLE_WEIGHT if f" {t} " in title else ABOVE_WEIGHT)
            for t in all_terms
            if (f" {t} " in title or f" {t} " in above) and f" {t} " not in padded
        )
        if language == "en":
            score += sum(parity.bonus(padded, idf) for parity in parities)
        if score <= 0:
            continue
        # "when" is answered by a date, a weekday, a deadline or "the first day", in figures or not
        if (quantity and _NUMBER_RE.search(unit)) or ("when" in asked_kinds and _states_kind("when", unit)):
            score *= _quantity_weight(asked_kinds, unit, measure)
            if period and _PERIOD_STATED[period].search(fold(unit)):  # "300 giờ trong 01 năm" for "mỗi năm"
                score *= PERIOD_WEIGHT
        if stated and id(p) not in in_range:
            in_range[id(p)] = _rows_in_range(p, terms.question)
        if stated and i in in_range[id(p)]:
            score *= RANGE_WEIGHT
        elif situation and (id(p), i) not in rows and holds_stated(unit, situation):
            # "Không áp dụng thử việc đối với HĐLĐ dưới 01 tháng" for "a 3-week contract"
            score *= CONDITION_WEIGHT
        if quoted & percentages(unit):  # "Is the 300% all I get?": the unit stating that 300%
            score *= QUOTED_SHARE_WEIGHT
        if times and holds_asked_time(unit, times):  # "1 September to 15 December" holds "late October"
            score *= SEASON_WEIGHT
        title_folded = fold(p.title).strip()
        if (
            _SCOPE_RE.search(title_folded)
            or (not asks_meaning and any(defines_terms(t) for t in [*p.title_path, p.title]))
            or (not asks_effect and _EFFECT_RE.fullmatch(title_folded))
        ):
            score *= SCOPE_WEIGHT
        if is_example(p, unit):
            score *= EXAMPLE_WEIGHT
        if id(p) in about_asked and subjects[(id(p), i)] not in (None, relative):
            score /= RELATIVE_WEIGHT  # a sibling rule about another relative than the one asked about
        if own and scopes.get(p.doc_id) == GLOBAL:
            score *= SHARED_SCOPE_WEIGHT  # the company's own rule before the law, when both speak
        if both_languages and vietnamese and language == "en":
            score *= OTHER_LANGUAGE_WEIGHT
        prior = 1.0 / (1 + p.rank) + (
            0.3 if p.tool in ("lookup_article", "lookup_rules", "expand_node") else 0.0
        )
        scored.append((score * (1 + 0.5 * prior), p, i, unit))
    return sorted(scored, key=lambda x: -x[0])


def _worth(words: list[str], idf: dict[str, float]) -> float:
    """What a unit stating these words in a row earns: each ranking word once, each pair of them twice."""
    pairs = [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)]
    return sum(idf.get(w, 0.0) for w in words) + sum(2 * idf.get(b, 0.0) for b in pairs)


class _Parity:
    """One concept of an English question (an HR topic or general vocabulary: "approved" is "phê duyệt"), as
    English units stating it are scored beside Vietnamese ones: a Vietnamese wording counts each of its syllables
    and their pairs, an English one its few words."""

    def __init__(self, english: list[list[str]], vietnamese: list[str], worth: float) -> None:
        self.english = english  # the concept's English wordings, words stemmed
        self.vietnamese = vietnamese  # its Vietnamese wordings, folded and stemmed
        self.worth = worth  # what the best Vietnamese wording that a unit states earns

    def bonus(self, padded: str, idf: dict[str, float]) -> float:
        if any(f" {v} " in padded for v in self.vietnamese):
            return 0.0  # a bilingual unit: its Vietnamese wording already counts
        stated = [_worth(w, idf) for w in self.english if f" {' '.join(w)} " in padded]
        return max(0.0, self.worth - max(stated)) if stated else 0.0  # topped up from its best wording


def _parities(
    question: str, padded_units: list[str], languages: list[str], idf: dict[str, float]
) -> list[_Parity]:
    """Each concept of an English question (``english_concepts``) that some Vietnamese unit states in one of its
    Vietnamese wordings, with what the best of those earns (``_worth``)."""
    vietnamese_units = [pu for pu, language in zip(padded_units, languages, strict=True) if language == "vi"]
    out = []
    for concept in english_concepts(question):
        own = {stemmed(v) for v in concept.vietnamese}
        stated = [v for v in own if v and any(f" {v} " in pu for pu in vietnamese_units)]
        english = [w.split() for w in dict.fromkeys((concept.asked, *concept.wordings)) if w and w not in own]
        if stated and english:
            out.append(_Parity(english, sorted(own), max(_worth(v.split(), idf) for v in stated)))
    return out


def _unit_language(unit: str, passage_language: str) -> str:
    """A unit's language (an article may be bilingual), or its passage's when it has no accent: a short English
    unit ("Wedding: 3 days") has no English function word to tell."""
    english = query_language(unit) == "en" or (not has_diacritics(unit) and passage_language == "en")
    return "en" if english else "vi"


# The kind of quantity a question asks for (folded question) and how a unit states one (folded unit): "bao lâu"
# wants a duration, "bao nhiêu phần trăm" a percentage, "lúc mấy giờ" a time of day, "bao nhiêu tiền" an amount.
_DURATION = (
    r"\d+\s*(?:(?:working|calendar|business|consecutive|full|extra)\s+)?"  # "6 working days"
    r"(?:ngay|thang|nam|tuan|gio|phut|days?|months?|years?|weeks?|hours?|minutes?)\b"
)
_HOUR = r"(?:[01]?\d|2[0-3])"  # an hour of the day
# what follows an hour that counts hours rather than naming one ("từ 02 giờ trở lên", "sau 4 giờ làm việc")
_COUNTED = r"tro len|tro xuong|lien tuc|lam viec|dau|moi|trong|ke tu|di lai|/"
QUANTITY_KINDS: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "duration": (
        re.compile(
            r"\b(?:bao lau|trong vong bao nhieu|how long|how many (?:days|months|years|weeks|hours)|"
            r"(?:may|bao nhieu) (?:ngay|thang|nam|tuan|gio))\b"
        ),
        re.compile(_DURATION),
    ),
    "percent": (re.compile(r"\b(?:phan tram|percent|percentage|ty le)\b|%"), re.compile(r"\d\s*%")),
    "time_of_day": (
        re.compile(rf"\b(?:luc may gio|may gio|gio nao)\b|{WHAT_TIME}"),
        # a clock time (an hour of the day, 0–23): with minutes ("07:30", "7h30", "07 giờ 30", not "8 giờ 30 phút"
        # of work), am/pm (not "10/3 âm lịch", the lunar calendar), a part of the day ("5 giờ chiều"), a range ("8
        # giờ – 17 giờ", "6h - 14h", not "8 giờ – 9 giờ/ngày"), a day's deadline ("17h ngày 25"), or after "từ",
        # "lúc", "sau", "trước", "vào" ("kết thúc sau 22 giờ"), unless it counts hours: "từ 02 giờ trở lên", "sau 4
        # giờ làm việc", "trước 24 giờ", "không quá 04 giờ" and "đến 12 giờ/ngày" are durations
        re.compile(
            rf"\b{_HOUR}\s*(?::|h)\s*\d{{2}}\b|\b{_HOUR}\s*gio\s*\d{{2}}\b(?!\s*phut)"
            rf"|\b{_HOUR}\s*(?:am|pm|a\.m\.?|p\.m\.?)(?!\w)(?!\s*lich)"
            rf"|\b{_HOUR}\s*gio\s*(?:sang|chieu|toi|trua|dem)\b"
            rf"|\b{_HOUR}\s*(?:gio|h)\s*[-–]\s*{_HOUR}\s*(?:gio|h)\b(?!\s*/)|\b{_HOUR}h\s+ngay\b"
            rf"|\b(?:tu|luc|sau|truoc|vao)\s+{_HOUR}\s*(?:gio|h)\b(?!\s*(?:{_COUNTED}))"
        ),
    ),
    # "khi nào", "hạn chót", "When is …?", "by when": a date or a weekday, a deadline counted from an event, a clock
    # time. Not "chưa bao giờ" (never), "bất cứ lúc nào" (any time), "ngày nào cũng" (every day), nor a "when"
    # clause ("When I get married, how many days …?")
    "when": (
        re.compile(
            r"(?<!chua )(?<!khong )(?<!bat cu )(?<!bat ky )\b(?:khi nao|bao gio|luc nao)\b"
            r"|\b(?:ngay nao|hom nao|thoi diem nao|thang nao)\b(?! cung)|\b(?:han chot|han cuoi)\b"
            r"|\b(?:what date|which date|what day|which day|by when|until when|deadline|due date|cut-off date)\b"
            r"|(?:^|[.?!,;:]\s*|\band\s+)when(?:'s|\s+(?:is|are|was|do|does|did|will|would|can|could|should|must"
            r"|shall|has|have))\b"
        ),
        re.compile(
            # a day of the month (not "ngày 8 giờ", 8 hours a day), a date with its day ("ngày 15/5", "trước 31/3",
            # "15/5/2026", not the fraction "1/2 lương"), a month (not "tháng 13", the 13th-month salary), "5th"
            r"\bngay\s+(?:0?[1-9]|[12]\d|3[01])\b(?!\s*(?:gio|h\b|tieng|phut|ngay|thang|nam|%))"
            r"|\b(?:ngay|truoc|den|tu|vao|sau|het|by|before|until|from|on)\s+(?:0?[1-9]|[12]\d|3[01])/(?:0?[1-9]|1[0-2])\b"
            r"|\b(?:0?[1-9]|[12]\d|3[01])/(?:0?[1-9]|1[0-2])/\d{2,4}\b"
            r"|\bthang\s+(?:0?[1-9]|1[0-2])\b(?!\s*(?:luong|thang))|\b(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?![- ]month)"
            # a weekday: in English, or in Vietnamese after a word that dates it ("vào thứ Sáu", not "con thứ ba")
            r"|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july"
            r"|august|september|october|november|december)\b"
            r"|\b(?:vao|moi|hang|tu|den|ngay|truoc|sau)\s+(?:thu\s+(?:hai|ba|tu|nam|sau|bay)|chu\s+nhat)\b"
            # a time counted from an event ("chậm nhất 03 ngày trước khi", "within 5 days"), not a length alone
            rf"|\b(?:truoc|sau|ke tu|trong vong|cham nhat|within|before|after|no later than)\s+(?:\w+\s+){{0,2}}{_DURATION}"
            rf"|{_DURATION}(?:\s+\w+){{0,2}}\s+(?:truoc|sau|ke tu|before|after|from)\b|\b{_HOUR}\s*(?::|h)\s*\d{{2}}\b"
            r"|\bngay\s+(?:thu\s+(?:nhat|hai|ba)|dau\s+tien|cuoi\s+cung)\b|\b(?:first|last)\s+(?:working\s+)?day\b"
        ),
    ),
    # how long before something it must be done ("how many days ahead", "báo trước bao lâu", "trước mấy ngày"):
    # a length counted back from the event ("trước ít nhất 03 ngày làm việc", "3 working days in advance")
    "lead_time": (
        re.compile(
            r"\b(?:how (?:many|much) (?:\w+ )?(?:ahead|in advance|beforehand)|how far (?:ahead|in advance)"
            r"|how (?:long|many \w+) before|(?:bao nhieu|may) (?:ngay|tuan|thang)(?: \w+)? truoc"
            r"|truoc (?:bao nhieu|may) (?:ngay|tuan|thang)|truoc bao lau|bao truoc bao lau)\b"
        ),
        re.compile(
            rf"\b(?:truoc|som hon|cham nhat|before|in advance|ahead)\s+(?:\w+\s+){{0,2}}{_DURATION}"
            rf"|{_DURATION}(?:\s+\w+){{0,2}}\s+(?:truoc|before|in advance|ahead|beforehand)\b"
            # a notice period, its length after it ("Thời hạn báo trước tối thiểu … HĐLĐ … | 45 ngày")
            rf"|\b(?:bao truoc|notice)\b[^.;]{{0,60}}?{_DURATION}"
        ),
    ),
    "amount": (
        re.compile(r"\b(?:bao nhieu tien|so tien|muc tien|how much|what amount)\b"),
        re.compile(
            r"\d[\d.,]*\s*(?:dong|d\b|vnd|usd|jpy|yen|eur|euro|sgd|krw|trieu|ty|nghin|million)\b"
            r"|\b(?:vnd|usd|jpy|eur|sgd|krw)\s*\d|[$¥€]\s*\d"
        ),
    ),
}
# "mấy giờ" is a clock time or a number of hours; from, until or at one ("từ mấy giờ đến mấy giờ", "lúc mấy giờ",
# "what time") it is a clock time only
_CLOCK_ASKED = re.compile(
    rf"\b(?:tu|den|luc|vao|toi|truoc) may gio\b|\bmay gio (?:sang|chieu|toi)\b|{WHAT_TIME}"
)


def quantity_kinds(question: str) -> list[str]:
    """The kinds of quantity a (folded) question asks for, in table order."""
    kinds = [kind for kind, (asks, _) in QUANTITY_KINDS.items() if asks.search(question)]
    if "time_of_day" in kinds and _CLOCK_ASKED.search(question):
        kinds = [k for k in kinds if k != "duration"]
    return kinds


QUANTITY_WEIGHT = 1.3  # a unit stating a number, when the question asks "how much / how many"
ASKED_KIND_WEIGHT = 1.6  # ... a number of the kind asked ("60 ngày" for "bao lâu")
PERIOD_WEIGHT = 1.3  # ... a figure per the period asked ("300 giờ/năm" for "mỗi năm")


def _quantity_weight(kinds: list[str], unit: str, measure: str | None = None) -> float:
    if not kinds:
        return QUANTITY_WEIGHT
    if "lead_time" in kinds:  # "how many days ahead": a length before the event, more than any length
        if _states_kind("lead_time", unit):
            return ASKED_KIND_WEIGHT
        return QUANTITY_WEIGHT if any(_states_kind(k, unit) for k in kinds) else 1.0
    if measure and kinds == ["duration"]:  # "bao nhiêu ngày": days, not "44 giờ/tuần"
        return ASKED_KIND_WEIGHT if _MEASURE_STATED[measure].search(fold(unit)) else 1.0
    return ASKED_KIND_WEIGHT if any(_states_kind(k, unit) for k in kinds) else 1.0


# the measure a length is asked in ("mấy ngày", "how many hours") and how a unit states one ("12 ngày làm việc")
_MEASURES = {
    "days": "ngay|days?",
    "weeks": "tuan|weeks?",
    "months": "thang|months?",
    "years": "nam|years?",
    "hours": "gio|tieng|hours?",
}
_MEASURE_ASKED = re.compile(
    r"\b(?:may|bao nhieu|how many)\s+(?:(?:working|calendar|full)\s+)?("
    + "|".join(_MEASURES.values())
    + r")\b"
)
_MEASURE_STATED = {
    m: re.compile(rf"\d+\s*(?:(?:working|calendar|business|consecutive|full|extra)\s+)?(?:{words})\b")
    for m, words in _MEASURES.items()
}


# the period a quantity is asked per ("mỗi năm", "a month", "per week") and how a unit states a figure per period
# ("300 giờ trong 01 năm", "40 giờ/tháng", "12 days a year")
_PERIODS = {"year": ("nam", "years?"), "month": ("thang", "months?"), "week": ("tuan", "weeks?")}
# a period asked: "mỗi năm", "hằng tháng", "trong 1 năm", "a year", "per month" (not "một tháng lương", a month's
# salary, nor "ạ tháng này" folded to "a thang")
_PERIOD_ASKED = re.compile(
    r"\b(?:(?:moi|hang|mot|trong (?:01|1|mot))\s+("
    + "|".join(vi for vi, _ in _PERIODS.values())
    + r")\b(?! luong)"
    r"|(?:per|a|an|each|every|in a)\s+(" + "|".join(en for _, en in _PERIODS.values()) + r")\b)"
)
_PERIOD_STATED = {
    p: re.compile(
        rf"\d\s*(?:\w+\s*)?/\s*(?:{vi}|{en})\b"
        rf"|\b(?:(?:moi|hang|mot|trong (?:01|1|mot))\s+{vi}|(?:per|a|an|each|every|in a)\s+{en})\b"
    )
    for p, (vi, en) in _PERIODS.items()
}


def asked_period(question: str) -> str | None:
    """The period a question asks a quantity per ("tăng ca tối đa mỗi năm" → year), when it names one."""
    found = _PERIOD_ASKED.search(fold(question))
    if not found:
        return None
    word = found.group(1) or found.group(2)
    return next(p for p, (vi, en) in _PERIODS.items() if re.fullmatch(f"{vi}|{en}", word))


def asked_measure(question: str) -> str | None:
    """The measure a question asks a length in ("bao nhiêu ngày" → days), when it names one."""
    found = _MEASURE_ASKED.search(fold(question))
    if not found:
        return None
    return next(m for m, words in _MEASURES.items() if re.fullmatch(words, found.group(1)))


def states_asked_kind(kinds: list[str], unit: str) -> bool:
    """Whether a unit states a figure in digits of one of the ``kinds`` a question asks for (``quantity_kinds``)."""
    return any(_states_kind(k, unit) for k in kinds)


def _states_kind(kind: str, unit: str) -> bool:
    """Whether a unit states a figure of this kind; a table row's amounts may carry their currency in the header
    ("Mức hỗ trợ (đồng/người/năm) … | 5.000.000": "đồng" with its accents, not the "động" of "lao động")."""
    if QUANTITY_KINDS[kind][1].search(fold(unit)):
        return True
    return kind == "amount" and bool(_CURRENCY_RE.search(unit.lower()) and _GROUPED_RE.search(unit))


_CURRENCY_RE = re.compile(r"(?<!\w)(?:đồng|vnd|usd)(?!\w)")
_GROUPED_RE = re.compile(r"\b\d{1,3}(?:[.,]\d{3})+\b")
RANGE_WEIGHT = 3.0  # a table row whose key's range holds the quantity the asker states ("5 năm")
# a sentence or list item whose condition holds the quantity the asker states ("nghỉ từ 05 ngày trở lên" for "7 ngày")
CONDITION_WEIGHT = 2.0
SEASON_WEIGHT = (
    3.0  # a unit whose period of the year holds the month or date asked ("1 September – 15 December")
)


# a unit stating a percentage the question quotes from the rules, when at most QUOTED_SHARE_UNITS units state it
QUOTED_SHARE_WEIGHT = 3.0
QUOTED_SHARE_UNITS = 2


def _quoting(question: str, units: list[str]) -> set[str]:
    """The percentages the question states that only a few of the candidate units state: what it quotes."""
    stated = [percentages(u) for u in units]
    return {s for s in percentages(question) if 0 < sum(s in u for u in stated) <= QUOTED_SHARE_UNITS}


def _rows_in_range(passage: Passage, question: str) -> set[int]:
    """The units of a passage that are rows of a table keyed by ranges whose range holds the quantity the question
    states (``matching_rows``), each table read once."""
    units = passage_units(passage)
    text = split_text(passage)
    tables: dict[tuple[int, int], list[int]] = {}
    for j, unit in enumerate(units):
        if unit.kind == "row":
            tables.setdefault((unit.spans[0].start, unit.spans[0].end), []).append(
                j
            )  # rows share the header span
    return {
        rows[k] for rows in tables.values() for k in matching_rows(_row_keys(units, rows, text), question)
    }


def is_example(passage: Passage, unit: str) -> bool:
    return bool(_EXAMPLE_RE.search(fold(passage.title).strip()) or _EXAMPLE_RE.search(fold(unit).strip()))


def quote_units(passage: Passage, picked: list[int]) -> str:
    """The picked units of a passage as one quote: spans of its text, " … " where text is skipped."""
    units = passage_units(passage)
    text = split_text(passage)
    spans = [s for i in sorted(set(picked)) for s in units[i].spans]
    return quote_of(text, spans)


def amendment_of(passage: Passage, index: int, passages: list[Passage]) -> tuple[Passage, int] | None:
    """The unit of the evidence that amends the clause ``passage``'s unit ``index`` states, if any."""
    number = clause_number(passage_units(passage)[index].text, passage.title)
    if number is None:
        return None
    for other in passages:
        for i, unit in enumerate(passage_units(other)):
            if amended_clause(unit.text) == number:
                return other, i
    return None


# the words of a figure's topic, for telling a change of the same rule from a change of another with the same amount
_HEADS = frozenset(
    "phu cap tro cap ho tro muc tien dong ngay thang nam allowance rate amount vnd per day month".split()
)


def _topic_pairs(text: str) -> set[str]:
    # codes name things too ("JLPT N2", "L3"); numbers are the figures themselves, and a unit glued to one is no
    # code ("500.000đ/tháng": "000d")
    words = [w for w in re.findall(r"[a-z][a-z0-9]*", fold(text)) if len(w) > 1]
    return {f"{a} {b}" for a, b in zip(words, words[1:], strict=False) if not {a, b} <= _HEADS}


def update_of(passage: Passage, picked: list[int], passages: list[Passage]) -> tuple[Passage, int] | None:
    """A unit of the evidence that changes an amount the picked units state ("nâng từ 35.000 đồng/ca lên
    40.000 đồng/ca", a "Mức cũ | Mức mới" row) and names the same thing (a word pair besides "phụ cấp", "mức"):
    the amount quoted is no longer the rule. Amounts only (three digits or more): a day count or a date is no
    figure a notice changes. A figure quoted from a table row changes only where the change names the row ("cấp
    L1 – L2" is no change of the L5 row's 450.000)."""
    units = passage_units(passage)
    quoted_text = " ".join(units[i].text for i in picked)
    quoted = {figure(m.group(0)) for m in NUMBER.finditer(quoted_text)}
    pairs = _topic_pairs(quoted_text)
    text = split_text(passage)
    # a figure of a table row belongs to the row's own first cell ("L5 | 450.000 | …"): a change must name it
    rows: dict[str, list[set[str]]] = {}
    for i in picked:
        if units[i].kind == "row":
            own = text[units[i].spans[-1].start : units[i].spans[-1].end]
            first = set(re.findall(r"\w+", fold(own.strip().strip("|").split("|")[0])))
            for m in NUMBER.finditer(display(own)):
                rows.setdefault(figure(m.group(0)), []).append(first)
    for other in passages:
        for i, unit in enumerate(passage_units(other)):
            if other is passage and i in picked:
                continue
            changes = [(o, n) for o, n in changed_figures(unit.text) if len(o.split(".")[0]) >= 3]
            words = set(re.findall(r"\w+", fold(unit.text)))
            if any(
                o in quoted and n not in quoted and any(_names_row(f, words) for f in rows.get(o, [set()]))
                for o, n in changes
            ) and pairs & _topic_pairs(unit.text):
                return other, i
    return None


def _names_row(first: set[str], words: set[str]) -> bool:
    """Whether a text's words name a row by its first cell's words: all of them, or a term that names by itself
    (the code "l3" of "L3 – Dược sĩ đại học, điều dưỡng, bác sĩ")."""
    return first <= words or any(naming(t) and t in words for t in first)


def _table_of(units: list[Unit], i: int) -> list[int]:
    """The rows of the table unit ``i`` is a row of (rows share their header's span)."""
    header = units[i].spans[0]
    return [j for j, u in enumerate(units) if u.kind == "row" and u.spans[0] == header]


def with_table_rows(
    passage: Passage, picked: list[int], terms: Terms, best: int | None = None, keys: Terms | None = None
) -> list[int]:
    """A small table none of whose rows the question names by its own cells (it asks "how much per grade", not
    about "L4") is quoted whole, header first; otherwise the rows picked stay alone. The sentence that introduces
    the table (it ends with ":") comes with it: it says what the rows are. Where the ``best`` unit is a row the
    question names by its key (``keys``: the question's own words and its staff group, not the lexicon's
    wordings), the other rows picked beside it are dropped: they state another group's figures."""
    units = passage_units(passage)
    text = split_text(passage)
    asked = terms.words | terms.extra_words | terms.bigrams | terms.extra_bigrams
    # a row the question names by its own words, those that rank nothing included ("Nhóm 3 – Nhân viên")
    naming = asked if keys is None else asked | keys.words | keys.bigrams
    out = set(picked)
    for i in picked:
        if units[i].kind != "row":
            continue
        rows = _table_of(units, i)
        own = [
            f" {' '.join(words_of(text[units[j].spans[-1].start : units[j].spans[-1].end], terms.accented))} "
            for j in rows
        ]
        named = any(f" {t} " in cells for cells in own for t in naming)
        # the row whose range holds the asker's quantity ("5 năm": "Từ đủ 03 năm đến dưới 07 năm")
        in_range = [rows[k] for k in matching_rows(_row_keys(units, rows, text), terms.question)]
        if len(rows) <= MAX_TABLE_ROWS and not named and not in_range:
            out.update(rows)
        naming_terms = (
            asked if keys is None else keys.words | keys.bigrams | keys.extra_words | keys.extra_bigrams
        )
        if in_range:
            out = (out - set(rows)) | set(in_range)
        keyed = [] if in_range else _keyed_rows(units, rows, text, naming_terms, terms.accented)
        if best in keyed:  # the best unit is a row the question names ("L3"): not its neighbours too
            out -= set(rows) - set(keyed)
        lead = min(rows) - 1
        if lead >= 0 and units[lead].kind != "row" and units[lead].text.rstrip(" *_").endswith(":"):
            out.add(lead)  # the sentence that introduces the table ("xe đưa đón miễn phí theo 04 tuyến:")
    return sorted(out)


def _row_keys(units: list[Unit], rows: list[int], text: str) -> list[str]:
    """Each row's first cell, its key ("L3", "Từ đủ 03 năm đến dưới 07 năm")."""
    return [
        text[units[j].spans[-1].start : units[j].spans[-1].end].strip().strip("|").split("|")[0] for j in rows
    ]


def _keyed_rows(
    units: list[Unit], rows: list[int], text: str, asked: frozenset[str], accented: bool
) -> list[int]:
    """The rows whose first cell (the row's key: "L3", "Ngày nghỉ hằng tuần (Chủ nhật)") holds an asked term
    that names (``naming``: a word pair, a code, a word no syllable could be) and that at most half of the rows'
    keys hold: the question names them, not the table's every row ("làm" of "làm thêm" names no row)."""
    keys = [f" {' '.join(words_of(own, accented))} " for own in _row_keys(units, rows, text)]
    distinctive = {t for t in asked if naming(t) and 0 < sum(f" {t} " in k for k in keys) * 2 <= len(rows)}
    return [j for j, k in zip(rows, keys, strict=True) if any(f" {t} " in k for t in distinctive)]


# a sentence that refers back to the one before it: "Quá thời hạn này mà không nộp, ...", "Các phụ cấp này ...",
# "Trong đó ...", "This is more generous than ...", "For that calendar year ..."
_REFERS_BACK = re.compile(
    r"^(?:quá hạn|quá thời hạn|trong đó|nếu không|otherwise|if not)\b|^(?:\w+\s+){0,3}?(?:này|this|that|these|those)\b"
)


def refers_back(text: str) -> bool:
    return bool(_REFERS_BACK.search(text.lstrip(" *_").lower()))


def with_list_items(units: list[Unit], picked: list[int], text: str = "") -> list[int]:
    """A unit that introduces a list ("... như sau:") brings its items (or the unit that continues it); a
    question of a Q&A brings the unit after it, its answer; a sentence brings the next one of its paragraph when
    that one refers back to it ("Quá thời hạn này mà không nộp, ngày nghỉ được chuyển thành ..."): a rule's
    consequence is part of the rule. ``text``: the units' split text."""
    out = list(picked)
    for i in picked:
        following = units[i + 1] if i + 1 < len(units) else None
        if (
            text
            and following is not None
            and units[i].kind == following.kind == "sentence"
            and "\n" not in text[units[i].spans[-1].end : following.spans[0].start]
            and refers_back(following.text)
        ):
            out.append(i + 1)
        if units[i].text.rstrip().endswith(":"):
            j = i + 1
            while j < len(units) and j - i <= MAX_LIST_ITEMS and units[j].kind in ("item", "row"):
                out.append(j)
                j += 1
            if j == i + 1 and j < len(units):  # "(for normal work:" continues in the next unit
                out.append(j)
        elif _asks(units[i].text) and i + 1 < len(units) and not _asks(units[i + 1].text):
            out.append(i + 1)  # a question of a Q&A ("Hỏi: ... ?") brings its answer ("Đáp: ...")
    return sorted(set(out))


def _asks(text: str) -> bool:
    """A unit that is a question (of a Q&A section): it asks, the unit after it answers."""
    return text.rstrip(" *_").endswith("?")
