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

from pydantic import BaseModel

from indexes.staff_groups import row_via_directory
from indexes.text import fold
from tools.calculation import CalculationResult, CalculationStep
from tools.leave_calculator import fmt_money
from tools.leave_policy import ParamSource
from tools.trip_norms import (
    MEALS,
    NormCell,
    NormKind,
    PlaceShare,
    TripNorms,
    country_key,
    country_of,
    fold_place,
    in_vietnam,
    is_abroad_label,
)

TripPart = Literal["per_diem", "hotel", "both"]
MealName = Literal["breakfast", "lunch", "dinner"]
MAX_TRIP_DAYS = 366


class TripInputError(ValueError):
    """Inputs the calculator cannot use (an end before the start, no days at all)."""


class TripAllowanceResult(CalculationResult):
    days: int
    nights: int
    group: str | None = None
    per_diem_total: int | None = None
    hotel_per_night: int | None = None
    hotel_total: int | None = None
    total: int | None = None
    currency: str = "VND"


def _vnd(value: float, currency: str = "VND") -> str:
    return fmt_money(value) + (" đồng" if currency == "VND" else f" {currency}")


def _en(value: float, currency: str = "VND") -> str:
    return f"{round(value):,} {currency}"


def _names_place(label: str, destination: str) -> bool:
    """Whether a place label names the destination ("Hà Nội, TP. HCM, Đà Nẵng" names "HCMC"; "Japan" names "Nhật
    Bản", a country being one name in either language)."""
    # a place the label includes in brackets counts ("Đà Nẵng (kể cả Hội An)"); other bracketed words do not
    label = re.sub(
        r"\(\s*(?:kể cả|bao gồm|gồm|including|incl\.?)\s+([^()]*)\)", r", \1", label, flags=re.IGNORECASE
    )
    places = [_place_name(p) for p in re.split(r",|;|\bvà\b|\band\b|/", re.sub(r"\(.*?\)", " ", label))]
    asked = f" {fold_place(destination)} "
    country = country_key(_ABROAD_WORDS.sub(" ", destination))  # "Nhật Bản nước ngoài": the country
    return any((len(p) > 2 and f" {p} " in asked) or (p and country_key(p) == country) for p in places)


_ABROAD_WORDS = re.compile(r"(?i)\b(?:nước ngoài|nuoc ngoai|overseas|abroad)\b")


def _place_name(text: str) -> str:
    """A place of a label without what precedes it ("Khách sạn tại Hà Nội" → ha noi, "TP. Hồ Chí Minh")."""
    name = re.sub(r"^.*\b(?:tai|in|at)\s+", "", fold_place(text))
    return re.sub(r"^(?:cac\s+)?(?:tp|thanh pho|tinh|city of)\s+|\s+(?:city|province)$", "", name).strip()


def _is_other(label: str) -> bool:
    return bool(re.search(r"\b(?:khac|other|others|con lai|trong nuoc|domestic)\b", fold(label)))


def _for_group(cells: list[NormCell], employee: str | None, directory: list[str]) -> list[NormCell]:
    """The cells of the employee's staff group, resolved in each table among that table's group labels. A table
    with one label is for everyone, unless that label is a group another table names (a notice changing only
    L3's rate): then it is that group's."""
    out: list[NormCell] = []
    tables = dict.fromkeys(c.table for c in cells)
    labels_of = {t: list(dict.fromkeys(c.group for c in cells if c.table == t)) for t in tables}
    groups = list(dict.fromkeys(g for labels in labels_of.values() if len(labels) > 1 for g in labels))
    mine = row_via_directory([_Label(text=g) for g in groups], employee, directory) if groups else None
    for table in tables:
        own = [c for c in cells if c.table == table]
        labels = labels_of[table]
        if len(labels) == 1 and labels[0] not in groups:  # one amount for everyone (the label names the item)
            out += [c.model_copy(update={"group": ""}) for c in own]
            continue
        if len(labels) == 1:
            out += own if mine is not None and mine.text == labels[0] else []
            continue
        found = row_via_directory([_Label(text=label) for label in labels], employee, directory)
        if found is not None:
            out += [c for c in own if c.group == found.text]
    return out


class _Label(BaseModel):
    text: str


def _for_place(cells: list[NormCell], destination: str | None, norms: TripNorms) -> list[NormCell]:
    """The cells for the destination: those whose place label (with the places of a region it names) names it,
    else the cells for other places."""
    placed = [c for c in cells if c.place]
    if not placed:
        return cells
    if destination:
        named = [
            c
            for c in cells
            if c.place and _names_place(norms.places_of(c.place, c.doc_id or c.source.doc_id), destination)
        ]
        if named:
            return named
        return [
            c
            for c in cells
            if not c.place
            or (_is_other(norms.places_of(c.place, c.doc_id or c.source.doc_id)) and not c.abroad)
        ]
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
    """The cells that apply: the kind, the staff group, the place and the kind of trip; one per date. A
    destination outside Vietnam (or "nước ngoài") gets the norms abroad, those naming it or naming anywhere
    abroad, never the domestic ones."""
    cells = [c for c in norms.cells if c.kind == kind]
    if destination and (not in_vietnam(destination) or is_abroad_label(destination)):
        abroad = [c for c in cells if c.abroad and c.place and _names_place(c.place, destination)]
        country = (
            "" if abroad else country_of(destination)
        )  # "Osaka": Japan's norms, when no row names the city
        if country:
            abroad = [c for c in cells if c.abroad and c.place and _names_place(c.place, country)]
        # norms for anywhere abroad: a table with no place, "Nước ngoài", or its "Any other country" row
        anywhere = [
            c for c in cells if c.abroad and (not c.place or is_abroad_label(c.place) or _is_other(c.place))
        ]
        cells = abroad or anywhere
        if not cells:
            stated = sorted({c.place or c.group for c in norms.cells if c.abroad})
            raise LookupError(
                f"no {kind} norm for “{destination}” outside Vietnam in the documents' tables"
                + (f"; they state: {'; '.join(stated[:8])}" if stated else "")
            )
    else:
        cells = [c for c in cells if not c.abroad]
    cells = _for_group(cells, employee, norms.directory)
    cells = _for_place(cells, destination, norms) if not all(c.abroad for c in cells) else cells
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


def _runs(cells: list[NormCell], dates: list[dt.date]) -> list[tuple[NormCell, int]]:
    """The norm of each date, as runs of consecutive dates at one norm (a change from a date starts a run)."""
    runs: list[tuple[NormCell, int]] = []
    # a change for trips starting from a date: the whole trip at its first day's norm
    by_start = any(c.by_trip_start for c in cells)
    for day in dates:
        rate = _rate_on(cells, dates[0] if by_start else day)
        if rate is None:
            raise LookupError("the documents state several norms that could apply")
        if runs and runs[-1][0] is rate:
            runs[-1] = (rate, runs[-1][1] + 1)
        else:
            runs.append((rate, 1))
    return runs


def _ask(kind: NormKind, norms: TripNorms) -> str:
    stated = sorted({f"{c.group} {c.place}".strip() for c in norms.cells if c.kind == kind})
    what = "phụ cấp lưu trú" if kind == "per_diem" else "định mức khách sạn"
    return (
        f"cannot tell which {what} applies: give the staff group (cấp bậc, ngạch) and the destination; "
        f"the documents state it for: {'; '.join(stated[:12])}"
    )


def _trip_days(
    start: dt.date | None,
    end: dt.date | None,
    days: int | None,
    nights: int | None,
    day_trip: bool,
    part: TripPart,
) -> tuple[int, int, bool, dt.date | None]:
    """The trip's days and nights, whether one day's rate or one night's cap is asked, and its first day."""
    if start and end:
        if end < start:
            raise TripInputError("the trip's return date is before its departure date")
        days = (end - start).days + 1
    elif end and days:  # the return day and the trip's length: it left that many days before
        start = end - dt.timedelta(days=days - 1)
    if day_trip and days and days > 1:
        raise TripInputError(f"a day trip is one day, not {days}")
    if day_trip:
        days, nights = 1, 0
    per_unit = not days and not nights and part != "both"  # one night's cap or one day's rate asked
    if not days and nights:
        days = nights + 1
    if per_unit:
        days, nights = (2, 1) if part == "hotel" else (1, 0)
    if not days or days < 1 or days > MAX_TRIP_DAYS:
        raise TripInputError("give the trip's dates, or its number of days (and nights)")
    nights = days - 1 if nights is None else nights
    if nights >= days + 1 or nights < 0:
        raise TripInputError(f"a trip of {days} days has at most {days} nights, not {nights}")
    return days, nights, per_unit, start


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
    meal_days: int = 0,
    meals: list[str] | None = None,
) -> TripAllowanceResult:
    days, nights, per_unit, start = _trip_days(start, end, days, nights, day_trip, part)
    if meal_days > days:
        raise TripInputError(f"a trip of {days} days has no {meal_days} days with meals provided")
    first = start or today
    dates = [first + dt.timedelta(days=i) for i in range(days)]
    steps: list[CalculationStep] = []
    steps_en: list[str] = []
    sources: dict[str, ParamSource] = {}
    result: dict = {"days": days, "nights": nights}
    currencies: list[str] = []
    group = None
    if part in ("per_diem", "both"):
        cells = _norm(norms, "per_diem", employee, destination, day_trip)
        if not cells:
            raise LookupError(_ask("per_diem", norms))
        runs = _runs(cells, dates)
        share = 100
        if day_trip and all(rate.day_trip is not True for rate, _ in runs):
            if norms.day_trip_share is None or norms.day_trip_source is None:
                raise LookupError("the documents state no daily allowance for a day trip")
            share = norms.day_trip_share
            sources["day_trip_share"] = norms.day_trip_source
        place = _place_share(norms, destination)
        if place is not None:
            share = _with_place_share(norms, share, place, sources)
        meal_share = _meal_share(norms, share, meal_days, meals, sources)
        place_vi, place_en = (
            (f", công tác tại {place.places}", f", a trip to {place.places}") if place else ("", "")
        )
        fed = meal_days if meal_share is not None else 0  # days at the meals' share, the first of the trip's
        per_diem = 0.0
        for i, (rate, count) in enumerate(runs):
            sources[f"per_diem{'' if i == 0 else f'_{i + 1}'}"] = rate.source
            since = f"{rate.effective_from:%d/%m/%Y}" if rate.effective_from and len(runs) > 1 else ""
            taken = min(fed, count)
            fed -= taken
            for n, pct, why_vi, why_en in (
                (count - taken, share, place_vi, place_en),
                (taken, meal_share, ", ngày được bố trí ăn", ", meals provided"),
            ):
                if not n or pct is None:
                    continue
                amount = rate.amount * pct / 100
                per_diem += amount * n
                of = f"{pct}% × " if pct != 100 else ""
                steps.append(
                    CalculationStep(
                        text=f"Phụ cấp lưu trú{f' (mức từ {since})' if since else ''}{why_vi}: {n} ngày × {of}"
                        f"{_vnd(rate.amount, rate.currency)} = {_vnd(amount * n, rate.currency)}{_whose(rate)}.",
                        rule=f"per_diem ({rate.source.doc_id} › {rate.source.node_id})",
                    )
                )
                steps_en.append(
                    f"Daily allowance{f' (rate from {since})' if since else ''}{why_en}: {n} day(s) × {of}"
                    f"{_en(rate.amount, rate.currency)} = {_en(amount * n, rate.currency)}{_whose(rate)}."
                )
        result["per_diem_total"] = round(per_diem)
        currencies.append(runs[0][0].currency)
        group = runs[0][0].group or None
    if part == "hotel" or (part == "both" and nights > 0):
        cells = _norm(norms, "hotel", employee, destination, False)
        if not cells:
            raise LookupError(_ask("hotel", norms))
        factor = 1.0
        if shared_room:
            if norms.shared_room_factor is None or norms.shared_room_source is None:
                raise LookupError("the documents state no cap for a shared room")
            factor = norms.shared_room_factor
            sources["shared_room"] = norms.shared_room_source
        room = f"{factor:g} × " if factor != 1 else ""
        shared_vi = " cho một phòng ở chung" if shared_room else ""
        shared_en = " for a shared room" if shared_room else ""
        hotel = 0.0
        runs = _runs(cells, dates[:nights])
        for i, (rate, count) in enumerate(runs):  # each night at the cap of its date
            hotel += rate.amount * factor * count
            sources[f"hotel{'' if i == 0 else f'_{i + 1}'}"] = rate.source
            since = f"{rate.effective_from:%d/%m/%Y}" if rate.effective_from and len(runs) > 1 else ""
            steps.append(
                CalculationStep(
                    text=f"Khách sạn tối đa{shared_vi}{f' (mức từ {since})' if since else ''}: {count} đêm × "
                    f"{room}{_vnd(rate.amount, rate.currency)} = {_vnd(rate.amount * factor * count, rate.currency)}"
                    f"{_whose(rate)}.",
                    rule=f"hotel ({rate.source.doc_id} › {rate.source.node_id})",
                )
            )
            steps_en.append(
                f"Hotel cap{shared_en}{f' (rate from {since})' if since else ''}: {count} night(s) × {room}"
                f"{_en(rate.amount, rate.currency)} = {_en(rate.amount * factor * count, rate.currency)}"
                f"{_whose(rate)}."
            )
        result["hotel_per_night"] = round(runs[0][0].amount * factor)
        result["hotel_total"] = round(hotel)
        currencies.append(runs[0][0].currency)
        group = group or runs[0][0].group or None
    currency = currencies[0]
    if len(set(currencies)) == 1:  # amounts in two currencies make no total
        result["total"] = result.get("per_diem_total", 0) + result.get("hotel_total", 0)
    vi, en = _answers(result, currencies, day_trip)
    if per_unit and part == "per_diem":
        rate = result["per_diem_total"]
        trip_vi, trip_en = (" (đi về trong ngày)", " (day trip)") if day_trip else ("", "")
        if "meals_share" in sources:
            trip_vi, trip_en = f"{trip_vi} (ngày được bố trí ăn)", f"{trip_en} (meals provided)"
        vi = f"Phụ cấp lưu trú là {_vnd(rate, currency)} một ngày{trip_vi}."
        en = f"The daily allowance is {_en(rate, currency)} a day{trip_en}."
    elif per_unit:
        shared_vi = " cho một phòng ở chung" if shared_room else ""
        shared_en = " for a shared room" if shared_room else ""
        vi = f"Tiền khách sạn tối đa{shared_vi} là {_vnd(result['hotel_per_night'], currency)} một đêm."
        en = f"The hotel cap{shared_en} is {_en(result['hotel_per_night'], currency)} a night."
    return TripAllowanceResult(
        **result,
        currency=currency,
        group=group,
        steps=steps,
        steps_en=steps_en,
        policy_sources=sources,
        answer=vi,
        answer_en=en,
    )


def _place_share(norms: TripNorms, destination: str | None) -> PlaceShare | None:
    """The lowest share of the daily allowance a clause states for trips to places naming the destination
    (``TripNorms.place_shares``); None when none names it."""
    named = [p for p in norms.place_shares if destination and _names_place(p.places, destination)]
    return min(named, key=lambda p: p.share) if named else None


def _with_place_share(
    norms: TripNorms, share: int, place: PlaceShare, sources: dict[str, ParamSource]
) -> int:
    """A place's share of the daily allowance, the lowest of it and the day trip's when the documents say the
    shares do not stack (else it is asked)."""
    sources["place_share"] = place.source
    return _stacked(norms, share, place.share, "a place's share", sources)


def _stacked(norms: TripNorms, share: int, other: int, what: str, sources: dict[str, ParamSource]) -> int:
    """``other`` share of the daily allowance on top of ``share`` (100: none yet): the lowest of the two, cited,
    where the documents say the shares do not stack; else it is asked, never guessed."""
    if share == 100:
        return other
    if norms.lowest_share_source is None:
        raise LookupError(f"the documents do not say how the daily allowance's share and {what} combine")
    sources["lowest_share"] = norms.lowest_share_source
    return min(share, other)


def _meal_share(
    norms: TripNorms, share: int, meal_days: int, meals: list[str] | None, sources: dict[str, ParamSource]
) -> int | None:
    """The share of the daily allowance paid for a day whose meals are provided, when the question has such days
    and they hold the meals the rule names ("ăn trưa và ăn tối"; all three when the question names none); None
    when no day is paid it. With the day trip's share too, the lowest, when the documents say the shares do not
    stack; else it is asked."""
    if not meal_days:
        return None
    if norms.meals_share is None or norms.meals_source is None:
        raise LookupError("the documents state no daily allowance for a day whose meals are provided")
    provided = set(meals or MEALS)
    if not set(norms.meals_required) <= provided:
        return None  # the rule is for days with other meals provided
    sources["meals_share"] = norms.meals_source
    return _stacked(norms, share, norms.meals_share, "a meals' share", sources)


def _whose(cell: NormCell) -> str:
    """The group and place a norm is for, as the documents name them: " (“L3”, “Hà Nội, TP. HCM”)"."""
    place = re.sub(r"\s*\([^()]*\)", "", cell.place)
    named = [f"“{n}”" for n in (cell.group, place) if n]  # the documents' words, marked as quotes
    return f" ({', '.join(named)})" if named else ""


def _answers(result: dict, currencies: list[str], day_trip: bool) -> tuple[str, str]:
    days, nights = result["days"], result["nights"]
    trip_vi = "chuyến đi về trong ngày" if day_trip else f"chuyến công tác {days} ngày {nights} đêm"
    trip_en = "a day trip" if day_trip else f"a {days}-day, {nights}-night trip"
    vi, en = [], []
    per_diem_cur, hotel_cur = currencies[0], currencies[-1]
    if result.get("per_diem_total") is not None:
        vi.append(f"phụ cấp lưu trú {_vnd(result['per_diem_total'], per_diem_cur)}")
        en.append(f"a daily allowance of {_en(result['per_diem_total'], per_diem_cur)}")
    if result.get("hotel_total") is not None:
        vi.append(f"tiền khách sạn tối đa {_vnd(result['hotel_total'], hotel_cur)}")
        en.append(f"hotel costs of up to {_en(result['hotel_total'], hotel_cur)}")
    both = len(vi) == 2 and result.get("total") is not None
    total_vi = f"; tổng cộng tối đa {_vnd(result['total'], hotel_cur)}" if both else ""
    total_en = f"; {_en(result['total'], hotel_cur)} in all at most" if both else ""
    return (
        f"Với {trip_vi}, bạn được {' và '.join(vi)}{total_vi}.",
        f"For {trip_en} you get {' and '.join(en)}{total_en}.",
    )
