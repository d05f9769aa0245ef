"""Advances: the documents' share of a trip budget or of the month's salary (of the days worked, where they say so),
applied to the amount the question states, cited; routing of advance questions."""

from __future__ import annotations

import pytest

from agent.offline_policy import next_call
from tests.tools.rule_texts import rule_text
from tools.advance import advance_policy_from_rules, calculate

RULES = [
    rule_text(
        "CBCNV đi công tác từ 02 ngày trở lên được tạm ứng tối đa 80% dự toán chi phí chuyến công tác.",
        ["6.1 Tạm ứng"],
        107,
        "cong_tac_phi:6-1",
    ),
    rule_text(
        "1. NLĐ được tạm ứng lương một lần trong tháng, tối đa 50% tiền lương tương ứng với số ngày công thực tế "
        "đã làm trong tháng.",
        ["Điều 3. Tạm ứng lương"],
        39,
        "quy_che_luong:dieu-3",
    ),
]


def test_the_trip_and_salary_shares_are_read_and_applied():
    policy = advance_policy_from_rules(RULES)
    assert policy.trip.percent == 80 and policy.salary.percent == 50 and policy.salary.by_days_worked
    trip = calculate(policy, "trip", 5_000_000)
    assert trip.advance == 4_000_000 and trip.policy_sources["advance"].line_start == 107
    assert "4,000,000 VND" in trip.answer_en and "4.000.000 đồng" in trip.answer
    salary = calculate(policy, "salary", 7_800_000, days_worked=13, month_days=26)
    assert (salary.base, salary.advance) == (3_900_000, 1_950_000)
    with pytest.raises(LookupError, match="days actually worked"):
        calculate(policy, "salary", 7_800_000)


def test_a_share_of_the_whole_salary_and_an_english_rule():
    english = [
        rule_text(
            "Salary advance: up to 40% of your monthly salary, once a month.", ["Pay"], 5, "handbook:pay"
        ),
        rule_text("Cash advance: up to 80% of the trip budget.", ["Travel"], 9, "handbook:travel"),
    ]
    policy = advance_policy_from_rules(english)
    assert calculate(policy, "salary", 10_000_000).advance == 4_000_000
    assert calculate(policy, "trip", 3_000_000).advance == 2_400_000
    with pytest.raises(LookupError, match="no document states"):
        calculate(advance_policy_from_rules(english[:1]), "trip", 3_000_000)


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("My trip budget is 5 million, how much can I get as an advance?", "calculate_advance"),
        ("Lương 10 triệu thì tạm ứng lương giữa tháng được tối đa bao nhiêu?", "calculate_advance"),
        ("Tạm ứng công tác phí được tối đa bao nhiêu?", "lookup_rules"),  # the share alone: quoted
        ("How far in advance do I have to request annual leave?", "search"),
    ],
)
def test_advance_questions_with_an_amount_call_the_calculator(question, name):
    assert next_call(question, [], None, 2).name == name


def test_a_probation_share_or_refusal_stops_the_calculation_for_someone_on_probation():
    rules = [
        rule_text(
            "Mức tạm ứng tối đa 50% tiền lương theo HĐLĐ của tháng đó.", ["II. Tạm ứng lương"], 48, "qd:ii"
        ),
        rule_text("NLĐ đang thử việc được tạm ứng tối đa 30%.", ["II. Tạm ứng lương"], 49, "qd:ii"),
    ]
    policy = advance_policy_from_rules(rules)
    assert policy.salary.percent == 50 and policy.probation_rule.line_start == 49
    assert calculate(policy, "salary", 10_000_000).advance == 5_000_000
    with pytest.raises(LookupError, match="separate rule for probation"):
        calculate(policy, "salary", 10_000_000, on_probation=True)


def test_a_penalty_share_is_no_advance_share():
    penalty = rule_text(
        "Khoản tạm ứng quá hạn bị phạt tối đa 10% số tiền tạm ứng; tạm ứng tối đa 80% dự toán chuyến công tác.",
        ["Tạm ứng"],
        3,
        "ct:tu",
    )
    assert advance_policy_from_rules([penalty]).trip.percent == 80


@pytest.mark.parametrize(
    ("question", "args"),
    [
        (
            "Lương tôi 10 triệu, tôi sắp đi công tác, tạm ứng lương được bao nhiêu?",
            {"kind": "salary", "amount": "10000000"},
        ),
        (
            "Lương 10 triệu, dự toán chuyến công tác 6 triệu thì được tạm ứng tối đa bao nhiêu?",
            {"kind": "trip", "amount": "6000000"},
        ),
    ],
)
def test_the_kind_and_its_base_amount_are_read_where_the_question_names_them(question, args):
    from agent.question import analyse

    assert analyse(question).advance == args


@pytest.mark.parametrize(
    "question",
    [
        "How much advance notice do I need to give if my salary is 15 million?",
        "Tạm ứng 8 triệu công tác, phải hoàn ứng trong bao nhiêu ngày?",
    ],
)
def test_notice_and_settling_an_advance_are_no_advance_calculation(question):
    assert next_call(question, [], None, 2).name != "calculate_advance"
