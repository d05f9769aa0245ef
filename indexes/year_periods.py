"""Times of the year a question names ("in late October", "ngày 15/10", "cuối tháng 10") and the periods of the
year a rule states ("from 1 September to 15 December", "từ ngày 01/9 đến ngày 30/11", "từ tháng 6 đến tháng 8"):
the rule whose period holds the asked time is the one about it (a peak season, a blackout period, a trip
season). Days are counted in a fixed year of 366 days, so a period over the new year ("01/12 – 28/02") wraps.
Texts are compared folded (``indexes.text.fold``)."""

from __future__ import annotations

import datetime as dt
import re

from indexes.text import fold, has_diacritics

_MONTHS_EN = "january february march april may june july august september october november december".split()
# no abbreviations: folded Vietnamese has "sep" (sếp, a boss), "mar"…; "may" is the verb ("you may take") and
# folded Vietnamese "máy", "mấy": a month only beside a day, in a text without accents
_MONTH_EN = "|".join(_MONTHS_EN)
_MONTH_EN_NO_MAY = "|".join(m for m in _MONTHS_EN if m != "may")
_DAY = r"(?:0?[1-9]|[12]\d|3[01])"
_MONTH_NUMBER = r"(?:0?[1-9]|1[0-2])"
_YEAR = r"(?:\s*/\s*\d{4}|\s+nam\s+\d{4})?"  # "15/10/2025", "tháng 12/2025", "tháng 10 năm 2025"
# a day and month in figures is a date after a word that dates it ("ngày 15/10", "từ 01/9", "by 31/3"), not a
# fraction or a rate ("1/2 lương", "24/7", "5/7 ngày")
_DATING_WORD = re.compile(r"(?:ngay|tu|den|truoc|sau|het|vao|on|by|before|from|until|after|to|[-–—])\s*$")
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
def _date(p: str, months: str) -> str:
    return (
        rf"(?:(?P<{p}d1>{_DAY})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<{p}m1>{months})\b"
        rf"|(?P<{p}m2>{months})\s+(?P<{p}d2>{_DAY})(?:st|nd|rd|th)?\b"
        rf"|(?P<{p}d3>{_DAY})\s*/\s*(?P<{p}m3>{_MONTH_NUMBER}){_YEAR}(?![\d/])(?!\s*(?:luong|ngay|tuan|%))"
        rf"|(?P<{p}d4>{_DAY})\s+thang\s+(?P<{p}m4>{_MONTH_NUMBER})\b{_YEAR})"
    )


# a month alone: "October", "tháng 10" (not "12 tháng 1 năm", "mỗi tháng 2 lần", "tháng 13", "lương tháng")
def _month_only(p: str) -> str:
    return (
        rf"(?:(?P<{p}mn>{_MONTH_EN_NO_MAY})\b"
        rf"|(?<!\d\s)(?<!moi\s)(?<!hang\s)thang\s+(?P<{p}mv>{_MONTH_NUMBER})\b{_YEAR}(?!\s*(?:luong|lan|/\d)))"
    )


def _date_of(match: re.Match[str], p: str) -> tuple[int, int] | None:
    for k in "1234":
        if match.group(f"{p}d{k}"):
            return _month(match.group(f"{p}m{k}")), int(match.group(f"{p}d{k}"))
    return None


_CONNECTOR = r"\s*(?:to|until|till|through|and|den(?:\s+het)?|toi|[-–—])\s*(?:(?:het\s+)?ngay\s+)?"


def _patterns(months: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """A period from date to date, from month to month, an asked date, an asked month (part)."""
    return (
        re.compile(
            rf"\b(?:from\s+|tu\s+(?:ngay\s+)?|between\s+)?{_date('a', months)}{_CONNECTOR}{_date('b', months)}"
        ),
        re.compile(rf"\b(?:from\s+|tu\s+|between\s+)?{_month_only('a')}{_CONNECTOR}{_month_only('b')}"),
        re.compile(rf"\b{_date('q', months)}"),
        re.compile(rf"\b(?:(?P<part>early|mid|late|dau|giua|cuoi)[-\s]+)?{_month_only('q')}"),
    )


_WITH_MAY = _patterns(_MONTH_EN)
_WITHOUT_MAY = _patterns(_MONTH_EN_NO_MAY)


def _for(text: str) -> tuple[re.Pattern[str], ...]:
    return _WITHOUT_MAY if has_diacritics(text) else _WITH_MAY


def stated_periods(text: str) -> list[Interval]:
    """The periods of the year a text states, from one date or month to another."""
    folded = fold(text)
    dates, months, _, _ = _for(text)
    periods = []
    for match in dates.finditer(folded):
        start, end = _date_of(match, "a"), _date_of(match, "b")
        if start and end and start != end:
            periods.append((_day_of_year(*start), _day_of_year(*end)))
    for match in months.finditer(folded):
        first = _month(match.group("amn") or match.group("amv"))
        last = _month(match.group("bmn") or match.group("bmv"))
        if first != last:
            periods.append((_whole_month(first)[0], _whole_month(last)[1]))
    return periods


# fixed-date holidays a question names instead of their date (folded). The lunar ones (Tết Nguyên đán, Giỗ Tổ
# Hùng Vương) move from year to year and are left out, as is a bare "năm mới" (often the lunar new year).
_NAMED_DAYS: list[tuple[re.Pattern[str], tuple[int, int]]] = [
    (re.compile(pattern), day)
    for pattern, day in (
        (r"\bchristmas eve\b", (12, 24)),
        (r"\b(?:christmas(?! eve)|xmas|giang sinh|noel)\b", (12, 25)),
        (r"\bnew year'?s eve\b", (12, 31)),
        (r"(?<!lunar )(?<!vietnamese )(?<!chinese )\bnew year(?!'?s eve)\b|\btet duong lich\b", (1, 1)),
        (r"\b(?:national day|quoc khanh)\b", (9, 2)),
        (r"\b(?:reunification day|giai phong mien nam)\b", (4, 30)),
        # not "may day": folded Vietnamese "máy đây", "mấy đấy" read so
        (r"\b(?:international )?(?:labou?r day|quoc te lao dong)\b", (5, 1)),
    )
]


def asked_times(question: str) -> list[Interval]:
    """The times of the year a question names: a date or a fixed-date holiday ("Christmas", "Quốc khánh"), or a
    month or part of one ("late October")."""
    folded = fold(question)
    _, _, dates, months = _for(question)
    asked = [(_day_of_year(*day),) * 2 for pattern, day in _NAMED_DAYS if pattern.search(folded)]
    for match in dates.finditer(folded):
        if (match.group("qd3") or match.group("qd4")) and not _DATING_WORD.search(folded[: match.start()]):
            continue  # "1/2 lương", "24/7", "12 tháng 1 năm": no date
        month, day = _date_of(match, "q")  # type: ignore[misc]
        asked.append((_day_of_year(month, day),) * 2)
    if asked:
        return asked
    for match in months.finditer(folded):
        month = _month(match.group("qmn") or match.group("qmv"))
        first, last = _PARTS.get(match.group("part") or "", (1, 31))
        asked.append(_whole_month(month, first, last))
    return asked


def _holds(period: Interval, time: Interval) -> bool:
    def inside(day: int) -> bool:
        start, end = period
        return start <= day <= end if start <= end else day >= start or day <= end

    return inside(time[0]) and inside(time[1])


def holds_asked_time(text: str, times: list[Interval]) -> bool:
    """Whether a text states a period of the year that holds one of the asked times (``asked_times``)."""
    return bool(times) and any(_holds(p, t) for p in stated_periods(text) for t in times)
