"""The calculator's parameters: read from what the documents state (cited by span), defaults only otherwise."""

from __future__ import annotations

import datetime as dt

from agent.compose import compose_calculation
from agent.question import analyse
from tools.leave_calculator import accrue_leave
from tools.leave_explain import with_english
from tools.leave_policy import RuleText, group_of, policy_from_rules


def rule(text: str, context: str = "3. Phép năm", start: int = 100) -> RuleText:
    return RuleText(
        doc_id="cong_ty",
        node_id="cong_ty:3-phep-nam",
        text=text,
        context=context,
        title_path=["Chính sách", *context.split(" › ")],
        start=start,
        end=start + len(text),
        line_start=12,
        line_end=12,
    )


STATED = [
    rule("Từ 14 ngày làm việc trở lên không hưởng lương thì không đóng bảo hiểm.", start=10),
    rule("Phép cơ bản | 12 ngày/năm, tích lũy 01 ngày/tháng", context="5. Bảng tóm tắt", start=200),
    rule("Phép năm được tích lũy ngay từ ngày đầu thử việc nhưng **chưa được sử dụng** cho đến khi ký HĐLĐ."),
    rule("Đến hết ngày 31/12, phép chưa nghỉ được chuyển sang năm sau, phải nghỉ hết trước 31/03 năm sau."),
]


def test_a_rule_stated_in_the_corpus_is_never_reported_as_default():
    policy = policy_from_rules(STATED)
    for param in ("days_per_year", "usable_during_probation", "carryover_until"):
        source = policy.source(param)
        assert source.source == "corpus", param
        assert source.line_start == 12 and source.start is not None and source.title_path  # a real location
    assert (
        policy.days_per_year["normal"] == 12
    )  # "từ 14 ngày ... trở lên" is a threshold, not the entitlement
    assert policy.carryover_until == (3, 31)  # the deadline in the next year, not the year's end


def test_a_parameter_no_document_states_is_a_default_and_the_answer_says_so():
    policy = policy_from_rules(STATED)
    assert policy.source("partial_month_min_share").source == "default"
    result = with_english(
        accrue_leave(policy, "20/03/2026", "20/05/2026", "tháng 7", today=dt.date(2026, 11, 23))
    ).model_dump(mode="json")
    vi = compose_calculation(result, [], "Thử việc từ 20/3/2026, chính thức 20/5, tháng 7 có mấy ngày phép?")
    assert "Các tài liệu không nêu cách tính tháng làm việc không trọn" in vi.text
    en = compose_calculation(
        result, [], "I started on 20/3/2026 and was confirmed on 20/5. Leave days in July?"
    )
    assert en.text.startswith("As of 01/07/2026 you have") and "How it was calculated:" in en.text
    assert "The documents do not state how a partial month counts" in en.text
    assert "probation" not in en.text.split("do not state", 1)[1].split(";")[0]  # stated, so not a default


def test_a_table_of_staff_groups_gives_normal_work_its_smallest_entitlement():
    title = "Chương III. NGHỈ HẰNG NĂM › Điều 7. Số ngày nghỉ hằng năm"
    rows = [
        rule(
            "Đăng ký nghỉ hằng năm trước 10 ngày làm việc.", context="Điều 10. Đăng ký nghỉ hằng năm", start=5
        ),
        rule("Nhóm D | Công nhân vận hành lò hơi | 16 ngày làm việc", context=title, start=300),
        rule("Nhóm A | CBNV khối văn phòng; công nhân may | 12 ngày làm việc", context=title, start=200),
        rule("Nhóm C | Công nhân giặt mài (nặng nhọc) | 14 ngày làm việc", context=title, start=250),
    ]
    policy = policy_from_rules(rows)
    assert policy.days_per_year["normal"] == 12  # not the booking notice's "10 ngày", nor the first row read
    assert policy.source("days_per_year").start == 200


def test_a_question_about_the_years_total_gets_the_years_entitlement_not_todays_balance():
    policy = policy_from_rules(STATED)
    result = with_english(accrue_leave(policy, "01/07/2026", None, None, today=dt.date(2026, 11, 23)))
    assert "(4 tháng của năm 2026 × 1 ngày/tháng)" in result.answer  # the months behind the figure
    data = result.model_dump(mode="json")
    en = compose_calculation(
        data, [], "I joined on 1 July 2026. How many days of annual leave for 2026 in total?"
    )
    assert en.text.startswith("For 2026 you are entitled to 6 days of annual leave (pro rata")
    vi = compose_calculation(data, [], "Vào làm từ 01/7/2026 thì năm nay tôi được bao nhiêu ngày phép năm?")
    assert vi.text.startswith("Năm 2026, bạn được 6 ngày phép năm")
    today = compose_calculation(data, [], "Vào làm từ 01/7/2026, hôm nay tôi còn bao nhiêu ngày phép?")
    assert today.text.startswith("Tính đến 23/11/2026, bạn có 4 ngày phép năm có thể sử dụng")


GROUPS_TITLE = "Chương III. NGHỈ HẰNG NĂM › Điều 7. Số ngày nghỉ hằng năm"
GROUP_ROWS = [
    rule(
        "Nhóm A | CBNV khối văn phòng; công nhân may, cắt | 12 ngày làm việc", context=GROUPS_TITLE, start=200
    ),
    rule(
        "Nhóm B | Tổ trưởng chuyền; Trưởng phòng, Quản đốc xưởng | 13 ngày làm việc",
        context=GROUPS_TITLE,
        start=260,
    ),
    rule(
        "Nhóm C | Công nhân là hơi, giặt mài; NLĐ chưa thành niên | 14 ngày làm việc",
        context=GROUPS_TITLE,
        start=330,
    ),
    rule("Nhóm D | Công nhân vận hành lò hơi đốt than | 16 ngày làm việc", context=GROUPS_TITLE, start=400),
]


def test_the_employees_row_of_a_staff_group_table_gives_their_days_and_its_citation():
    policy = policy_from_rules(GROUP_ROWS)
    assert [g.days for g in policy.groups] == [12, 13, 14, 16]
    group = group_of(policy, "em là công nhân giặt mài, vào công ty tháng 3/2020")
    assert group is not None and group.days == 14 and group.source.start == 330
    result = accrue_leave(policy, "2020-03-01", None, None, today=dt.date(2026, 11, 23), group=group)
    assert result.annual_entitlement == 15  # 14 for group C + 1 for six years
    assert result.policy_sources["days_per_year"].start == 330  # cited by the group's own row
    # a word every row has ("công nhân"), or one word shared by chance ("chưa"), picks no row
    assert group_of(policy, "Tôi là công nhân, chưa nghỉ ngày phép nào") is None
    assert group_of(policy, "Tổ trưởng chuyền được mấy ngày phép?").days == 13


def test_years_of_work_without_dates_ask_for_the_years_entitlement():
    q = analyse(
        "Tôi là nhân viên kế toán, đã làm ở công ty được 11 năm. Năm nay tôi có bao nhiêu ngày phép năm?"
    )
    assert q.intent == "leave_calculation" and q.leave.years_of_service == 11
    # leaving the company is no annual-leave question
    assert analyse("I have worked here 3 years; how much notice do I give to leave the company?").intent != (
        "leave_calculation"
    )
    policy = policy_from_rules(GROUP_ROWS)
    result = with_english(accrue_leave(policy, "2015-11-23", None, None, today=dt.date(2026, 11, 23)))
    composed = compose_calculation(result.model_dump(mode="json"), [], q.text)
    assert composed.text.startswith("Năm 2026, bạn được 14 ngày phép năm")  # 12 + 2 for eleven years


def test_a_seniority_step_of_any_years_and_extra_days_from_a_length_of_service():
    rules = [
        rule("Cứ đủ 04 năm làm việc tại Công ty thì số ngày nghỉ hằng năm được tăng thêm 01 ngày.", start=10),
        rule(
            "NLĐ có thời gian làm việc cho Công ty từ đủ 10 năm trở lên được nghỉ thêm 01 ngày tri ân mỗi năm.",
            start=120,
        ),
    ]
    policy = policy_from_rules(rules)
    assert policy.seniority_step_years == 4  # not the law's 5
    assert policy.service_bonuses == [(10, 1.0)]  # a threshold, not a step of 10 years
    assert policy.source("service_bonus").start == 120
    eleven = accrue_leave(policy, "2015-04-15", None, "2026-11-23", years_of_service=11)
    assert eleven.annual_entitlement == 12 + 2 + 1 and eleven.seniority_bonus_days == 3
    nine = accrue_leave(policy, "2017-04-15", None, "2026-11-23", years_of_service=9)
    assert nine.annual_entitlement == 12 + 2  # the extra day only from 10 years
    assert "service_bonus" in eleven.policy_sources


def test_a_stated_five_year_step_written_as_cu_du_05_nam_stays_five():
    policy = policy_from_rules(
        [rule("Cứ đủ 05 năm làm việc cho Công ty, số ngày nghỉ hằng năm được tăng thêm tương ứng 01 ngày.")]
    )
    assert policy.seniority_step_years == 5 and policy.service_bonuses == []
    assert policy.source("seniority").source != "default"


def test_steps_and_thresholds_of_other_things_than_leave_are_not_read():
    other = [
        rule("Người lao động có đủ 15 năm đóng BHXH, cứ mỗi năm đóng được tính thêm 2% mức hưởng.", start=10),
        rule("Cứ đủ 03 năm làm việc, NLĐ được xét nâng thêm 01 bậc lương.", start=20),
        rule("NLĐ từ đủ 18 tuổi trở lên được nghỉ thêm 01 ngày khi hiến máu.", start=30),
    ]
    policy = policy_from_rules(other)
    assert policy.source("seniority").source == "default" and policy.seniority_step_years == 5
    assert policy.service_bonuses == []


def test_tiers_of_service_are_alternatives_and_a_step_with_its_threshold_counts_once():
    tiers = policy_from_rules(
        [
            rule(
                "NLĐ từ đủ 05 năm trở lên được nghỉ thêm 01 ngày; từ đủ 10 năm trở lên được nghỉ thêm 02 ngày.",
                start=10,
            )
        ]
    )
    assert sorted(tiers.service_bonuses) == [(5, 1.0), (10, 2.0)]
    # no step stated: the tiers are the company's scheme, never below the law's step (+1 per 5 years)
    assert (
        accrue_leave(tiers, "2015-01-01", None, "2026-11-23", years_of_service=11).seniority_bonus_days == 2
    )
    assert (
        accrue_leave(tiers, "2006-01-01", None, "2026-11-23", years_of_service=20).seniority_bonus_days == 4
    )
    both = policy_from_rules(
        [rule("Từ đủ 05 năm trở lên, cứ mỗi 05 năm làm việc được nghỉ thêm 01 ngày phép.", start=10)]
    )
    assert both.seniority_step_years == 5 and both.service_bonuses == []
    assert accrue_leave(both, "2020-01-01", None, "2026-11-23", years_of_service=6).seniority_bonus_days == 1
