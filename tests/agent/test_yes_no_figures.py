"""A yes/no question about a benefit ("Có được vay không?", "Can I borrow …?") is answered with the rule that
decides it and with the figure of its section that says how much: the asker's next question, and often the
limit that decides the first."""

from __future__ import annotations

from agent.compose import compose
from tests.agent.test_compose import MIN, passage

FUND = passage(
    "phuc_loi:quy-tuong-tro",
    "Vay không lãi từ Quỹ tương trợ",
    "**Đối tượng:** NLĐ đã ký hợp đồng chính thức và làm việc tại Công ty từ 12 tháng trở lên.\n\n"
    "**Trường hợp được vay:** bản thân hoặc người thân (bố, mẹ, vợ hoặc chồng, con) ốm đau phải nằm viện.\n\n"
    "**Mức vay:** tối đa 02 tháng lương nhưng không quá **25.000.000 đồng**; không tính lãi.\n\n"
    "**Trả nợ:** khấu trừ hằng tháng vào lương trong tối đa 10 tháng.\n\n"
    "**Hồ sơ:** đơn đề nghị vay theo mẫu, giấy ra viện hoặc giấy xác nhận nằm viện của bệnh viện.\n\n"
    "**Xét duyệt:** Ban quản lý Quỹ xét duyệt hồ sơ trong 05 ngày làm việc kể từ ngày nhận đủ hồ sơ.",
)


def test_a_yes_no_question_gets_the_amount_of_the_rule_that_decides_it():
    answer = compose("Bố em nằm viện thì em có được vay quỹ tương trợ không?", [FUND], MIN, quantity=False)
    assert not answer.refused
    assert "người thân" in answer.text and "25.000.000" in answer.text
    english = compose(
        "Can I borrow money from the fund if my father is in hospital?",
        [FUND],
        MIN,
        quantity=False,
        expansions=["vay", "quỹ tương trợ", "bố", "nằm viện"],
    )
    assert not english.refused and "25.000.000" in english.text


def test_a_question_that_is_not_yes_or_no_is_not_given_the_amount():
    asked = compose("Hồ sơ vay quỹ tương trợ gồm những gì?", [FUND], MIN, quantity=False)
    assert "giấy ra viện" in asked.text and "25.000.000" not in asked.text
