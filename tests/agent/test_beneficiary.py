"""A benefit asked for the employee's family is answered only by a rule that names the family."""

from __future__ import annotations

import pytest

from agent.beneficiary import family_benefit, names_family
from agent.compose import compose
from tests.agent.passages import passage

TRAINING = passage(
    "cty:ho-tro-dao-tao",
    "Hỗ trợ đào tạo",
    "Mức hỗ trợ: 100% học phí đối với khóa học do Công ty cử đi; 70% học phí đối với khóa học do NLĐ đề xuất, "
    "tối đa 15.000.000 đồng/người/năm.",
)
CHILDREN = passage(
    "cty:khuyen-hoc",
    "Quỹ khuyến học",
    "Con của NLĐ đạt học sinh giỏi cấp tỉnh được thưởng 1.000.000 đồng; Công ty hỗ trợ học phí đại học cho con "
    "NLĐ có hoàn cảnh khó khăn tối đa 5.000.000 đồng/năm.",
)


@pytest.mark.parametrize(
    ("question", "given"),
    [
        ("Công ty có hỗ trợ học phí cho con của nhân viên không?", "hỗ trợ học phí"),
        ("cong ty co mua bao hiem suc khoe cho nguoi nha nhan vien khong", "mua bao hiem suc khoe"),
        ("Does the company cover school fees for my kids?", "cover school fees"),
        ("Is there health insurance for my wife and children?", "insurance"),
        # the employee's own benefit, or a leave to care for a child: not a benefit given to the family
        ("Công ty hỗ trợ học phí bao nhiêu?", None),
        ("Can I take leave to care for my sick child?", None),
        ("Nghỉ chăm con ốm được mấy ngày?", None),
        # the pay of a leave to care for a child is the employee's; a folded "dong" of "lao động" gives nothing
        ("Được trả lương khi nghỉ chăm sóc cho con ốm không?", None),
        ("nguoi lao dong nghi cham soc cho con om co duoc tra luong khong", None),
        ("Có hỗ trợ viện phí cho mẹ nhân viên không?", "hỗ trợ viện phí"),
    ],
)
def test_a_benefit_for_the_family_is_recognised(question, given):
    assert family_benefit(question) == given


def test_a_family_member_is_named_but_not_by_an_announcement_or_a_figure():
    assert names_family("hỗ trợ cho con NLĐ") and names_family("for employees' children")
    assert not names_family("Công ty công bố con số lao động hằng năm")
    assert not names_family("các quy định không chồng chéo")


def test_a_rule_for_the_employee_alone_does_not_answer_for_the_family():
    question = "Công ty có hỗ trợ học phí cho con của nhân viên không?"
    refused = compose(question, [TRAINING], 0.2, False)
    assert refused.refused and "15.000.000" not in refused.text
    answered = compose(question, [TRAINING, CHILDREN], 0.2, False)
    assert not answered.refused and answered.node_ids[0] == "cty:khuyen-hoc" and "5.000.000" in answered.text
    # asked for the employee, the training rule answers
    own = compose("Công ty hỗ trợ học phí bao nhiêu?", [TRAINING], 0.2, True)
    assert not own.refused and "15.000.000" in own.text


CONDOLENCE = passage(
    "cty:hieu-hi",
    "Hiếu hỉ",
    "Công ty viếng và phúng điếu 1.500.000 đồng khi bố, mẹ, vợ hoặc chồng, con của nhân viên mất.",
)


def test_what_an_english_question_asks_for_the_family_is_what_it_names_after_it():
    question = "Does the company pay for my kids' school fees?"
    assert family_benefit(question) == "pay"  # the fees are said after the family: the question's own topics
    refused = compose(question, [CONDOLENCE, TRAINING], 0.2, False)
    assert refused.refused and "1.500.000" not in refused.text and "15.000.000" not in refused.text
