"""The company trip's support from the trip rules the documents state: the employee's amount by length of service
(a table keyed by ranges), the relatives' share of it or of the trip's cost, children under an age free, the most
relatives allowed, a reduction after long unpaid leave; each cited by its line. A question about the trip that
states the service is routed to the calculator."""

from __future__ import annotations

import pytest

from agent.compose import compose_calculation
from agent.question import analyse
from tests.tools.rule_texts import rule_text
from tools.trip_support import calculate, policy_from_rules

HEADER = "Thời gian làm việc tại Công ty | Mức hỗ trợ (đồng/người/năm)"


def rule(text: str, line: int, title: str = "Điều 3. Mức hỗ trợ"):
    return rule_text(text, ["Quy định tham quan, nghỉ mát", title], line, "nghi_mat:dieu-3")


RULES = [
    rule(f"{HEADER} … Từ đủ 06 tháng đến dưới 03 năm | 3.000.000", 5),
    rule(f"{HEADER} … Từ đủ 03 năm đến dưới 07 năm | 4.000.000", 6),
    rule(f"{HEADER} … Từ đủ 07 năm trở lên | 5.000.000", 7),
    rule("3. CBCNV nghỉ không hưởng lương cộng dồn từ 30 ngày trở lên trong 12 tháng chỉ được hưởng 50% mức hỗ "
         "trợ tại khoản 1.", 9),
    rule("1. Mỗi CBCNV được đăng ký tối đa 02 người thân đi cùng, gồm vợ hoặc chồng và con.", 12,
         "Điều 4. Người thân đi cùng"),
    rule("2. Vợ hoặc chồng và con từ đủ 05 tuổi trở lên được Công ty hỗ trợ 50% mức hỗ trợ của CBCNV đó.", 13,
         "Điều 4. Người thân đi cùng"),
    rule("3. Con dưới 05 tuổi đi cùng bố mẹ không phải đóng tiền.", 14, "Điều 4. Người thân đi cùng"),
    rule("4. Người thân khác (cha mẹ, anh chị em) phải tự đóng 100% chi phí.", 15, "Điều 4. Người thân đi cùng"),
]  # fmt: skip


def test_the_trip_rules_are_read_with_their_lines():
    policy = policy_from_rules(RULES)
    assert [(lv.key, lv.amount) for lv in policy.levels][1] == ("Từ đủ 03 năm đến dưới 07 năm", 4_000_000)
    assert (policy.share_percent, policy.share_basis, policy.free_child_age, policy.max_relatives) == (
        50,
        "support",
        5,
        2,
    )
    assert policy.share.line_start == 13 and policy.free_child.line_start == 14
    assert (policy.reduction_days, policy.reduction_percent, policy.reduction.line_start) == (30, 50, 9)


def test_the_employee_and_relatives_add_up():
    result = calculate(policy_from_rules(RULES), 96, spouse=True, children_ages=[7])
    assert (result.employee_support, result.total) == (5_000_000, 10_000_000)
    assert [r.support for r in result.relatives] == [2_500_000, 2_500_000]
    assert "10.000.000" in result.answer and "10,000,000 VND" in result.answer_en
    assert result.policy_sources["trip_support_level"].line_start == 7


def test_a_small_child_goes_free_and_a_third_relative_gets_nothing():
    result = calculate(policy_from_rules(RULES), 48, spouse=True, children_ages=[3, 9])
    assert [r.support for r in result.relatives] == [2_000_000, None, 0]
    assert result.relatives[1].goes_free and "quá 2 người thân" in result.relatives[2].note
    assert result.total == 6_000_000
    assert "chưa tính" not in result.answer  # a free child is no unknown share


def test_long_unpaid_leave_halves_the_employees_support_not_the_relatives():
    result = calculate(policy_from_rules(RULES), 24, spouse=True, unpaid_leave_days=45)
    assert result.employee_support == 1_500_000 and result.relatives[0].support == 1_500_000
    assert calculate(policy_from_rules(RULES), 24, unpaid_leave_days=20).employee_support == 3_000_000


def test_a_share_of_the_trips_cost_needs_the_cost():
    rules = [
        rule(f"{HEADER} … Từ đủ 12 tháng trở lên | 5.000.000", 3),
        rule("2. Mỗi người thân đi cùng được Công ty hỗ trợ 50% chi phí chương trình tính cho một người; 50% còn "
             "lại do NLĐ chi trả.", 8, "Điều 5. Người thân đi cùng chuyến du lịch"),
    ]  # fmt: skip
    policy = policy_from_rules(rules)
    assert policy.share_basis == "cost"
    unknown = calculate(policy, 20, spouse=True)
    assert unknown.relatives[0].support is None and "chưa tính" in unknown.answer
    assert calculate(policy, 20, spouse=True, trip_cost=6_000_000).total == 8_000_000


def test_a_service_no_row_covers_and_no_table_are_errors():
    with pytest.raises(ValueError, match="covers 3 months"):
        calculate(policy_from_rules(RULES), 3)
    with pytest.raises(ValueError, match="no document states"):
        calculate(policy_from_rules(RULES[3:]), 24)


def test_a_trip_question_stating_the_service_is_routed_to_the_calculator():
    q = analyse(
        "Anh làm ở công ty 8 năm, đi nghỉ mát cùng vợ và con trai 7 tuổi thì công ty hỗ trợ bao nhiêu?"
    )
    assert q.intent == "trip_support"
    assert q.support == {"service_months": 96, "spouse": True, "children_ages": [7]}
    english = analyse(
        "I've worked here 2 years and had 45 days of unpaid leave. How much is my summer trip support?"
    )
    assert english.intent == "trip_support"
    assert english.support == {"service_months": 24, "unpaid_leave_days": 45}
    # no service stated, or a child without an age: the rule is searched and quoted
    assert analyse("Con 3 tuổi đi nghỉ mát cùng bố mẹ thì có phải đóng tiền không?").intent != "trip_support"
    assert analyse("Làm 5 năm đi nghỉ mát cùng con thì được hỗ trợ bao nhiêu?").intent != "trip_support"


def test_the_answer_cites_each_rule_applied_in_the_questions_language():
    result = calculate(policy_from_rules(RULES), 96, spouse=True, children_ages=[3]).model_dump(mode="json")
    vi = compose_calculation(result, [], "Làm 8 năm đi nghỉ mát cùng vợ và con 3 tuổi được hỗ trợ bao nhiêu?")
    assert vi.text.startswith("Công ty hỗ trợ tổng cộng 7.500.000 đồng") and "nghi_mat:dieu-3" in vi.node_ids
    en = compose_calculation(result, [], "How much trip support with my wife and 3-year-old after 8 years?")
    assert en.text.startswith("The company's support comes to 7,500,000 VND") and "goes free" in en.text


def test_relatives_who_pay_their_way_or_a_share_the_union_pays_are_no_company_share():
    rules = [
        rule(f"{HEADER} … Từ đủ 12 tháng trở lên | 3.000.000 đồng/người/năm", 3),
        rule("NLĐ được đăng ký tối đa 02 người thân (vợ, chồng, con, bố, mẹ) đi cùng và tự chi trả theo giá tour; con"
             " dưới 06 tuổi đi cùng được Công đoàn hỗ trợ 50% giá vé tour trẻ em.", 8, "3. Người thân đi cùng"),
        rule("NLĐ không tham gia vì lý do chính đáng còn được nhận bằng tiền 70% mức hỗ trợ.", 9, "4. Không tham gia"),
    ]  # fmt: skip
    policy = policy_from_rules(rules)
    assert policy.share is None and policy.max_relatives == 2  # "còn được nhận 70%" is no relative's share
    result = calculate(policy, 24, spouse=True, children_ages=[10], trip_cost=4_000_000)
    assert result.total == 3_000_000 and "tự chi trả" in result.relatives[0].note


def test_no_support_for_the_employee_means_none_for_relatives_and_a_free_child_adds_no_cost():
    rules = [*RULES, rule(f"{HEADER} … Dưới 06 tháng | Không hỗ trợ", 4)]
    none = calculate(policy_from_rules(rules), 3, spouse=True, trip_cost=4_000_000)
    assert none.total == 0 and not none.relatives and "không được hỗ trợ" in none.answer
    free = calculate(policy_from_rules(RULES), 24, children_ages=[3], trip_cost=4_000_000)
    assert free.total == 3_000_000  # the company pays the child's trip, but it is no share of the support
    cheap = calculate(policy_from_rules(RULES), 24, trip_cost=2_000_000)
    assert cheap.employee_support == 2_000_000  # the support pays the trip, no more


def test_the_questions_words_are_read_as_written():
    cases = {
        "Tôi làm ở bộ phận kho 5 năm, đi nghỉ mát cùng vợ thì được hỗ trợ bao nhiêu?": {
            "service_months": 60,
            "spouse": True,
        },
        "Làm 2 năm 11 tháng, vợ 30 tuổi và 2 con 3 và 7 tuổi đi nghỉ mát thì hỗ trợ bao nhiêu?": {
            "service_months": 35,
            "spouse": True,
            "children_ages": [3, 7],
        },
        "I have worked here 3 years; we have two kids aged 4 and 9. How much support for the company trip?": {
            "service_months": 36,
            "children_ages": [4, 9],
        },
    }
    for question, args in cases.items():
        assert analyse(question).support == args, question
    for other in (
        "Tôi làm 5 năm, được nghỉ phép bao nhiêu ngày để đi du lịch?",  # annual leave
        "Tôi làm từ tháng 6 năm 2020, đi nghỉ mát được hỗ trợ bao nhiêu?",  # a date, not a length
        "Làm 3 năm, không tham gia nghỉ mát thì được nhận bằng tiền bao nhiêu?",  # cash instead
    ):
        assert analyse(other).intent != "trip_support", other


def test_amounts_in_millions_the_union_as_organiser_and_a_share_capped_at_the_cost():
    rules = [
        rule(f"{HEADER} … Từ đủ 12 tháng trở lên | 5 triệu đồng", 3),
        rule(f"{HEADER} … Dưới 12 tháng | (xem Điều 1)", 4),
        rule("Người thân đi cùng chuyến do Công đoàn tổ chức được Công ty hỗ trợ 50% mức hỗ trợ của NLĐ.", 8,
             "Điều 4. Người thân đi cùng"),
    ]  # fmt: skip
    policy = policy_from_rules(rules)
    assert [(lv.key, lv.amount) for lv in policy.levels] == [("Từ đủ 12 tháng trở lên", 5_000_000)]
    assert policy.share_percent == 50  # the union organises; the company pays the share
    cheap = calculate(policy, 24, spouse=True, trip_cost=2_000_000)
    assert [r.support for r in cheap.relatives] == [2_000_000] and cheap.total == 4_000_000


def test_business_trips_in_laws_and_uncounted_relatives_are_not_routed():
    for question in (
        "Đi công tác tham quan học tập ở Nhật 5 ngày, tôi làm 4 năm, được hỗ trợ bao nhiêu tiền?",
        "Tôi làm 5 năm, đi nghỉ mát cùng bố mẹ vợ thì hỗ trợ bao nhiêu?",
        "Tôi làm 5 năm, đi nghỉ mát cùng em gái thì hỗ trợ bao nhiêu?",
        "Làm 3 năm, đi nghỉ mát với hai con 5 tuổi thì hỗ trợ bao nhiêu?",  # two children, one age
        "lam 3 nam di nghi mat cung vo thi ho tro bao nhieu",  # "vo" without accents: not guessed
        "Tôi làm 3 năm, nghỉ không lương 2 tháng, đi nghỉ mát được hỗ trợ bao nhiêu?",
        "I've worked here 3 years. If I can't go on the company trip, how much support do I get?",
    ):
        assert analyse(question).intent != "trip_support", question
    two = analyse("Làm 3 năm, đi nghỉ mát với 2 con 3 tuổi và 6 tuổi thì hỗ trợ bao nhiêu?")
    assert two.support["children_ages"] == [3, 6]
    priced = analyse(
        "Tôi làm 5 năm, chuyến nghỉ mát giá 5 triệu/người, đi cùng vợ thì công ty hỗ trợ bao nhiêu?"
    )
    assert priced.support == {"service_months": 60, "spouse": True, "trip_cost": 5_000_000}


def test_an_award_the_asker_names_adds_its_amount_and_one_not_named_is_said():
    rules = [
        *RULES,
        rule("2. CBCNV được công nhận danh hiệu Chiến sĩ thi đua cơ sở của năm liền trước được hỗ trợ thêm "
             "1.000.000 đồng.", 8),
    ]  # fmt: skip
    policy = policy_from_rules(rules)
    assert [(b.award, b.amount) for b in policy.bonuses] == [("chien si thi dua co so", 1_000_000)]
    named = calculate(policy, 96, employee_words="Tôi là chiến sĩ thi đua năm ngoái, làm 8 năm")
    assert named.employee_support == 6_000_000 and named.policy_sources["trip_bonus_1"].line_start == 8
    assert any(s.rule.startswith("trip_bonus_1 ") for s in named.steps)
    plain = calculate(policy, 96, employee_words="Làm 8 năm, người lao động đi nghỉ mát")
    assert (
        plain.employee_support == 5_000_000 and "1.000.000" in plain.answer and "Nếu bạn có" in plain.answer
    )
