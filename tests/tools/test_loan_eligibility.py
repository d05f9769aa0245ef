"""When one may first borrow: the service a loan requires, counted with or without probation as the documents say
(the day after it ends), or from the first day of work where they do not say, cited; routing."""

from __future__ import annotations

import datetime as dt

import pytest

from agent.offline_policy import next_call
from tests.tools.rule_texts import rule_text
from tools.loan_eligibility import calculate, eligibility_policy_from_rules

TODAY = dt.date(2026, 11, 23)


def rule(text: str, line: int = 40):
    return rule_text(text, ["Quy chế cho vay", "Điều 4. Điều kiện vay"], line, "quy_che_vay:dieu-4")


def test_probation_included_counts_from_the_first_day():
    policy = eligibility_policy_from_rules(
        [rule("b) Có thời gian làm việc tại Công ty từ đủ 12 tháng trở lên (kể cả thời gian thử việc);")]
    )
    assert (policy.months, policy.probation_counts) == (12, True)
    result = calculate(policy, dt.date(2026, 3, 1), None, TODAY)
    assert result.eligible_from == dt.date(2027, 3, 1) and not result.eligible_now
    assert "01/03/2027" in result.answer and result.policy_sources["loan_service"].line_start == 40


def test_probation_excluded_counts_from_the_day_after_it_and_needs_it():
    policy = eligibility_policy_from_rules(
        [rule("b) Đã làm việc liên tục tại Công ty từ đủ 12 tháng trở lên, không kể thời gian thử việc;")]
    )
    assert policy.probation_counts is False
    result = calculate(policy, dt.date(2025, 10, 1), dt.date(2025, 11, 30), TODAY)
    assert result.eligible_from == dt.date(2026, 11, 30) and "30/11/2025" in result.steps[0].text
    with pytest.raises(LookupError, match="probation does not count"):
        calculate(policy, dt.date(2025, 10, 1), None, TODAY)


def test_unstated_probation_is_said_and_tables_and_other_rules_are_not_requirements():
    unsaid = eligibility_policy_from_rules(
        [rule("Đối tượng: NLĐ đã ký chính thức và làm việc tại Công ty từ 12 tháng trở lên.")]
    )
    result = calculate(unsaid, dt.date(2025, 1, 10), None, TODAY)
    assert result.eligible_now and "do not say whether probation counts" in result.steps_en[0]
    table = rule("Thời gian làm việc | Mức vay … Từ đủ 01 năm đến dưới 03 năm | 10.000.000 đồng")
    leave = rule_text(
        "NLĐ làm việc từ đủ 12 tháng được nghỉ 12 ngày.", ["Điều 8. Nghỉ hằng năm"], 3, "nq:dieu-8"
    )
    assert eligibility_policy_from_rules([table, leave]).months is None


@pytest.mark.parametrize(
    ("question", "args"),
    [
        (
            "I joined on 1 October 2025 as an engineer with the 60-day probation. Can I borrow from the fund yet?",
            {"start_date": "1 october 2025", "probation_days": 60},
        ),
        ("Em vào làm từ 01/09/2025, khi nào em được vay quỹ?", {"start_date": "01/09/2025"}),
    ],
)
def test_a_when_may_i_borrow_question_with_a_start_calls_the_calculator(question, args):
    call = next_call(question, [], None, 2)
    assert call.name == "calculate_loan_eligibility" and {k: call.args[k] for k in args} == args


@pytest.mark.parametrize(
    "question",
    [
        "Tôi vào làm 01/03/2025, vay 20 triệu trong 12 tháng thì mỗi tháng trả bao nhiêu? Khi nào trả kỳ đầu?",
        "I started on 1 March 2026 with 60 days probation; when does my probation end? I want to apply for a loan.",
        "When can I take my annual leave? I joined on 1 March 2026 and haven't taken any loan yet.",
    ],
)
def test_repayment_probation_end_and_leave_questions_are_not_eligibility(question):
    assert next_call(question, [], None, 2).name != "calculate_loan_eligibility"


def test_probation_after_and_contract_wordings_exclude_it_and_tiers_are_no_condition():
    after = eligibility_policy_from_rules(
        [rule("Điều kiện vay: làm việc từ đủ 01 năm trở lên, sau thời gian thử việc.")]
    )
    assert (after.months, after.probation_counts) == (12, False)
    tier = rule("Làm việc từ 12 tháng đến dưới 36 tháng: vay tối đa 30.000.000 đồng.")
    assert eligibility_policy_from_rules([tier]).months is None
    with pytest.raises(ValueError, match="after the first day"):
        calculate(after, dt.date(2025, 3, 1), dt.date(2020, 1, 1), TODAY)
