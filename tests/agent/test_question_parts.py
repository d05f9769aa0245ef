"""A question that asks several things is split into its parts; each part's rule is quoted."""

from __future__ import annotations

import pytest

from agent.compose import compose
from agent.question_parts import question_parts
from tests.agent.passages import passage


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (
            "Vay quỹ tương trợ được tối đa bao nhiêu tiền, có tính lãi không?",
            ["Vay quỹ tương trợ được tối đa bao nhiêu tiền", "có tính lãi không?"],
        ),
        (
            "Nghỉ cưới xong thì phải nộp giấy tờ gì và hạn bao lâu?",
            ["Nghỉ cưới xong thì phải nộp giấy tờ gì", "hạn bao lâu?"],
        ),
        (
            "bo me ket hon lai thi duoc nghi may ngay, co luong khong",  # without accents
            ["bo me ket hon lai thi duoc nghi may ngay", "co luong khong"],
        ),
        (
            "Can my husband join the company trip, and how much of his cost does the company pay?",
            ["Can my husband join the company trip", "and how much of his cost does the company pay?"],
        ),
        (
            "What are the office hours? Do we work on Saturdays?",
            ["What are the office hours", "Do we work on Saturdays?"],
        ),
    ],
)
def test_a_question_of_several_parts(question, parts):
    assert question_parts(question) == parts


@pytest.mark.parametrize(
    "question",
    [
        # a condition joins the question it conditions
        "Nếu nghỉ không phép 2 ngày, có bị trừ lương không?",
        "When my shift rotation changes, how much rest am I guaranteed in between?",
        # "máy" (a machine), "chưa" and "không" inside a clause, and a number's commas ask nothing
        "Tôi là công nhân may, làm ở nhà máy số 2 thì nghỉ trưa bao lâu?",
        "Em nộp hồ sơ vay mà chưa được xét, giờ có được áp dụng mức vay mới không?",
        "My basic salary is 7,200,000 VND. How much is my probation salary?",
        "The training cost 180 million VND and I have worked 24 months since. If I quit now, how much do I repay?",
        "Phép năm được mấy ngày?",
    ],
)
def test_a_question_of_one_part(question):
    assert question_parts(question) == [question.strip()] or len(question_parts(question)) == 1


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
