"""A trip to a foreign country is answered only by a rule for that country or for trips abroad: a domestic hotel
cap says nothing about Singapore, a table of Asian countries without a row for the rest nothing about Munich."""

from __future__ import annotations

import pytest

from agent.compose import compose
from agent.destinations import abroad_query, covers_destination, destination_words, foreign_destination
from tests.agent.test_compose import passage

DOMESTIC = (
    "| Chức danh | Hà Nội, TP. HCM | Tỉnh, thành phố khác |\n|---|---|---|\n"
    "| Trưởng phòng | 1.200.000 | 900.000 |\n| Nhân viên | 800.000 | 600.000 |"
)
ASIA = (
    "| Destination | Bands 1–3 (per night) |\n|---|---|\n| Japan | USD 150 |\n"
    "| China, Korea, Taiwan, Singapore | USD 130 |\n| Other ASEAN countries | USD 100 |"
)
WORLD = ASIA + "\n| Any other country | As approved by the General Director |"
ABROAD_COLUMN = (
    "| Ngạch | Trong nước (đồng/ngày) | Nước ngoài (USD/ngày) |\n|---|---|---|\n| L3 | 250.000 | 50 |"
)


@pytest.mark.parametrize(
    ("question", "country"),
    [
        ("I'm going to a pharmacy conference in Singapore. What's the hotel cap?", "singapore"),
        ("I'm an engineer going to a trade fair in Munich next month.", "germany"),
        ("Công tác phí khi đi công tác sang Đức là bao nhiêu?", "germany"),
        ("Kỹ sư đi công tác Tokyo thì tiền khách sạn tối đa bao nhiêu?", "japan"),
        ("Trưởng phòng đi công tác Thái Lan thì được bao nhiêu?", "thailand"),
        ("Em được cử sang Nhật đào tạo 4 tháng thì phải cam kết bao lâu?", "japan"),
    ],
)
def test_the_foreign_country_a_question_names(question: str, country: str):
    assert foreign_destination(question) == country


@pytest.mark.parametrize(
    "question",
    [
        "Em tự đi xe máy đi công tác Thái Nguyên, 160 km thì được bao nhiêu?",  # a province, not Thailand
        "Tự ý nghỉ làm mấy ngày thì có thể bị sa thải?",  # "ý" is no Italy
        "Chị Nga ở phòng kế toán được nghỉ mấy ngày?",  # a name
        "Đi công tác Đà Nẵng 3 ngày thì phụ cấp bao nhiêu?",
        "Em đi công tác Mỹ Tho 2 ngày, phụ cấp lưu trú bao nhiêu?",  # Vietnamese places, not the USA, Laos
        "Công tác Lào Cai có được phụ cấp khu vực không?",
    ],
)
def test_no_foreign_country_where_none_is_named(question: str):
    assert foreign_destination(question) is None
    assert abroad_query(question) is None and destination_words(question) == []


def test_which_rules_cover_a_country():
    assert not covers_destination("singapore", DOMESTIC)  # domestic caps only
    assert covers_destination("singapore", ASIA) and covers_destination("japan", ASIA)
    assert not covers_destination("germany", ASIA)  # "Other ASEAN countries" is no row for Germany
    assert covers_destination("germany", WORLD)  # "Any other country"
    assert covers_destination("germany", ABROAD_COLUMN)  # trips abroad, no country listed
    assert covers_destination("korea", "Đi công tác nước ngoài phải được Tổng Giám đốc phê duyệt.")


HOTELS = passage("cong_tac:dieu-5", "Điều 5. Tiền thuê phòng nghỉ", "Mức tối đa một đêm:\n" + DOMESTIC)


def test_a_foreign_hotel_cap_is_refused_from_a_domestic_table_and_a_domestic_one_answered():
    refused = compose(
        "Trưởng phòng đi công tác Singapore thì tiền phòng tối đa bao nhiêu?", [HOTELS], 0.2, True
    )
    assert refused.refused and refused.node_ids == []
    assert "Các quy định gần nhất không nói về chuyến đi Singapore." in refused.text
    english = compose("Department head going to Munich: hotel cap per night?", [HOTELS], 0.2, True)
    assert english.refused and "The closest rules do not cover trips to Germany." in english.text
    answered = compose(
        "Trưởng phòng đi công tác Hà Nội thì tiền phòng tối đa bao nhiêu?", [HOTELS], 0.2, True
    )
    assert not answered.refused and "1.200.000" in answered.text
    abroad = passage("travel:5-2", "5.2 Hotels overseas", WORLD)
    munich = compose("Engineer, trade fair in Munich: hotel limit per night?", [abroad], 0.2, True)
    assert not munich.refused and "Any other country" in munich.text
