"""Night work in a normal shift: the share of the hourly wage, its dated change, the shifts and the night
allowance read from the documents (Vietnamese and English units), and the arithmetic."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.tools.rule_texts import rule_text
from tools.night_work_pay import calculate, night_policy_from_rules, shift_named, stated_share
from tools.overtime_pay import policy_from_rules
from tools.registry import run_tool

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def rule(text: str, context: str = "Điều 3. Làm việc ban đêm", line: int = 3):
    return rule_text(text, [context], line, "quy_che:dieu-3")


RULES = [
    rule(
        "1. Khối sản xuất làm theo 03 ca: Ca 1 từ 06:00 đến 14:00; Ca 2 từ 14:00 đến 22:00; Ca 3 từ 22:00 đến "
        "06:00 ngày hôm sau.",
        "Điều 1. Ca làm việc",
        1,
    ),
    rule(
        "Tiền lương giờ bằng tiền lương tháng chia cho 24 ngày, chia cho 08 giờ.", "Điều 2. Tiền lương giờ", 2
    ),
    rule("2. Làm thêm giờ vào ban đêm thì NLĐ được trả thêm 20% tiền lương giờ làm vào ban ngày.", line=3),
    rule(
        "1. NLĐ làm việc vào ban đêm được trả thêm **30%** tiền lương giờ cho mỗi giờ làm việc ban đêm.",
        line=4,
    ),
    rule("NLĐ làm trọn Ca 3 được phụ cấp ca đêm 50.000 đồng/ca.", "Điều 4. Phụ cấp ca đêm", 5),
    rule(
        "Kể từ ngày 01/10/2026, mức trả thêm cho mỗi giờ làm việc vào ban đêm được điều chỉnh từ 30% lên 35% tiền "
        "lương giờ.",
        "Thông báo điều chỉnh",
        9,
    ),
]


def test_the_share_its_change_the_shifts_and_the_allowance_are_read_and_cited():
    policy = night_policy_from_rules(RULES)
    # the overtime clause's 20% is overtime's night share, not night work's
    assert policy.premium == 30 and policy.premium_source.line_start == 4
    assert [(c.former, c.percent, c.since) for c in policy.changes] == [(30, 35, dt.date(2026, 10, 1))]
    assert [(s.label, f"{s.start:%H:%M}", f"{s.end:%H:%M}") for s in policy.shifts] == [
        ("Ca 1", "06:00", "14:00"),
        ("Ca 2", "14:00", "22:00"),
        ("Ca 3", "22:00", "06:00"),
    ]
    assert policy.allowance == 50_000 and policy.allowance_source.line_start == 5


def test_a_named_shift_or_the_night_shift_is_priced_with_the_share_in_force_that_day():
    policy, overtime = night_policy_from_rules(RULES), policy_from_rules(RULES)
    shift = shift_named(policy, "Ca 3", overtime.night_window)
    assert shift is not None and shift.label == "Ca 3"
    assert shift_named(policy, "ca đêm", overtime.night_window) == shift  # the shift with the night hours
    assert shift_named(policy, "ca 7", overtime.night_window) is None
    # 7.200.000 / 24 / 8 = 37.500 an hour; 8 night hours
    before = calculate(policy, overtime, 7_200_000, dt.date(2026, 9, 30), shift=shift)
    assert (before.premium_percent, before.amount, before.allowance, before.total) == (
        30,
        90_000,
        50_000,
        140_000,
    )
    assert before.policy_sources["night_premium"].line_start == 4
    after = calculate(policy, overtime, 7_200_000, dt.date(2026, 10, 1), shift=shift)
    assert (after.premium_percent, after.amount, after.total) == (35, 105_000, 155_000)
    assert after.policy_sources["night_premium"].line_start == 9
    assert "từ 01/10/2026; trước đó 30%" in after.steps[2].text and "105.000 đồng" in after.answer
    assert "105,000 VND" in after.answer_en and "155,000 VND in all" in after.answer_en


def test_a_span_counts_only_its_night_hours_and_a_day_span_has_none():
    policy, overtime = night_policy_from_rules(RULES), policy_from_rules(RULES)
    late = calculate(policy, overtime, 7_200_000, dt.date(2026, 9, 1), dt.time(23), dt.time(7))
    assert late.night_hours == 7 and late.amount == round(37_500 * 7 * 0.3)
    assert late.allowance is None  # the allowance is Ca 3's, and 23:00 – 07:00 is no Ca 3
    hours = calculate(policy, overtime, 7_200_000, dt.date(2026, 9, 1), hours=2)
    assert hours.amount == 22_500 and hours.allowance is None  # night hours alone are no whole shift
    with pytest.raises(ValueError, match="no hours inside the night window"):
        calculate(policy, overtime, 7_200_000, dt.date(2026, 9, 1), dt.time(6), dt.time(14))
    with pytest.raises(ValueError, match="out of range"):
        calculate(policy, overtime, 5, dt.date(2026, 9, 1), hours=2)


def test_without_a_stated_share_the_law_default_is_named():
    policy = night_policy_from_rules([RULES[0]])
    result = calculate(policy, policy_from_rules([]), 8_320_000, dt.date(2026, 9, 1), dt.time(22), dt.time(6))
    assert result.amount == round(40_000 * 8 * 0.3)  # 8.320.000 / 26 / 8 = 40.000
    assert result.policy_sources["night_premium"].source == "default"
    assert result.policy_sources["divisor"].source == "default"


def test_english_units_state_the_share_the_shift_and_the_allowance():
    english = [
        rule(
            "Every hour you work at night as part of your normal shift is paid at your hourly rate plus 30%.",
            "Night work",
        ),
        rule("Night shift: 22:00 – 06:00.", "Shifts", 2),
        rule("A night shift allowance of 60,000 VND per shift is paid on top.", "Night work", 5),
        rule("From 1 September 2026 the night premium is raised from 30% to 40%.", "Night work", 7),
    ]
    policy = night_policy_from_rules(english)
    assert policy.premium == 30 and policy.allowance == 60_000
    assert [(c.percent, c.since) for c in policy.changes] == [(40, dt.date(2026, 9, 1))]
    assert [s.name for s in policy.shifts] == ["night shift"]
    assert stated_share("Overtime at night earns 200%") is None


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory):
    """The night-work fixture corpus (three shifts, ÷ 24 ÷ 8, 30% raised to 35% from 01/10/2026), no vectors."""
    from indexes.pipeline.ingest import index_folder
    from indexes.settings import Settings
    from tools.context import ToolContext

    settings = Settings(
        _env_file=None,
        llm_provider="offline",
        data_dir=tmp_path_factory.mktemp("night-work"),
        corpus_dir=FIXTURES / "night_work",
        vectors=False,
    )
    index_folder(settings)
    return ToolContext(settings, today=dt.date(2026, 11, 23))


def test_the_tool_prices_a_named_shift_from_the_indexed_documents_with_real_line_ranges(night):
    run = run_tool(night, "calculate_night_work_pay", {"monthly_wage": "7,2 triệu", "shift": "Ca 3"})
    assert run.ok, run.error
    r = run.result  # 37.500 an hour × 8 h × 35% (in force since 01/10/2026) + 50.000 a shift
    assert (r.amount, r.allowance, r.total, r.premium_percent) == (105_000, 50_000, 155_000, 35)
    assert all(s.source == "corpus" and s.line_start > 0 for s in r.policy_sources.values())
    early = run_tool(
        night,
        "calculate_night_work_pay",
        {"monthly_wage": "7200000", "shift": "ca đêm", "work_date": "15/9/2026"},
    )
    assert early.ok and early.result.premium_percent == 30 and early.result.amount == 90_000


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        ({"monthly_wage": "abc", "shift": "Ca 3"}, "invalid_arguments", "not an amount"),
        ({"monthly_wage": "-7 triệu", "shift": "Ca 3"}, "invalid_arguments", "negative"),
        ({"monthly_wage": "7200000", "shift": "ca gãy"}, "unknown_shift", "Ca 3 (22:00 – 06:00)"),
        (
            {"monthly_wage": "7200000", "shift": "Ca 1"},
            "invalid_arguments",
            "no hours inside the night window",
        ),
        (
            {"monthly_wage": "7200000", "start_time": "22:00"},
            "invalid_arguments",
            "both start_time and end_time",
        ),
        (
            {"monthly_wage": "7200000", "start_time": "25:00", "end_time": "06:00"},
            "invalid_arguments",
            "25:00",
        ),
        ({"monthly_wage": "7200000"}, "invalid_arguments", "give the shift"),
        ({"monthly_wage": "7200000", "hours": 3}, "invalid_arguments", ""),  # no such argument
    ],
)
def test_bad_night_work_input_is_a_clear_tool_failure(night, args, error, words):
    run = run_tool(night, "calculate_night_work_pay", args)
    assert not run.ok and run.error == error and words in run.result.message


def test_a_dated_share_is_a_change_whatever_the_order_and_at_least_names_no_share():
    dated = rule("Từ ngày 01/10/2026, NLĐ làm việc vào ban đêm được trả thêm 35% tiền lương giờ.", line=2)
    for rules in ([dated, RULES[3]], [RULES[3], dated]):
        policy = night_policy_from_rules(rules)
        assert policy.premium == 30 and [(c.former, c.percent) for c in policy.changes] == [(None, 35)]
        assert (
            policy.premium_on(dt.date(2026, 9, 30))[0] == 30
            and policy.premium_on(dt.date(2026, 10, 1))[0] == 35
        )
    shifts = rule(
        "Staff who work at least 50% of their shifts at night get the hourly rate plus 30%.", "Night work"
    )
    assert stated_share(shifts.text) == 30
    assert stated_share("Làm ca đêm được cộng thêm 10% phụ cấp độc hại.") is None  # no share of the wage


@pytest.mark.parametrize(
    ("question", "args"),
    [
        (
            "Lương 7.200.000 đồng, ngày 15/9/2026 em làm trọn Ca 3 thì được trả thêm bao nhiêu?",
            {"monthly_wage": "7200000", "work_date": "15/9/2026", "shift": "ca 3"},
        ),
        (
            "My salary is 9 million VND. On my night shift, 10pm to 6am, how much extra do I get?",
            {"monthly_wage": "9000000", "start_time": "22:00", "end_time": "06:00"},
        ),
        (
            "Lương 8 triệu, ca của tôi 8 tiếng, trong đó 2 tiếng ban đêm, được trả thêm bao nhiêu?",
            {"monthly_wage": "8000000", "night_hours": 2.0},
        ),
    ],
)
def test_the_question_s_date_span_and_night_hours_are_passed(question, args):
    from agent.question import analyse

    assert analyse(question).night == args


@pytest.mark.parametrize(
    "question",
    [
        "Lương 9 triệu, mỗi ca tôi được trả thêm bao nhiêu?",  # "ca tôi" is no evening shift
        "Tôi làm ca 3, lương 9 triệu, được nghỉ phép bao nhiêu ngày?",  # a leave question
        "Lương 7.200.000 đồng, làm Ca 3 từ 22h đến 6h, không phải tăng ca, được trả thêm bao nhiêu?",
    ],
)
def test_no_shift_a_leave_question_and_a_negated_overtime(question):
    from agent.question import analyse

    q = analyse(question)
    if "không phải tăng ca" in question:
        assert q.intent == "night_work_pay" and q.night["start_time"] == "22:00"
    else:
        assert q.intent != "night_work_pay"
