"""The planner's cues for the calculators over English documents: the English job words of a Vietnamese question
(for an English staff-group table) and the question wordings that ask for a day."""

from __future__ import annotations

from agent.offline_policy import employee_words
from agent.question import analyse


def test_a_vietnamese_question_carries_the_english_words_of_the_job_it_names():
    assert "engineer" in employee_words("Tôi là kỹ sư, bắt đầu thử việc ngày 15/10/2026.")
    assert employee_words("Tôi là kỹ sư").startswith("Tôi là kỹ sư")  # the question itself first


def test_the_last_working_day_and_the_last_day_of_probation_are_asked_days():
    notice = analyse(
        "I'm on a 6-month contract and resign on 27 November 2026. What will be my last working day?"
    )
    assert notice.intent == "notice_end" and notice.notice["contract_months"] == 6
    probation = analyse(
        "Bắt đầu thử việc ngày 15/10/2026. Ngày cuối cùng của thời gian thử việc là ngày nào?"
    )
    assert probation.intent == "probation_end"
