"""Business-trip norms read from the corpus, each amount with the span that states it.

A norm is a cell of a table in a trip section: its amount (đồng or a foreign currency), what it pays for (the
daily allowance, "phụ cấp lưu trú", "per diem"; or a hotel night, "khách sạn", "tiền thuê phòng"), read from its
column's header, its row's first cell or the section's title, and the labels that say for whom and where (a staff
group "L3", "Bands 1–3"; a place "Hà Nội, TP. Hồ Chí Minh", "tỉnh, thành phố khác", "nước ngoài"; a day trip).
A column "Mức mới từ 01/10/2026" dates its amounts; a column of former amounts ("Mức cũ") is history; a sentence
"được nâng từ 450.000 đồng/đêm lên 550.000 đồng/đêm … từ ngày 01/10/2026" dates a new amount for the one cell
it changes. The rules around the tables: a day trip's share of the allowance ("đi về trong ngày: hưởng 50%"), a
shared room's cap ("ở chung một phòng … bằng 1,5 lần định mức một người").
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, Field

from indexes.search.lexicon import default_lexicon
from indexes.staff_groups import directory_of
from indexes.text import ITEM_MARK, fold, rule_reading
from tools.leave_policy import ParamSource, RuleText, cite_rule

NormKind = Literal["per_diem", "hotel"]

_PER_DIEM = re.compile(
    r"\b(?:phu cap luu tru|luu tru|per diem|daily allowance|travel allowance|cong tac phi|phu cap cong tac"
    r"|phu cap onsite|onsite allowance)\b"
)
_PER_DIEM_OWN = re.compile(r"\b(?:phu cap luu tru|per diem|daily allowance)\b")  # the per diem's own names
_HOTEL = re.compile(
    r"\b(?:khach san|thue phong|tien phong|phong nghi|hotels?|accommodation|room rate|lodging|nha nghi)\b"
)
_PER_NIGHT = re.compile(r"/\s*dem\b|\bper night\b|\ba night\b|\bmoi dem\b|\bmot dem\b")
_PER_DAY = re.compile(r"/\s*ngay\b|\bper day\b|\ba day\b|\bmoi ngay\b|\bmot ngay\b")
_TRIP = re.compile(r"\b(?:cong tac|business trips?|travel|trips?|onsite|on-site)\b")
# an amount: "1.400.000", "1,000,000 VND", "USD 70", "70 USD", "450.000 (giữ nguyên)"
_AMOUNT = re.compile(
    r"(?:\b(usd|eur|jpy|sgd)\s*)?(?<![\d.,])(\d{1,3}(?:[.,]\d{3})+|\d{2,9})(?![\d.,]?\d)\s*(usd|eur|jpy|sgd)?",
)
_NO_HOTEL = re.compile(r"\bkhong (?:thue|o) khach san\b|\binstead of a hotel\b|\bwithout a hotel\b")
# a cell's own exception for some places: "200.000 đồng/ngày (300.000 đồng/ngày tại Hà Nội, TP. Hồ Chí Minh)"
_PLACE_VARIANT = re.compile(r"\(([^()]*?\d[\d.,]{3,}[^()]*?)\s(?:tai|in|at|o)\s([^()]+)\)")
_PLACE_WORDS = re.compile(
    r"\b(?:tinh|thanh pho|province|provinces|city|cities|other|khac|nuoc ngoai|trong nuoc|domestic|overseas"
    r"|abroad|country|countries|location|dia diem|noi den|destination|ha noi|ho chi minh|hcm|da nang"
    r"|vung|khu vuc|dia ban|regions?|zones?)\b"
)
# a list item saying which places a region holds: "a) Vùng 1: thành phố Hà Nội, Thành phố Hồ Chí Minh;" (folded)
_REGION_NAME = re.compile(
    r"(?:vung|khu vuc|dia ban|region|zone)\s+(?:[ivx]{1,4}|[a-z]|\d{1,2})"
)  # "khu vuc 1"
_REGION_ITEM = re.compile(rf"^[\s•*+-]*(?:(?:\d+[.)]|[a-zđ]\))\s+)?({_REGION_NAME.pattern})\s*:\s*(\S.*)$")
_PLACE_COLUMN = re.compile(
    r"\b(?:khu vuc|location|destination|dia diem|quoc gia|country|countries|noi den|vung|region|dia ban)\b"
)
_GROUP_COLUMN = re.compile(
    r"\b(?:cap bac|ngach|bands?|grades?|levels?|nhom|bac|chuc danh|vi tri|positions?|groups?|doi tuong)\b"
)
# a trip that is no business trip (the company's holiday trip): no norm of a table, no trip a question asks about
OTHER_TRIP = re.compile(
    r"\b(?:du lich|nghi mat|company trip|team building|team trip|annual trip|summer trip|holiday trip)\b"
)
# an amount given as a range
_RANGE = re.compile(r"\d[\d.,]*\s*(?:dong|vnd)?\s*[–—-]\s*\d")
_FORMER = re.compile(r"\b(?:muc cu|dinh muc cu|old|former|previous)\b")
# an amending table's columns (folded): the amount before and after ("Mức cũ | Mức mới", "Old rate | New rate")
_TRIP_START = re.compile(r"\b(?:chuyen (?:cong tac|di) bat dau|trips? (?:starting|that start|beginning))\b")
_OLD_COLUMN = re.compile(r"\bcu\b|\b(?:old|previous|former)\b")
_NEW_COLUMN = re.compile(r"\bmoi\b|\b(?:new|revised|updated)\b")
_DATE = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")
_FROM_DATE = re.compile(r"\b(?:tu|from|ke tu|ap dung tu|effective)\s+(?:ngay\s+)?(\d{1,2}/\d{1,2}/\d{4})")
_DAY_TRIP = re.compile(
    r"\b(?:di ve trong ngay|di va ve trong ngay|ve trong ngay|khong nghi qua dem|khong o lai qua dem"
    r"|day trips?|same[- ]day|no overnight)\b"
)
_OVERNIGHT = re.compile(r"\b(?:qua dem|nghi lai|overnight stay|with an overnight|o lai)\b")
_ABROAD = re.compile(r"\b(?:nuoc ngoai|overseas|abroad|international|quoc te)\b")
_OTHER_PLACE = re.compile(r"\b(?:khac|other|others|remaining|con lai)\b")
_SHARE_RE = re.compile(r"(\d{1,3})\s*%")
_SHARED_ROOM = re.compile(
    r"\b(?:chung (?:mot )?phong|phong (?:o )?chung|phong doi|o ghep|share (?:a |one )?(?:twin )?room|shared room"
    r"|sharing a room"
    r"|twin room)\b"
)
_FACTOR = re.compile(
    r"(\d(?:[.,]\d{1,2})?)\s*(?:lan|times)\b|(\d{3})\s*%"
    r"|(tong (?:\w+ ){1,3}cua (?:hai|02|2) nguoi|gap doi|double|twice|sum of (?:the )?(?:\w+ ){1,3}(?:two|both))"
)
# a day whose meals are all provided free (folded): "bố trí ăn miễn phí cả ngày", "provides all meals of the day"
_MEALS_PROVIDED = re.compile(
    r"\b(?:bo tri an|an mien phi|mien phi (?:tien )?an|cung cap (?:bua )?an|(?:provides?|provided|covers?|covered)"
    r" (?:all |the )?meals|all meals|meals (?:are |is )?(?:provided|covered|free))\b"
)
ALL_DAY_MEALS = re.compile(
    r"\b(?:ca ngay|ca 3 bua|ca ba bua|toan bo thoi gian|all (?:the )?meals|all (?:three|3) meals|every meal|all day"
    r"|whole day|full day|of the day|whole trip|entire trip)\b"
)
# the meals of a day, as a rule or a question names them (folded)
MEALS: dict[str, re.Pattern[str]] = {
    "breakfast": re.compile(r"\b(?:an sang|bua sang|breakfast)\b"),
    "lunch": re.compile(r"\b(?:an trua|bua trua|lunch)\b"),
    "dinner": re.compile(r"\b(?:an toi|bua toi|dinner|supper)\b"),
}


def meals_named(folded: str) -> list[str]:
    """The meals a folded text names: all three when it says the whole day's ("cả ngày", "all meals")."""
    if ALL_DAY_MEALS.search(folded):
        return list(MEALS)
    return [meal for meal, pattern in MEALS.items() if pattern.search(folded)]


_NOT_PAID = re.compile(
    r"\b(?:khong (?:duoc )?huong|khong (?:duoc )?(?:tinh|chi|thanh toan)|not (?:paid|entitled)|no (?:per diem|daily"
    r" allowance)|is not paid)\b"
)
_REDUCED_BY = re.compile(r"\b(?:giam|reduced by|less)\s*(\d{1,3})\s*%")
_LOWEST = re.compile(
    r"\b(?:khong cong don|thap nhat|lowest|not cumulative|do not stack|don't stack|are not combined)\b"
)
_CHANGE = re.compile(
    r"\btu\s+(\d{1,3}(?:[.,]\d{3})+)\s*(?:dong)?(?:\s*/\s*(?:dem|ngay))?\s+len\s+(\d{1,3}(?:[.,]\d{3})+)"
    r"|\bfrom\s+(?:vnd\s*)?(\d{1,3}(?:[.,]\d{3})+)\s*(?:vnd)?\s+to\s+(?:vnd\s*)?(\d{1,3}(?:[.,]\d{3})+)"
)


class NormCell(BaseModel):
    """One amount of a trip-norm table: what it pays for, in which currency, for whom and where."""

    kind: NormKind
    amount: int
    currency: str = "VND"
    table: str  # the table it belongs to (its node and header): groups are resolved within one table
    row: str  # the row's first cell ("L3", "Hà Nội, Ho Chi Minh City, Đà Nẵng")
    column: str  # the column's header ("Phụ cấp lưu trú (đồng/ngày)", "Bands 1–3")
    group: str  # the label naming whom it is for ("L3", "Bands 1–3"), the row's first cell by default
    place: str = ""  # the label naming where ("Hà Nội, TP. HCM", "Other provinces and cities"), if any
    context: str  # the section's title path
    day_trip: bool | None = None  # a day trip's rate (True), an overnight trip's (False), or either (None)
    abroad: bool = False
    effective_from: dt.date | None = None
    source: ParamSource
    doc_id: str = (
        ""  # the document whose table states it (its regions' places); a notice may amend the amount
    )
    # a change that applies to trips starting from its date ("chuyến công tác bắt đầu từ 01/10/2026"): a trip takes
    # the norm of its first day for every day, not each day its own
    by_trip_start: bool = False

    @property
    def labels(self) -> str:
        return f"{self.row} | {self.column}"


class PlaceShare(BaseModel):
    places: str  # the places the clause names, as written ("Nha Trang, Hội An, Đà Lạt")
    share: int  # % of the daily allowance
    source: ParamSource


class TripNorms(BaseModel):
    cells: list[NormCell] = Field(default_factory=list)
    day_trip_share: int | None = None  # % of the daily allowance for a day trip
    day_trip_source: ParamSource | None = None
    shared_room_factor: float | None = None  # a shared room's cap, times one person's
    shared_room_source: ParamSource | None = None
    meals_share: int | None = None  # % of the daily allowance for a day whose meals are provided (0: none)
    meals_source: ParamSource | None = None
    meals_required: list[str] = Field(default_factory=list)  # the meals the rule names (all three: "cả ngày")
    # the clause saying the shares do not stack: the lowest applies
    lowest_share_source: ParamSource | None = None
    # shares of the daily allowance for trips to places a clause names ("Công tác tại một Khách sạn của Công ty (Nha
    # Trang, Hội An, Đà Lạt): … hưởng 50% mức tại Mục 3.1"): the places as written, the share, its span
    place_shares: list[PlaceShare] = Field(default_factory=list)
    directory: list[str] = Field(default_factory=list)
    # per document, a region's folded name → the places it holds (a region is the document's own: another
    # regulation's "Vùng I" may be a minimum-wage region)
    regions: dict[str, dict[str, str]] = Field(default_factory=dict)

    def places_of(self, label: str, doc_id: str) -> str:
        """The places of the region a place label names ("Vùng 2 (đồng/ngày)" → "các thành phố Hải Phòng, Đà
        Nẵng, …"), else the label."""
        folded = f" {fold(label)} "
        regions = self.regions.get(doc_id, {})
        named = [places for region, places in regions.items() if f" {region} " in folded]
        return named[0] if named else label


def _money(value: str) -> int:
    return int(re.sub(r"[.,]", "", value))


def _kind(*labels: str) -> NormKind | None:
    """What a cell pays for: the first of its labels (its column, its row, its section) that says so."""
    for label in labels:  # a unit says it first ("Chi phí lưu trú (đồng/đêm)" is a night's lodging)
        if _PER_NIGHT.search(label):
            return "hotel"
        if _PER_DAY.search(label) and not _HOTEL.search(label):
            return "per_diem"
        per_diem, hotel = _PER_DIEM.search(label), _HOTEL.search(label)
        if hotel and not per_diem:
            return "hotel"
        if per_diem and not hotel:
            return "per_diem"
    return None


def _date(value: str) -> dt.date | None:
    m = _DATE.fullmatch(value)
    try:
        return dt.date(int(m.group(3)), int(m.group(2)), int(m.group(1))) if m else None
    except ValueError:
        return None


def _cells(rule: RuleText, lead: str) -> list[NormCell]:
    """A table row's trip norms, one per cell holding an amount under a header that is not the row keys'; what
    the cells pay for is said by the column, the row, the line leading into the table or the section."""
    if " … " not in rule.text or "|" not in rule.text:
        return []
    header, row = rule.text.split(" … ")[0], rule.text.split(" … ")[-1]
    heads = [h.strip() for h in header.split("|")]
    cells = [c.strip() for c in row.split("|")]
    context = rule_reading(f"{lead} {rule.context or ' '.join(rule.title_path)}")
    amending = _amendment_row(rule)
    if amending and amending[3]:  # a notice's row naming what it changes and from when: ``_changed`` reads it
        return []
    if len(cells) != len(heads) or len(cells) < 2:
        return []
    key = rule_reading(cells[0])
    out = []
    for i in range(1, len(cells)):
        column, value = rule_reading(heads[i]), rule_reading(re.sub(r"\*\*|__|`", "", cells[i]))
        labels = f"{context} {heads[0]} {column} {key}"
        if (
            _FORMER.search(column)
            or _NO_HOTEL.search(f"{column} {key}")
            or OTHER_TRIP.search(labels)
            or _RANGE.search(value)
            or not (_TRIP.search(labels) or _PER_DIEM.search(labels) or _HOTEL.search(labels))
        ):
            continue
        kind = _kind(column, key, value, context)
        m = _AMOUNT.search(re.sub(r"\(.*?\)", " ", value))
        if kind is None or m is None:
            continue
        currency = (m.group(1) or m.group(3) or ("usd" if "usd" in column else "vnd")).upper()
        amount = _money(m.group(2))
        if currency == "VND" and amount < 1000:
            continue
        since = _FROM_DATE.search(column)
        # the label naming places (a column "Hà Nội, TP. HCM", a row "Other provinces", any row under a
        # "Location" column); the other names groups
        keys = rule_reading(heads[0])
        # a column headed by a country ("Singapore (USD/ngày onsite)") holds that country's amounts
        placed = bool(_PLACE_WORDS.search(column)) or is_country(re.sub(r"\(.*?\)", " ", heads[i]).strip())
        if _PLACE_COLUMN.search(keys) and not _GROUP_COLUMN.search(keys):
            place, group = cells[0], heads[i]
        elif placed or _GROUP_COLUMN.search(keys):
            place, group = (heads[i], cells[0]) if placed else ("", cells[0])
        elif _PLACE_WORDS.search(key):
            place, group = cells[0], heads[i]
        else:
            place, group = "", cells[0]
        base = NormCell(
            kind=kind,
            amount=amount,
            currency=currency,
            table=f"{rule.node_id} {header}",
            row=cells[0],
            column=heads[i],
            group=group,
            place=place,
            context=rule.context,
            day_trip=True if _DAY_TRIP.search(column) else False if _OVERNIGHT.search(column) else None,
            abroad=bool(_ABROAD.search(f"{column} {key} {context}")) or currency != "VND",
            effective_from=_date(since.group(1)) if since else None,
            source=cite_rule(rule, f"{cells[0]} – {heads[i]}: {cells[i]}"),
            doc_id=rule.doc_id,
        )
        out.append(base)
        raw = re.sub(r"\*\*|__|`", "", cells[i])
        for variant in _PLACE_VARIANT.finditer(
            fold(raw)
        ):  # "(300.000 đồng/ngày tại Hà Nội, TP. Hồ Chí Minh)"
            if amount_m := _AMOUNT.search(variant.group(1)):  # folding keeps positions: the place as written
                place = raw[variant.start(2) : variant.end(2)].strip()
                out.append(base.model_copy(update={"amount": _money(amount_m.group(2)), "place": place}))
    return out


def _amendment_row(rule: RuleText) -> tuple[str, str, str, re.Match[str] | None, NormKind | None] | None:
    """A notice's table row changing an amount ("Nội dung | Mức cũ | Mức mới | Áp dụng từ … Mức trần tiền thuê phòng
    nghỉ của Nhóm 3 tại Vùng I | 900.000 đồng/người/đêm | 1.100.000 đồng/người/đêm | chuyến công tác bắt đầu từ
    01/10/2026"): what it changes (the row's other cells, folded), the old and the new amount, the date, and the kind
    of norm (the amount's unit first, "đồng/người/đêm", then the words, a bracketed reference left out)."""
    if " … " not in rule.text or "|" not in rule.text:
        return None
    header, row = rule.text.split(" … ")[0], rule.text.split(" … ")[-1]
    heads = [rule_reading(h) for h in header.split("|")]
    cells = [re.sub(r"\*\*|__|`", "", c).strip() for c in row.split("|")]
    old = next((i for i, h in enumerate(heads) if _OLD_COLUMN.search(h)), None)
    new = next((i for i, h in enumerate(heads) if _NEW_COLUMN.search(h) and not _OLD_COLUMN.search(h)), None)
    if old is None or new is None or len(cells) != len(heads):
        return None
    amounts = [_AMOUNT.search(rule_reading(cells[i])) for i in (old, new)]
    if not all(amounts):
        return None
    described = " ".join(rule_reading(c) for i, c in enumerate(cells) if i not in (old, new))
    kind = _kind(rule_reading(cells[old]), re.sub(r"\(.*?\)", " ", described))
    return described, amounts[0].group(2), amounts[1].group(2), _FROM_DATE.search(described), kind


def _changed(rule: RuleText, cells: list[NormCell]) -> NormCell | None:
    """A sentence changing one cell's amount from a date ("Định mức khách sạn của cấp L1 – L2 tại tỉnh, thành
    phố khác … được nâng từ 450.000 đồng/đêm lên 550.000 đồng/đêm, cũng từ ngày 01/10/2026"), or a notice's table
    row with an old and a new column: a dated copy of the one cell with the former amount, of the kind the
    sentence names, whose row and column words it states."""
    text = rule_reading(re.sub(r"\*\*|__|`", "", rule.text))
    if "|" in rule.text:
        row = _amendment_row(rule)
        if row is None:
            return None
        text, old, new, since, kind = row
        if not (since and kind):
            return None
    else:
        m, since = _CHANGE.search(text), _FROM_DATE.search(text)
        kind = _kind(text)
        if not (m and since and kind):
            return None
        old, new = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    words = set(re.findall(r"\w+", text))

    def named(label: str) -> bool:
        own = [w for w in re.findall(r"\w+", rule_reading(re.sub(r"\(.*?\)", " ", label))) if not w.isdigit()]
        return bool(own) and all(w in words for w in own if not _PER_NIGHT.search(w))

    found = [
        c
        for c in cells
        if c.kind == kind and c.amount == _money(old) and c.effective_from is None and named(c.row)
    ]
    if len(found) > 1:
        found = [c for c in found if named(c.column)]
    if len(found) != 1:
        return None
    return found[0].model_copy(
        update={
            "amount": _money(new),
            "effective_from": _date(since.group(1)),
            "source": cite_rule(rule, f"{found[0].row} – {found[0].column}: {new}"),
            "by_trip_start": bool(_TRIP_START.search(text)),
        }
    )


def trip_norms_from_rules(rules: Iterable[RuleText]) -> TripNorms:
    """Read the trip norms the documents state (company documents first)."""
    rules = list(rules)
    norms = TripNorms(directory=directory_of(rules))
    leads: dict[str, str] = {}  # the unit before a table in its section: the line leading into it
    for rule in rules:
        if " … " in rule.text and "|" in rule.text:
            norms.cells += _cells(rule, leads.get(rule.node_id, ""))
        else:
            leads[rule.node_id] = rule.text if len(rule.text) < 300 else ""
    for rule in rules:
        if changed := _changed(rule, norms.cells):
            norms.cells.append(changed)
        _read_rules(norms, rule)
        for name, places in _region_places(rule.text):
            norms.regions.setdefault(rule.doc_id, {}).setdefault(name, places)
    return norms


def _region_places(text: str) -> list[tuple[str, str]]:
    """The places a region holds, as a list item states them ("a) Vùng 1: thành phố Hà Nội, …;") or a table's row
    ("Khu vực | Địa bàn … Khu vực 1 | Hà Nội, Thành phố Hồ Chí Minh"): (its folded name, the places as written); a
    row or item with an amount is a rate, not a region's places."""
    if "|" not in text:
        item = _REGION_ITEM.match(fold(text))  # folding keeps positions: the places as written
        if item and not _AMOUNT.search(item.group(2)):
            return [(item.group(1), text[item.start(2) :].strip().rstrip(";."))]
        return []
    row = [c.strip() for c in text.split(" … ")[-1].strip(" |").split("|")]
    if len(row) == 2 and _REGION_NAME.fullmatch(fold(row[0]).lower()) and not _AMOUNT.search(row[1]):
        return [(fold(row[0]).lower(), row[1])]
    return []


def _read_rules(norms: TripNorms, rule: RuleText) -> None:
    """The day-trip share ("đi về trong ngày: hưởng 50% phụ cấp lưu trú") and the shared room's multiple
    ("ở chung một phòng, định mức phòng bằng 1,5 lần định mức một người") a clause states; the first stated."""
    text = rule_reading(re.sub(r"\*\*|__|`", "", rule.text))
    for clause in re.split(r"(?<=[.;])\s+|\s+…\s+|\|", text):
        share = _SHARE_RE.search(clause)
        stated = share is not None and 0 < int(share.group(1)) < 100
        # the per diem named in the clause, or by the article it is in ("Điều 6. Phụ cấp lưu trú": "được hưởng 60%
        # mức tại khoản 1"), not by a chapter above it that also holds the hotel rules
        article = rule.title_path[-1] if rule.title_path else rule.context
        # ... or by a heading above that names the per diem alone ("3. Phụ cấp lưu trú" above "3.2 Các trường hợp
        # điều chỉnh"), not travel expenses at large ("Chương II. Công tác phí")
        headed = any(
            _PER_DIEM_OWN.search(h) and not _HOTEL.search(h) for h in map(rule_reading, rule.title_path)
        )
        per_diem = _PER_DIEM.search(clause) or (
            (_PER_DIEM.search(rule_reading(article)) or headed) and not _HOTEL.search(clause)
        )
        if norms.day_trip_share is None and stated and _DAY_TRIP.search(clause) and per_diem:
            norms.day_trip_share = int(share.group(1))
            norms.day_trip_source = cite_rule(rule, f"đi về trong ngày: {share.group(1)}%")
        _read_meals(norms, rule, clause, bool(per_diem))
        # a case of a per diem's section may name a hotel ("Công tác tại một Khách sạn của Công ty (…)")
        if (
            (per_diem or headed)
            and stated
            and not _DAY_TRIP.search(clause)
            and not _MEALS_PROVIDED.search(clause)
        ):
            paid = _PAID_SHARE.search(clause)
            if paid and not _CHANGED_BY.search(clause):
                _read_place_share(norms, rule, clause, int(paid.group(1)))
        factor = _FACTOR.search(clause)
        if norms.shared_room_factor is None and factor and _SHARED_ROOM.search(clause):
            if factor.group(3):  # "bằng tổng định mức (mức trần) của hai người": two people's caps
                value = 2.0
            elif factor.group(1):
                value = float(factor.group(1).replace(",", "."))
            else:
                value = int(factor.group(2)) / 100
            if 1 < value <= 3:
                norms.shared_room_factor = value
                norms.shared_room_source = cite_rule(rule, f"phòng ở chung: {value:g} lần")


# a clause's case before what it pays ("Công tác tại …: hưởng 50%", "Khi … thì được hưởng 50%")
_CASE_END = re.compile(r":|\bthi\b(?! xa)|\b(?:duoc )?huong\b|\bis paid\b|\bgets?\b|\breceives?\b")
# a share of the daily allowance paid ("hưởng 50% mức tại Mục 3.1", "is paid 50% of the rate"), not a rise or a cut
# by a share ("cộng thêm 20%", "tăng 30%", "giảm 30%": folded)
_PAID_SHARE = re.compile(r"\b(?:huong|is paid|are paid|gets?|receives?)\s+(\d{1,3})\s*%")
_CHANGED_BY = re.compile(r"\b(?:cong them|them|tang|giam|extra|plus|increase\w*|reduc\w*|rais\w*|cut)\b")


def _read_place_share(norms: TripNorms, rule: RuleText, clause: str, share: int) -> None:
    """A share of the daily allowance for trips to places the clause's case (folded) names in brackets ("Công tác
    tại một Khách sạn của Công ty (Nha Trang, Hội An, Đà Lạt): … hưởng 50%"), every bracket of places in Vietnam."""
    end = _CASE_END.search(clause)
    case = ITEM_MARK.sub("", clause[: end.start()] if end else "").strip()
    places = [b for b in re.findall(r"\(([^()]+)\)", case) if in_vietnam(b)]
    if not places:
        return
    # the places as the rule writes them (the clause read is folded)
    written = [b for b in re.findall(r"\(([^()]+)\)", rule.text) if fold(b).lower() in places]
    norms.place_shares.append(
        PlaceShare(
            places=", ".join(written or places),
            share=share,
            source=cite_rule(rule, f"{case}: {share}%"),
        )
    )


def _read_meals(norms: TripNorms, rule: RuleText, clause: str, per_diem: bool) -> None:
    """A day with all its meals provided: the share of the daily allowance it is paid ("bố trí ăn miễn phí cả ngày
    thì ngày đó hưởng 30%", "… giảm 50%", "… không được hưởng phụ cấp lưu trú của ngày đó": 0), and the clause
    saying that the shares do not stack (the lowest applies); the first stated of each, of the per diem only."""
    if not per_diem:
        return
    folded = fold(clause)
    if norms.lowest_share_source is None and _LOWEST.search(folded):
        norms.lowest_share_source = cite_rule(rule, "các tỷ lệ không cộng dồn: áp dụng tỷ lệ thấp nhất")
    named = meals_named(folded)
    if norms.meals_share is not None or not (_MEALS_PROVIDED.search(folded) and named):
        return
    reduced, share = _REDUCED_BY.search(folded), _SHARE_RE.search(folded)
    if reduced and 0 < int(reduced.group(1)) <= 100:
        value = 100 - int(reduced.group(1))
    elif share and 0 < int(share.group(1)) < 100:
        value = int(share.group(1))
    elif _NOT_PAID.search(folded):
        value = 0
    else:
        return
    norms.meals_share, norms.meals_required = value, named
    norms.meals_source = cite_rule(rule, f"ngày được bố trí ăn ({', '.join(named)}): {value}%")


def fold_place(text: str) -> str:
    """A place name folded, with the common short forms written out ("TP.HCM", "HCMC", "Saigon")."""
    text = f" {fold(text)} "
    for short, full in _PLACE_ALIASES:
        text = re.sub(short, f" {full} ", text)
    return " ".join(re.findall(r"\w+", text))


def country_key(place: str) -> str:
    """A place that is a whole country's name, in English or Vietnamese, as its Vietnamese name folded ("Japan",
    "Nhật Bản", "USA", "Mỹ" → nhat ban, hoa ky); any other place folded as it is: "South America" is no America."""
    folded = fold_place(place)
    return _country_names().get(folded, folded)


# Vietnamese short names a place label or a destination uses for a country: whole labels only ("Mỹ", "Lào"); in free
# text each is also a common syllable ("mỹ phẩm", "lao động")
_SHORT_COUNTRY_NAMES = {
    "my": "united states",
    "us": "united states",
    "lao": "laos",
    "uc": "australia",
    "duc": "germany",
    "phap": "france",
    "nga": "russia",
    "anh": "united kingdom",
    "y": "italy",
    "nhat": "japan",
    "han": "south korea",
    "trung": "china",
    "thai": "thailand",
    "dai": "taiwan",
}


@functools.cache
def _country_names() -> dict[str, str]:
    """Each name of a country in the lexicon's places (English and Vietnamese forms, abbreviations), folded -> the
    country's Vietnamese name folded; Vietnam's own provinces and cities are left to ``fold_place``."""
    names: dict[str, str] = {}
    for entry in default_lexicon().entries:
        if entry.topic != "places" or entry.one_way or fold_place(entry.vi[0]) in VIETNAM_PLACES:
            continue
        for form in (*entry.en, *entry.vi, *entry.abbr):
            names.setdefault(fold_place(form), fold_place(entry.vi[0]))
    for short, name in _SHORT_COUNTRY_NAMES.items():
        if name in names:
            names.setdefault(short, names[name])
    return names


def is_country(place: str) -> bool:
    """Whether a place is a country's name, in English or Vietnamese, whole or short ("Japan", "Nhật")."""
    return fold_place(place) in _country_names()


@functools.cache
def _city_countries() -> dict[str, str]:
    """A foreign city (the lexicon's one-way place entries) -> its country's Vietnamese name, folded."""
    return {
        fold_place(form): fold_place(entry.vi[0])
        for entry in default_lexicon().entries
        if entry.topic == "places" and entry.one_way
        for form in entry.en
    }


def country_of(destination: str) -> str:
    """The country (its Vietnamese name, folded) of a foreign city the destination names ("Osaka" → nhat ban);
    "" when it names none."""
    asked = f" {fold_place(destination)} "
    return next((c for city, c in _city_countries().items() if f" {city} " in asked), "")


_PLACE_ALIASES = (
    (
        r"\b(?:tp\.?\s*)?hcm(?:c)?\b|\bsai gon\b|\bsaigon\b|\bho chi minh city\b|\bthanh pho ho chi minh\b",
        "ho chi minh",
    ),
    (r"\bhanoi\b|\bhn\b", "ha noi"),
    (r"\bdanang\b", "da nang"),
    (r"\bhaiphong\b", "hai phong"),
    (r"\bcantho\b", "can tho"),
)


# Vietnam's provinces and centrally-run cities (2025 names and the former ones still in use) and a few towns trips
# go to: a destination among them is in Vietnam; any other, where the documents state norms abroad, may not be.
_VIETNAM_NAMES = (
    "Hà Nội, Hồ Chí Minh, Hải Phòng, Đà Nẵng, Cần Thơ, Huế, An Giang, Bà Rịa, Vũng Tàu, Bắc Giang, Bắc Kạn, "
    "Bạc Liêu, Bắc Ninh, Bến Tre, Bình Định, Bình Dương, Bình Phước, Bình Thuận, Cà Mau, Cao Bằng, Đắk Lắk, "
    "Đắk Nông, Điện Biên, Đồng Nai, Đồng Tháp, Gia Lai, Hà Giang, Hà Nam, Hà Tĩnh, Hải Dương, Hậu Giang, "
    "Hòa Bình, Hưng Yên, Khánh Hòa, Kiên Giang, Kon Tum, Lai Châu, Lâm Đồng, Lạng Sơn, Lào Cai, Long An, "
    "Nam Định, Nghệ An, Ninh Bình, Ninh Thuận, Phú Thọ, Phú Yên, Quảng Bình, Quảng Nam, Quảng Ngãi, "
    "Quảng Ninh, Quảng Trị, Sóc Trăng, Sơn La, Tây Ninh, Thái Bình, Thái Nguyên, Thanh Hóa, Thừa Thiên Huế, "
    "Tiền Giang, Trà Vinh, Tuyên Quang, Vĩnh Long, Vĩnh Phúc, Yên Bái, Nha Trang, Đà Lạt, Vinh, Hạ Long, "
    "Quy Nhơn, Buôn Ma Thuột, Pleiku, Phan Thiết, Rạch Giá, Phú Quốc, Biên Hòa, Thủ Dầu Một, Sa Pa, Hội An"
).split(",")
VIETNAM_PLACES = frozenset(fold_place(p) for p in _VIETNAM_NAMES)


def is_abroad_label(label: str) -> bool:
    """A label for anywhere abroad ("Nước ngoài", "Phụ cấp lưu trú nước ngoài", "Overseas"), naming no country."""
    return bool(_ABROAD.search(fold(label)))


def in_vietnam(destination: str) -> bool:
    """Whether a destination names a place in Vietnam (folded, short forms written out: "TP.HCM", "Hanoi")."""
    asked = f" {fold_place(destination)} "
    return any(f" {p} " in asked for p in VIETNAM_PLACES)
