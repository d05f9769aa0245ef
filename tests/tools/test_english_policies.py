"""The calculators' policy readers over rules written in English (foreign-invested companies' handbooks): each
parameter is read from the English wording and cited by its span, as the Vietnamese ones are; where a Vietnamese
text states the same parameter, it prevails."""

from __future__ import annotations

import datetime as dt

from tests.tools.rule_texts import rule_text
from tools import notice_period, overtime_pay, personal_leave
from tools.leave_calculator import accrue_leave
from tools.leave_policy import group_of, policy_from_rules
from tools.probation_policy import probation_policy_from_rules

HANDBOOK = ["Staff Handbook", "6. Leave"]
ENTITLEMENT = [*HANDBOOK, "6.1 Annual leave entitlement"]
TABLE = "Grade | Annual leave per year"


def _leave_rules():
    return [
        rule_text(f"{TABLE} … Grade A (A1–A3) | 12 working days", ENTITLEMENT, 10, "hb:6-1"),
        rule_text(f"{TABLE} … Grade B – warehouse drivers | 14 working days", ENTITLEMENT, 11, "hb:6-1"),
        rule_text(f"{TABLE} … Grade C (C1–C4) | 16 working days", ENTITLEMENT, 12, "hb:6-1"),
        rule_text("Employees under 18 receive at least 14 working days.", ENTITLEMENT, 13, "hb:6-1"),
        rule_text(
            "Staff earn two additional days of annual leave for each three years of continuous service.",
            [*HANDBOOK, "6.2 Seniority"],
            20,
            "hb:6-2",
        ),
        rule_text(
            "Annual leave accrues at one day per month of service.", [*HANDBOOK, "6.3 Accrual"], 30, "hb:6-3"
        ),
        rule_text(
            "A month counts when you have worked at least half of its working days.",
            [*HANDBOOK, "6.3 Accrual"],
            31,
            "hb:6-3",
        ),
        rule_text(
            "Leave accrued during probation may not be taken until probation has been completed.",
            [*HANDBOOK, "6.3 Accrual"],
            32,
            "hb:6-3",
        ),
        rule_text(
            "A joiner's leave for the first year is calculated pro rata and rounded up to the nearest half day.",
            [*HANDBOOK, "6.3 Accrual"],
            33,
            "hb:6-3",
        ),
        rule_text(
            "Up to 5 days may be carried over; carried-over days must be taken by 30 April of the following year.",
            [*HANDBOOK, "6.4 Carry-over"],
            40,
            "hb:6-4",
        ),
    ]


def test_english_annual_leave_parameters_are_read_and_cited():
    policy = policy_from_rules(_leave_rules())
    assert policy.days_per_year["normal"] == 12  # the smallest row; "at least 14" is a threshold
    assert [g.days for g in policy.groups] == [12, 14, 16]
    assert policy.seniority_step_years == 3 and policy.seniority_bonus_days == 2
    assert policy.partial_month_min_share == 0.5
    assert policy.usable_during_probation is False
    assert policy.carryover_until == (4, 30)
    assert policy.pro_rata_step == 0.5
    expected = {
        "days_per_year": "hb:6-1",
        "seniority": "hb:6-2",
        "accrual_per_month": "hb:6-3",
        "partial_month_min_share": "hb:6-3",
        "usable_during_probation": "hb:6-3",
        "pro_rata_rounding": "hb:6-3",
        "carryover_until": "hb:6-4",
    }
    for param, node in expected.items():
        source = policy.source(param)
        assert source.source == "corpus" and source.node_id == node, param
        assert source.line_start is not None and source.start is not None and source.quote


def test_seniority_in_words_and_a_carry_over_date_written_with_a_slash():
    rules = [
        rule_text(
            "You receive one extra day for every full four years of service.", ["Long service"], 1, "hb:ls"
        ),
        rule_text(
            "Carried-over leave lapses if not used by 31/3 of the next year.", ["Carry-over"], 2, "hb:co"
        ),
    ]
    policy = policy_from_rules(rules)
    assert policy.seniority_step_years == 4 and policy.seniority_bonus_days == 1
    assert policy.carryover_until == (3, 31)
    assert policy.source("carryover_until").node_id == "hb:co"


def test_the_employees_row_from_english_job_words_grades_and_a_directory():
    rules = [
        *_leave_rules(),
        rule_text("Grade | Typical positions … Grade A | Clerks, receptionists", ["Grades"], 50, "hb:grades"),
        rule_text("Grade | Typical positions … Grade C | Engineers, architects", ["Grades"], 51, "hb:grades"),
    ]
    policy = policy_from_rules(rules)
    assert group_of(policy, "I drive for the warehouse: a warehouse driver").days == 14  # plural rows
    assert group_of(policy, "my grade is C3").days == 16  # a grade inside "C1–C4"
    assert group_of(policy, "I'm an architect").days == 16  # the directory names the grade


def test_pro_rata_rounded_up_to_the_half_day_with_its_citation():
    policy = policy_from_rules(_leave_rules())
    result = accrue_leave(policy, "2026-09-01", None, "2026-12-31", today=dt.date(2026, 11, 23))
    assert result.entitlement_this_year == 4.0  # 12 / 12 × 4 = 4: nothing to round
    grade_c = group_of(policy, "grade C2")
    result = accrue_leave(
        policy, "2026-09-01", None, "2026-12-31", today=dt.date(2026, 11, 23), group=grade_c
    )
    assert result.entitlement_this_year == 5.5  # 16 / 12 × 4 = 5.33 → 5.5
    assert result.policy_sources["pro_rata_rounding"].node_id == "hb:6-3"


def test_a_vietnamese_statement_prevails_over_its_english_summary():
    rules = [
        rule_text("12 working days per year for normal work;", ["Annual leave entitlement"], 1, "en:al"),
        rule_text(
            "a) 12 ngày làm việc đối với công việc trong điều kiện bình thường;",
            ["Điều 6. Nghỉ hằng năm"],
            2,
            "vi:6",
        ),
    ]
    assert policy_from_rules(rules).source("days_per_year").node_id == "vi:6"


def test_english_probation_table_and_counting():
    path = ["Handbook", "3.2 Probation"]
    header = "Position | Probation period | Salary during probation"
    rules = [
        rule_text(f"{header} … Machine operators | 6 working days | 100% of the salary", path, 1, "hb:3-2"),
        rule_text(f"{header} … Technicians | 30 days | 90% of the salary", path, 2, "hb:3-2"),
        rule_text(f"{header} … Engineers and accountants | 60 days | 85% of the salary", path, 3, "hb:3-2"),
        rule_text("The probation period is counted in calendar days.", path, 4, "hb:3-2"),
    ]
    policy = probation_policy_from_rules(rules)
    row = policy.row_for("I'm an accountant")
    assert (row.amount, row.unit, row.pay_percent) == (60, "days", 85)
    assert policy.row_for("machine operator").unit == "working_days"
    assert policy.counting is not None and policy.counting.node_id == "hb:3-2"


def test_english_notice_table_reads_each_contract_with_its_range():
    path = ["Handbook", "9.1 Resignation notice"]
    header = "Type of contract | Notice period"
    rules = [
        rule_text(f"{header} … Open-ended contract | 45 days", path, 1, "hb:9-1"),
        rule_text(f"{header} … Fixed-term contract from 12 months to 36 months | 30 days", path, 2, "hb:9-1"),
        rule_text(f"{header} … Fixed-term contract under 12 months | 3 working days", path, 3, "hb:9-1"),
        rule_text(f"{header} … Probation | no advance notice", path, 4, "hb:9-1"),
    ]
    rows = {
        (r.contract, r.months_from, r.months_to): (r.days, r.working_days)
        for r in notice_period.policy_from_rules(rules).rows
    }
    assert rows == {
        ("open_ended", 0, 10_000): (45, False),
        ("fixed_term", 12, 37): (30, False),
        ("fixed_term", 0, 12): (3, True),
        ("probation", 0, 10_000): (0, False),
    }
    result = notice_period.calculate(
        notice_period.policy_from_rules(rules), "fixed_term", 6, dt.date(2026, 11, 27), [6]
    )
    assert result.earliest_leave == dt.date(2026, 12, 1)  # Sat 28, Mon 30, Tue 1
    assert result.policy_sources["notice_days"].line_start == 3


def test_english_personal_leave_items_and_travel_tiers_for_the_points_they_cover():
    path = ["Handbook", "7.3 Compassionate leave"]
    rules = [
        rule_text("a) Own marriage: 3 days.", path, 1, "hb:7-3"),
        rule_text("b) Marriage of a brother or sister: 1 day.", path, 2, "hb:7-3"),
        rule_text("c) Death of a parent, the spouse or a child: 3 days.", path, 3, "hb:7-3"),
        rule_text(
            "For points a and c, if the event takes place 250 km or more from the office, you receive one extra "
            "day; 600 km or more, two extra days.",
            path,
            4,
            "hb:7-3",
        ),
    ]
    policy = personal_leave.policy_from_rules(rules)
    assert [(t.km, t.days, t.points) for t in policy.travel] == [(250, 1, ["a", "c"]), (600, 2, ["a", "c"])]
    assert personal_leave.calculate(policy, "wedding", "self", 700).total_days == 5
    assert personal_leave.calculate(policy, "funeral", "parent", 300).total_days == 4
    sibling = personal_leave.calculate(policy, "wedding", "sibling", 700)
    assert sibling.total_days == 1 and sibling.policy_sources["event_days"].line_start == 2


def test_english_overtime_rates_divisor_and_night_window():
    path = ["Handbook", "5. Overtime"]
    rules = [
        rule_text("Overtime on normal working days is paid at 150% of the hourly wage.", path, 1, "hb:5"),
        rule_text(
            "Overtime is paid at 200% on weekly days off and 300% on public holidays.", path, 2, "hb:5"
        ),
        rule_text(
            "For overtime, the hourly wage is the monthly salary divided by 24 working days and by 8 hours.",
            path,
            3,
            "hb:5",
        ),
        rule_text("Night work means work from 10 pm to 6 am.", path, 4, "hb:5"),
    ]
    policy = overtime_pay.policy_from_rules(rules)
    assert policy.day_rates == {"ordinary": 150, "weekly_rest": 200, "holiday": 300}
    assert (policy.days_per_month, policy.hours_per_day) == (24, 8)
    assert policy.night_window == (22, 6)
    assert policy.sources["day:holiday"].line_start == 2 and policy.sources["divisor"].line_start == 3
    result = overtime_pay.calculate(policy, 9_600_000, "weekly_rest", hours=8)
    assert result.amount == 800_000


def test_an_english_carry_over_cap_limits_last_years_days_with_its_citation():
    policy = policy_from_rules(_leave_rules())
    assert policy.carryover_max_days == 5 and policy.source("carryover_max_days").node_id == "hb:6-4"
    result = accrue_leave(policy, "2025-01-01", "2025-03-01", "2026-02-15", today=dt.date(2026, 2, 15))
    assert result.carried_over_days == 5  # 12 days of 2025, at most 5 carried over
    assert result.policy_sources["carryover_max_days"].line_start == 40
    later = accrue_leave(policy, "2025-01-01", "2025-03-01", "2026-05-15", today=dt.date(2026, 5, 15))
    assert later.carried_over_days == 0  # past 30 April


def test_an_english_night_premium_gives_the_night_rate_no_table_states():
    path = ["Handbook", "5. Overtime"]
    rules = [
        rule_text("Overtime on normal working days is paid at 150% of the hourly wage.", path, 1, "hb:5"),
        rule_text(
            "Night work (from 10 pm to 6 am) is paid an extra 40% of the hourly wage.", path, 2, "hb:5"
        ),
    ]
    policy = overtime_pay.policy_from_rules(rules)
    assert policy.night_extra == 40 and policy.night_rate("ordinary") == 150 + 40 + 30
    result = overtime_pay.calculate(policy, 9_600_000, "ordinary", hours=2, night_hours=2)
    assert result.policy_sources["night:ordinary"].line_start == 2


def test_an_english_sentence_states_probation_pay_for_everyone():
    path = ["Handbook", "2.3 Probation"]
    for text in (
        "Salary during probation is 85% of the salary of the job.",
        "During the probation period, employees are paid 85% of their contract salary.",
        "Probationary salary: 85% of the job's salary.",
    ):
        policy = probation_policy_from_rules([rule_text(text, path, 7, "hb:2-3")])
        assert policy.pay_percent == 85, text
        assert policy.pay_source is not None and policy.pay_source.line_start == 7


def test_english_wordings_with_numbers_in_words_and_in_brackets():
    leave = policy_from_rules(
        [
            rule_text(
                "Full-time employees are entitled to fourteen (14) working days of paid annual leave per year.",
                ["Handbook", "Holidays"],
                3,
                "hb:hol",
            )
        ]
    )
    assert leave.days_per_year["normal"] == 14 and leave.source("days_per_year").line_start == 3
    personal = personal_leave.policy_from_rules(
        [rule_text("Own marriage – three days", ["Handbook", "Compassionate leave"], 4, "hb:cl")]
    )
    assert [(i.days, i.events, i.relations) for i in personal.items] == [(3, ["wedding"], ["self"])]


def test_a_monthly_rate_up_to_each_levels_yearly_number_is_the_same_for_every_level():
    capped = "You earn 1 PTO day for each month of service, up to your level's yearly number."
    rules = [r for r in _leave_rules() if "accrues" not in r.text]
    flat = policy_from_rules([*rules, rule_text(capped, [*HANDBOOK, "6.3 Accrual"], 30, "hb:6-3")])
    scaled = policy_from_rules(_leave_rules())
    assert flat.accrual_flat and not scaled.accrual_flat
    grade_b = group_of(flat, "warehouse driver")
    assert grade_b is not None and grade_b.days == 14
    today = dt.date(2026, 11, 23)
    args = dict(confirmation_date="2026-08-31", days_taken=1, today=today, group=grade_b)
    assert accrue_leave(flat, "2026-07-01", **args).remaining_days == 3  # Jul–Oct at 1 a day, 1 taken
    assert accrue_leave(scaled, "2026-07-01", **args).remaining_days > 3  # 14/12 a month
