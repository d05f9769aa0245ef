"""A staff loan's repayment from the loan rules the documents state: the rate (a month or a year), what it is
charged on, interest-free purposes and the longest term, each cited; a question stating an amount and a term is
routed to the calculator, one asking the loan limit is not."""

from __future__ import annotations

from agent.compose import compose_calculation
from agent.question import analyse
from tests.tools.rule_texts import rule_text
from tools.loan_repayment import calculate, policy_from_rules


def rule(text: str, line: int, title: str = "Điều 7. Thời hạn vay và lãi suất"):
    return rule_text(text, ["Quy chế Quỹ tương trợ", title], line, "quy_tuong_tro:dieu-7")


FUND = [
    rule("1. Thời hạn vay tối đa 12 tháng đối với khoản vay đến 20.000.000 đồng và 24 tháng đối với khoản vay "
         "trên 20.000.000 đồng.", 3),
    rule("2. Lãi suất cho vay là 0,4%/tháng, tính trên dư nợ gốc còn lại.", 4),
    rule("3. Khoản vay để khám bệnh, chữa bệnh hoặc khắc phục thiên tai, hỏa hoạn không phải trả lãi.", 5),
    rule("4. Nợ quá hạn chịu lãi bằng 150% lãi suất cho vay tính trên số tiền chậm trả.", 6),
    rule("1. Nợ gốc được chia đều theo số tháng vay và trả cùng tiền lãi hằng tháng bằng hình thức khấu trừ vào "
         "lương.", 9, "Điều 8. Trả nợ"),
]  # fmt: skip


def test_the_rules_are_read_and_cited_by_their_lines():
    policy = policy_from_rules(FUND)
    assert policy.monthly_rate == 0.4 and policy.basis == "remaining"
    assert policy.rate is not None and policy.rate.line_start == 4
    assert policy.repayment is not None and policy.repayment.line_start == 9
    assert policy.longest_term(15_000_000)[0] == 12 and policy.longest_term(30_000_000)[0] == 24
    assert len(policy.free) == 1  # the overdue surcharge is no rate of its own


def test_instalments_on_the_remaining_principal():
    result = calculate(policy_from_rules(FUND), 20_000_000, 10, "sửa nhà")
    assert (result.first_instalment, result.last_instalment) == (2_080_000, 2_008_000)
    assert result.total_interest == 440_000 and result.total_repaid == 20_440_000
    assert "2.080.000" in result.answer and "440.000" in result.answer
    assert {k: s.source for k, s in result.policy_sources.items()} == {
        "loan_repayment": "corpus",
        "loan_rate": "corpus",
        "loan_basis": "corpus",
    }


def test_a_purpose_the_rules_make_interest_free_pays_none():
    result = calculate(policy_from_rules(FUND), 12_000_000, 12, "chữa bệnh cho mẹ")
    assert result.total_interest == 0 and result.first_instalment == 1_000_000
    assert result.policy_sources["loan_rate"].line_start == 5


def test_a_yearly_rate_on_the_original_amount():
    rules = [rule("Interest on staff loans is 6% per year, charged on the original amount borrowed.", 2)]
    result = calculate(policy_from_rules(rules), 12_000_000, 12)
    assert result.monthly_rate == 0.5 and result.basis == "original"
    assert result.first_instalment == result.last_instalment == 1_060_000
    assert result.total_interest == 720_000


def test_a_term_longer_than_the_rules_allow_is_noted():
    result = calculate(policy_from_rules(FUND), 15_000_000, 18)
    assert "Thời hạn vay tối đa 12 tháng" in result.steps[-1].text
    assert result.answer.endswith("Lưu ý: thời hạn vay tối đa là 12 tháng.")
    assert result.policy_sources["loan_term"].line_start == 3


def test_unstated_parameters_are_named_defaults_in_the_answer():
    result = calculate(policy_from_rules([]), 6_000_000, 6)
    assert result.total_interest == 0
    composed = compose_calculation(
        result.model_dump(), [], "Vay 6 triệu trả trong 6 tháng thì mỗi tháng trả bao nhiêu?"
    )
    assert "mặc định" in composed.text.lower() and "lãi suất cho vay" in composed.text


def test_an_english_question_gets_the_english_answer():
    result = calculate(policy_from_rules(FUND), 30_000_000, 24)
    question = (
        "If I borrow 30 million and repay it over 24 months, how much comes out of my salary each month?"
    )
    composed = compose_calculation(result.model_dump(), [], question)
    assert composed.text.startswith("Borrowing 30,000,000 VND over 24 months")
    assert (
        "1,370,000 VND" in composed.text and "Note:" not in composed.text
    )  # 24 months are allowed above 20M


def test_questions_routed_to_the_calculator():
    q = analyse("Em vay 20 triệu để sửa nhà, trả trong 10 tháng. Tháng đầu tiên em bị trừ lương bao nhiêu?")
    assert q.intent == "loan_repayment"
    assert q.loan == {"amount": 20_000_000, "months": 10, "purpose": "sửa nhà"}
    english = analyse("If I borrow 30,000,000 VND and repay over 2 years, what is the total interest?")
    assert english.intent == "loan_repayment" and english.loan["months"] == 24
    assert analyse("Lương gross 15 triệu thì vay được tối đa bao nhiêu?").intent != "loan_repayment"
    assert analyse("Vay tiền công ty thì lãi suất bao nhiêu?").intent != "loan_repayment"


def test_other_rates_and_pauses_are_not_the_loans() -> None:
    rules = [
        rule("1. Nợ quá hạn chịu lãi suất 1%/tháng trên số tiền chậm trả.", 2),
        rule("2. Lãi suất tiền gửi Quỹ là 0,3%/tháng; lãi suất cho vay là 0,5%/tháng.", 3),
        rule("3. Trong thời gian nghỉ thai sản, người vay được tạm dừng trả nợ và không tính lãi.", 4),
        rule("Như vậy, số tiền cam kết còn lại được giảm 2%/tháng.", 5, "Điều 20. Cam kết đào tạo"),
    ]
    policy = policy_from_rules(rules)
    assert policy.rate is not None and policy.rate.line_start == 3 and policy.monthly_rate == 0.5
    assert policy.free == []  # a pause in repayment makes no purpose interest-free
    result = calculate(policy, 10_000_000, 10, "trả nợ ngân hàng")
    assert result.policy_sources["loan_rate"].line_start != 4


def test_a_purpose_of_repaying_names_no_free_loan() -> None:
    policy = policy_from_rules(FUND)
    assert calculate(policy, 10_000_000, 10, "trả lãi thẻ tín dụng").total_interest > 0


def test_terms_worded_otherwise_and_a_yearly_rate_shown_as_stated() -> None:
    rules = [
        rule("Thời hạn vay tối đa là 2 năm.", 2),
        rule("Lãi suất cho vay 6%/năm, tính trên dư nợ gốc còn lại.", 3),
    ]
    policy = policy_from_rules(rules)
    assert policy.longest_term(10_000_000)[0] == 24
    result = calculate(policy, 12_000_000, 12)
    assert "6%/năm (0,5%/tháng)" in result.steps[1].text and "6%/year (0.5% a month)" in result.steps_en[1]
    over = [rule("Thời hạn vay tối đa 12 tháng đối với khoản vay đến 20 triệu và 24 tháng đối với khoản vay "
                 "từ trên 20 triệu.", 2)]  # fmt: skip
    assert policy_from_rules(over).longest_term(30_000_000)[0] == 24


def test_questions_not_routed_to_the_calculator() -> None:
    assert analyse("Tạm ứng 10 triệu, trừ trong 2 tháng thì mỗi tháng trừ lương bao nhiêu vậy?").intent != (
        "loan_repayment"
    )
    salary_first = analyse(
        "Lương em 15 triệu, em vay 30 triệu trả trong 12 tháng thì mỗi tháng trả bao nhiêu?"
    )
    assert salary_first.loan["amount"] == 30_000_000
    asked = analyse("Em vay 20 triệu, đề nghị trả nợ trong vòng 10 tháng thì mỗi tháng trả bao nhiêu?")
    assert asked.loan == {"amount": 20_000_000, "months": 10}  # "đề nghị" is no purpose


def test_a_purposes_own_term() -> None:
    rules = [
        rule("1. Thời hạn vay tối đa là 12 tháng kể từ ngày giải ngân.", 2, "Điều 8. Thời hạn vay"),
        rule("2. Đối với khoản vay cho mục đích nhà ở và khoản vay khẩn cấp cho điều trị y tế, thời hạn vay tối đa "
             "là 24 tháng.", 3, "Điều 8. Thời hạn vay"),
    ]  # fmt: skip
    policy = policy_from_rules(rules)
    assert calculate(policy, 24_000_000, 24, "sửa chữa nhà ở").policy_sources.get("loan_term") is None
    other = calculate(policy, 24_000_000, 24, "mua xe máy")
    assert other.policy_sources["loan_term"].line_start == 2
    assert other.answer.endswith("(một số mục đích được vay lâu hơn).")
    assert other.answer_en.endswith("Note: the longest term is 12 months (longer for some purposes).")


def test_a_rule_for_every_purpose_and_a_mixed_rule() -> None:
    every = [rule("Thời hạn vay tối đa là 12 tháng, áp dụng cho mọi mục đích vay.", 2)]
    assert policy_from_rules(every).longest_term(10_000_000)[0] == 12
    mixed = [
        rule(
            "Thời hạn vay tối đa là 12 tháng; riêng khoản vay để mua, sửa chữa nhà ở thì tối đa là 24 tháng.",
            2,
        )
    ]
    policy = policy_from_rules(mixed)
    assert policy.longest_term(10_000_000, "sửa nhà")[0] == 24
    assert policy.longest_term(10_000_000, "mua xe máy")[0] == 12
    assert policy.longest_term(10_000_000)[0] == 12
    question = analyse("Em vay 20 triệu để mua xe máy trong 24 tháng thì mỗi tháng trả bao nhiêu?")
    assert question.loan["purpose"] == "mua xe máy"


def test_no_stated_rate_is_said_to_be_none_stated() -> None:
    result = calculate(policy_from_rules([]), 6_000_000, 6)
    assert result.steps[1].text.startswith("Không tài liệu nào nêu lãi suất")
