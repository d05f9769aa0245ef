"""Extractive composition: question terms, sentence choice, refusal; and the glossary matching it relies on.

No index needed: passages are built here from text in the style of the bundled regulations.
"""

from __future__ import annotations

from agent.compose import compose, question_terms, topic_expansions, unsupported_words
from agent.evidence import Passage
from indexes.search.glossary import Glossary
from indexes.text import is_stopword, topic_words

MIN = 0.2


def passage(
    node_id: str,
    title: str,
    text: str,
    rank: int = 0,
    tool: str = "search",
    title_path: list[str] | None = None,
) -> Passage:
    doc_id = node_id.split(":")[0]
    return Passage(
        node_id=node_id,
        doc_id=doc_id,
        title=title,
        title_path=title_path or [],
        text=text,
        line_start=1,
        line_end=5,
        tool=tool,
        rank=rank,
    )


SCOPE = passage(
    "quy_che_cho_vay:dieu-1",
    "Điều 1. Phạm vi điều chỉnh và đối tượng áp dụng",
    "1. Quy chế này quy định điều kiện, mục đích, mức cho vay, lãi suất, thời hạn, phương thức hoàn trả "
    "các khoản vay hỗ trợ nhân viên.",
)
INTEREST = passage(
    "quy_che_cho_vay:dieu-7",
    "Điều 7. Lãi suất",
    "1. Lãi suất cho vay là 0%/năm. NLĐ không phải trả phí thẩm định hay bất kỳ khoản phí nào khác.\n"
    "2. NLĐ chỉ phải hoàn trả số tiền gốc đã vay theo lịch trả nợ.",
    rank=1,
)
PER_DIEM = passage(
    "dinh_muc_chi:dieu-4",
    "Điều 4. Phụ cấp lưu trú trong nước",
    "1. Phụ cấp lưu trú là khoản khoán hỗ trợ chi phí ăn uống và sinh hoạt, tính theo số ngày công tác thực tế.\n"
    "2. Công tác trong ngày đến nơi cách trụ sở từ 50 km trở lên được hưởng 50% mức phụ cấp lưu trú.",
)


def test_accents_decide_what_is_a_question_word():
    assert is_stopword("vậy", True) and not is_stopword("vay", True)  # filler vs loan
    assert is_stopword("mấy", True) and not is_stopword("máy", True)  # "mấy" vs "máy bay"
    assert not is_stopword("muộn", True) and not is_stopword("ăn", True)
    assert is_stopword("vay", False)  # without accents "vay" may be "vậy": the folded list applies
    assert "vay" in topic_words("Đang còn nợ khoản vay cũ thì có được vay thêm không?", True)
    assert {"vé", "máy", "bay", "tối", "đa"} <= set(topic_words("Vé máy bay tối đa bao nhiêu?", True))


def test_question_terms_keep_food_and_numbers_compare_without_leading_zeros():
    terms = question_terms("Tiền ăn uống khi đi du lịch tự túc có được hỗ trợ không?")
    assert "ăn uống" in terms.bigrams
    terms = question_terms("Làm đủ 5 năm thì phép năm được bao nhiêu ngày?")
    assert "5" in terms.words
    answer = compose(
        "Làm đủ 5 năm thì nghỉ hằng năm được bao nhiêu ngày?",
        [
            passage(
                "noi_quy_lao_dong:dieu-6",
                "Điều 6. Nghỉ hằng năm",
                "1. NLĐ làm việc đủ 12 tháng được nghỉ hằng năm 12 ngày làm việc.\n"
                "2. Cứ đủ 05 năm làm việc thì được tăng thêm 01 ngày nghỉ hằng năm. Ví dụ: đủ 05 năm được nghỉ "
                "13 ngày.",
            )
        ],
        MIN,
        quantity=True,
    )
    assert not answer.refused and "13 ngày" in answer.text


def test_an_english_question_is_answered_from_vietnamese_text_not_from_the_scope_article():
    glossary = Glossary(
        english={"interest rate": ["lãi suất"], "interest": ["lãi suất"], "loan": ["khoản vay"]}
    )
    question = "What is the interest rate on staff loans?"
    answer = compose(
        question, [SCOPE, INTEREST], MIN, quantity=False, expansions=glossary.expansions(question)
    )
    assert not answer.refused
    assert "0%/năm" in answer.text and answer.node_ids[0] == "quy_che_cho_vay:dieu-7"


def test_a_topic_the_evidence_never_names_is_refused():
    question = "Công ty có phụ cấp ăn trưa hằng tháng không?"
    terms = question_terms(question)
    assert unsupported_words(terms, [PER_DIEM]) == {"trưa", "hằng"}
    assert compose(question, [PER_DIEM], MIN, quantity=False).refused
    # the same section answers the question it is about
    answer = compose(
        "Đi công tác trong ngày cách trụ sở 60 km có phụ cấp lưu trú không?", [PER_DIEM], MIN, False
    )
    assert not answer.refused and "50%" in answer.text


def test_a_sentence_cut_at_a_colon_brings_its_continuation():
    text = (
        "One extra day is added for every full 5 years of service (for normal work:\n"
        "13 days after 5 years, 14 days after 10 years)."
    )
    p = passage("annual_leave_policy_en:annual-leave-entitlement", "Annual leave entitlement", text)
    answer = compose("How many extra days after 10 years of service?", [p], MIN, quantity=True)
    assert "14 days after 10 years" in answer.text


def test_glossary_matches_english_plurals_and_prefers_the_longest_term():
    glossary = Glossary(
        english={
            "public holiday": ["nghỉ lễ, tết"],
            "holiday": ["tết"],
            "advance": ["tạm ứng"],
            "in advance": ["đăng ký trước"],
        },
        synonyms={"mất": ["chết"], "mất lãi": ["lãi suất"]},
    )
    assert glossary.matched_terms("How many public holidays are there?") == ["public holiday"]
    assert glossary.expansions("How far in advance must I register?") == ["đăng ký trước"]
    assert glossary.expansions("vay cty co mat lai khong") == ["lãi suất"]
    assert glossary.expansions("Bố mất được nghỉ mấy ngày?") == ["chết"]


def test_an_amended_clause_is_answered_from_its_amendment():
    original = passage(
        "quy_che:muc-7",
        "Mục 7. Đăng ký và sử dụng phép năm",
        "7.3. NLĐ đã ký chính thức được ứng trước tối đa 02 ngày phép của các tháng còn lại trong năm.",
    )
    amendment = passage(
        "quy_che:muc-9",
        "Mục 9. Sửa đổi, bổ sung",
        '9.2. Sửa đổi khoản 7.3 như sau: "NLĐ đã ký chính thức được ứng trước tối đa 03 ngày phép."',
        rank=3,
    )
    answer = compose("Được ứng trước tối đa mấy ngày phép?", [original, amendment], MIN, quantity=True)
    assert not answer.refused and "03 ngày" in answer.text and "02 ngày" not in answer.text
    assert answer.node_ids[0] == "quy_che:muc-9"


def test_a_worked_example_is_not_quoted_before_the_rule():
    rules = passage(
        "quy_che:muc-6",
        "Mục 6. Tích lũy phép",
        "6.1. Mỗi tháng làm việc được cộng 01 ngày phép.\n"
        "6.5. Ví dụ: chị Lan thử việc từ 03/8 và được cộng 01 ngày phép mỗi tháng làm việc, tháng 9 có 02 ngày.",
    )
    answer = compose("Mỗi tháng làm việc được cộng mấy ngày phép?", [rules], MIN, quantity=True)
    assert not answer.refused and answer.text.split("“")[1].startswith("6.1.")


PHONE_TABLE = (
    "Mức phụ cấp điện thoại theo ngạch:\n\n"
    "| Ngạch | Mức phụ cấp điện thoại (đồng/tháng) |\n|---|---|\n"
    "| L1 | Không áp dụng |\n| L2 | 200.000 |\n| L3 | 300.000 |\n| L4 | 500.000 |\n| L5 | 800.000 |\n"
)


def test_a_small_table_whose_rows_the_question_does_not_name_is_quoted_whole():
    table = passage("phuc_loi:dien-thoai", "Phụ cấp điện thoại", PHONE_TABLE)
    answer = compose("Phụ cấp điện thoại mỗi tháng là bao nhiêu?", [table], MIN, quantity=True)
    assert not answer.refused
    assert all(v in answer.text for v in ("200.000", "300.000", "500.000", "800.000"))
    named = compose("Ngạch L4 được phụ cấp điện thoại bao nhiêu?", [table], MIN, quantity=True)
    assert "L4 | 500.000" in named.text and "800.000" not in named.text  # the row it names, with the header


def test_a_table_is_quoted_with_the_sentence_that_introduces_it():
    """'Công ty bố trí xe đưa đón miễn phí theo 04 tuyến:' says what the route rows are (and that they are free)."""
    shuttle = passage(
        "phuc_loi:xe-dua-don",
        "Phần B. Xe đưa đón",
        "Công ty bố trí xe đưa đón miễn phí theo 04 tuyến:\n\n| Tuyến | Lộ trình |\n|---|---|\n"
        "| Tuyến 1 | TP. Bắc Giang – Quế Võ |\n| Tuyến 4 | Long Biên (Hà Nội) – Quế Võ |\n\n"
        "Mất thẻ đi xe thì báo phòng Nhân sự để cấp lại.",
    )
    answer = compose("Xe đưa đón có tuyến đi Long Biên không?", [shuttle], MIN, quantity=False)
    assert "“Công ty bố trí xe đưa đón miễn phí theo 04 tuyến: Tuyến | Lộ trình …" in answer.text
    assert "Tuyến 4 | Long Biên (Hà Nội) – Quế Võ”" in answer.text
    assert "Mất thẻ" not in answer.text
    # the phone table's own lead-in comes too when one row is quoted
    phone = compose(
        "Ngạch L4 được phụ cấp điện thoại bao nhiêu?",
        [passage("phuc_loi:dien-thoai", "Phụ cấp điện thoại", PHONE_TABLE)],
        MIN,
        quantity=True,
    )
    assert "Mức phụ cấp điện thoại theo ngạch: Ngạch |" in phone.text


def test_the_headings_above_a_section_say_what_its_units_are_about():
    fund = Passage(
        node_id="quy_dinh:quy-tuong-tro/dieu-kien-vay",
        doc_id="quy_dinh",
        title="2. Điều kiện vay",
        title_path=["Quy định phúc lợi", "I. QUỸ TƯƠNG TRỢ CBNV", "2. Điều kiện vay"],
        text="Đối tượng: NLĐ có HĐLĐ chính thức, đã làm việc liên tục tại Công ty từ đủ 12 tháng trở lên.",
        line_start=10,
        line_end=10,
        tool="search",
        rank=1,
    )
    leaving = Passage(
        node_id="noi_quy:chuong-vii",
        doc_id="noi_quy",
        title="Chương VII. Chấm dứt hợp đồng lao động",
        title_path=["Nội quy lao động", "Chương VII. Chấm dứt hợp đồng lao động"],
        text="Khi thôi việc, khoản vay còn nợ được khấu trừ vào tiền lương tháng cuối.",
        line_start=40,
        line_end=40,
        tool="search",
        rank=0,
    )
    answer = compose("Làm bao lâu thì được vay quỹ tương trợ?", [leaving, fund], MIN, quantity=True)
    assert not answer.refused and answer.node_ids[0] == fund.node_id and "12 tháng" in answer.text


REPAYMENT = passage(
    "quy_che_cho_vay:dieu-9",
    "Điều 9. Phương thức hoàn trả",
    "3. Trong tháng tiền lương không đủ để khấu trừ (nghỉ thai sản, nghỉ ốm dài ngày, nghỉ không hưởng lương), "
    "NLĐ chuyển khoản số tiền phải trả cho Công ty trước ngày 10 của tháng kế tiếp hoặc đề nghị điều chỉnh lịch "
    "trả nợ.",
)
TRIP = passage(
    "phuc_loi:du-lich/4",
    "4. Trường hợp không tham gia chuyến du lịch",
    "NLĐ không tham gia vì lý do chính đáng (đang nghỉ thai sản, ốm đau nằm viện, đi công tác) được nhận bằng "
    "tiền 70% mức hỗ trợ.",
)
FOUNDING = passage(
    "gio_lam:a-3",
    "A.3. Ngày nghỉ của Công ty",
    "Ngoài ra, ngày 25/9 (ngày thành lập Công ty) là ngày nghỉ hưởng nguyên lương của khối văn phòng.",
)


def test_a_concept_named_only_in_a_bracketed_list_is_a_passing_mention():
    for question in ("Nghỉ thai sản được bao nhiêu tháng?", "How many months of maternity leave do I get?"):
        answer = compose(question, [REPAYMENT], MIN, quantity=True)
        assert answer.refused, question
    # the bracketed list gives the reasons of a rule the question asks about (the trip): it answers
    answer = compose(
        "Không đi du lịch được vì đang nghỉ thai sản thì có được nhận tiền không?", [TRIP], MIN, False
    )
    assert not answer.refused and "70%" in answer.text
    # a single bracketed phrase glosses what precedes it: part of the rule
    answer = compose("Ngày thành lập công ty có được nghỉ không, là ngày nào?", [FOUNDING], MIN, False)
    assert not answer.refused and "25/9" in answer.text


def test_a_bracketed_list_in_a_rule_stating_the_figure_asked_for_is_no_passing_mention():
    papers = passage(
        "noi_quy:dieu-11",
        "Điều 11. Nghỉ việc riêng có hưởng lương",
        "4. Giấy tờ chứng minh (giấy chứng nhận kết hôn, giấy báo tử hoặc xác nhận của chính quyền địa phương) "
        "nộp trong 05 ngày làm việc sau khi đi làm lại.",
    )
    answer = compose(
        "How long do I have to hand in the death certificate?",
        [papers],
        MIN,
        quantity=True,
        expansions=["giấy báo tử", "nghỉ tang"],
    )
    assert not answer.refused and "05 ngày làm việc" in answer.text
    # the loan rule names maternity leave in brackets and states no duration: still a passing mention
    assert compose("How many months of maternity leave do I get?", [REPAYMENT], MIN, quantity=True).refused


def test_a_duration_in_working_days_is_the_kind_of_figure_how_long_asks_for():
    from agent.quote_units import QUANTITY_KINDS

    _, states_duration = QUANTITY_KINDS["duration"]
    for unit in ("Band 1 operators | 6 working days | 100%", "up to 3 consecutive days", "06 ngay lam viec"):
        assert states_duration.search(unit), unit
    assert not states_duration.search("Band 1 operators | 100% of the salary")


def test_amounts_in_other_currencies_and_clock_times_in_english_are_their_kinds():
    from agent.quote_units import QUANTITY_KINDS

    amount, time_of_day = QUANTITY_KINDS["amount"][1], QUANTITY_KINDS["time_of_day"][1]
    for unit in ("jpy 16,000 per night", "16,000 yen", "$70 a day", "1.5 million", "usd 70"):
        assert amount.search(unit), unit
    assert time_of_day.search("the last bus leaves at 6 pm") and time_of_day.search("ca 3 tu 22:00")
    assert not amount.search("band 2 for 3 days")


def test_a_negating_khong_is_part_of_the_topic_and_a_question_particle_is_not():
    from agent.terms import question_terms

    asked = question_terms("Hợp đồng không xác định thời hạn thì phải báo trước bao nhiêu ngày?")
    assert "không xác" in asked.bigrams
    assert not any(
        b.startswith("không") for b in question_terms("Em được nghỉ không, có lương không ạ?").bigrams
    )
    assert "khong luong" in question_terms("nghi khong luong toi da bao lau").bigrams


def test_a_question_of_a_qa_section_brings_its_answer():
    faq = Passage(
        node_id="so_tay:phan-d",
        doc_id="so_tay",
        title="Phần D. Hỏi – Đáp",
        text=(
            "**Hỏi: Quên chấm công bằng nhận diện khuôn mặt thì xử lý thế nào?**\n"
            "Đáp: Gửi đề nghị điều chỉnh trên K-Portal trong 02 ngày làm việc.\n\n"
            "**Hỏi: Đang thử việc có được ở KTX không?**\n"
            "Đáp: Có, nếu còn chỗ."
        ),
        line_start=1,
        line_end=5,
        tool="search",
        rank=0,
    )
    answer = compose("Quên chấm công bằng khuôn mặt thì phải làm gì?", [faq], 0.2, quantity=False)
    assert "Quên chấm công" in answer.text and "trong 02 ngày làm việc" in answer.text
    assert "thử việc" not in answer.text  # the next question is not part of the answer


def test_english_adverbs_name_no_topic():
    """'even', 'still', 'already' qualify the question; they are not what a passage must say."""
    terms = question_terms("Do I still get extra pay for working nights even when it isn't overtime?")
    assert {"even", "still"}.isdisjoint(terms.words) and {"night", "overtim"} <= terms.words


def test_general_words_of_the_expansions_do_not_count_as_the_topic_a_refusal_weighs():
    # "mỗi tháng" glosses as "monthly": it ranks sentences, it is not what a question on the union fee asks about
    expansions = ["tiền lương", "trade union", "labour union", "monthly", "every month"]
    assert topic_expansions(expansions) == ["tiền lương", "trade union", "labour union"]
    assert topic_expansions(None) == []
    # a one-way entry may still name a topic ("obligations" → "nghĩa vụ"): it stays
    assert topic_expansions(["nghĩa vụ", "a month"]) == ["nghĩa vụ"]


def test_an_absent_preposition_is_no_absent_topic(monkeypatch):
    """ "giữa" (between, the middle of) is in no document: a word of relation, not a topic the documents lack."""
    advance = passage(
        "luong:dieu-5",
        "Điều 5. Tạm ứng lương",
        "NLĐ được tạm ứng lương một lần vào ngày 15 hằng tháng, mức tạm ứng tối đa 50% lương tháng.",
    )
    question = "Em muốn ứng lương giữa tháng thì được ứng tối đa bao nhiêu?"
    answer = compose(question, [advance], 0.2, True, unknown_terms=["giữa"])
    assert not answer.refused and "50%" in answer.text
    import agent.terms

    monkeypatch.setattr(agent.terms, "_RELATIONAL", frozenset())
    assert compose(question, [advance], 0.2, True, unknown_terms=["giữa"]).refused


def test_a_clock_time_is_not_a_duration_in_hours():
    from agent.quote_units import QUANTITY_KINDS
    from indexes.text import fold

    time_of_day = QUANTITY_KINDS["time_of_day"][1]
    clock_times = (
        "ca hành chính từ 07 giờ 30 đến 16 giờ 30",
        "từ 7 giờ đến 16 giờ",
        "Ca 1: 06h00 - 14h00",
        "5 giờ chiều",
        "kết thúc sau 22 giờ mà không còn phương tiện công cộng",
        "nộp trước 17 giờ",
        "8 giờ – 17 giờ",
        "Ca sáng: 6h - 14h",
        "hạn chót 17h ngày 25",
        "Night work is from 10 p.m. to 6 a.m.",
    )
    for unit in clock_times:
        assert time_of_day.search(fold(unit)), unit
    durations = (
        "không quá 04 giờ đối với ngày làm việc 08 giờ",
        "làm thêm tối đa 12 giờ trong 01 ngày",
        "làm việc từ 04 giờ trở lên trong ngày",
        "tăng lên đến 12 giờ/ngày",
        "8 giờ 30 phút mỗi ngày",
        "Giỗ Tổ Hùng Vương 01 ngày (10/3 âm lịch)",
        "thông báo trước 24 giờ",
        "Sau 4 giờ làm việc liên tục được nghỉ 30 phút",
        "Nhân viên làm việc 8 giờ – 9 giờ/ngày",
    )
    for unit in durations:
        assert not time_of_day.search(fold(unit)), unit


def _matching(pattern, texts: tuple[str, ...]) -> list[str]:
    from indexes.text import fold

    return [t for t in texts if pattern.search(fold(t))]


def test_when_asks_for_a_date_a_weekday_or_a_deadline_counted_from_an_event():
    from agent.quote_units import QUANTITY_KINDS

    asks, states = QUANTITY_KINDS["when"]
    asking = ("When's payday?", "Lương trả vào ngày nào?", "Until when can I use it?", "hạn chót là bao giờ")
    assert _matching(asks, asking) == list(asking)
    # "when" as a conjunction or a clause, "never", "any time", "every day" ask for no date
    not_asking = (
        "How many days of leave do I get when I get married?",
        "When I get married, how many days do I get?",
        "Tôi chưa bao giờ nghỉ phép, có được trả tiền không?",
        "Có thể nghỉ bất cứ lúc nào không?",
        "Ngày nào cũng phải chấm công à?",
    )
    assert _matching(asks, not_asking) == []
    dated = (
        "Lương tháng được trả một lần vào ngày 05 hằng tháng",
        "Chậm nhất 03 ngày trước khi hết thời gian thử việc",
        "Trong thời hạn 10 ngày làm việc kể từ ngày chấm dứt HĐLĐ",
        "the roster is published every Friday by 12:00",
        "ngày ký nhận đơn được tính là ngày thứ nhất",
    )
    assert _matching(states, dated) == list(dated)
    undated = (
        "a) 120 ngày đối với chức danh quản lý",
        "6 working days of leave",
        "cùng kỳ trả lương",
        "Lương tháng 13 bằng 01 tháng lương",  # the 13th-month salary is no month of the year
        "the 13th-month salary",
        "được hưởng 1/2 lương",  # a fraction, no date
        "con thứ ba",  # an ordinal, no weekday
        "làm việc 8 giờ/ngày",
    )
    assert _matching(states, undated) == []


PAYDAY = passage(
    "quy_dinh_luong:phan-4",
    "Phần 4. Trả lương",
    "Khoản 1. Lương tháng được trả một lần vào ngày 05 hằng tháng cho tháng liền trước.\n\n"
    "Khoản 2. NLĐ bán thời gian được trả theo số giờ làm thực tế, cùng kỳ trả lương với NLĐ toàn thời gian.",
)


def test_a_when_question_quotes_the_unit_stating_the_date():
    answer = compose("Kỳ trả lương là khi nào?", [PAYDAY], MIN, quantity=False)
    assert not answer.refused and answer.text.split("“")[1].startswith("Khoản 1."), answer.text


def test_a_definitions_article_is_quoted_only_when_no_rule_matches_nearly_as_well():
    definitions = passage(
        "noi_quy:dieu-2",
        "Điều 2. Giải thích từ ngữ",
        "1. Lịch phân ca: lịch làm việc theo ca do Cửa hàng trưởng lập cho từng tuần.",
    )
    roster = passage(
        "noi_quy:dieu-6",
        "Điều 6. Phân ca",
        "1. Lịch phân ca của tuần sau do Cửa hàng trưởng lập và công bố vào thứ Sáu hằng tuần.",
        rank=1,
    )
    assert "Điều 6" in _quoted_from("Lịch phân ca do ai lập?", [definitions, roster])


def test_a_glossary_and_its_terms_sections_answer_no_rule_question():
    glossary = passage(
        "hb:words-we-use",
        "Words we use",
        "PTO\n: Paid time off: your annual leave, counted in working days or, for shift workers, in rostered shifts.",
    )
    zones = passage(  # a term's own section under the definitions article
        "ct:2-3",
        "2.3 Khu vực công tác",
        "Khu vực A: Hà Nội, TP. Hồ Chí Minh. Khu vực B: các tỉnh, thành phố còn lại, kể cả Đà Lạt.",
        title_path=["Quy định công tác phí", "2. Giải thích từ ngữ", "2.3 Khu vực công tác"],
    )
    unused = passage(
        "hb:unused-pto",
        "Unused PTO",
        "- You can carry up to 4 unused days of annual leave into the next year; the rest is paid out in January.",
        rank=1,
    )

    def first_source(question: str, passages: list) -> str:  # 'According to “Unused PTO”: “…”'
        return compose(question, passages, MIN, quantity=False).text.split("”:")[0]

    assert "Unused PTO" in first_source(
        "What happens to my unused annual leave at year end?", [glossary, unused]
    )
    assert "Words we use" in first_source("What does PTO mean?", [glossary, unused])
    housing = passage(
        "ct:5", "5. Hỗ trợ nhà ở", "Nhân viên điều động đến khu vực B được hỗ trợ nhà ở.", rank=2
    )
    assert "5. Hỗ trợ nhà ở" in _quoted_from(
        "Điều động đến Đà Lạt, khu vực B có hỗ trợ nhà ở không?", [zones, housing]
    )


def _quoted_from(question: str, passages: list) -> str:
    """What the answer's first quote is introduced by ("Theo Điều 6. …: "): the section it quotes first."""
    return compose(question, passages, MIN, quantity=False).text.split("“")[0]


def test_a_rule_whose_period_of_the_year_holds_the_asked_month_is_quoted():
    entitlement = passage(
        "hb:4-2",
        "4.2 Annual leave entitlement",
        "| Band | Annual leave per year |\n|---|---|\n| Band 1 line operators | 12 working days of annual leave |\n"
        "| Band 2 technicians | 12 working days of annual leave |",
    )
    booking = passage(
        "hb:4-5",
        "4.5 Booking leave",
        "• Book annual leave in K-Portal at least 3 working days ahead.\n"
        "• Peak season: from 1 September to 15 December, Band 1 and Band 2 employees may take at most 3 "
        "consecutive days of annual leave.",
        rank=1,
    )
    question = "I'm a line operator. Can I take a whole week of annual leave in late October?"
    answer = compose(question, [entitlement, booking], MIN, False)
    assert not answer.refused and "3 consecutive days" in answer.text.split("\n")[0]


def test_how_many_days_ahead_asks_for_a_length_before_the_event_and_days_are_not_hours():
    from agent.quote_units import QUANTITY_KINDS, asked_measure

    asks, states = QUANTITY_KINDS["lead_time"]
    asking = (
        "How many days ahead do I need to ask?",
        "Xin nghỉ phép phải báo trước bao lâu?",
        "Nộp đơn trước mấy ngày?",
    )
    assert _matching(asks, asking) == list(asking)
    assert _matching(asks, ("How long is annual leave?", "Được nghỉ phép bao nhiêu ngày?")) == []
    ahead = (
        "Khi nghỉ phải làm đơn trước ít nhất 03 ngày làm việc",
        "Submit the request 3 working days in advance",
        "Loại hợp đồng | Thời hạn báo trước tối thiểu … HĐLĐ không xác định thời hạn | 45 ngày",
    )
    assert _matching(states, ahead) == list(ahead)
    assert _matching(states, ("a) 12 ngày làm việc đối với công việc bình thường",)) == []
    assert asked_measure("Nhân viên văn phòng được nghỉ phép năm bao nhiêu ngày?") == "days"
    assert asked_measure("Tăng ca tối đa mỗi năm bao nhiêu giờ?") == "hours"
    assert asked_measure("Thử việc bao lâu?") is None
    hours = passage(
        "noi_quy:dieu-5",
        "Điều 5. Thời giờ làm việc",
        "1. Nhân viên khối văn phòng làm việc 44 giờ/tuần; nghỉ hằng tuần ngày Chủ nhật.",
    )
    leave = passage(
        "noi_quy:dieu-9",
        "Điều 9. Nghỉ phép năm",
        "a) 12 ngày làm việc đối với công việc bình thường;\nb) 14 ngày làm việc đối với công việc nặng nhọc.",
        rank=1,
    )
    answer = compose(
        "Nhân viên văn phòng được nghỉ phép năm bao nhiêu ngày?", [hours, leave], MIN, quantity=True
    )
    assert "12 ngày làm việc" in answer.text.split("\n")[0], answer.text


def test_a_figure_per_the_period_asked_weighs_up():
    from agent.quote_units import asked_period

    assert asked_period("Tăng ca tối đa mỗi năm được bao nhiêu giờ?") == "year"
    assert asked_period("What is the maximum overtime per month?") == "month"
    assert asked_period("Được nghỉ bao nhiêu ngày?") is None
    month = passage(
        "gio_lam:dieu-5", "Điều 5. Giới hạn làm thêm giờ", "Số giờ làm thêm không quá 40 giờ/tháng."
    )
    year = passage(
        "gio_lam:dieu-6", "Điều 6. Giới hạn làm thêm giờ", "Số giờ làm thêm không quá 300 giờ/năm.", rank=1
    )
    answer = compose("Làm thêm giờ tối đa mỗi năm bao nhiêu giờ?", [month, year], MIN, quantity=True)
    assert answer.text.split("“")[1].startswith("Số giờ làm thêm không quá 300 giờ/năm"), answer.text


def test_the_article_putting_a_regulation_in_force_answers_only_when_it_applies():
    effect = passage(
        "tq:dieu-7",
        "Điều 7. Hiệu lực",
        "Quy định về đăng ký tham quan nghỉ mát hằng năm có hiệu lực từ ngày 01/4/2025.",
    )
    signup = passage(
        "tq:dieu-6",
        "Điều 6. Thủ tục",
        "1. CBCNV đăng ký nghỉ mát với Công đoàn bộ phận trước ngày 15/5.",
        rank=1,
    )
    assert "Điều 6" in _quoted_from("Đăng ký đi tham quan nghỉ mát trước ngày nào?", [effect, signup])
    assert "Điều 7" in _quoted_from("Quy định tham quan nghỉ mát có hiệu lực từ ngày nào?", [effect, signup])


def test_from_or_at_what_hour_asks_for_a_clock_time_not_a_number_of_hours():
    from agent.quote_units import quantity_kinds
    from indexes.text import fold

    assert quantity_kinds(fold("Công nhân làm từ mấy giờ đến mấy giờ?")) == ["time_of_day"]
    assert quantity_kinds(fold("Ca đêm bắt đầu lúc mấy giờ?")) == ["time_of_day"]
    assert quantity_kinds(fold("Làm thêm tối đa mấy giờ một ngày?")) == ["duration", "time_of_day"]


def test_a_unit_stating_the_asked_topic_is_quoted_before_a_better_scored_neighbour():
    per_diem = passage(
        "ct:dieu-6",
        "Điều 6. Phụ cấp lưu trú",
        "1. Phụ cấp lưu trú mỗi tháng được thanh toán theo số ngày công tác thực tế:\n"
        "| Nhóm | Vùng 1 | Vùng 2 |\n|---|---|---|\n| Nhóm I | 450.000 đồng | 400.000 đồng |",
    )
    site = passage(
        "ct:dieu-5",
        "Điều 5. Phạm vi thanh toán",
        "1. Không thanh toán công tác phí cho CBCNV làm việc thường xuyên tại công trình; những người này hưởng "
        "phụ cấp công trường theo Quy chế trả lương.",
        rank=1,
    )
    question = "Phụ cấp công trường mỗi tháng được bao nhiêu tiền?"
    answer = compose(question, [per_diem, site], MIN, quantity=True).text
    assert "Quy chế trả lương" in answer.split("\n")[0] and "450.000" not in answer.split("\n")[0]


def test_a_best_unit_stating_the_asked_topic_stays_first():
    site = passage(
        "ct:dieu-5",
        "Điều 5. Phụ cấp công trường",
        "1. CBCNV làm việc thường xuyên tại công trường được hưởng phụ cấp công trường 1.200.000 đồng/tháng.",
    )
    other = passage(
        "ct:dieu-9",
        "Điều 9. Các khoản khác",
        "1. Phụ cấp công trường được chi cùng kỳ lương hằng tháng.",
        rank=1,
    )
    answer = compose("Phụ cấp công trường mỗi tháng được bao nhiêu tiền?", [site, other], MIN, quantity=True)
    assert answer.text.split("\n")[0].startswith("Theo Điều 5") and "1.200.000" in answer.text
