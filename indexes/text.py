"""Vietnamese text handling, in one place: NFC, diacritic folding, slugs, syllable tokens, sentences."""

from __future__ import annotations

import re
import unicodedata

_WORD_RE = re.compile(r"\w+", re.UNICODE)
_SENTENCE_END_RE = re.compile(r"(?<=[.!?;:])\s+(?=[A-ZÀ-Ỹ0-9\"“(])|\n+")


# a list item's or clause's mark at the start of a line ("• ", "a) ", "1. ")
ITEM_MARK = re.compile(r"^[\s•*+-]*(?:(?:\d+[.)]|[a-zđ]\))\s+)?")


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


# Vietnamese tone marks (grave, acute, tilde, hook, dot below); the others (circumflex, breve, horn) make letters
_TONE_MARKS = {"\u0300": "2", "\u0301": "1", "\u0303": "4", "\u0309": "3", "\u0323": "5"}


def tone_key(word: str) -> str:
    """A Vietnamese syllable lower-cased with its tone mark taken off its vowel and written after it: the old and the
    new placement of a tone are one key ("khoẻ" and "khỏe", "Uỷ" and "Ủy", "hoà" and "hòa"), while tones and
    letters still tell syllables apart ("đồng" is not "động", "dong" not "đông")."""
    letters = unicodedata.normalize("NFD", word.lower())
    tones = "".join(_TONE_MARKS[c] for c in letters if c in _TONE_MARKS)
    return unicodedata.normalize("NFC", "".join(c for c in letters if c not in _TONE_MARKS)) + tones


def fold(text: str) -> str:
    """Lower-case and strip Vietnamese diacritics ("Nghỉ phép" -> "nghi phep"; "đ" -> "d")."""
    return unaccented(text.lower())


def unaccented(text: str) -> str:
    """Strip Vietnamese diacritics, keeping the letters' case ("Đề nghị" -> "De nghi"); an NFC text keeps its
    length (each precomposed letter becomes one)."""
    decomposed = unicodedata.normalize("NFD", text)
    stripped = "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")
    return stripped.replace("đ", "d").replace("Đ", "D")


def slugify(text: str, max_len: int = 48) -> str:
    """ASCII slug of a heading: "Điều 3. Thời giờ làm việc" -> "dieu-3-thoi-gio-lam-viec"."""
    slug = re.sub(r"[^a-z0-9]+", "-", fold(nfc(text))).strip("-")
    if len(slug) > max_len:
        slug = slug[:max_len].rsplit("-", 1)[0] or slug[:max_len]
    return slug or "section"


def words(text: str) -> list[str]:
    """Lower-cased NFC syllables/words."""
    return _WORD_RE.findall(nfc(text).lower())


def folded_words(text: str) -> list[str]:
    return _WORD_RE.findall(fold(nfc(text)))


def inside(span: tuple[int, int], others: list[tuple[int, int]]) -> bool:
    """Whether ``span`` (start, end) lies within another of ``others``: a term inside a longer one matched is not
    a term of its own; terms that only overlap both are."""
    return any(o[0] <= span[0] and span[1] <= o[1] and o != span for o in others)


# Nouns in -ing whose stem is another word: "parking" is not the "park" of "Quế Võ Industrial Park", "housing" not
# "house", "evening" not "even"
_ING_NOUNS = frozenset(
    "parking housing evening evenings clothing spring springs outing outings meeting meetings building buildings"
    " training ceiling ceilings".split()
)


def stem(word: str) -> str:
    """A light English stem, the same for a question's word and a document's ("leaves", "leave" -> "leav";
    "weeks" -> "week"; "remotely" -> "remot"; "approved" -> "approv"). Folded Vietnamese syllables have none of
    these endings at that length, so they pass unchanged."""
    if len(word) < 4 or not word.isascii() or not word.isalpha():
        return word
    if word in _ING_NOUNS:
        return word.removesuffix("s")
    if len(word) >= 5 and word.endswith(("ied", "ies")):  # "carried", "policies" -> "carry", "policy"
        return word[:-3] + "y"
    for suffix in ("ing", "ly", "ed", "s"):
        if word.endswith(suffix) and not word.endswith("ss") and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    # a noun of the act is its verb: "approval", "dismissal", "withdrawal", "refusal" -> "approv", "dismiss",
    # "withdraw", "refus" (not "-ral"/"-nal": "general", "personal" are no verbs)
    if len(word) >= 7 and word.endswith(("val", "wal", "sal")):
        return word[:-2]
    return word[:-1] if len(word) >= 5 and word.endswith("e") else word


def sentences(text: str) -> list[str]:
    """Split a passage into sentences or list items (a light, Vietnamese-safe splitter)."""
    parts = (p.strip() for p in _SENTENCE_END_RE.split(text))
    return [p for p in parts if p]


# Question words and fillers that carry no topic (folded). Only removed from queries.
QUERY_STOPWORDS = frozenset(
    "toi minh em anh chi ban co la gi bao nhieu may khong nhu the nao cua cho va thi se neu ve mot cac "
    "nhung trong duoc hay hoac luc khi nao dau sao vay a u oi a lau ai tram trieu tieng hom muon xong roi "
    "nghin dip giong nhau "
    "what how many much is are the a an of do does i my me to in for on at can when which who there "
    "have has get got will would should long far per as if "
    # the pieces English contractions leave ("I'm", "what's", "don't", "I'll"); not "re", "d": "rể" and "đ" fold so
    "m s t ll".split()
)
# Words every regulation uses: they do not show that a passage is about the question's topic (folded).
GENERIC_WORDS = frozenset(
    "chinh sach quy dinh quy che cong ty nguoi lao dong nld theo ve viec cua tai nao duoc phai bi tien ngay "
    "thang nam so muc policy company employee employees rule rules regulation regulations staff days day".split()
)


# The same lists with their accents, for questions written with diacritics: folding merges words the
# question keeps apart ("vậy" filler / "vay" loan, "muốn" / "muộn", "mấy" / "máy bay", "về" / "vé", "ăn" / "an").
_ACCENTED_STOPWORDS = frozenset(
    "tôi mình em anh chị bạn có là gì bao nhiêu nhiều mấy không như thế nào của cho và thì sẽ nếu về một "
    "các những nhưng trong được hay hoặc lúc khi nào đâu sao vậy à ạ ừ ơi a lâu ai trăm triệu tiếng hôm "
    "muốn xong rồi nghìn ngàn dịp giống nhau".split()
)
_ACCENTED_GENERIC = frozenset(
    "chính sách quy định quy chế công ty người lao động nld theo về việc của tại nào được phải bị tiền ngày "
    "tháng năm số mức".split()
)
# "may" is a modal in an English question; not in ``FUNCTION_WORDS_EN``, which also reads Vietnamese ("công nhân may"
# sews, "xe máy" folds to "xe may")
_ENGLISH_MODALS = frozenset({"may"})
# the English ones (``is_generic_as_typed``)
_ENGLISH_GENERIC = frozenset(
    "policy company employee employees rule rules regulation regulations staff days day".split()
)
# the Vietnamese question words and fillers of ``QUERY_STOPWORDS``, folded
_VIETNAMESE_STOPWORDS = frozenset(
    "toi minh em anh chi ban co la gi bao nhieu may khong nhu the nao cua cho va thi se neu ve mot cac "
    "nhung trong duoc hay hoac luc khi nao dau sao vay a u oi lau ai tram trieu tieng hom muon xong roi "
    "nghin dip giong nhau".split()
)
_ENGLISH_STOPWORDS = frozenset(
    w for w in QUERY_STOPWORDS if w.isascii() and fold(w) == w
) - _VIETNAMESE_STOPWORDS | {"a"}


# A standard English stop-word list: the function words of an English question or job title ("and", "with").
FUNCTION_WORDS_EN = frozenset(
    "a about above after again against all also am an and any are aren as at be because been before being "
    "below between both but by can cannot could couldn did didn do does doesn doing don down during each few "
    "for from further had hadn has hasn have haven having he her here hers herself him himself his how i if "
    "in into is isn it its itself just let ll m me might more most must mustn my myself need needs no nor not "
    "now of off on once only or other ought our ours ourselves out over own re s same say says shall she "
    "should shouldn so some such t than that the their theirs them themselves then there these they this "
    "those through to too under until up ve very was wasn we were weren what when where which while who whom "
    "why will with won would wouldn you your yours yourself yourselves get gets got getting go goes going "
    "want wants like please tell know even still ever yet already really actually anyway".split()
)


def is_stopword(word: str, accented: bool) -> bool:
    """A question word or filler. With ``accented`` the word's accents decide ("vậy" is one, "vay" is not)."""
    if not accented:
        return fold(word) in QUERY_STOPWORDS
    word = nfc(word).lower()
    return word in _ACCENTED_STOPWORDS or word in _ENGLISH_STOPWORDS


def is_generic(word: str, accented: bool) -> bool:
    """A word every regulation uses (see ``GENERIC_WORDS``); accents decide when ``accented``."""
    if not accented:
        return fold(word) in GENERIC_WORDS
    word = nfc(word).lower()
    return word in _ACCENTED_GENERIC or (word.isascii() and word in GENERIC_WORDS)


def is_vietnamese_stopword(word: str, accented: bool = True) -> bool:
    """A Vietnamese question word or filler (not one of the English list: "an" of "an toàn", "me" of "me chong"
    for "mẹ chồng"), as typed with its accents or, without ``accented``, folded."""
    if not accented:
        return fold(word) in _VIETNAMESE_STOPWORDS
    return nfc(word).lower() in _ACCENTED_STOPWORDS


def is_english_stopword(word: str) -> bool:
    """An English question word, filler or word every regulation uses ("policy", "days"), not a folded Vietnamese
    one: in an English question "chi", "minh", "nha", "dong" are parts of a place's name ("Ho Chi Minh City")."""
    word = word.lower()
    return word in _ENGLISH_STOPWORDS or word in _ENGLISH_GENERIC or word in _ENGLISH_MODALS


def is_generic_as_typed(word: str) -> bool:
    """``is_generic`` for a word of a question typed with accents: a word without them is no folded one ("tai" of
    "tai nạn" is not "tại", "nam" of "lao động nam" not "năm"). A wording may be folded text: ``is_generic``."""
    word = nfc(word).lower()
    return word in _ACCENTED_GENERIC or word in _ENGLISH_GENERIC


def topic_words(text: str, accented: bool) -> list[str]:
    """The words of a question that name its topic: no question words, generic words or numbers."""
    raw = words(text) if accented else folded_words(text)
    return [
        w for w in raw if not is_stopword(w, accented) and not is_generic(w, accented) and not w.isdigit()
    ]


# variation selectors (the U+FE0F after an emoji "❤️"): invisible, combining marks to Unicode, no accent of a letter
VARIATION_SELECTORS = re.compile("[\ufe00-\ufe0f]")


def has_diacritics(text: str) -> bool:
    """Whether a text has Vietnamese accents (a letter that folding changes); an emoji's variation selector is none."""
    lowered = VARIATION_SELECTORS.sub("", nfc(text).lower())
    return fold(lowered) != lowered


# a count of two or more and a unit of time in the singular, modifying the singular noun after it ("4-day trip",
# "two week holiday"): a length, so the unit starts no term of its own ("4-day trip" is no "day trip", the same-day
# trip); a count of a plural noun is none ("three night shifts" are night shifts), nor is a plain length ("8 months")
_COUNTED_UNIT = re.compile(
    r"\b(?:[2-9]|\d{2,}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[- ]"
    r"(?P<unit>day|week|month|year|night|hour)(?=[ -](?![a-z]+s\b)[^\W\d_])",
    re.IGNORECASE,
)


def counted_unit_starts(text: str) -> frozenset[int]:
    """Where the units of time counted as a length start in ``text`` (``_COUNTED_UNIT``): no term starts there,
    though one may start at the count ("12-hour shift")."""
    return frozenset(m.start("unit") for m in _COUNTED_UNIT.finditer(text))


def without_counted_units(text: str) -> str:
    """``text`` with each unit of time counted as a length blanked (same length: offsets stay)."""
    return _COUNTED_UNIT.sub(
        lambda m: m.group(0)[: m.start("unit") - m.start()] + " " * len(m.group("unit")), text
    )


NAME_ONLY_SHARE = 0.2  # at most this share of a text's words accented: Vietnamese names in another language


# a term quoted in a sentence ("I got a 'kéo dài thời hạn nâng lương' sanction", “Nghỉ việc riêng”): a single
# quote opens after no letter and closes before none, so an apostrophe ("I'm", "employees'") quotes nothing
_QUOTED = re.compile(r"“[^”\n]*”|‘[^’\n]*’|\"[^\"\n]*\"|«[^»\n]*»|(?<!\w)'[^'\n]+'(?!\w)")


def unquoted(text: str) -> str:
    """The text without the terms it quotes, when words remain beside them: what says the language a sentence
    is written in (an English question quoting a Vietnamese rule's name is English)."""
    rest = _QUOTED.sub(" ", nfc(text))
    return rest if re.search(r"[^\W\d_]{2,}", rest) else text


def accents_only_in_names(text: str) -> bool:
    """Whether a text's Vietnamese diacritics sit in a few words only ("… married in Cà Mau, 2,000 km away"):
    names quoted in a sentence of another language, not a Vietnamese sentence."""
    words = re.findall(r"[^\W\d_]+", nfc(text))
    accented = sum(1 for w in words if has_diacritics(w))
    return bool(words) and accented <= NAME_ONLY_SHARE * len(words)


def search_terms(text: str, query: bool = False) -> list[str]:
    """Terms for lexical search: accented syllables, folded syllables, folded syllable bigrams.

    Folding lets "nghi phep" find "nghỉ phép"; bigrams keep Vietnamese compounds ("nghỉ phép") together.
    """
    accented = words(text)
    folded = [fold(w) for w in accented]
    if query:
        keep = [i for i, w in enumerate(folded) if w not in QUERY_STOPWORDS]
        if keep:
            accented = [accented[i] for i in keep]
            folded = [folded[i] for i in keep]
    folded_set = set(folded)  # a set: a list here made long texts quadratic
    terms = [w for w in accented if w not in folded_set] + folded
    terms += [f"{a}_{b}" for a, b in zip(folded, folded[1:], strict=False)]
    return terms


# A heading's numbering, read before the words are split off: "Điều 3.", "Chương II.", "Part B –", "4.1", "II.",
# "a)". A keyword's number is a whole word ("Mục đích" and "Mức cho vay" are no numbering), a lone letter or
# roman numeral needs its "." or ")" ("Words we use" keeps its "w").
_NUMBERING_RE = re.compile(
    r"^\W*(?:(?:dieu|chuong|muc|phan|khoan|article|chapter|section|part|clause)\s+(?:[0-9]+[a-z]?|[ivxlcdm]+|[a-z])\b"
    r"|[0-9]+(?:\.[0-9]+)*\b|[ivxlcdm]+(?=[.)])|[a-z](?=[.)]))[.):]?"
)


def bare_title(title: str) -> str:
    """A heading without its numbering, folded: "Điều 3. Thời giờ làm việc" -> "thoi gio lam viec"."""
    return " ".join(_WORD_RE.findall(_NUMBERING_RE.sub("", fold(nfc(title)), count=1)))


def title_coverage(title: str, query: str) -> float:
    """Share of a section title's words that the query contains (0..1): "Mức cho vay tối đa" vs a loan question."""
    words = [w for w in bare_title(title).split() if w not in QUERY_STOPWORDS]
    if not words:
        return 0.0
    asked = set(folded_words(query))
    return sum(1 for w in words if w in asked) / len(words)


# Everyday English for the terms rules and calculators are read in: a handbook's "trial period" (or "my / your /
# the trial", not a trial shift, run or project, nor a court or clinical trial) is the probation, its "PTO" the
# annual leave ("passed my trial", "1 PTO day for each month"). "Paid time off" is any paid leave: left to the lexicon.
_CANONICAL_HR_ENGLISH = (
    (re.compile(r"(?<!clinical )(?<!court )\btrial\s+period\b", re.IGNORECASE), "probation"),
    (
        re.compile(
            r"\b(my|your|the|our|their|his|her)\s+trial\b"
            r"(?!\s+(?:shifts?|runs?|days?|projects?|versions?|lessons?|class(?:es)?)\b)",
            re.IGNORECASE,
        ),
        r"\1 probation",
    ),
    (
        re.compile(
            r"(?<!clinical )(?<!court )\btrial(?='s (?:done|over|finished)\b|\s+(?:ends?|ended|is over|was over)\b)",
            re.IGNORECASE,
        ),
        "probation",
    ),
    (re.compile(r"\bPTO\b"), "annual leave"),
)


def canonical_hr_english(text: str) -> str:
    """English text with its everyday words for probation and annual leave in the standard terms."""
    for pattern, term in _CANONICAL_HR_ENGLISH:
        text = pattern.sub(term, text)
    return text


def rule_reading(text: str) -> str:
    """A rule's text as the parameter readers match it: folded, everyday English in the standard terms ("trial" is
    the probation, "PTO" the annual leave). Quotes keep the rule's own text."""
    return fold(canonical_hr_english(text))
