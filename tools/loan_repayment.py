"""A staff loan's repayment: each month's instalment and the interest over the term, from the loan rules the
documents state.

A staff loan fund's rules state an interest rate ("Lãi suất cho vay là 0,4%/tháng, tính trên dư nợ gốc còn lại",
"0.5% a month on the original amount"), loans that pay none ("Khoản vay để chữa bệnh … không phải trả lãi"), how
the principal is repaid ("Nợ gốc được chia đều theo số tháng vay") and the longest term ("Thời hạn vay tối đa 12
tháng"). Each parameter is read with its span and cited; one no document states is named as a default: the
principal in equal monthly parts, interest on the remaining principal (how a reducing loan is usually repaid).
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

from indexes.text import fold
from tools.calculation import CalculationResult, CalculationStep, money_en, where
from tools.leave_calculator import fmt_money
from tools.leave_policy import ParamSource, RuleText, cite_rule

Basis = Literal["remaining", "original"]

# a loan, in the text as written (NFC, lower case): "vay" has no accents, the particle "vậy" has
_LOAN = re.compile(r"(?<!\w)(?:vay|loans?|borrow\w*|lend\w*)(?!\w)")
_RATE = re.compile(
    r"\b(?:lai suat|lai|interest)\b[^.;]{0,80}?(\d{1,2}(?:[.,]\d{1,3})?)\s*%\s*(?:/|mot|moi|per|a|an)?\s*"
    r"(thang|nam|month|year|annum)\b"
)
# a rate that is not the loan's: an overdue surcharge, a deposit's interest, a penalty, a share of salary deducted
_OTHER_RATE = re.compile(
    r"\b(?:qua han|cham tra|tien gui|phat|khau tru|overdue|late|deposit|penalty|deduct\w*)\b"
)
_REMAINING = re.compile(
    r"\bdu no(?: goc)? (?:con lai|giam dan|thuc te)|\b(?:remaining|outstanding|reducing|declining)"
    r" (?:principal|balance|amount)\b|\breducing balance\b"
)
_ORIGINAL = re.compile(
    r"\b(?:tren|theo) (?:so tien vay|so tien goc|goc vay|khoan vay) ban dau\b|\bso tien vay ban dau\b"
    r"|\b(?:original|initial) (?:amount|principal|loan)\b|\bflat rate\b"
)
_FREE = re.compile(
    r"\bkhong (?:phai )?(?:tra|tinh|chiu) (?:tien )?lai\b|\bmien (?:tien )?lai\b|\bkhong lai\b"
    r"|\binterest[- ]free\b|\bno interest\b|\bwithout interest\b"
)
# ... for loans of a purpose ("Khoản vay để khám bệnh, chữa bệnh … không phải trả lãi"), not a pause in repayment
_FOR_PURPOSE = re.compile(
    r"\b(?:vay|loans?) (?:de|cho muc dich|phuc vu|for (?:the purpose of )?(?!all\b|every\b|any\b|staff\b|employees?\b))"
    r"|\bmuc dich (?!vay\b)"
)
# ... a rule for every loan is none ("áp dụng cho mọi mục đích vay", "không phân biệt mục đích")
_ANY_PURPOSE = re.compile(r"\b(?:moi|bat ky|khong phan biet) muc dich\b|\bany purpose\b")
_EQUAL_PRINCIPAL = re.compile(
    r"\b(?:no )?goc\b[^.;]{0,40}\bchia deu\b|\bchia deu\b[^.;]{0,40}\bgoc\b|\btra gop deu\b"
    r"|\b(?:principal|loan)\b[^.;]{0,40}\bequal (?:monthly )?(?:parts|instalments|installments|amounts)\b"
)
_TERM = re.compile(
    r"\bthoi han (?:vay|cho vay)[^.;]{0,30}?(?:toi da|khong qua)(?: la)? (\d{1,2}) (thang|nam)\b"
    r"|\b(?:maximum|longest) (?:loan )?term (?:is |of )?(\d{1,2}) (months?|years?)\b"
    r"|\brepaid within (\d{1,2}) (months?|years?)\b"
)
_BARE_TERM = re.compile(r"\b(?:toi da|khong qua)(?: la)? (\d{1,2}) (thang|nam)\b")
# words of a purpose that name none: "trả nợ" and "trả lãi" are how any loan is repaid
_GENERIC = frozenset(
    "de cho vay khoan tien the to for a an my of loan borrow cua va hoac tra no lai phai khong tinh".split()
)


# a term that depends on the amount: "12 tháng đối với khoản vay đến 20.000.000 đồng và 24 tháng đối với khoản vay
# trên 20.000.000 đồng"
_TERM_BY_AMOUNT = re.compile(
    r"(\d{1,3}) thang doi voi (?:khoan vay|muc vay|so tien vay) (den|duoi|tu tren|tren|tu|khong qua)"
    r" (\d{1,3}(?:\.\d{3})+|\d{1,4} trieu)"
)
_HOLDS = {
    "den": lambda a, b: a <= b,
    "khong qua": lambda a, b: a <= b,
    "duoi": lambda a, b: a < b,
    "tren": lambda a, b: a > b,
    "tu": lambda a, b: a >= b,
    "tu tren": lambda a, b: a > b,
}


def _term_for(text: str, amount: int) -> int | None:
    """The longest term for this amount, where the term rule states one per amount."""
    for months, op, bound in _TERM_BY_AMOUNT.findall(text):
        limit = int(bound.split()[0]) * 1_000_000 if bound.endswith("trieu") else int(bound.replace(".", ""))
        if _HOLDS[op](amount, limit):
            return int(months)
    return None


class LoanPolicy(BaseModel):
    monthly_rate: float | None = None  # per cent a month
    stated_rate: str = ""  # as the rule states it: "0,4%/tháng", "6%/năm"
    rate: ParamSource | None = None
    basis: Basis = "remaining"
    basis_source: ParamSource | None = None
    free: list[tuple[str, ParamSource]] = Field(default_factory=list)  # (the rule's folded text, its source)
    repayment: ParamSource | None = None
    max_months: int | None = None
    term: ParamSource | None = None
    term_text: str = ""  # the term rule, folded (its figure may depend on the amount)
    # terms for loans of a purpose ("Đối với khoản vay cho mục đích nhà ở …, thời hạn vay tối đa là 24 tháng")
    purpose_terms: list[tuple[str, int, ParamSource]] = Field(default_factory=list)

    def longest_term(self, amount: int, purpose: str = "") -> tuple[int, ParamSource] | None:
        """The longest term for this loan and the rule that states it: a purpose's own, else by its amount,
        else the general one."""
        for text, months, source in self.purpose_terms:
            if _same_purpose(purpose, text):
                return months, source
        if self.term is None:
            return None
        by_amount = _term_for(self.term_text, amount)
        months = by_amount if by_amount is not None else self.max_months
        return (months, self.term) if months is not None else None


def policy_from_rules(rules: list[RuleText]) -> LoanPolicy:
    """The loan rules of the documents: the first rate, basis, repayment and term each states, and every
    interest-free clause."""
    policy = LoanPolicy()
    for rule in rules:
        written = rule.text.rpartition(" … ")[2]
        own = fold(written)
        if not _LOAN.search(f"{written} {rule.context}".lower()):
            continue
        # each clause on its own: "Lãi suất tiền gửi Quỹ là 0,3%/tháng; lãi suất cho vay là 0,5%/tháng"
        clauses = [c for c in own.split(";") if not _OTHER_RATE.search(c)]
        m = next((found for c in clauses if (found := _RATE.search(c))), None)
        if policy.rate is None and m:
            value = float(m.group(1).replace(",", "."))
            per_year = m.group(2) in ("nam", "year", "annum")
            policy.monthly_rate = value / 12 if per_year else value
            policy.stated_rate = f"{m.group(1)}%/{'năm' if per_year else 'tháng'}"
            policy.rate = cite_rule(rule, f"lãi suất {policy.stated_rate}")
        if policy.basis_source is None and (_REMAINING.search(own) or _ORIGINAL.search(own)):
            policy.basis = "remaining" if _REMAINING.search(own) else "original"
            policy.basis_source = cite_rule(
                rule,
                "lãi tính trên dư nợ gốc còn lại"
                if policy.basis == "remaining"
                else "lãi tính trên số tiền vay ban đầu",
            )
        free = _FREE.search(own)
        if free and _names_purpose(own[: free.start()]):  # the purpose is named before "không phải trả lãi"
            policy.free.append((own[: free.start()], cite_rule(rule, "khoản vay không phải trả lãi")))
        if policy.repayment is None and _EQUAL_PRINCIPAL.search(own):
            policy.repayment = cite_rule(rule, "nợ gốc chia đều theo số tháng vay")
        termed = (
            False  # a clause after a term's own may state another term barely ("riêng …: tối đa 24 tháng")
        )
        for clause in own.split(";"):  # "tối đa là 12 tháng; riêng khoản vay để mua nhà ở tối đa là 24 tháng"
            if not (m := _TERM.search(clause) or (_BARE_TERM.search(clause) if termed else None)):
                continue
            termed = True
            number, unit = [g for g in m.groups() if g][:2]
            months = int(number) * (12 if unit.startswith(("nam", "year")) else 1)
            named = clause[: m.start()]  # the purpose is named before the term
            if _names_purpose(named):
                policy.purpose_terms.append(
                    (named, months, cite_rule(rule, "thời hạn vay tối đa theo mục đích"))
                )
            elif policy.term is None:
                policy.max_months = months
                policy.term = cite_rule(rule, "thời hạn vay tối đa")
                policy.term_text = clause
    return policy


def _names_purpose(text: str) -> bool:
    return bool(_FOR_PURPOSE.search(text)) and not _ANY_PURPOSE.search(text)


# verbs any purpose may start with ("mua xe" and "mua nhà" share no purpose)
_PURPOSE_VERBS = frozenset("mua sua chua xay dung lam di dong tra khac phuc phuc vu buy repair pay".split())


def _purpose_words(text: str) -> set[str]:
    """A purpose's content words: "sửa nhà" -> {nhà}; "mục đích nhà ở" -> {nhà}; "chữa bệnh cho mẹ" -> {bệnh, mẹ}."""
    words = re.findall(r"[a-z]+", fold(text))
    return {w for w in words if len(w) > 1 and w not in _GENERIC and w not in _PURPOSE_VERBS}


def _same_purpose(asked: str, named: str) -> bool:
    return bool(_purpose_words(asked) & _purpose_words(named))


def free_rule(policy: LoanPolicy, purpose: str) -> ParamSource | None:
    """The interest-free clause that names the loan's purpose ("chữa bệnh" in "vay để chữa bệnh cho mẹ"), if any."""
    return next((source for text, source in policy.free if _same_purpose(purpose, text)), None)


class LoanResult(CalculationResult):
    amount: int
    months: int
    monthly_rate: float
    basis: Basis
    principal_per_month: int
    first_instalment: int
    last_instalment: int
    total_interest: int
    total_repaid: int


def calculate(policy: LoanPolicy, amount: int, months: int, purpose: str = "") -> LoanResult:
    """Each month's instalment (an equal part of the principal plus the month's interest) and the interest over
    the term; an interest-free purpose pays none."""
    if amount <= 0 or months <= 0:
        raise ValueError("give the amount borrowed (đồng) and the number of months to repay it")
    free = free_rule(policy, purpose) if purpose else None
    rate_source = (
        free or policy.rate or ParamSource(source="default", note="không tài liệu nào nêu lãi suất: 0%")
    )
    rate = 0.0 if free or policy.monthly_rate is None else policy.monthly_rate / 100
    basis_source = policy.basis_source or ParamSource(
        source="default",
        note="lãi tính trên dư nợ gốc còn lại (cách tính thông thường của khoản vay trả dần)",
    )
    repayment = policy.repayment or ParamSource(source="default", note="nợ gốc chia đều theo số tháng vay")
    principal = amount / months
    if policy.basis == "remaining":
        interests = [(amount - principal * k) * rate for k in range(months)]
    else:
        interests = [amount * rate] * months
    first, last = principal + interests[0], principal + interests[-1]
    total_interest = sum(interests)
    # the rate as the rule states it ("6%/năm"), a month's share of a yearly one in brackets
    monthly = f"{round(rate * 100, 4):g}"
    stated = policy.stated_rate if not free and policy.rate is not None else f"{monthly}%/tháng"
    pct_vi = stated if stated.endswith("tháng") else f"{stated} ({monthly.replace('.', ',')}%/tháng)"
    stated_en = stated.replace(",", ".").replace("tháng", "month").replace("năm", "year")
    pct_en = stated_en if stated_en.endswith("month") else f"{stated_en} ({monthly}% a month)"
    on_vi = "dư nợ gốc còn lại" if policy.basis == "remaining" else "số tiền vay ban đầu"
    on_en = "the remaining principal" if policy.basis == "remaining" else "the amount first borrowed"
    steps = [
        CalculationStep(
            text=f"Nợ gốc chia đều: {fmt_money(amount)} đồng / {months} tháng = {fmt_money(principal)} đồng mỗi tháng.",
            rule=f"loan_repayment ({where(repayment)})",
        ),
        CalculationStep(
            text=(
                f"Khoản vay này không phải trả lãi ({free.quote})."
                if free
                else (
                    f"Lãi suất {pct_vi}: không phải trả lãi."
                    if policy.rate is not None
                    else "Không tài liệu nào nêu lãi suất: tính như không có lãi."
                )
                if not rate
                else f"Lãi {pct_vi} tính trên {on_vi}: tháng đầu {fmt_money(interests[0])} đồng, "
                f"tháng cuối {fmt_money(interests[-1])} đồng."
            ),
            rule=f"loan_rate ({where(rate_source)})",
        ),
    ]
    if not free and rate:
        steps.append(
            CalculationStep(text=f"Lãi tính trên {on_vi}.", rule=f"loan_basis ({where(basis_source)})")
        )
    steps_en = [
        f"The principal in equal parts: {money_en(amount)} / {months} months = {money_en(principal)} a month.",
        "This loan pays no interest (the rule quoted)."
        if free
        else (
            f"An interest rate of {pct_en}: no interest to pay."
            if policy.rate is not None
            else "No document states an interest rate: counted as none."
        )
        if not rate
        else f"Interest of {pct_en} on {on_en}: {money_en(interests[0])} in the first month, "
        f"{money_en(interests[-1])} in the last.",
    ]
    sources = {"loan_repayment": repayment, "loan_rate": rate_source}
    if not free and rate:
        sources["loan_basis"] = basis_source
    limit = policy.longest_term(amount, purpose)
    over_vi = over_en = ""
    if limit is not None and months > limit[0]:
        longest, term_source = limit
        longer = any(m > longest for _, m, _ in policy.purpose_terms)  # a purpose the question did not name
        over_vi = f" Lưu ý: thời hạn vay tối đa là {longest} tháng" + (
            " (một số mục đích được vay lâu hơn)." if longer else "."
        )
        over_en = f" Note: the longest term is {longest} months" + (
            " (longer for some purposes)." if longer else "."
        )
        steps.append(
            CalculationStep(
                text=f"Thời hạn vay tối đa {longest} tháng, ngắn hơn {months} tháng được hỏi.",
                rule=f"loan_term ({where(term_source)})",
            )
        )
        steps_en.append(f"The longest term is {longest} months, shorter than the {months} asked.")
        sources["loan_term"] = term_source
    answer = (
        f"Vay {fmt_money(amount)} đồng trả trong {months} tháng: tháng đầu trả {fmt_money(first)} đồng "
        f"(gốc {fmt_money(principal)} + lãi {fmt_money(interests[0])})"
        + (f", tháng cuối {fmt_money(last)} đồng" if last != first else ", mỗi tháng như nhau")
        + f"; tổng tiền lãi {fmt_money(total_interest)} đồng, tổng phải trả {fmt_money(amount + total_interest)} đồng."
        + over_vi
    )
    answer_en = (
        f"Borrowing {money_en(amount)} over {months} months: the first month's repayment is {money_en(first)} "
        f"({money_en(principal)} principal + {money_en(interests[0])} interest)"
        + (f", the last month's {money_en(last)}" if last != first else ", the same each month")
        + f"; interest {money_en(total_interest)} in total, {money_en(amount + total_interest)} repaid in all."
        + over_en
    )
    return LoanResult(
        amount=amount,
        months=months,
        monthly_rate=rate * 100,
        basis=policy.basis,
        principal_per_month=round(principal),
        first_instalment=round(first),
        last_instalment=round(last),
        total_interest=round(total_interest),
        total_repaid=round(amount + total_interest),
        steps=steps,
        steps_en=steps_en,
        policy_sources=sources,
        answer=answer,
        answer_en=answer_en,
    )
