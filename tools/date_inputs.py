"""Dates as employees write them: "2026-07-01", "01/07/2026", "1/7", "tháng 7", "tháng 7/2026", "07/2026",
"16 tháng 11 năm 2026", "1 October 2026", "October 1, 2026"."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from indexes.text import fold

_ISO_RE = re.compile(r"^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?$")
_DMY_RE = re.compile(r"^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{4}))?$")
_MONTH_RE = re.compile(r"^(?:thang|month)\s*(\d{1,2})(?:\s*(?:/|nam|năm|,)?\s*(\d{4}))?$")
_MY_RE = re.compile(r"^(\d{1,2})/(\d{4})$")
# "ngày 16 tháng 11 năm 2026", "16 tháng 11" (folded)
_VI_DAY_RE = re.compile(r"^(?:ngay\s+)?(\d{1,2})\s+thang\s+(\d{1,2})(?:\s*(?:nam|,|/)?\s*(\d{4}))?$")
_EN_MONTHS = {
    m: i
    for i, m in enumerate(
        "january february march april may june july august september october november december".split(), 1
    )
}


MONTH_ABBREVIATIONS = {
    "jan": "January", "feb": "February", "mar": "March", "apr": "April", "jun": "June", "jul": "July",
    "aug": "August", "sep": "September", "sept": "September", "oct": "October", "nov": "November", "dec": "December",
}  # fmt: skip
# an abbreviated month beside a day number or a year ("9 Sept", "Dec 7", "Dec. 10", "Sept 2026")
_ABBREVIATED_MONTH = re.compile(
    r"(?<=\d )("
    + "|".join(MONTH_ABBREVIATIONS)
    + r")\b\.?|\b("
    + "|".join(MONTH_ABBREVIATIONS)
    + r")\.?(?= \d)",
    re.IGNORECASE,
)


def written_out_months(text: str) -> str:
    """A text with its abbreviated months beside a number written out ("9 Sept" -> "9 September")."""
    return _ABBREVIATED_MONTH.sub(lambda m: MONTH_ABBREVIATIONS[(m.group(1) or m.group(2)).lower()], text)


YEARS = (1990, 2100)  # the years a date may name (as the calculators' reference_year)


class DateInputError(ValueError):
    """A date the calculator cannot understand or that does not exist (31/02)."""


@dataclass(frozen=True)
class DateInput:
    year: int | None
    month: int
    day: int | None  # None: a whole month ("tháng 7")
    raw: str

    def resolve(self, year: int) -> dt.date:
        # a written year must be a plausible one (year 0 too: it is not "no year"), so no date arithmetic
        # overflows past 9999 and "1900" is not taken at its word
        if self.year is not None and not YEARS[0] <= self.year <= YEARS[1]:
            raise DateInputError(f"'{self.raw}': the year must be {YEARS[0]}–{YEARS[1]}")
        y = year if self.year is None else self.year
        try:
            return dt.date(y, self.month, self.day or 1)
        except ValueError:
            raise DateInputError(f"'{self.raw}' is not a valid date (ngày không tồn tại)") from None

    @property
    def month_only(self) -> bool:
        return self.day is None


def parse_date_input(value: str | dt.date) -> DateInput:
    if isinstance(value, dt.date):
        return DateInput(value.year, value.month, value.day, value.isoformat())
    raw = value.strip()
    text = fold(written_out_months(raw)).strip().rstrip(".")
    for month_name, number in _EN_MONTHS.items():
        match = re.fullmatch(rf"{month_name}(?:\s+(\d{{4}}))?", text)
        if match:
            return _checked(DateInput(int(match.group(1)) if match.group(1) else None, number, None, raw))
        # "1 October 2026", "1st of October", "October 1, 2026"
        match = re.fullmatch(
            rf"(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{month_name},?(?:\s+(\d{{4}}))?", text
        )
        match = match or re.fullmatch(rf"{month_name}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?(?:\s+(\d{{4}}))?", text)
        if match:
            year = int(match.group(2)) if match.group(2) else None
            return _checked(DateInput(year, number, int(match.group(1)), raw))
    if m := _VI_DAY_RE.match(text):
        return _checked(
            DateInput(int(m.group(3)) if m.group(3) else None, int(m.group(2)), int(m.group(1)), raw)
        )
    if m := _ISO_RE.match(text):
        return _checked(
            DateInput(int(m.group(1)), int(m.group(2)), int(m.group(3)) if m.group(3) else None, raw)
        )
    if m := _MONTH_RE.match(text):
        return _checked(DateInput(int(m.group(2)) if m.group(2) else None, int(m.group(1)), None, raw))
    if m := _MY_RE.match(text):
        return _checked(DateInput(int(m.group(2)), int(m.group(1)), None, raw))
    if m := _DMY_RE.match(text):
        return _checked(
            DateInput(int(m.group(3)) if m.group(3) else None, int(m.group(2)), int(m.group(1)), raw)
        )
    raise DateInputError(
        f"cannot read the date '{raw}'; write it like 2026-07-01, 01/07/2026, 1/7 or 'tháng 7' (month 7)"
    )


def _checked(value: DateInput) -> DateInput:
    if not 1 <= value.month <= 12:
        raise DateInputError(f"'{value.raw}': month must be 1–12")
    if value.day is not None:
        value.resolve(value.year or 2024)  # 2024: a leap year, so 29/02 without a year passes here
    return value
