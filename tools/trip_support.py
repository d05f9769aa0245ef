"""Support for the company's yearly trip (tham quan, nghỉ mát, du lịch): what the company pays for an employee and
for the relatives who come along, from the trip rules the documents state.

A trip rule states the support per employee, often by length of service in a table keyed by ranges ("Từ đủ 03 năm
đến dưới 07 năm | 4.000.000"); the relatives' share ("Vợ hoặc chồng và con từ đủ 05 tuổi trở lên được Công ty hỗ trợ
50% mức hỗ trợ của CBCNV đó", "Mỗi người thân đi cùng được Công ty hỗ trợ 50% chi phí chương trình"); children
under an age who go free ("Con dưới 05 tuổi đi cùng bố mẹ không phải đóng tiền"); the most relatives one may bring
("tối đa 02 người thân"); a reduction ("nghỉ không hưởng lương cộng dồn từ 30 ngày trở lên … chỉ được hưởng 50% mức
hỗ trợ"). Each is read with its span and cited. Nothing is assumed where no document states it: without a rule for
relatives, none of them is counted as supported, and the answer says so.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

from indexes.ranges import Quantity, row_range
from indexes.text import fold
from tools.calculation import CalculationResult, CalculationStep, money_en, where
from tools.leave_calculator import fmt_money
from tools.leave_policy import ParamSource, RuleText, cite_rule

ShareBasis = Literal["support", "cost"]

# the company's yearly trip, in a section's title, a rule or a question (folded); "chuyến đi" alone is any trip
COMPANY_TRIP = re.compile(
    r"\b(?:tham quan|nghi mat|du lich|company (?:trip|outing|holiday)|summer trip|staff trip|annual trip"
    r"|holiday trip|outing|team building)\b"
)
_AMOUNT = re.compile(
    r"\b(\d{1,3}(?:[.,]\d{3})+)\b|\b(\d{1,3}(?:[.,]\d)?)\s*(trieu|million)\b|\b(\d{4,})\s*(?:dong|vnd|đ)\b"
)
_MONEY_UNIT = re.compile(r"\b(?:dong|vnd|trieu|million)\b|đ\b")
_GRANTS_NOTHING = re.compile(r"\bkhong\b|\bno (?:support|allowance)\b|\bnot eligible\b|\bnone\b|^[-–—]$")
# relatives, in the rule as written (lower case, accented: folded, "con" is also "còn", "vợ" "vô")
_RELATIVES = re.compile(
    r"(?<!\w)(?:vợ|chồng|con|người thân|spouses?|child(?:ren)?|relatives?|family members?)(?!\w)"
)
_SHARE = re.compile(
    r"(\d{1,3})\s*%\s*(?:of\s+(?:the\s+)?(?:employee'?s?\s+|their\s+|his or her\s+)?)?"
    r"(muc ho tro|chi phi|gia|support|cost|price|fare)\b(?! tri)"
)
# relatives who pay their own way, or a share someone else pays (the union's fund is not the company's support)
_SELF_PAID = re.compile(
    r"\b(?:tu (?:dong|chi tra|tra|thanh toan)|pay (?:in full|all|the full|their own))\b"
    r"|\b(?:duoc )?cong doan(?: co so)? (?:ho tro|chi tra|tra|chi)\b|\bunion (?:pays|covers|contributes)\b"
)
_FREE_CHILD = re.compile(
    r"\b(?:con|tre em|tre|chau) (?:duoi|nho hon|chua du) (\d{1,2}) tuoi\b[^.;]*?\b(?:khong (?:phai )?(?:dong|tra|nop)|mien phi|"
    r"duoc mien|cong ty chi tra|cong ty tra)"
    r"|\bchildren (?:under|below|younger than) (\d{1,2})\b[^.;]*?\b(?:free|pay nothing|no charge|covered)"
)
_MAX_RELATIVES = re.compile(
    r"\btoi da (\d{1,2}) nguoi than\b|\bup to (\d{1,2}) (?:relatives|family members|companions)\b"
)
_REDUCTION = re.compile(
    r"\bnghi khong (?:huong )?luong\b[^.;]*?\b(tu du|tu|tren|from|over|more than)\s*(\d{1,3}) ngay\b[^.;]*?"
    r"(\d{1,3})\s*%|\bunpaid leave\b[^.;]*?\b(from|over|more than|at least)?\s*(\d{1,3}) days\b[^.;]*?"
    r"(\d{1,3})\s*%"
)


# an extra amount for an award ("được công nhận danh hiệu Chiến sĩ thi đua cơ sở … được hỗ trợ thêm 1.000.000 đồng",
# "được khen thưởng "Lao động giỏi" năm trước được cộng thêm 500.000 đồng")
_BONUS = re.compile(r"\b(?:ho tro them|cong them|thuong them|huong them|an additional|an extra|extra)\s+")
_AWARD = re.compile(
    r"\b(?:danh hieu|khen thuong|giai thuong|award(?:ed)?|title)\b\W*(.+?)(?:\W+(?:cua|nam|duoc|of|for)\b|$)"
)
_AWARD_FILLER = frozenset("co so cap the a an best".split())


class TripBonus(BaseModel):
    award: str  # its name, folded ("chien si thi dua co so"), what the asker's words are matched with
    name: str  # as written ("Chiến sĩ thi đua cơ sở")
    amount: int
    source: ParamSource


class TripLevel(BaseModel):
    key: str  # the row's key as written ("Từ đủ 03 năm đến dưới 07 năm")
    amount: int | None  # đồng; None: the row grants nothing ("Không thuộc đối tượng hỗ trợ")
    source: ParamSource


class TripSupportPolicy(BaseModel):
    levels: list[TripLevel] = Field(default_factory=list)
    share_percent: int | None = None  # of the employee's support, or of the trip's cost per person
    share_basis: ShareBasis = "support"
    share: ParamSource | None = None
    free_child_age: int | None = None
    free_child: ParamSource | None = None
    max_relatives: int | None = None
    max_relatives_source: ParamSource | None = None
    reduction_days: int | None = None  # unpaid-leave days from which (or above which) the support is reduced
    reduction_above: bool = False  # "trên 30 ngày": more than the days, not from them
    reduction_percent: int | None = None
    reduction: ParamSource | None = None
    bonuses: list[TripBonus] = Field(default_factory=list)


def _is_trip(rule: RuleText, sectioned: set[str]) -> bool:
    """A rule about the yearly trip: its own text or its section's titles say so; or, in a document with no part
    on the trip (``sectioned``), the document's title ("Quy định hỗ trợ tham quan, nghỉ mát"). A combined
    document's other parts ("I. Quỹ tương trợ") are not the trip's."""
    if COMPANY_TRIP.search(fold(f"{' '.join(rule.title_path[1:])} {rule.text}")):
        return True
    return rule.doc_id not in sectioned and bool(COMPANY_TRIP.search(fold(" ".join(rule.title_path[:1]))))


def _level(rule: RuleText) -> TripLevel | None:
    """A row of a table keyed by length of service, with its amount (or none, for a row granting nothing)."""
    header, _, row = rule.text.rpartition(" … ")
    if "|" not in row or not header:
        return None
    cells = [c.strip() for c in row.split("|") if c.strip()]
    span = row_range(cells[0]) if cells else None
    if span is None or span.dimension != "months":
        return None
    money = next((m for c in cells[1:] if (m := _AMOUNT.search(fold(c)))), None)
    if money is None:  # a row granting nothing says so ("Không hỗ trợ"); any other is no row of amounts
        if not any(_GRANTS_NOTHING.search(fold(c)) for c in cells[1:]):
            return None
        return TripLevel(key=cells[0], amount=None, source=cite_rule(rule, f"mức hỗ trợ: {cells[0]}"))
    if not (_MONEY_UNIT.search(fold(header)) or _MONEY_UNIT.search(fold(row))):
        return None
    return TripLevel(key=cells[0], amount=_money(money), source=cite_rule(rule, f"mức hỗ trợ: {cells[0]}"))


def _money(m: re.Match[str]) -> int:
    grouped, millions, _, plain = m.groups()
    if grouped:
        return int(re.sub(r"[.,]", "", grouped))
    if millions:
        return round(float(millions.replace(",", ".")) * 1_000_000)
    return int(plain)


def policy_from_rules(rules: list[RuleText]) -> TripSupportPolicy:
    """The trip rules of the documents (company documents first): the first table of support by length of service,
    and the first relatives' share, free-child age, most relatives and reduction each states."""
    policy = TripSupportPolicy()
    # a combined document has a part on the trip, a section holding sections ("III. THAM QUAN, DU LỊCH NGHỈ MÁT")
    sectioned = {r.doc_id for r in rules if COMPANY_TRIP.search(fold(" ".join(r.title_path[1:-1])))}
    trip = [r for r in rules if _is_trip(r, sectioned)]
    for rule in trip:
        level = _level(rule)
        if level and (not policy.levels or policy.levels[0].source.node_id == rule.node_id):
            policy.levels.append(level)
    # the other rules from the document of the table (one company's trip, not another's or the law's)
    table_doc = policy.levels[0].source.doc_id if policy.levels else None
    for rule in (r for r in trip if table_doc in (None, r.doc_id)):
        written = rule.text.rpartition(" … ")[2]
        own = fold(written)
        if (bonus := _bonus(rule, written, own)) is not None:
            policy.bonuses.append(bonus)
        for clause, lower in zip(own.split(";"), written.lower().split(";"), strict=False):
            share = _SHARE.search(clause)
            # relatives named before the share, and no one but the company paying it ("được Công đoàn hỗ trợ
            # 50%", "tự chi trả theo giá tour"); "phần còn lại tự chi trả" after it is the rest
            if (
                policy.share is None
                and share
                and _RELATIVES.search(lower[: share.start()])
                and not _SELF_PAID.search(clause[: share.end()])
            ):
                policy.share_percent = int(share.group(1))
                policy.share_basis = "support" if share.group(2) in ("muc ho tro", "support") else "cost"
                policy.share = cite_rule(rule, f"người thân được hỗ trợ {share.group(1)}%")
            if policy.free_child is None and (free := _FREE_CHILD.search(clause)):
                policy.free_child_age = int(free.group(1) or free.group(2))
                policy.free_child = cite_rule(
                    rule, f"con dưới {policy.free_child_age} tuổi không phải đóng tiền"
                )
            if policy.max_relatives_source is None and (most := _MAX_RELATIVES.search(clause)):
                policy.max_relatives = int(most.group(1) or most.group(2))
                policy.max_relatives_source = cite_rule(rule, f"tối đa {policy.max_relatives} người thân")
            if policy.reduction is None and (cut := _REDUCTION.search(clause)):
                op, days, percent = cut.groups()[:3] if cut.group(2) else cut.groups()[3:]
                policy.reduction_days, policy.reduction_percent = int(days), int(percent)
                policy.reduction_above = op in ("tren", "over", "more than")
                policy.reduction = cite_rule(rule, f"nghỉ không lương từ {days} ngày: hưởng {percent}%")
    return policy


def _bonus(rule: RuleText, written: str, own: str) -> TripBonus | None:
    """An extra amount a rule grants for an award, with the award's name (``own`` is ``written`` folded: the
    offsets of one are the other's)."""
    extra = _BONUS.search(own)
    award = _AWARD.search(own[: extra.start()]) if extra else None
    money = _AMOUNT.search(own, extra.end()) if extra else None
    if not (award and money):
        return None
    quotes = " \"'“”"
    name = " ".join(written[award.start(1) : award.end(1)].split()).strip(quotes)
    folded = " ".join(award.group(1).split()).strip(quotes)
    return TripBonus(
        award=folded, name=name, amount=_money(money), source=cite_rule(rule, f"hỗ trợ thêm: {name}")
    )


def awarded(bonus: TripBonus, employee: str) -> bool:
    """Whether the asker's words name the award ("tôi là chiến sĩ thi đua năm ngoái"): its words in their order,
    a level word such as "cơ sở" aside ("người lao động" names no "Lao động giỏi")."""
    words = [w for w in re.findall(r"[a-z0-9]+", bonus.award) if w not in _AWARD_FILLER]
    return bool(words) and f" {' '.join(words)} " in f" {' '.join(re.findall(r'[a-z0-9]+', fold(employee)))} "


class RelativeSupport(BaseModel):
    who: str  # "spouse", "child (7)", "other relative"
    support: int | None  # đồng; None when it depends on the trip's cost, which was not given
    note: str  # how it was worked out, in Vietnamese
    note_en: str
    goes_free: bool = False  # a child under the free age: the company pays their cost, whatever it is


class TripSupportResult(CalculationResult):
    service_months: int
    level: str  # the table row applied
    employee_support: int
    relatives: list[RelativeSupport] = Field(default_factory=list)
    total: int  # the employee's support and every relative's share that is known (a free child's cost apart)


_WHO_VI = {"spouse": "Vợ/chồng", "child": "Con", "other": "Người thân khác"}
_WHO_EN = {"spouse": "Spouse", "child": "Child", "other": "Other relative"}


def calculate(
    policy: TripSupportPolicy,
    service_months: int,
    spouse: bool = False,
    children_ages: list[int] | None = None,
    other_relatives: int = 0,
    unpaid_leave_days: int = 0,
    trip_cost: int | None = None,
    employee_words: str = "",
) -> TripSupportResult:
    """``employee_words``: who the asker is, in their words; an award a rule adds an amount for is counted when
    they name it, and said in the answer when they do not."""
    if not policy.levels:
        raise ValueError("no document states the trip support by length of service")
    months = Quantity(float(service_months), "months")
    level = next((lv for lv in policy.levels if (r := row_range(lv.key)) and r.holds(months)), None)
    if level is None:
        raise ValueError(f"no row of the trip support table covers {service_months} months of service")
    years, rest = divmod(service_months, 12)
    service_vi = " ".join(p for p in (f"{years} năm" if years else "", f"{rest} tháng" if rest else "") if p)
    service_en = " ".join(
        p for p in (f"{years} years" if years else "", f"{rest} months" if rest else "") if p
    )
    sources: dict[str, ParamSource] = {"trip_support_level": level.source}
    steps = [
        CalculationStep(
            text=f"Thời gian làm việc {service_vi or '0 tháng'}: dòng “{level.key}” của bảng mức hỗ trợ: "
            + (f"{fmt_money(level.amount)} đồng." if level.amount is not None else "không được hỗ trợ."),
            rule=f"trip_support_level ({where(level.source)})",
        )
    ]
    steps_en = [
        f"{service_en or '0 months'} of service: the row “{level.key}” of the support table: "
        + (f"{money_en(level.amount)}." if level.amount is not None else "no support.")
    ]
    base = level.amount or 0
    employee = base
    days = policy.reduction_days or 0
    reduced = unpaid_leave_days > days if policy.reduction_above else unpaid_leave_days >= days
    if policy.reduction and unpaid_leave_days and reduced and base:
        employee = base * (policy.reduction_percent or 100) // 100
        sources["trip_unpaid_reduction"] = policy.reduction
        bound = f"trên {days} ngày" if policy.reduction_above else f"từ {days} ngày trở lên"
        steps.append(
            CalculationStep(
                text=f"Nghỉ không lương {unpaid_leave_days} ngày ({bound}): hưởng "
                f"{policy.reduction_percent}% = {fmt_money(employee)} đồng.",
                rule=f"trip_unpaid_reduction ({where(policy.reduction)})",
            )
        )
        bound_en = f"more than {days}" if policy.reduction_above else f"{days} or more"
        steps_en.append(
            f"{unpaid_leave_days} days of unpaid leave ({bound_en}): "
            f"{policy.reduction_percent}% = {money_en(employee)}."
        )
    eligible = level.amount is not None
    named = [b for b in policy.bonuses if eligible and awarded(b, employee_words)]
    for n, b in enumerate(named, 1):
        employee += b.amount
        key = f"trip_bonus_{n}"  # one source per award, its step naming the same key (what the answer cites)
        sources[key] = b.source
        steps.append(
            CalculationStep(
                text=f"Hỗ trợ thêm cho danh hiệu “{b.name}”: {fmt_money(b.amount)} đồng.",
                rule=f"{key} ({where(b.source)})",
            )
        )
        steps_en.append(f"An extra {money_en(b.amount)} for the award “{b.name}”.")
    unnamed = [b for b in policy.bonuses if eligible and b not in named]
    if trip_cost is not None and employee > trip_cost:  # the support pays the trip, no more
        employee = trip_cost
        steps.append(
            CalculationStep(
                text=f"Chi phí chuyến đi {fmt_money(trip_cost)} đồng thấp hơn mức hỗ trợ: hỗ trợ bằng chi phí.",
                rule="trip_cost (câu hỏi)",
            )
        )
        steps_en.append(
            f"The trip costs {money_en(trip_cost)}, less than the support: the support is the cost."
        )
    # an employee the table grants nothing brings no supported relatives
    asked = (spouse, children_ages or [], other_relatives) if level.amount is not None else (False, [], 0)
    applied = _relatives(policy, base, *asked, trip_cost, sources)
    for r, param in applied:
        label = where(sources[param]) if param in sources else "không có quy định"
        steps.append(CalculationStep(text=r.note, rule=f"{param} ({label})"))
        steps_en.append(r.note_en)
    relatives = [r for r, _ in applied]
    total = employee + sum(r.support or 0 for r in relatives if not r.goes_free)
    answer, answer_en = _answers(level, employee, relatives, total, unnamed)
    return TripSupportResult(
        service_months=service_months,
        level=level.key,
        employee_support=employee,
        relatives=relatives,
        total=total,
        steps=steps,
        steps_en=steps_en,
        policy_sources=sources,
        answer=answer,
        answer_en=answer_en,
    )


def _relatives(
    policy: TripSupportPolicy,
    base: int,
    spouse: bool,
    children_ages: list[int],
    others: int,
    trip_cost: int | None,
    sources: dict[str, ParamSource],
) -> list[tuple[RelativeSupport, str]]:
    """Each relative's support (with the parameter that decided it), in the order the rules count them (spouse, children, others): beyond the most
    allowed one pays in full; a child under the free age goes free; the others get the stated share."""
    asked = (
        [("spouse", None)] * spouse + [("child", age) for age in children_ages] + [("other", None)] * others
    )
    out: list[RelativeSupport] = []
    params: list[str] = []
    for n, (who, age) in enumerate(asked, 1):
        label_vi = f"{_WHO_VI[who]}{f' {age} tuổi' if age is not None else ''}"
        label_en = f"{_WHO_EN[who]}{f' aged {age}' if age is not None else ''}"
        tag = f"{who}{f' {age}' if age is not None else ''}"
        if policy.max_relatives is not None and n > policy.max_relatives:
            sources["trip_max_relatives"] = policy.max_relatives_source
            param = "trip_max_relatives"
            out.append(
                RelativeSupport(
                    who=tag,
                    support=0,
                    note=f"{label_vi}: quá {policy.max_relatives} người thân được đăng ký, không được hỗ trợ.",
                    note_en=f"{label_en}: beyond the {policy.max_relatives} relatives allowed, no support.",
                )
            )
        elif who == "child" and policy.free_child_age is not None and age < policy.free_child_age:
            sources["trip_free_child_age"] = policy.free_child
            param = "trip_free_child_age"
            out.append(
                RelativeSupport(
                    who=tag,
                    support=trip_cost,
                    note=f"{label_vi}: dưới {policy.free_child_age} tuổi, đi miễn phí (Công ty chi trả).",
                    note_en=f"{label_en}: under {policy.free_child_age}, goes free (the company pays).",
                    goes_free=True,
                )
            )
        elif who != "other" and policy.share_percent is not None:
            sources["trip_relative_share"] = policy.share
            param = "trip_relative_share"
            pct = policy.share_percent
            if policy.share_basis == "support":
                amount: int | None = base * pct // 100
                if trip_cost is not None:  # a share pays the relative's trip, no more
                    amount = min(amount, trip_cost)
                how_vi = f"{pct}% mức hỗ trợ của người lao động = {fmt_money(amount)} đồng"
                how_en = f"{pct}% of the employee's support = {money_en(amount)}"
            elif trip_cost is not None:
                amount = trip_cost * pct // 100
                how_vi = f"{pct}% chi phí chuyến đi {fmt_money(trip_cost)} đồng = {fmt_money(amount)} đồng"
                how_en = f"{pct}% of the trip's cost {money_en(trip_cost)} = {money_en(amount)}"
            else:
                amount = None
                how_vi, how_en = (
                    f"{pct}% chi phí chuyến đi mỗi người",
                    f"{pct}% of the trip's cost per person",
                )
            out.append(
                RelativeSupport(
                    who=tag, support=amount, note=f"{label_vi}: {how_vi}.", note_en=f"{label_en}: {how_en}."
                )
            )
        else:
            param = "trip_relative_share"
            out.append(
                RelativeSupport(
                    who=tag,
                    support=0,
                    note=f"{label_vi}: không có quy định hỗ trợ, tự chi trả.",
                    note_en=f"{label_en}: no rule gives support; they pay their own way.",
                )
            )
        params.append(param)
    return list(zip(out, params, strict=True))


def _answers(
    level: TripLevel, employee: int, relatives: list[RelativeSupport], total: int, unnamed: list[TripBonus]
) -> tuple[str, str]:
    vi, en = _amounts(level, employee, relatives, total)
    for b in unnamed:  # a stated extra the asker did not say they hold: said, not counted
        vi += f" Nếu bạn có danh hiệu “{b.name}”, được hỗ trợ thêm {fmt_money(b.amount)} đồng."
        en += f" With the award “{b.name}” you would get {money_en(b.amount)} more."
    return vi, en


def _amounts(
    level: TripLevel, employee: int, relatives: list[RelativeSupport], total: int
) -> tuple[str, str]:
    if level.amount is None:
        return (
            f"Với thời gian làm việc này (dòng “{level.key}” của bảng mức hỗ trợ), bạn không được hỗ trợ chuyến "
            "tham quan, nghỉ mát; người thân đi cùng cũng không.",
            f"With this length of service (the row “{level.key}” of the support table) you get no trip support, "
            "nor do relatives coming with you.",
        )
    if not relatives:
        return (
            f"Công ty hỗ trợ bạn {fmt_money(employee)} đồng cho chuyến tham quan, nghỉ mát.",
            f"The company supports your trip with {money_en(employee)}.",
        )
    unknown = [r for r in relatives if r.support is None and not r.goes_free]
    vi = f"Công ty hỗ trợ tổng cộng {fmt_money(total)} đồng: bạn {fmt_money(employee)} đồng" + "".join(
        f"; {r.note.rstrip('.')}" for r in relatives
    )
    en = f"The company's support comes to {money_en(total)} in all: you {money_en(employee)}" + "".join(
        f"; {r.note_en.rstrip('.')}" for r in relatives
    )
    if unknown:
        vi += " (chưa tính phần theo chi phí chuyến đi, vì chưa biết chi phí)"
        en += " (the shares of the trip's cost are not counted: the cost was not given)"
    return vi + ".", en + "."
