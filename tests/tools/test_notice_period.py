"""The notice a resignation needs, by contract, read from a notice table or the law, and the earliest leaving day."""

from __future__ import annotations

import datetime as dt

from agent.question import analyse
from tests.tools.rule_texts import rule_text
from tools.notice_period import calculate, policy_from_rules

HEADER = "Loại hợp đồng | Thời hạn báo trước tối thiểu"
TODAY = dt.date(2026, 11, 23)


def rule(text: str, line: int):
    return rule_text(
        text, ["Điều 31. Thời hạn báo trước khi NLĐ đơn phương chấm dứt HĐLĐ"], line, "noi_quy:dieu-31"
    )


TABLE = [
    rule(f"{HEADER} … HĐLĐ không xác định thời hạn | 60 ngày", 5),
    rule(f"{HEADER} … HĐLĐ xác định thời hạn từ 12 tháng đến 36 tháng | 30 ngày", 6),
    rule(f"{HEADER} … HĐLĐ xác định thời hạn dưới 12 tháng | 03 ngày làm việc", 7),
    rule(f"{HEADER} … Hợp đồng thử việc | Không phải báo trước", 8),
]


def test_rows_are_read_by_contract_and_cited():
    policy = policy_from_rules(TABLE)
    assert [(r.contract, r.months_from, r.months_to, r.days, r.working_days) for r in policy.rows] == [
        ("open_ended", 0, 10_000, 60, False),
        ("fixed_term", 12, 37, 30, False),
        ("fixed_term", 0, 12, 3, True),
        ("probation", 0, 10_000, 0, False),
    ]


def test_the_earliest_day_to_leave():
    policy = policy_from_rules(TABLE)
    two_years = calculate(policy, "fixed_term", 24, TODAY, [6])
    assert (
        two_years.earliest_leave == dt.date(2026, 12, 23)
        and two_years.policy_sources["notice_days"].line_start == 6
    )
    assert (
        calculate(policy, "open_ended", None, TODAY, [6]).notice_days == 60
    )  # the company's, not the law's 45
    # 3 working days from Friday 20/11, Sunday the rest day: Saturday 21, Monday 23, Tuesday 24
    assert calculate(policy, "fixed_term", 6, dt.date(2026, 11, 20), [6]).earliest_leave == dt.date(
        2026, 11, 24
    )
    assert calculate(policy, "probation", None, TODAY, [6]).earliest_leave == TODAY
    law = calculate(policy_from_rules([]), "open_ended", None, TODAY, [6])
    assert law.notice_days == 45 and law.policy_sources["notice_days"].source == "default"


def test_a_rule_that_makes_the_notice_day_day_one_is_read_and_cited():
    counted = rule(
        "2. Thời hạn báo trước tính theo ngày dương lịch; ngày Phòng TCHC ký nhận đơn được tính là ngày thứ nhất.",
        9,
    )
    policy = policy_from_rules([*TABLE, counted])
    assert policy.first_day_counts and policy.counting.line_start == 9
    result = calculate(policy, "open_ended", None, TODAY, [6])
    assert result.earliest_leave == dt.date(2027, 1, 21)  # 23/11 is day 1 of 60: day 60 is 21/01/2027
    assert result.policy_sources["notice_counting"].source == "corpus"
    assert "chính ngày báo" in result.steps[0].text and "the day the notice is given" in result.steps_en[0]
    # 3 working days from Friday 20/11 with the notice day as day one: Friday 20, Saturday 21, Monday 23
    assert calculate(policy, "fixed_term", 6, dt.date(2026, 11, 20), [6]).earliest_leave == dt.date(
        2026, 11, 23
    )
    # the day one said in brackets after the day it counts from, without "tính"
    bracketed = rule(
        "2. Thời hạn báo trước tính theo ngày dương lịch, kể từ ngày Phòng Nhân sự ký nhận đơn (ngày ký nhận là "
        "ngày thứ nhất); ngày cuối cùng của thời hạn báo trước là ngày làm việc cuối cùng của NLĐ.",
        9,
    )
    assert policy_from_rules([*TABLE, bracketed]).first_day_counts
    # the day after, in so many words: the default count, now cited
    after = policy_from_rules([*TABLE, rule("Thời hạn báo trước được tính từ ngày hôm sau ngày nộp đơn.", 9)])
    assert not after.first_day_counts and after.counting.source == "corpus"
    assert calculate(after, "open_ended", None, TODAY, [6]).earliest_leave == dt.date(2027, 1, 22)
    # where no rule says, the default is named as one
    assert (
        calculate(policy_from_rules(TABLE), "open_ended", None, TODAY, [6])
        .policy_sources["notice_counting"]
        .source
        == "default"
    )


def test_the_question_says_the_contract_and_asks_the_day():
    q = analyse(
        "HĐLĐ của tôi là loại 24 tháng, hôm nay tôi nộp đơn xin nghỉ việc. Sớm nhất đến ngày nào tôi được nghỉ?"
    )
    assert (q.intent, q.notice) == ("notice_end", {"contract": "fixed_term", "contract_months": 24})
    q = analyse(
        "I'm on a two-year contract. If I resign on 1 December 2026, what's the earliest date I can leave?"
    )
    assert q.notice == {"contract": "fixed_term", "contract_months": 24, "notice_date": "1 december 2026"}
    # how much notice a stated contract needs is computed too (its row of the notice table); "mấy" is no May
    q = analyse("Hợp đồng 6 tháng thì xin nghỉ báo trước mấy ngày?")
    assert (q.intent, q.notice) == ("notice_end", {"contract": "fixed_term", "contract_months": 6})


def test_a_sentence_naming_the_day_after_or_denying_day_one_keeps_the_default_count():
    for text in (
        "Ngày liền sau ngày Công ty nhận đơn được tính là ngày thứ nhất.",
        "Ngày nộp đơn không được tính là ngày thứ nhất của thời hạn báo trước.",
        "Thời hạn báo trước không tính cả ngày nộp đơn.",
        "The day after the notice is given counts as day one.",
        "The day the notice is given does not count as the first day of notice.",
    ):
        policy = policy_from_rules([*TABLE, rule(text, 9)])
        assert not policy.first_day_counts and policy.counting.source == "corpus", text
        assert calculate(policy, "open_ended", None, TODAY, [6]).earliest_leave == dt.date(2027, 1, 22), text
    # no notice to give: no counting rule to cite
    assert "notice_counting" not in calculate(policy, "probation", None, TODAY, [6]).policy_sources
