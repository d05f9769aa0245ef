"""A count of things a question asks for ("mấy bộ đồng phục", "how many pairs of boots"): the answer must count
those things ("02 bộ/năm", "two pairs"), not state some other figure of the same topic (a card's reissue fee)."""

from __future__ import annotations

import re

from indexes.text import fold, has_diacritics

# the counted nouns whose count a rule states in so many words, as asked (with accents when the question has them:
# "máy bộ đàm" is no count, "chuyên viên" no trip) and as a rule states them (folded); "lần" (times) is left out:
# rules state how often in other ways ("định kỳ hằng năm", "06 tháng/lần")
_NOT_SETS = (
    r"(?!\s+(?:phận|luật|máy|trưởng|quy|hồ sơ|đàm|phan|luat|may|truong|ho so|dam)\b)"  # "bộ phận", "bộ luật"
)
_COUNTERS = {
    # kind: (asked with accents, asked folded, stated folded)
    "sets": (rf"bộ{_NOT_SETS}|sets?", rf"bo{_NOT_SETS}|sets?", r"bo|sets?"),
    "pairs": (r"đôi|pairs?", r"pairs?", r"doi|pairs?"),  # folded "doi" is also "đội", "đổi": not asked so
    "trips": (r"chuyến|trips?", r"chuyen(?!\s+(?:vien|de|mon|gia|nganh|can|trach))|trips?", r"chuyen|trips?"),
    "portions": (r"suất|bữa|meals?|portions?", r"suat|bua|meals?|portions?", r"suat|bua|meals?|portions?"),
    "pieces": (
        r"chiếc|pieces?|items?",
        r"chiec|pieces?|items?",
        r"chiec|cai|pieces?|items?",
    ),  # "mấy cái": things
}
_HOW_MANY = {True: r"(?:mấy|bao nhiêu|how many)", False: r"(?:may|bao nhieu|how many)"}
_NUMBER = (
    r"(?:\d+|mot|hai|ba|bon|nam|sau|bay|tam|chin|muoi|one|two|three|four|five|six|seven|eight|nine|ten|a)"
)


def asked_count(question: str) -> str | None:
    """The kind of thing a question asks a count of ("mấy bộ" → sets), when it asks one."""
    accented = has_diacritics(question)
    text = question.lower() if accented else fold(question)
    for kind, (with_accents, folded, _) in _COUNTERS.items():
        if re.search(
            rf"(?<!\w){_HOW_MANY[accented]}\s+(?:{with_accents if accented else folded})(?!\w)", text
        ):
            return kind
    return None


def states_count(kind: str, text: str) -> bool:
    """Whether a text counts things of this kind ("02 bộ", "02 (hai) bộ", "hai đôi", "two sets")."""
    number = rf"{_NUMBER}(?:\s*\([^)]{{1,12}}\))?"  # "02 (hai) bộ": the number in words beside it
    return bool(re.search(rf"\b{number}\s+(?:{_COUNTERS[kind][2]})\b", fold(text)))
