"""The kind of rule a question asks for and the section titles that state it (title-kind bonus of hybrid search)."""

from __future__ import annotations

from indexes.search.fusion import kind_bonus
from indexes.search.title_kinds import question_kinds, states_kind, title_heads


def test_question_wording_names_the_kind_of_rule():
    assert question_kinds("Làm thêm giờ ban đêm được trả bao nhiêu phần trăm lương?") == ("amount",)
    assert question_kinds("thu viec toi da bao lau") == ("duration",)
    assert question_kinds("Nghỉ việc ngang có được nhận trợ cấp thôi việc không?") == ("condition",)
    assert question_kinds("How much severance pay do I get?") == ("amount",)
    assert question_kinds("What documents do I need to claim maternity benefit?") == ("documents",)
    assert question_kinds("Công đoàn có quyền lợi gì?") == ()  # "quyền lợi" is a benefit, not a right
    assert question_kinds("Công ty có quyền điều chuyển tôi không?") == ("rights",)


def test_titles_state_a_kind_by_their_head_word_after_the_numbering():
    amount = title_heads(("amount",))
    assert states_kind("Điều 5. Mức cho vay tối đa", amount)
    assert states_kind("Điều 28. Mức hưởng chế độ ốm đau", amount)
    assert not states_kind("Mục 2. Chế độ thai sản", amount)  # "mục" folds to "muc" but is the numbering
    assert not states_kind("Điều 3. Điều kiện vay", amount)
    assert states_kind("Điều 49. Điều kiện hưởng", title_heads(("condition",)))


def test_kind_bonus_lifts_the_section_that_states_what_is_asked():
    titles = {"a": "Điều 3. Điều kiện vay", "b": "Điều 5. Mức cho vay tối đa"}
    fused = [("a", 0.9), ("b", 0.8)]
    heads = title_heads(question_kinds("Được vay tối đa bao nhiêu tiền?"))
    assert [i for i, _ in kind_bonus(fused, titles.__getitem__, heads, 0.2)] == ["b", "a"]
    assert kind_bonus(fused, titles.__getitem__, heads, 0.0) == fused
    assert kind_bonus(fused, titles.__getitem__, (), 0.2) == fused


def test_an_unnumbered_title_keeps_its_first_word():
    from indexes.text import bare_title

    assert (
        bare_title("Words we use") == "words we use"
    )  # not "ords we use": a lone letter needs its "." or ")"
    assert bare_title("Thời giờ làm việc") == "thoi gio lam viec"
    assert bare_title("Mức cho vay tối đa") == "muc cho vay toi da"  # "Mức" is a head word, not "Mục c"
    assert bare_title("Mục đích") == "muc dich"
    assert states_kind("Mức cho vay tối đa", title_heads(("amount",)))


def test_every_kind_of_numbering_is_dropped():
    from indexes.text import bare_title

    for title in ("4.1 Mức trần", "II. MỨC TRẦN", "Chương II. Mức trần", "Part B – Mức trần", "a) Mức trần"):
        assert bare_title(title) == "muc tran", title


def test_what_is_the_asks_a_figure_and_what_is_a_asks_a_meaning():
    assert "definition" not in question_kinds("What is the hotel cap for a manager in Ho Chi Minh City?")
    assert "definition" in question_kinds("What is a probation period?")
    assert "definition" in question_kinds("What does PTO mean?")
    assert "definition" in question_kinds("Thế nào là tai nạn lao động?")
    assert "definition" in question_kinds("Thử việc là gì?")
    # "does X count as a Y?" asks what a Y is
    assert "definition" in question_kinds("It's 20 km from the office. Does that count as a work trip?")
    assert "definition" in question_kinds("Đi đường vòng thì có được coi là tai nạn lao động không?")
    assert "definition" not in question_kinds("Does the lunch break count as working time?")


def test_definitions_sections_are_known_by_their_whole_title():
    from indexes.search.title_kinds import defines_terms

    for title in ("Điều 2. Giải thích từ ngữ", "1.2 Definitions", "Words we use", "Glossary"):
        assert defines_terms(title), title
    assert not defines_terms("Giải thích từ ngữ và ngạch nhân sự")  # also sets out grades
    assert not defines_terms("Điều 6. Phân ca")
