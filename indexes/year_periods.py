"""Times of the year a question names ("in late October", "ngày 15/10", "cuối tháng 10") and the periods of the
year a rule states ("from 1 September to 15 December", "từ ngày 01/9 đến ngày 30/11", "từ tháng 6 đến tháng 8"):
the rule whose period holds the asked time is the one about it (a peak season, a blackout period, a trip
season). Days are counted in a fixed year of 366 days, so a period over the new year ("01/12 – 28/02") wraps.
Texts are compared folded (``indexes.text.fold``)."""

from __future__ import annotations

import datetime as dt
import re

from indexes.text import fold

_MONTHS_EN = "january february march april may june july august september october november december".split()
_MONTH_EN = "|".join([*_MONTHS_EN, *(m[:3] for m in _MONTHS_EN if m != "may")])
# alone, "may" is the verb ("you may take") and, folded, Vietnamese "máy", "mấy": a month only beside a day
_MONTH_EN_ALONE = "|".join(m for m in _MONTH_EN.split("|") if m != "may")
_DAY = r"(?:0?[1-9]|[12]\d|3[01])"
_MONTH_NUMBER = r"(?:0?[1-9]|1[0-2])"
# a part of a month: its first, middle or last ten days
_PARTS = {
    "early": (1, 10),
    "dau": (1, 10),
    "mid": (11, 20),
    "giua": (11, 20),
    "late": (21, 31),
    "cuoi": (21, 31),
}

Interval = tuple[int, int]  # days of the (leap) year, 1..366, start > end when it wraps over the new year


def _month(name: str) -> int:
    name = name.lower()
    if name.isdigit():
        return int(name)
    return next(i for i, m in enumerate(_MONTHS_EN, 1) if m.startswith(name[:3]))


def _day_of_year(month: int, day: int) -> int:
    last = (dt.date(2024 + (month == 12), month % 12 + 1, 1) - dt.timedelta(days=1)).day
    return dt.date(2024, month, min(day, last)).timetuple().tm_yday


def _whole_month(month: int, first: int = 1, last: int = 31) -> Interval:
    return _day_of_year(month, first), _day_of_year(month, last)


# a date: "15 October", "October 15", "15/10", "ngày 15 tháng 10"
_DATE = (
    rf"(?:(?P<{{p}}d1>{_DAY})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<{{p}}m1>{_MONTH_EN})\b"
    rf"|(?P<{{p}}m2>{_MONTH_EN})\s+(?P<{{p}}d2>{_DAY})(?:st|nd|rd|th)?\b"
    rf"|(?P<{{p}}d3>{_DAY})\s*/\s*(?P<{{p}}m3>{_MONTH_NUMBER})(?!\s*/?\d)"
    rf"|(?P<{{p}}d4>{_DAY})\s+thang\s+(?P<{{p}}m4>{_MONTH_NUMBER})\b)"
)
_MONTH_ONLY = (
    rf"(?:(?P<{{p}}mn>{_MONTH_EN_ALONE})\b|thang\s+(?P<{{p}}mv>{_MONTH_NUMBER})\b(?!\s*(?:luong|/)))"
)


def _date_of(match: re.Match[str], p: str) -> tuple[int, int] | None:
    for k in "1234":
        if match.group(f"{p}d{k}"):
            return _month(match.group(f"{p}m{k}")), int(match.group(f"{p}d{k}"))
    return None


_PERIOD_DATES = re.compile(
    rf"\b(?:from\s+|tu\s+(?:ngay\s+)?|between\s+)?{_DATE.format(p='a')}\s*(?:to|until|till|through|and|den"
    rf"|toi|[-–—])\s*(?:(?:het\s+)?ngay\s+)?{_DATE.format(p='b')}"
)
_PERIOD_MONTHS = re.compile(
    rf"\b(?:from\s+|tu\s+|between\s+)?{_MONTH_ONLY.format(p='a')}\s*(?:to|until|through|and|den(?:\s+het)?"
    rf"|[-–—])\s*{_MONTH_ONLY.format(p='b')}"
)
_ASKED_DATE = re.compile(rf"\b{_DATE.format(p='q')}")
_ASKED_MONTH = re.compile(rf"\b(?:(?P<part>early|mid|late|dau|giua|cuoi)[-\s]+)?{_MONTH_ONLY.format(p='q')}")


def stated_periods(text: str) -> list[Interval]:
    """The periods of the year a text states, from one date or month to another."""
    folded = fold(text)
    periods = []
    for match in _PERIOD_DATES.finditer(folded):
        start, end = _date_of(match, "a"), _date_of(match, "b")
        if start and end and start != end:
            periods.append((_day_of_year(*start), _day_of_year(*end)))
    for match in _PERIOD_MONTHS.finditer(folded):
        first = _month(match.group("amn") or match.group("amv"))
        last = _month(match.group("bmn") or match.group("bmv"))
        if first != last:
            periods.append((_whole_month(first)[0], _whole_month(last)[1]))
    return periods


def asked_times(question: str) -> list[Interval]:
    """The times of the year a question names: a date, or a month or part of one ("late October")."""
    folded = fold(question)
    asked = []
    for match in _ASKED_DATE.finditer(folded):
        month, day = _date_of(match, "q")  # type: ignore[misc]
        asked.append((_day_of_year(month, day),) * 2)
    if asked:
        return asked
    for match in _ASKED_MONTH.finditer(folded):
        month = _month(match.group("qmn") or match.group("qmv"))
        first, last = _PARTS.get(match.group("part") or "", (1, 31))
        asked.append(_whole_month(month, first, last))
    return asked


def _holds(period: Interval, time: Interval) -> bool:
    def inside(day: int) -> bool:
        start, end = period
        return start <= day <= end if start <= end else day >= start or day <= end

    return inside(time[0]) and inside(time[1])


def holds_asked_time(text: str, question: str) -> bool:
    """Whether a text states a period of the year that holds a time the question names."""
    times = asked_times(question)
    return bool(times) and any(_holds(p, t) for p in stated_periods(text) for t in times)
