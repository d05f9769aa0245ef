"""A count of things a question asks for ("mấy bộ đồng phục", "how many pairs of boots"): the answer must count
those things ("02 bộ/năm", "two pairs"), not state some other figure of the same topic (a card's reissue fee)."""

from __future__ import annotations

import re

from indexes.text import fold

# the counted nouns whose count a rule states in so many words; "lần" (times) is left out: rules state how often
# in other ways ("định kỳ hằng năm", "06 tháng/lần")
_COUNTERS = {
    "sets": r"bo(?!\s+(?:phan|luat|may|truong|quy|ho so))|sets?",  # not "bộ phận", "bộ luật"
    "pairs": r"pairs?",  # "đôi" folded is also "đội", "đổi"
    "trips": r"chuyen|trips?",
    "portions": r"suat|meals?|portions?",
    "pieces": r"chiec|cai|pieces?|items?",
}
_ASKED = re.compile(r"\b(?:may|bao nhieu|how many)\s+(" + "|".join(_COUNTERS.values()) + r")\b")
_NUMBER = (
    r"(?:\d+|mot|hai|ba|bon|nam|sau|bay|tam|chin|muoi|one|two|three|four|five|six|seven|eight|nine|ten|a)"
)


def asked_count(question: str) -> str | None:
    """The kind of thing a question asks a count of ("mấy bộ" → sets), when it asks one."""
    found = _ASKED.search(fold(question))
    if not found:
        return None
    return next(kind for kind, words in _COUNTERS.items() if re.match(words, found.group(1)))


def states_count(kind: str, text: str) -> bool:
    """Whether a text counts things of this kind ("02 bộ", "hai đôi", "two sets")."""
    return bool(re.search(rf"\b{_NUMBER}\s+(?:{_COUNTERS[kind]})\b", fold(text)))
