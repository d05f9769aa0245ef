"""A syllable without accents in an accented question keeps its own meaning: "tai" of "tai nạn" (accident) is
no folded "tại" (at), so it names the question's topic."""

from __future__ import annotations

from agent.quote_units import rank_units
from agent.terms import question_terms
from tests.agent.passages import passage


def test_an_accident_is_a_topic_of_an_accented_question() -> None:
    # "tai" of "tai nạn" is no "tại": the allowance for a work accident is the one quoted
    grants = passage(
        "quy_tuong_tro:dieu-12",
        "Điều 12. Các khoản trợ cấp",
        "1. CBCNV ốm đau phải nằm viện từ 05 ngày trở lên: 1.000.000 đồng/lần.\n"
        "2. CBCNV bị tai nạn lao động: 2.000.000 đồng/lần.\n"
        "3. Gia đình CBCNV bị thiệt hại nặng do thiên tai, hỏa hoạn: tối đa 5.000.000 đồng.",
    )
    terms = question_terms("Công nhân bị tai nạn lao động thì được trợ cấp bao nhiêu?")
    assert "tai nạn" in terms.bigrams
    assert rank_units([grants], terms, True)[0][3] == "2. CBCNV bị tai nạn lao động: 2.000.000 đồng/lần."


def test_a_syllable_beside_accented_words_is_read_as_vietnamese() -> None:
    # "an" of "an toàn" and "say" of "say rượu" are no English stop words there
    safety = question_terms("Công ty có phát đồ bảo hộ an toàn lao động không?")
    assert "an" in safety.words and "an toàn" in safety.bigrams
    drunk = question_terms("Nhân viên say rượu trong giờ làm bị xử lý thế nào?")
    assert "say rượu" in drunk.bigrams
    # an English phrase in a Vietnamese question keeps the English reading
    assert "the" not in question_terms("Tôi muốn hỏi về overtime on the weekend có được không?").words


def test_a_vietnamese_question_without_accents_is_judged_by_vietnamese_lists() -> None:
    # no English stop word list drops "me" (mẹ), "can" (cần) or "to" (the "tờ" of "giấy tờ")
    assert "me chong" in question_terms("me chong em mat thi em duoc nghi may ngay").bigrams
    papers = question_terms("vay quy tuong tro can nhung giay to gi")
    assert "giay to" in papers.bigrams and "vay" in papers.words
    # "vay" is to borrow, but the particle "vậy" at the end of a clause
    assert "vay" in question_terms("vay tien cong ty de mua xe may duoc khong?").words
    assert "vay" not in question_terms("nha thuoc truong duoc nghi phep nam may ngay vay").words
    # "hon" of "ket hon" and "chu" of "chu nhat" are no function words
    assert "ket hon" in question_terms("ket hon duoc nghi may ngay").bigrams
    assert "chu nhat" in question_terms("lam chu nhat co duoc tinh tang ca khong").bigrams
    # an English question keeps the English lists
    assert "can" not in question_terms("How much can I borrow?").words


def test_an_english_question_is_judged_by_english_lists() -> None:
    # "Chi Minh", "Nha Trang" name places: no Vietnamese stop word list drops their syllables there
    assert "chi minh" in question_terms("What's the hotel cap for our GM in Ho Chi Minh City?").bigrams
    assert "nha trang" in question_terms("Business trip to Nha Trang: what is the per diem?").bigrams
    # "ban" is a prohibition there, "may" a modal verb
    assert "ban" in question_terms("Is there a ban on smoking at work?").words
    assert "may" not in question_terms("May I bring my dog to the office?").words


def test_the_words_of_a_lexicon_term_named_without_accents_are_topics() -> None:
    # folded, "muon" is also "muốn" (to want) and "chi" also "chị": the terms "đi muộn", "chi phí" say which
    late = question_terms("di muon may lan thi bi tru luong")
    assert "di muon" in late.bigrams and "bi" not in late.words  # a generic word stays out
    assert "chi phi" in question_terms("chi phi di lai duoc thanh toan the nao").bigrams
    assert "xe may" in question_terms("vay tien cong ty de mua xe may duoc khong?").bigrams
    # outside a term the question word is still one ("mấy lần")
    assert "may lan" not in late.bigrams


def test_may_is_a_modal_only_in_an_english_question() -> None:
    assert "may" in question_terms("Công nhân may thử việc bao lâu?").words  # to sew
    assert "may" not in question_terms("May I work from home on Fridays?").words


def test_an_accented_question_names_a_topic_only_as_the_lexicon_writes_it() -> None:
    from agent.language import vietnamese_concepts

    def topics(question: str) -> list[str]:
        return [c.asked for c in vietnamese_concepts(question)]

    # "hợp đồng, vậy" folds to "hợp đồng vay" (a loan contract) but says no loan
    assert "hop dong vay" not in topics(
        "Em mời đối tác đi ăn để bàn hợp đồng, vậy em phải xin ai duyệt trước?"
    )
    assert "hop dong vay" in topics("Hợp đồng vay của quỹ có cần công chứng không?")
    assert "hop dong vay" in topics("hop dong vay cua quy co can cong chung khong")  # typed without accents
    assert "nghi phep nam" in topics("Nghi phép năm được mấy ngày?")  # a word typed plain may be any


def test_occasion_likeness_and_thousands_are_no_topics() -> None:
    terms = question_terms("Vào dịp sinh nhật nhân viên được quà gì, giống như quà Tết không?")
    assert not {"dịp", "giống"} & terms.words and "sinh" in terms.words
    plain = question_terms("phu cap gui xe 100 nghin giong nhan vien full time khong")
    assert not {"nghin", "giong"} & plain.words and "xe" in plain.words
