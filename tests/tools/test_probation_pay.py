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


def handbook(text: str, line: int, section: str = "Your first weeks (trial period)"):
    return rule_text(text, ["People handbook", section], line, "handbook:first-weeks")


def test_a_list_of_groups_with_labelled_length_and_pay_gives_one_row_each():
    policy = probation_policy_from_rules(
        [
            handbook("How long your trial lasts and what you are paid depends on your level:", 3),
            handbook("• L1 – Store Associate • Length: 6 working days • Pay: 100% of the job's salary", 4),
            handbook("• **L4 – Store Manager** • Length: 60 days • Pay: 95% of the job's salary", 5),
            handbook("• Mang theo CCCD • Nộp trong 5 ngày", 6, "Hồ sơ nhận việc"),  # not a probation section
        ]
    )
    assert [(r.text, r.amount, r.unit, r.pay_percent) for r in policy.rows] == [
        ("L1 – Store Associate", 6, "working_days", 100),
        ("L4 – Store Manager", 60, "days", 95),
    ]
    assert calculate(policy, 20_000_000, "store manager").probation_wage == 19_000_000
    assert policy.rows[1].source.line_start == 5


def test_a_vietnamese_list_item_reads_its_labels_too():
    rows = probation_policy_from_rules(
        [
            rule("• Nhóm 2 – Kỹ thuật viên • Thời gian: 30 ngày • Lương: 90% lương công việc", 4),
            rule("• Nhóm 3 – Kỹ sư • Thời gian thử việc: 02 tháng • Mức lương: 92%", 5),
        ]
    ).rows
    assert [(r.text, r.amount, r.unit, r.pay_percent) for r in rows] == [
        ("Nhóm 2 – Kỹ thuật viên", 30, "days", 90),
        ("Nhóm 3 – Kỹ sư", 2, "months", 92),
    ]


def test_a_limit_on_leave_taken_during_probation_is_no_probation_length():
    policy = probation_policy_from_rules(
        [
            rule(
                "c) NLĐ đang thử việc chỉ được nghỉ không hưởng lương tối đa 03 ngày trong thời gian thử việc.",
                3,
            )
        ]
    )
    assert policy.rows == []


def test_how_days_count_is_read_in_the_probation_section_not_in_another():
    elsewhere = rule_text(
        "PTO: Paid time off, counted in working days.", ["Handbook", "Words we use"], 2, "handbook:words"
    )
    assert probation_policy_from_rules([elsewhere]).counting is None
    here = handbook("Days are calendar days, and your first day at work is day 1.", 7)
    counting = probation_policy_from_rules([elsewhere, here]).counting
    assert counting is not None and counting.line_start == 7


@pytest.mark.parametrize(
    "text",
    [
        "Thời gian thử việc (không kể ngày nghỉ lễ, Tết) không quá 60 ngày.",
        "Thời gian thử việc do Trưởng bộ phận đề nghị, không quá 60 ngày.",
        "Thời gian thử việc theo Nghị định 145/2020/NĐ-CP không quá 60 ngày.",
        "Probation, excluding any leave taken, lasts up to 60 days.",
    ],
)
def test_a_probation_length_is_read_whatever_else_its_sentence_names(text):
    assert [r.amount for r in probation_policy_from_rules([rule(text, 3)]).rows] == [60]


def test_a_nested_list_in_a_probation_section_names_a_group_only_by_a_code_or_group_word():
    items = [rule("• Đánh giá giữa kỳ • Thời hạn: 15 ngày", 3), rule("• Hà Nội • Probation: 60 days", 4)]
    assert probation_policy_from_rules(items).rows == []
    other = rule_text("Số ngày nghỉ phép năm tính theo ngày làm việc.", ["Quy chế", "Thử việc"], 5, "q:tv")
    assert probation_policy_from_rules([other]).counting is None


def test_the_pay_of_each_lettered_point_applies_to_the_group_of_that_point():
    rules = [
        rule("1. Thời gian thử việc được thỏa thuận một lần cho một công việc và không quá:", 10),
        rule("a) 150 ngày đối với người quản lý doanh nghiệp: Tổng Quản lý, Giám đốc Tài chính;", 11),
        rule("b) 60 ngày đối với chức danh cần trình độ cao đẳng trở lên (lễ tân, kế toán);", 12),
        rule("c) 30 ngày đối với chức danh cần trình độ trung cấp: đầu bếp, kỹ thuật viên spa;", 13),
        rule("d) 06 ngày làm việc đối với các công việc khác: nhân viên buồng phòng, bảo vệ.", 14),
        rule(
            "3. Tiền lương thử việc bằng 85% mức lương của công việc đối với chức danh tại điểm a, b; 90% đối với "
            "điểm c và 100% đối với điểm d khoản 1.",
            16,
        ),
    ]
    policy = probation_policy_from_rules(rules)
    assert [r.pay_percent for r in policy.rows] == [85, 85, 90, 100]
    result = calculate(policy, 9_000_000, "Tôi làm kỹ thuật viên spa, lương 9.000.000 đồng")
    assert (result.percent, result.probation_wage) == (90, 8_100_000)
    assert result.policy_sources["probation_pay"].line_start == 16  # the pay sentence, not the length's point
    assert calculate(policy, 9_000_000, "nhân viên buồng phòng").percent == 100


def test_point_shares_in_either_order_a_bracketed_exception_and_an_unknown_group():
    from tools.probation_policy import point_pay

    assert point_pay("các điểm a, b khoản 1 hưởng 85%; điểm c hưởng 90%; điểm d hưởng 100%") == {
        "a": 85,
        "b": 85,
        "c": 90,
        "d": 100,
    }
    assert point_pay("90% đối với điểm c, d và 100% đối với điểm đ") == {"c": 90, "d": 90, "đ": 100}
    assert point_pay("bằng 85% mức lương (trường hợp tại điểm b khoản 2 hưởng 100%)") == {}
    assert point_pay("lương thử việc 90% theo điểm đánh giá") == {}
    rules = [
        rule("a) 60 ngày đối với chức danh cần trình độ cao đẳng trở lên: kế toán;", 11),
        rule("b) 06 ngày làm việc đối với các công việc khác: bảo vệ.", 12),
        rule("3. Tiền lương thử việc bằng 85% đối với điểm a và 100% đối với điểm b khoản 1.", 14),
    ]
    with pytest.raises(LookupError, match="staff group"):  # the 85% is point a's, not everyone's
        calculate(probation_policy_from_rules(rules), 9_000_000, "lương 9 triệu")


def test_items_naming_the_group_before_its_length_and_points_joined_by_và_điểm():
    """ "b) Giáo viên Việt Nam, …: 60 ngày;" names its group first; "tại điểm c và điểm d khoản 1 hưởng 95%" pays
    both points, and a later sentence's "100% đơn giá" pays no point."""
    rules = [
        rule("1. Thời gian thử việc theo từng vị trí:", 88),
        rule("a) Hiệu trưởng, Phó Hiệu trưởng, Kế toán trưởng: 120 ngày;", 89),
        rule("b) Giáo viên Việt Nam, chuyên viên Khối văn phòng (trình độ cao đẳng trở lên): 60 ngày;", 90),
        rule("c) Trợ giảng, nhân viên y tế học đường, lái xe đưa đón: 30 ngày;", 91),
        rule("d) Bảo vệ, nhân viên bếp ăn, nhân viên tạp vụ: 06 ngày làm việc.", 92),
        rule(
            "4. Tiền lương thử việc bằng 90% mức lương của công việc; riêng các vị trí tại điểm c và điểm d khoản 1 "
            "hưởng 95%. Tiết dạy vượt định mức trong thời gian thử việc được trả 100% đơn giá.",
            95,
        ),
    ]
    policy = probation_policy_from_rules(rules)
    assert [(r.amount, r.unit, r.point) for r in policy.rows] == [
        (120, "days", "a"),
        (60, "days", "b"),
        (30, "days", "c"),
        (6, "working_days", "d"),
    ]
    assert policy.rows[1].text == "Giáo viên Việt Nam, chuyên viên Khối văn phòng (trình độ cao đẳng trở lên)"
    assert [r.pay_percent for r in policy.rows] == [None, None, 95, 95]
    assert calculate(policy, 9_000_000, "Trợ giảng, lương 9 triệu").probation_wage == 8_550_000
    assert (
        calculate(policy, 9_000_000, "giáo viên người Việt").percent == 90
    )  # the sentence's rule for the rest
