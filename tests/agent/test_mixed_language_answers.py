"""A Vietnamese question answered from a document written in English: the passage's English terms are read
through the lexicon (its gloss) when checking what it states and ranking its units; the quote stays verbatim."""

from __future__ import annotations

from agent.compose import _concept_cover, compose
from agent.evidence import gloss, glossed
from tests.agent.passages import passage

MIN = 0.2


CARRY_OVER = passage(
    "handbook:4-6-carry-over",
    "4.6 Carry-over of unused annual leave",
    "Up to 5 unused days of annual leave are carried over to the next year and must be taken by 31 March.\n\n"
    "Any other unused days are paid with the January payroll.",
    title_path=["Employee Handbook", "4.6 Carry-over of unused annual leave"],
)
DORMITORY = passage(
    "so_tay:a-2",
    "A.2 Phí ở ký túc xá",
    "Phí ở ký túc xá là 150.000 đồng/người/tháng, đã gồm điện nước.",
    rank=1,
    title_path=["Employee Handbook", "A.2 Phí ở ký túc xá"],
)


def test_an_english_passage_is_glossed_in_vietnamese_and_a_vietnamese_one_is_not():
    assert "nghỉ hằng năm" in gloss(CARRY_OVER.text) or "phép năm" in gloss(CARRY_OVER.text)
    assert gloss(DORMITORY.text) == ""
    assert glossed(DORMITORY) is DORMITORY
    assert glossed(CARRY_OVER).text.startswith(CARRY_OVER.text)


def test_a_vietnamese_question_is_answered_from_the_english_handbook_with_a_verbatim_quote():
    answer = compose(
        "Phép năm chưa nghỉ hết được chuyển sang năm sau tối đa bao nhiêu ngày?",
        [DORMITORY, CARRY_OVER],
        MIN,
        quantity=True,
        expansions=["nghỉ hằng năm"],  # the lexicon's legal term; the English ones come from the gloss
    )
    assert not answer.refused, answer.text
    assert answer.node_ids[0] == "handbook:4-6-carry-over"
    assert "Up to 5 unused days of annual leave are carried over" in answer.text
    assert answer.text.startswith("Theo")  # framed in the question's language


def test_a_vietnamese_question_the_english_handbook_does_not_answer_is_still_refused():
    answer = compose(
        "Công ty có hỗ trợ học phí cho con nhân viên không?",
        [CARRY_OVER],
        MIN,
        quantity=False,
        expansions=["tuition"],
    )
    assert answer.refused


PER_DIEM = passage(
    "travel:4-1-domestic-per-diem",
    "4.1 Domestic per diem",
    "Employees on a domestic business trip with an overnight stay receive a per diem of 350,000 VND per day.",
    title_path=["Travel Expense Policy", "4.1 Domestic per diem"],
)


def test_an_english_passage_is_read_through_every_vietnamese_wording_of_its_terms():
    # "per diem" is "phụ cấp lưu trú" first in the lexicon; a question may say "công tác phí" just as well
    assert "phụ cấp lưu trú" in gloss(PER_DIEM.text)
    assert "công tác phí" in gloss(PER_DIEM.text)
    answer = compose(
        "Đi công tác trong nước thì công tác phí bao nhiêu một ngày?",
        [DORMITORY, PER_DIEM],
        MIN,
        quantity=True,
    )
    assert not answer.refused, answer.text
    assert answer.node_ids[0] == "travel:4-1-domestic-per-diem"
    assert "350,000 VND per day" in answer.text


def test_a_handbooks_everyday_words_are_glossed_as_the_standard_terms():
    # "PTO" is the annual leave and "into the next year" the carry-over, though the text never says either
    unused = passage(
        "handbook:unused-pto",
        "Unused PTO",
        "You can carry up to 4 unused PTO days into the next year. Carried days must be used by 30 April.",
        title_path=["People Handbook", "Paid time off", "Unused PTO"],
    )
    shown = gloss(unused.text)
    assert "phép năm" in shown and "chuyển phép sang năm sau" in shown
    answer = compose(
        "Phép năm chưa nghỉ hết có được chuyển sang năm sau không, tối đa mấy ngày?", [unused], 0.5, True
    )
    assert not answer.refused and "4 unused PTO days" in answer.text, answer.text


ANNUAL_LEAVE = passage(
    "noi_quy:dieu-8",
    "Điều 8. Nghỉ hằng năm",
    "1. NLĐ làm việc đủ 12 tháng được nghỉ hằng năm 12 ngày làm việc, hưởng nguyên lương.\n"
    "2. Trong thời gian cao điểm (từ 15/6 đến 31/8 và từ 20/12 đến 05/01 năm sau), NLĐ Khối vận hành chỉ được "
    "nghỉ hằng năm không quá 02 ngày liên tục.",
    title_path=["Nội quy lao động", "Điều 8. Nghỉ hằng năm"],
)
LEARNING = passage(
    "handbook:learning",
    "Learning and development",
    "• Cross-exposure: up to 2 weeks a year working at another hotel of the group.\n"
    "• If you leave before the end of the commitment, you repay the cost in proportion to the months remaining.",
    rank=1,
    title_path=["Colleague Handbook", "Learning and development"],
)


def test_an_english_question_on_leave_is_answered_by_the_article_on_a_kind_of_leave():
    # "nghỉ hằng năm" (annual leave) states no wording of "leave" itself, but is a kind of leave; the English
    # handbook's "if you leave" is the verb, and Christmas falls in the peak season's dates
    answer = compose(
        "can I take leave over christmas / new year? I work at the front desk",
        [LEARNING, ANNUAL_LEAVE],
        MIN,
        quantity=False,
        expansions=["nghỉ phép", "nghỉ việc có phép", "hằng năm"],  # the lexicon's, as the search gives them
    )
    assert not answer.refused, answer.text
    assert "noi_quy:dieu-8" in answer.node_ids
    assert "từ 20/12 đến 05/01 năm sau" in answer.text


def test_a_passage_stating_a_kind_of_the_asked_concept_covers_it():
    # the check already counted a kind of the concept as the concept ("nghỉ hằng năm" is a leave); the coverage
    # that decides which passages may be quoted now does too
    question = "can I take leave over christmas?"
    assert _concept_cover(ANNUAL_LEAVE, question) == 1.0
    assert _concept_cover(DORMITORY, question) == 0.0
