"""Handbooks in everyday English: "PTO" (paid time off) for the annual leave, "trial" for the probation, staff
groups as list items ("L3 Licensed Professionals: 13 working days"). The calculators read them as the standard
terms and cite the handbook's own words."""

from __future__ import annotations

from agent.question import analyse, canonical_english
from indexes.rules.patterns import find_rules
from indexes.text import canonical_hr_english, rule_reading
from tests.tools.rule_texts import rule_text
from tools.date_inputs import parse_date_input
from tools.leave_policy import group_of, policy_from_rules

PTO = ["People Handbook", "Paid time off"]
HOW_MUCH = [*PTO, "How much PTO you get"]


def _rules():
    return [
        rule_text("L1 Store Associates and L2 Technicians: **12 working days", HOW_MUCH, 10, "hb:how-much"),
        rule_text("• L1 Store Associates and L2 Technicians: 12 working days", HOW_MUCH, 10, "hb:how-much"),
        rule_text("L3 Licensed Professionals: **13 working days", HOW_MUCH, 12, "hb:how-much"),
        rule_text("L4 Store Managers: **14 working days", HOW_MUCH, 13, "hb:how-much"),
        rule_text(
            "For every **3 full years** with us, you get 1 extra PTO day a year, on top of the numbers above.",
            [*PTO, "Long-service days"],
            20,
            "hb:long-service",
        ),
        rule_text(
            "In the calendar year you join, you earn **1 PTO day for each month of service**.",
            [*PTO, "Earning PTO in your first year"],
            30,
            "hb:earning",
        ),
        rule_text(
            "You **cannot take PTO while your trial is running**.",
            [*PTO, "Earning PTO in your first year"],
            31,
            "hb:earning",
        ),
        rule_text(
            "Store teams cannot take PTO in the **14 days before Lunar New Year's Day**.",
            [*PTO, "Booking and taking PTO"],
            40,
            "hb:booking",
        ),
    ]


def test_everyday_words_are_read_as_the_standard_terms():
    assert (
        canonical_hr_english("I passed my trial period; 5 PTO days")
        == "I passed my probation; 5 annual leave days"
    )
    assert rule_reading("PTO during the Trial") == "annual leave during the probation"
    assert canonical_english("started on 9 Sept, trial's done") == "started on 9 September, probation's done"
    # a trial that is no probation, and "paid time off" (any paid leave), are left as written
    for text in (
        "a trial shift",
        "When does my trial shift end?",
        "a court trial ends",
        "the clinical trial",
    ):
        assert canonical_hr_english(text) == text
    assert canonical_hr_english("paid time off for my wedding") == "paid time off for my wedding"
    assert analyse("When does my trial shift end?").intent != "probation_end"


def test_a_pto_handbook_states_each_parameter_and_each_group():
    policy = policy_from_rules(_rules())
    assert policy.days_per_year["normal"] == 12  # the smallest group's days, not the 14 days before Tết
    assert policy.source("days_per_year").quote.startswith("L1 Store Associates")
    assert [g.days for g in policy.groups] == [12, 13, 14]  # one row per group, list items read once
    assert policy.seniority_step_years == 3 and policy.source("seniority").source == "corpus"
    assert policy.source("accrual_per_month").source == "corpus"
    assert policy.source("usable_during_probation").quote.startswith("You **cannot take PTO")
    group = group_of(policy, "store manager")
    assert group is not None and group.days == 14


def test_questions_in_everyday_english_reach_the_calculators():
    joined = analyse(
        "I joined on 20 April 2026 and passed my trial. How many PTO days do I get in total for 2026?"
    )
    assert joined.intent == "leave_calculation" and joined.leave.probation_start == "20 april 2026"
    ends = analyse("I start on Monday 30 November 2026. On what date does my trial end?")
    assert ends.intent == "probation_end"


def test_a_list_item_with_other_days_is_no_staff_group():
    rules = [
        *_rules(),
        rule_text("• Booking: 10 days' notice for a week off or more", HOW_MUCH, 14, "hb:how-much"),
    ]
    policy = policy_from_rules(rules)
    assert policy.days_per_year["normal"] == 12 and [g.days for g in policy.groups] == [12, 13, 14]


def test_pto_lines_are_extracted_as_annual_leave_rules():
    source = (
        "## How much PTO you get\n\nEach year you get:\n\n- L3 Licensed Professionals: **13 working days**\n"
    )
    found = find_rules(source)
    assert [f.attributes.get("rule_type") for f in found] == ["annual_leave"]


def test_abbreviated_months_are_dates_for_the_question_and_the_tools():
    assert parse_date_input("9 Sept 2026").resolve(2026).isoformat() == "2026-09-09"
    assert parse_date_input("Dec. 7").month == 12
    assert canonical_english("from Dec 7 to Dec. 10") == "from December 7 to December 10"
    assert canonical_english("Mar is fine") == "Mar is fine"  # no number beside it: not a date
