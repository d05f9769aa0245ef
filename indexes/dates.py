"""ISO 8601 dates of document versions: parsing (with a clear error) and ordering."""

from __future__ import annotations

import datetime as dt
import re


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def parse_date(value: str) -> str:
    """An ISO 8601 date or date-time, normalised (naive times are UTC); ValueError saying how when invalid."""
    text = value.strip()
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            return dt.date.fromisoformat(text).isoformat()
        moment = dt.datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(
            f"invalid date {value!r}: use ISO 8601, e.g. 2026-11-23 or 2026-11-23T09:00:00Z"
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.isoformat(timespec="seconds")


def date_order(value: str | None) -> dt.datetime:
    """A comparable moment for a stored ISO date (a date is midnight UTC; none is the earliest)."""
    if not value:
        return dt.datetime.min.replace(tzinfo=dt.UTC)
    try:
        moment = dt.datetime.fromisoformat(value)
    except ValueError:
        return dt.datetime.min.replace(tzinfo=dt.UTC)
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
