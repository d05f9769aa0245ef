"""A question about a relative that a rule's list of relatives leaves out (an uncle, a cousin, the wife's
grandmother) is not answered from that list; the relatives it does list are."""

from __future__ import annotations

import pytest

from agent.compose import compose
from agent.kinship import asked_relative, distant_relative, leaves_out, listed_relatives
from tests.agent.test_compose import passage

# the Labour Code's wording, as company rules copy it
FUNERAL_VI = (
    "1. Nghỉ việc riêng có hưởng lương:\n"
    "a) Kết hôn: nghỉ 03 ngày;\n"
    "b) Con đẻ, con nuôi kết hôn: nghỉ 01 ngày;\n"
    "c) Cha đẻ, mẹ đẻ, cha nuôi, mẹ nuôi; cha đẻ, mẹ đẻ, cha nuôi, mẹ nuôi của vợ hoặc chồng; vợ hoặc chồng; con đẻ,"
    " con nuôi chết: nghỉ 03 ngày.\n"
    "2. Nghỉ không hưởng lương 01 ngày khi ông nội, bà nội, ông ngoại, bà ngoại, anh, chị, em ruột chết; cha hoặc"
    " mẹ kết hôn; anh, chị, em ruột kết hôn."
)
FUNERAL_EN = (
    "| Who died | Paid days off |\n|---|---|\n| Parents, parents-in-law | 3 |\n| Spouse or children | 3 |\n"
    "| Grandparents, brothers and sisters | 1 |"
)


@pytest.mark.parametrize(
    ("question", "relative"),
    [
        ("My uncle passed away last night. How many paid days off can I get?", "uncle_aunt"),
        ("My wife's grandmother died, can I take leave?", "spouse_grandparent"),
        ("Bà ngoại của vợ tôi vừa mất, tôi có được nghỉ không?", "spouse_grandparent"),
        ("Em họ em (con chú ruột) cưới vợ, em có được nghỉ không ạ?", "cousin"),
        ("Chú ruột em mất thì được nghỉ mấy ngày?", "uncle_aunt"),
        ("Ông nội em mới mất, công ty có phúng viếng không?", "grandparent"),
        ("My grandmother passed away. How many paid days off can I take?", "grandparent"),
        ("My father-in-law passed away, how many days off?", "parent_in_law"),
        ("Bố vợ tôi mất, tôi được nghỉ bao nhiêu ngày?", "parent_in_law"),
        ("Em sắp cưới vợ, được nghỉ mấy ngày?", "spouse"),
    ],
)
def test_the_relative_a_question_asks_about(question: str, relative: str):
    assert asked_relative(question) == relative


@pytest.mark.parametrize(
    "question",
    [
        "Anh chị em công nhân được nghỉ Tết mấy ngày?",  # "anh chị em" addresses everyone
        "My colleague's father died, can I go to the funeral?",  # not the employee's relative
        "chu em mat thi duoc nghi may ngay",  # without accents "chu", "co", "ba" are other words
        "Cô ấy được nghỉ phép mấy ngày?",  # "cô" as a pronoun
    ],
)
def test_no_relative_is_read_where_none_is_asked_about(question: str):
    assert asked_relative(question) is None


def test_the_close_family_is_never_held_against_a_rule():
    assert distant_relative("My wife's father died. How many days can I take off?") is None
    assert distant_relative("My uncle died.") == "uncle_aunt"


def test_the_relatives_a_rule_lists():
    assert listed_relatives(FUNERAL_VI) >= {"parent", "spouse", "child", "grandparent", "sibling"}
    close = {"parent", "parent_in_law", "spouse", "child"}
    assert listed_relatives(FUNERAL_EN) >= close | {"grandparent", "sibling"}
    assert leaves_out("uncle_aunt", FUNERAL_VI) and leaves_out("cousin", FUNERAL_EN)
    assert leaves_out("spouse_grandparent", FUNERAL_VI)
    assert not leaves_out("grandparent", FUNERAL_VI) and not leaves_out("sibling", FUNERAL_EN)
    # a rule for the family in general with one example covers any relative
    assert not leaves_out("uncle_aunt", "Người thân (ví dụ: con) ốm đau được hỗ trợ 500.000 đồng.")
    # a list of three or more says whom the rule is for, even under "người thân"
    assert leaves_out("uncle_aunt", "Người thân mất: bố, mẹ, vợ, chồng, con; ông bà nội, ngoại: 02 ngày.")


LEAVE = passage("noi_quy:dieu-10", "Điều 10. Nghỉ việc riêng", FUNERAL_VI)


def test_an_uncle_is_refused_from_a_list_without_uncles_and_a_grandmother_answered():
    refused = compose("My uncle passed away last night. How many paid days off?", [LEAVE], 0.2, True)
    assert refused.refused and refused.node_ids == []
    assert "could not find" in refused.text
    assert "lists the relatives it covers; an uncle or aunt is not among them" in refused.text
    vi = compose("Chú ruột em mất thì em được nghỉ mấy ngày?", [LEAVE], 0.2, True)
    assert vi.refused and "chú, bác, cô, dì, cậu không có trong danh sách" in vi.text
    answered = compose("Ông nội tôi mất, tôi được nghỉ mấy ngày?", [LEAVE], 0.2, True)
    assert not answered.refused and "01 ngày" in answered.text


COMPANY_TRIP = passage(
    "nghi_mat:dieu-4",
    "Điều 4. Người thân đi cùng",
    "1. Mỗi CBCNV được đăng ký tối đa 02 người thân đi cùng, gồm vợ hoặc chồng và con.\n"
    "2. Vợ hoặc chồng và con từ đủ 05 tuổi trở lên được Công ty hỗ trợ 50% mức hỗ trợ của CBCNV đó.\n"
    "3. Con dưới 05 tuổi đi cùng bố mẹ không phải đóng tiền; chi phí phát sinh (nếu có) do Công ty chi trả.\n"
    "4. Người thân khác (cha mẹ, anh chị em) chỉ được đi khi đoàn còn chỗ và phải tự đóng 100% chi phí.",
)


def test_a_rule_is_about_the_relative_it_opens_with():
    from agent.kinship import subject_relative

    assert subject_relative("3. Con dưới 05 tuổi đi cùng bố mẹ không phải đóng tiền") == "child"
    assert (
        subject_relative("4. Người thân khác (cha mẹ, anh chị em) chỉ được đi khi đoàn còn chỗ") == "parent"
    )
    assert subject_relative("b) Vợ hoặc chồng và con từ đủ 05 tuổi trở lên") == "spouse"
    assert subject_relative("• Your child's wedding: 1 day") == "child"
    assert subject_relative("a) Bản thân kết hôn: nghỉ 03 ngày") is None


@pytest.mark.parametrize(
    "question", ["Can my parents come along on the company holiday trip?", "Bố mẹ tôi có được đi cùng không?"]
)
def test_the_asker_s_parents_are_answered_by_the_rule_for_them_not_by_one_naming_a_child_s_parents(question):
    answered = compose(question, [COMPANY_TRIP], 0.2, False)
    assert not answered.refused and "100% chi phí" in answered.text
