"""A question that asks several things is split into its parts; each part's rule is quoted."""

from __future__ import annotations

import pytest

from agent.compose import compose
from agent.question_parts import MAX_PARTS, part_queries, part_searches, question_parts, searches_by_part
from indexes.search.lexicon import default_lexicon
from tests.agent.passages import passage


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (
            "Vay quỹ tương trợ được tối đa bao nhiêu tiền, có tính lãi không?",
            ["Vay quỹ tương trợ được tối đa bao nhiêu tiền", "có tính lãi không"],
        ),
        (
            "Nghỉ cưới xong thì phải nộp giấy tờ gì và hạn bao lâu?",
            ["Nghỉ cưới xong thì phải nộp giấy tờ gì", "hạn bao lâu"],
        ),
        (  # without accents, "và" and "gì" too
            "bo me ket hon lai thi duoc nghi may ngay va co luong khong",
            ["bo me ket hon lai thi duoc nghi may ngay", "co luong khong"],
        ),
        (
            "nghi cuoi xong thi phai nop giay to gi, han bao lau?",
            ["nghi cuoi xong thi phai nop giay to gi", "han bao lau"],
        ),
        (  # a polite particle after "không"; a sentence's full stop; a question mark with no space after it
            "Em được nghỉ mấy ngày, có được hưởng lương không ạ?",
            ["Em được nghỉ mấy ngày", "có được hưởng lương không ạ"],
        ),
        ("Lương bao nhiêu. Có thưởng không?", ["Lương bao nhiêu", "Có thưởng không"]),
        ("Nghỉ bao lâu?Lương ra sao?", ["Nghỉ bao lâu", "Lương ra sao"]),
        (  # a condition stays with the question after it; the parts are spans of the question as written
            "Tôi có được nghỉ bù không? Nếu không, có được trả tiền không?",
            ["Tôi có được nghỉ bù không", "Nếu không, có được trả tiền không"],
        ),
        (
            "Hết năm tôi còn 10 ngày phép. Được chuyển sang năm sau bao nhiêu ngày, còn bao nhiêu ngày được trả tiền?",
            [
                "Hết năm tôi còn 10 ngày phép. Được chuyển sang năm sau bao nhiêu ngày",
                "còn bao nhiêu ngày được trả tiền",
            ],
        ),
        (
            "Can my husband join the company trip, and how much of his cost does the company pay?",
            ["Can my husband join the company trip", "and how much of his cost does the company pay"],
        ),
        (
            "What are the office hours? Do we work on Saturdays?",
            ["What are the office hours", "Do we work on Saturdays"],
        ),
        (
            "Can I take unpaid leave for a long trip abroad? What's the maximum per year, and who approves it?",
            [
                "Can I take unpaid leave for a long trip abroad",
                "What's the maximum per year",
                "and who approves it",
            ],
        ),
        ("Khi nào được tăng lương và tăng bao nhiêu?", ["Khi nào được tăng lương", "tăng bao nhiêu"]),
        (
            "Is sick leave paid or unpaid, and how many days do I get?",
            ["Is sick leave paid or unpaid", "and how many days do I get"],
        ),
        (  # an exclamation mark ends a sentence: the question after it opens a clause of its own
            "Getting married in December!! How many paid days off do I get, and does the company give anything?",
            [
                "Getting married in December!! How many paid days off do I get",
                "and does the company give anything",
            ],
        ),
        (  # a condition whose own "thì …" asks is a part of its own
            "Năm 2026 tôi có bao nhiêu ngày phép và nếu cưới vợ thì được nghỉ thêm mấy ngày?",
            ["Năm 2026 tôi có bao nhiêu ngày phép", "nếu cưới vợ thì được nghỉ thêm mấy ngày"],
        ),
        (  # "sao" ending a clause asks how, after any verb
            "Được nghỉ mấy ngày, ngày công chuẩn là sao?",
            ["Được nghỉ mấy ngày", "ngày công chuẩn là sao"],
        ),
        (  # "sao" ending a clause asks how
            "Giờ tôi muốn nghỉ việc thì phải báo trước bao lâu, còn khoản nợ quỹ tương trợ xử lý sao?",
            ["Giờ tôi muốn nghỉ việc thì phải báo trước bao lâu", "còn khoản nợ quỹ tương trợ xử lý sao"],
        ),
    ],
)
def test_a_question_of_several_parts(question, parts):
    assert question_parts(question) == parts


@pytest.mark.parametrize(
    "question",
    [
        # a condition joins the question it conditions, indefinite "gì" / "nào" / "ai" inside it ask nothing
        "Nếu nghỉ không phép 2 ngày, có bị trừ lương không?",
        "Nếu bị kỷ luật vì lý do gì, có bị trừ lương không?",
        "Nếu nghỉ bất kỳ ngày nào trong tuần, có bị trừ lương không?",
        "Khi có việc gì gấp, được nghỉ mấy ngày?",
        "When my shift rotation changes, how much rest am I guaranteed in between?",
        # "máy" (a machine), "chưa" and "không" inside a clause, a number's commas and "TP. HCM" ask nothing
        "Tôi là công nhân may, làm ở nhà máy số 2 thì nghỉ trưa bao lâu?",
        "Em nộp hồ sơ vay mà chưa được xét, giờ có được áp dụng mức vay mới không?",
        "My basic salary is 7,200,000 VND. How much is my probation salary?",
        "Đi công tác vào TP. HCM có được đi máy bay không?",
        "The training cost 180 million VND and I have worked 24 months since. If I quit now, how much do I repay?",
        "Nhân viên nào ở TP. HCM được hưởng phụ cấp bao nhiêu?",
        "Ai cũng được nghỉ phép năm, vậy thử việc có được không?",
        "Dù nghỉ lý do gì, có phải báo trước không?",
        # the alternatives of one question
        "Nghỉ ốm có được hưởng lương không, hay bị trừ vào phép năm không?",
        "Is it paid or unpaid?",
        "Is the trip paid or do I pay?",
        "Nghỉ phép hay nghỉ không lương thì tốt hơn?",
        "Phép năm được mấy ngày?",
        "Sắp cưới rồi! Được nghỉ mấy ngày?",  # the scene, exclaimed, asks nothing
        # "chưa … nào" states none yet; a condition whose "thì" clause asks is still one question
        "Tôi chưa nghỉ ngày phép nào; hôm nay tôi có bao nhiêu ngày phép được dùng?",
        "Nếu nghỉ 2 ngày thì có bị trừ lương không?",
        # "sao" asks only after what is done: not "thì sao" before the real question, a hotel's stars, "không sao"
        "Nếu nghỉ 2 ngày thì sao, có bị trừ lương không?",
        "Nhân viên khách sạn 5 sao, được nghỉ mấy ngày?",
        "Nghỉ ốm 1 ngày thì không sao, nhưng nghỉ 3 ngày có cần giấy bác sĩ không?",
        # "thi" (an exam) in an accented question opens no "thì" branch
        "Nếu đi thi chứng chỉ gì đó, có được nghỉ có lương không?",
    ],
)
def test_a_question_of_one_part(question):
    assert question_parts(question) == [question.strip()]
    assert part_queries(question) == [question.strip()]
    assert part_searches(question) == []


def test_each_later_part_is_read_with_the_scene_and_searched():
    question = "Sắp cưới rồi! Được nghỉ mấy ngày, công ty có tặng quà gì không?"
    assert part_queries(question) == [
        "Sắp cưới rồi! Được nghỉ mấy ngày",
        "Sắp cưới rồi! Được nghỉ mấy ngày công ty có tặng quà gì không",  # the gift names no topic of its own
    ]
    assert part_queries(question, topic=False)[1] == "Sắp cưới rồi! công ty có tặng quà gì không"
    assert part_searches(question) == [part_queries(question)[1]]


def test_a_later_part_naming_no_topic_borrows_the_one_before_for_its_search():
    question = "How much is the summer trip budget per person, and can I get cash if I don't go?"
    assert part_queries(question, topic=False)[1] == "and can I get cash if I don't go"
    searched = part_searches(question)
    assert searched[0] == "summer trip and can I get cash if I don't go"
    assert any("nghỉ mát" in s for s in searched[1:])  # in Vietnamese too, for Vietnamese documents
    # what the whole question's own searches asked is not asked again
    assert question not in searched
    # the topic borrowed as the question words it, not its stems ("hour" of "hours")
    borrowed = part_searches("What are the working hours on Saturdays, and are they paid extra?")
    assert borrowed[0] == "working hours and are they paid extra"


LOAN_AMOUNT = passage(
    "cty:muc-3",
    "3. Mức vay và thời hạn vay",
    "Mức vay từ Quỹ tương trợ: tối đa bằng 03 tháng lương theo HĐLĐ nhưng không quá 20.000.000 đồng/người/lần.\n"
    "Thời hạn vay và trả nợ Quỹ tương trợ: tối đa 12 tháng.\n"
    "Hồ sơ vay nộp trước ngày 05 hằng tháng.",
)
LOAN_INTEREST = passage(
    "cty:muc-4",
    "4. Lãi suất",
    "Khoản vay không tính lãi; người vay chỉ trả nợ gốc.",
    rank=1,
)


def test_each_part_gets_its_rule_quoted():
    question = "Vay quỹ tương trợ được tối đa bao nhiêu tiền, có tính lãi không?"
    answer = compose(question, [LOAN_AMOUNT, LOAN_INTEREST], 0.2, True)
    assert not answer.refused
    assert "20.000.000 đồng/người/lần" in answer.text and "không tính lãi" in answer.text
    assert answer.node_ids == ["cty:muc-3", "cty:muc-4"]
    assert "05 hằng tháng" not in answer.text  # what neither part asks is not quoted
    one_part = compose(
        "Vay quỹ tương trợ được tối đa bao nhiêu tiền?", [LOAN_AMOUNT, LOAN_INTEREST], 0.2, True
    )
    assert "không tính lãi" not in one_part.text


CONDITIONS = passage(
    "cty:muc-2",
    "2. Điều kiện vay Quỹ tương trợ",
    "NLĐ có HĐLĐ từ 12 tháng trở lên được vay Quỹ tương trợ khi gia đình gặp khó khăn.",
)
TERMS = passage(
    "cty:muc-3",
    "3. Mức vay Quỹ tương trợ và thời hạn trả nợ",
    "Mức vay: không quá 20.000.000 đồng/người/lần.\n"
    "Hồ sơ vay nộp trước ngày 05 hằng tháng.\n"
    "Thời hạn trả nợ: tối đa 12 tháng.",
    rank=1,
)


def test_parts_answered_in_one_other_section_are_quoted_together():
    question = "Điều kiện vay quỹ tương trợ là gì, vay tối đa bao nhiêu tiền, trả nợ trong bao lâu?"
    answer = compose(question, [CONDITIONS, TERMS], 0.2, True)
    assert answer.node_ids == ["cty:muc-2", "cty:muc-3"]
    assert "20.000.000" in answer.text and "tối đa 12 tháng" in answer.text
    assert answer.text.count("[cty:muc-3]") == 1


ADVANCE = passage("cty:muc-7", "7. Ứng trước ngày phép", "7.3. NLĐ được ứng trước tối đa 02 ngày phép năm.")
AMENDMENT = passage(
    "cty:muc-9",
    "9. Sửa đổi, bổ sung",
    "9.2. Sửa đổi khoản 7.3 như sau: NLĐ được ứng trước tối đa 03 ngày phép năm.",
    rank=1,
)
ANNUAL = passage(
    "cty:muc-6", "6. Số ngày phép năm", "NLĐ làm đủ 12 tháng được nghỉ 12 ngày phép năm.", rank=2
)


def test_a_part_never_brings_back_an_amended_clause():
    question = "Phép năm được mấy ngày, được ứng trước tối đa mấy ngày phép?"
    answer = compose(question, [ADVANCE, AMENDMENT, ANNUAL], 0.2, True)
    assert "03 ngày" in answer.text and "02 ngày" not in answer.text


def test_a_part_found_in_a_clipped_copy_of_a_section_is_quoted_from_the_copy_kept():
    clipped = passage("cty:muc-3", TERMS.title, "Mức vay: không quá 20.000.000 đồng/người/lần.", rank=1)
    whole = TERMS.model_copy(update={"rank": 2})
    question = "Điều kiện vay quỹ tương trợ là gì, vay tối đa bao nhiêu tiền, trả nợ trong bao lâu?"
    answer = compose(question, [CONDITIONS, clipped, whole], 0.2, True)
    assert answer.text.count("[cty:muc-3]") == 1 and "20.000.000" in answer.text


WEDDING_LEAVE = passage(
    "cty:dieu-10",
    "Điều 10. Nghỉ việc riêng",
    "a) Bản thân kết hôn: nghỉ 04 ngày hưởng nguyên lương;\nb) Con kết hôn: nghỉ 01 ngày hưởng nguyên lương;",
)
WEDDING_GIFT = passage(
    "cty:phuc-loi/hieu-hi",
    "Quà hiếu hỉ",
    "| Sự kiện | Quà tặng của Công ty |\n|---|---|\n| Bản thân kết hôn | 1.000.000 đồng |",
    rank=1,
)


# the whole question's search found the benefits section's title, not its table (a clipped hit)
GIFTS_CLIPPED = passage(
    "cty:phuc-loi", "Quà tặng của Công ty", "Phòng Nhân sự lập danh sách hằng quý.", rank=1
)


def test_a_later_part_is_answered_from_its_own_search_when_the_whole_question_found_nothing_for_it():
    question = "Sắp kết hôn rồi! Được nghỉ mấy ngày, công ty có tặng quà gì không?"
    without = compose(question, [WEDDING_LEAVE, GIFTS_CLIPPED], 0.2, True)
    assert "04 ngày" in without.text and "1.000.000" not in without.text
    answer = compose(question, [WEDDING_LEAVE, GIFTS_CLIPPED], 0.2, True, part_hits=[[WEDDING_GIFT]])
    assert "04 ngày" in answer.text and "1.000.000 đồng" in answer.text
    assert answer.node_ids == ["cty:dieu-10", "cty:phuc-loi/hieu-hi"]
    # the first part is the whole question's: a later part's own hit never answers it
    asked_first = "Công ty có tặng quà gì không, nghỉ kết hôn được mấy ngày?"
    first = compose(asked_first, [WEDDING_LEAVE], 0.2, True, part_hits=[[WEDDING_GIFT]])
    assert "04 ngày" in first.text and "1.000.000" not in first.text
    # a part's own hit answers that part only: asked alone, the leave question quotes no gift
    alone = compose(
        "Sắp kết hôn rồi! Được nghỉ mấy ngày?", [WEDDING_LEAVE], 0.2, True, part_hits=[[WEDDING_GIFT]]
    )
    assert "04 ngày" in alone.text and "1.000.000" not in alone.text


def test_only_the_first_parts_of_a_long_question_are_searched_for():
    question = (
        "How many days of annual leave do I get, how much is the lunch allowance, "
        "what is the overtime rate, and who approves a business trip?"
    )
    assert len(question_parts(question)) == 4
    by_part = searches_by_part(question)
    assert len(by_part) == MAX_PARTS - 1  # the step budget is not spent on searches no answer quotes
    assert by_part[0][0] == "how much is the lunch allowance"
    assert part_searches(question) == [s for searches in by_part for s in searches]


def test_a_topic_is_borrowed_in_the_words_of_a_question_holding_symbols():
    question = "What are the ❤️ working hours on Saturdays, and are they paid extra?"
    assert part_searches(question)[0] == "working hours and are they paid extra"


def test_parts_asking_the_same_search_each_get_it():
    question = "What is the notice period, how much is the lunch allowance, how much is the lunch allowance?"
    by_part = searches_by_part(question)
    assert len(by_part[0]) == 2 and by_part[0] == by_part[1]  # each part keeps its searches
    assert part_searches(question) == by_part[0]  # the planner runs them once


def test_the_clause_of_an_earlier_part_in_another_copy_of_its_section_sets_no_bar_for_a_later_part():
    """The leave clause was quoted for "nghỉ mấy ngày" from one copy of its section; another copy ("c) Cha đẻ…")
    ranks high again for "có tặng gì không" through the scene (the father's death), yet says nothing of a gift:
    it neither answers the later part nor hides the gift table's row under its score."""
    clause = (
        "Cha đẻ, mẹ đẻ, cha nuôi, mẹ nuôi; cha mẹ của vợ hoặc chồng; vợ hoặc chồng; con chết: nghỉ 03 ngày"
    )
    whole = passage(
        "cty:dieu-10",
        "Điều 10. Nghỉ việc riêng",
        f"1. NLĐ được nghỉ việc riêng, hưởng nguyên lương:\na) Bản thân kết hôn: nghỉ 04 ngày;\nc) {clause}.",
    ).model_copy(update={"tool": "expand_node"})
    chunk = passage("cty:dieu-10", "Điều 10. Nghỉ việc riêng", clause, rank=1)
    gifts = passage(
        "cty:phuc-loi/hieu-hi",
        "Quà hiếu hỉ",
        "| Sự kiện | Quà tặng của Công ty |\n|---|---|\n| Bản thân kết hôn | 1.000.000 đồng |\n"
        "| Cha, mẹ, vợ hoặc chồng, con chết | 2.000.000 đồng và vòng hoa |",
        rank=2,
    )
    for question in (
        "Cha em chết. Em được nghỉ mấy ngày, công ty có tặng quà gì không?",
        "Lost my father last week. How many days off do I get, and does the company give anything?",
    ):
        expansions = default_lexicon().expansions(question, ())  # "lost my father": "cha mẹ chết", "quà"
        answer = compose(question, [whole, chunk, gifts], 0.2, True, expansions, part_hits=[[gifts, chunk]])
        assert "nghỉ 03 ngày" in answer.text and "2.000.000 đồng và vòng hoa" in answer.text, answer.text
