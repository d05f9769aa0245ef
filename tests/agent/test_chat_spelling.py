"""Vietnamese chat spelling is read as the words it stands for; English and the other readings of an
abbreviation are left alone."""

import pytest

from agent.chat_spelling import read_chat_spelling
from agent.courtesy import core_question


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("nghỉ phép đc bn ngày ko ạ", "nghỉ phép được bao nhiêu ngày không ạ"),
        ("cty có hỗ trợ điện thoại ko, ntn v?", "công ty có hỗ trợ điện thoại không, như thế nào vậy?"),
        (
            "nghi om dc huong bn % luong k?",
            "nghi om duoc huong bao nhieu % luong khong?",
        ),  # typed without accents
        (
            "Phụ cấp 500k có đc tính thuế k?",
            "Phụ cấp 500k có được tính thuế không?",
        ),  # the thousand of "500k" stays
    ],
)
def test_chat_abbreviations_are_read_as_their_words(typed: str, read: str) -> None:
    assert read_chat_spelling(typed) == read


@pytest.mark.parametrize(
    "question",
    [
        "Is overtime vs weekend work paid the same?",  # English
        "Nghỉ ốm thì báo cho bn nào?",  # "bn" as "bạn": no unit follows, not the question's end
        "Trưởng nhóm (TN) duyệt đơn trong mấy ngày?",
        "Phòng R&D có e-mail riêng, v.v. thì sao?",  # "R&D", "e-mail", "v.v." are no chat
        "Nhân viên nhóm E, hạng V được phụ cấp bao nhiêu?",  # letters labelling groups
        "Sản phẩm NG và phòng VS do ai phụ trách?",  # codes in capitals
        "Điểm k khoản 1 áp dụng cho ai?",
    ],
)
def test_other_readings_are_left_as_written(question: str) -> None:
    assert read_chat_spelling(question) == question


def test_a_chat_question_to_hr_reads_as_the_plain_question() -> None:
    assert core_question("a chị ơi cho e hỏi thử việc đc hưởng bn % lương ạ? e cảm ơn") == (
        "thử việc được hưởng bao nhiêu % lương?"
    )
