"""The most a staff loan may be: the documents' multiple of the salary, capped by the amount stated with it or by the
employee's row of a loan table (by group or by length of service), the longest term and its monthly principal; a
loan the limit does not bind is pointed out, quoted."""

from __future__ import annotations

import pytest

from agent.offline_policy import next_call
from tests.tools.rule_texts import rule_text
from tools.loan_limit import calculate, limit_policy_from_rules
from tools.loan_repayment import policy_from_rules


def rule(text: str, line: int, title: str = "Điều 5. Mức cho vay tối đa"):
    return rule_text(text, [title], line, "quy_che_vay:dieu-5")


CAPPED = [
    rule(
        "1. Mức cho vay tối đa đối với mỗi khoản vay bằng 03 tháng lương gross của NLĐ và không vượt quá 50.000.000 đồng.",
        3,
    ),
    rule("1. Thời hạn vay tối đa là 12 tháng kể từ ngày giải ngân.", 9, "Điều 7. Thời hạn vay"),
    rule(
        "2. Đối với khoản vay cho mục đích nhà ở, thời hạn vay tối đa là 24 tháng.",
        10,
        "Điều 7. Thời hạn vay",
    ),
    rule(
        "Khoản vay khẩn cấp cho điều trị y tế với mức tối đa 100.000.000 đồng, không áp dụng giới hạn tại Điều 5.",
        6,
        "Điều 6. Khoản vay khẩn cấp",
    ),
]
HEADER = "Band | Maximum loan | Maximum repayment term"
BANDS = [
    rule(f"{HEADER} … Band 1 | 20,000,000 VND | 12 months", 4, "How much you can borrow"),
    rule(f"{HEADER} … Band 2 | 30,000,000 VND | 12 months", 5, "How much you can borrow"),
    rule(
        "In every case the loan cannot exceed 3 times your monthly base salary.", 7, "How much you can borrow"
    ),
]


def test_the_multiple_and_its_cap_give_the_lower_and_the_purpose_s_term():
    policy, loans = limit_policy_from_rules(CAPPED), policy_from_rules(CAPPED)
    assert (policy.multiple, policy.cap) == (3, 50_000_000) and len(policy.exceptions) == 1
    low = calculate(policy, loans, 12_000_000, purpose="sửa nhà")
    assert (low.limit, low.months, low.monthly_principal) == (36_000_000, 24, 1_500_000)
    assert (
        low.policy_sources["loan_multiple"].line_start == 3
        and low.policy_sources["loan_term"].line_start == 10
    )
    assert "mức riêng" in low.answer and "100.000.000 đồng" in low.answer  # the exception, quoted
    high = calculate(policy, loans, 25_000_000)
    assert high.limit == 50_000_000 and high.months == 12
    assert "75.000.000" not in " ".join(
        [high.answer, *(s.text for s in high.steps)]
    )  # above the cap: no figure


def test_a_loan_table_s_row_caps_the_multiple_for_the_employee_s_group():
    policy, loans = limit_policy_from_rules(BANDS), policy_from_rules(BANDS)
    assert [(g.key, g.amount, g.months) for g in policy.groups] == [
        ("Band 1", 20_000_000, 12),
        ("Band 2", 30_000_000, 12),
    ]
    result = calculate(policy, loans, 6_000_000, employee="I'm a Band 1 room attendant")
    assert (result.limit, result.months, result.monthly_principal) == (18_000_000, 12, 1_500_000)
    assert "18,000,000 VND" in result.answer_en and result.policy_sources["loan_group"].line_start == 4
    assert calculate(policy, loans, 20_000_000, employee="Band 2 supervisor").limit == 30_000_000
    with pytest.raises(LookupError, match="which group"):
        calculate(policy, loans, 6_000_000, employee="a room attendant")


def test_a_table_by_length_of_service_and_nothing_stated():
    header = "Thời gian làm việc | Mức vay tối đa"
    by_service = [
        rule("3. Mức vay không vượt quá 06 tháng tiền lương theo HĐLĐ của người vay.", 2),
        rule(f"{header} … Từ đủ 01 năm đến dưới 03 năm | 10.000.000 đồng", 3),
        rule(f"{header} … Từ đủ 03 năm đến dưới 05 năm | 20.000.000 đồng", 4),
    ]
    policy = limit_policy_from_rules(by_service)
    assert (
        calculate(policy, policy_from_rules(by_service), 5_000_000, employee="làm được 4 năm").limit
        == 20_000_000
    )
    with pytest.raises(LookupError, match="multiple of the salary"):
        calculate(limit_policy_from_rules(BANDS[:2]), policy_from_rules([]), 6_000_000, employee="Band 1")


@pytest.mark.parametrize(
    ("question", "routed"),
    [
        ("Lương gross 15 triệu thì vay được tối đa bao nhiêu?", "calculate_loan_limit"),
        ("What's the max I can borrow? I'm on 6 million a month.", "calculate_loan_limit"),
        ("Vay 36 triệu trong 12 tháng thì mỗi tháng bị trừ lương bao nhiêu?", "calculate_loan_repayment"),
        ("Được vay tối đa bao nhiêu?", "lookup_rules"),  # no salary: the rule is quoted
    ],
)
def test_a_limit_question_with_a_salary_calls_the_limit_calculator(question, routed):
    assert next_call(question, [], None, 2).name == routed


@pytest.mark.parametrize(
    "question",
    [
        "Nếu tôi vay 30 triệu thì mỗi tháng trừ lương tối đa bao nhiêu?",  # an amount to borrow, no salary
        "Tôi muốn vay tối đa 100 triệu thì lương phải bao nhiêu?",
        "Lương 15 triệu, vay tối đa được mấy tháng?",  # a term, not an amount
        "Lương 120 triệu/năm thì vay được tối đa bao nhiêu?",  # a year's pay
    ],
)
def test_questions_that_state_no_monthly_salary_or_ask_no_amount_are_not_the_limit(question):
    assert next_call(question, [], None, 2).name != "calculate_loan_limit"


def test_what_is_not_a_limit_is_not_read():
    so = rule("Vì vậy, người lao động nghỉ việc được trợ cấp 02 tháng lương.", 2, "Điều 9. Trợ cấp")
    advance = rule("Tạm ứng tối đa 01 tháng lương; khoản vay được khấu trừ vào 06 tháng lương tiếp theo.", 3)
    decimal = rule("Mức vay tối đa bằng 1,5 tháng lương.", 4)
    assert limit_policy_from_rules([so, advance, decimal]).multiple is None
    condition = rule(
        "Mức vay tối đa bằng 03 tháng lương; số tiền trả hằng tháng tối đa 2.000.000 đồng.", 5
    )  # the monthly repayment's cap is no cap of the loan
    policy = limit_policy_from_rules([condition])
    assert (policy.multiple, policy.cap) == (3, None)
    rate = rule("Khoản vay trên 50.000.000 đồng không áp dụng mức lãi suất ưu đãi.", 6)
    assert limit_policy_from_rules([rate]).exceptions == []


def test_an_amending_table_s_new_amounts_replace_the_rows():
    header = "Thời gian làm việc | Mức vay tối đa"
    base = [
        rule("3. Mức vay không vượt quá 06 tháng tiền lương theo HĐLĐ của người vay.", 2),
        rule(f"{header} … Từ đủ 01 năm đến dưới 03 năm | 10.000.000 đồng", 3),
        rule(f"{header} … Từ đủ 03 năm trở lên | 20.000.000 đồng", 4),
    ]
    amending = rule_text(
        "Thời gian làm việc tại Công ty | Mức cũ | Mức mới … Từ đủ 01 năm đến dưới 03 năm | 10.000.000 đồng | "
        "15.000.000 đồng",
        ["Quyết định điều chỉnh mức cho vay tối đa của Quỹ"],
        30,
        "qd_214:dieu-1",
    )
    policy = limit_policy_from_rules([*base, amending])
    assert [(g.amount, g.source.line_start) for g in policy.groups] == [(15_000_000, 30), (20_000_000, 4)]
    assert calculate(policy, policy_from_rules([]), 9_000_000, employee="làm được 2 năm").limit == 15_000_000
