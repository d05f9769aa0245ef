"""English questions as employees type them: a Vietnamese term quoted in the middle ("my thưởng chuyên cần", "the
quyết toán"), a scene before what is asked. The term is searched as written and is what the
evidence must hold; the English words around it are judged as English; what the asking clause names picks the
quote."""

from __future__ import annotations

from agent.compose import compose, question_terms, wanted_concepts
from agent.language import asked_concepts, vietnamese_query, vietnamese_terms
from tests.agent.test_compose import passage

MIN = 0.2

ATTENDANCE = passage(
    "luong:muc-iv",
    "Mục IV. Thưởng chuyên cần",
    "4.2 Mức thưởng hằng tháng: đủ công, không đi muộn, về sớm: 500.000 đồng.\n"
    "4.3 Không bị trừ: ngày nghỉ phép năm, nghỉ lễ, Tết, ngày đi công tác và ngày nghỉ bù không làm giảm "
    "thưởng chuyên cần.",
)
LATENESS = passage(
    "noi_quy:dieu-15",
    "Điều 15. Đi muộn, về sớm",
    "1. Có mặt tại vị trí làm việc sau giờ bắt đầu ca quá 05 phút được tính là 01 lần đi muộn; rời vị trí trước "
    "giờ kết thúc ca được tính là 01 lần về sớm. Đi muộn, về sớm 03 lần trong tháng bị nhắc nhở bằng văn bản.",
)
SHUTTLE = passage(
    "phuc_loi:phan-b",
    "Phần B. Xe đưa đón",
    "Công ty bố trí xe đưa đón miễn phí theo 04 tuyến.\n"
    "Giờ chạy: xe đến nhà máy trước giờ bắt đầu ca 20 phút và rời nhà máy 15 phút sau khi hết ca.",
    rank=1,
)


def test_the_english_words_around_a_quoted_vietnamese_term_stay_english():
    question = "Was sent to a customer in Hai Phong for 3 days last week. Will those days cut my thưởng chuyên cần this month?"
    words = question_terms(question).words
    assert {"thưởng", "chuyên", "cần"} <= words
    assert not {"my", "thi", "this", "those"} & words  # beside the term, still English function words
    answer = compose(question, [ATTENDANCE], MIN, quantity=False)
    # the English words no Vietnamese rule says ("customer", "sent") do not refuse a rule stating the term
    assert not answer.refused and "không làm giảm" in answer.text


def test_a_quoted_vietnamese_term_is_searched_as_written():
    question = "Still haven't done the quyết toán for my last trip. Can I get an advance for the next one?"
    assert vietnamese_terms(question) == ["quyết toán"]
    assert vietnamese_query(question).startswith("quyết toán ")
    # a capitalised syllable opens the term, and is no English word ("Lao", not Laos)
    prize = "I got 'Lao động giỏi' for 2025. How much will the company put toward my summer trip?"
    assert vietnamese_terms(prize) == ["Lao động giỏi"]
    assert "Lào" not in vietnamese_query(prize)
    assert vietnamese_terms("My thưởng chuyên cần is late") == ["thưởng chuyên cần"]  # "My" is English
    # a syllable without accents inside the term stays in it ("lao" of "người lao động" is no English word)
    conference = (
        "I'm organising this year's hội nghị người lao động: 120 people, full day. What's the max we can spend on "
        "drinking water?"
    )
    assert vietnamese_terms(conference) == ["hội nghị người lao động"]
    assert vietnamese_query(conference).startswith("hội nghị người lao động ")
    assert "Lào" not in vietnamese_query(conference)
    assert vietnamese_terms("the quyết toán and tạm ứng forms") == [
        "quyết toán",
        "tạm ứng",
    ]  # "and" is English


def test_what_the_asking_clause_names_is_quoted_not_the_scene():
    question = (
        "I take the shuttle home after ca 2 and sometimes I'm a bit late getting changed. "
        "How long does the bus wait after the shift ends?"
    )
    # the subordinate clause ("after the shift ends") says when, not what is asked
    assert [c.asked for c in asked_concepts(question)] == ["bus"]
    answer = compose(question, [LATENESS, SHUTTLE], MIN, quantity=False)
    assert not answer.refused and answer.node_ids[0] == "phuc_loi:phan-b"
    assert "15 phút sau khi hết ca" in answer.text


def test_anything_names_no_thing_the_company_must_be_said_to_give():
    assert wanted_concepts("Does the company give his family anything?") == []
    assert [c.asked for c in wanted_concepts("Does the company give a cash gift when I marry?")] == ["gift"]
