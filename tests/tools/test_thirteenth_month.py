"""A 13th-month (Tết) bonus for part of a year: the months worked from the day of joining (the month of joining as a
rule counts it, or only from the 1st by default), probation counted where a rule says, a minimum of months, and
the rating's coefficient from the documents' table; and the questions that ask for it."""

from __future__ import annotations

import datetime as dt

import pytest

from agent.question import analyse
from tests.tools.rule_texts import rule_text
from tools.thirteenth_month import calculate, thirteenth_month_policy_from_rules

TITLE = ["Quy chế lương thưởng", "III. Thưởng", "Mục 5. Thưởng Tết (tháng lương thứ 13)"]


def rule(text: str, line: int):
    return rule_text(text, TITLE, line, "luong:muc-5")


RULES = [
    rule(
        "1. Thưởng Tết = tiền lương tháng tại thời điểm 31/12 × (số tháng làm việc trong năm dương lịch : 12) × hệ "
        "số xếp loại.",
        73,
    ),
    rule("Xếp loại năm | Hệ số … Loại A (Hoàn thành xuất sắc) | 1,2", 77),
    rule("Xếp loại năm | Hệ số … Loại B (Hoàn thành tốt) | 1,0", 78),
    rule(
        "2. Thời gian thử việc được tính là thời gian làm việc; NLĐ phải có từ đủ 03 tháng làm việc trong năm. Tháng "
        "vào làm từ ngày 15 trở về trước được tính là một tháng.",
        82,
    ),
]


def test_the_parameters_are_read_each_with_its_span():
    policy = thirteenth_month_policy_from_rules(RULES)
    assert policy.pro_rata.line_start == 73 and policy.cutoff_day == 15 and policy.minimum_months == 3
    assert policy.coefficients == {"A": 1.2, "B": 1.0} and policy.coefficient_source["A"].line_start == 77
    assert policy.probation_counts.line_start == 82


def test_months_from_the_day_of_joining_times_the_wage_and_the_rating():
    policy = thirteenth_month_policy_from_rules(RULES)
    result = calculate(policy, dt.date(2026, 6, 10), 2026, 15_000_000, "B")
    assert (result.months, result.amount) == (7, 8_750_000)  # joined by the 15th: June counts
    assert "8.750.000 đồng" in result.answer and "8,750,000 VND" in result.answer_en
    assert result.policy_sources["joining_month"].line_start == 82
    late = calculate(policy, dt.date(2026, 6, 20), 2026, 15_000_000, "A")
    assert (late.months, late.amount) == (6, 9_000_000)  # 15.000.000 × 6/12 × 1,2
    assert (
        calculate(policy, dt.date(2026, 10, 20), 2026, 15_000_000).amount == 0
    )  # 2 months: under the minimum
    assert calculate(policy, dt.date(2024, 3, 1), 2026, 15_000_000, "B").months == 12
    with pytest.raises(LookupError, match="rating C"):
        calculate(policy, dt.date(2026, 6, 10), 2026, 15_000_000, "C")


def test_without_a_rule_on_the_month_of_joining_only_full_months_count_named_as_the_default():
    pro_rata = [
        rule_text(
            "1. NLĐ được thưởng tháng lương thứ 13 bằng 01 tháng tiền lương theo HĐLĐ; làm việc chưa đủ 12 tháng thì "
            "tính theo tỷ lệ số tháng làm việc trong năm, kể cả thời gian thử việc.",
            ["Quy chế lương", "Điều 13. Thưởng tháng lương thứ 13"],
            123,
            "luong:dieu-13",
        )
    ]
    policy = thirteenth_month_policy_from_rules(pro_rata)
    first = calculate(policy, dt.date(2026, 5, 1), 2026)
    assert first.months == 8 and first.amount is None and "8/12" in first.answer_en
    mid = calculate(policy, dt.date(2026, 6, 10), 2026)
    assert mid.months == 6 and mid.policy_sources["joining_month"].source == "default"
    with pytest.raises(LookupError):  # no pro-rata rule stated: nothing computed
        calculate(thirteenth_month_policy_from_rules([]), dt.date(2026, 5, 1), 2026)


@pytest.mark.parametrize(
    ("question", "args"),
    [
        (
            "Lương em 15 triệu, em vào làm ngày 10/6/2026, cuối năm xếp loại B. Thưởng Tết năm nay của em khoảng bao "
            "nhiêu?",
            {"start": "10/6/2026", "monthly_wage": "15000000", "rating": "B"},
        ),
        (
            "I started on 1 May 2026. Do I get a 13th month bonus this year, and how much would it be?",
            {"start": "1 may 2026"},
        ),
    ],
)
def test_the_question_gives_the_day_of_joining(question, args):
    q = analyse(question)
    assert (q.intent, q.bonus) == ("thirteenth_month", args)
    assert analyse("How is the Tet bonus calculated?").intent != "thirteenth_month"  # no day of joining
