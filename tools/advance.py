"""An advance: the share of a trip's budget or of the month's salary the documents allow ("được tạm ứng tối đa
80% dự toán chi phí chuyến công tác", "tạm ứng lương … tối đa 50% lương của tháng đó", "a cash advance of up to
80% of the trip budget"), applied to the amount the employee states. Each share is cited by its span; where the
salary share is of the days actually worked ("tương ứng với số ngày công thực tế"), the days worked and the month's
working days are needed, and nothing is computed without them."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel

from indexes.text import fold
from tools.calculation import CalculationResult, CalculationStep, money_en, where
from tools.leave_calculator import fmt_money
from tools.leave_policy import ParamSource, RuleText, cite_rule

AdvanceKind = Literal["trip", "salary"]
_ADVANCE = re.compile(r"\b(?:tam ung|advances?|cash advance)\b")
_SHARE = re.compile(
    r"\b(?:toi da|khong qua|up to|at most|maximum of|no more than)\s*:?\s*(?:bang\s*)?(\d{1,3})\s*%"
)
_TRIP_BASE = re.compile(
    r"\b(?:du toan|chi phi (?:chuyen )?cong tac|estimated cost|trip budget|budget|estimate)\b"
)
_SALARY_BASE = re.compile(r"\b(?:luong|tien luong|salary|pay|wage)\b")
_WORKED_DAYS = re.compile(r"\b(?:ngay cong thuc te|so ngay cong|days? (?:actually )?worked)\b")


class AdvanceRule(BaseModel):
    percent: int
    source: ParamSource
    by_days_worked: bool = False  # the share is of the salary for the days worked so far


class AdvancePolicy(BaseModel):
    trip: AdvanceRule | None = None
    salary: AdvanceRule | None = None
    probation_rule: ParamSource | None = None  # what the documents say of a salary advance during probation


_PENALTY = re.compile(r"\b(?:phat|qua han|hoan ung|penalt\w*|overdue|late)\b")
# a clause that rules on an advance during probation: a share of its own, a refusal, or a condition
_RULES_ON = re.compile(
    r"%|\bkhong (?:duoc|ap dung)\b|\bchua duoc\b|\bda het thu viec\b|\bnot (?:eligible|available)\b|\bafter\b"
)
_PROBATION = re.compile(r"\b(?:thu viec|probation|trial)\b")
_DURING = re.compile(
    r"\b(?:dang thu viec|trong thoi gian thu viec|during (?:your |the )?(?:probation|trial)|on probation)\b"
)


def advance_policy_from_rules(rules: list[RuleText]) -> AdvancePolicy:
    """The first trip and salary advance shares the documents state (company documents first): a clause naming the
    advance and a share of a budget or of the salary (the noun right after the share), no penalty or deduction
    in it; a salary advance clause speaking of probation is kept apart (a separate share or none)."""
    policy = AdvancePolicy()
    for rule in rules:
        text = fold(re.sub(r"[*_`]", "", rule.text))
        titled = _ADVANCE.search(fold(" ".join(rule.title_path[-2:])))
        for clause in re.split(r";|\.\s", text):
            if not (_ADVANCE.search(clause) or titled) or _PENALTY.search(clause):
                continue
            for m in _SHARE.finditer(clause):
                after = clause[m.end() : m.end() + 30]
                trip, salary = _TRIP_BASE.search(after), _SALARY_BASE.search(after)
                kind: AdvanceKind | None = (
                    "trip"
                    if trip and (not salary or trip.start() < salary.start())
                    else "salary"
                    if salary
                    else None
                )
                if kind is None:
                    continue
                if kind == "salary" and _PROBATION.search(clause):  # the clause conditions it on probation
                    policy.probation_rule = policy.probation_rule or cite_rule(
                        rule, "tạm ứng lương khi thử việc"
                    )
                    if _DURING.search(clause):
                        continue  # the share of someone on probation, not the rule
                if getattr(policy, kind) is not None:
                    continue
                note = f"tạm ứng tối đa {m.group(1)}% {'dự toán chuyến công tác' if kind == 'trip' else 'tiền lương'}"
                setattr(
                    policy,
                    kind,
                    AdvanceRule(
                        percent=int(m.group(1)),
                        source=cite_rule(rule, note),
                        by_days_worked=kind == "salary" and bool(_WORKED_DAYS.search(clause)),
                    ),
                )
        for clause in re.split(r";|\.\s", text):  # "NLĐ đang thử việc không được tạm ứng lương"
            if (
                _ADVANCE.search(clause)
                and _SALARY_BASE.search(
                    f"{fold(' '.join(rule.title_path[-2:]))} {text}"
                )  # a salary advance's unit
                and _PROBATION.search(clause)
                and _RULES_ON.search(clause)
                and not _PENALTY.search(clause)
            ):
                policy.probation_rule = policy.probation_rule or cite_rule(rule, "tạm ứng lương khi thử việc")
    return policy


class AdvanceResult(CalculationResult):
    kind: AdvanceKind
    base: int
    percent: int
    advance: int


def calculate(
    policy: AdvancePolicy,
    kind: AdvanceKind,
    amount: int,
    days_worked: int | None = None,
    month_days: int | None = None,
    on_probation: bool = False,
) -> AdvanceResult:
    """The most the employee may be advanced: the documents' share × the trip budget or the month's salary (for
    the days worked so far, where the share is of them)."""
    if not 100_000 <= amount <= 100_000_000_000:
        raise ValueError("the amount must be between 100.000 and 100.000.000.000 đồng")
    rule = getattr(policy, kind)
    if kind == "salary" and on_probation and policy.probation_rule is not None:
        raise LookupError(
            f"the documents state a separate rule for probation: “{policy.probation_rule.quote}”"
        )
    if rule is None:
        raise LookupError(
            f"no document states the share of a {'trip budget' if kind == 'trip' else 'salary'} advanced"
        )
    base, base_vi, base_en = amount, f"{fmt_money(amount)} đồng", money_en(amount)
    steps = []
    steps_en = []
    if rule.by_days_worked:
        if not (days_worked and month_days and 0 < days_worked <= month_days <= 31):
            raise LookupError(
                "the advance is a share of the salary for the days actually worked: give the days worked and the "
                "month's working days"
            )
        base = round(amount * days_worked / month_days)
        base_vi = f"{fmt_money(amount)} × {days_worked}/{month_days} = {fmt_money(base)} đồng"
        base_en = f"{money_en(amount)} × {days_worked}/{month_days} = {money_en(base)}"
        steps.append(
            CalculationStep(
                text=f"Tiền lương của số ngày công đã làm: {base_vi}.", rule=f"advance ({where(rule.source)})"
            )
        )
        steps_en.append(f"Salary for the days worked: {base_en}.")
    advance = round(base * rule.percent / 100)
    of_vi = "dự toán chuyến công tác" if kind == "trip" else "tiền lương"
    of_en = "the trip budget" if kind == "trip" else "the salary"
    steps.append(
        CalculationStep(
            text=f"Tạm ứng tối đa = {rule.percent}% × {fmt_money(base)} = {fmt_money(advance)} đồng.",
            rule=f"advance ({where(rule.source)})",
        )
    )
    steps_en.append(f"Advance = {rule.percent}% × {money_en(base)} = {money_en(advance)}.")
    return AdvanceResult(
        kind=kind,
        base=base,
        percent=rule.percent,
        advance=advance,
        steps=steps,
        steps_en=steps_en,
        policy_sources={"advance": rule.source},
        answer=f"Bạn được tạm ứng tối đa {fmt_money(advance)} đồng ({rule.percent}% {of_vi} {fmt_money(base)} đồng).",
        answer_en=f"You can get an advance of up to {money_en(advance)} ({rule.percent}% of {of_en}, {money_en(base)}).",
    )
