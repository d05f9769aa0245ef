"""Unused leave at the year's end: the cap, the deadline and the rule on the rest read from the documents
(Vietnamese and English, an amendment winning), the split, the question that asks for it, and bad input."""

from __future__ import annotations

import datetime as dt

import pytest

from agent.question import analyse
from tests.tools.rule_texts import rule_text
from tools.carry_over import calculate
from tools.leave_policy import policy_from_rules

VI_PATH = ["Điều 11. Chuyển ngày phép và thanh toán ngày phép chưa nghỉ"]
VI = [
    rule_text(
        "1. Ngày phép năm chưa nghỉ hết đến ngày 31/12 được chuyển sang năm sau tối đa 06 ngày và phải sử dụng "
        "hết trước ngày 31/3 năm sau.",
        VI_PATH,
        3,
        "quy_che:dieu-11",
    ),
    rule_text(
        "a) Số ngày phép năm chưa nghỉ vượt quá 06 ngày tại thời điểm 31/12: thanh toán 100% tiền lương theo "
        "HĐLĐ, chi trả cùng kỳ lương tháng 01 năm sau;",
        VI_PATH,
        6,
        "quy_che:dieu-11",
    ),
]
EN_PATH = ["4. Leave", "4.6 Carry-over and payment of unused leave"]
EN = [
    rule_text(
        "• Up to 5 unused days may be carried over to the next year. Carried-over days must be used by 31 March.",
        EN_PATH,
        9,
        "handbook:4-6",
    ),
    rule_text(
        "• Unused days above the 5-day limit at 31 December are paid in the February payroll.",
        EN_PATH,
        10,
        "handbook:4-6",
    ),
]


def test_the_cap_the_deadline_and_the_rule_on_the_rest_are_read_and_cited():
    for rules, cap, excess_line in ((VI, 6, 6), (EN, 5, 10)):
        policy = policy_from_rules(rules)
        assert policy.carryover_max_days == cap and policy.carryover_until == (3, 31)
        assert policy.sources["carryover_max_days"].line_start == rules[0].line_start
        assert policy.sources["carryover_excess"].line_start == excess_line


def test_an_amendment_wins_over_the_clause_it_amends():
    rules = [
        rule_text(
            "8.1. Số ngày phép chưa sử dụng hết trong năm được chuyển sang năm sau tối đa 05 ngày và phải sử dụng "
            "trước ngày 31/3 của năm sau.",
            ["Mục 8"],
            4,
            "phep:muc-8",
        ),
        rule_text(
            '9.1. Sửa đổi khoản 8.1 như sau: "Số ngày phép chưa sử dụng hết trong năm được chuyển sang năm sau '
            'tối đa 06 ngày và phải sử dụng trước ngày 30/6 của năm sau."',
            ["Mục 9. Sửa đổi, bổ sung"],
            12,
            "phep:muc-9",
        ),
    ]
    policy = policy_from_rules(rules)
    assert policy.carryover_max_days == 6 and policy.carryover_until == (6, 30)
    assert policy.sources["carryover_max_days"].node_id == "phep:muc-9"


def test_days_above_the_cap_are_split_off_and_the_rule_on_them_quoted():
    vi = calculate(policy_from_rules(VI), 10, 2025)
    assert (vi.carried_days, vi.remaining_days, vi.use_by) == (6, 4, dt.date(2026, 3, 31))
    assert "chuyển 6 ngày phép sang năm 2026" in vi.answer and "4 ngày còn lại" in vi.answer
    assert "chi trả cùng kỳ lương tháng 01 năm sau" in vi.answer  # the rule, quoted
    assert vi.policy_sources["carryover_excess"].line_start == 6
    en = calculate(policy_from_rules(EN), 9, 2026)
    assert (en.carried_days, en.remaining_days) == (5, 4)
    assert en.answer_en.startswith("5 days of your leave carry over to 2027, to be used by 31/03/2027.")
    assert "February payroll" in en.answer_en and not en.answer_en.count("• ")
    under = calculate(policy_from_rules(EN), 3, 2026)
    assert under.remaining_days == 0 and "carryover_excess" not in under.policy_sources


def test_without_a_stated_cap_every_day_moves_and_the_cap_is_named_a_default():
    result = calculate(policy_from_rules([]), 8.5, 2026)
    assert result.carried_days == 8.5 and result.remaining_days == 0
    assert result.policy_sources["carryover_max_days"].source == "default"


def test_without_a_rule_on_the_rest_the_answer_says_so():
    only_cap = calculate(policy_from_rules(VI[:1]), 9, 2026)
    assert only_cap.remaining_days == 3 and "tài liệu không nói" in only_cap.answer
    assert "the documents do not say" in only_cap.answer_en


@pytest.mark.parametrize("days", [0, -2, 400, 2.3])
def test_impossible_day_counts_are_refused_with_a_clear_message(days):
    with pytest.raises(ValueError, match="unused_days"):
        calculate(policy_from_rules(VI), days, 2026)


def test_the_question_states_the_unused_days_and_asks_what_carries_over():
    vi = analyse(
        "Tính đến 31/12/2026 tôi còn 9 ngày phép chưa nghỉ. Bao nhiêu ngày được chuyển sang năm 2027, số còn "
        "lại xử lý thế nào?"
    )
    assert vi.intent == "carry_over" and vi.carry == {"unused_days": 9.0, "year": 2026}
    assert analyse(
        "Hết năm 2025 em còn 10 ngày phép chưa dùng, được chuyển sang năm sau mấy ngày?"
    ).carry == {
        "unused_days": 10.0,
        "year": 2025,
    }
    en = analyse("I have 8 unused days at the end of the year. How many can I carry over?")
    assert en.intent == "carry_over" and en.carry == {"unused_days": 8.0}
    # the rule itself, with no count of days: searched and quoted, not computed
    assert (
        analyse("Phép năm chưa nghỉ hết được chuyển sang năm sau tối đa bao nhiêu ngày?").intent
        != "carry_over"
    )


@pytest.mark.parametrize(
    "question",
    [
        "Tôi có 12 ngày phép năm, đã nghỉ 5 ngày còn lại bao nhiêu?",
        "Tôi còn 2 ngày phép, có được nghỉ thứ 6 không? Còn lại bao nhiêu?",
        "Tôi còn 5 ngày phép. Nghỉ ốm 3 ngày được thanh toán thế nào?",
        "Tôi có 12 ngày phép chưa nghỉ, nghỉ việc thì có được trả tiền không?",  # paid out, not carried
        "My contract has 30 days remaining, what about the rest?",
        "Probation 60 days remaining, do I lose anything?",
        "Tôi vào làm ngày 01/03/2025, còn 2 ngày phép năm 2025 chưa nghỉ, chuyển sang năm sau được không?",
    ],
)
def test_balances_payouts_and_other_remaining_days_are_not_carry_over_questions(question):
    assert analyse(question).intent != "carry_over"


def test_a_day_count_is_read_whole():
    assert analyse("I have 7,5 unused days, can I carry them over?").carry == {"unused_days": 7.5}
    assert (
        analyse("còn 10,75 ngày phép chưa nghỉ thì chuyển sang năm sau được bao nhiêu?").intent
        != "carry_over"
    )


def test_the_rule_on_the_rest_must_be_about_unused_leave():
    sick = rule_text(
        "Người lao động nghỉ ốm vượt quá 06 ngày phải nộp giấy ra viện.",
        ["Điều 3. Nghỉ ốm"],
        1,
        "quy_che:dieu-3",
    )
    policy = policy_from_rules([sick, VI[0]])
    assert "carryover_excess" not in policy.sources
    assert "tài liệu không nói" in calculate(policy, 9, 2026).answer


def test_an_unrelated_replacement_is_no_amendment_and_a_replacing_amendment_gives_the_new_figure():
    tet = rule_text(
        "Thưởng Tết được chi trả trước ngày 20/1 năm sau; Quy chế này thay thế Quy chế số 01/2020.",
        ["Điều 9. Thưởng Tết"],
        2,
        "quy_che:dieu-9",
    )
    assert policy_from_rules([*VI, tet]).carryover_until == (3, 31)
    swap = rule_text(
        "Sửa đổi khoản 1 Điều 11: thay cụm từ “chuyển sang năm sau tối đa 06 ngày” bằng cụm từ “chuyển sang "
        "năm sau tối đa 08 ngày”.",
        ["Điều 15. Sửa đổi, bổ sung"],
        30,
        "quy_che:dieu-15",
    )
    assert policy_from_rules([*VI, swap]).carryover_max_days == 8


def test_no_year_means_the_year_just_ended_until_its_deadline_and_29_february_is_kept_in_the_month():
    from tools.carry_over import default_year

    policy = policy_from_rules(VI)
    assert default_year(policy, dt.date(2027, 1, 15)) == 2026
    assert default_year(policy, dt.date(2026, 11, 23)) == 2026
    leap = policy.model_copy(update={"carryover_until": (2, 29)})
    assert calculate(leap, 3, 2026).use_by == dt.date(2027, 2, 28)
    one = calculate(policy_from_rules(EN), 1, 2026)
    assert one.answer_en.startswith("1 day of your leave carries over to 2027")
