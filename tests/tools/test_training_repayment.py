"""Training cost repaid on leaving before the end of the commitment: the commitment by course cost (a table's rows or
one threshold sentence) and the proportional rule read from the documents, the arithmetic, the question's figures."""

from __future__ import annotations

import pytest

from agent.offline_policy import next_call
from tests.tools.rule_texts import rule_text
from tools.training_repayment import calculate, training_policy_from_rules

HEADER = "Chi phí đào tạo do Công ty chi trả | Thời gian cam kết làm việc"
TITLE = "C.2 Cam kết làm việc sau đào tạo"


def rule(text: str, line: int, title: str = TITLE):
    return rule_text(text, [title], line, "so_tay:c-2")


TABLE = [
    rule(f"{HEADER} … Dưới 20.000.000 đồng | Không yêu cầu cam kết", 3),
    rule(f"{HEADER} … Từ 20.000.000 đồng đến dưới 50.000.000 đồng | 12 tháng", 4),
    rule(f"{HEADER} … Từ 50.000.000 đồng đến dưới 150.000.000 đồng | 24 tháng", 5),
    rule(f"{HEADER} … Từ 150.000.000 đồng trở lên | 36 tháng", 6),
    rule(
        "Bồi hoàn: nếu NLĐ nghỉ việc trước khi hết thời gian cam kết, NLĐ hoàn trả: Chi phí đào tạo × số tháng cam "
        "kết còn lại ÷ tổng số tháng cam kết.",
        8,
    ),
]


def test_the_commitment_table_and_the_proportional_rule_are_read_and_cited():
    policy = training_policy_from_rules(TABLE)
    assert [r.months for r in policy.rows] == [0, 12, 24, 36]
    assert policy.pro_rata is not None and policy.pro_rata.line_start == 8
    result = calculate(policy, 80_000_000, 18)  # 24 months for 50–150 million; 6 remain
    assert (result.commitment_months, result.months_remaining, result.repayment) == (24, 6, 20_000_000)
    assert result.policy_sources["commitment"].line_start == 5
    assert "20.000.000 đồng" in result.answer and "20,000,000 VND" in result.answer_en
    assert calculate(policy, 180_000_000, 24).repayment == 60_000_000  # 36 months, 12 remain
    assert calculate(policy, 30_000_000, 12).repayment == 0  # served in full
    stated = calculate(policy, 80_000_000, 10, commitment_months=12)  # the employee's own agreement
    assert (
        stated.repayment == round(80_000_000 * 2 / 12)
        and stated.policy_sources["commitment"].source == "question"
    )


def test_a_threshold_sentence_in_english_and_nothing_stated():
    english = [
        rule(
            "Courses costing 10,000,000 VND or more need a commitment to stay at least 12 months after the course.",
            2,
            "Training",
        ),
        rule(
            "If you leave earlier, you repay the course cost in proportion to the months remaining.",
            3,
            "Training",
        ),
    ]
    policy = training_policy_from_rules(english)
    assert [r.months for r in policy.rows] == [12] and policy.pro_rata is not None
    assert calculate(policy, 12_000_000, 9).repayment == 3_000_000
    with pytest.raises(LookupError, match="carries no commitment"):
        calculate(training_policy_from_rules(TABLE), 10_000_000, 1)
    with pytest.raises(LookupError, match="no document states how"):
        calculate(training_policy_from_rules(TABLE[:4]), 80_000_000, 1)
    with pytest.raises(ValueError, match="course cost"):
        calculate(policy, 5, 1)


@pytest.mark.parametrize(
    ("question", "args"),
    [
        (
            "Em được công ty cử đi học khóa 80 triệu, cam kết 24 tháng, học xong làm thêm được 18 tháng thì muốn "
            "nghỉ. Em phải bồi hoàn bao nhiêu?",
            {"course_cost": "80000000", "months_worked": 18, "commitment_months": 24},
        ),
        (
            "The company paid 180 million VND for my 4-month training. I came back and have worked 24 months "
            "since. If I quit now, how much do I have to pay back?",
            {"course_cost": "180000000", "months_worked": 24},  # the course's own 4 months are no service
        ),
    ],
)
def test_a_training_repayment_question_calls_the_calculator(question, args):
    call = next_call(question, [], None, 2)
    assert (call.name, call.args) == ("calculate_training_repayment", args)


def test_a_question_without_the_months_worked_is_searched():
    assert (
        next_call("Nghỉ việc trước hạn cam kết đào tạo thì có phải bồi hoàn không?", [], None, 2).name
        == "search"
    )


def test_a_whole_cost_rule_and_two_thresholds_in_one_sentence_are_not_read():
    whole = rule(
        "Nghỉ việc trước hạn thì NLĐ hoàn trả toàn bộ chi phí đào tạo, không phụ thuộc số tháng cam kết còn lại.",
        8,
    )
    assert training_policy_from_rules([*TABLE[:4], whole]).pro_rata is None
    two = rule(
        "Khóa học từ 10.000.000 đồng phải cam kết 12 tháng; từ 50.000.000 đồng phải cam kết 24 tháng.",
        2,
        "Đào tạo",
    )
    assert training_policy_from_rules([two]).rows == []


@pytest.mark.parametrize(
    "question",
    [
        # the whole tenure and the months since the course: which one?
        "Tôi đã làm việc 36 tháng ở công ty, đi học khóa 60 triệu, sau khóa học làm được 6 tháng, nghỉ thì bồi hoàn bao nhiêu?",
        "Vay công ty 50 triệu để đi học, làm được 6 tháng thì nghỉ, phải trả lại bao nhiêu?",  # a loan
    ],
)
def test_ambiguous_months_and_a_loan_are_not_the_training_calculator(question):
    assert next_call(question, [], None, 2).name != "calculate_training_repayment"


def test_the_commitment_is_read_far_before_its_months():
    call = next_call(
        "Em đi học khóa 60 triệu, cam kết làm việc cho công ty 24 tháng, đã làm được 10 tháng, nghỉ thì bồi hoàn bao nhiêu?",
        [],
        None,
        2,
    )
    assert call.args == {"course_cost": "60000000", "months_worked": 10, "commitment_months": 24}


@pytest.mark.parametrize(
    "question",
    [
        "Học khóa 20 triệu, làm được 6 tháng, công ty có trả lại học phí cho em không?",
        "I paid 20 million for a course and have worked 6 months since; will the company reimburse me?",
    ],
)
def test_the_company_paying_back_is_no_repayment_by_the_employee(question):
    assert next_call(question, [], None, 2).name != "calculate_training_repayment"
