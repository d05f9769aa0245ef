"""The question's language, the answer's fixed phrases in it, and English concepts read through the lexicon.

An answer is framed in the question's language (quotes stay verbatim in the source's language, marked “…”).
English questions name their concept in English; the bilingual HR lexicon (``indexes/search/hr_lexicon.yaml``,
read by ``indexes.search.lexicon``) gives the Vietnamese wordings a passage may use. Concepts are matched here on
content words, stemmed ("when I get married" names "getting married"), to judge whether evidence covers them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from indexes.search.lexicon import SHORT_ABBR, Lexicon, LexiconEntry, default_lexicon, departing_leave
from indexes.staff_groups import is_term
from indexes.text import (
    FUNCTION_WORDS_EN,
    GENERIC_WORDS,
    accents_only_in_names,
    fold,
    has_diacritics,
    inside,
    nfc,
    stem,
    tone_key,
    unquoted,
    without_counted_units,
)

Language = Literal["vi", "en"]

# Frequent function words: enough to tell an English question from Vietnamese typed without diacritics.
_ENGLISH = frozenset(
    "the a an is are do does did can could will would should may might must i my me we our you your he she it "
    "they what how when where which who why if of to for in on at by with from about after before during "
    "get got have has many much any there this that be been paid pay work day days".split()
)
_VIETNAMESE = frozenset(
    "toi minh em anh chi ban co la gi bao nhieu may khong nhu the nao cua cho va thi se neu ve mot cac "
    "nhung trong duoc hay hoac luc khi dau sao vay a oi ngay thang nam nghi phep lam viec cong ty theo ngoai".split()
)

# General function words (not topic words) of questions, beyond ``indexes.text``'s lists: a standard English
# stop-word list (``indexes.text.FUNCTION_WORDS_EN``), and Vietnamese particles and connectives (accented; folded
# only where folding is unambiguous: not "hon", the "hôn" of "kết hôn", nor "chu", the "chủ" of "chủ nhật").
FUNCTION_WORDS_VI = frozenset(
    "này kia đó ấy luôn xin ạ nhé nha vậy thế rồi đã đang vẫn cũng lại nữa chỉ mà để với từ đến tới bởi vì "
    "nên do bằng như cả hết thật rất quá lắm hơn ơi hả hở chứ nhỉ thôi lúc mới vừa sắp hãy chưa còn cùng tại "
    "vào ra".split()
)
_FUNCTION_WORDS_FOLDED = frozenset(
    "nay do luon xin nhe nha roi nua voi boi nhu het rat oi nhi luc sap".split()
)


def is_function_word(word: str, accented: bool, vietnamese: bool = False) -> bool:
    """A word that carries no topic in a question (English, or Vietnamese with or without accents); with
    ``vietnamese``, a word of a Vietnamese question typed without accents, which no English list judges ("me" is
    "mẹ", "can" "cần", "to" the "tờ" of "giấy tờ")."""
    if accented:
        return nfc(word).lower() in FUNCTION_WORDS_VI or word.lower() in FUNCTION_WORDS_EN
    if vietnamese:
        return word in _FUNCTION_WORDS_FOLDED
    return word in FUNCTION_WORDS_EN or word in _FUNCTION_WORDS_FOLDED


PHRASES: dict[str, dict[Language, str]] = {
    "according": {"vi": "Theo {title}: ", "en": "According to “{title}”: "},
    "relative_left_out": {
        "vi": "Quy định gần nhất liệt kê những người thân được áp dụng; {relative} không có trong danh sách đó.",
        "en": "The closest rule lists the relatives it covers; {relative} is not among them.",
    },
    "country_not_covered": {
        "vi": "Các quy định gần nhất không nói về chuyến đi {country}.",
        "en": "The closest rules do not cover trips to {country}.",
    },
    "also": {"vi": "Ngoài ra, {title}: ", "en": "Also, “{title}”: "},
    "how": {"vi": "Cách tính:", "en": "How it was calculated:"},
    "basis": {"vi": "Căn cứ: {title}: ", "en": "Basis: “{title}”: "},
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
# The calculator's parameters in words, for saying which ones no document states.
PARAM_WORDS: dict[str, dict[Language, str]] = {
    "days_per_year": {"vi": "số ngày phép năm", "en": "the yearly leave days"},
    "accrual_per_month": {"vi": "mức tích lũy mỗi tháng", "en": "the monthly accrual"},
    "seniority": {"vi": "phép thâm niên", "en": "the seniority bonus"},
    "service_bonus": {
        "vi": "ngày nghỉ thêm theo thời gian làm việc",
        "en": "the extra days for long service",
    },
    "usable_during_probation": {"vi": "việc dùng phép khi thử việc", "en": "leave use during probation"},
    "partial_month_min_share": {
        "vi": "cách tính tháng làm việc không trọn",
        "en": "how a partial month counts",
    },
    "carryover_until": {"vi": "hạn dùng phép năm cũ", "en": "the carry-over deadline"},
    "carryover_max_days": {"vi": "số ngày phép tối đa được chuyển", "en": "the cap on days carried over"},
    "carryover_excess": {
        "vi": "cách xử lý số ngày vượt quá mức được chuyển",
        "en": "what happens to the days above the cap",
    },
    "probation_days": {"vi": "thời gian thử việc", "en": "the probation length"},
    "probation_duration": {"vi": "thời gian thử việc", "en": "the probation length"},
    "probation_group": {"vi": "thời gian thử việc của nhóm", "en": "the group's probation length"},
    "probation_counting": {"vi": "cách đếm thời gian thử việc", "en": "how the probation period is counted"},
    "weekly_rest_days": {"vi": "ngày nghỉ hằng tuần", "en": "the weekly rest days"},
    "notice_counting": {"vi": "cách đếm thời hạn báo trước", "en": "how the notice days are counted"},
    "divisor": {"vi": "cách tính lương giờ", "en": "how the hourly wage is computed"},
    "day:ordinary": {"vi": "tỷ lệ làm thêm ngày thường", "en": "the overtime rate on ordinary days"},
    "day:weekly_rest": {"vi": "tỷ lệ làm thêm ngày nghỉ hằng tuần", "en": "the overtime rate on rest days"},
    "day:holiday": {"vi": "tỷ lệ làm thêm ngày lễ, tết", "en": "the overtime rate on public holidays"},
    "night:ordinary": {"vi": "tỷ lệ làm thêm ban đêm ngày thường", "en": "the night overtime rate"},
    "night:weekly_rest": {
        "vi": "tỷ lệ làm thêm ban đêm ngày nghỉ",
        "en": "the night overtime rate on rest days",
    },
    "night:holiday": {"vi": "tỷ lệ làm thêm ban đêm ngày lễ", "en": "the night overtime rate on holidays"},
    "night_window": {"vi": "khung giờ ban đêm", "en": "the night hours"},
    "night_premium": {"vi": "mức trả thêm cho giờ làm việc ban đêm", "en": "the night premium"},
    "shift": {"vi": "giờ của ca làm việc", "en": "the shift's hours"},
    "night_allowance": {"vi": "phụ cấp ca đêm", "en": "the night shift allowance"},
    "commitment": {"vi": "thời gian cam kết làm việc", "en": "the work commitment"},
    "loan_multiple": {"vi": "mức vay theo lương", "en": "the loan limit by salary"},
    "loan_cap": {"vi": "mức vay tối đa", "en": "the loan cap"},
    "loan_group": {"vi": "mức vay tối đa của nhóm", "en": "the group's loan cap"},
    "loan_exception": {"vi": "khoản vay có mức riêng", "en": "loans with their own limit"},
    "advance": {"vi": "mức tạm ứng tối đa", "en": "the advance share"},
    "loan_service": {"vi": "thời gian làm việc để được vay", "en": "the service a loan requires"},
    "heavy_job": {"vi": "danh mục công việc nặng nhọc, độc hại", "en": "the list of heavy or hazardous jobs"},
    "training_repayment": {"vi": "cách bồi hoàn chi phí đào tạo", "en": "how the training cost is repaid"},
    "event_days": {"vi": "số ngày nghỉ việc riêng", "en": "the personal-leave days"},
    "travel_days": {"vi": "ngày đi đường", "en": "the travel day"},
    "probation_pay": {"vi": "tỷ lệ lương thử việc", "en": "the probation pay rate"},
    "notice_days": {"vi": "thời hạn báo trước", "en": "the notice period"},
    "loan_repayment": {"vi": "cách trả nợ gốc", "en": "how the principal is repaid"},
    "loan_rate": {"vi": "lãi suất cho vay", "en": "the loan's interest rate"},
    "loan_basis": {"vi": "cách tính lãi", "en": "what the interest is charged on"},
    "loan_term": {"vi": "thời hạn vay tối đa", "en": "the longest loan term"},
    "trip_support_level": {
        "vi": "mức hỗ trợ tham quan theo thời gian làm việc",
        "en": "the trip support by service",
    },
    "trip_unpaid_reduction": {
        "vi": "mức giảm khi nghỉ không lương",
        "en": "the reduction after unpaid leave",
    },
    "trip_relative_share": {"vi": "mức hỗ trợ người thân đi cùng", "en": "the relatives' share"},
    "trip_free_child_age": {
        "vi": "độ tuổi con được đi miễn phí",
        "en": "the age under which children go free",
    },
    "trip_max_relatives": {"vi": "số người thân tối đa", "en": "the most relatives allowed"},
}

REFUSAL: dict[Language, str] = {
    "vi": "Tôi không tìm thấy quy định nào trong tài liệu của công ty trả lời câu hỏi này. "
    "Bạn có thể hỏi bộ phận Nhân sự để được hướng dẫn.",
    "en": "I could not find any rule in the company's documents that answers this question. "
    "Please ask the HR department.",
}
_SEARCHED: dict[Language, str] = {
    "vi": "Đã tìm: “{query}”. Gần nhất (không trả lời câu hỏi): {closest}.",
    "en": "Searched for: “{query}”. Closest sections (not an answer): {closest}.",
}


def framing_language(answer: str) -> Language:
    """The language an answer is written in, quotes (“…”) and citation marks left out."""
    return language_of(re.sub(r"“[^”]*”|\[\d+\]|\([a-z0-9_]+\)", " ", answer))


def language_of(text: str) -> Language:
    """``vi`` for a question with Vietnamese diacritics or mostly Vietnamese words, else ``en``; the terms it
    quotes aside (``unquoted``)."""
    text = unquoted(text)
    if (
        has_diacritics(text)
        and re.search(r"[^\x00-\x7f–—’‘“”…]", nfc(text))
        and not accents_only_in_names(text)
    ):
        return "vi"
    words = re.findall(r"[a-z]+", fold(text))
    english = sum(w in _ENGLISH for w in words)
    vietnamese = sum(w in _VIETNAMESE and w not in _ENGLISH for w in words)
    # a tie: a terse question of no function words ("deputy GD phone allowance per month?")
    if english == vietnamese:
        english_words, syllables = _lexicon_vocabulary()
        english = sum(w in english_words and w not in syllables for w in words)
        vietnamese = sum(w in syllables for w in words)
    return "en" if english > vietnamese else "vi"


@functools.cache
def _lexicon_vocabulary() -> tuple[frozenset[str], frozenset[str]]:
    """The words of the lexicon's English forms, and the syllables of its Vietnamese terms (folded): which
    language a question of no function words is in ("cap" is both: "hotel cap", "cấp")."""
    english = {w for e in _entries() for form in e.en for w in re.findall(r"[a-z]+", form.lower())}
    syllables = {w for e in _entries() for term in e.vi for w in re.findall(r"[a-z]+", fold(term))}
    return frozenset(english), frozenset(syllables | _VIETNAMESE)


def phrase(key: str, lang: Language, **values: str) -> str:
    return PHRASES[key][lang].format(**values)


def refusal(
    lang: Language, query: str = "", closest: list[str] | None = None, note: str | None = None
) -> str:
    """The refusal in the question's language; with what was searched and the closest sections, if any, and a
    note on why the closest rule does not answer (``note``)."""
    text = REFUSAL[lang]
    if query and closest:
        shown = "; ".join(f"“{c}”" if lang == "en" else c for c in closest)
        text += "\n" + _SEARCHED[lang].format(query=query.strip(), closest=shown)
    if note:
        text += "\n" + note
    return text


@dataclass(frozen=True)
class Concept:
    """One thing a question asks about: the English wording found in it and every wording of the entry."""

    asked: str
    wordings: tuple[str, ...]  # folded, English and Vietnamese
    vietnamese: tuple[str, ...] = ()  # the entry's Vietnamese terms as written (NFC)
    general: bool = False  # general vocabulary ("monthly", "documents"; a one-way entry), not an HR topic
    # named by an English form, so its Vietnamese wordings are meant as written, accents and all (a Vietnamese
    # question's wording is found folded: "an ca ngay" may be "ăn cả ngày", not the day shift "ca ngày")
    exact: bool = False


@functools.cache
def _entries() -> tuple[LexiconEntry, ...]:
    """The lexicon's entries (read by ``indexes.search.lexicon``)."""
    return tuple(Lexicon.load().entries)


def _wordings(entry: LexiconEntry) -> tuple[str, ...]:
    """The entry's English and Vietnamese terms and its longer abbreviations ("HĐLĐ" states a labour contract; a
    short one, "SI" or "CĐ", folded is a syllable of any text: "sĩ", "cao đẳng (CĐ)")."""
    abbr = tuple(a for a in entry.abbr if len(a) > SHORT_ABBR)
    return tuple(dict.fromkeys(w for w in map(stemmed, entry.en + entry.vi + abbr) if w))


@functools.cache
def _lexicon() -> tuple[Concept, ...]:
    """Each English form (content words, stemmed) with its entry's wordings, longest forms first."""
    concepts = [
        Concept(form, _wordings(e), tuple(nfc(v) for v in e.vi), e.general, exact=True)
        for e in _entries()
        for form in map(_form_key, e.en)
        if len(form) > 2
    ]
    return tuple(sorted(concepts, key=lambda c: -len(c.asked)))


@functools.cache
def _vi_lexicon() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(a Vietnamese wording or an abbreviation of four characters or more ("BHXH"), folded; the entry's wordings),
    longest first (shorter abbreviations are also syllables: "SI" is the "sĩ" of "dược sĩ")."""
    pairs = [(w, _wordings(e)) for e in _entries() for w in map(stemmed, e.vi) if " " in w]
    pairs += [
        (stemmed(a), _wordings(e)) for e in _entries() for a in e.abbr if len(a) > SHORT_ABBR and " " not in a
    ]
    return tuple(sorted(pairs, key=lambda p: -len(p[0])))


@functools.cache
def _borrowed_english() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(an English form a Vietnamese question may borrow, stemmed: "dán đoạn code vào ChatGPT", "đi onsite"; the
    entry's wordings): a form of more than one word, or one no Vietnamese syllable could be; longest first."""
    pairs = [
        (stemmed(f), _wordings(e))
        for e in _entries()
        for f in e.en
        if stemmed(f) and (" " in stemmed(f) or is_term(f))
    ]
    return tuple(sorted(pairs, key=lambda p: -len(p[0])))


@functools.cache
def _vi_concepts() -> tuple[tuple[str, Concept, tuple[str, ...]], ...]:
    """(a Vietnamese wording of two or more words, folded; its HR-topic entry as a concept; the wording's words as
    written, lower-case), longest first. The one-way entries (general words, translations only) name no topic."""
    triples = [
        (w, Concept(w, _wordings(e), tuple(nfc(x) for x in e.vi)), _written_words(v))
        for e in _entries()
        if not e.general
        for v, w in ((v, stemmed(v)) for v in e.vi)
        if " " in w
    ]
    return tuple(sorted(triples, key=lambda p: -len(p[0])))


def _written_words(text: str) -> tuple[str, ...]:
    """A text's words as written (lower-case, NFC), one for each word of ``stemmed(text)``; none when the two do
    not pair up (a character that folding splits a word at)."""
    written = tuple(re.findall(r"\w+", nfc(text).lower()))
    return written if len(written) == len(stemmed(text).split()) else ()


def _same_as_written(asked: tuple[str, ...], wording: tuple[str, ...]) -> bool:
    """Whether an accented question's words say a wording as it is written: "hợp đồng, vậy" folds to the loan
    contract's "hợp đồng vay" but says no loan. A word the question types without accents may be any of them."""
    return all(not has_diacritics(a) or a == w for a, w in zip(asked, wording, strict=True))


def vietnamese_concepts(question: str) -> list[Concept]:
    """The HR topics a Vietnamese question names in a lexicon wording ("lương tháng 13", "nghỉ ốm"), longest
    wording first; a wording inside a longer one found ("phép năm" in "nghỉ phép năm") is not another topic, one
    that only shares a word with it is ("gửi xe" and "xe máy" in "gửi xe máy": parking, of a motorbike). In a
    question typed with accents, a wording counts only as written (``_same_as_written``)."""
    words = stemmed(question).split()
    written = _written_words(question) if has_diacritics(question) else ()
    taken: list[tuple[int, int]] = []  # word spans of the wordings found, longest first
    found: list[Concept] = []
    for wording, concept, as_written in _vi_concepts():
        size = len(wording.split())
        spans = [
            (i, i + size)
            for i in range(len(words) - size + 1)
            if " ".join(words[i : i + size]) == wording
            and not (written and as_written and not _same_as_written(written[i : i + size], as_written))
        ]
        fresh = [span for span in spans if not inside(span, taken)]
        if fresh:
            found.append(concept)
            taken += fresh
    return found


@functools.cache
def _short_abbreviations() -> dict[str, re.Pattern[str]]:
    """A Vietnamese wording of two or more words, folded, -> its entry's short abbreviations ("NLĐ" for "nhân
    viên") as a pattern matching them in their own case, as whole words: folded they are syllables of any text."""
    out: dict[str, re.Pattern[str]] = {}
    for entry in _entries():
        short = [a for a in entry.abbr if len(a) <= SHORT_ABBR and " " not in a]
        if short:
            pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, short)) + r")(?!\w)")
            out.update((w, pattern) for w in map(stemmed, entry.vi) if " " in w)
    return out


def synonym_supported(question: str, texts: list[str]) -> set[str]:
    """Folded words of a Vietnamese question that belong to a lexicon wording ("tăng ca") of a concept the
    evidence states in another wording ("làm thêm giờ") or by an abbreviation ("nhân viên" by "NLĐ", in its
    own case): paraphrases, not missing topics."""
    asked = f" {stemmed(question)} "
    evidence = " ".join(f" {stemmed(t)} " for t in texts)
    short = _short_abbreviations()
    as_written = [nfc(t) for t in texts]  # where a short abbreviation is looked for, in its own case
    supported: set[str] = set()
    # an English question's own words are checked as concepts; a Vietnamese one's borrowed English words here
    borrowed = _borrowed_english() if language_of(question) == "vi" else ()
    for wording, wordings in (*_vi_lexicon(), *borrowed):
        if f" {wording} " not in asked:
            continue
        abbreviated = wording in short and any(short[wording].search(t) for t in as_written)
        if abbreviated or any(f" {w} " in evidence for w in wordings):
            supported.update(wording.split())
    return supported


_LIGHT_VERBS = frozenset("get gets got getting go goes going have has having be being been am is are".split())


def _form_key(form: str) -> str:
    """How a lexicon form is matched: on content words when it only drops a light verb ("getting married"
    is "married"), else whole ("out of work" must not become "work")."""
    words = set(re.findall(r"[a-z0-9]+", fold(form)))
    content = words - FUNCTION_WORDS_EN
    if words & _LIGHT_VERBS and content and words - content <= _LIGHT_VERBS:
        return _content(form)
    return stemmed(form)


@functools.lru_cache(maxsize=4096)
def stemmed(text: str) -> str:
    """A text folded, each word stemmed (cached: each passage of the evidence is compared with every concept)."""
    return " ".join(stem(w) for w in re.findall(r"[a-z0-9]+", fold(text)))


def _content(text: str) -> str:
    """An English text's content words, stemmed ("when I get married" -> "marri")."""
    return " ".join(stem(w) for w in re.findall(r"[a-z0-9]+", fold(text)) if w not in FUNCTION_WORDS_EN)


_OBJECT_PRONOUNS = frozenset("it them this that me him us".split())


# "in late October", "by early next year", "mid-March": a time of the year, not lateness or leaving early ("late
# this month" after a verb is lateness: only a part of a period after a preposition, or "mid-…", is removed)
_MONTHS = r"january|february|march|april|may|june|july|august|september|october|november|december"
_PART_OF_PERIOD = re.compile(
    rf"\b(?:in|by|from|until|till|since|around|before|after|during|of)\s+(?:the\s+)?(?:early|late)[- ]"
    rf"(?:(?:this|next|last)\s+)?(?:{_MONTHS}|year|month|week)\b|\bmid[- ](?:{_MONTHS}|year|month|week)\b"
)


# A phrasal verb's particle ("pay off", "carry over", "hand in") may follow its object: "pay my staff loan off
# early", "carry my unused days over"; its object may stand between the particle and an adverb ("pay off my staff
# loan early"). The object is a short noun phrase: a determiner or content words, never a preposition, a
# conjunction or an auxiliary ("pay for the time off" is no repayment). Only a verb of this list heads one ("one
# day off" is no "one-off", "father works in law" no "father-in-law").
_PARTICLES = frozenset("off over back up out in down away".split())
_PHRASAL_VERBS = frozenset(
    stem(w)
    for w in "pay carry hand sign cash take give fill send turn call hold put check clock top pick".split()
)
_DETERMINERS = frozenset("my the a an your his her our their its this that these those all some any".split())
OBJECT_WORDS = 3  # at most this many words of an object between a phrasal verb's words
# what may follow a particle moved after its object: the clause's end or one of these ("carry my days over to next
# year", "hand my laptop in when I leave"); an article or a noun makes it a preposition ("check my balance in the app")
_AFTER_PARTICLE = frozenset("to by before at until till when if after so and or but please".split())
_CLAUSE = re.compile(r"[,.;:!?()]")


def _object_word(word: str) -> bool:
    return word in _DETERMINERS or word not in FUNCTION_WORDS_EN


def _separated(form: str, clauses: list[list[str]]) -> bool:
    """Whether a lexicon form "verb particle …" ("pay off ear") is in a clause with an object after its verb ("pay
    my loan off early": then the particle ends the clause or a function word follows the form, "pay the Tet bonus
    in January" is no "pay in") or after its particle ("pay off my staff loan early"), of one to ``OBJECT_WORDS``."""
    words = form.split()
    if len(words) < 2 or words[0] not in _PHRASAL_VERBS or words[1] not in _PARTICLES:
        return False
    for clause in clauses:
        stems = [stem(w) for w in clause]
        for at in (1, 2):
            head, tail = words[:at], words[at:]
            if not tail:
                continue
            for i in range(len(stems) - len(head) + 1):
                if stems[i : i + len(head)] != head:
                    continue
                for gap in range(1, OBJECT_WORDS + 1):
                    j = i + len(head) + gap
                    after = clause[j + len(tail) : j + len(tail) + 1]
                    ends = at == 2 or not after or after[0] in _AFTER_PARTICLE
                    if (
                        stems[j : j + len(tail)] == tail
                        and all(map(_object_word, clause[i + len(head) : j]))
                        and ends
                    ):
                        return True
    return False


LONG_FORM = 4  # words of a form long enough that a modifier inside it changes nothing it names
# ... except these, which change what the noun is ("the business trip", "without full pay", "a part-time shift")
_NARROWING = frozenset(
    "business work working full partial part half former non no not extra additional unpaid paid other own".split()
)


def _modified(form: str, clauses: list[list[str]]) -> bool:
    """Whether a long lexicon form ("break in the middle of a shift") is in a clause with one content word before
    its last word, a modifier of its noun ("break in the middle of a factory shift")."""
    words = form.split()
    if len(words) < LONG_FORM:
        return False
    head, last = words[:-1], words[-1]
    for clause in clauses:
        stems = [stem(w) for w in clause]
        for i in range(len(stems) - len(words)):
            if (
                stems[i : i + len(head)] == head
                and stems[i + len(head) + 1] == last
                and clause[i + len(head)] not in FUNCTION_WORDS_EN
                and clause[i + len(head)] not in _NARROWING
            ):
                return True
    return False


@functools.cache
def _english_vocabulary() -> frozenset[str]:
    """Every word of the lexicon's English forms (folded)."""
    return frozenset(w for e in _entries() for form in e.en for w in re.findall(r"[a-z0-9]+", fold(form)))


@functools.cache
def _place_wordings() -> frozenset[str]:
    """The lexicon's places, folded ("da nang", "ho chi minh city"): names that are also concepts."""
    return frozenset(fold(w) for e in _entries() if e.topic == "places" for w in (*e.en, *e.vi, *e.abbr))


_TOKEN = re.compile(r"[^\W\d_][\w'’]*")
_SENTENCE_END = re.compile(r"[.!?:;]\s*$")


def without_names(question: str) -> str:
    """The question with the names of places and people it writes in capitals taken out. In a run of two or more
    capitalised words inside a sentence, a word no English form of the lexicon has is a name ("Tra", "Tuan"), and
    so is a single known word beside one ("Son" of "Son Tra": no child); known words that run together ("Store
    Manager" of "Store Manager Tuan") and the lexicon's places ("Da Nang" of "the Da Nang Branch") stay."""
    tokens = list(_TOKEN.finditer(question))
    runs: list[list[re.Match[str]]] = []
    for i, token in enumerate(tokens):
        opening = i == 0 or bool(_SENTENCE_END.search(question[: token.start()]))
        capital = token.group(0)[0].isupper() and not token.group(0).isupper() and not opening
        between = question[tokens[i - 1].end() : token.start()] if i else ""
        if capital and runs and runs[-1][-1] is tokens[i - 1] and between.strip() == "":
            runs[-1].append(token)
        elif capital:
            runs.append([token])
    masked: list[re.Match[str]] = []
    for run in (r for r in runs if len(r) >= 2):
        words = [fold(t.group(0)) for t in run]
        kept = [False] * len(run)
        for start in range(len(run)):  # the lexicon's places inside the run
            for end in range(len(run), start + 1, -1):
                if " ".join(words[start:end]) in _place_wordings():
                    kept[start:end] = [True] * (end - start)
        known = [k or w in _english_vocabulary() for k, w in zip(kept, words, strict=True)]
        for i, token in enumerate(run):
            if kept[i]:
                continue
            unknown_beside = any(not known[j] for j in (i - 1, i + 1) if 0 <= j < len(run))
            lone = not any(known[j] and not kept[j] for j in (i - 1, i + 1) if 0 <= j < len(run))
            if not known[i] or (unknown_beside and lone):
                masked.append(token)
    out, last = [], 0
    for token in masked:
        out += [question[last : token.start()], "#"]
        last = token.end()
    return "".join([*out, question[last:]])


def english_concepts(question: str) -> list[Concept]:
    """The lexicon's concepts an English question names (compared on content words, stemmed), longest
    wording first, without overlaps; a part of a period ("late October") names none, nor does a unit of time
    counted as a length ("day trip" in "a 4-day trip"); a phrasal verb may hold its object inside ("pay my loan
    off"). Read once per question (the answer's checks and ranking each ask)."""
    return list(_english_concepts(question))


@functools.lru_cache(maxsize=256)
def _english_concepts(question: str) -> tuple[Concept, ...]:
    found = _worded_concepts(question)
    return found + _abbreviated_concepts(question, found)


def _abbreviated_concepts(question: str, found: tuple[Concept, ...]) -> tuple[Concept, ...]:
    """The entries an English question names only by an abbreviation ("OT rate", "PIT", "what BHXH pays"),
    found as the lexicon's search finds them (a short one only in capitals: "OT", never "ot" of a word)."""
    out: list[Concept] = []
    for match in default_lexicon().matches(question):
        entry = match.entry
        long_form = len(match.surface) > SHORT_ABBR and match.surface in {a.lower() for a in entry.abbr}
        if match.surface not in entry.abbr and not long_form:
            continue  # named by an English form (read above, with its stems and word order), or "ot" in lower case
        wordings = _wordings(entry)
        if any(c.wordings == wordings for c in (*found, *out)):
            continue
        out.append(
            Concept(stemmed(match.surface), wordings, tuple(nfc(v) for v in entry.vi), entry.general, True)
        )
    return tuple(out)


def _without_departing_leave(question: str) -> str:
    """The question with each "leave" that means going away ("when I leave") written "depart", unless a longer
    wording of the lexicon holds it ("leave the company" is resigning): no leave of absence is asked about."""
    longer = [(m.start, m.end) for m in default_lexicon().matches(question)]
    for start, end in reversed(departing_leave(question)):
        if not any(s <= start and end <= e and (s, e) != (start, end) for s, e in longer):
            question = f"{question[:start]}depart{question[end:]}"
    return question


def _worded_concepts(question: str) -> tuple[Concept, ...]:
    question = _without_departing_leave(question)
    question = _PART_OF_PERIOD.sub(" ", without_counted_units(fold(without_names(question))))
    clauses = [re.findall(r"[a-z0-9]+", c) for c in _CLAUSE.split(question)]
    # a third reading without the object pronouns of phrasal verbs: "carry it over" is "carry over"
    words = re.findall(r"[a-z0-9]+", fold(question))
    unsplit = " ".join(stem(w) for w in words if w not in _OBJECT_PRONOUNS)
    texts = [f" {stemmed(question)} ", f" {_content(question)} ", f" {unsplit} "]
    found: list[Concept] = []
    for concept in _lexicon():
        padded = f" {concept.asked} "
        if (
            any(padded in t for t in texts)
            or _separated(concept.asked, clauses)
            or _modified(concept.asked, clauses)
        ):
            if all(f.wordings != concept.wordings for f in found):  # one entry, however many of its forms
                found.append(concept)
            # consumed in both readings: "late at night" leaves no "late", "my manager" no "manager"
            content = f" {_content(concept.asked)} "
            texts = [t.replace(padded, " # ") for t in texts]
            if content.strip():
                texts = [t.replace(content, " # ") for t in texts]
    return tuple(found)


def covers(concept: Concept, text: str, loose: bool = False) -> bool:
    """Whether a text states a concept in one of its wordings (folded, stemmed, on word boundaries); ``loose``:
    every word of a wording appears somewhere in the text (Vietnamese phrasing varies: "nghỉ ... hưởng lương").
    An English question's concept (``exact``) is compared with a text that has accents by its Vietnamese wordings
    as written, whatever the tone marks' placement: "phụ cấp lưu động" is not "phụ cấp lưu trú … đồng"."""
    padded = f" {stemmed(text)} "
    if not loose:
        return any(f" {w} " in padded for w in concept.wordings)
    words = padded.split()
    written = _written_wordings(concept) if concept.exact and has_diacritics(text) else {}
    toned = list(_toned_words(text)) if written else []
    return any(
        any(_near(list(variant), toned) for variant in written[w])
        if w in written
        else _near(_content_syllables(w), words)
        for w in concept.wordings
    )


@functools.lru_cache(maxsize=2048)
def _toned_words(text: str) -> tuple[str, ...]:
    """A text's words as tone keys (a passage is checked against every concept of a question)."""
    return tuple(tone_key(w) for w in re.findall(r"\w+", nfc(text)))


@functools.lru_cache(maxsize=4096)
def _written_wordings(concept: Concept) -> dict[str, tuple[tuple[str, ...], ...]]:
    """A concept's folded Vietnamese wordings -> each way the lexicon writes them ("nghỉ hằng năm", "nghỉ hàng
    năm"), as tone keys without function syllables."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for wording in concept.vietnamese:
        syllables = re.findall(r"\w+", nfc(wording))
        content = [w for w in syllables if fold(w).lower() not in _WORDING_FUNCTION_SYLLABLES] or syllables
        out.setdefault(stemmed(wording), []).append(tuple(tone_key(w) for w in content))
    return {k: tuple(v) for k, v in out.items()}


# The clauses of an English question that ask: after its question words. "when" and "who" ask only where a
# clause starts ("When …?", "… - who approves it?"), not as a conjunction ("even when it isn't overtime") or a
# relative ("staff who work nights")
_ASKED = re.compile(
    r"(?:\b(?:what(?:'s| is| are| was)?|how (?:much|many|long|far|often|early|soon|quickly|fast|late)|which)\b"
    r"|(?:^|[.?!:;,\-–—]\s*)(?:when|who)\b)(?P<asked>[^?.!;]*)",
    re.IGNORECASE,
)
# a subordinate clause inside an asking one says when or on what condition, not what is asked ("How long does the
# bus wait after the shift ends?")
_SUBORDINATE = re.compile(r"\b(?:after|before|when|if|while|during|because|since|until|once|unless)\b", re.I)


def asked_concepts(question: str) -> list[Concept]:
    """The HR topics (not general words) an English question names in its clauses that ask, after the question
    words and before a subordinate clause; none for a Vietnamese question."""
    if language_of(question) != "en":
        return []
    spans = " . ".join(_SUBORDINATE.split(m.group("asked"))[0] for m in _ASKED.finditer(question))
    return [c for c in english_concepts(spans) if not c.general] if spans.strip() else []


def states(concept: Concept, text: str) -> bool:
    """Whether a text states a concept, the head of an English compound ("a staff loan" is a loan), or each of
    the topics an English phrase is made of ("working on a public holiday": a public holiday)."""
    if covers(concept, text, loose=True) or any(covers(h, text, loose=True) for h in head_concepts(concept)):
        return True
    parts = part_concepts(concept)
    return bool(parts) and all(covers(p, text, loose=True) for p in parts)


def states_in_order(concept: Concept, text: str) -> bool:
    """Whether a text states a concept with a wording's words in their order, a few words apart at most ("nghỉ
    có hưởng lương"); stricter than ``states``, whose loose match takes "đề nghị" for "nghỉ đẻ"."""
    padded = f" {stemmed(text)} "
    made_of = [w for part in part_concepts(concept) for w in part.wordings]
    for wording in (*wordings_with_heads(concept), *made_of):
        words = _content_syllables(wording)
        gap = rf"(?:\s+\S+){{0,{LOOSE_SLACK}}}\s+"
        if re.search(r"(?<!\S)" + gap.join(map(re.escape, words)) + r"(?!\S)", padded):
            return True
    return False


def _content_syllables(wording: str) -> list[str]:
    """A wording's words without function syllables ("nghỉ có hưởng lương" -> nghỉ, hưởng, lương), unless
    that leaves nothing."""
    words = wording.split()
    return [w for w in words if w not in _WORDING_FUNCTION_SYLLABLES] or words


# Folded Vietnamese function syllables a wording may drop in running text ("nghỉ (có) hưởng lương").
_WORDING_FUNCTION_SYLLABLES = frozenset("co cua cho va duoc cac nhung mot the".split())
LOOSE_SLACK = 4  # words a loose match may have between the words of a wording


def _near(wanted: list[str], words: list[str]) -> bool:
    """Every word of ``wanted`` within one window of ``len(wanted) + LOOSE_SLACK`` words of ``words``; a wording
    of two words in its order ("nhà xe" is a parking shed, "xe đến nhà máy" a bus to the factory)."""
    span = len(wanted) + LOOSE_SLACK
    if len(wanted) == 2:
        first, second = wanted
        return any(w == first and second in words[i + 1 : i + span] for i, w in enumerate(words))
    need = set(wanted)
    positions = [i for i, w in enumerate(words) if w in need]
    return any(need <= set(words[start : start + span]) for start in positions)


@functools.cache
def _by_form() -> dict[str, tuple[Concept, ...]]:
    forms: dict[str, list[Concept]] = {}
    for concept in _lexicon():
        forms.setdefault(concept.asked, []).append(concept)
    return {form: tuple(found) for form, found in forms.items()}


@functools.cache
def _generic_stems() -> frozenset[str]:
    return frozenset(stem(w) for w in GENERIC_WORDS)


def _ending_with(concept: Concept, wordings: Callable[[Concept], Iterable[str]]) -> tuple[Concept, ...]:
    """The lexicon's other concepts one of whose ``wordings`` ends with one of this concept's and is longer."""
    own = set(wordings(concept))
    return tuple(
        other
        for other in _lexicon()
        if not own & set(other.wordings)
        and any(f" {w}".endswith(f" {c}") and w != c for w in wordings(other) for c in own)
    )


@functools.cache
def narrower_concepts(concept: Concept) -> tuple[Concept, ...]:
    """The lexicon's concepts narrower than this one: a wording of theirs ends with one of its wordings and is
    longer ("annual leave", "nghỉ hằng năm" are a "leave"; "phụ cấp lưu trú" is no "phụ cấp công trường"). The
    inverse of ``head_concepts``, for any modifier."""
    return _ending_with(concept, lambda c: c.wordings)


@functools.cache
def english_hyponyms(concept: Concept) -> tuple[Concept, ...]:
    """The lexicon's concepts that an English wording makes a kind of this one: their English wording ends with one
    of its own, English being head-last ("personal leave" is a "leave"). Vietnamese wordings are head-first, so
    their endings prove nothing ("lao động nam nghỉ thai sản", paternity leave, is no maternity leave)."""
    return _ending_with(concept, lambda c: set(c.wordings) - {stemmed(v) for v in c.vietnamese})


def head_concepts(concept: Concept) -> tuple[Concept, ...]:
    """The lexicon's concepts for the head of an English compound whose modifier is generic or a count ("staff
    loan" -> "loan", "30 days notice" -> "notice"; never "paternity leave" -> "leave"): its shorter trailing
    wordings, longest first."""
    words = concept.asked.split()
    return tuple(
        c
        for i in range(1, len(words))
        if all(w.isdigit() or w in _generic_stems() for w in words[:i])
        for c in _by_form().get(" ".join(words[i:]), ())
    )


# Verbs an English phrase may add to the topics it is made of: "working on a public holiday", "taking sick leave".
_ACTIVITY_STEMS = frozenset(
    stem(w) for w in "work working take taking use using claim claiming make making".split()
)


@functools.cache
def part_concepts(concept: Concept) -> tuple[Concept, ...]:
    """The one HR topic an English phrase of the lexicon is made of, when the rest of it is function words,
    generic words or a verb of doing ("work on a public holiday" -> "public holiday"); none when something else
    is left ("paternity leave" is not "leave"), or when it holds two topics ("Tet bonus" is neither Tết nor any
    bonus) or none."""
    if concept.general:
        return ()
    inside = f" {concept.asked} "
    parts: list[Concept] = []
    for other in _lexicon():
        padded = f" {other.asked} "
        if other.asked != concept.asked and not other.general and padded in inside:
            parts.append(other)
            inside = inside.replace(padded, " ")
    light = _generic_stems() | _ACTIVITY_STEMS | {stem(w) for w in FUNCTION_WORDS_EN} | _LIGHT_VERBS
    if len(parts) != 1 or any(w not in light for w in inside.split()):
        return ()
    return tuple(parts)


def wordings_with_heads(concept: Concept) -> tuple[str, ...]:
    """A concept's wordings, then its compound heads' ("staff loan": ..., "cho vay")."""
    return tuple(dict.fromkeys([*concept.wordings, *(w for h in head_concepts(concept) for w in h.wordings)]))


def concept_words(concepts: list[Concept]) -> set[str]:
    """The question's words (stemmed) that these concepts account for."""
    return {w for c in concepts for w in c.asked.split()}


# Vietnamese wordings of each concept in the second search of an English question
TRANSLATIONS_PER_CONCEPT = 2


def vietnamese_query(question: str) -> str | None:
    """An English question's concepts in their Vietnamese wording (the lexicon's first term of each), for a
    second search: the documents are Vietnamese and the embedder does not bridge the two languages."""
    if language_of(question) != "en":
        return None
    quoted = vietnamese_terms(question)
    english = question
    for term in quoted:  # a Vietnamese term's syllables are no English words ("Lao" of "Lao động giỏi")
        english = english.replace(term, " ")
    concepts = [c for c in english_concepts(english) if c.vietnamese]
    if all(c.general for c in concepts) and not quoted:
        return None  # general words alone ("năm") would search for everything
    wordings = [v for c in concepts for v in c.vietnamese[:TRANSLATIONS_PER_CONCEPT]]
    return " ".join(dict.fromkeys([*quoted, *wordings]))


_BETWEEN = 2  # unaccented syllables inside a quoted term ("hội nghị người lao động", "ăn ca", "tạm ứng")


def vietnamese_terms(question: str) -> list[str]:
    """The Vietnamese terms an English question quotes ("the quyết toán for my last trip", "my thưởng chuyên
    cần"): each run of words written with Vietnamese diacritics, as typed, with up to two syllables without
    accents inside it ("người lao động") and a capitalised syllable opening it ("Lao động giỏi"); the documents'
    own words."""
    runs: list[str] = []
    current: list[str] = []
    between: list[str] = []  # syllables without accents after the run, kept if an accented one follows
    previous = ""
    for word in re.findall(r"\w+|[^\w\s]", nfc(question)):
        if word[0].isalnum() and has_diacritics(word):
            # a capitalised syllable without accents opens the term ("Lao động giỏi")
            opening = not current and previous[:1].isupper() and previous.lower() not in FUNCTION_WORDS_EN
            current += [previous, word] if opening else [*between, word]
            between = []
        elif current and word.isalpha() and word.lower() not in FUNCTION_WORDS_EN and len(between) < _BETWEEN:
            between.append(word)  # "người lao động": "lao" has no accent of its own
        elif current:
            runs.append(" ".join(current))
            current, between = [], []
        previous = word
    if current:
        runs.append(" ".join(current))
    return list(dict.fromkeys(runs))
