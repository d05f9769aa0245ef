"""Personal leave for a family event plus the travel day: items read from lettered lists, tables and FAQ answers,
the relative and event the question names, and the sum."""

from __future__ import annotations

import pytest

from agent.question import analyse
from tests.tools.rule_texts import rule_text
from tools.personal_leave import PersonalLeaveError, asked_relation, calculate, policy_from_rules


def rule(text: str, title_path: list[str], line: int = 5):
    return rule_text(text, title_path, line, "noi_quy:dieu-14")


ARTICLE = ["Nội quy", "Điều 14. Nghỉ việc riêng có hưởng lương"]
LIST = [
    rule("a) Kết hôn: nghỉ 03 ngày;", ARTICLE, 5),
    rule("b) Con đẻ, con nuôi kết hôn: nghỉ 01 ngày;", ARTICLE, 6),
    rule(
        "c) Cha đẻ, mẹ đẻ, cha nuôi, mẹ nuôi; vợ hoặc chồng; con đẻ, con nuôi chết: nghỉ 03 ngày;", ARTICLE, 7
    ),
    rule("d) Ông bà nội, ông bà ngoại; anh, chị, em ruột chết: nghỉ 01 ngày;", ARTICLE, 8),
    rule(
        "2. Trường hợp nơi tổ chức đám cưới hoặc đám tang quy định tại điểm a, điểm c khoản 1 Điều này cách Công "
        "ty từ 300 km trở lên, NLĐ được nghỉ thêm 01 ngày đi đường hưởng nguyên lương.",
        ARTICLE,
        10,
    ),
    rule("1. NLĐ nộp đơn xin nghỉ trước ít nhất 03 ngày làm việc đối với trường hợp kết hôn.", ARTICLE, 12),
]


def test_items_and_the_travel_rule_are_read_but_not_a_deadline():
    policy = policy_from_rules(LIST)
    assert [(i.days, i.events) for i in policy.items] == [
        (3, ["wedding"]),
        (1, ["wedding"]),
        (3, ["funeral"]),
        (1, ["funeral"]),
    ]
    assert policy.items[0].relations == ["self"] and "parent" in policy.items[2].relations
    assert [(t.km, t.days, t.events) for t in policy.travel] == [(300, 1, ["wedding", "funeral"])]


def test_the_sum_with_and_without_the_travel_day():
    policy = policy_from_rules(LIST)
    far = calculate(policy, "funeral", "parent", 1_800)
    assert (far.event_days, far.travel_days, far.total_days) == (3, 1, 4)
    assert "04 ngày hưởng nguyên lương" in far.answer and "4 days of paid leave" in far.answer_en
    assert (
        far.policy_sources["travel_days"].line_start == 10
        and far.policy_sources["event_days"].line_start == 7
    )
    near = calculate(policy, "wedding", "self", 120)
    assert near.total_days == 3 and "dưới 300 km" in near.steps[-1].text
    with pytest.raises(PersonalLeaveError, match="no document states"):
        calculate(policy, "birth", "spouse", 500)


def test_a_table_under_a_header_naming_the_event_and_an_faq_answer_under_its_question():
    faq = ["Hỏi đáp", "A. Nghỉ việc riêng", "Câu 1. Tôi kết hôn thì được nghỉ mấy ngày?"]
    policy = policy_from_rules(
        [
            rule(
                "Người mất | Số ngày nghỉ hưởng nguyên lương … Ông bà nội, ông bà ngoại | 02 ngày",
                ["Câu 3. Người thân mất"],
            ),
            rule("Trả lời: Bạn được nghỉ **05 ngày làm việc** hưởng nguyên lương.", faq),
            rule(
                "Ngày đi đường: nếu tang lễ tổ chức ở nơi cách nơi làm việc từ 500 km trở lên, bạn được nghỉ thêm 01 ngày.",
                ["Câu 3. Người thân mất"],
            ),
        ]
    )
    assert calculate(policy, "funeral", "grandparent", 600).total_days == 3
    assert calculate(policy, "wedding", "self", 600).total_days == 5  # the travel day covers funerals only


@pytest.mark.parametrize(
    ("question", "args"),
    [
        (
            "Mẹ tôi mất, quê ở Cà Mau cách công ty hơn 1.800 km. Tôi được nghỉ tổng cộng mấy ngày hưởng lương?",
            {"event": "funeral", "relation": "parent", "distance_km": 1800},
        ),
        (
            "My wedding is in my hometown, about 500 km from the factory. How many paid days off do I get?",
            {"event": "wedding", "relation": "self", "distance_km": 500},
        ),
        (
            "Con gái tôi cưới ở Đà Nẵng cách 800 km thì tôi được nghỉ mấy ngày?",
            {"event": "wedding", "relation": "child", "distance_km": 800},
        ),
    ],
)
def test_the_question_names_the_event_the_relative_and_the_distance(question, args):
    q = analyse(question)
    assert (q.intent, q.personal) == ("personal_leave", args)


def test_without_a_distance_the_rule_is_searched_and_quoted():
    assert analyse("Kết hôn được nghỉ mấy ngày?").intent != "personal_leave"
    assert asked_relation("Bà nội tôi mất", "funeral") == "grandparent"


def test_a_pronoun_is_no_sibling_and_in_laws_are_parents():
    """ "Anh", "chị", "em" alone are how Vietnamese speakers say I and you; a sibling is "anh ruột", "chị gái",
    "anh, chị, em"; a spouse's father or mother ("bố vợ", "father-in-law") is a parent."""
    from agent.question import analyse
    from tools.personal_leave import _relations

    asked = analyse(
        "Anh làm ở công trường Gia Lai, cách nhà hơn 1.000 km. Bố vợ anh mất thì anh được nghỉ mấy ngày?"
    )
    assert asked.personal["relation"] == "parent"
    assert _relations("Chị gái em cưới") == ["sibling"]
    assert _relations("d) Ông bà nội, ông bà ngoại, anh, chị, em ruột chết: nghỉ 01 ngày") == [
        "grandparent",
        "sibling",
    ]
    assert _relations("My father-in-law passed away") == ["parent"]
    assert _relations("Em xin nghỉ để đi đám cưới") == []
    # a greeting is no sibling; English "me" is no mother ("mẹ" folded)
    assert asked_relation("Anh chị cho em hỏi, bố em mất thì em được nghỉ mấy ngày?", "funeral") == "parent"
    assert asked_relation("Tell me how many days I get when my son gets married", "wedding") == "child"
    assert _relations("me toi mat") == ["parent"]  # Vietnamese typed without accents keeps its mẹ
    assert _relations("Me benh, xin nghi o Huế can giay to gi") == [
        "parent"
    ]  # ... an accent on a name only too


def test_a_travel_day_for_the_items_a_rule_names_by_letter():
    """ "cộng thêm 01 ngày đi đường … cho mỗi lần nghỉ theo điểm a, c khoản 1" names no event in words: the items
    it names by letter (a wedding, a parent's death) get the travel day, the others none."""
    path = ["Nội quy", "Điều 11. Nghỉ việc riêng và nghỉ không hưởng lương"]
    rules = [
        rule(
            "1. NLĐ được nghỉ việc riêng có hưởng lương: a) Kết hôn: nghỉ 03 ngày; b) Con đẻ, con nuôi kết hôn: nghỉ "
            "01 ngày; c) Cha, mẹ (đẻ hoặc nuôi) của mình hoặc của vợ, chồng chết: nghỉ 03 ngày;",
            path,
            5,
        ),
        rule(
            "2. NLĐ đang làm việc tại công trường cách nơi cư trú từ 300 km trở lên được cộng thêm 01 ngày đi đường "
            "hưởng lương cho mỗi lần nghỉ theo điểm a, c khoản 1.",
            path,
            7,
        ),
    ]
    policy = policy_from_rules(rules)
    assert [(t.km, t.days, t.points) for t in policy.travel] == [(300, 1, ["a", "c"])]
    assert calculate(policy, "funeral", "parent", 1_000).total_days == 4
    assert calculate(policy, "wedding", "self", 100).total_days == 3
    assert calculate(policy, "wedding", "child", 1_000).total_days == 1  # point b: no travel day


def test_from_the_first_day_off_the_last_one_and_the_day_back():
    """ "Nghỉ cưới từ thứ Hai 14/12, ngày nào đi làm lại?": working days skip the weekly rest days the documents
    state; a rule saying the leave counts in working days is cited, and calendar days are the named default."""
    import datetime as dt

    from tools.leave_policy import ParamSource

    working = [
        rule("a) Bản thân kết hôn: nghỉ 05 ngày làm việc;", ARTICLE, 5),
        rule("c) Cha đẻ, mẹ đẻ, vợ hoặc chồng, con chết: nghỉ 03 ngày;", ARTICLE, 6),
        rule("3. Nghỉ việc riêng tính theo ngày làm việc.", ARTICLE, 9),
    ]
    policy = policy_from_rules(working)
    assert policy.working_days and policy.counting.line_start == 9
    weekend = (
        [5, 6],
        ParamSource(source="corpus", doc_id="nq", node_id="nq:dieu-3", note="nghỉ thứ Bảy, CN"),
    )
    wedding = calculate(policy, "wedding", "self", None, dt.date(2026, 12, 14), weekend)
    assert (wedding.first_day, wedding.last_day, wedding.back_on) == (
        dt.date(2026, 12, 14),
        dt.date(2026, 12, 18),
        dt.date(2026, 12, 21),
    )
    assert "ngày đi làm lại là thứ Hai 21/12/2026" in wedding.answer
    assert "back at work on Monday 21/12/2026" in wedding.answer_en
    assert wedding.policy_sources["counting"].line_start == 5  # the item itself says "ngày làm việc"
    assert wedding.policy_sources["weekly_rest_days"].node_id == "nq:dieu-3"
    # three days from a Thursday, in working days by the rule: Thursday, Friday, Monday; back on Tuesday
    funeral = calculate(policy, "funeral", "parent", None, dt.date(2026, 12, 3), weekend)
    assert (funeral.last_day, funeral.back_on) == (dt.date(2026, 12, 7), dt.date(2026, 12, 8))
    assert funeral.policy_sources["counting"].line_start == 9
    # no rule on counting: calendar days, said to be the default
    calendar = calculate(policy_from_rules(LIST), "funeral", "parent", None, dt.date(2026, 12, 3), weekend)
    assert (calendar.last_day, calendar.back_on) == (dt.date(2026, 12, 5), dt.date(2026, 12, 7))
    assert calendar.policy_sources["counting"].source == "default"


@pytest.mark.parametrize(
    ("question", "args"),
    [
        (
            "Em là nhân viên văn phòng, đám cưới ngày thứ Bảy 12/12/2026, em nghỉ cưới bắt đầu từ thứ Hai 14/12 thì "
            "ngày nào phải đi làm lại?",
            {"event": "wedding", "relation": "self", "start": "14/12"},
        ),
        (
            "My wedding is on Saturday 12/12/2026 and I start my wedding leave on Monday 14/12. When do I have to "
            "be back at work?",
            {"event": "wedding", "relation": "self", "start": "14/12"},
        ),
    ],
)
def test_a_first_day_off_and_the_day_back_asked(question, args):
    q = analyse(question)
    assert (q.intent, q.personal) == ("personal_leave", args)
    assert (
        analyse("Em cưới ngày 12/12 thì được nghỉ mấy ngày?").intent != "personal_leave"
    )  # no day back asked
