"""A 13th-month (Tết) bonus for part of a year: the documents' base ("bằng 01 tháng tiền lương theo HĐLĐ"), pro rata
to the months worked in the year ("làm việc chưa đủ 12 tháng thì tính theo tỷ lệ số tháng làm việc", "× (số tháng
làm việc trong năm dương lịch : 12)"), the month of joining counted where a rule says so ("Tháng vào làm từ ngày
15 trở về trước được tính là một tháng"), probation counted where a rule says so, a minimum of months, and the
rating's coefficient from the documents' table ("Loại B (Hoàn thành tốt) | 1,0"). Each parameter is cited by its
span; one no document states is named as the default used."""

from __future__ import annotations

import datetime as dt
import re

from pydantic import BaseModel, Field

from indexes.text import fold
from tools.calculation import CalculationResult, CalculationStep, money_en, where
from tools.leave_calculator import fmt_money
from tools.leave_policy import ParamSource, RuleText, cite_rule

# a rule on the 13th-month or Tết bonus (folded): its section's title or its own words
_BONUS = re.compile(
    r"\b(?:thang luong thu 13|luong thang 13|luong thang thu 13|thuong tet|13th[- ]month|tet bonus|thirteenth)\b"
)
_PRO_RATA = re.compile(
    r"\b(?:theo ty le so thang|ty le (?:voi )?so thang|so thang lam viec[^.;]{0,40}?(?::|(?<!\d)/|÷|chia(?: cho)?)\s*12\b(?!/)"
    r"|pro[- ]?rat(?:a|ed)"
    r"|months? (?:worked|of service)[^.;]{0,20}?(?:/|÷|divided by)\s*12)"
)
_BASE = re.compile(
    r"\bbang (\d{1,2}) thang (?:tien )?luong\b|\b(?:equal to|of) (one|two|\d) months?'? (?:salary|pay)\b"
    # a formula on the month's wage: "Lương tháng 13 = mức lương theo HĐLĐ … × số tháng làm việc ÷ 12"
    r"|\b(?:luong thang 13|luong thang thu 13|thuong tet)\s*=\s*(?:muc )?(?:tien )?luong\b"
)
_PROBATION_COUNTS = re.compile(
    r"\b(?:ke ca|tinh ca|bao gom) (?:thoi gian )?thu viec|thoi gian thu viec (?:duoc )?tinh(?: la\b| vao\b|\s*[.;,)]|$)"
    r"|including (?:the )?(?:probation|trial)"
)
# the month of joining: "Tháng vào làm từ ngày 15 trở về trước được tính là một tháng", "joining on or before the 15th"
_CUTOFF = re.compile(
    r"\bthang vao lam tu ngay (\d{1,2}) tro ve truoc\b|\bvao lam (?:truoc|tu) ngay (\d{1,2})\b[^.;]{0,30}tinh"
    # "Tháng bắt đầu làm việc được tính nếu ngày vào làm từ ngày 15 trở về trước"
    r"|\bvao lam (?:tu |truoc )?ngay (\d{1,2}) tro ve truoc\b"
    r"|\bjoin(?:ing|ed)? (?:on or before|by) the (\d{1,2})(?:st|nd|rd|th)\b"
)
# a rule that pays a shorter service too ("dưới 12 tháng được hưởng theo tỷ lệ"): its "từ 12 tháng" is no minimum
_SHORTER_PAID = re.compile(r"\b(?:duoi|chua du) \d{1,2} thang\b|\btheo ty le\b|\bpro[- ]?rat")
_MINIMUM = re.compile(r"\b(?:phai co )?tu (?:du )?(\d{1,2}) thang lam viec\b|\bat least (\d{1,2}) months?\b")
# a rating and its coefficient, a table row: "Loại B (Hoàn thành tốt) | 1,0", "Grade A | 1.2"
_RATING_ROW = re.compile(
    r"^\s*(?:xep )?(?:loai|grade|rating|muc)\s+([a-d])\b[^|]*\|\s*(\d(?:[.,]\d{1,2})?)\s*\|?\s*$"
)
_WORDS = {"one": 1, "two": 2}


class ThirteenthMonthPolicy(BaseModel):
    pro_rata: ParamSource | None = None
    base_months: int = 1
    base_source: ParamSource | None = None
    probation_counts: ParamSource | None = None
    cutoff_day: int | None = None  # the month of joining counts when joined on or before this day
    cutoff_source: ParamSource | None = None
    minimum_months: int | None = None
    minimum_source: ParamSource | None = None
    coefficients: dict[str, float] = Field(default_factory=dict)  # rating letter → coefficient
    coefficient_source: dict[str, ParamSource] = Field(default_factory=dict)


def thirteenth_month_policy_from_rules(rules: list[RuleText]) -> ThirteenthMonthPolicy:
    """The first statement of each parameter in the documents' 13th-month or Tết bonus sections."""
    policy = ThirteenthMonthPolicy()
    for rule in rules:
        text = fold(re.sub(r"[*_`]", "", rule.text))
        if not (_BONUS.search(fold(" ".join(rule.title_path[-2:]))) or _BONUS.search(text)):
            continue
        if policy.pro_rata is None and _PRO_RATA.search(text):
            policy.pro_rata = cite_rule(rule, "theo tỷ lệ số tháng làm việc trong năm")
        if policy.base_source is None and (m := _BASE.search(text)):
            count = m.group(1) or m.group(2) or "1"
            policy.base_months = int(count) if count.isdigit() else _WORDS.get(count, 1)
            policy.base_source = cite_rule(rule, f"{policy.base_months:02d} tháng lương")
        if policy.probation_counts is None and _PROBATION_COUNTS.search(text):
            policy.probation_counts = cite_rule(rule, "thời gian thử việc được tính")
        if policy.cutoff_source is None and (m := _CUTOFF.search(text)):
            policy.cutoff_day = int(next(g for g in m.groups() if g))
            policy.cutoff_source = cite_rule(rule, f"tháng vào làm từ ngày {policy.cutoff_day} trở về trước")
        if policy.minimum_source is None and (m := _MINIMUM.search(text)) and not _SHORTER_PAID.search(text):
            policy.minimum_months = int(m.group(1) or m.group(2))
            policy.minimum_source = cite_rule(rule, f"tối thiểu {policy.minimum_months:02d} tháng")
        if " … " in rule.text and "|" in rule.text:
            header, row = rule.text.split(" … ")[0], rule.text.split(" … ")[-1]
            if re.search(r"\b(?:he so|coefficient|multiplier)\b", fold(header)) and (
                m := _RATING_ROW.match(fold(row))
            ):
                letter = m.group(1).upper()
                policy.coefficients.setdefault(letter, float(m.group(2).replace(",", ".")))
                policy.coefficient_source.setdefault(letter, cite_rule(rule, f"loại {letter}: {m.group(2)}"))
    return policy


class ThirteenthMonthResult(CalculationResult):
    year: int
    months: int
    monthly_wage: int | None = None
    coefficient: float | None = None
    amount: int | None = None


DEFAULT_CUTOFF = (
    "Mặc định: các tài liệu không nói tháng vào làm giữa tháng có được tính không; chỉ tính tháng làm trọn từ ngày "
    "01"
)


def calculate(
    policy: ThirteenthMonthPolicy,
    start: dt.date,
    year: int,
    monthly_wage: int | None = None,
    rating: str | None = None,
) -> ThirteenthMonthResult:
    """The months worked in ``year`` from ``start`` (the month of joining where a rule or the default counts it)
    and, with the month's wage, the bonus: wage × base months × months / 12 × the rating's coefficient."""
    if policy.pro_rata is None:
        raise LookupError("no document states a 13th-month or Tết bonus pro rata to the months worked")
    if start.year > year:
        raise ValueError(f"the start of work {start:%d/%m/%Y} is after the year {year}")
    if monthly_wage is not None and not 100_000 <= monthly_wage <= 100_000_000_000:
        raise ValueError("the monthly wage must be between 100.000 and 100.000.000.000 đồng")
    sources: dict[str, ParamSource] = {"pro_rata": policy.pro_rata}
    steps: list[CalculationStep] = []
    steps_en: list[str] = []
    if start.year < year:
        months, first = 12, dt.date(year, 1, 1)
        steps.append(CalculationStep(text=f"Làm việc cả năm {year}: 12 tháng.", rule="months"))
        steps_en.append(f"Worked all of {year}: 12 months.")
    else:
        counted = start.day <= policy.cutoff_day if policy.cutoff_day else start.day == 1
        sources["joining_month"] = policy.cutoff_source or ParamSource(source="default", note=DEFAULT_CUTOFF)
        first = start.replace(day=1) if counted else _next_month(start)
        months = 13 - first.month if first.year == year else 0
        why_vi = "được tính" if counted else "không được tính"
        why_en = "counts" if counted else "does not count"
        steps.append(
            CalculationStep(
                text=f"Vào làm ngày {start:%d/%m/%Y}: tháng {start.month} {why_vi}; số tháng làm việc trong năm {year}: "
                f"{months} (tháng {first.month}–12).",
                rule=f"months ({where(sources['joining_month'])})",
            )
        )
        steps_en.append(
            f"Joined on {start:%d/%m/%Y}: month {start.month} {why_en}; months worked in {year}: {months}"
            + (f" (months {first.month}–12)." if months else ".")
        )
    if policy.probation_counts is not None:
        sources["probation"] = policy.probation_counts
        steps.append(
            CalculationStep(text="Thời gian thử việc được tính vào số tháng làm việc.", rule="probation")
        )
        steps_en.append("Probation counts toward the months worked.")
    if policy.minimum_months and months < policy.minimum_months and policy.minimum_source is not None:
        sources["minimum_months"] = policy.minimum_source
        months_short = (
            f"Chưa đủ {policy.minimum_months:02d} tháng làm việc trong năm: không được thưởng.",
            f"Fewer than {policy.minimum_months} months worked in the year: no bonus.",
        )
        steps.append(CalculationStep(text=months_short[0], rule=f"minimum ({where(policy.minimum_source)})"))
        steps_en.append(months_short[1])
        return ThirteenthMonthResult(
            year=year,
            months=months,
            monthly_wage=monthly_wage,
            amount=0 if monthly_wage else None,
            steps=steps,
            steps_en=steps_en,
            policy_sources=sources,
            answer=f"Năm {year} bạn làm {months} tháng, chưa đủ {policy.minimum_months:02d} tháng nên không được "
            "thưởng tháng 13 (Tết).",
            answer_en=f"You worked {months} months in {year}, fewer than the {policy.minimum_months} required: no "
            "13th-month (Tết) bonus.",
        )
    base = policy.base_months
    if policy.base_source is not None:
        sources["base"] = policy.base_source
    coefficient = None
    if rating and policy.coefficients:
        letter = rating.upper()
        if letter not in policy.coefficients:
            raise LookupError(f"no coefficient is stated for rating {letter}: {sorted(policy.coefficients)}")
        coefficient = policy.coefficients[letter]
        sources["coefficient"] = policy.coefficient_source[letter]
    share_vi = f"{months}/12" + (f" × {base:02d} tháng lương" if base != 1 else " tháng lương")
    share_en = f"{months}/12 of {'a month’s' if base == 1 else f'{base} months’'} salary"
    if monthly_wage is None:
        note = f" × hệ số {_coef(coefficient)}" if coefficient is not None else ""
        return ThirteenthMonthResult(
            year=year,
            months=months,
            coefficient=coefficient,
            steps=steps,
            steps_en=steps_en,
            policy_sources=sources,
            answer=f"Thưởng tháng 13 (Tết) năm {year} của bạn bằng {share_vi}{note} ({months} tháng làm việc).",
            answer_en=f"Your 13th-month (Tết) bonus for {year} is {share_en}"
            + (f" × {coefficient:g}" if coefficient is not None else "")
            + f" ({months} months worked).",
        )
    amount = round(monthly_wage * base * months / 12 * (coefficient if coefficient is not None else 1))
    letter = (rating or "").upper()
    times_vi = f" × {_coef(coefficient)} (hệ số loại {letter})" if coefficient is not None else ""
    times_en = f" × {coefficient:g} (rating {letter})" if coefficient is not None else ""
    wage = monthly_wage * base
    steps.append(
        CalculationStep(
            text=f"Thưởng = {fmt_money(wage)} đồng × {months}/12{times_vi} = {fmt_money(amount)} đồng.",
            rule=f"pro_rata ({where(policy.pro_rata)})",
        )
    )
    steps_en.append(f"Bonus = {money_en(wage)} × {months}/12{times_en} = {money_en(amount)}.")
    return ThirteenthMonthResult(
        year=year,
        months=months,
        monthly_wage=monthly_wage,
        coefficient=coefficient,
        amount=amount,
        steps=steps,
        steps_en=steps_en,
        policy_sources=sources,
        answer=f"Thưởng tháng 13 (Tết) năm {year} của bạn là {fmt_money(amount)} đồng ({fmt_money(wage)} đồng × "
        f"{months}/12{times_vi}).",
        answer_en=f"Your 13th-month (Tết) bonus for {year} is {money_en(amount)} ({money_en(wage)} × {months}/12"
        f"{times_en}).",
    )


def _coef(value: float) -> str:
    return f"{value:.1f}".replace(".", ",") if value == int(value) else f"{value:g}".replace(".", ",")


def _next_month(day: dt.date) -> dt.date:
    return dt.date(day.year + day.month // 12, day.month % 12 + 1, 1)
