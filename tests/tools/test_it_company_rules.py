"""Rules as an IT services company writes them (the eighth dev company's shapes, written here from scratch): a
probation table beside a handbook line that names the probation only as a time ("after your trial period, up to 2
WFH days a week … 1 day for L1"), an onsite allowance by level and by country column, a 13th-month formula with
"÷ 12", and the questions that ask for them."""

from __future__ import annotations

import datetime as dt

from agent.offline_policy import employee_words
from agent.question import analyse, carry_over_args, probation_pay_args, trip_args
from tests.tools.rule_texts import rule_text
from tools.probation_policy import _sentence_rows, probation_policy_from_rules
from tools.thirteenth_month import calculate as thirteenth_month
from tools.thirteenth_month import thirteenth_month_policy_from_rules
from tools.trip_allowance import calculate as trip_allowance
from tools.trip_norms import trip_norms_from_rules

TODAY = dt.date(2026, 11, 23)
PROBATION_HEADER = "Vị trí | Thời gian thử việc | Lương thử việc"


def handbook(text: str, line: int):
    return rule_text(text, ["Employee Handbook", "Where and when you work"], line, "handbook:where-you-work")


def rules_of_work(text: str, line: int):
    return rule_text(text, ["Nội quy lao động", "Điều 3. Thử việc"], line, "noi_quy:dieu-3")


def test_a_probation_named_as_a_time_states_no_length_and_the_fullest_company_table_wins():
    wfh = handbook(
        "Hybrid work: after your trial period, up to 2 WFH days a week for L2 and above and managers, 1 day for "
        "L1 and Support staff.",
        22,
    )
    table = [
        rules_of_work(f"{PROBATION_HEADER} … Cấp M (PM, Trưởng phòng) | 60 ngày | 90%", 37),
        rules_of_work(f"{PROBATION_HEADER} … L1 (Fresher) tuyển từ bên ngoài | 60 ngày | 85%", 40),
        rules_of_work(f"{PROBATION_HEADER} … Công việc khác (tạp vụ, lái xe) | 06 ngày làm việc | 90%", 43),
    ]
    # the handbook comes first (its file name sorts first): its WFH line is no probation length
    assert _sentence_rows(wfh) == []
    for length in (
        "During probation, which lasts up to 60 days, you are paid 85%.",
        "Trong thời gian thử việc không quá 60 ngày, NLĐ hưởng 85% lương.",
    ):
        assert [(r.amount, r.unit) for r in _sentence_rows(handbook(length, 30))] == [(60, "days")]
    policy = probation_policy_from_rules([wfh, *table])
    assert [(r.amount, r.unit) for r in policy.rows] == [(60, "days"), (60, "days"), (6, "working_days")]
    # a company's single sentence still beats the law's longer list: the law only when the company states none
    law = rule_text(
        "Thời gian thử việc không quá: a) 180 ngày đối với người quản lý doanh nghiệp; b) 60 ngày đối với công "
        "việc cần trình độ từ cao đẳng trở lên; c) 30 ngày đối với trung cấp; d) 06 ngày làm việc đối với công "
        "việc khác.",
        ["Bộ luật Lao động", "Điều 25. Thời gian thử việc"],
        5,
        "blld:dieu-25",
    ).model_copy(update={"shared": True})
    own = rules_of_work("Thời gian thử việc không quá 45 ngày.", 30)
    assert [r.amount for r in probation_policy_from_rules([own, law]).rows] == [45]
    assert [r.amount for r in probation_policy_from_rules([law]).rows] == [180, 60, 30, 6]


def test_the_job_in_the_documents_other_wording_but_not_inside_a_longer_job():
    assert "lái xe" in employee_words(
        "Tài xế mới bắt đầu làm từ thứ Năm 26/11/2026, thử việc kết thúc ngày nào?"
    )
    chief = employee_words("Kế toán trưởng vào làm từ 01/9/2026, thử việc kết thúc ngày nào?")
    assert "kế toán viên" not in chief  # a chief accountant is no accountant's row
    director = employee_words("New Division Director starting Tue 1 Dec 2026 — when does the trial end?")
    assert "giám đốc khối" in director  # as a probation table names the division's director


def test_probation_questions_in_everyday_english():
    pay = "Starting as an L1 fresher with a 12,000,000 offer. What will my monthly pay be during the trial?"
    assert probation_pay_args(analyse(pay).text) == {"monthly_wage": "12000000"}
    assert analyse(pay).intent == "probation_pay"
    end = analyse("New hire starting Tue 1 Dec 2026 — how long is the trial and when does it end?")
    assert end.intent == "probation_end" and end.probation["probation_start"] == "1 december 2026"
    # the pay once probation is over is the job's own, not a share of it
    assert probation_pay_args("I'm on probation at 15,000,000. What will my salary be after probation?") == {}


def test_unused_days_at_the_years_end_asked_what_becomes_of_them():
    text = analyse("If I end the year with 8 unused PTO days, what happens to them?").text
    assert carry_over_args(text) == {"unused_days": 8.0}
    assert carry_over_args("Cuối năm còn 7 ngày phép chưa nghỉ thì có bị mất không?") == {"unused_days": 7.0}
    assert carry_over_args("I have 8 unused PTO days. Can I take them in December?") == {}
    # taking them at the year's end, or a year-end bonus, asks nothing of what becomes of them
    assert carry_over_args("Tôi còn 7 ngày phép chưa nghỉ, muốn nghỉ liền vào cuối năm thì sao?") == {}
    assert carry_over_args("I have 3 unused days; does the year-end bonus pay depend on them?") == {}


ONSITE_DOMESTIC = "Cấp bậc | Phụ cấp (đồng/ngày onsite)"
ONSITE_ABROAD = "Cấp bậc | Nhật Bản (USD/ngày onsite) | Singapore (USD/ngày onsite)"


def onsite(text: str, line: int, section: str):
    return rule_text(text, ["Quy định công tác onsite", section], line, f"onsite:{section.split('.')[0]}")


ONSITE_RULES = [
    onsite(f"{ONSITE_DOMESTIC} … L1, L2, L3 | 250.000", 30, "2.1. Phụ cấp onsite trong nước"),
    onsite(f"{ONSITE_DOMESTIC} … L4, L5, cấp M | 350.000", 31, "2.1. Phụ cấp onsite trong nước"),
    onsite(f"{ONSITE_ABROAD} … L1, L2 | 40 | 35", 45, "3.1. Phụ cấp onsite nước ngoài"),
    onsite(f"{ONSITE_ABROAD} … L3, L4 | 50 | 45", 46, "3.1. Phụ cấp onsite nước ngoài"),
]


def test_an_onsite_allowance_by_level_and_by_the_country_a_column_names():
    norms = trip_norms_from_rules(ONSITE_RULES)
    places = {(c.group, c.place, c.amount) for c in norms.cells if c.abroad}
    assert ("L1, L2", "Singapore (USD/ngày onsite)", 35) in places
    assert ("L3, L4", "Nhật Bản (USD/ngày onsite)", 50) in places
    common = dict(
        start=None, end=None, nights=None, day_trip=False, shared_room=False, part="per_diem", today=TODAY
    )
    abroad = trip_allowance(norms, employee="I'm an L2 engineer", destination="Singapore", days=12, **common)
    assert "420 USD" in abroad.answer_en
    home = trip_allowance(norms, employee="Em là kỹ sư L4", destination="Đà Nẵng", days=12, **common)
    assert "4.200.000" in home.answer


def test_onsite_questions_with_weekdays_before_their_dates_are_trips():
    asked = analyse(
        "L2 going to Singapore onsite from Mon 7 Dec to Fri 18 Dec. How much onsite allowance is that?"
    ).trip
    assert (
        asked["part"] == "per_diem"
        and asked["departure"] == "7 december"
        and asked["return_date"] == "18 december"
    )
    vi = trip_args("Em L4, được cử onsite ở TP.HCM 12 ngày. Phụ cấp onsite tổng cộng bao nhiêu?")
    assert vi["days"] == 12 and vi["part"] == "per_diem"
    # working onsite at one's own workplace is no trip
    assert trip_args("We work onsite at the factory 6 days a week. How much is the shift allowance?") == {}


def test_a_13th_month_formula_with_a_division_sign_and_a_joining_day_rule():
    title = ["Quy chế lương", "7. Lương tháng 13"]
    rule = rule_text(
        "1. Lương tháng 13 = mức lương theo HĐLĐ tại ngày 31/12 × số tháng làm việc trong năm ÷ 12. Tháng bắt đầu "
        "làm việc được tính nếu ngày vào làm từ ngày 15 trở về trước; thời gian thử việc được tính.",
        title,
        88,
        "luong:7",
    )
    minimum = rule_text(
        "2. Áp dụng cho NLĐ có từ 03 tháng làm việc trở lên tính đến ngày 31/12.", title, 89, "luong:7"
    )
    policy = thirteenth_month_policy_from_rules([rule, minimum])
    assert policy.pro_rata is not None and policy.base_source is not None and policy.base_months == 1
    assert (policy.cutoff_day, policy.minimum_months) == (15, 3) and policy.probation_counts is not None
    assert thirteenth_month(policy, dt.date(2026, 8, 20), 2026, 30_000_000).amount == 10_000_000
    assert thirteenth_month(policy, dt.date(2026, 4, 10), 2026, 24_000_000).amount == 18_000_000
    # a date's slash is no division, and "từ 12 tháng" beside a share for fewer months is no minimum
    full_year = rule_text(
        "Lương tháng 13 chỉ trả cho NLĐ làm đủ 12 tháng; số tháng làm việc được tính đến hết ngày 31/12.",
        title,
        90,
        "luong:7",
    )
    assert thirteenth_month_policy_from_rules([full_year]).pro_rata is None
    shorter = rule_text(
        "NLĐ có từ 12 tháng làm việc trở lên được hưởng 01 tháng lương; dưới 12 tháng được hưởng theo tỷ lệ số "
        "tháng làm việc.",
        title,
        91,
        "luong:7",
    )
    assert thirteenth_month_policy_from_rules([shorter]).minimum_months is None
