"""The shipped HR lexicon: loading, English and abbreviation expansion, the glossary winning, topic concepts."""

from __future__ import annotations

import pytest

from indexes.search.glossary import Glossary
from indexes.search.lexicon import Lexicon, LexiconEntry, default_lexicon, departing_leave, question_concepts
from indexes.search.query_terms import enhance, query_language


def test_lexicon_ships_with_the_package_and_has_enough_entries():
    lexicon = default_lexicon()
    assert len(lexicon.entries) >= 400
    assert all(e.vi and (e.en or e.abbr) for e in lexicon.entries)


def test_english_terms_expand_to_vietnamese_longest_match_first():
    lexicon = default_lexicon()
    found = [m.surface for m in lexicon.matches("Who has to pay into unemployment insurance?")]
    assert found == ["who has to", "pay into", "unemployment insurance"]  # not "insurance" on its own
    assert lexicon.expansions("How many sick days a year are paid by social insurance?")[:1] == ["nghỉ ốm"]
    assert "bảo hiểm xã hội" in lexicon.expansions("How many sick days a year are paid by social insurance?")
    assert "thử việc" in lexicon.expansions("Is my probation period counted?")


def test_matches_are_whole_words_and_plurals_count():
    lexicon = Lexicon(
        [LexiconEntry(en=("quit",), vi=("nghỉ việc",)), LexiconEntry(en=("bonus",), vi=("thưởng",))]
    )
    assert lexicon.expansions("I am quite sure") == []
    assert lexicon.expansions("Are bonuses taxed?") == ["thưởng"]
    penalty = Lexicon([LexiconEntry(en=("disciplinary penalty",), vi=("hình thức kỷ luật",))])
    assert penalty.expansions("What disciplinary penalties are there?") == ["hình thức kỷ luật"]  # -y, -ies


def test_forms_of_several_words_match_inflected_and_two_word_compounds_reordered():
    lexicon = Lexicon(
        [
            LexiconEntry(en=("night work",), vi=("làm việc vào ban đêm",)),
            LexiconEntry(en=("paid holiday",), vi=("nghỉ hằng năm",)),
            LexiconEntry(en=("overtime",), vi=("làm thêm giờ",)),
        ]
    )
    found = lexicon.matches("Do I get extra pay for working nights even when it isn't overtime?")
    assert [(m.surface, m.entry.vi[0]) for m in found] == [
        ("working nights", "làm việc vào ban đêm"),
        ("overtime", "làm thêm giờ"),
    ]
    assert lexicon.expansions("How many paid holidays were taken?") == ["nghỉ hằng năm"]
    # the words must be adjacent: "work" and "night" far apart name no night work
    assert lexicon.expansions("I work from home; the night before I called") == []


def test_short_abbreviations_match_only_in_capitals():
    lexicon = Lexicon(
        [
            LexiconEntry(en=(), vi=("bảo hiểm y tế",), abbr=("HI",)),
            LexiconEntry(en=(), vi=("bảo hiểm thất nghiệp",), abbr=("BHTN",)),
        ]
    )
    assert lexicon.expansions("hi, what is this?") == []
    assert lexicon.expansions("Does HI cover dental care?") == ["bảo hiểm y tế"]
    assert lexicon.expansions("dong bhtn bao lau") == ["bảo hiểm thất nghiệp"]


def test_the_corpus_glossary_wins_on_conflict():
    glossary = Glossary(english={"annual leave": ["phép năm công ty"]})
    q = enhance("How much annual leave do I get?", glossary)
    assert q.expansions == [
        "phép năm công ty"
    ]  # the lexicon's "nghỉ hằng năm" is not added for the same term
    q = enhance("How much annual leave do I get?", Glossary())
    assert "nghỉ hằng năm" in q.expansions


def test_topic_check_gets_the_vietnamese_concepts_of_a_question():
    assert question_concepts("Can I get unemployment benefits if I quit?")[:1] == ["trợ cấp thất nghiệp"]
    assert question_concepts("Thời gian làm việc là gì?") == []


def test_query_language():
    assert query_language("How long is maternity leave?") == "en"
    assert query_language("Nghỉ thai sản bao lâu?") == "vi"
    assert query_language("nghi thai san duoc bao lau vay") == "vi"


def test_everyday_vietnamese_gets_the_legal_term_with_accents_only():
    lexicon = Lexicon([LexiconEntry(en=("ppe",), vi=("phương tiện bảo vệ cá nhân", "đồ bảo hộ"))])
    assert lexicon.canonical_terms("Công ty có phải cấp đồ bảo hộ không?") == ["phương tiện bảo vệ cá nhân"]
    assert lexicon.canonical_terms("cong ty co phai cap do bao ho khong") == []
    assert lexicon.canonical_terms("Đồ bảo hộ là phương tiện bảo vệ cá nhân") == []
    assert lexicon.canonical_terms("cấp đồ bảo hộ", skip=("đồ bảo hộ",)) == []


def test_one_way_entries_translate_english_but_are_not_vietnamese_variants():
    lexicon = Lexicon([LexiconEntry(en=("contribution rate",), vi=("tỷ lệ đóng", "mức"), one_way=True)])
    assert lexicon.expansions("What is the contribution rate?") == ["tỷ lệ đóng", "mức"]
    assert lexicon.canonical_terms("mức đóng là bao nhiêu") == []  # "mức" is no variant of "tỷ lệ đóng"


def test_only_a_verb_in_ing_and_its_object_read_a_compound_backwards_and_never_across_a_clause():
    lexicon = Lexicon(
        [
            LexiconEntry(en=("may day",), vi=("ngày Quốc tế Lao động",)),
            LexiconEntry(en=("night work",), vi=("làm việc vào ban đêm",)),
        ]
    )
    assert lexicon.expansions("Which day may I take off?") == []
    assert lexicon.expansions("I finish at night. Work starts at six") == []
    assert lexicon.expansions("Is working nights paid more?") == ["làm việc vào ban đêm"]


def test_an_accented_word_is_one_word_for_the_inflected_match():
    # "mất đột" once read as the letters "t" "t" of a form "tết", split at its accented letters
    lexicon = Lexicon([LexiconEntry(en=("tết",), vi=("tết âm lịch",))])
    assert lexicon.expansions("Bố mất đột xuất thì báo thế nào?") == []
    assert lexicon.expansions("Nghỉ tết được mấy ngày?") == ["tết âm lịch"]


def test_vietnamese_terms_that_share_words_both_give_their_english():
    """'số ngày phép năm chưa nghỉ' holds the entitlement ('số ngày phép năm') and unused leave ('phép năm chưa
    nghỉ'); a term inside a longer one ('phép năm' in 'số ngày phép năm') adds nothing of its own."""
    terms = Lexicon.load().english_terms("Khi nghỉ việc, số ngày phép năm chưa nghỉ có được trả tiền không?")
    assert "unused leave" in terms and "annual leave entitlement" in terms
    assert "annual leave" not in terms


def test_general_words_are_told_apart_from_topics():
    general = default_lexicon().vocabulary_only
    assert {"a month", "mỗi tháng", "in a row", "liên tục"} <= general
    assert not {"overtime", "làm thêm giờ", "nghỉ phép năm", "annual leave"} & general


def test_everyday_vietnamese_reaches_a_handbook_written_in_english():
    lexicon = default_lexicon()
    assert "overtime" in lexicon.english_terms("Một tháng được làm thêm tối đa bao nhiêu giờ?")
    assert "rest break" in lexicon.english_terms("Làm ca đêm thì được nghỉ giữa ca bao lâu?")
    assert "in a row" in lexicon.english_terms("Làm tối đa bao nhiêu ngày liên tục thì phải được nghỉ?")


def test_everyday_english_for_family_and_discipline():
    lexicon = default_lexicon()
    assert "ông bà" in lexicon.expansions("My grandma passed away last night.")
    assert "xử lý kỷ luật lao động" in lexicon.expansions(
        "What are the possible disciplinary penalties here?"
    )


def test_everyday_english_words_reach_the_words_a_regulation_uses():
    """Single everyday words ("approve", "sick", "fuel", "visitors") translate into the regulation's terms."""
    lexicon = default_lexicon()
    assert "phê duyệt" in lexicon.expansions("Who has to approve my unpaid leave?")
    assert "ốm" in lexicon.expansions("I am sick today, what do I do?")
    assert "xăng" in lexicon.expansions("Is fuel paid for?")
    assert {"tiếp khách", "hoa quả", "nước uống"} <= set(
        lexicon.expansions("What is the budget for drinks and fruit when visitors come?")
    )
    assert "công trường" in lexicon.expansions("What time do we start on the construction site?")
    # they name no topic: a question is not checked against them
    general = lexicon.vocabulary_only
    assert {"ốm", "xăng", "công trường", "hoa quả"} <= general
    assert "học phí" not in general  # tuition support is a benefit a company has or has not


def test_everyday_wordings_reach_the_right_entry_and_not_a_neighbour():
    lexicon = default_lexicon()
    # "three weeks unpaid" asks for unpaid leave; a longer form still wins ("unpaid wages" are salary arrears)
    assert "nghỉ không hưởng lương" in lexicon.expansions("Can I take three weeks unpaid?")
    assert "nghỉ không hưởng lương" not in lexicon.expansions("What if my employer leaves unpaid wages?")
    # a funeral is the ceremony, not social insurance's funeral grant (an entry of its own)
    funeral = lexicon.expansions("Do I get a day off for my uncle's funeral?")
    assert "đám tang" in funeral and "trợ cấp mai táng" not in funeral
    assert "trợ cấp mai táng" in lexicon.expansions("Who receives the funeral allowance?")
    # a fund is no insurance fund; a staff fund lends to colleagues
    assert "quỹ bảo hiểm" not in lexicon.expansions("How much can I borrow from the staff fund?")
    assert "quỹ tương trợ" in lexicon.expansions("How much can I borrow from the staff fund?")
    # a shuttle bus to work is not the company car of a business trip
    assert "xe công ty" not in lexicon.expansions("Is there a shuttle bus to the factory?")


def test_paying_a_loan_back_early_is_early_repayment_in_its_everyday_wordings():
    from agent.language import english_concepts

    for asked in ("Can I pay my loan back early?", "Can I pay the loan back early?", "Can I repay early?"):
        wordings = {w for c in english_concepts(asked) for w in c.wordings}
        assert "tra truoc han" in wordings, asked


def test_a_hotels_restaurant_department_is_its_food_and_beverage_department():
    from agent.language import synonym_supported

    rule = "Ca gãy của bộ phận Ẩm thực và Bếp: từ 06h00 đến 10h00 và từ 17h00 đến 21h00."
    supported = synonym_supported("Ca gãy ở bộ phận nhà hàng làm giờ nào?", [rule])
    assert {"nha", "hang"} <= supported


def test_a_trip_there_and_back_in_a_day_is_worded_by_what_the_rules_say_of_it():
    lexicon = default_lexicon()
    # "về trong ngày" is all function words; the rules say "không nghỉ qua đêm"
    assert lexicon.canonical_terms("Đi công tác về trong ngày thì phụ cấp lưu trú tính thế nào?") == [
        "không nghỉ qua đêm"
    ]
    assert "không nghỉ qua đêm" in lexicon.expansions(
        "Going to Hai Phong and back the same day: how much allowance?"
    )


def test_a_counted_unit_of_time_is_a_length_not_the_start_of_a_term():
    from agent.language import english_concepts

    lexicon = default_lexicon()
    assert "không nghỉ qua đêm" in lexicon.expansions("Can I claim a day trip to Hai Phong?")
    # a trip of four days is no same-day trip, whether hyphenated or not
    for question in ("going on a 4-day trip to Hội An", "going on a four day trip to Hội An"):
        assert "không nghỉ qua đêm" not in lexicon.expansions(question)
        assert not any("day trip" in c.wordings for c in english_concepts(question))
    # the words after the length still name their term, a term may start at the count, and a count of a plural
    # noun is no length
    assert "công tác" in lexicon.expansions("a 2-day business trip to Da Nang")
    assert [m.surface for m in lexicon.matches("Is a 12-hour shift legal?")] == ["12-hour shift"]
    assert "night shifts" in [m.surface for m in lexicon.matches("I work three night shifts a week")]
    assert any("night shift" in c.wordings for c in english_concepts("I work three night shifts a week"))


def test_everyday_english_for_shifts_notice_siblings_and_support():
    lexicon = default_lexicon()
    cases = {
        "I want to trade a shift with a coworker": "đổi ca",
        "I'm on the night rota in the washing section": "ca đêm",
        "Is there a night shift premium?": "tiền làm đêm",
        "Big bro's wedding is next month": "anh chị em ruột",
        "If I leave on the spot without serving my notice period": "vi phạm thời hạn báo trước",
        "how early do I have to put the request in?": "báo trước",
        "Does the company chip in anything for the summer trip?": "hỗ trợ",
    }
    for question, term in cases.items():
        assert term in lexicon.expansions(question, per_entry=4), question
    # support is how a rule words it, no topic of its own
    assert "hỗ trợ" in lexicon.vocabulary_only or all(e.general for e in lexicon.entries if "hỗ trợ" in e.vi)


def test_everyday_vietnamese_for_a_roster_and_telling_beforehand():
    lexicon = default_lexicon()
    question = "Ca đã xếp ca xong rồi mà quản lý muốn đổi ca, phải nói trước tối thiểu bao lâu?"
    assert {"lịch làm việc", "báo trước"} <= set(lexicon.canonical_terms(question))
    # arranging one's own leave is no roster
    assert "lịch làm việc" not in lexicon.canonical_terms("Công ty có được tự xếp lịch nghỉ phép năm không?")


def test_everyday_english_for_a_referral_working_from_home_and_the_tet_bonus():
    lexicon = default_lexicon()
    assert "giới thiệu ứng viên" in lexicon.expansions("If I refer a friend, is there a bonus for me?")
    assert "làm việc từ xa" in lexicon.expansions("Could I do my Saturday hours from home instead?")
    assert "làm việc từ xa" not in lexicon.expansions("The site is 4 hours from home: is there a travel day?")
    assert "thưởng tết" in lexicon.expansions("Is there a bonus at Tet?")
    assert "nghỉ ốm" in lexicon.expansions("I was out sick for 3 weeks last month")
    crane = lexicon.expansions(
        "If I operate the crane without being certified, what's the punishment?", per_entry=3
    )
    assert {"thiết bị nâng", "chứng chỉ", "bị phạt"} <= set(crane)
    # a trip from home is no remote work
    assert "làm việc từ xa" not in lexicon.expansions("Can I claim the taxi from home to the airport?")


@pytest.mark.parametrize(
    ("question", "term", "expanded"),
    [
        ("Lost my mum last week. How many days off do I get?", "bố mẹ mất", True),
        ("Getting married soon: does the company give anything?", "quà", True),
        (
            "I lost my staff card. Is there a fee for a new one?",
            "bố mẹ mất",
            False,
        ),  # losing a thing: no death
        ("I get bad cramps during my period. Can I have a break?", "hành kinh", True),
        ("If my OT goes past 10pm, do I get anything extra?", "ban đêm", True),
        (
            "How long is my notice period?",
            "hành kinh",
            False,
        ),  # a notice or probation period: no menstruation
        ("I work the morning shift. How long is my break?", "nghỉ giữa giờ", True),
        ("On night shift for a month without a break. Can I move?", "nghỉ giữa giờ", False),  # continuously
        ("The trip cost less than my support. Do I get the leftover?", "phần chênh lệch", True),
        (
            "If a public holiday falls on a Sunday, do we get another day?",
            "ngày lễ trùng ngày nghỉ hằng tuần",
            True,
        ),
        (
            "How long does the company have to take disciplinary action after a theft?",
            "thời hiệu xử lý kỷ luật",
            True,
        ),
        ("Our house got burgled. Is there any support?", "trộm cắp", True),
    ],
)
def test_everyday_english_for_a_parents_death_a_gift_a_period_and_work_after_ten_at_night(
    question, term, expanded
):
    assert (term in default_lexicon().expansions(question)) is expanded


def test_a_hazard_allowance_and_excess_baggage_are_topics_of_their_own():
    """Named as topics, the answer's checks ask the evidence to state them: an annual-leave row naming the boiler
    job, or a flight's class, does not answer them."""
    from agent.language import english_concepts

    hazard = english_concepts("Is there a monthly hazard allowance on top of my salary, and how much?")
    assert any(not c.general and "phụ cấp độc hại" in c.vietnamese for c in hazard)
    baggage = english_concepts("Will the company pay the excess baggage fee?")
    assert any(not c.general and "hành lý quá cước" in c.vietnamese for c in baggage)
    assert "hành lý quá cước" in default_lexicon().expansions("Is checked baggage paid on a business flight?")
    visa = english_concepts("I'm being sent to Japan. Will the company pay my visa fee?")
    assert any(not c.general and "thị thực" in c.vietnamese for c in visa)


def test_a_deputy_general_director_by_the_letters_people_type():
    assert "phó tổng giám đốc" in default_lexicon().expansions("deputy GD phone allowance per month?")


@pytest.mark.parametrize(
    ("question", "departing"),
    [
        ("I've handed everything over. Any way I can leave earlier?", True),
        ("If I just leave on the spot, what do I owe?", True),
        ("After I leave, how long until I get my final pay?", True),
        ("I plan to resign in December and leave at the end of January.", True),
        ("I'm on leave on Monday, who signs my timesheet?", False),
        ("How many days of leave do I get?", False),
        ("When can I take leave?", False),
        ("Is leave paid during probation?", False),
        ("How much leave balance can I carry over?", False),
        ("Is there leave for my sister's wedding?", False),
        ("Do I get leave on my birthday?", False),
    ],
)
def test_leave_as_the_verb_for_going_away_is_no_leave_of_absence(question, departing):
    lexicon = default_lexicon()
    found = [m.surface for m in lexicon.matches(question)]
    assert bool(departing_leave(question)) is departing
    if departing:
        assert "leave" not in found  # the bare "leave" entry: time off ("nghỉ phép")
    else:
        assert any("leave" in surface for surface in found)
    assert [m.surface for m in lexicon.matches("If I leave the company, is unused leave paid?")] == [
        "leave the company",  # a longer wording still holds the verb: resigning
        "unused leave",
    ]


def test_a_fever_is_being_sick_and_english_classes_and_a_discount_reach_the_regulations_words():
    lexicon = default_lexicon()
    assert "ốm" in lexicon.expansions("Woke up with a fever, who do I tell?")
    assert "ốm" in lexicon.expansions("I've got the flu today")
    assert "Anh ngữ" in lexicon.expansions("My kid wants to do English classes at our centre.")
    # a perk ("ưu đãi học phí", "mức giảm") is how a regulation words a discount
    (discount,) = [m.entry for m in lexicon.matches("What's the discount?")]
    assert {"ưu đãi", "mức giảm"} <= set(discount.vi)
    # "English" alone (the language of a document, of a question) is no class
    assert "tiếng Anh" not in lexicon.expansions("Is there an English version of the handbook?")


def test_being_transferred_to_a_place_is_a_posting_and_housing_is_somewhere_to_live():
    lexicon = default_lexicon()
    asked = lexicon.expansions("I'm being transferred to Da Lat for 3 months, is there any housing support?")
    assert {"điều chuyển công việc", "chỗ ở", "hỗ trợ chỗ ở"} <= set(asked)
    assert "chuyển khoản" not in asked  # a posting, not money sent
    assert "chuyển khoản" in lexicon.expansions("When is the money transferred?")


def test_not_taking_all_ones_leave_and_counting_toward_a_condition():
    lexicon = default_lexicon()
    assert "ngày phép chưa nghỉ" in lexicon.expansions("Do I get paid if I don't take all my holidays?")
    assert "kể cả" in lexicon.expansions(
        "Does my probation count toward the time I need before I can borrow?"
    )


def test_english_words_a_vietnamese_question_borrows_are_paraphrases_of_the_rules_wording():
    from agent.language import synonym_supported

    rule = "NLĐ không được dán mã nguồn của khách hàng vào công cụ AI công cộng chưa được phê duyệt."
    supported = synonym_supported("Lỡ dán code của khách hàng vào ChatGPT thì bị kỷ luật thế nào?", [rule])
    assert "chatgpt" in supported
    # an English form that could be a Vietnamese syllable is not borrowed: "son" (con trai) folds like "Sơn"
    son = "NLĐ có con trai kết hôn được nghỉ 01 ngày."
    assert "son" not in synonym_supported("Anh Sơn kết hôn thì được nghỉ mấy ngày?", [son])


def test_it_and_health_terms_of_the_general_lexicon():
    from agent.language import english_concepts

    def vietnamese(question: str) -> set[str]:
        return {v for c in english_concepts(question) for v in c.vietnamese}

    assert "giám đốc khối" in vietnamese("Our new Division Director starts Monday")
    assert "ngoại trú" in vietnamese("What's the outpatient cap?")
    assert "làm thêm công việc khác" in vietnamese(
        "Can I freelance on weekends?"
    )  # a side job, not self-employment
    assert "phụ cấp onsite" in vietnamese("How much is the onsite allowance in Japan?")
