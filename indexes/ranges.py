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
    **dict.fromkeys(("gio", "tieng", "hour", "hours", "hrs"), ("hours", 1.0)),  # "8h" is a time of day
    **dict.fromkeys(("dong", "d", "vnd"), ("money", 1.0)),
    **dict.fromkeys(("trieu", "million"), ("money", 1e6)),
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
    + r"(?P<half>\s+ruoi)?|\b(?P<w>"
    + "|".join(_EN_NUMBERS)
    + r")\s+(?P<wu>years?|months?|weeks?|days?|hours?)\b"
)
_CALENDAR = frozenset(("ngay", "thang", "nam"))
# a number after a date's word names a day, a month or a year ("ngày 15 tháng 3", "tháng 7 năm 2026", "Điều 5"),
# or is part of a written date ("01/10/2025"); a number before "tuổi" is an age, one after "lúc" or before "sáng"
# a time of day
_DATE_WORD_BEFORE = re.compile(r"\b(?:thang|ngay|nam|dieu)\s*$")
_IN_DATE = re.compile(r"[/.-]$")
_NOT_A_COUNT_AFTER = re.compile(
    r"^\s*(?:\d{4}\b|tuoi|(?:thang )?tuoi|sang|chieu|toi|trua|dem|am\b|pm\b|old\b)"
)
# "1 tháng 7 (năm 2024)": a day of a month, when a number without a unit of its own follows the month
_MONTH_OF_DATE = re.compile(r"^\s*\d{1,2}\b(?!\s*(?:ngay|thang|tuan|gio|tieng|trieu|dong)\b)")
_TIME_BEFORE = re.compile(r"\b(?:luc|at|vao)\s*$")


def _quantity(number: str, unit: str, half: bool = False) -> Quantity:
    dimension, factor = _UNITS[unit]
    return Quantity((_value(number) + (0.5 if half else 0)) * factor, dimension)


def _is_count(folded: str, m: re.Match[str], joined: bool) -> bool:
    """Whether a number with a unit counts something: not a date's day, month or year, an age, a time of day
    (``joined``: it follows a count, "3 năm 2 tháng", whose unit is no date's word)."""
    before, after = folded[: m.start()], folded[m.end() :]
    if _IN_DATE.search(before) or _TIME_BEFORE.search(before) or _NOT_A_COUNT_AFTER.match(after):
        return False
    if m.group("u") == "thang" and _MONTH_OF_DATE.match(after):
        return False
    return joined or not (_DATE_WORD_BEFORE.search(before) and m.group("u") in _CALENDAR)


def stated_quantities(text: str) -> list[Quantity]:
    """The quantities a question states with their unit ("5 năm", "2 năm rưỡi", "two years", "30 triệu"); a date
    ("ngày 1 tháng 7 năm 2024", "01/10/2025"), an age ("18 tháng tuổi") or a time ("lúc 8 giờ") is none.
    Adjacent ones of one dimension are one: "3 năm 2 tháng" is 38 months."""
    folded = fold(text)
    found: list[Quantity] = []
    end = -1  # where the last quantity ended
    for m in _STATED.finditer(folded):
        if m.group("w"):
            q = _quantity(str(_EN_NUMBERS[m.group("w")]), m.group("wu"))
        elif _is_count(folded, m, bool(found) and bool(_JOINED.fullmatch(folded[end : m.start()]))):
            q = _quantity(m.group("n"), m.group("u"), bool(m.group("half")))
        else:
            continue
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
    r"(?:\b(?P<from>tu tren|tu du|tu|tren|from|between|more than|over)\s+)?"
    + _bound_re("a")
    + r"\s*(?:\b(?:den|toi|to|and)\b|[-–])\s*(?P<excl>\b(?:duoi|less than|under)\b\s*)?"
    + _bound_re("b")
)
_BELOW = re.compile(
    r"\b(?P<op>duoi|less than|under|below|fewer than|khong qua|toi da|up to|at most|den|toi)\s+"
    + _bound_re("b")
)
_ABOVE = re.compile(
    r"\b(?P<op>tu tren|tu du|tu|tren|more than|over|at least|from)\s+"
    + _bound_re("a")
    + r"|"
    + _bound_re("c")
    + r"\s*(?P<tail>tro len|or more|and above|or longer|\+)"
)
_EXCLUSIVE_LOW = ("tu tren", "tren", "more than", "over")
_INCLUSIVE_HIGH = ("khong qua", "toi da", "up to", "at most", "den", "toi")
_BRACKETS = re.compile(r"\([^()]*\)")


def _bound(m: re.Match[str], key: str, unit: str | None) -> Quantity | None:
    number, own = m.group(f"{key}n"), m.group(f"{key}u") or unit
    return _quantity(number, own) if number and own else None


def _two_sided(m: re.Match[str]) -> Range | None:
    """The range of a ``_BETWEEN`` match, when its bounds are of one dimension and in order."""
    low, high = _bound(m, "a", m.group("bu")), _bound(m, "b", m.group("au"))
    if low and high and low.dimension == high.dimension and low.value <= high.value:
        open_low = m.group("from") in _EXCLUSIVE_LOW
        return Range(low.value, not open_low, high.value, not m.group("excl"), low.dimension)
    return None


def _upper(m: re.Match[str]) -> Range | None:
    """The range below a ``_BELOW`` match's bound ("Dưới 06 tháng", "Đến 03 ngày")."""
    high = _bound(m, "b", None)
    return (
        Range(-math.inf, False, high.value, m.group("op") in _INCLUSIVE_HIGH, high.dimension)
        if high
        else None
    )


def _lower(m: re.Match[str]) -> Range | None:
    """The range above an ``_ABOVE`` match's bound ("Trên 14 ngày", "Từ 150.000.000 đồng trở lên")."""
    low = _bound(m, "a", None) if m.group("an") else _bound(m, "c", None)
    return (
        Range(low.value, m.group("op") not in _EXCLUSIVE_LOW, math.inf, False, low.dimension) if low else None
    )


def _one_sided(text: str) -> Range | None:
    """ "Dưới 06 tháng", "Đến 03 ngày", "Trên 14 ngày", "Từ 150.000.000 đồng trở lên": the operator that comes
    first says which side."""
    below, above = _BELOW.search(text), _ABOVE.search(text)
    if below and (above is None or below.start() < above.start()):
        found = _upper(below)
        if found:
            return found
    return _lower(above) if above else None


def row_range(key: str) -> Range | None:
    """The range a row's key states, or None: "Từ đủ 06 tháng đến dưới 03 năm" is [6, 36) months, "Từ trên 03 ngày
    đến 14 ngày" (3, 14], "Dưới 06 tháng hoặc đang thử việc" below 6, "Đến 03 ngày" up to 3, "Từ 150.000.000 đồng
    trở lên" from 150 million up, "1–3 years" [12, 36]. A note in brackets ("(tối đa 30 ngày/năm)") is no bound."""
    text = _BRACKETS.sub(" ", fold(key))
    m = _BETWEEN.search(text)
    return (_two_sided(m) if m else None) or _one_sided(text)


def matching_rows(keys: list[str], question: str) -> list[int]:
    """The indices of the keys whose range holds the quantity the question states, when two keys or more state a
    range of its dimension (a table keyed by seniority, by amount, by hours); none otherwise, and none when the
    question states two quantities of that dimension ("hợp đồng 1 năm, đã làm 6 năm": which one keys the table?)."""
    ranges = [row_range(k) for k in keys]
    asked = stated_quantities(question)
    for q in asked:
        ranged = [r for r in ranges if r is not None and r.dimension == q.dimension]
        if len(ranged) >= 2:
            if sum(other.dimension == q.dimension for other in asked) > 1:
                return []
            return [i for i, r in enumerate(ranges) if r is not None and r.holds(q)]
    return []


# a duration in days against a condition in months, or the reverse: a month counted as 30 days, only to compare a
# stated duration with a condition ("hợp đồng 3 tuần" with "HĐLĐ có thời hạn dưới 01 tháng")
_DAYS_PER_MONTH = 30.0


def _comparable(q: Quantity, dimension: str) -> Quantity | None:
    if q.dimension == dimension:
        return q
    if (q.dimension, dimension) == ("days", "months"):
        return Quantity(q.value / _DAYS_PER_MONTH, dimension)
    if (q.dimension, dimension) == ("months", "days"):
        return Quantity(q.value * _DAYS_PER_MONTH, dimension)
    return None


def condition_ranges(text: str) -> list[Range]:
    """The ranges a sentence's conditions state ("HĐLĐ có thời hạn dưới 01 tháng", "nghỉ từ 05 ngày trở lên", "from
    3 to 5 years"): each two-sided range once, then the one-sided ones outside them. A cap ("không quá 06 tháng") is
    no condition."""
    folded = _BRACKETS.sub(" ", fold(text))
    ranges: list[Range] = []
    for m in _BETWEEN.finditer(folded):
        found = _two_sided(m)
        if found:
            if not (found.dimension == "hours" and m.group("from") in _PLAIN_FROM and not m.group("excl")):
                ranges.append(found)
            folded = folded[: m.start()] + " " * (m.end() - m.start()) + folded[m.end() :]
    # "không quá 06 tháng", "tối đa 30 ngày", "up to 5 days" cap what is granted: a limit, not a condition
    ranges += [
        r for m in _BELOW.finditer(folded) if m.group("op") not in _INCLUSIVE_HIGH and (r := _upper(m))
    ]
    for m in _ABOVE.finditer(folded):
        found = _lower(m)
        clock = m.group("op") in _PLAIN_FROM and not _OR_MORE.match(folded[m.end() :])
        if found and not (found.dimension == "hours" and clock):
            ranges.append(found)
    return ranges


# "từ 8 giờ 30 đến 12 giờ", "từ 22 giờ": a plain "from" before hours starts a time of day, not a condition on a
# duration ("làm thêm từ 02 giờ trở lên", "từ đủ 4 giờ", "dưới 6 giờ")
_PLAIN_FROM = (None, "tu", "from")
_OR_MORE = re.compile(r"\s*(?:tro len|or more)\b")


# "can overtime go over 200 hours?", "nghỉ quá 30 ngày": a bound the asker asks about, not a fact of their own
_COMPARED = re.compile(
    r"\b(?:over|more than|less than|fewer than|under|above|below|beyond|exceed(?:s|ing)?|at least|at most|up to"
    r"|vuot qua|vuot|qua|hon|tren|duoi|it nhat|toi da|toi thieu|khong qua)\s+(?:\d[\d.,]*|(?:"
    + "|".join(_EN_NUMBERS)
    + r")\b)"
)


def situation_quantities(question: str) -> list[Quantity]:
    """The quantities a question states as facts of the asker's situation ("hợp đồng 3 tuần", "I have worked here
    for 7 years"): one after a comparison ("over 200 hours", "quá 30 ngày") is a bound asked about, and left out."""
    folded = fold(question)
    return stated_quantities(_COMPARED.sub(" ", folded))


def holds_stated(text: str, stated: list[Quantity]) -> bool:
    """Whether one of a sentence's conditions holds a duration or an amount the asker states (the only one of its
    dimension they state)."""
    for range_ in condition_ranges(text):
        comparable = [c for q in stated if (c := _comparable(q, range_.dimension)) is not None]
        if len(comparable) == 1 and range_.holds(comparable[0]):
            return True
    return False
