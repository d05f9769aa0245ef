"""Quantities a question states ("5 years", "8 tháng", "30 triệu") and the ranges a table's rows are keyed by
("Từ đủ 03 năm đến dưới 07 năm", "Dưới 06 tháng", "15,000,000 VND or more"): the row whose range holds the
asker's quantity is the one that answers them. Texts are compared folded (``indexes.text.fold``)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from indexes.text import fold

# unit word (folded) -> (dimension, factor): years and months are one dimension, counted in months
_UNITS: dict[str, tuple[str, float]] = {
    **dict.fromkeys(("nam", "year", "years", "yr", "yrs"), ("months", 12.0)),
    **dict.fromkeys(("thang", "month", "months"), ("months", 1.0)),
    **dict.fromkeys(("tuan", "week", "weeks"), ("days", 7.0)),
    **dict.fromkeys(("ngay", "day", "days"), ("days", 1.0)),
    **dict.fromkeys(("gio", "tieng", "hour", "hours", "hrs", "h"), ("hours", 1.0)),
    **dict.fromkeys(("dong", "d", "vnd"), ("money", 1.0)),
    **dict.fromkeys(("trieu", "tr", "million"), ("money", 1e6)),
    **dict.fromkeys(("nghin", "ngan", "k"), ("money", 1e3)),
}
_UNIT_WORDS = "|".join(sorted(map(re.escape, _UNITS), key=len, reverse=True))


def _unit(name: str) -> str:
    return rf"(?P<{name}>{_UNIT_WORDS})\b"


def _number(name: str) -> str:
    return rf"(?P<{name}>\d{{1,3}}(?:[.,]\d{{3}})+|\d+(?:[.,]\d+)?)"


_EN_NUMBERS = {
    w: n for n, w in enumerate("one two three four five six seven eight nine ten eleven twelve".split(), 1)
}


def _value(number: str) -> float:
    """A number as written: "20.000.000" and "15,000,000" are thousands-grouped, "1,5" and "1.5" decimals."""
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", number):
        return float(re.sub(r"[.,]", "", number))
    return float(number.replace(",", "."))


@dataclass(frozen=True)
class Quantity:
    value: float
    dimension: str  # "months", "days", "hours" or "money"


_STATED = re.compile(
    _number("n")
    + r"\s*(?:\+\s*)?"
    + _unit("u")
    + r"|\b(?P<w>"
    + "|".join(_EN_NUMBERS)
    + r")\s+(?P<wu>years?|months?|weeks?|days?|hours?)\b"
)


# a number after a date's words or inside a date ("tháng 7 năm 2026", "01/10/2025") counts nothing
_DATE_BEFORE = re.compile(r"(?:\b(?:thang|ngay|nam|dieu|khoan|muc|ca|lan|so|no)\s*|[/.-])$")


def _quantity(number: str, unit: str) -> Quantity:
    dimension, factor = _UNITS[unit]
    return Quantity(_value(number) * factor, dimension)


def stated_quantities(text: str) -> list[Quantity]:
    """The quantities a question states with their unit ("5 năm", "two years", "30 triệu"); a date's "tháng 7"
    or "năm 2025" names a month or a year, no quantity (the number comes after the word)."""
    folded = fold(text)
    found: list[Quantity] = []
    end = -1  # where the last quantity ended: "3 năm 2 tháng" is one, of 38 months
    for m in _STATED.finditer(folded):
        if m.group("w"):
            q = _quantity(str(_EN_NUMBERS[m.group("w")]), m.group("wu"))
        elif _DATE_BEFORE.search(folded[: m.start()]) and not (
            found and _JOINED.fullmatch(folded[end : m.start()])
        ):
            continue
        else:
            q = _quantity(m.group("n"), m.group("u"))
        if found and _JOINED.fullmatch(folded[end : m.start()]) and found[-1].dimension == q.dimension:
            q = Quantity(found.pop().value + q.value, q.dimension)
        found.append(q)
        end = m.end()
    return found


_JOINED = re.compile(r"\s*(?:,|and|va|le)?\s*")


@dataclass(frozen=True)
class Range:
    low: float
    low_inclusive: bool
    high: float
    high_inclusive: bool
    dimension: str

    def holds(self, q: Quantity) -> bool:
        if q.dimension != self.dimension:
            return False
        above = q.value > self.low or (self.low_inclusive and q.value == self.low)
        below = q.value < self.high or (self.high_inclusive and q.value == self.high)
        return above and below


def _bound_re(key: str) -> str:
    return _number(f"{key}n") + r"\s*(?:" + _unit(f"{key}u") + r")?"


_BETWEEN = re.compile(
    r"(?:\b(?:tu|from|between)\s+(?:du\s+)?)?"
    + _bound_re("a")
    + r"\s*(?:\b(?:den|toi|to|and)\b|[-–])\s*(?P<excl>\b(?:duoi|less than|under)\b\s*)?"
    + _bound_re("b")
)
_BELOW = re.compile(
    r"\b(?P<op>duoi|less than|under|below|fewer than|khong qua|toi da|up to|at most)\s+" + _bound_re("b")
)
_ABOVE = re.compile(
    r"\b(?P<op>tu du|tu|tren|more than|over|at least|from)\s+"
    + _bound_re("a")
    + r"|"
    + _bound_re("c")
    + r"\s*(?P<tail>tro len|or more|and above|or longer|\+)"
)


def _bound(m: re.Match[str], key: str, unit: str | None) -> Quantity | None:
    number, own = m.group(f"{key}n"), m.group(f"{key}u") or unit
    return _quantity(number, own) if number and own else None


def row_range(key: str) -> Range | None:
    """The range a row's key states, or None: "Từ đủ 06 tháng đến dưới 03 năm" is [6, 36) months, "Dưới 06 tháng
    hoặc đang thử việc" [0, 6), "Từ 150.000.000 đồng trở lên" from 150 million up, "1–3 years" [12, 36]."""
    text = fold(key)
    m = _BETWEEN.search(text)
    if m:
        low, high = _bound(m, "a", m.group("bu")), _bound(m, "b", m.group("au"))
        if low and high and low.dimension == high.dimension and low.value <= high.value:
            return Range(low.value, True, high.value, not m.group("excl"), low.dimension)
    m = _BELOW.search(text)
    if m:
        high = _bound(m, "b", None)
        if high:
            return Range(
                -math.inf,
                False,
                high.value,
                m.group("op") in ("khong qua", "toi da", "up to", "at most"),
                high.dimension,
            )
    m = _ABOVE.search(text)
    if m:
        low = _bound(m, "a", None) if m.group("an") else _bound(m, "c", None)
        if low:
            return Range(
                low.value, m.group("op") not in ("tren", "more than", "over"), math.inf, False, low.dimension
            )
    return None


def matching_rows(keys: list[str], question: str) -> list[int]:
    """The indices of the keys whose range holds a quantity the question states, when two keys or more state a
    range of its dimension (a table keyed by seniority, by amount, by hours); none otherwise."""
    ranges = [row_range(k) for k in keys]
    asked = stated_quantities(question)
    for q in asked:
        ranged = [r for r in ranges if r is not None and r.dimension == q.dimension]
        if len(ranged) >= 2:
            return [i for i, r in enumerate(ranges) if r is not None and r.holds(q)]
    return []
