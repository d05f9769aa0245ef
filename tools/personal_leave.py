"""Paid personal leave for a family event, with the travel day: days read from the corpus, added up.

Vietnamese rules (the Labour Code's Article 115 and company rules after it) list paid personal leave by event and
relative — "a) Kết hôn: nghỉ 03 ngày", "Cha đẻ, mẹ đẻ … chết: nghỉ 03 ngày", a table "Người mất | Số ngày" — and
many companies add a travel day when the wedding or funeral is far away ("cách Công ty từ 300 km trở lên, NLĐ
được nghỉ thêm 01 ngày đi đường"). The calculator finds the item for the event and relative the employee names,
adds the travel day when the distance they give reaches the threshold and the rule covers that kind of event, and
cites each item by its grounded span. English rules are read the same way ("Own marriage: 4 days", "500 km or more,
2 additional days", "for the cases in points a and d"), the Vietnamese text first where both state an item.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Literal

from pydantic import BaseModel, Field

from indexes.search.query_terms import query_language
from indexes.text import fold, has_diacritics
from tools.calculation import CalculationResult, CalculationStep
from tools.leave_policy import ParamSource, RuleText, cite_rule
from tools.probation_calculator import working_days_from
from tools.probation_policy import WEEKDAY_EN, WEEKDAY_VI

Event = Literal["wedding", "funeral", "birth"]
Relation = Literal["self", "parent", "spouse", "child", "grandparent", "sibling"]
EVENT_VI = {"wedding": "kết hôn", "funeral": "tang (người thân mất)", "birth": "vợ sinh con"}
EVENT_EN = {"wedding": "a wedding", "funeral": "a death in the family", "birth": "your wife giving birth"}
RELATION_VI = {
    "self": "bản thân",
    "parent": "cha, mẹ",
    "spouse": "vợ hoặc chồng",
    "child": "con",
    "grandparent": "ông, bà",
    "sibling": "anh, chị, em ruột",
}
RELATION_EN = {
    "self": "yourself",
    "parent": "a parent",
    "spouse": "your spouse",
    "child": "a child",
    "grandparent": "a grandparent",
    "sibling": "a brother or sister",
}

_EVENTS: dict[Event, re.Pattern[str]] = {
    "birth": re.compile(r"\b(?:vo sinh|sinh con|gives? birth|giving birth|having a baby|has a baby)\b"),
    "wedding": re.compile(
        r"\b(?:ket hon|cuoi|dam cuoi|lay vo|lay chong|wedding|marr(?:y|ied|ies|ying)|marriage)\b"
    ),
    "funeral": re.compile(
        r"\b(?:chet|mat|qua doi|tu tran|dam tang|tang le|ve tang|died|dies|pass(?:ed)? away|funeral|death)\b"
    ),
}
# relatives as rules and questions name them (folded); "bố mẹ của vợ" is a parent (in-law) too
_RELATIONS: dict[Relation, re.Pattern[str]] = {
    "grandparent": re.compile(
        r"\b(?:ong ba|ong noi|ba noi|ong ngoai|ba ngoai|grand(?:father|mother|parents?|ma|pa))\b"
    ),
    # a bare "anh", "chị", "em" is how Vietnamese speakers say "I" or "you" ("Anh làm ở công trường…", "Anh chị cho
    # em hỏi"): a sibling is named with "ruột", as a pair ("anh trai", "chị gái") or as the list "anh, chị, em"
    "sibling": re.compile(
        r"\b(?:anh,? chi,? em|(?:anh|chi|em) ruot|anh trai|chi gai|em trai|em gai|brother|sister|sibling)s?\b"
    ),
    "child": re.compile(r"\b(?:con de|con nuoi|con trai|con gai|son|daughter|child|children|kid)\b"),
    "spouse": re.compile(r"\b(?:vo hoac chong|wife|husband|spouse)\b"),
    "parent": re.compile(
        r"\b(?:cha|me|bo|ba ma|bo me|cha me|father|mother|dad|mum|mom|parents?"
        r"|(?:father|mother|parents?)-in-law|in-laws)\b"
    ),
}
_KM = re.compile(r"(\d{1,3}(?:[.,]\d{3})*|\d+)\s*km")
_UNPAID = re.compile(r"\bkhong huong luong\b")
_PERSONAL = re.compile(
    r"\b(?:viec rieng|nguoi than|nguoi mat|hieu hi|personal leave|compassionate leave|bereavement|family events?"
    r"|special leave|marriage leave|wedding leave)\b"
)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "an": 1, "a": 1}
# how a personal-leave rule counts its days: "tính theo ngày làm việc", "counted in working days", or calendar days
_COUNTED_IN = re.compile(
    r"tinh theo ngay (?:(lam viec)|duong lich)|(?:counted|calculated) in (?:(working|business)|calendar) days"
)
# the extra travel days: "nghỉ thêm 01 ngày", "1 additional day", "two extra days", "an extra day of travel"
_EXTRA = re.compile(
    r"them (\d{1,2}) ngay|\b(\d{1,2}|one|two|three|an|a)\s*(?:\(\d+\)\s*)?(?:additional|extra|more)\s*"
    r"(?:travel(?:ling)? |paid )?days?\b|\badditional (\d{1,2}) days?\b"
)
# the items a travel rule covers: "đối với trường hợp tại điểm a và điểm d khoản 1", "for the cases in points a and d"
_POINTS = re.compile(
    r"(?:điểm|points?)\s+[a-zđ](?![\w])(?:\s*(?:,|và|and|hoặc|or)\s*(?:điểm\s+)?[a-zđ](?![\w]))*"
)
_POINT_LETTER = re.compile(r"(?<![\w])([a-zđ])(?![\w])")


class EventItem(BaseModel):
    text: str
    days: int
    point: str | None = None  # its letter in a lettered list ("a)", "đ)")
    english: bool = False  # stated in English only (a Vietnamese statement of the same item comes first)
    events: list[Event]
    relations: list[Relation]
    paid: bool
    source: ParamSource


class TravelRule(BaseModel):
    km: int
    days: int
    events: list[Event]
    points: list[str] = Field(default_factory=list)  # the lettered items it covers, where it names them
    english: bool = False
    source: ParamSource


class PersonalLeavePolicy(BaseModel):
    items: list[EventItem] = Field(default_factory=list)
    travel: list[TravelRule] = Field(default_factory=list)
    # how its days count, where a rule says ("Nghỉ việc riêng tính theo ngày làm việc"): working days or calendar
    working_days: bool | None = None
    counting: ParamSource | None = None


def _relations(text: str) -> list[Relation]:
    # English "me" is no "mẹ": folded, the two are one word (a question with any accent, even on a name only, may
    # write "mẹ" as "me")
    english = not has_diacritics(text) and query_language(text) == "en"
    folded = fold(re.sub(r"\bme\b", " ", text.lower()) if english else text)
    return [r for r, p in _RELATIONS.items() if p.search(folded)]


def event_of(text: str) -> Event | None:
    folded = fold(text)
    return next((e for e, p in _EVENTS.items() if p.search(folded)), None)


def _events(text: str) -> list[Event]:
    folded = fold(text)
    found = [e for e, p in _EVENTS.items() if p.search(folded)]
    return ["birth"] if "birth" in found else found


# the days an item grants: "nghỉ 03 ngày", "Kết hôn: 03 ngày", a table cell "| 03 ngày"; not a deadline ("trước
# ít nhất 03 ngày", "trong vòng 15 ngày", "kể từ")
_GRANTED = re.compile(
    r"(?:\bnghi(?: them| khong huong luong| co huong luong| huong nguyen luong)?|:|\|)\s*(\d{1,2})\s*ngay\b"
    r"|(?::|\||[–—]|\b(?:receives?|gets?|entitled to|granted|takes?|allowed))\s*(\d{1,2}|one|two|three|four|five)"
    r"\s*(?:\(\w+\)\s*)?(?:working |paid |calendar )?days?\b"
)
_DEADLINE = re.compile(
    r"\b(?:truoc(?: it nhat)?|trong vong|ke tu|sau khi|lien nhau|thong bao|before|within|in advance|notify|notice)\b"
)
_LETTERED = re.compile(r"(?:^|(?<=[;:.]))\s*(?=[a-zđ]\)\s)")


def policy_from_rules(rules: list[RuleText]) -> PersonalLeavePolicy:
    """The event items and travel-day rules of the documents' personal-leave sections."""
    policy = PersonalLeavePolicy()
    for rule in rules:
        context = fold(rule.context)
        header, _, own = rule.text.rpartition(" … ")
        folded = fold(rule.text)
        if not (_PERSONAL.search(context) or _PERSONAL.search(folded)):
            continue
        if policy.counting is None and (counted := _COUNTED_IN.search(folded)):
            policy.working_days = counted.group(1) is not None
            policy.counting = cite_rule(rule, "ngày làm việc" if policy.working_days else "ngày dương lịch")
        if _KM.search(folded) and _EXTRA.search(folded):
            # the events it names; a personal-leave section's travel rule that names none ("if the event takes place
            # 300 km away") covers weddings and funerals
            events = [e for e in ("wedding", "funeral") if _EVENTS[e].search(folded)]
            named = _POINTS.search(rule.text.lower())
            points = _POINT_LETTER.findall(named.group(0)) if named else []
            # ... as does one that names the items it covers ("cho mỗi lần nghỉ theo điểm a, c khoản 1")
            if not events and (points or not re.search(r"them (\d{1,2}) ngay", folded)):
                events = ["wedding", "funeral"]
            # one tier a clause: "từ 200 km đến dưới 500 km … thêm 01 ngày; từ 500 km trở lên … thêm 02 ngày"
            for clause in folded.split(";") if events else []:
                km, extra = _KM.search(clause), _EXTRA.search(clause)
                if km is None or extra is None:
                    continue
                count = next(g for g in extra.groups() if g)
                days = int(count) if count.isdigit() else _NUMBER_WORDS[count]
                policy.travel.append(
                    TravelRule(
                        km=int(re.sub(r"[.,]", "", km.group(1))),
                        days=days,
                        events=events,
                        points=points,
                        english=not extra.group(1),
                        source=cite_rule(rule, f"+{days:02d} ngày đi đường từ {km.group(1)} km"),
                    )
                )
            continue
        for piece in _LETTERED.split(own):  # "1. … trong trường hợp: a) Kết hôn: nghỉ 03 ngày; b) …"
            text = re.sub(r"[*_`]", "", piece).strip()
            plain = fold(text)
            days = _GRANTED.search(plain)
            letter = re.match(r"\s*([a-zđ])\)", text.lower())
            # the event in the item, its table's header, or the section's own title ("Câu 1. Tôi kết hôn …")
            events = (
                _events(text) or _events(header) or _events(rule.title_path[-1] if rule.title_path else "")
            )
            if days is None or not events or len(text) > 600:
                continue
            if _DEADLINE.search(plain[max(0, days.start() - 25) : days.end() + 12]):
                continue
            count = days.group(1) or days.group(2)
            count = count if count.isdigit() else str(_NUMBER_WORDS[count])
            relations = _relations(text) or (["self"] if "wedding" in events else [])
            policy.items.append(
                EventItem(
                    text=text,
                    days=int(count),
                    point=letter.group(1) if letter else None,
                    english=not days.group(1),
                    events=events,
                    relations=["spouse"] if events == ["birth"] else relations,
                    paid=not _UNPAID.search(plain) and not re.search(r"\bunpaid\b|\bwithout pay\b", plain),
                    source=cite_rule(rule, f"{count} ngày"),
                )
            )
    # the Vietnamese text prevails over its English translation or summary
    policy.items.sort(key=lambda i: i.english)
    policy.travel.sort(key=lambda t: t.english)
    return policy


def asked_relation(question: str, event: Event) -> Relation:
    """Whose event the question is about: a relative it names, else the employee themself (a wedding)."""
    found = _relations(question)
    if event == "birth":
        return "spouse"
    if "parent" in found and "child" in found:  # "con tôi cưới", "bố mẹ tôi": the first named wins
        folded = fold(question)
        first = min(found, key=lambda r: _RELATIONS[r].search(folded).start())
        return first
    return found[0] if found else "self"


class PersonalLeaveResult(CalculationResult):
    event: Event
    relation: Relation
    distance_km: int | None
    event_days: int
    travel_days: int
    total_days: int
    paid: bool
    # from a first day off the employee gives: the last day off and the day back at work
    first_day: dt.date | None = None
    last_day: dt.date | None = None
    back_on: dt.date | None = None


class PersonalLeaveError(ValueError):
    pass


def calculate(
    policy: PersonalLeavePolicy,
    event: Event,
    relation: Relation,
    distance_km: int | None,
    start: dt.date | None = None,
    rest: tuple[list[int], ParamSource] | None = None,
) -> PersonalLeaveResult:
    """The days off for the event (and the travel day the distance earns); from a first day off (``start``), also
    the last day off and the day back, counted in working days (skipping the weekly ``rest`` days the documents
    state) where the item or a rule says so, else in calendar days."""
    items = [i for i in policy.items if event in i.events and relation in i.relations]
    if not items:
        raise PersonalLeaveError(
            f"no document states personal leave for {EVENT_EN[event]} of {RELATION_EN[relation]}; "
            f"stated: {'; '.join(i.text for i in policy.items) or 'none'}"
        )
    item = sorted(items, key=lambda i: not i.paid)[0]
    # the first stated travel rule that covers the item (its letter, where the rule names the items it covers),
    # at its highest tier the distance reaches
    travel = [
        t
        for t in policy.travel
        if event in t.events and (not t.points or not item.point or item.point in t.points)
    ]
    tiers = [t for t in travel if t.source.quote == travel[0].source.quote] if travel else []
    reached = [t for t in tiers if distance_km is not None and distance_km >= t.km]
    rule = max(reached, key=lambda t: t.km) if reached else min(tiers, key=lambda t: t.km, default=None)
    extra = rule.days if rule and reached else 0
    total = item.days + extra
    sources = {"event_days": item.source}
    steps = [
        CalculationStep(
            text=f"{item.text}: {item.days:02d} ngày.", rule=f"event_days ({item.source.node_id})"
        )
    ]
    steps_en = [f"{EVENT_EN[event].capitalize()} ({RELATION_EN[relation]}): {item.days} days."]
    if rule is not None and distance_km is not None:
        sources["travel_days"] = rule.source
        if extra:
            steps.append(
                CalculationStep(
                    text=f"Nơi tổ chức cách {distance_km} km (từ {rule.km} km trở lên): thêm {extra:02d} ngày đi đường.",
                    rule=f"travel_days ({rule.source.node_id})",
                )
            )
            steps_en.append(f"{distance_km} km away (at least {rule.km} km): {extra} more day(s) for travel.")
        else:
            steps.append(
                CalculationStep(
                    text=f"Nơi tổ chức cách {distance_km} km (dưới {rule.km} km): không có ngày đi đường.",
                    rule=f"travel_days ({rule.source.node_id})",
                )
            )
            steps_en.append(f"{distance_km} km away (under {rule.km} km): no travel day.")
    dates = _dates(policy, item, total, start, rest, sources, steps, steps_en) if start else None
    pay_vi = "hưởng nguyên lương" if item.paid else "không hưởng lương"
    pay_en = "paid" if item.paid else "unpaid"
    sum_vi = f"{item.days:02d} + {extra:02d} ngày đi đường; " if extra else ""
    sum_en = f"{item.days} + {extra} travel day{'s' if extra > 1 else ''}; " if extra else ""
    result = PersonalLeaveResult(
        event=event,
        relation=relation,
        distance_km=distance_km,
        event_days=item.days,
        travel_days=extra,
        total_days=total,
        paid=item.paid,
        steps=steps,
        steps_en=steps_en,
        policy_sources=sources,
        answer=f"Bạn được nghỉ tổng cộng {total:02d} ngày {pay_vi} ({sum_vi}{EVENT_VI[event]}, "
        f"{RELATION_VI[relation]}).",
        answer_en=f"You get {total} day{'s' if total != 1 else ''} of {pay_en} leave in total ({sum_en}{EVENT_EN[event]}, "
        f"{RELATION_EN[relation]}).",
    )
    if dates is None:
        return result
    first, last, back = dates
    return result.model_copy(
        update={
            "first_day": first,
            "last_day": last,
            "back_on": back,
            "answer": f"{result.answer} Nghỉ từ {_day_vi(first)} đến hết {_day_vi(last)}; ngày đi làm lại là "
            f"{_day_vi(back)}.",
            "answer_en": f"{result.answer_en} Off from {_day_en(first)} to {_day_en(last)}; back at work on "
            f"{_day_en(back)}.",
        }
    )


def _day_vi(day: dt.date) -> str:
    return f"{WEEKDAY_VI[day.weekday()]} {day:%d/%m/%Y}"


def _day_en(day: dt.date) -> str:
    return f"{day:%A} {day:%d/%m/%Y}"


def _dates(
    policy: PersonalLeavePolicy,
    item: EventItem,
    total: int,
    start: dt.date,
    rest: tuple[list[int], ParamSource] | None,
    sources: dict[str, ParamSource],
    steps: list[CalculationStep],
    steps_en: list[str],
) -> tuple[dt.date, dt.date, dt.date]:
    """The first and last day off and the day back, with their steps: working days when the item says so ("nghỉ
    05 ngày làm việc") or a rule does, calendar days when a rule says so or none does (named as the default)."""
    in_item = "ngay lam viec" in fold(item.text) or "working day" in item.text.lower()
    working = in_item or bool(policy.working_days)
    if in_item:
        sources["counting"] = item.source
    elif policy.counting is not None:
        sources["counting"] = policy.counting
    else:
        sources["counting"] = ParamSource(source="default", note=COUNTING_DEFAULT)
    days, rest_source = rest or ([6], ParamSource(source="default", note="ngày nghỉ hằng tuần: Chủ nhật"))
    if len(days) >= 7:
        raise PersonalLeaveError("every day of the week is a rest day")
    if working:
        sources["weekly_rest_days"] = rest_source
        first = start
        while first.weekday() in days:  # a leave starting on a rest day starts on the next working day
            first += dt.timedelta(days=1)
        last = working_days_from(first, total, days)[-1]
    else:
        first, last = start, start + dt.timedelta(days=total - 1)
    back = last + dt.timedelta(days=1)
    while back.weekday() in days:
        back += dt.timedelta(days=1)
    if working:
        rest_vi = " và ".join(WEEKDAY_VI[d] for d in days)
        steps.append(
            CalculationStep(
                text=f"Tính theo ngày làm việc (không tính {rest_vi}): {total:02d} ngày từ {_day_vi(first)} "
                f"đến hết {_day_vi(last)}.",
                rule=f"counting ({sources['counting'].node_id or 'mặc định'})",
            )
        )
        steps_en.append(
            f"Counted in working days (not {' or '.join(WEEKDAY_EN[d] for d in days)}): {total} days from "
            f"{_day_en(first)} to {_day_en(last)}."
        )
    else:
        steps.append(
            CalculationStep(
                text=f"Tính theo ngày dương lịch: {total:02d} ngày từ {_day_vi(first)} đến hết {_day_vi(last)}.",
                rule=f"counting ({sources['counting'].node_id or 'mặc định'})",
            )
        )
        steps_en.append(f"Counted in calendar days: {total} days from {_day_en(first)} to {_day_en(last)}.")
    steps.append(CalculationStep(text=f"Ngày đi làm lại: {_day_vi(back)}.", rule="back_on"))
    steps_en.append(f"Back at work on {_day_en(back)}.")
    return first, last, back


COUNTING_DEFAULT = (
    "Mặc định: các tài liệu không nói ngày nghỉ việc riêng tính theo ngày làm việc hay ngày dương lịch; tính theo "
    "ngày dương lịch"
)
