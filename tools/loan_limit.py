"""How much a staff loan may be: a multiple of the monthly salary the documents state ("Mức cho vay tối đa … bằng
03 tháng lương gross", "the loan cannot exceed 3 times your monthly base salary"), capped by the amount they state
beside it ("… và không vượt quá 50.000.000 đồng") or by the employee's group in a loan table ("Band 1 | 20,000,000
VND | 12 months"), whichever is lower; then the longest term (the group's, the purpose's or the general one) and
the equal monthly principal over it. Each figure is cited by its span; with no multiple stated nothing is computed.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from indexes.ranges import matching_rows
from indexes.text import fold
from tools.calculation import CalculationResult, CalculationStep, money_en, where
from tools.leave_calculator import fmt_money
from tools.leave_policy import ParamSource, RuleText, cite_rule
from tools.loan_repayment import LoanPolicy

# a loan, in the text as written (lower case): "vay" has no accents, "vậy" (so) has
_LOAN = re.compile(r"(?<!\w)(?:vay|loans?|borrow\w*)(?!\w)")
_WORD_NUMBERS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "hai": 2,
    "ba": 3,
    "bon": 4,
    "nam": 5,
    "sau": 6,
}
_N = r"(\d{1,2}|two|three|four|five|six)"
# the multiple: "bằng 03 tháng lương", "tối đa 3 lần lương tháng", "3 times your monthly (base) salary", "three
# months' salary"
_MULTIPLE = re.compile(
    rf"(?:muc (?:cho )?vay|vay|toi da|khong (?:vuot )?qua|bang|cannot exceed|up to|maximum|limit|no more than)"
    rf"[^.;\d]{{0,25}}(?<![.,\d]){_N}\s*(?:thang (?:tien )?luong|lan (?:muc )?(?:tien )?luong)"
    rf"|(?:cannot exceed|up to|maximum|limit|no more than|at most)[^.;\d]{{0,25}}(?<![.,\d]){_N}\s*(?:times|x)\s*"
    rf"(?:your|the|the employee'?s|their)?\s*(?:monthly|gross|base|basic|\s)*(?:salary|pay|wage)"
    rf"|(?:cannot exceed|up to|maximum|limit|no more than|at most)[^.;\d]{{0,25}}(?<![.,\d]){_N}\s*months'?\s*"
    rf"(?:of\s*)?(?:gross\s*|base\s*|basic\s*)?(?:salary|pay|wages?)"
)
# a clause about an advance or a deduction states months of salary that are no loan limit
_NOT_LIMIT = re.compile(r"\b(?:tam ung|khau tru|deduct\w*|advance)\b")
# the cap joined to the multiple: "… 03 tháng lương và không vượt quá 50.000.000 đồng", "… nhưng không quá 30.000.000"
_CAP = re.compile(
    r"^[^.;\d]{0,30}?(?:va |nhung |and |but )?(?:khong vuot qua|khong qua|toi da|up to|no more than|not more than"
    r"|capped at|maximum of|at most)\s*(\d{1,3}(?:[.,]\d{3})+|\d{1,4}\s*(?:trieu|million))\s*(?:dong|d|vnd)?"
)
# a loan table's column of maximum amounts
_MAX_HEAD = re.compile(r"\b(?:maximum loan|max(?:imum)? amount|muc vay toi da|muc cho vay toi da|han muc)\b")
_TERM_HEAD = re.compile(r"\b(?:term|thoi han)\b")
_AMOUNT = re.compile(r"(\d{1,3}(?:[.,]\d{3})+)\s*(?:dong|d|vnd)?|(\d{1,4})\s*(?:trieu|million)")
_MONTHS = re.compile(r"\b(\d{1,3})\s*(?:thang|months?)\b")


# a loan the general limit does not bind ("mức tối đa 100.000.000 đồng, không áp dụng giới hạn tại Điều 5")
_EXCEPTION = re.compile(
    r"\bkhong ap dung (?:gioi han|han muc)(?: (?:tai|cua|theo|nay))?\b|\bnot subject to (?:the )?(?:loan )?(?:limit|cap)\b"
)
# a table amending the amounts: "… | Mức cũ | Mức mới", "Old | New"
_OLD_HEAD = re.compile(r"\b(?:muc cu|cu|old|previous|former)\b")
_NEW_HEAD = re.compile(r"\b(?:muc moi|moi|new|revised)\b")


def _money(m: re.Match[str]) -> int:
    return int(re.sub(r"[.,]", "", m.group(1))) if m.group(1) else int(m.group(2)) * 1_000_000


def _padded(text: str) -> str:
    return " " + " ".join(re.findall(r"\w+", fold(text))) + " "


class GroupLimit(BaseModel):
    key: str  # the row's group as written ("Band 1")
    amount: int
    months: int | None
    source: ParamSource


class LimitPolicy(BaseModel):
    multiple: int | None = None
    multiple_source: ParamSource | None = None
    cap: int | None = None  # the amount stated with the multiple
    cap_source: ParamSource | None = None
    groups: list[GroupLimit] = Field(default_factory=list)
    exceptions: list[ParamSource] = Field(default_factory=list)  # loans the limit does not bind

    def group_for(self, employee: str) -> GroupLimit | None:
        """The row whose group the employee's words name ("Band 1" in "I'm a Band 1 room attendant"), or whose
        range holds the length of service they state ("làm được 3 năm" in "Từ đủ 03 năm đến dưới 05 năm")."""
        asked = _padded(employee)
        named = [g for g in self.groups if _padded(g.key) in asked]
        if not named:
            named = [self.groups[i] for i in matching_rows([g.key for g in self.groups], employee)]
        return named[0] if len(named) == 1 else None


def limit_policy_from_rules(rules: list[RuleText]) -> LimitPolicy:
    """The salary multiple (and its cap) and a loan table's maximum per group the documents state."""
    policy = LimitPolicy()
    amended: dict[str, GroupLimit] = {}
    for rule in rules:
        text = fold(re.sub(r"[*_`]", "", rule.text))
        # the document's own title too: an amending decision's table names no loan in its rows
        if not _LOAN.search(f"{' '.join(rule.title_path)} {rule.text}".lower()):
            continue
        header, _, row = text.rpartition(" … ")
        if header and "|" in row:
            heads = [h.strip() for h in header.split("|")]
            cells = [c.strip() for c in row.split("|")]
            at = next((i for i, h in enumerate(heads) if _MAX_HEAD.search(h)), None)
            new_at = next(
                (i for i, h in enumerate(heads) if _NEW_HEAD.search(h) and not _OLD_HEAD.search(h)), None
            )
            renewed = new_at is not None and any(_OLD_HEAD.search(h) for h in heads)
            at = new_at if renewed else at
            if at is not None and 0 < at < len(cells) and (amount := _AMOUNT.search(cells[at])):
                term_at = next((i for i, h in enumerate(heads) if _TERM_HEAD.search(h) and i != at), None)
                months = (
                    _MONTHS.search(cells[term_at]) if term_at is not None and term_at < len(cells) else None
                )
                key = rule.text.rpartition(" … ")[2].split("|")[0].strip()
                group = GroupLimit(
                    key=key,
                    amount=_money(amount),
                    months=int(months.group(1)) if months else None,
                    source=cite_rule(rule, f"{key}: {fmt_money(_money(amount))} đồng"),
                )
                if renewed:  # an amending table's new amount replaces the row it names
                    amended[_padded(key)] = group
                else:
                    policy.groups.append(group)
            continue
        multiple = next(
            (m for c in text.split(";") if not _NOT_LIMIT.search(c) and (m := _MULTIPLE.search(c))), None
        )
        if multiple is None and _EXCEPTION.search(text) and _AMOUNT.search(text):
            policy.exceptions.append(cite_rule(rule, "khoản vay không theo mức vay tối đa chung"))
            continue
        if policy.multiple is None and multiple is not None:
            word = next(g for g in multiple.groups() if g)
            policy.multiple = int(word) if word.isdigit() else _WORD_NUMBERS[word]
            policy.multiple_source = cite_rule(rule, f"tối đa {policy.multiple} tháng lương")
            clause = next(c for c in text.split(";") if multiple.group(0) in c)
            if cap := _CAP.search(clause[clause.index(multiple.group(0)) + len(multiple.group(0)) :]):
                policy.cap = _money(_AMOUNT.search(cap.group(1)) or cap)
                policy.cap_source = policy.multiple_source
    policy.groups = [amended.get(_padded(g.key), g) for g in policy.groups]
    keys = {_padded(g.key) for g in policy.groups}
    policy.groups += [g for k, g in amended.items() if k not in keys]
    return policy


class LoanLimitResult(CalculationResult):
    monthly_salary: int
    limit: int
    months: int | None = None  # the longest term
    monthly_principal: int | None = None


def calculate(
    policy: LimitPolicy, loans: LoanPolicy, salary: int, employee: str = "", purpose: str = ""
) -> LoanLimitResult:
    """The most the employee may borrow for ``salary`` (đồng a month), and its equal monthly principal over the
    longest term."""
    if not 100_000 <= salary <= 100_000_000_000:
        raise ValueError("the monthly salary must be between 100.000 and 100.000.000.000 đồng")
    if policy.multiple is None or policy.multiple_source is None:
        raise LookupError("no document states the loan limit as a multiple of the salary")
    by_salary = policy.multiple * salary
    group = policy.group_for(employee) if policy.groups else None
    if policy.groups and group is None:
        stated = "; ".join(f"{g.key} → {fmt_money(g.amount)}" for g in policy.groups)
        raise LookupError(f"which group is the employee in? the documents state: {stated}")
    caps = [(by_salary, policy.multiple_source, f"{policy.multiple} × {fmt_money(salary)}")]
    if policy.cap is not None and policy.cap_source is not None:
        caps.append((policy.cap, policy.cap_source, ""))
    if group is not None:
        caps.append((group.amount, group.source, group.key))
    limit, _, _ = min(caps, key=lambda c: c[0])
    sources = {"loan_multiple": policy.multiple_source}
    if policy.cap_source is not None:
        sources["loan_cap"] = policy.cap_source
    if group is not None:
        sources["loan_group"] = group.source
    # the product is written out only where it is the limit: above a cap it is no figure the employee gets
    binding = limit == by_salary
    product_vi = f" = {fmt_money(by_salary)} đồng" if binding else ": vượt mức trần"
    product_en = f" = {money_en(by_salary)}" if binding else ": above the cap"
    caps_vi = " và ".join(
        f"{fmt_money(a)} đồng" + (f" ({label})" if label else "") for a, _, label in caps[1:]
    )
    caps_en = " and ".join(money_en(a) for a, _, _ in caps[1:])
    steps = [
        CalculationStep(
            text=f"Mức vay theo lương: {policy.multiple} × {fmt_money(salary)} đồng{product_vi}.",
            rule=f"loan_multiple ({where(policy.multiple_source)})",
        )
    ]
    steps_en = [f"By salary: {policy.multiple} × {money_en(salary)}{product_en}."]
    if caps_vi:
        steps.append(
            CalculationStep(
                text=f"Mức trần: {caps_vi}; mức vay tối đa là mức thấp hơn: {fmt_money(limit)} đồng.",
                rule=f"loan_group ({where(group.source)})"
                if group
                else f"loan_cap ({where(policy.cap_source or policy.multiple_source)})",
            )
        )
        steps_en.append(f"Cap: {caps_en}; the limit is the lower: {money_en(limit)}.")
    months, term_source = None, None
    if group is not None and group.months:
        months, term_source = group.months, group.source
    elif found := loans.longest_term(limit, purpose):
        months, term_source = found
    answer = f"Bạn được vay tối đa {fmt_money(limit)} đồng."
    answer_en = f"You can borrow up to {money_en(limit)}."
    principal = None
    if months and term_source is not None:
        principal = round(limit / months)
        sources["loan_term"] = term_source
        steps.append(
            CalculationStep(
                text=f"Thời hạn vay tối đa {months} tháng: nợ gốc mỗi tháng {fmt_money(limit)} / {months} = "
                f"{fmt_money(principal)} đồng.",
                rule=f"loan_term ({where(term_source)})",
            )
        )
        steps_en.append(
            f"Longest term {months} months: {money_en(limit)} / {months} = {money_en(principal)} a month."
        )
        answer += f" Thời hạn vay tối đa {months} tháng, trả gốc {fmt_money(principal)} đồng mỗi tháng."
        answer_en += f" The longest term is {months} months: {money_en(principal)} of principal a month."
        if loans.monthly_rate:
            answer += " (chưa gồm lãi)"
            answer_en += " (interest not included)"
    if purpose and policy.exceptions:  # a purpose may be one the general limit does not bind: say so, quoted
        sources["loan_exception"] = policy.exceptions[0]
        quote = policy.exceptions[0].quote
        answer += f" Lưu ý, tài liệu có mức riêng cho một số khoản vay: “{quote}”"
        answer_en += f" Note that the documents set a separate limit for some loans: “{quote}”"
    return LoanLimitResult(
        monthly_salary=salary,
        limit=limit,
        months=months,
        monthly_principal=principal,
        steps=steps,
        steps_en=steps_en,
        policy_sources=sources,
        answer=answer,
        answer_en=answer_en,
    )
