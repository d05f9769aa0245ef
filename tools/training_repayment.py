"""Training cost repaid on leaving early: the course cost in proportion to the months of the commitment still
missing ("Chi phí đào tạo × số tháng cam kết còn lại ÷ tổng số tháng cam kết", "cost × months remaining ÷ months
committed"), the commitment read from the documents' table keyed by the course cost ("Từ 50.000.000 đồng đến dưới
150.000.000 đồng | 24 tháng") or from a sentence ("học phí từ 10.000.000 đồng trở lên … cam kết … ít nhất 12
tháng"), unless the employee states their own agreement's months. Each parameter is cited by its grounded span; the
law sets no formula (a training contract states it), so without a stated proportional rule nothing is computed.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from indexes.ranges import Quantity, row_range
from indexes.text import fold
from tools.calculation import CalculationResult, CalculationStep, money_en, where
from tools.leave_calculator import fmt_money
from tools.leave_policy import ParamSource, RuleText, cite_rule

# a unit about training paid by the company, folded
_TRAINING = re.compile(r"\b(?:dao tao|khoa hoc|hoc phi|training|course|certificate|learning)\b")
# ... that says what leaving early costs in proportion to the months missing
_PRO_RATA = re.compile(
    r"\b(?:hoan tra|boi hoan|tra lai|repay|pay back|refund)\b.{0,160}?"
    r"(?:ty le|tuong ung|in proportion|pro[- ]rata|proportionally|×|\bx\b).{0,80}?"
    r"(?:thang (?:cam ket )?con lai|months? (?:still )?(?:remaining|missing|left)|remaining months)"
)
# a rule that the whole cost is repaid whatever the months served is no proportional rule
_WHOLE = re.compile(r"\b(?:toan bo|100\s*%|full cost|in full|the whole|khong phu thuoc|regardless)\b")
_COMMIT_HEAD = re.compile(r"\b(?:cam ket|commitment|agree to stay|stay|bond)\b")
_MONTHS = re.compile(r"\b(\d{1,2})\s*(?:thang|months?)\b")
_NONE = re.compile(r"\b(?:khong yeu cau|khong phai|no commitment|none|not required)\b")
# a sentence with a threshold and its months: "khóa học có học phí từ 10.000.000 đồng trở lên, NLĐ ký cam kết làm
# việc … ít nhất 12 tháng"
_THRESHOLD_MONTHS = re.compile(
    r"(?:cam ket|commit|agreement to stay|stay)[^.;]{0,60}?\b(\d{1,2})\s*(?:thang|months?)\b"
)


class CommitmentRow(BaseModel):
    key: str  # the row's cost range as written
    months: int  # 0: no commitment
    source: ParamSource


class TrainingPolicy(BaseModel):
    rows: list[CommitmentRow] = []
    pro_rata: ParamSource | None = None

    def row_for(self, cost: int) -> CommitmentRow | None:
        held = [r for r in self.rows if (rng := row_range(r.key)) and rng.holds(Quantity(cost, "money"))]
        return held[0] if len(held) == 1 else None


def training_policy_from_rules(rules: list[RuleText]) -> TrainingPolicy:
    """The commitment by course cost (a table's rows or one threshold sentence) and the proportional repayment
    rule the documents state (company documents first: the first statement wins)."""
    policy = TrainingPolicy()
    for rule in rules:
        text = fold(re.sub(r"[*_`]", "", rule.text))
        about = _TRAINING.search(fold(f"{rule.context} {rule.text}"))
        if not about:
            continue
        if policy.pro_rata is None and _PRO_RATA.search(text) and not _WHOLE.search(text):
            policy.pro_rata = cite_rule(rule, "hoàn trả theo tỷ lệ số tháng cam kết còn lại")
        header, _, row = text.rpartition(" … ")
        if header and "|" in row and _COMMIT_HEAD.search(header):
            cells = [c.strip() for c in row.split("|") if c.strip()]
            if len(cells) >= 2 and (rng := row_range(cells[0])) and rng.dimension == "money":
                months = _MONTHS.search(cells[-1])
                if months or _NONE.search(cells[-1]):
                    label = rule.text.rpartition(" … ")[2].split("|")
                    key = next((c.strip() for c in label if c.strip()), cells[0])
                    policy.rows.append(
                        CommitmentRow(
                            key=key,
                            months=int(months.group(1)) if months else 0,
                            source=cite_rule(
                                rule, f"{key}: {months.group(0) if months else 'không cam kết'}"
                            ),
                        )
                    )
            continue
        # one threshold and its months per sentence; several ("từ 10 triệu … 12 tháng; từ 50 triệu … 24 tháng") or
        # a range apart from the months ("dưới 10 triệu không cần cam kết; trên mức này 12 tháng") are not read
        clauses = [c for c in re.split(r"[;.]\s", text) if _THRESHOLD_MONTHS.search(c)]
        threshold = _THRESHOLD_MONTHS.search(clauses[0]) if len(clauses) == 1 and not policy.rows else None
        rng = row_range(clauses[0]) if threshold else None
        if threshold and rng is not None and rng.dimension == "money" and len(_MONTHS.findall(text)) == 1:
            months = int(threshold.group(1))
            policy.rows.append(
                CommitmentRow(key=rule.text, months=months, source=cite_rule(rule, f"cam kết {months} tháng"))
            )
    return policy


class TrainingRepaymentResult(CalculationResult):
    course_cost: int
    commitment_months: int
    months_worked: int
    months_remaining: int
    repayment: int


def calculate(
    policy: TrainingPolicy, course_cost: int, months_worked: int, commitment_months: int | None = None
) -> TrainingRepaymentResult:
    """What leaving after ``months_worked`` months of the commitment costs for a course of ``course_cost`` đồng."""
    if not 100_000 <= course_cost <= 100_000_000_000:
        raise ValueError("the course cost must be between 100.000 and 100.000.000.000 đồng")
    if not 0 <= months_worked <= 600:
        raise ValueError("the months worked since the course must be between 0 and 600")
    if policy.pro_rata is None:
        raise LookupError("no document states how a training cost is repaid on leaving early")
    sources: dict[str, ParamSource] = {"training_repayment": policy.pro_rata}
    if commitment_months is not None:
        if not 1 <= commitment_months <= 120:
            raise ValueError("the commitment must be between 1 and 120 months")
        months = commitment_months
        sources["commitment"] = ParamSource(source="question", note=f"cam kết {months} tháng (theo câu hỏi)")
    else:
        row = policy.row_for(course_cost)
        if row is None:
            stated = "; ".join(f"{r.key} → {r.months}" for r in policy.rows)
            raise LookupError(
                "how many months is the commitment? "
                + (f"the documents state: {stated}" if stated else "no document states it")
            )
        months = row.months
        sources["commitment"] = row.source
    if months == 0:
        raise LookupError(f"a course of {fmt_money(course_cost)} đồng carries no commitment in the documents")
    remaining = max(0, months - months_worked)
    repay = round(course_cost * remaining / months)
    steps = [
        CalculationStep(
            text=f"Thời gian cam kết: {months} tháng; đã làm {months_worked} tháng; còn lại {remaining} tháng.",
            rule=f"commitment ({where(sources['commitment'])})",
        ),
        CalculationStep(
            text=f"Hoàn trả = {fmt_money(course_cost)} × {remaining} ÷ {months} = {fmt_money(repay)} đồng.",
            rule=f"training_repayment ({where(policy.pro_rata)})",
        ),
    ]
    steps_en = [
        f"Commitment: {months} months; worked {months_worked}; {remaining} remaining.",
        f"Repayment = {money_en(course_cost)} × {remaining} ÷ {months} = {money_en(repay)}.",
    ]
    if remaining == 0:
        answer = f"Bạn đã làm đủ {months} tháng cam kết: không phải hoàn trả chi phí đào tạo."
        answer_en = f"You have served the full {months}-month commitment: nothing is repaid."
    else:
        answer = (
            f"Nếu nghỉ việc bây giờ, bạn hoàn trả {fmt_money(repay)} đồng chi phí đào tạo ({remaining}/{months} "
            f"tháng cam kết còn lại × {fmt_money(course_cost)} đồng)."
        )
        answer_en = (
            f"If you leave now, you repay {money_en(repay)} of the training cost ({remaining} of the {months} "
            f"committed months remaining × {money_en(course_cost)})."
        )
    return TrainingRepaymentResult(
        course_cost=course_cost,
        commitment_months=months,
        months_worked=months_worked,
        months_remaining=remaining,
        repayment=repay,
        steps=steps,
        steps_en=steps_en,
        policy_sources=sources,
        answer=answer,
        answer_en=answer_en,
    )
