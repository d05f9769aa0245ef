"""When an employee may first borrow from the staff loan fund: the length of service the documents require ("từ đủ
12 tháng trở lên tính đến ngày nộp hồ sơ (kể cả thời gian thử việc)", "at least 12 months' continuous service,
including your trial period", "… không kể thời gian thử việc"), counted from the first day of work or, where
probation does not count, from the day after it; cited by its span. Where the documents do not say whether
probation counts, service is counted from the first day of work and the answer says so."""

from __future__ import annotations

import datetime as dt
import re

from pydantic import BaseModel

from indexes.text import fold
from tools.calculation import CalculationResult, CalculationStep, where
from tools.leave_policy import ParamSource, RuleText, cite_rule
from tools.probation_calculator import add_months

_LOAN = re.compile(r"(?<!\w)(?:vay|loans?|borrow\w*|quỹ tương trợ|mutual fund)(?!\w)")
# a length of service: "làm việc (liên tục) tại Công ty từ đủ 12 tháng trở lên", "at least 12 months' continuous
# service", "thâm niên từ 01 năm"
_SERVICE = re.compile(
    r"\b(?:lam viec|cong tac|tham nien|thoi gian lam viec)\b[^.;]{0,40}?(?:tu du|tu|du|it nhat|toi thieu)\s*"
    r"(\d{1,2})\s*(thang|nam)\b"
    r"|\b(?:at least|a minimum of|minimum|more than|over)\s*(\d{1,2})\s*(months?|years?)'?\s*(?:of\s*)?"
    r"(?:continuous\s*)?(?:service|employment|work)\b"
)
_COUNTS = re.compile(
    r"\b(?:ke ca|bao gom|tinh ca|tinh luon) (?:ca )?(?:thoi gian )?thu viec\b"
    r"|\b(?:including|includes|counting) (?:your |the )?(?:trial|probation)"
)
_EXCLUDES = re.compile(
    r"\b(?:khong ke|khong tinh|tru) (?:thoi gian )?thu viec\b|\b(?:ke tu|tinh tu) (?:ngay )?(?:ky )?hdld chinh thuc\b"
    r"|\bsau (?:thoi gian |khi het )?thu viec\b"
    r"|\b(?:excluding|not counting|after(?: completing| passing)?) (?:your |the )?(?:trial|probation)"
)
# a sentence that is no borrowing condition: an amount (a tier of a loan table), leave, a limit
_NOT_CONDITION = re.compile(
    r"\d{1,3}(?:[.,]\d{3})+|\b(?:trieu|million|vnd|nghi phep|nghi hang nam|annual leave|toi da|up to|den duoi)\b"
)


class EligibilityPolicy(BaseModel):
    months: int | None = None
    probation_counts: bool | None = None  # None: the documents do not say
    source: ParamSource | None = None


def eligibility_policy_from_rules(rules: list[RuleText]) -> EligibilityPolicy:
    """The first length of service a loan rule requires, and whether probation counts toward it."""
    for rule in rules:
        # the sentence or its own section names borrowing ("Điều 4. Điều kiện vay", "Who can apply" under the loan)
        lowered = f"{' '.join(rule.title_path[-2:])} {rule.text}".lower()
        text = fold(re.sub(r"[*_`]", "", rule.text))
        if " … " in rule.text or not _LOAN.search(lowered) or _NOT_CONDITION.search(text):
            continue  # a table's row, a tier, a leave rule: no requirement
        if not (m := _SERVICE.search(text)):
            continue
        number, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        months = int(number) * (12 if unit.startswith(("nam", "year")) else 1)
        counts = True if _COUNTS.search(text) else False if _EXCLUDES.search(text) else None
        return EligibilityPolicy(
            months=months, probation_counts=counts, source=cite_rule(rule, f"{months} tháng")
        )
    return EligibilityPolicy()


class EligibilityResult(CalculationResult):
    counted_from: dt.date
    eligible_from: dt.date
    eligible_now: bool


def calculate(
    policy: EligibilityPolicy, start: dt.date, confirmation: dt.date | None, today: dt.date
) -> EligibilityResult:
    """The first day the service requirement is met, counted from ``start`` (or ``confirmation``, the first day
    after probation, where probation does not count)."""
    if policy.months is None or policy.source is None:
        raise LookupError("no document states the length of service a staff loan requires")
    if confirmation is not None and confirmation <= start:
        raise ValueError("the end of probation must come after the first day of work")
    if policy.probation_counts is False and confirmation is None:
        raise LookupError(
            "probation does not count toward the service a loan requires: give the date probation ended (or its length)"
        )
    counted_from = confirmation if policy.probation_counts is False and confirmation else start
    eligible = add_months(counted_from, policy.months) + dt.timedelta(days=1)
    how_vi = {
        True: "kể cả thời gian thử việc",
        False: "không kể thời gian thử việc",
        None: "tài liệu không nói thời gian thử việc có được tính hay không; tính từ ngày đầu đi làm",
    }[policy.probation_counts]
    how_en = {
        True: "probation included",
        False: "probation not counted",
        None: "the documents do not say whether probation counts; counted from the first day of work",
    }[policy.probation_counts]
    now = eligible <= today
    after = (
        [f"Bắt đầu làm việc {start:%d/%m/%Y}; hết thử việc, chính thức từ {counted_from:%d/%m/%Y}."]
        if counted_from != start
        else []
    )
    steps = [
        *(CalculationStep(text=t, rule=f"loan_service ({where(policy.source)})") for t in after),
        CalculationStep(
            text=f"Điều kiện: làm việc đủ {policy.months} tháng ({how_vi}), tính từ {counted_from:%d/%m/%Y}.",
            rule=f"loan_service ({where(policy.source)})",
        ),
        CalculationStep(
            text=f"Đủ {policy.months} tháng vào hết ngày {eligible - dt.timedelta(days=1):%d/%m/%Y}: được đề nghị vay từ "
            f"{eligible:%d/%m/%Y}.",
            rule=f"loan_service ({where(policy.source)})",
        ),
    ]
    steps_en = [
        *(
            [f"Work started {start:%d/%m/%Y}; probation over, confirmed from {counted_from:%d/%m/%Y}."]
            if after
            else []
        ),
        f"Requirement: {policy.months} months of service ({how_en}), counted from {counted_from:%d/%m/%Y}.",
        f"The {policy.months} months are complete at the end of {eligible - dt.timedelta(days=1):%d/%m/%Y}: you may apply "
        f"from {eligible:%d/%m/%Y}.",
    ]
    answer = (
        f"Bạn đã đủ điều kiện thời gian làm việc để vay (từ {eligible:%d/%m/%Y})."
        if now
        else f"Chưa: bạn được đề nghị vay sớm nhất từ ngày {eligible:%d/%m/%Y} (khi đủ {policy.months} tháng làm việc, {how_vi})."
    )
    answer_en = (
        f"You already meet the service requirement for a loan (since {eligible:%d/%m/%Y})."
        if now
        else f"Not yet: the earliest you can apply for a loan is {eligible:%d/%m/%Y} (after {policy.months} months of service, "
        f"{how_en})."
    )
    return EligibilityResult(
        counted_from=counted_from,
        eligible_from=eligible,
        eligible_now=now,
        steps=steps,
        steps_en=steps_en,
        policy_sources={"loan_service": policy.source},
        answer=answer,
        answer_en=answer_en,
    )
