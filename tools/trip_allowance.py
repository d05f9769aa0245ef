"""A business trip's allowances: the daily allowance times the trip's days and the hotel cap times its nights,
at the norms the documents state for the employee's staff group and the destination (``tools.trip_norms``).

Days count from the day of departure to the day of return, both included; nights are one fewer; a day trip is
one day and no night, paid the day-trip rate (its own column, or the stated share of the daily allowance). A
norm changed from a date applies to the trip's days from that date; a shared room's cap is the stated multiple
of one person's cap. Nothing is assumed: a group, a place or a norm the documents leave open is asked for.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Literal

from pydantic import BaseModel, Field

from indexes.staff_groups import row_via_directory
from indexes.text import fold
from tools.leave_calculator import LeaveStep
from tools.leave_policy import ParamSource
from tools.trip_norms import NormCell, NormKind, TripNorms, fold_place, in_vietnam

TripPart = Literal["per_diem", "hotel", "both"]
MAX_TRIP_DAYS = 366


class TripInputError(ValueError):
    """Inputs the calculator cannot use (an end before the start, no days at all)."""


class TripAllowanceResult(BaseModel):
    days: int
    nights: int
    group: str | None = None
    per_diem_total: int | None = None
    hotel_per_night: int | None = None
    hotel_total: int | None = None
    total: int | None = None
    currency: str = "VND"
    steps: list[LeaveStep]
    steps_en: list[str] = Field(default_factory=list)
    policy_sources: dict[str, ParamSource] = Field(default_factory=dict)
    answer: str
    answer_en: str = ""


def _vnd(value: float, currency: str = "VND") -> str:
    return f"{round(value):,}".replace(",", ".") + (" đồng" if currency == "VND" else f" {currency}")


def _en(value: float, currency: str = "VND") -> str:
    return f"{round(value):,} {currency}"


def _names_place(label: str, destination: str) -> bool:
    """Whether a place label names the destination ("Hà Nội, TP. HCM, Đà Nẵng" names "HCMC")."""
    places = [_place_name(p) for p in re.split(r",|;|\bvà\b|\band\b|/", re.sub(r"\(.*?\)", " ", label))]
    asked = f" {fold_place(destination)} "
    return any(len(p) > 2 and f" {p} " in asked for p in places)


def _place_name(text: str) -> str:
    """A place of a label without what precedes it ("Khách sạn tại Hà Nội" → ha noi, "TP. Hồ Chí Minh")."""
    name = re.sub(r"^.*\b(?:tai|in|at)\s+", "", fold_place(text))
    return re.sub(r"^(?:tp|thanh pho|tinh|city of)\s+|\s+(?:city|province)$", "", name).strip()


def _is_other(label: str) -> bool:
    return bool(re.search(r"\b(?:khac|other|others|con lai|trong nuoc|domestic)\b", fold(label)))


def _for_group(cells: list[NormCell], employee: str | None, directory: list[str]) -> list[NormCell]:
    """The cells of the employee's staff group, resolved in each table among that table's group labels."""
    out: list[NormCell] = []
    tables = dict.fromkeys(c.table for c in cells)
    for table in tables:
        own = [c for c in cells if c.table == table]
        labels = list(dict.fromkeys(c.group for c in own))
        if len(labels) == 1:  # one amount for everyone (its label names the item, not a group)
            out += [c.model_copy(update={"group": ""}) for c in own]
            continue
        rows = [_Label(text=label) for label in labels]
        found = row_via_directory(rows, employee, directory)
        if found is not None:
            out += [c for c in own if c.group == found.text]
    return out


class _Label(BaseModel):
    text: str


def _for_place(cells: list[NormCell], destination: str | None) -> list[NormCell]:
    """The cells for the destination: those whose place label names it, else the cells for other places."""
    placed = [c for c in cells if c.place]
    if not placed:
        return cells
    if destination:
        named = [c for c in cells if c.place and _names_place(c.place, destination)]
        if named:
            return named
        return [c for c in cells if not c.place or (_is_other(c.place) and not c.abroad)]
    if len({c.place for c in placed}) == 1:
        return cells
    return []


def _norm(
    norms: TripNorms,
    kind: NormKind,
    employee: str | None,
    destination: str | None,
    day_trip: bool,
) -> list[NormCell]:
    """The cells that apply: the kind, the staff group, the place and the kind of trip; one per date."""
    cells = [c for c in norms.cells if c.kind == kind]
    abroad = [c for c in cells if c.abroad and destination and c.place and _names_place(c.place, destination)]
    if not abroad and any(c.abroad for c in cells) and destination and not in_vietnam(destination):
        raise LookupError(
            f"is “{destination}” in Vietnam? the documents state norms abroad too: "
            + "; ".join(sorted({c.place for c in cells if c.abroad and c.place})[:8])
        )
    cells = abroad or [c for c in cells if not c.abroad]
    cells = _for_group(cells, employee, norms.directory)
    cells = _for_place(cells, destination)
    if kind == "per_diem":
        wanted = [c for c in cells if c.day_trip is day_trip]
        cells = wanted or [c for c in cells if c.day_trip is None]
    return cells


def _rate_on(cells: list[NormCell], day: dt.date) -> NormCell | None:
    dated = [c for c in cells if c.effective_from is not None and c.effective_from <= day]
    if dated:
        return max(dated, key=lambda c: c.effective_from or dt.date.min)
    base = [c for c in cells if c.effective_from is None]
    return base[0] if len({c.amount for c in base}) == 1 else None


def _ask(kind: NormKind, cells: list[NormCell], norms: TripNorms) -> str:
    stated = sorted({f"{c.group} {c.place}".strip() for c in norms.cells if c.kind == kind})
    what = "phụ cấp lưu trú" if kind == "per_diem" else "định mức khách sạn"
    return (
        f"cannot tell which {what} applies: give the staff group (cấp bậc, ngạch) and the destination; "
        f"the documents state it for: {'; '.join(stated[:12])}"
    )


def calculate(
    norms: TripNorms,
    *,
    employee: str | None,
    destination: str | None,
    start: dt.date | None,
    end: dt.date | None,
    days: int | None,
    nights: int | None,
    day_trip: bool,
    shared_room: bool,
    part: TripPart,
    today: dt.date,
) -> TripAllowanceResult:
    if start and end:
        if end < start:
            raise TripInputError("the trip's return date is before its departure date")
        days = (end - start).days + 1
    if day_trip:
        days, nights = 1, 0
    per_unit = not days and not nights and part != "both"  # one night's cap or one day's rate asked
    if not days and (nights or part == "hotel"):  # a hotel cap asked per night
        nights = nights or 1
        days = nights + 1
    if per_unit and part == "per_diem":
        days, nights = 1, 0
    if not days or days < 1 or days > MAX_TRIP_DAYS:
        raise TripInputError("give the trip's dates, or its number of days (and nights)")
    nights = days - 1 if nights is None else nights
    first = start or today
    dates = [first + dt.timedelta(days=i) for i in range(days)]
    steps: list[LeaveStep] = []
    steps_en: list[str] = []
    sources: dict[str, ParamSource] = {}
    result: dict = {"days": days, "nights": nights}
    currency = "VND"
    total = 0.0
    if part in ("per_diem", "both"):
        cells = _norm(norms, "per_diem", employee, destination, day_trip)
        rates = [_rate_on(cells, d) for d in dates]
        if not cells or any(r is None for r in rates):
            raise LookupError(_ask("per_diem", cells, norms))
        share = 100
        if day_trip and all(r.day_trip is not True for r in rates if r):
            if norms.day_trip_share is None or norms.day_trip_source is None:
                raise LookupError("the documents state no daily allowance for a day trip")
            share = norms.day_trip_share
            sources["day_trip_share"] = norms.day_trip_source
        per_diem = 0.0
        runs: list[tuple[NormCell, int]] = []
        for rate in rates:
            assert rate is not None
            if runs and runs[-1][0] is rate:
                runs[-1] = (rate, runs[-1][1] + 1)
            else:
                runs.append((rate, 1))
        for i, (rate, count) in enumerate(runs):
            amount = rate.amount * share / 100
            per_diem += amount * count
            currency = rate.currency
            sources[f"per_diem{'' if i == 0 else f'_{i + 1}'}"] = rate.source
            since = (
                f" (mức từ {rate.effective_from:%d/%m/%Y})" if rate.effective_from and len(runs) > 1 else ""
            )
            since_en = (
                f" (rate from {rate.effective_from:%d/%m/%Y})"
                if rate.effective_from and len(runs) > 1
                else ""
            )
            of = f"{share}% × " if share != 100 else ""
            steps.append(
                LeaveStep(
                    text=f"Phụ cấp lưu trú{since}: {count} ngày × {of}{_vnd(rate.amount, rate.currency)} "
                    f"= {_vnd(amount * count, rate.currency)}{_whose(rate)}.",
                    rule=f"per_diem ({rate.source.doc_id} › {rate.source.node_id})",
                )
            )
            steps_en.append(
                f"Daily allowance{since_en}: {count} day(s) × {of}{_en(rate.amount, rate.currency)} "
                f"= {_en(amount * count, rate.currency)}{_whose(rate)}."
            )
        result["per_diem_total"] = round(per_diem)
        total += per_diem
    if part in ("hotel", "both") and nights > 0 or part == "hotel":
        cells = _norm(norms, "hotel", employee, destination, False)
        rate = _rate_on(cells, dates[0])
        if not cells or rate is None:
            raise LookupError(_ask("hotel", cells, norms))
        factor = 1.0
        if shared_room:
            if norms.shared_room_factor is None or norms.shared_room_source is None:
                raise LookupError("the documents state no cap for a shared room")
            factor = norms.shared_room_factor
            sources["shared_room"] = norms.shared_room_source
        night_rate = rate.amount * factor
        count = max(nights, 1) if part == "hotel" else nights
        sources["hotel"] = rate.source
        room = f"{factor:g} × " if factor != 1 else ""
        shared_vi = " cho một phòng ở chung" if shared_room else ""
        shared_en = " for a shared room" if shared_room else ""
        steps.append(
            LeaveStep(
                text=f"Khách sạn tối đa{shared_vi}: {count} đêm × {room}{_vnd(rate.amount, rate.currency)} "
                f"= {_vnd(night_rate * count, rate.currency)}{_whose(rate)}.",
                rule=f"hotel ({rate.source.doc_id} › {rate.source.node_id})",
            )
        )
        steps_en.append(
            f"Hotel cap{shared_en}: {count} night(s) × {room}{_en(rate.amount, rate.currency)} "
            f"= {_en(night_rate * count, rate.currency)}{_whose(rate)}."
        )
        result["hotel_per_night"] = round(night_rate)
        result["hotel_total"] = round(night_rate * count)
        total += night_rate * count
        currency = rate.currency
    result["total"] = round(total)
    vi, en = _answers(result, currency, day_trip)
    if per_unit and part == "per_diem":
        rate = result["per_diem_total"]
        vi = f"Phụ cấp lưu trú là {_vnd(rate, currency)} một ngày" + (
            " (đi về trong ngày)." if day_trip else "."
        )
        en = f"The daily allowance is {_en(rate, currency)} a day" + (" (day trip)." if day_trip else ".")
    elif per_unit:
        shared_vi = " cho một phòng ở chung" if shared_room else ""
        shared_en = " for a shared room" if shared_room else ""
        vi = f"Tiền khách sạn tối đa{shared_vi} là {_vnd(result['hotel_per_night'], currency)} một đêm."
        en = f"The hotel cap{shared_en} is {_en(result['hotel_per_night'], currency)} a night."
    return TripAllowanceResult(
        **result,
        currency=currency,
        group=None,
        steps=steps,
        steps_en=steps_en,
        policy_sources=sources,
        answer=vi,
        answer_en=en,
    )


def _whose(cell: NormCell) -> str:
    """The group and place a norm is for, as the documents name them: " (“L3”, Hà Nội, TP. HCM)"."""
    named = [f"“{cell.group}”" if cell.group else "", re.sub(r"\s*\([^()]*\)", "", cell.place)]
    named = [n for n in named if n]
    return f" ({', '.join(named)})" if named else ""


def _answers(result: dict, currency: str, day_trip: bool) -> tuple[str, str]:
    days, nights = result["days"], result["nights"]
    trip_vi = "chuyến đi về trong ngày" if day_trip else f"chuyến công tác {days} ngày {nights} đêm"
    trip_en = "a day trip" if day_trip else f"a {days}-day, {nights}-night trip"
    vi, en = [], []
    if result.get("per_diem_total") is not None:
        vi.append(f"phụ cấp lưu trú {_vnd(result['per_diem_total'], currency)}")
        en.append(f"a daily allowance of {_en(result['per_diem_total'], currency)}")
    if result.get("hotel_total") is not None:
        vi.append(f"tiền khách sạn tối đa {_vnd(result['hotel_total'], currency)}")
        en.append(f"hotel costs of up to {_en(result['hotel_total'], currency)}")
    both = len(vi) == 2
    total_vi = f"; tổng cộng tối đa {_vnd(result['total'], currency)}" if both else ""
    total_en = f"; {_en(result['total'], currency)} in all at most" if both else ""
    return (
        f"Với {trip_vi}, bạn được {' và '.join(vi)}{total_vi}.",
        f"For {trip_en} you get {' and '.join(en)}{total_en}.",
    )
