"""Probation pay: the group's share from a probation table's pay column, a rule for everyone, or the law's 85%."""

from __future__ import annotations

import pytest

from agent.question import analyse
from indexes.staff_groups import row_of
from tests.tools.rule_texts import rule_text
from tools.probation_pay import calculate
from tools.probation_policy import probation_policy_from_rules

HEADER = "Nhóm công việc | Ví dụ vị trí | Thời gian thử việc tối đa | Lương thử việc"


def rule(text: str, line: int):
    return rule_text(text, ["Quy chế", "Điều 4. Thời gian thử việc"], line, "quy_che:dieu-4")


TABLE = [
    rule(f"{HEADER} … Không đòi hỏi chuyên môn | Công nhân may, tạp vụ | 06 ngày làm việc | 100% lương", 5),
    rule(f"{HEADER} … Trung cấp | Thợ cơ điện, nhân viên KCS | 30 ngày | 90% lương", 6),
    rule(f"{HEADER} … Cao đẳng trở lên | Kế toán, kỹ sư, merchandiser | 60 ngày | 92% lương", 7),
]


def test_the_groups_pay_column_is_read_and_the_employees_row_applies():
    policy = probation_policy_from_rules(TABLE)
    assert [r.pay_percent for r in policy.rows] == [100, 90, 92]
    result = calculate(policy, 10_000_000, "My offer as a merchandiser is 10,000,000 VND")
    assert (result.percent, result.probation_wage) == (92, 9_200_000)
    assert result.policy_sources["probation_pay"].line_start == 7
    assert "9,200,000 VND" in result.answer_en and "9.200.000 đồng" in result.answer
    with pytest.raises(LookupError, match="staff group"):
        calculate(policy, 10_000_000, "Lương chính thức 10 triệu")


def test_a_rule_for_everyone_and_the_laws_floor_as_a_default():
    policy = probation_policy_from_rules(
        [rule("2. Tiền lương trong thời gian thử việc bằng 85% mức lương của công việc đó.", 3)]
    )
    assert calculate(policy, 12_000_000, None).probation_wage == 10_200_000
    default = calculate(probation_policy_from_rules([]), 12_000_000, None)
    assert default.percent == 85 and default.policy_sources["probation_pay"].source == "default"


def test_a_word_longer_than_any_syllable_names_its_row_but_a_shared_syllable_does_not():
    rows = probation_policy_from_rules(TABLE).rows
    assert row_of(rows, "merchandiser") is rows[2]
    assert row_of(rows, "thợ hàn") is None  # "thợ" alone is one shared syllable


def test_the_question_asks_what_probation_pays_for_a_wage():
    q = analyse("Lương chính thức của tôi là 12 triệu, thử việc được nhận bao nhiêu?")
    assert (q.intent, q.probation_pay) == ("probation_pay", {"monthly_wage": "12000000"})
    assert analyse("Thử việc được hưởng bao nhiêu phần trăm lương?").intent != "probation_pay"
