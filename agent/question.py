"""Reading a question the way the offline planner needs: its intent and the dates it mentions."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.language import language_of
from indexes.search.query_terms import parse_refs
from indexes.text import fold, nfc

# Cue words (folded). A month mention takes the role of the cue in its clause.
START_CUES = (
    "thu viec",
    "vao lam",
    "bat dau",
    "vao cong ty",
    "nhan viec",
    "join",
    "start",
    "probation",
    "hired",
)
CONFIRM_CUES = ("chinh thuc", "ky hop dong", "ky hdld", "confirm", "official", "permanent", "het thu viec")
END_CUES = ("nghi viec", "thoi viec", "nghi han", "quit", "resign", "left the company", "leave the company")
LEAVE_CUES = (
    "phep",
    "nghi hang nam",
    "nghi nam",
    "annual leave",
    "leave day",
    "days off",
    "days of leave",
    "leave",
)
ENTITLEMENT_CUES = (
    "phep",
    "nghi hang nam",
    "nghi nam",
    "annual leave",
    "leave day",
    "days of leave",
    "days off",
)
QUANTITY_CUES = (
    "bao nhieu",
    "may ngay",
    "may gio",
    "toi da",
    "toi thieu",
    "muc ",
    "dinh muc",
    "how many",
    "how much",
    "maximum",
    "minimum",
    "limit",
    "lai suat",
    "bao lau",
    "how long",
    "ho tro",
    "duoc vay",
    "duoc nghi",
)
HEAVY_CUES = {
    "dac biet nang nhoc": "especially_heavy",
    "especially heavy": "especially_heavy",
    "nang nhoc": "heavy",
    "doc hai": "heavy",
    "heavy": "heavy",
    "hazardous": "heavy",
}
_CLAUSE_SPLIT_RE = re.compile(r",|;|\bthi\b|\bnhung\b|\bneu\b|\bif\b|\band\b|\bthen\b|\bva\b|\bcon\b")
_DATE_RE = re.compile(
    r"\b\d{4}-\d{1,2}(?:-\d{1,2})?\b|\b\d{1,2}/\d{1,2}(?:/\d{4})?\b|\bthang\s*\d{1,2}(?:\s*/\s*\d{4})?\b"
    r"|\b(?:january|february|march|april|may|june|july|august|september|october|november|december)"
    r"(?:\s+\d{4})?\b"
)
_DAYS_TAKEN_RE = re.compile(
    r"(?:da nghi|nghi roi|already taken|took|used)\s*(\d+(?:[.,]\d+)?)\s*(?:ngay|days?)"
)
_YEARS_RE = re.compile(r"(\d{1,2})\s*(?:nam|years?)\s*(?:lam viec|tham nien|of service|service)")
# Years of work stated without dates ("đã làm ở công ty được 11 năm", "worked here for 6 years") (folded).
_SERVICE_RE = re.compile(r"\b(\d{1,2})\s*(?:full\s+|whole\s+)?(?:nam|years?)\b")
_SERVICE_CUES = (
    "lam",
    "work",
    "been with",
    "been here",
    "cong ty",
    "tham nien",
    "service",
    "employed",
    "roi",
    "duoc",
)


@dataclass
class LeaveArgs:
    probation_start: str | None = None
    confirmation_date: str | None = None
    as_of: str | None = None
    end_date: str | None = None
    days_taken: float = 0.0
    years_of_service: int | None = None
    work_conditions: str = "normal"

    def to_args(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v not in (None, 0.0, "normal")}


@dataclass
class Question:
    text: str
    intent: str  # "leave_calculation" | "article" | "title" | "quantity" | "search"
    leave: LeaveArgs = field(default_factory=LeaveArgs)
    dates_found: int = 0


# A question about a whole year's leave ("năm nay được mấy ngày phép", "for 2026 in total"), not about the days
# usable today ("hôm nay còn bao nhiêu ngày", "how many can I use now") (folded).
_YEAR_TOTAL_RE = re.compile(
    r"\b(?:ca nam|tong cong|tong so|in total|whole year|full year|for the year|for \d{4}"
    r"|(?:nam nay|nam \d{4})\s+(?:\w+\s+){0,2}duoc"  # "năm nay (tôi) được", not "vào làm năm nay"
    r"|(?:get|have|earn|entitled to)\s+(?:\w+\s+){0,3}(?:this year|in \d{4}))\b"
)
_SO_FAR_RE = re.compile(
    r"\b(?:hom nay|hien tai|hien gio|bay gio|den nay|tinh den|con lai|con bao nhieu|duoc dung|su dung duoc|"
    r"today|now|so far|currently|left|remaining|can i use|can use|usable)\b"
)


def asks_year_total(text: str) -> bool:
    """Whether a leave question asks for the year's whole entitlement rather than the days usable so far."""
    folded = " ".join(fold(text).split())
    return bool(_YEAR_TOTAL_RE.search(folded)) and not _SO_FAR_RE.search(folded)


def _has(text: str, cues: tuple[str, ...]) -> bool:
    return any(c in text for c in cues)


def extract_leave_args(folded: str) -> tuple[LeaveArgs, int]:
    """Assign each date mention a role from the cue words in its clause."""
    args = LeaveArgs()
    found = 0
    for clause in _CLAUSE_SPLIT_RE.split(folded):
        for match in _DATE_RE.finditer(clause):
            found += 1
            value = match.group(0).replace("thang", "tháng")
            if _has(clause, CONFIRM_CUES) and not args.confirmation_date:
                args.confirmation_date = value
            elif _has(clause, END_CUES) and not args.end_date:
                args.end_date = value
            elif _has(clause, START_CUES) and not args.probation_start:
                args.probation_start = value
            elif not args.as_of:
                args.as_of = value
    if m := _DAYS_TAKEN_RE.search(folded):
        args.days_taken = float(m.group(1).replace(",", "."))
    if m := _YEARS_RE.search(folded):
        args.years_of_service = int(m.group(1))
    for cue, condition in HEAVY_CUES.items():
        if cue in folded:
            args.work_conditions = condition
            break
    return args, found


_MONTH_NAMES = frozenset(
    "january february march april may june july august september october november december".split()
)


def _without_false_months(text: str) -> str:
    """The question folded, except Vietnamese words that fold into an English month name: "mấy ngày" and,
    in Vietnamese typed without accents, "may ngay" ask "how many days", not about May."""
    english = language_of(text) == "en"

    def word(m: re.Match[str]) -> str:
        folded = fold(m.group(0))
        is_month = folded in _MONTH_NAMES and english and folded == m.group(0).lower()
        return "_" if folded in _MONTH_NAMES and not is_month else folded

    return " ".join(re.sub(r"\w+", word, text).split())


def analyse(text: str) -> Question:
    text = nfc(text).strip()
    folded = " ".join(fold(text).split())
    leave, found = extract_leave_args(_without_false_months(text))
    about_leave = _has(folded, LEAVE_CUES)
    has_dates = found > 0 and (leave.probation_start or leave.confirmation_date or leave.end_date)
    entitlement = _has(folded, ENTITLEMENT_CUES)  # annual leave itself, not "leave the company"
    service = (
        _SERVICE_RE.search(folded) if entitlement and not found and _has(folded, _SERVICE_CUES) else None
    )
    if service and _has(folded, QUANTITY_CUES):  # "làm 11 năm rồi, năm nay được bao nhiêu ngày phép?"
        leave.years_of_service = int(service.group(1))
    if about_leave and (has_dates or leave.years_of_service is not None and not found):
        intent = "leave_calculation"
    elif any(r.article for r in parse_refs(text)):
        intent = "article"
    elif _has(folded, QUANTITY_CUES):
        intent = "quantity"
    elif len(folded.split()) <= 6 and "?" not in text:
        intent = "title"
    else:
        intent = "search"
    return Question(text=text, intent=intent, leave=leave, dates_found=found)
