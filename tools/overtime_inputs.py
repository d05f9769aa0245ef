"""Overtime as employees write it: a monthly wage ("7.800.000 đồng", "10,4 triệu", "12 million VND"), hours ("2
giờ", "3 tiếng", "4 hours") or a span ("từ 17h đến 19h", "from 6pm to 9pm"), and the kind of day ("Chủ nhật",
"ngày lễ", "a public holiday", an ordinary day otherwise)."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from indexes.text import fold
from tools.errors import ToolFailure
from tools.overtime_pay import DayKind

_MILLION = r"(?:trieu|tr|million|mil|m)\b"
_MONEY = re.compile(
    rf"(\d{{1,3}}(?:[.,]\d{{3}}){{2,}}|\d{{5,}}|\d{{1,3}}[.,]\d{{3}}(?=\s*(?:dong|d\b|vnd|₫)))"
    rf"\s*(?:dong|d\b|vnd|₫)?"  # 7.800.000 (đồng), 7800000, 20.000 đồng
    rf"|(\d{{1,3}}(?:[.,]\d{{1,3}})?)\s*{_MILLION}\s*(?:dong|vnd)?"  # 7,8 triệu, 12 million
)
MONEY_RE = (
    _MONEY  # an amount as employees write it, in folded text (its group 0 is what ``parse_money`` reads)
)
_WAGE_CUE = re.compile(r"\b(?:luong|thu nhap|salary|wage|pay|offer|earn)")
_HOURS = re.compile(
    r"(\d{1,2}(?:[.,]\d)?)\s*(?:(?:extra|more|additional)\s+)?(?:gio|tieng|h|hours?|hrs?)\b(?!\s*\d)"
)  # "2 hours", "2 extra hours", "3 tiếng"
_CLOCK = r"(\d{1,2})(?:\s*(?::|h|gio)\s*(\d{2}))?\s*(?:h|gio)?\s*(am|pm|a\.m\.|p\.m\.|sang|chieu|toi|dem)?"
_SPAN = re.compile(rf"(?:tu|from)\s*{_CLOCK}\s*(?:den|toi|to|until|till|-|–)\s*{_CLOCK}")
_OVERTIME_CUE = re.compile(r"\b(?:lam them|tang ca|overtime|ot)\b")
# hours worked beyond the shift, said without the word overtime: "stayed 3 hours after my shift", "ở lại sau ca"
_EXTRA_HOURS_CUE = re.compile(
    r"\b(?:after (?:my |the )?(?:shift|work)|stay(?:ed)? (?:late|back|on)|stayed|o lai|sau ca|sau gio lam)\b"
)
_NIGHT_HOURS = re.compile(r"\b(?:ban dem|ca dem|at night|overnight|night shift)\b")
_DAY_CUES: dict[DayKind, re.Pattern[str]] = {
    "holiday": re.compile(
        r"\b(?:ngay le|nghi le|le tet|tet|quoc khanh|30/4|1/5|01/05|2/9|02/09|holidays?|national day|new year)\b"
    ),
    "weekly_rest": re.compile(
        r"\b(?:chu nhat|ngay nghi hang tuan|nghi hang tuan|nghi tuan|cuoi tuan|sundays?|weekends?|rest day"
        r"|(?:on|during) (?:my|a|the) (?:weekly )?days? off|my (?:weekly )?days? off)\b"
    ),
}


@dataclass(frozen=True)
class OvertimeInputs:
    monthly_wage: int | None
    hours: float | None
    start: dt.time | None
    end: dt.time | None
    night_hours: float | None
    day_kind: DayKind
    day_kind_stated: bool


def parse_money(text: str) -> int | None:
    """The first amount of money in a text, in đồng ("7.800.000 đồng" → 7800000, "10,4 triệu" → 10400000)."""
    for m in _MONEY.finditer(fold(text)):
        if m.group(1):
            return int(re.sub(r"[.,]", "", m.group(1)))
        if m.group(2):
            return round(float(m.group(2).replace(",", ".")) * 1_000_000)
    return None


MINUS = ("-", "−", "–")


def amount_argument(name: str, value: str) -> int | ToolFailure:
    """A tool's amount argument as the caller wrote it ("7,8 triệu", "12 million VND", "8000000"), or a clear
    failure naming it: a negative or unreadable amount is none ("-5 triệu" would read as 5 triệu)."""
    amount = (
        None
        if value.strip().startswith(MINUS)
        else parse_money(value) or (int(value) if value.strip().isdecimal() else None)
    )
    if not amount:
        return ToolFailure(error="invalid_arguments", message=f"{name} {value!r} is not an amount in đồng")
    return amount


def wage_argument(monthly_wage: str) -> int | ToolFailure:
    """The month's wage argument of the pay calculators: a negative one is said to be negative."""
    if monthly_wage.strip().startswith(MINUS):
        return ToolFailure(
            error="invalid_arguments",
            message=f"monthly_wage {monthly_wage!r} is negative; give the month's wage",
        )
    return amount_argument("monthly_wage", monthly_wage)


def _clock(hour: str, minute: str | None, half: str | None) -> dt.time | None:
    h, mi = int(hour), int(minute or 0)
    half = (half or "").replace(".", "")
    if half in ("pm", "chieu", "toi") and h < 12:
        h += 12
    if half == "dem" and 6 <= h < 12:
        h += 12
    if half == "am" and h == 12:
        h = 0
    if not (0 <= h <= 24 and 0 <= mi < 60):
        return None
    return dt.time(h % 24, mi)


_CLOCK_WORDS = ((re.compile(r"\bmidnight\b"), "12am"), (re.compile(r"\b(?:noon|midday)\b"), "12pm"))


def clock_words(folded: str) -> str:
    """A folded text with the times of day said in words written as clock times: "from midnight to 2am" is from
    12am, "noon" 12pm."""
    for pattern, clock in _CLOCK_WORDS:
        folded = pattern.sub(clock, folded)
    return folded


def parse_span(text: str) -> tuple[dt.time, dt.time] | None:
    """A time span "từ 17h đến 19h", "17:00 – 19:00", "from 6pm to 9pm"; the end may be past midnight."""
    m = _SPAN.search(clock_words(fold(text)))
    if not m:
        return None
    start = _clock(m.group(1), m.group(2), m.group(3) or m.group(6))
    end = _clock(m.group(4), m.group(5), m.group(6))
    if start is None or end is None or start == end:
        return None
    return start, end


def parse_inputs(text: str) -> OvertimeInputs:
    """What an overtime question states: the wage, the hours or span, the kind of day."""
    folded = clock_words(fold(text))
    wage = None
    for m in _MONEY.finditer(folded):  # the amount next to a wage word (not a meal allowance's 20.000 đồng)
        before = folded[max(0, m.start() - 40) : m.start()]
        if _WAGE_CUE.search(before):
            wage = parse_money(m.group(0))
            break
    wage = wage or parse_money(text)
    span = parse_span(text)
    without_span = _SPAN.sub(" ", folded)
    # the hours of the clause about overtime, when another states a schedule ("I work 8 hours a day and did 2
    # hours of overtime")
    clauses = [c for c in _CLAUSE_BREAK.split(without_span) if _HOURS.search(c)]
    about = [c for c in clauses if _OVERTIME_CUE.search(c)]
    hours_match = _HOURS.search(about[0] if about else without_span)
    hours = float(hours_match.group(1).replace(",", ".")) if hours_match and not span else None
    night = hours if hours is not None and _NIGHT_HOURS.search(folded) else None
    kind: DayKind = "ordinary"
    stated = False
    for candidate, cue in _DAY_CUES.items():
        if cue.search(folded):
            kind, stated = candidate, True
            break
    return OvertimeInputs(
        monthly_wage=wage,
        hours=hours,
        start=span[0] if span else None,
        end=span[1] if span else None,
        night_hours=night,
        day_kind=kind,
        day_kind_stated=stated,
    )


# A day named in an overtime question ("on Tuesday", "Chủ nhật", "ngày lễ"), folded
_DAY_NAME = re.compile(
    r"\b(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekdays?|weekends?|"
    r"holidays?|rest days?|national day|new year|thu (?:hai|ba|tu|nam|sau|bay|[2-7])|chu nhat|ngay le|nghi le|"
    r"ngay thuong|ngay nghi hang tuan|cuoi tuan|tet|quoc khanh|30/4|1/5|01/05|2/9|02/09)\b"
)
# where one day's account ends and the next begins: "and", "và", "còn", a comma or semicolon (not "9,600,000"),
# the end of a sentence (not "9.600.000")
_CLAUSE_BREAK = re.compile(r"\b(?:and|va|con|plus)\b|;|,(?!\d)|[.?!](?=\s|$)")


@dataclass(frozen=True)
class OvertimeDayInputs:
    hours: float | None
    start: dt.time | None
    end: dt.time | None
    night_hours: float | None
    day_kind: DayKind


def parse_days(text: str) -> list[OvertimeDayInputs]:
    """The days of overtime a question states one by one ("3 hours after my shift on Tuesday and 8 hours on
    Sunday", "thứ Ba làm thêm 3 tiếng, Chủ nhật 8 tiếng"): each clause naming a day and its hours (or span), from
    the first clause that speaks of overtime on, is one day. Hours before it are a schedule ("ngày thường làm 8
    tiếng, Chủ nhật làm thêm 4 tiếng"), hours with no day named are no day ("my shift is 8 hours a day"). Fewer
    than two days give an empty list: the question is about one day."""
    days: list[OvertimeDayInputs] = []
    overtime_said = False
    for clause in _CLAUSE_BREAK.split(clock_words(fold(text))):
        overtime_said = overtime_said or bool(_OVERTIME_CUE.search(clause) or _EXTRA_HOURS_CUE.search(clause))
        span = parse_span(clause)
        hours_match = _HOURS.search(_SPAN.sub(" ", clause))
        if not (span or hours_match) or not overtime_said or not _DAY_NAME.search(clause):
            continue
        hours = float(hours_match.group(1).replace(",", ".")) if hours_match and not span else None
        kind: DayKind = next((k for k, cue in _DAY_CUES.items() if cue.search(clause)), "ordinary")
        night = hours if hours is not None and _NIGHT_HOURS.search(clause) else None
        days.append(
            OvertimeDayInputs(hours, span[0] if span else None, span[1] if span else None, night, kind)
        )
    return days if len(days) > 1 else []
