"""The notice an employee gives to resign, by contract type, and the earliest day they may leave.

Vietnamese rules state it as the Labour Code does (Article 35): at least 45 days for an open-ended contract, 30 days
for a fixed-term contract of 12 to 36 months, 3 working days under 12 months, none during probation — in a table
("Loại hợp đồng | Thời hạn báo trước … HĐLĐ không xác định thời hạn | 45 ngày") or in sentences. Each row is read
with the contract it covers (open-ended, a fixed term with its range of months, probation) and cited by its span;
where no document states it, the Labour Code's figures are used and named as defaults. The earliest leaving day is
the notice day plus the notice (calendar days), or the Nth working day after it (working days; Sunday the rest day
unless the caller gives others).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Literal

from pydantic import BaseModel, Field

from indexes.text import fold
from tools.calculation import CalculationResult, CalculationStep
from tools.leave_policy import ParamSource, RuleText, cite_rule
from tools.probation_calculator import working_days_from

Contract = Literal["open_ended", "fixed_term", "probation"]
CONTRACT_VI = {
    "open_ended": "HĐLĐ không xác định thời hạn",
    "fixed_term": "HĐLĐ xác định thời hạn",
    "probation": "thử việc",
}
CONTRACT_EN = {
    "open_ended": "an open-ended contract",
    "fixed_term": "a fixed-term contract",
    "probation": "probation",
}
LAW_NOTE = "Bộ luật Lao động 2019, Điều 35"
# (contract, months from, months to (exclusive), days, working days?) — the Labour Code's figures
LAW_ROWS = (
    ("open_ended", 0, 10_000, 45, False),
    ("fixed_term", 12, 37, 30, False),
    ("fixed_term", 0, 12, 3, True),
)

_NOTICE = re.compile(r"\bbao truoc\b|\bnotice\b")
_DAYS = re.compile(r"(\d{1,3})\s*(ngay lam viec|ngay|working days?|days?)\b")
_NONE = re.compile(
    r"\b(?:khong (?:phai|can) bao truoc|no (?:advance |prior )?notice|not (?:required|need) to give (?:any )?notice)\b"
)
# "từ 12 tháng đến 36 tháng", "of 12 to 36 months", "from 12 months to 36 months", "12–36 months"
_RANGE = re.compile(
    r"tu (\d{1,2}) thang den (\d{1,2}) thang"
    r"|\b(\d{1,2})(?: months?)?\s*(?:to|-|–|and)\s*(\d{1,2})\s*months?\b"
)
# how the notice days are counted, where a resignation rule says: the day the notice is given (received, signed
# for) is itself day one ("ngày Phòng TCHC ký nhận đơn được tính là ngày thứ nhất", "(ngày ký nhận là ngày thứ
# nhất)", "kể cả ngày nộp đơn"), or the count starts the day after it (the default, as the Civil Code counts a
# period). A clause naming the day after, or saying the notice day is not counted, is the second
_NOTICE_DAY = r"ngay(?: \w+){0,4}? (?:nop|gui|nhan|ky nhan|bao|thong bao)"
_FIRST_DAY_COUNTS = re.compile(
    rf"{_NOTICE_DAY}\b[^.;]{{0,60}}?(?:duoc )?(?:tinh )?la ngay (?:thu nhat|dau tien)|(?:ke ca|tinh ca) {_NOTICE_DAY}"
    r"|\bthe day (?:the notice is|it is|you) (?:given|received|submitted|hand(?:ed)? in|give it)\b[^.;]{0,30}?"
    r"counts? as (?:the )?(?:first day|day one|day 1)|including the day (?:it is|the notice is) (?:given|received)"
)
_DAY_AFTER = re.compile(
    r"(?:tinh|ke) tu ngay (?:hom sau|tiep theo|ke tiep|lien sau)|\bngay (?:lien sau|hom sau|tiep theo)"
    r"|\bkhong (?:tinh|ke) ca ngay|\bkhong duoc tinh la ngay (?:thu nhat|dau tien)"
    r"|(?:from|starting) the (?:day after|next day|following day)|\bthe day after\b|\bnot count(?:ed)? as\b"
    r"|\bdoes not count\b|\bexcluding the day\b"
)
_UNDER = re.compile(
    r"duoi (\d{1,2}) thang|\b(?:less than|under|fewer than|below|shorter than) (\d{1,2}) months?\b"
)


class NoticeRow(BaseModel):
    contract: Contract
    months_from: int = 0
    months_to: int = 10_000  # exclusive
    days: int
    working_days: bool
    source: ParamSource


class NoticePolicy(BaseModel):
    rows: list[NoticeRow] = Field(default_factory=list)
    first_day_counts: bool = False  # the notice day itself is day one
    counting: ParamSource | None = None  # the rule that says how the days are counted, where one does

    def counting_source(self) -> ParamSource:
        return self.counting or ParamSource(source="default", note=COUNTING_DEFAULT)


COUNTING_DEFAULT = (
    "Mặc định: thời hạn báo trước tính từ ngày hôm sau ngày báo (Bộ luật Dân sự 2015, Điều 147)"
)


def _contract_of(text: str) -> tuple[Contract, int, int] | None:
    folded = fold(text)
    if "khong xac dinh thoi han" in folded or "open-ended" in folded or "indefinite" in folded:
        return "open_ended", 0, 10_000
    if "thu viec" in folded or "probation" in folded:
        return "probation", 0, 10_000
    if m := _RANGE.search(folded):
        lo, hi = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        return "fixed_term", int(lo), int(hi) + 1
    if m := _UNDER.search(folded):
        return "fixed_term", 0, int(m.group(1) or m.group(2))
    if "xac dinh thoi han" in folded or "fixed-term" in folded:
        return "fixed_term", 0, 10_000
    return None


def policy_from_rules(rules: list[RuleText]) -> NoticePolicy:
    """The notice rows of the documents' resignation rules: table rows under a header naming the notice, or
    sentences and list items naming a contract and a number of days."""
    policy = NoticePolicy()
    for rule in rules:
        header, _, own = rule.text.rpartition(" … ")
        folded = fold(f"{header} {own} {rule.context}")
        if not _NOTICE.search(folded):
            continue
        if policy.counting is None:
            after = _DAY_AFTER.search(fold(own))
            first = None if after else _FIRST_DAY_COUNTS.search(fold(own))
            if first or after:
                policy.first_day_counts = bool(first)
                note = "ngày báo là ngày thứ nhất" if first else "tính từ ngày hôm sau ngày báo"
                policy.counting = cite_rule(rule, note)
        contract = _contract_of(own)
        if contract is None:
            continue
        kind, lo, hi = contract
        if _NONE.search(fold(own)) or kind == "probation":
            days, working = 0, False
        elif m := _DAYS.search(fold(own)):
            days, working = int(m.group(1)), "lam viec" in m.group(2) or "working" in m.group(2)
        else:
            continue
        if any(r.contract == kind and r.months_from == lo and r.months_to == hi for r in policy.rows):
            continue
        note = (
            "không phải báo trước" if not days else f"báo trước {days} ngày{' làm việc' if working else ''}"
        )
        policy.rows.append(
            NoticeRow(
                contract=kind,
                months_from=lo,
                months_to=hi,
                days=days,
                working_days=working,
                source=cite_rule(rule, note),
            )
        )
    return policy


class NoticeResult(CalculationResult):
    contract: Contract
    contract_months: int | None
    notice_date: dt.date
    notice_days: int
    working_days: bool
    earliest_leave: dt.date


def _row(policy: NoticePolicy, contract: Contract, months: int | None) -> tuple[int, bool, ParamSource]:
    rows = [r for r in policy.rows if r.contract == contract]
    if contract == "fixed_term" and months is not None:
        rows = [r for r in rows if r.months_from <= months < r.months_to] or rows[:0]
    if rows:
        return rows[0].days, rows[0].working_days, rows[0].source
    if contract == "probation":
        return (
            0,
            False,
            ParamSource(source="default", note=f"{LAW_NOTE}; Điều 27: thử việc không phải báo trước"),
        )
    for kind, lo, hi, days, working in LAW_ROWS:
        if kind == contract and (months is None or lo <= months < hi):
            return days, working, ParamSource(source="default", note=LAW_NOTE)
    raise ValueError("give the contract's length in months for a fixed-term contract")


def calculate(
    policy: NoticePolicy, contract: Contract, months: int | None, notice_date: dt.date, rest: list[int]
) -> NoticeResult:
    days, working, source = _row(policy, contract, months)
    first = notice_date if policy.first_day_counts else notice_date + dt.timedelta(days=1)  # day one
    if not days:
        earliest = notice_date
    elif working:
        earliest = working_days_from(first, days, rest)[-1]
    else:
        earliest = first + dt.timedelta(days=days - 1)
    unit_vi = "ngày làm việc" if working else "ngày"
    unit_en = "working days" if working else "days"
    what_vi = CONTRACT_VI[contract] + (f" {months} tháng" if months and contract == "fixed_term" else "")
    what_en = CONTRACT_EN[contract] + (f" of {months} months" if months and contract == "fixed_term" else "")
    where = f"{source.doc_id} › {source.node_id}" if source.source == "corpus" else f"mặc định: {source.note}"
    step = CalculationStep(
        text=f"{what_vi}: báo trước {days:02d} {unit_vi}; báo từ {notice_date:%d/%m/%Y} → sớm nhất {earliest:%d/%m/%Y}.",
        rule=f"notice_days ({where})",
    )
    counting = policy.counting_source()
    counted = f"{counting.doc_id} › {counting.node_id}" if counting.source == "corpus" else "mặc định"
    day_one_vi = "chính ngày báo" if policy.first_day_counts else "ngày hôm sau ngày báo"
    day_one_en = (
        "the day the notice is given" if policy.first_day_counts else "the day after the notice is given"
    )
    counting_step = CalculationStep(
        text=f"Ngày thứ nhất của thời hạn báo trước là {day_one_vi} ({first:%d/%m/%Y}).",
        rule=f"notice_counting ({counted})",
    )
    return NoticeResult(
        contract=contract,
        contract_months=months,
        notice_date=notice_date,
        notice_days=days,
        working_days=working,
        earliest_leave=earliest,
        steps=[counting_step, step] if days else [step],
        steps_en=[
            *([f"Day one of the notice is {day_one_en} ({first:%d/%m/%Y})."] if days else []),
            f"{what_en.capitalize()}: {days} {unit_en} of notice; given on {notice_date:%d/%m/%Y} → "
            f"{earliest:%d/%m/%Y} at the earliest.",
        ],
        policy_sources={"notice_days": source, **({"notice_counting": counting} if days else {})},
        answer=(
            f"Với {what_vi}, bạn phải báo trước {days:02d} {unit_vi}: báo ngày {notice_date:%d/%m/%Y} thì sớm nhất "
            f"ngày {earliest:%d/%m/%Y} được nghỉ."
            if days
            else f"Với {what_vi}, bạn không phải báo trước: có thể nghỉ ngay từ {notice_date:%d/%m/%Y}."
        ),
        answer_en=(
            f"With {what_en} you must give {days} {unit_en} of notice: giving it on {notice_date:%d/%m/%Y}, you can "
            f"leave on {earliest:%d/%m/%Y} at the earliest."
            if days
            else f"On {what_en} no notice is needed: you can leave from {notice_date:%d/%m/%Y}."
        ),
    )
