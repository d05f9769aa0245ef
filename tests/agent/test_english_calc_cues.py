"""The planner's cues for the calculators over English documents: the English job words of a Vietnamese question
(for an English staff-group table) and the question wordings that ask for a day."""

from __future__ import annotations

from agent.offline_policy import employee_words
from agent.question import analyse


def test_a_vietnamese_question_carries_the_english_words_of_the_job_it_names():
    assert "engineer" in employee_words("Tôi là kỹ sư, bắt đầu thử việc ngày 15/10/2026.")
    assert employee_words("Tôi là kỹ sư").startswith("Tôi là kỹ sư")  # the question itself first


def test_an_english_job_named_with_its_place_is_worded_head_first_in_vietnamese():
    words = employee_words(
        "Our factory deputy director is going to Thanh Hoa for 3 days. What's his per diem?"
    )
    assert "phó giám đốc nhà máy" in words  # as a staff group's row names it ("Phó Giám đốc Nhà máy")
    assert "phó tổng giám đốc" not in words  # a deputy director is not the deputy general director
    assert "tổng giám đốc" not in employee_words("The deputy director approves it?")


def test_the_last_working_day_and_the_last_day_of_probation_are_asked_days():
    notice = analyse(
        "I'm on a 6-month contract and resign on 27 November 2026. What will be my last working day?"
    )
    assert notice.intent == "notice_end" and notice.notice["contract_months"] == 6
    probation = analyse(
        "Bắt đầu thử việc ngày 15/10/2026. Ngày cuối cùng của thời gian thử việc là ngày nào?"
    )
    assert probation.intent == "probation_end"


def test_what_overtime_or_probation_pays_asked_in_everyday_words_runs_the_calculator():
    from agent.question import overtime_args, probation_pay_args

    for question in (
        "I'm on 10.4 million a month. What would 3 hours of overtime after work on a Wednesday pay me?",
        "I earn a base of 7,280,000 VND monthly. Did 3 hours of approved OT last Tuesday. What's that worth?",
        "Basic pay 9,600,000 VND. I did 3 hours of OT on Tuesday. What's my OT pay for that?",
    ):
        args = overtime_args(question)
        assert args.get("hours") == 3 and args["day_kind"] == "ordinary", question
    offer = "My offer letter says 10,000,000 VND/month. What will I actually get each month until I pass probation?"
    assert probation_pay_args(offer) == {"monthly_wage": "10000000"}
    # no wage stated: nothing to compute
    assert overtime_args("What would 3 hours of overtime on a Wednesday pay me?") == {}


def test_a_director_is_not_the_general_director():
    words = employee_words("I'm Director of Sales (head of department)")
    assert "giám đốc" in words and "trưởng bộ phận" in words and "tổng giám đốc" not in words
    assert "tổng giám đốc" in employee_words("What does the CEO approve?")
