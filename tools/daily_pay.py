"""So many days of a month's wage: the wage divided by the number of days a document states for one day's pay,
times the days the question states. "tiền lương theo HĐLĐ … chia cho 26 ngày, nhân với số ngày phép chưa nghỉ"
pays 4 untaken days of a 7.800.000 đồng wage 1.200.000 đồng; the same reading gives the deduction for days of
unpaid leave or of notice not given, wherever a rule sets a day's pay that way. The divisor is read from the
sections the caller names (the question's evidence), its sentence cited by its span; an hourly wage's formula
("chia cho 26 ngày, chia cho 08 giờ", the overtime calculators') is no day's pay, and a sum is never worked out
from a divisor nobody stated."""

from __future__ import annotations

import re
from dataclasses import dataclass

from indexes.text import fold, nfc
from tools.calculation import CalculationResult, CalculationStep, money_en, where
from tools.leave_calculator import fmt_money
from tools.leave_policy import ParamSource, RuleText, cite_rule

# a month's working days a day's pay is stated over (a month has 20 to 31 of them)
MIN_DIVISOR, MAX_DIVISOR = 20, 31
MAX_DAYS = 366  # days in one question: more is no count an employee asks about
# "chia cho 26 ngày", "chia 26 ngày công", "÷ 26 ngày", "/ 26 ngày", "divided by 26 (working) days", folded
_DIVISOR = re.compile(
    r"(?:\bchia(?:\s+cho)?|÷|/|\bdivided\s+by|\bover)\s*(\d{2})\s*(?:ngay(?:\s+cong)?|(?:working\s+)?days?)\b"
    r"|÷\s*(\d{2})\b"
)
# a further division by the hours of a day: an hourly wage, not a day's pay ("÷ 26 ÷ 8", "chia cho 08 giờ")
_HOURLY = re.compile(
    r"(?:\bchia(?:\s+cho)?|÷|/|\bdivided\s+by)\s*0?\d\s*(?:gio|tieng|hours?|h)?\b(?!\s*[.,]?\d)"
)


@dataclass(frozen=True)
class StatedDivisor:
    days: int  # the days a month's wage is divided by for one day's pay
    rule: RuleText  # the sentence, list item or table row that states it


def stated_divisors(units: list[RuleText]) -> list[StatedDivisor]:
    """Every day's-pay divisor the given units (sentences, rows) state, in text order: a month's wage divided by
    a month's working days, not further by the hours of a day."""
    out: list[StatedDivisor] = []
    for rule in units:
        folded = fold(nfc(rule.text))
        for m in _DIVISOR.finditer(folded):
            days = int(m.group(1) or m.group(2))
            if not MIN_DIVISOR <= days <= MAX_DIVISOR or _HOURLY.search(folded, m.end(), m.end() + 30):
                continue
            out.append(StatedDivisor(days, rule))
            break
    return out


class DailyPayResult(CalculationResult):
    monthly_wage: int
    divisor: int
    days: float
    daily: int  # one day's pay, rounded to the đồng
    total: int


def _days_text(days: float) -> str:
    return str(int(days)) if days == int(days) else f"{days:g}".replace(".", ",")


def calculate(monthly_wage: int, days: float, divisor: StatedDivisor) -> DailyPayResult:
    """``days`` days of ``monthly_wage`` at the stated divisor, the divisor cited by the span that states it."""
    total = round(monthly_wage * days / divisor.days)
    daily = round(monthly_wage / divisor.days)
    source = cite_rule(divisor.rule, f"lương tháng chia cho {divisor.days} ngày")
    wage = ParamSource(
        source="question", note=f"tiền lương tháng theo câu hỏi: {fmt_money(monthly_wage)} đồng"
    )
    quote = " ".join(divisor.rule.text.split())
    rule = f"daily_divisor ({where(source)})"
    shown = _days_text(days)
    days_en = f"{shown} day{'' if days == 1 else 's'}"
    return DailyPayResult(
        monthly_wage=monthly_wage,
        divisor=divisor.days,
        days=days,
        daily=daily,
        total=total,
        steps=[
            CalculationStep(
                text=f"Quy định: “{quote}”: lương tháng chia cho {divisor.days} ngày.", rule=rule
            ),
            CalculationStep(
                text=f"Một ngày lương = {fmt_money(monthly_wage)} đồng ÷ {divisor.days} = {fmt_money(daily)} đồng.",
                rule=rule,
            ),
            CalculationStep(
                text=f"Số tiền = {fmt_money(monthly_wage)} đồng ÷ {divisor.days} × {shown} ngày = "
                f"{fmt_money(total)} đồng.",
                rule=rule,
            ),
        ],
        steps_en=[
            f"The rule (quoted): “{quote}”: the month's wage divided by {divisor.days} days.",
            f"One day's pay = {money_en(monthly_wage)} ÷ {divisor.days} = {money_en(daily)}.",
            f"Amount = {money_en(monthly_wage)} ÷ {divisor.days} × {days_en} = {money_en(total)}.",
        ],
        policy_sources={"daily_divisor": source, "monthly_wage": wage},
        answer=f"Số tiền là {fmt_money(total)} đồng ({fmt_money(monthly_wage)} đồng ÷ {divisor.days} × {shown} "
        "ngày).",
        answer_en=f"The amount is {money_en(total)} ({money_en(monthly_wage)} ÷ {divisor.days} × {days_en}).",
    )
