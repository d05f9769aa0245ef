"""Probation pay: the month's wage times the share the documents state for the employee's group (a probation
table's pay column, "90% lương công việc"), or for everyone ("bằng 85% mức lương của công việc đó"); the Labour
Code's floor (Article 26: at least 85%) as a named default where no document states one."""

from __future__ import annotations

from tools.calculation import CalculationResult, CalculationStep
from tools.leave_calculator import fmt_money
from tools.leave_policy import ParamSource
from tools.probation_policy import ProbationPolicy

LAW_PERCENT = 85
LAW_NOTE = "Bộ luật Lao động 2019, Điều 26: ít nhất 85% mức lương của công việc đó"


class ProbationPayResult(CalculationResult):
    monthly_wage: int
    percent: int
    probation_wage: int
    group: str | None = None


def calculate(policy: ProbationPolicy, monthly_wage: int, employee: str | None) -> ProbationPayResult:
    """The probation wage for ``monthly_wage`` (đồng, the job's wage) and the employee's group."""
    if not 100_000 <= monthly_wage <= 100_000_000_000:
        raise ValueError("the monthly wage must be between 100.000 and 100.000.000.000 đồng")
    row = policy.row_for(employee) if any(r.pay_percent for r in policy.rows) else None
    # the pay sentence names each point's share ("85% … điểm a, b; 90% … điểm c"): its first share is no one's all
    by_point = any(r.pay_source is not None for r in policy.rows)
    if row is not None and row.pay_percent:
        percent, source, group = row.pay_percent, row.pay_source or row.source, row.text
    elif (
        policy.pay_percent
        and policy.pay_source is not None
        # a share for the rest of the groups, to an employee whose group is known and none of the points
        and (not by_point or (policy.pay_for_the_rest and row is not None))
    ):
        percent, source, group = policy.pay_percent, policy.pay_source, None
    elif any(r.pay_percent for r in policy.rows):
        stated = "; ".join(f"{r.text} → {r.pay_percent}%" for r in policy.rows if r.pay_percent)
        raise LookupError(f"which staff group is the employee in? the documents state: {stated}")
    else:
        percent, source, group = LAW_PERCENT, ParamSource(source="default", note=LAW_NOTE), None
    pay = round(monthly_wage * percent / 100)
    where = f"{source.doc_id} › {source.node_id}" if source.source == "corpus" else f"mặc định: {LAW_NOTE}"
    in_group = f" (nhóm “{group}”)" if group else ""
    return ProbationPayResult(
        monthly_wage=monthly_wage,
        percent=percent,
        probation_wage=pay,
        group=group,
        steps=[
            CalculationStep(
                text=f"Lương thử việc = {percent}% × {fmt_money(monthly_wage)} đồng{in_group} = {fmt_money(pay)} đồng/tháng.",
                rule=f"probation_pay ({where})",
            )
        ],
        steps_en=[f"Probation pay = {percent}% × {monthly_wage:,} VND = {pay:,} VND a month."],
        policy_sources={"probation_pay": source},
        answer=f"Trong thời gian thử việc bạn được trả {fmt_money(pay)} đồng/tháng ({percent}% của {fmt_money(monthly_wage)} đồng).",
        answer_en=f"During probation you are paid {pay:,} VND a month ({percent}% of {monthly_wage:,} VND).",
    )
