"""Overtime pay: the rates, night window and hourly divisor read from the documents (tables, sentences, list
items), the arithmetic, and the question's wage, hours and kind of day."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.tools.rule_texts import rule_text
from tools.overtime_inputs import parse_days, parse_inputs, parse_money, parse_span
from tools.overtime_pay import calculate, calculate_days, for_employee, policy_from_rules, split_hours

HEADER = "Thời điểm làm thêm | Làm thêm ban ngày | Làm thêm ban đêm (22:00 – 06:00)"


def rule(text: str, context: str = "Điều 6. Tiền lương làm thêm giờ", line: int = 3):
    return rule_text(text, [context], line, "quy_che:dieu-6")


TABLE = [
    rule(
        "1. Tiền lương giờ làm căn cứ tính trả lương làm thêm giờ bằng tiền lương theo HĐLĐ của tháng chia "
        "cho 26 ngày, chia cho 08 giờ.",
        line=2,
    ),
    rule(f"{HEADER} … Ngày thường | 160% | 220%", line=6),
    rule(f"{HEADER} … Ngày nghỉ hằng tuần (Chủ nhật) | 200% | 270%", line=7),
    rule(f"{HEADER} … Ngày lễ, tết, ngày nghỉ có hưởng lương | 300% | 390%", line=8),
]


def test_a_rate_table_and_divisor_are_read_and_cited_by_their_lines():
    policy = policy_from_rules(TABLE)
    assert policy.day_rates == {"ordinary": 160, "weekly_rest": 200, "holiday": 300}
    assert policy.night_rates == {"ordinary": 220, "weekly_rest": 270, "holiday": 390}
    assert (policy.days_per_month, policy.hours_per_day, policy.night_window) == (26, 8, (22, 6))
    assert policy.sources["day:ordinary"].line_start == 6 and policy.sources["divisor"].line_start == 2
    assert policy.sources["night_window"].source == "corpus"


def test_list_items_and_a_division_sign_are_read_too():
    policy = policy_from_rules(
        [
            rule("a) 150% vào ngày làm việc bình thường;", "Điều 4. Làm thêm giờ"),
            rule("b) 200% vào ngày nghỉ hằng tuần;", "Điều 4. Làm thêm giờ"),
            rule("c) 300% vào ngày nghỉ lễ, tết, ngày nghỉ có hưởng lương.", "Điều 4. Làm thêm giờ"),
            rule(
                "**Đơn giá giờ công** = lương tháng theo hợp đồng ÷ 22 ÷ 08.", "B.2. Tiền lương làm thêm giờ"
            ),
        ]
    )
    assert policy.day_rates == {"ordinary": 150, "weekly_rest": 200, "holiday": 300}
    assert (policy.days_per_month, policy.hours_per_day) == (22, 8)
    assert "night:ordinary" not in policy.sources  # not stated: the law's rule, reported as a default
    assert policy.night_rate("ordinary") == 210


def test_a_divisor_stated_per_staff_group_is_the_named_group_s():
    stated = rule(
        "1. Đơn giá tiền lương giờ = tiền lương theo HĐLĐ : số ngày làm việc bình thường của tháng (26 ngày đối "
        "với Khối vận hành; 22 ngày đối với Khối văn phòng) : 08 giờ.",
        "Điều 6. Tiền lương làm thêm giờ",
    )
    policy = policy_from_rules([stated, *TABLE[1:]])
    assert policy.days_by_group == [(26, "khoi van hanh"), (22, "khoi van phong")]
    assert policy.hours_per_day == 8 and "22 ngày (khoi van phong)" in policy.sources["divisor"].note
    office = for_employee(policy, "I'm in accounts (office) văn phòng khối văn phòng")
    assert office.days_per_month == 22
    result = calculate(office, 8_800_000, "holiday", hours=3)
    assert result.amount == 450_000
    assert for_employee(policy, "lễ tân khối vận hành").days_per_month == 26
    assert for_employee(policy, "I work here").days_per_month == 26  # no group named: the first stated
    both = for_employee(policy, "văn phòng and vận hành")
    assert both.days_per_month == 26  # two groups named: not chosen


def test_rates_outside_overtime_sections_are_not_read():
    policy = policy_from_rules(
        [rule("Phòng đôi bằng 150% mức phòng đơn vào ngày thường.", "IV. Tiền thuê phòng")]
    )
    assert policy.sources == {}


def test_the_pay_for_a_span_split_at_the_night_window():
    policy = policy_from_rules(TABLE)
    result = calculate(policy, 7_800_000, "ordinary", start=dt.time(17), end=dt.time(19))
    assert result.amount == 120_000  # 7.800.000 / 26 / 8 = 37.500 × 2 × 160%
    assert "120.000 đồng" in result.answer and "120,000 VND" in result.answer_en
    late = calculate(policy, 10_400_000, "weekly_rest", start=dt.time(20), end=dt.time(23))
    assert (late.day_hours, late.night_hours) == (2, 1)
    assert late.amount == 50_000 * 2 * 2 + 50_000 * 1 * 270 // 100
    assert set(late.policy_sources) == {"divisor", "day:weekly_rest", "night:weekly_rest", "night_window"}


def test_a_default_rate_is_named_as_a_default():
    result = calculate(policy_from_rules([]), 10_400_000, "holiday", hours=2)
    assert result.amount == 300_000 and result.policy_sources["day:holiday"].source == "default"
    assert "mặc định" in result.steps[1].rule


def test_bad_inputs_are_refused_with_a_reason():
    policy = policy_from_rules(TABLE)
    with pytest.raises(ValueError, match="hours"):
        calculate(policy, 7_800_000, "ordinary")
    with pytest.raises(ValueError, match="wage"):
        calculate(policy, 0, "ordinary", hours=2)


def test_night_hours_across_midnight():
    assert split_hours(dt.time(21), dt.time(1), (22, 6)) == (1, 3)
    assert split_hours(dt.time(5), dt.time(8), (22, 6)) == (2, 1)


def test_the_question_states_wage_hours_and_day():
    q = parse_inputs(
        "Lương HĐLĐ của tôi 7.800.000 đồng/tháng, tối thứ Hai tôi tăng ca từ 17h đến 19h. Được bao nhiêu?"
    )
    assert (q.monthly_wage, q.start, q.end, q.day_kind) == (7_800_000, dt.time(17), dt.time(19), "ordinary")
    q = parse_inputs("Lương 9,6 triệu, làm thêm 3 tiếng ban đêm ngày lễ 30/4 thì được bao nhiêu?")
    assert (q.monthly_wage, q.hours, q.night_hours, q.day_kind) == (9_600_000, 3, 3, "holiday")
    q = parse_inputs("My salary is 12 million VND a month. I did overtime on Sunday from 8pm to 11pm.")
    assert (q.monthly_wage, q.start, q.end, q.day_kind) == (
        12_000_000,
        dt.time(20),
        dt.time(23),
        "weekly_rest",
    )
    assert parse_money("được bồi dưỡng 20.000 đồng") == 20_000 and parse_money("không có số") is None
    # times of day in words, and hours with a word before "hours"
    q = parse_inputs(
        "Base salary 8,320,000. I covered 2 extra hours from midnight to 2am on my weekly day off."
    )
    assert (q.start, q.end, q.day_kind) == (dt.time(0), dt.time(2), "weekly_rest")
    assert parse_span("from 10pm to midnight") == (dt.time(22), dt.time(0))
    assert parse_inputs("Salary 9 million, I stayed 3 extra hours after my shift.").hours == 3
    assert parse_span("từ 22h đến 2h sáng") == (dt.time(22), dt.time(2))


def test_overtime_on_several_days_is_summed_day_by_day():
    """Each day keeps its own rate and night split; the total is rounded once and every step is shown."""
    policy = policy_from_rules(TABLE)  # ÷ 26 ÷ 8: 7.800.000 → 37.500 đồng an hour
    days = [
        {"day_kind": "ordinary", "hours": 3},
        {"day_kind": "weekly_rest", "start": dt.time(21), "end": dt.time(23)},
    ]
    result = calculate_days(policy, 7_800_000, days)
    # 3 h × 160% + (1 h × 200% + 1 h × 270%) on Sunday = 480% + 470% = 950% of 37.500
    assert result.amount == 356_250
    assert [(d.day_kind, d.day_hours, d.night_hours) for d in result.days] == [
        ("ordinary", 3, 0),
        ("weekly_rest", 1, 1),
    ]
    assert result.steps[-1].text == "Tổng = 180.000 + 176.250 = 356.250 đồng."
    assert (
        "3 giờ × 160% vào ngày thường + 1 giờ × 200% + 1 giờ × 270% vào ngày nghỉ hằng tuần" in result.answer
    )
    assert result.answer_en.startswith(
        "Your overtime pay is 356,250 VND (3 h × 160% on an ordinary working day"
    )
    assert {"day:ordinary", "day:weekly_rest", "night:weekly_rest"} <= set(result.policy_sources)
    one = calculate_days(policy, 7_800_000, days[:1])
    assert one == calculate(policy, 7_800_000, "ordinary", hours=3) and one.days == []
    with pytest.raises(ValueError, match="^day 2: more than 16 hours"):
        calculate_days(
            policy, 7_800_000, [days[0], {"day_kind": "holiday", "start": dt.time(6), "end": dt.time(5)}]
        )
    with pytest.raises(ValueError, match="^day 2: give the overtime hours"):
        calculate_days(policy, 7_800_000, [days[0], {"day_kind": "holiday"}])


def test_the_total_of_several_days_is_the_sum_of_the_days_shown():
    policy = policy_from_rules(TABLE)  # 10.000.000 ÷ 26 ÷ 8 = 48.076,9 an hour; 160% of it
    result = calculate_days(policy, 10_000_000, [{"hours": 1}, {"hours": 1}])
    first = calculate(policy, 10_000_000, "ordinary", hours=1)
    assert result.amount == 2 * first.amount == sum(d.amount for d in result.days)
    shown = f"{first.amount:,}".replace(",", ".")
    assert result.steps[-1].text == f"Tổng = {shown} + {shown} = {2 * first.amount:,} đồng.".replace(",", ".")


@pytest.mark.parametrize(
    ("question", "days"),
    [
        (
            "My basic salary is 9,600,000 VND. I did 3 hours of overtime after my shift on Tuesday and 8 hours on "
            "Sunday (daytime). How much do I get?",
            [(3, None, "ordinary"), (8, None, "weekly_rest")],
        ),
        (
            "Lương 7.800.000 đồng, thứ Ba em làm thêm 3 tiếng, Chủ nhật làm thêm 8 tiếng thì được bao nhiêu?",
            [(3, None, "ordinary"), (8, None, "weekly_rest")],
        ),
        (
            "Lương 7,8 triệu, làm thêm từ 17h đến 20h thứ Hai và từ 22h đến 2h sáng ngày lễ thì được bao nhiêu?",
            [(None, dt.time(17), "ordinary"), (None, dt.time(22), "holiday")],
        ),
        ("Lương 10 triệu, làm thêm 2 giờ vào Chủ nhật thì được bao nhiêu?", []),  # one day
        ("I work 8 hours a day and did 2 hours of overtime on Sunday. How much?", []),  # a schedule, one day
        # a schedule that names a day is no overtime day; the overtime clause is the one day
        ("Lương 10 triệu, ngày thường làm 8 tiếng, chủ nhật làm thêm 4 tiếng thì được bao nhiêu?", []),
        (
            "Salary 10 million VND, I work 8 hours on weekdays and did 3 hours overtime on Sunday. How much?",
            [],
        ),
        (
            "Lương 7,8 triệu, làm thêm 3 tiếng thứ Hai và 8 tiếng ngày 30/4 thì được bao nhiêu?",
            [(3, None, "ordinary"), (8, None, "holiday")],
        ),
        (
            "I did 3 hours of overtime on Tuesday. On Sunday I did 8 hours. How much?",
            [(3, None, "ordinary"), (8, None, "weekly_rest")],
        ),
        (
            "I did 3 hours of overtime on Tuesday and 2 hours on Wednesday, and my shift is 8 hours a day. How much?",
            [(3, None, "ordinary"), (2, None, "ordinary")],
        ),
        # hours beyond the shift said without the word overtime, before it
        (
            "Basic pay 9,600,000 VND. I stayed 3 hours after my shift on Tuesday and worked 8 hours on Sunday "
            "during the day. What's my OT pay for that?",
            [(3, None, "ordinary"), (8, None, "weekly_rest")],
        ),
    ],
)
def test_the_days_of_overtime_a_question_states(question, days):
    assert [(d.hours, d.start, d.day_kind) for d in parse_days(question)] == days


def test_the_hours_of_the_overtime_clause_not_the_schedule():
    q = parse_inputs(
        "My salary is 12 million VND, I work 8 hours a day and did 2 hours of overtime on Sunday."
    )
    assert (q.hours, q.day_kind) == (2, "weekly_rest")


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        (
            "Em lương cơ bản 10,4 triệu. Hôm nghỉ tuần em bị gọi đi làm thêm 5 tiếng, tính ra được bao nhiêu?",
            "weekly_rest",
        ),
        ("Salary 10 million. I did 4 hours of overtime on my day off. How much?", "weekly_rest"),
        ("Salary 10 million. I did 4 hours of overtime on Wednesday. How much?", "ordinary"),
    ],
)
def test_the_kind_of_day_in_everyday_words(question, kind):
    assert parse_inputs(question).day_kind == kind
