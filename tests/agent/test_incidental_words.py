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


TRAVEL_BY_GRADE = passage(
    "quy_che:dieu-5",
    "Điều 5. Phương tiện đi công tác",
    "1. CBCNV đi công tác bằng ô tô của Công ty hoặc xe khách; Trưởng phòng trở lên được đi máy bay hạng phổ thông.",
)
TRAVEL_BY_GRADE_NLD = passage(
    "quy_che:dieu-5",
    "Điều 5. Phương tiện đi công tác",
    "1. NLĐ đi công tác bằng ô tô của Công ty hoặc xe khách; Trưởng phòng trở lên được đi máy bay hạng phổ thông.",
)


def test_the_employee_named_in_full_is_supported_by_the_evidence_that_abbreviates_it():
    question = "Nhân viên bình thường đi công tác thì có được đi máy bay không hay phải đi xe?"
    # a short abbreviation counts in its own case only: folded, "nld" is a syllable of any text
    assert {"nhan", "vien"} <= synonym_supported(
        question, [f"{TRAVEL_BY_GRADE_NLD.title} {TRAVEL_BY_GRADE_NLD.text}"]
    )
    assert "vien" not in synonym_supported(question, ["nld đi công tác bằng ô tô"])
    # a longer abbreviation of the same entry ("cán bộ công nhân viên")
    assert {"nhan", "vien"} <= synonym_supported(
        question, [f"{TRAVEL_BY_GRADE.title} {TRAVEL_BY_GRADE.text}"]
    )
    asked = "Nhân viên đi công tác có được đi máy bay không?"
    assert unsupported_words(question_terms(asked), [TRAVEL_BY_GRADE], asked) == {"nhân", "viên"}
    answer = compose(asked, [TRAVEL_BY_GRADE], MIN, quantity=False)
    assert not answer.refused, answer.text
    assert "máy bay" in answer.text


def test_a_colloquial_word_for_pregnant_is_supported_by_the_rule_on_pregnancy():
    question = "Chị đang bầu tháng thứ 8 thì có phải làm ca đêm không?"
    rule = "Không bố trí lao động nữ mang thai từ tháng thứ 07 làm việc ban đêm."
    assert "bau" in synonym_supported(question, [rule])
    assert "bau" not in synonym_supported(question, ["Ca đêm bắt đầu lúc 22:00."])
