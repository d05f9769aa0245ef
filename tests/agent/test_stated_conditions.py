"""A sentence or list item whose condition holds the duration or amount the asker states answers before its
neighbours: "hợp đồng 3 tuần" is one of "HĐLĐ có thời hạn dưới 01 tháng", "nghỉ 7 ngày" one of "nghỉ từ 05 ngày trở
lên". A cap ("không quá 06 tháng", "tối đa 30 ngày") limits what is granted and is no condition."""

from __future__ import annotations

import math

import pytest

from agent.compose import compose
from agent.quote_units import rank_units
from agent.terms import question_terms
from indexes.ranges import (
    Quantity,
    Range,
    condition_ranges,
    holds_stated,
    situation_quantities,
    stated_quantities,
)
from tests.agent.passages import passage

PROBATION = passage(
    "noi_quy:dieu-3",
    "Điều 3. Thử việc",
    "1. Thời gian thử việc do hai bên thỏa thuận một lần đối với một công việc, cụ thể:\n\n"
    "a) 60 ngày đối với chức danh cần trình độ từ cao đẳng trở lên;\n\n"
    "b) 06 ngày làm việc đối với lao động phổ thông.\n\n"
    "2. Tiền lương trong thời gian thử việc bằng 90% mức lương của công việc đó.\n"
    "3. Chậm nhất 03 ngày trước khi hết thời gian thử việc, Trưởng đơn vị gửi kết quả đánh giá thử việc; đạt yêu "
    "cầu thì Công ty ký HĐLĐ.\n"
    "4. Trong thời gian thử việc, mỗi bên có quyền chấm dứt thỏa thuận thử việc mà không cần báo trước.\n"
    "5. Không áp dụng thử việc đối với HĐLĐ có thời hạn dưới 01 tháng.",
)


def test_a_sentence_states_the_ranges_of_its_conditions() -> None:
    assert condition_ranges("Không áp dụng thử việc đối với HĐLĐ có thời hạn dưới 01 tháng.") == [
        Range(-math.inf, False, 1.0, False, "months")
    ]
    ranges = condition_ranges("Nghỉ từ 05 ngày trở lên phải làm đơn trước 15 ngày.")
    assert ranges == [Range(5.0, True, math.inf, False, "days")]
    # a two-sided range is one condition, not its two sides apart
    assert condition_ranges("Từ đủ 03 năm đến dưới 07 năm được thêm 02 ngày") == [
        Range(36.0, True, 84.0, False, "months")
    ]


def test_a_cap_is_no_condition() -> None:
    assert condition_ranges("kéo dài thời hạn nâng lương không quá 06 tháng") == []
    assert condition_ranges("Nghỉ không hưởng lương tối đa 30 ngày mỗi năm.") == []
    assert not holds_stated(
        "kéo dài thời hạn nâng lương không quá 06 tháng", stated_quantities("cách đây 2 tháng")
    )


def test_weeks_and_days_are_compared_with_months() -> None:
    rule = "Không áp dụng thử việc đối với HĐLĐ có thời hạn dưới 01 tháng."
    assert holds_stated(rule, stated_quantities("my contract is only for three weeks"))
    assert not holds_stated(rule, stated_quantities("hợp đồng 45 ngày"))
    assert not holds_stated(rule, stated_quantities("hợp đồng 2 năm"))


def test_two_quantities_of_one_dimension_hold_no_condition() -> None:
    rule = "Nghỉ từ 05 ngày trở lên phải làm đơn trước 15 ngày."
    assert holds_stated(rule, stated_quantities("Tôi nghỉ 7 ngày thì báo trước bao lâu?"))
    # which of the two is the leave asked about?
    assert not holds_stated(rule, stated_quantities("Hợp đồng 3 tuần, nghỉ 7 ngày có được không?"))


@pytest.mark.parametrize(
    ("question", "expansions"),
    [
        ("HĐLĐ của tôi chỉ 3 tuần thì có phải thử việc không?", None),
        ("Is there a trial period if my contract is only for three weeks?", ["thử việc", "HĐLĐ"]),
    ],
)
def test_the_sentence_whose_condition_holds_the_askers_contract_ranks_first(
    question: str, expansions: list[str] | None
) -> None:
    ranked = rank_units([PROBATION], question_terms(question, expansions), False)
    assert ranked[0][3] == "5. Không áp dụng thử việc đối với HĐLĐ có thời hạn dưới 01 tháng."


def test_english_the_same_sentence_is_quoted() -> None:
    answer = compose(
        "Is there a trial period if my contract is only for three weeks?",
        [PROBATION],
        0.2,
        False,
        expansions=["thử việc", "hợp đồng lao động"],
    )
    assert not answer.refused, answer.text
    assert "Không áp dụng thử việc đối với HĐLĐ có thời hạn dưới 01 tháng" in answer.text


def test_a_bound_asked_about_is_no_fact_of_the_askers_situation() -> None:
    assert situation_quantities("Can overtime go over 200 hours this year?") == []
    assert situation_quantities("Làm thêm quá 40 giờ một tháng có được không?") == []
    assert situation_quantities("Tôi bị khiển trách cách đây 2 tháng") == [Quantity(2.0, "months")]
    overtime = "5. Làm thêm liên tục từ 02 giờ trở lên sau giờ làm việc được bồi dưỡng một suất ăn."
    assert not holds_stated(overtime, situation_quantities("Can overtime go over 200 hours this year?"))


def test_a_time_of_day_is_no_condition_on_hours() -> None:
    hours = "Buổi sáng: từ 8 giờ 30 đến 12 giờ 00; buổi chiều từ 13 giờ đến 17 giờ 30."
    assert condition_ranges(hours) == []
    assert not holds_stated(
        hours, situation_quantities("Tôi làm thêm 10 giờ một tuần thì được trả bao nhiêu?")
    )
    # a duration is one: "từ 02 giờ trở lên", "từ 04 đến dưới 06 giờ"
    assert condition_ranges("Làm thêm liên tục từ 02 giờ trở lên được bồi dưỡng một suất ăn.") == [
        Range(2.0, True, math.inf, False, "hours")
    ]
    assert condition_ranges("Ca bán thời gian từ 04 đến dưới 06 giờ") == [
        Range(4.0, True, 6.0, False, "hours")
    ]
