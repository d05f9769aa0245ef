"""What a question asks about: its topic words and bigrams (question words, generic and function words left
out; English words stemmed), and how much of them a passage covers."""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent.evidence import Passage, headings_above
from agent.language import FUNCTION_WORDS_VI, is_function_word, language_of
from indexes.search.lexicon import topic_spans
from indexes.staff_groups import ANYONE_TERMS
from indexes.text import (
    FUNCTION_WORDS_EN,
    VARIATION_SELECTORS,
    fold,
    has_diacritics,
    is_english_stopword,
    is_generic,
    is_generic_as_typed,
    is_stopword,
    is_vietnamese_stopword,
    nfc,
    stem,
)


@dataclass(frozen=True)
class Terms:
    words: frozenset[str]  # topic words of the question
    bigrams: frozenset[str]  # adjacent topic words ("nghỉ phép")
    extra_words: frozenset[str]  # from glossary expansions
    extra_bigrams: frozenset[str]
    accented: bool  # the question has diacritics: match them exactly ("thú cưng" is not "thứ cùng")
    scoring: frozenset[str] = frozenset()  # every non-question word and bigram: ranks sentences
    question: str = ""  # the question, folded (what kind of quantity it asks for)


# a number written in groups of thousands ("5.000.000", "15,000,000"; not "0,125")
GROUPED_DIGITS = r"(?<![\d.,])[1-9]\d{0,2}(?:[.,]\d{3})+"
_GROUPED = re.compile(rf"{GROUPED_DIGITS}(?!\d)")


# an amount in millions or thousands ("15 triệu", "1,5 million", "500k"), written out as a number
_SCALED = re.compile(r"\b(\d+(?:[.,]\d+)?)\s*(triệu|trieu|million|k|nghìn|ngàn|nghin|ngan)\b", re.IGNORECASE)
_SCALE = {"triệu": 10**6, "trieu": 10**6, "million": 10**6}


def _written_out(m: re.Match[str]) -> str:
    value = float(m.group(1).replace(",", ".")) * _SCALE.get(m.group(2).lower(), 1000)
    return f"{value:.0f} {m.group(2)}"


def words_of(text: str, accented: bool = False, stemmed: bool = True) -> list[str]:
    """Words, lower-cased (folded unless ``accented``), English ones stemmed; numbers without leading zeros, one
    word however their thousands are grouped ("5.000.000" is 5000000, no "5"), amounts in millions or thousands
    written out ("15 triệu" is 15000000 triệu)."""
    text = _SCALED.sub(_written_out, _GROUPED.sub(lambda m: re.sub(r"[.,]", "", m.group(0)), nfc(text)))
    found = re.findall(r"\w+", nfc(text).lower() if accented else fold(text))
    return [w.lstrip("0") or "0" if w.isdigit() else stem(w) if stemmed else w for w in found]


def is_topic(
    word: str, accented: bool, as_typed: bool = False, vietnamese: bool = False, english: bool = False
) -> bool:
    """Whether a word names a topic. ``as_typed``: a word of the question itself, judged as typed: in an accented
    question a word without accents is no folded one (``is_generic_as_typed``). ``vietnamese``: in an accented
    question, a word beside an accented one, a Vietnamese syllable that no English stop word list judges ("an" of
    "an toàn", "say" of "say rượu"); in one typed without accents, any word of a Vietnamese question, judged by the
    Vietnamese lists only ("me" is "mẹ"). ``english``: a word of an English question, which no Vietnamese list
    judges."""
    # an English question quoting a Vietnamese term ("Will those days cut my thưởng chuyên cần?"): its English
    # function words stay function words beside the term
    if (
        as_typed
        and accented
        and english
        and word.isascii()
        and (is_english_stopword(word) or word.lower() in FUNCTION_WORDS_EN)
    ):
        return False
    if as_typed and accented and vietnamese and word.isascii():
        return not (
            is_vietnamese_stopword(word) or is_generic_as_typed(word) or word.lower() in FUNCTION_WORDS_VI
        )
    # an English question: "Chi Minh" of "Ho Chi Minh City" names a place
    if as_typed and not accented and english:
        return not (is_english_stopword(word) or word.lower() in FUNCTION_WORDS_EN)
    # a Vietnamese question typed without accents: "me" is "mẹ"; its particle "vậy" was dropped before (_FOLDED_VAY)
    if as_typed and not accented and vietnamese:
        folded = fold(word)
        stop = folded != "vay" and is_vietnamese_stopword(folded, False)
        return not (stop or is_generic(folded, False) or is_function_word(folded, False, vietnamese=True))
    generic = is_generic_as_typed(word) if as_typed and accented else is_generic(word, accented)
    return not (is_stopword(word, accented) or generic or is_function_word(word, accented))


# the particle "vậy" typed without accents: at a clause's end ("... may ngay vay?"), before a particle, or in "như
# vậy", "thế vậy"; elsewhere "vay" is to borrow ("vay tien cong ty", "lai suat vay la bao nhieu")
_FOLDED_VAY = re.compile(
    r"\bvay\b(?=\s*(?:[?.!,;]|$)|\s+(?:a|ha|nhi|nhe)\b)|(?<=\bnhu )vay\b|(?<=\bthe )vay\b"
)


def _beside_accented(words: list[str], k: int) -> bool:
    return any(0 <= j < len(words) and has_diacritics(words[j]) for j in (k - 1, k + 1))


def _topic(
    words: list[str],
    accented: bool,
    as_typed: bool = False,
    language: str | None = None,
    term_pairs: frozenset[str] = frozenset(),
) -> tuple[set[str], set[str]]:
    """The topic words and bigrams of ``words``; ``as_typed``: a question's own words (``is_topic``), and
    ``language`` that of a question typed without accents ("vi" or "en"), or "en" for an English one quoting a
    Vietnamese term. A word of ``term_pairs``, the word pairs
    of the lexicon's terms the question names, is a topic word whatever the stop word lists say ("muon" of "di
    muon" is "muộn", not "muốn"; "may" of "ve may bay" is "máy", not "mấy"), unless every regulation uses it."""

    def in_term(k: int) -> bool:
        pairs = (" ".join(words[j : j + 2]) for j in (k - 1, k) if j >= 0)
        return any(pair in term_pairs for pair in pairs)

    keep = [
        stem(w)
        if (in_term(k) and not is_generic(w, accented))
        or is_topic(
            w,
            accented,
            as_typed,
            language == "vi" or (as_typed and _beside_accented(words, k)),
            language == "en",
        )
        else None
        for k, w in enumerate(words)
    ]
    topic = {w for w in keep if w}
    bigrams = {f"{a} {b}" for a, b in zip(keep, keep[1:], strict=False) if a and b}
    return topic, bigrams


def _wording_topic(wording: str, accented: bool) -> tuple[set[str], set[str]]:
    """A glossary or lexicon wording's topic words and bigrams: judged as written (the lexicon's "vay" is "to
    borrow", not the particle "vậy"), then compared as the question's words are (folded when it has no accents)."""
    words, bigrams = _topic(words_of(wording, True, stemmed=False), True)
    if accented:
        return words, bigrams
    return {fold(w) for w in words}, {fold(b) for b in bigrams}


# Quantity qualifiers ask "how much", they name no topic: "làm thêm giờ tối đa" is about overtime, not about
# "Mức cho vay tối đa" (folded, matched as whole phrases).
QUANTITY_PHRASES = re.compile(
    r"\b(?:toi da|toi thieu|it nhat|nhieu nhat|khong qua|maximum|minimum|at most|at least|up to)\b"
)
# The words asking which level, person or kind name no topic either: "cấp nào duyệt?" asks who approves, like "ai";
# not the "cấp" of a compound ("phụ cấp nào", "trợ cấp nào" ask which allowance) (folded)
WHICH_PHRASES = re.compile(r"(?<!phu )(?<!tro )\b(?:cap|nguoi|loai|kieu|ben) nao\b")


# The words for any employee say who asks ("Nhân viên cưới vợ thì ...", "công nhân", "CBCNV"): every rule is for an
# employee, so they rank no sentence ("Nhân viên kinh doanh | 200.000" is a job's row, not the answer). As written
# where the question has accents ("công nhận" is no worker); "người lao động" and "NLĐ" are generic words already.
_ANYONE = [t for t in ANYONE_TERMS if not all(is_generic(w, False) for w in fold(t).split())]
_ANYONE_PHRASES = {
    True: re.compile(rf"(?<!\w)(?:{'|'.join(map(re.escape, _ANYONE))})(?!\w)", re.IGNORECASE),
    False: re.compile(rf"\b(?:{'|'.join(dict.fromkeys(fold(t) for t in _ANYONE))})\b"),
}


def _without(text: str, phrases: re.Pattern[str], folded: bool = True) -> str:
    """``text`` with the phrases ``phrases`` finds in it (in its folded form when ``folded``) blanked out (NFC);
    variation selectors dropped first (an emoji's would shorten the folded text and shift the offsets)."""
    text = VARIATION_SELECTORS.sub("", text)
    if folded and len(fold(text)) != len(text):
        return text
    for m in reversed(list(phrases.finditer(fold(text) if folded else text))):  # fold keeps NFC lengths
        text = text[: m.start()] + " " + text[m.end() :]
    return text


def _without_quantity_phrases(text: str) -> str:
    """``text`` without its quantity qualifiers and its words asking which (``QUANTITY_PHRASES``,
    ``WHICH_PHRASES``)."""
    return _without(_without(text, QUANTITY_PHRASES), WHICH_PHRASES)


def without_anyone(question: str) -> str:
    """The question without its words for any employee (``_ANYONE_PHRASES``): what ranks an answer's sentences.
    They stay among its topic words for the refusal checks: a rule that never names the asker's kind of
    employee may be about someone else."""
    accented = has_diacritics(question)
    return _without(nfc(question), _ANYONE_PHRASES[accented], folded=not accented)


def _negations(words: list[str], accented: bool) -> set[str]:
    """Pairs of a negating "không" and the topic word after it ("không xác định", "không hưởng"): the negation
    tells an indefinite-term contract from a fixed-term one and unpaid leave from paid leave; a "không" that
    ends the question ("... được không?") or stands before a particle ("không ạ") asks, it does not negate."""
    return {
        f"{a} {stem(b)}"
        for a, b in zip(words, words[1:], strict=False)
        if fold(a) == "khong" and is_topic(b, accented)
    }


_COUNTS = {"mot": 1, "hai": 2, "ba": 3, "one": 1, "a": 1, "an": 1, "two": 2, "three": 3}
# a length of service in years or months, after what bounds it ("đủ một năm", "trên 24 tháng", "at least a year")
_SERVICE_LENGTH = re.compile(
    r"\b(du|tu du|tren|hon|duoi|chua du|lam duoc|at least|over|more than|less than|under|full)\s+"
    r"(\d{1,3}|mot|hai|ba|one|two|three|an?)\s+(nam|thang|years?|months?)\b"
)


def duration_wordings(question: str) -> list[str]:
    """The same lengths of service in the other measure, as documents state them: "đủ một năm" is "đủ 12 tháng",
    "trên 24 tháng" is "trên 2 năm" (and "02 năm"); "at least a year" is "at least 12 months". Years and months
    in whole numbers only; accents as the question has them."""
    accented = has_diacritics(question)
    text = nfc(question)
    out: list[str] = []
    for m in _SERVICE_LENGTH.finditer(fold(text)):  # folding keeps an NFC text's offsets
        count, measure = m.group(2), m.group(3)
        n = int(count) if count.isdigit() else _COUNTS[count]
        english = measure.startswith(("year", "month"))
        bound = text[m.start() : m.start(2)]  # as written: "đủ "
        if measure.startswith(("nam", "year")) and n:
            out.append(f"{bound}{12 * n} {'months' if english else 'tháng' if accented else 'thang'}")
        elif n and n % 12 == 0:
            unit = "years" if english else "năm" if accented else "nam"
            out += [f"{bound}{n // 12} {unit}"] + ([] if english else [f"{bound}{n // 12:02d} {unit}"])
    return out


def question_terms(question: str, expansions: list[str] | None = None) -> Terms:
    """The question's topic words and bigrams, its glossary/lexicon wordings, and every word and bigram for
    ranking sentences; quantity qualifiers ("tối đa") are left out of both: they name no topic."""
    accented = has_diacritics(question)
    asked = _without_quantity_phrases(question)
    typed = None if accented else language_of(question)
    # an English question quoting a Vietnamese term: its English words judged as English
    mixed = "en" if accented and language_of(question) == "en" else None
    term_pairs: frozenset[str] = frozenset()
    # folding merges a term's words with question words ("di muon", "chi phi", "ve may bay")
    if typed == "vi":
        asked = _FOLDED_VAY.sub(" ", asked)
        terms_named = [words_of(asked[start:end], False, stemmed=False) for start, end in topic_spans(asked)]
        term_pairs = frozenset(f"{a} {b}" for ws in terms_named for a, b in zip(ws, ws[1:], strict=False))
    words, bigrams = _topic(
        words_of(asked, accented, stemmed=False), accented, True, typed or mixed, term_pairs
    )
    for clause in re.split(r"[,;.?!:()]", asked):  # a pair never spans punctuation
        bigrams |= _negations(words_of(clause, accented, stemmed=False), accented)
    extra_words: set[str] = set()
    extra_bigrams: set[str] = set()
    for wording in expansions or []:
        w, b = _wording_topic(wording, accented)
        extra_words |= w
        extra_bigrams |= b
    plain = [stem(w) for w in words_of(asked, accented, stemmed=False) if not is_stopword(w, accented)]
    scoring = set(plain) | {f"{a} {b}" for a, b in zip(plain, plain[1:], strict=False)}
    terms = (words, bigrams, extra_words, extra_bigrams)
    return Terms(
        *(frozenset(t) for t in terms), accented, frozenset(scoring), " ".join(fold(question).split())
    )


def _cover(words: frozenset[str], bigrams: frozenset[str], text_words: set[str], padded: str) -> float:
    total = len(words) + 2 * len(bigrams)
    if not total:
        return 0.0
    hit = sum(1 for w in words if w in text_words) + sum(2 for b in bigrams if f" {b} " in padded)
    return hit / total


def coverage(passage: Passage, terms: Terms) -> float:
    """How much of the question's topic a passage holds (0..1), its headings included; expansions count as an
    alternative wording."""
    words = words_of(f"{headings_above(passage)} {passage.title} {passage.text}", terms.accented)
    padded = f" {' '.join(words)} "
    own = _cover(terms.words, terms.bigrams, set(words), padded)
    alt = _cover(terms.extra_words, terms.extra_bigrams, set(words), padded) if terms.extra_words else 0.0
    return max(own, alt)


def unsupported_words(terms: Terms, passages: list[Passage], question: str = "") -> set[str]:
    """Topic words of a question written with diacritics that none of the evidence contains: the corpus may
    know the word elsewhere ("trưa" in "nghỉ trưa"), but what was found about the question never says it. Names
    and words with digits are left out (``unknown_topic_words``)."""
    if not terms.accented:
        return set()  # without accents (or in English) a word's absence is weak evidence
    seen: set[str] = set()
    for p in passages:
        seen.update(words_of(f"{p.title} {p.text}", True))
    names = proper_names(question, True)
    return {
        w
        for w in terms.words
        if w not in seen and not _has_digit(w) and w not in names and not _relational(w, True)
    }


# Vietnamese words of place, time and relation ("ở", "giữa", "sát Tết", a holiday that "rơi đúng vào" a day off)
# and the currency sign "đ": part of a topic's phrase ("nghỉ giữa ca"), never a topic on their own, so their absence
# from the documents shows no absent topic
_RELATIONAL = frozenset("ở giữa sát gần cạnh trên dưới trước sau ngoài quanh khoảng rơi đúng trùng đ".split())


_RELATIONAL_FOLDED = frozenset(fold(w) for w in _RELATIONAL)


def _relational(word: str, accented: bool) -> bool:
    """With accents, as written ("gan" is a liver, not "gần"); without, folded."""
    return nfc(word).lower() in _RELATIONAL if accented else word in _RELATIONAL_FOLDED


def _has_digit(word: str) -> bool:
    return any(ch.isdigit() for ch in word)


_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+|\n)\W*(\w+)")
# a place named after these words may be a single capitalised word ("ở Huế", "to Tokyo")
_PLACE_CUES = frozenset("ở tại quê đến sang tới về to in at from".split())


def proper_names(question: str, accented: bool) -> set[str]:
    """Names of places and people in a question, compared as its words are: capitalised words inside a sentence
    that run two or more together ("Nghệ An", "Sơn Trà") or follow a place word ("ở Huế", "to Tokyo"). A single
    capitalised word elsewhere may be a topic written with a capital ("Phụ cấp Gym"): not a name."""
    text = nfc(question)
    first = {m.start(1) for m in _SENTENCE_START.finditer(text)}
    words = list(re.finditer(r"\w+", text))
    capital = [w.group(0)[0].isupper() and w.start() not in first and not w.group(0).isupper() for w in words]
    names = set()
    for i, w in enumerate(words):
        if not capital[i]:
            continue
        run = (i > 0 and capital[i - 1]) or (i + 1 < len(words) and capital[i + 1])
        after_place = i > 0 and words[i - 1].group(0).lower() in _PLACE_CUES
        if run or after_place:
            names.add(words_of(w.group(0), accented)[0])
    return names


def unknown_topic_words(
    terms: Terms, unknown: list[str] | None, passages: list[Passage], question: str = ""
) -> set[str]:
    """The question's topic words that no document contains (search's ``unknown_terms``), compared as the
    question's words are (accents, stems); a stem the evidence does contain ("weeks", "week") is known. A name
    ("Nghệ An") or a word with digits ("23h") names no topic the documents could be missing."""
    words = {words_of(u, terms.accented)[0] for u in unknown or [] if words_of(u, terms.accented)}
    words = {w for w in words if not _has_digit(w) and not _relational(w, terms.accented)} - proper_names(
        question, terms.accented
    )
    seen = {w for p in passages for w in words_of(f"{p.title} {p.text}", terms.accented)}
    return (words & terms.words) - seen
