"""A sentence that refers back to the one before it in its paragraph ("Quá thời hạn này mà không nộp, ...", "Các
phụ cấp này ...", "This is more generous than ...") completes it: quoting the first brings the second, so a rule is
quoted with its consequence."""

from __future__ import annotations

import pytest

from agent.compose import compose
from agent.quote_units import passage_units, refers_back, split_text, with_list_items
from tests.agent.passages import passage

PAPERS = passage(
    "nghi_viec_rieng:2-1",
    "2.1 Nghỉ việc riêng có hưởng lương",
    "Khoản 3. Ngày nghỉ kết hôn được sử dụng trong vòng 30 ngày kể từ ngày đăng ký kết hôn.\n\n"
    "Khoản 4. Trong 05 ngày làm việc sau khi đi làm lại, NLĐ nộp bản chụp giấy chứng nhận đăng ký kết hôn cho bộ "
    "phận Nhân sự. Quá thời hạn này mà không nộp, ngày nghỉ được chuyển thành ngày nghỉ không hưởng lương.\n\n"
    "Khoản 5. Ngày nghỉ tang được nghỉ liên tục.",
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Quá thời hạn này mà không nộp, ngày nghỉ được chuyển thành ngày nghỉ không hưởng lương.", True),
        ("Các phụ cấp này không dùng để tính tiền lương giờ làm thêm.", True),
        ("Trong đó 2 ngày tích lũy trong thời gian thử việc được dùng ngay.", True),
        ("This is more generous than the Labour Code.", True),
        ("Quỹ do Ban Quản lý quỹ điều hành.", False),  # "do" is "by", no reference
        ("Ngày nghỉ tang được nghỉ liên tục.", False),
        ("Nay công ty quy định như sau.", False),  # "nay" (now) is not "này" (this)
    ],
)
def test_a_sentence_refers_back_by_its_opening_words(sentence: str, expected: bool) -> None:
    assert refers_back(sentence) is expected


def test_the_sentence_that_refers_back_follows_the_one_quoted() -> None:
    units = passage_units(PAPERS)
    first = next(i for i, u in enumerate(units) if u.text.startswith("Khoản 4."))
    picked = with_list_items(units, [first], split_text(PAPERS))
    assert [units[i].text[:20] for i in picked] == ["Khoản 4. Trong 05 ng", "Quá thời hạn này mà "]


def test_a_sentence_of_another_paragraph_does_not_follow() -> None:
    units = passage_units(PAPERS)
    third = next(i for i, u in enumerate(units) if u.text.startswith("Khoản 3."))
    assert with_list_items(units, [third], split_text(PAPERS)) == [third]


def test_the_answer_quotes_the_rule_with_its_consequence() -> None:
    answer = compose("Sau khi nghỉ cưới phải nộp giấy đăng ký kết hôn trong bao lâu?", [PAPERS], 0.2, True)
    assert not answer.refused, answer.text
    assert "Trong 05 ngày làm việc sau khi đi làm lại" in answer.text
    assert (
        "Quá thời hạn này mà không nộp, ngày nghỉ được chuyển thành ngày nghỉ không hưởng lương"
        in answer.text
    )
