"""A table keyed by ranges (seniority, an amount, hours a shift) answers the asker from the row whose range holds
the quantity they state ("đã làm 5 năm" → "Từ đủ 03 năm đến dưới 07 năm"), quoted with its header; a number's
thousands groups are no separate words ("5.000.000" does not hold the "5" of "5 năm")."""

from __future__ import annotations

import math

import pytest

from agent.compose import compose
from agent.terms import words_of
from indexes.ranges import Quantity, matching_rows, row_range, stated_quantities
from tests.agent.passages import passage

SUPPORT = passage(
    "tham_quan:dieu-3",
    "Điều 3. Mức hỗ trợ",
    "1. Mức hỗ trợ cho mỗi CBCNV tham gia chuyến tham quan, nghỉ mát:\n\n"
    "| Thời gian làm việc tại Công ty | Mức hỗ trợ (đồng/người/năm) |\n|---|---|\n"
    "| Từ đủ 06 tháng đến dưới 03 năm | 3.000.000 |\n| Từ đủ 03 năm đến dưới 07 năm | 4.000.000 |\n"
    "| Từ đủ 07 năm đến dưới 15 năm | 5.000.000 |\n| Từ đủ 15 năm trở lên | 6.000.000 |",
)


@pytest.mark.parametrize(
    ("key", "low", "high", "dimension"),
    [
        ("Từ đủ 06 tháng đến dưới 03 năm", 6, 36, "months"),
        ("Dưới 06 tháng hoặc đang thử việc", -math.inf, 6, "months"),
        ("Từ 150.000.000 đồng trở lên", 150_000_000, math.inf, "money"),
        ("Ca bán thời gian từ 04 đến dưới 06 giờ", 4, 6, "hours"),
        ("Under 15,000,000 VND", -math.inf, 15_000_000, "money"),
        ("1–3 years", 12, 36, "months"),
    ],
)
def test_a_rows_key_states_its_range(key: str, low: float, high: float, dimension: str) -> None:
    found = row_range(key)
    assert found is not None
    assert (found.low, found.high, found.dimension) == (low, high, dimension)


def test_a_key_without_a_range_states_none() -> None:
    assert row_range("L3 – Chuyên viên") is None
    assert row_range("Nghỉ hằng tuần (Chủ nhật)") is None


def test_the_bounds_are_inclusive_as_worded() -> None:
    three_to_seven = row_range("Từ đủ 03 năm đến dưới 07 năm")
    assert three_to_seven is not None
    assert three_to_seven.holds(Quantity(36, "months")) and not three_to_seven.holds(Quantity(84, "months"))
    over = row_range("Trên 10 năm")
    assert over is not None and not over.holds(Quantity(120, "months"))


def test_the_quantities_a_question_states() -> None:
    assert stated_quantities("Tôi đã làm 3 năm 2 tháng") == [Quantity(38, "months")]
    assert stated_quantities("I've worked here two years") == [Quantity(24, "months")]
    assert stated_quantities("khóa học 30 triệu thì cam kết bao lâu") == [Quantity(30_000_000, "money")]
    # a date's month and year are no quantity
    assert stated_quantities("Tôi vào làm ngày 01/10/2025, đến tháng 7 năm 2026 thì sao?") == []


def test_only_a_table_of_ranges_has_matching_rows() -> None:
    keys = ["Dưới 12 tháng", "Từ đủ 12 tháng trở lên"]
    assert matching_rows(keys, "Tôi đã làm được 8 tháng") == [0]
    assert matching_rows(["Dưới 12 tháng", "Không xác định thời hạn"], "làm 8 tháng") == []
    assert matching_rows(keys, "nghỉ 3 ngày") == []  # days are not months


def test_the_row_holding_the_askers_seniority_is_quoted_alone() -> None:
    answer = compose(
        "Tôi đã làm ở công ty 5 năm thì được hỗ trợ tham quan bao nhiêu tiền?", [SUPPORT], 0.2, True
    )
    assert not answer.refused, answer.text
    assert "Từ đủ 03 năm đến dưới 07 năm | 4.000.000" in answer.text
    assert "Thời gian làm việc tại Công ty | Mức hỗ trợ" in answer.text  # the header says what the figure is
    assert "5.000.000" not in answer.text and "3.000.000" not in answer.text


def test_an_english_question_gets_the_same_row() -> None:
    question = "I have worked here for 16 years, how much trip support do I get?"
    # the lexicon's Vietnamese wordings, as the search passes them on
    answer = compose(question, [SUPPORT], 0.2, True, expansions=["tham quan nghỉ mát", "mức hỗ trợ"])
    assert not answer.refused, answer.text
    assert "Từ đủ 15 năm trở lên | 6.000.000" in answer.text and "4.000.000" not in answer.text


def test_without_a_stated_quantity_the_small_table_is_quoted_whole() -> None:
    answer = compose("Mức hỗ trợ tham quan nghỉ mát là bao nhiêu tiền?", [SUPPORT], 0.2, True)
    assert all(f"{n}.000.000" in answer.text for n in (3, 4, 5, 6))


def test_grouped_thousands_are_one_word() -> None:
    assert words_of("5.000.000 đồng") == ["5000000", "dong"]
    assert words_of("15,000,000 VND") == ["15000000", "vnd"]
    assert words_of("khoản 5.2") == ["khoan", "5", "2"]
    assert words_of("lương 15 triệu") == ["luong", "15000000", "trieu"]
    assert words_of("1,5 million or 500k") == ["1500000", "million", "or", "500000", "k"]


def test_the_askers_row_ranks_above_a_section_repeating_the_topic() -> None:
    organised = passage(
        "tham_quan:dieu-2",
        "Điều 2. Hình thức tổ chức",
        "1. Công ty hỗ trợ tổ chức tham quan, nghỉ mát tập thể mỗi năm một lần; ngày đi tham quan nghỉ mát trùng "
        "ngày làm việc được tính là ngày làm việc, tối đa 02 ngày mỗi năm.",
    )
    question = "Tôi làm ở công ty được 5 năm thì đi tham quan nghỉ mát được hỗ trợ bao nhiêu?"
    answer = compose(question, [organised, SUPPORT], 0.2, True)
    first = answer.text.split("\n")[0]
    assert first.startswith("Theo Điều 3. Mức hỗ trợ") and "4.000.000" in first, answer.text


@pytest.mark.parametrize(
    ("key", "low", "low_in", "high", "high_in"),
    [
        ("Đến 03 ngày", -math.inf, False, 3, True),
        ("Từ trên 03 ngày đến 14 ngày", 3, False, 14, True),
        ("Trên 14 ngày (tối đa 30 ngày/năm)", 14, False, math.inf, False),  # a note in brackets is no bound
        ("Trên 20.000.000 đồng đến 50.000.000 đồng", 20_000_000, False, 50_000_000, True),
    ],
)
def test_the_operators_say_which_bounds_are_inclusive(
    key: str, low: float, low_in: bool, high: float, high_in: bool
) -> None:
    found = row_range(key)
    assert found is not None
    assert (found.low, found.low_inclusive, found.high, found.high_inclusive) == (low, low_in, high, high_in)


def test_shift_times_are_no_range_of_hours() -> None:
    assert row_range("Ca 1 (6h - 14h)") is None
    assert matching_rows(["Ca 1 (6h - 14h)", "Ca 2 (14h - 22h)"], "làm 8 tiếng") == []


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("vào làm ngày 1 tháng 7 năm 2024", []),
        ("con em 18 tháng tuổi", []),
        ("ca bắt đầu lúc 8 giờ", []),
        ("đi làm 8 giờ sáng", []),
        ("ca 5 tiếng thì ăn ca bao nhiêu", [Quantity(5, "hours")]),
        ("mỗi ngày 10 tiếng", [Quantity(10, "hours")]),
        ("còn nợ 15 triệu", [Quantity(15_000_000, "money")]),
        ("đã làm 2 năm rưỡi", [Quantity(30, "months")]),
        ("6 tháng 15 ngày", [Quantity(6, "months"), Quantity(15, "days")]),
    ],
)
def test_dates_ages_and_times_are_no_quantity(question: str, expected: list[Quantity]) -> None:
    assert stated_quantities(question) == expected


def test_two_quantities_of_the_tables_dimension_pick_no_row() -> None:
    keys = ["Dưới 5 năm", "Từ 5 năm trở lên"]
    assert matching_rows(keys, "Hợp đồng 1 năm, tôi đã làm 6 năm") == []
    assert matching_rows(keys, "Tôi đã làm 6 năm") == [1]


def test_an_approval_table_keyed_by_days_answers_with_the_askers_row() -> None:
    approvals = passage(
        "noi_quy:dieu-16",
        "Điều 16. Nghỉ không hưởng lương",
        "| Số ngày nghỉ không hưởng lương | Người phê duyệt |\n|---|---|\n| Đến 03 ngày | Trưởng bộ phận |\n"
        "| Từ trên 03 ngày đến 14 ngày | Giám đốc Nhân sự |\n| Trên 14 ngày (tối đa 30 ngày/năm) | Tổng Giám đốc |",
    )
    answer = compose("Tôi muốn nghỉ không hưởng lương 2 ngày thì ai phê duyệt?", [approvals], 0.2, False)
    assert "Đến 03 ngày | Trưởng bộ phận" in answer.text
    assert "Tổng Giám đốc" not in answer.text and "Giám đốc Nhân sự" not in answer.text


def test_the_dong_of_lao_dong_is_no_currency() -> None:
    from agent.quote_units import _states_kind

    assert _states_kind("amount", "Mức hỗ trợ (đồng/người/năm) … Từ đủ 03 năm | 4.000.000")
    assert not _states_kind("amount", "Người lao động làm thêm không quá 1.000 giờ trong một năm")
