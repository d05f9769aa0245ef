"""A count of things asked for ("mấy bộ đồng phục?") is answered only by a rule that counts them."""

from __future__ import annotations

import pytest

from agent.compose import compose
from agent.counted import asked_count, states_count
from tests.agent.passages import passage

UNIFORM_RULE = passage(
    "cty:dieu-2",
    "Điều 2. Trang phục và thẻ nhân viên",
    "1. Trong giờ làm việc, NLĐ khối sản xuất phải mặc đồng phục do Công ty cấp.\n"
    "2. Làm mất thẻ nhân viên phải báo ngay để cấp lại; phí cấp lại từ lần thứ hai là 30.000 đồng/thẻ.",
)
UNIFORM_ISSUE = passage(
    "cty:dong-phuc",
    "Đồng phục",
    "Mỗi năm Công ty cấp 02 bộ đồng phục cho mỗi NLĐ khối sản xuất vào tháng 3.",
)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Mỗi năm công nhân được cấp mấy bộ đồng phục?", "sets"),
        ("cong ty phat may bo dong phuc mot nam", "sets"),
        ("How many pairs of safety boots do we get a year?", "pairs"),
        ("Du lịch tự túc được thanh toán tối đa mấy chuyến một năm?", "trips"),
        ("Công ty có bao nhiêu bộ phận?", None),  # a department is no set
        # with accents, "máy bộ đàm" (a radio) and "may" (to sew) count nothing; "chuyên viên" is no trip
        ("Nhân viên bảo vệ có được cấp máy bộ đàm không?", None),
        ("Công ty có may bộ đồng phục mới không?", None),
        ("Phòng có bao nhiêu chuyên viên?", None),
        ("phong co bao nhieu chuyen vien", None),
        ("Có mấy cái cần lưu ý khi nghỉ phép?", None),  # "cái": things, not pieces
        ("Nghỉ phép năm được mấy ngày?", None),
    ],
)
def test_the_thing_counted_is_recognised(question, kind):
    assert asked_count(question) == kind


def test_a_count_is_stated_in_digits_or_words_not_by_another_figure():
    assert states_count("sets", "cấp 02 bộ đồng phục") and states_count("sets", "cấp hai bộ")
    assert states_count("sets", "Mỗi năm Công ty cấp 02 (hai) bộ đồng phục")  # the number in words beside it
    assert states_count("pairs", "cấp 02 đôi giày bảo hộ")  # an English question over a Vietnamese rule
    assert states_count("pairs", "two pairs of boots")
    assert not states_count("sets", "phí cấp lại 30.000 đồng/thẻ")
    assert not states_count("sets", "mỗi bộ phận cử một người")


def test_a_rule_stating_another_figure_does_not_answer_a_count():
    question = "Mỗi năm công nhân được cấp mấy bộ đồng phục?"
    refused = compose(question, [UNIFORM_RULE], 0.2, True)
    assert refused.refused and "30.000" not in refused.text
    answered = compose(question, [UNIFORM_RULE, UNIFORM_ISSUE], 0.2, True)
    assert not answered.refused and "02 bộ" in answered.text
