"""So many days of a month's wage at the divisor a document states for a day's pay: the divisor read with its span,
an hourly wage's formula left to the overtime calculators, and the salary and days questions state."""

from __future__ import annotations

import pytest

from agent.unit_counts import day_pay_args
from tests.tools.rule_texts import rule_text
from tools.daily_pay import calculate, stated_divisors

PAYOUT = rule_text(
    "3. Tiền lương làm căn cứ thanh toán tại điểm c khoản 2 Điều này là tiền lương theo HĐLĐ của tháng trước liền "
    "kề tháng NLĐ thôi việc, chia cho 26 ngày, nhân với số ngày phép chưa nghỉ.",
    ["Quy chế phép năm", "Điều 12. Thanh toán phép chưa nghỉ"],
    88,
    "phep_nam:dieu-12",
)
HOURLY = rule_text(
    "Tiền lương giờ = tiền lương tháng theo HĐLĐ chia cho 26 ngày, chia cho 08 giờ.",
    ["Quy chế lương", "Mục I. Tiền lương giờ"],
    14,
    "luong:muc-i",
)
HOURLY_SIGNS = rule_text("Hourly wage = monthly wage ÷ 24 ÷ 8.", ["Pay", "Overtime"], 20, "pay:overtime")


def test_days_of_the_wage_at_the_stated_divisor_cited_by_its_span():
    (divisor,) = stated_divisors([PAYOUT])
    result = calculate(7_800_000, 4, divisor)
    assert (result.divisor, result.daily, result.total) == (26, 300_000, 1_200_000)
    assert result.answer == "Số tiền là 1.200.000 đồng (7.800.000 đồng ÷ 26 × 4 ngày)."
    assert result.answer_en == "The amount is 1,200,000 VND (7,800,000 VND ÷ 26 × 4 days)."
    source = result.policy_sources["daily_divisor"]
    assert (source.node_id, source.line_start, source.line_end) == ("phep_nam:dieu-12", 88, 88)
    assert result.policy_sources["monthly_wage"].source == "question"
    assert "nhân với số ngày phép chưa nghỉ" in result.steps[0].text  # the rule's whole sentence is quoted


def test_an_uneven_day_is_rounded_only_in_the_total():
    (divisor,) = stated_divisors([PAYOUT])
    result = calculate(9_600_000, 5, divisor)
    assert result.total == 1_846_154  # 9.600.000 × 5 / 26, not 369.231 × 5
    assert result.daily == 369_231


@pytest.mark.parametrize("rule", [HOURLY, HOURLY_SIGNS])
def test_an_hourly_wage_formula_is_no_days_pay(rule):
    assert stated_divisors([rule]) == []


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "Leaving at the end of this month with 4 days of annual leave I never got to take. My contract salary "
            "last month was 7.8 mil. How much will they pay me for those days?",
            {"monthly_wage": "7800000", "days": 4.0},
        ),
        (
            "Lương tháng của tôi 9.600.000 đồng, khi nghỉ việc còn 5 ngày phép chưa nghỉ thì được trả bao nhiêu tiền?",
            {"monthly_wage": "9600000", "days": 5.0},
        ),
        (
            "luong 10 trieu, em nghi khong luong 2 ngay thi bi tru bao nhieu tien?",
            {"monthly_wage": "10000000", "days": 2.0},
        ),
        ("Lương 13 triệu, làm thêm 8 tiếng ngày Chủ nhật thì được bao nhiêu tiền?", None),  # overtime's
        ("Salary 12 million, 3-day work trip to Hanoi: how much per diem?", None),  # a trip's days
        ("How much do I get for 4 days of unused leave?", None),  # no salary stated
        (
            "I'll finish the year with 8 unused leave days. Salary 9,600,000. How much for the days I can't carry over?",
            None,
        ),  # the days paid are those a carry-over rule leaves, not the 8 stated
        (
            "Salary 9 million. I have 4 days of leave left and 2 days of sick leave: how much?",
            None,
        ),  # two counts
    ],
)
def test_the_salary_and_days_a_question_asks_the_pay_of(question, expected):
    assert day_pay_args(question) == expected
