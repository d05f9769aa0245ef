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
