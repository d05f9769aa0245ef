"""Words that name no HR topic do not make a question look absent from the documents: names of places and people
("quê Nghệ An", "Sơn Trà"), words with digits ("23h"), and abbreviations of a topic the evidence writes out in full
("BHXH" for "bảo hiểm xã hội")."""

from __future__ import annotations

from agent.compose import compose
from agent.language import synonym_supported
from agent.terms import proper_names, question_terms, unknown_topic_words, unsupported_words
from tests.agent.passages import passage

MIN = 0.2

WEDDING = passage(
    "quy_dinh:2-1-nghi-viec-rieng",
    "2.1 Nghỉ việc riêng có hưởng lương",
    "a) Bản thân kết hôn: nghỉ 03 ngày; nếu lễ cưới tổ chức ở tỉnh, thành phố khác nơi NLĐ làm việc thì được "
    "thêm 01 ngày;",
)
UNPAID = passage(
    "quy_dinh:2-2-nghi-khong-luong",
    "2.2 Nghỉ không hưởng lương",
    "NLĐ nghỉ không hưởng lương từ 14 ngày làm việc trở lên trong tháng thì Công ty và NLĐ không đóng bảo hiểm xã "
    "hội tháng đó.",
)


def test_names_inside_a_sentence_are_names_and_the_first_word_is_not():
    question = "Em làm ở Đà Nẵng nhưng đám cưới tổ chức ở quê Nghệ An thì được nghỉ mấy ngày có lương?"
    assert proper_names(question, True) == {"đà", "nẵng", "nghệ", "an"}
    assert "em" not in proper_names(question, True)  # capitalised as the sentence starts
    # all capitals: an abbreviation, no name
    assert proper_names("Is BHXH paid on trips to Tokyo?", False) == {"tokyo"}
    # one capitalised word that follows no place word is a topic written with a capital, not a name
    assert proper_names("Phụ cấp Gym hằng tháng là bao nhiêu?", True) == set()
    assert proper_names("Đi công tác ở Huế được bao nhiêu?", True) == {"huế"}


def test_a_place_name_or_a_time_no_document_has_is_not_an_absent_topic():
    question = "Đám cưới tổ chức ở quê Nghệ An, ca đêm 23h thì được nghỉ mấy ngày có lương?"
    terms = question_terms(question)
    unknown = unknown_topic_words(terms, ["nghệ", "an", "23h", "quê"], [WEDDING], question)
    assert unknown == {"quê"}  # an ordinary word the documents lack still counts
    assert not {"nghệ", "an", "23h"} & unsupported_words(terms, [WEDDING], question)
    answer = compose(
        "Em làm ở Đà Nẵng nhưng đám cưới tổ chức ở Nghệ An thì được nghỉ mấy ngày có lương?",
        [WEDDING],
        MIN,
        quantity=True,
        unknown_terms=["nghệ", "an"],
    )
    assert not answer.refused, answer.text
    assert "thêm 01 ngày" in answer.text


def test_an_abbreviation_is_supported_by_the_evidence_that_writes_it_out():
    question = "Nghỉ không lương 15 ngày trong tháng thì tháng đó có được đóng BHXH không?"
    assert "bhxh" in synonym_supported(question, [f"{UNPAID.title} {UNPAID.text}"])
    assert "bhxh" not in synonym_supported(question, [f"{WEDDING.title} {WEDDING.text}"])
    answer = compose(question, [WEDDING, UNPAID], MIN, quantity=False, unknown_terms=["BHXH"])
    assert not answer.refused, answer.text
    assert "không đóng bảo hiểm xã" in answer.text


HOLIDAY_ON_REST_DAY = passage(
    "quy_dinh:phan-4",
    "Phần 4. Nghỉ lễ",
    "Khoản 2. Nếu ngày lễ trùng ngày nghỉ hằng tuần thì NLĐ được nghỉ bù vào ngày làm việc kế tiếp, trong vòng "
    "30 ngày.",
)
APPROVAL = passage(
    "noi_quy:dieu-10",
    "Điều 10. Nghỉ không hưởng lương",
    "3. Nghỉ không hưởng lương trên 14 ngày do Tổng Giám đốc duyệt đơn.",
)


def test_words_of_coinciding_and_of_asking_which_level_are_no_missing_topic():
    question = "Lễ rơi đúng vào ngày nghỉ hằng tuần thì có được nghỉ bù không?"
    terms = question_terms(question)
    assert unsupported_words(terms, [HOLIDAY_ON_REST_DAY], question) == set()  # "rơi", "đúng" say when
    assert not compose(question, [HOLIDAY_ON_REST_DAY], MIN, quantity=False).refused
    who = "Xin nghỉ không lương 20 ngày thì cấp nào duyệt đơn?"
    assert "cấp" not in question_terms(who).words  # "cấp nào" asks who, like "ai"
    answer = compose(who, [APPROVAL], MIN, quantity=False)
    assert not answer.refused and "Tổng Giám đốc" in answer.text


def test_which_allowance_keeps_the_allowance_as_its_topic():
    assert {"phụ cấp"} <= question_terms("Nhân viên lễ tân được hưởng phụ cấp nào?").bigrams
    once = passage(
        "noi_quy:dieu-3", "Điều 3. Thử việc", "2. Chỉ được thử việc một lần đối với một công việc."
    )
    assert not compose(
        "Được thử việc bao nhiêu lần?", [once], MIN, quantity=True
    ).refused  # "một lần" is a count
