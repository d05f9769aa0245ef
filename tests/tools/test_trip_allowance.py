"""A business trip's allowances: the norms a table states for the staff group and place, dated changes, a day
trip's share, a shared room's multiple; and the questions that ask for them."""

from __future__ import annotations

import datetime as dt

import pytest

from agent.question import analyse, trip_args
from tests.tools.rule_texts import rule_text
from tools.date_inputs import DateInputError
from tools.trip_allowance import TripInputError, calculate
from tools.trip_norms import trip_norms_from_rules
from tools.trip_tools import _day

HEADER = (
    "Cấp bậc | Phụ cấp lưu trú (đồng/ngày) | Khách sạn tại Hà Nội, TP. Hồ Chí Minh (đồng/đêm) | "
    "Khách sạn tại tỉnh, thành phố khác (đồng/đêm)"
)
NOTICE = "Cấp bậc | Mức cũ (đồng/ngày) | Mức mới từ 01/10/2026 (đồng/ngày)"
TODAY = dt.date(2026, 11, 23)


def policy(text: str, line: int):
    return rule_text(text, ["Chính sách phúc lợi", "7. Định mức công tác phí"], line, "phuc_loi:7")


def notice(text: str, line: int):
    return rule_text(text, ["Thông báo điều chỉnh phụ cấp lưu trú công tác"], line, "thong_bao")


RULES = [
    policy(f"{HEADER} … L1 – L2 | 200.000 | 600.000 | 450.000", 10),
    policy(f"{HEADER} … L3 | 250.000 | 800.000 | 600.000", 11),
    policy(f"{HEADER} … L4 | 300.000 | 900.000 | 700.000", 12),
    policy(
        "Đi về trong ngày: hưởng 50% phụ cấp lưu trú, không có tiền khách sạn. Hai người cùng giới đi cùng đợt ở "
        "chung một phòng, định mức phòng bằng 1,5 lần định mức một người.",
        14,
    ),
    notice("Phụ cấp lưu trú khi đi công tác, áp dụng cho các ngày công tác từ ngày 01/10/2026:", 3),
    notice(f"{NOTICE} … L1 – L2 | 200.000 | 260.000", 5),
    notice(f"{NOTICE} … L3 | 250.000 | 320.000", 6),
    notice(f"{NOTICE} … L4 | 300.000 | 380.000", 7),
    notice(
        "Định mức khách sạn của cấp L1 – L2 tại tỉnh, thành phố khác được nâng từ 450.000 đồng/đêm lên 550.000 "
        "đồng/đêm, cũng từ ngày 01/10/2026.",
        9,
    ),
]


def trip(**args):
    defaults = dict(
        employee=None,
        destination=None,
        start=None,
        end=None,
        days=None,
        nights=None,
        day_trip=False,
        shared_room=False,
        part="both",
        today=TODAY,
    )
    return calculate(trip_norms_from_rules(RULES), **{**defaults, **args})


def test_the_norms_are_read_with_their_kind_group_place_and_date():
    norms = trip_norms_from_rules(RULES)
    l3 = [(c.kind, c.amount, c.place, c.effective_from) for c in norms.cells if c.group == "L3"]
    assert ("per_diem", 250_000, "", None) in l3 and ("per_diem", 320_000, "", dt.date(2026, 10, 1)) in l3
    assert ("hotel", 800_000, "Khách sạn tại Hà Nội, TP. Hồ Chí Minh (đồng/đêm)", None) in l3
    assert all(c.amount != 200_000 or c.source.line_start == 10 for c in norms.cells)  # "Mức cũ" is history
    changed = [c for c in norms.cells if c.amount == 550_000]
    assert len(changed) == 1 and changed[0].group == "L1 – L2" and changed[0].source.line_start == 9
    assert (norms.day_trip_share, norms.shared_room_factor) == (50, 1.5)


def test_days_before_a_change_are_paid_the_former_rate_and_days_from_it_the_new():
    result = trip(employee="Em L3", start=dt.date(2026, 9, 28), end=dt.date(2026, 10, 1), part="per_diem")
    assert (result.days, result.per_diem_total) == (4, 3 * 250_000 + 320_000)
    assert {s.line_start for s in result.policy_sources.values()} == {11, 6}


def test_days_and_nights_by_group_and_place():
    result = trip(employee="Nhà thuốc trưởng L4", destination="TP.HCM", days=2, nights=1)
    assert (result.per_diem_total, result.hotel_total, result.total) == (760_000, 900_000, 1_660_000)
    other = trip(employee="Nhân viên L2", destination="Quảng Ngãi", days=3, nights=2)
    assert (other.per_diem_total, other.hotel_total) == (780_000, 1_100_000)  # the changed cap, 550.000
    assert "1.880.000 đồng" in other.answer and "1,880,000 VND" in other.answer_en


def test_a_day_trip_gets_the_stated_share_and_a_shared_room_the_stated_multiple():
    day = trip(employee="L1 here", destination="Quảng Ngãi", day_trip=True)
    assert (day.days, day.nights, day.per_diem_total, day.hotel_total) == (1, 0, 130_000, None)
    assert day.policy_sources["day_trip_share"].line_start == 14
    room = trip(employee="both L3", destination="HCMC", shared_room=True, part="hotel")
    assert room.hotel_per_night == 1_200_000 and "1.200.000 đồng một đêm" in room.answer


def test_an_unknown_group_or_place_is_asked_for_and_a_return_before_departure_refused():
    with pytest.raises(LookupError, match="staff group"):
        trip(employee="giám đốc vùng", days=2)
    with pytest.raises(LookupError, match="destination"):
        trip(employee="L3", days=2, nights=1, part="hotel")
    with pytest.raises(TripInputError):
        trip(employee="L3", start=dt.date(2026, 10, 5), end=dt.date(2026, 10, 1))


def test_an_english_table_with_places_as_rows_and_a_day_trip_column():
    section = ["Travel & Expense Policy", "4. Daily allowance (per diem)", "4.1 Domestic per diem"]
    hotels = ["Travel & Expense Policy", "5. Accommodation", "5.1 Hotels in Vietnam"]
    head = "Band | Trip with an overnight stay (VND per day) | Day trip, no overnight stay (VND per day)"
    rooms = "Location | Bands 1–3 | Band 4"
    rules = [
        rule_text(f"{head} … Bands 1–2 | 250,000 | 120,000", section, 3, "policy:4-1"),
        rule_text(f"{head} … Bands 3–4 | 350,000 | 150,000", section, 4, "policy:4-1"),
        rule_text(
            f"{rooms} … Hà Nội, Ho Chi Minh City, Đà Nẵng | 1,000,000 VND | 1,500,000 VND", hotels, 8, "p:5"
        ),
        rule_text(f"{rooms} … Other provinces and cities | 700,000 VND | 1,000,000 VND", hotels, 9, "p:5"),
    ]
    norms = trip_norms_from_rules(rules)
    args = dict(start=None, end=None, nights=None, shared_room=False, today=TODAY)
    result = calculate(
        norms, employee="Band 3", destination="Ho Chi Minh City", days=3, day_trip=False, part="both", **args
    )
    assert (result.per_diem_total, result.hotel_total) == (1_050_000, 2_000_000)
    day = calculate(
        norms, employee="band 2", destination="Hải Phòng", days=None, day_trip=True, part="per_diem", **args
    )
    assert day.per_diem_total == 120_000  # the day-trip column, not a share of the overnight rate


def test_questions_that_ask_a_trips_allowance():
    q = analyse(
        "Nhân viên L2 đi công tác Quảng Ngãi 3 ngày 2 đêm thì phụ cấp lưu trú và tiền khách sạn tối đa là bao nhiêu?"
    )
    assert q.intent == "trip_allowance"
    assert q.trip == {"part": "both", "days": 3, "nights": 2, "destination": "Quảng Ngãi"}
    q = analyse(
        "I'm an L3 pharmacist going on a work trip from Dec 7 to Dec 10. How much per diem do I get in total?"
    )
    assert q.trip == {"part": "per_diem", "departure": "december 7", "return_date": "december 10"}
    q = analyse("I'm a cashier sent to Huế for 3 days of training. What's my hotel budget per night?")
    assert q.trip == {"part": "hotel", "destination": "Huế"}
    assert analyse("Tạm ứng công tác được tối đa bao nhiêu phần trăm chi phí?").intent != "trip_allowance"
    assert analyse("Phụ cấp lưu trú của ngạch L3 là bao nhiêu?").intent != "trip_allowance"  # a rate: quoted


def test_a_destination_outside_vietnam_is_not_paid_the_domestic_norm_where_norms_abroad_exist():
    abroad = [
        *RULES,
        policy("Khu vực | Phụ cấp lưu trú nước ngoài (USD/ngày) … Nhật Bản | 70", 20),
        policy("Khu vực | Phụ cấp lưu trú nước ngoài (USD/ngày) … Singapore | 55", 21),
    ]
    norms = trip_norms_from_rules(abroad)
    args = dict(start=None, end=None, nights=None, day_trip=False, shared_room=False, today=TODAY)
    with pytest.raises(LookupError, match="outside Vietnam"):
        calculate(norms, employee="L3", destination="Lima", days=3, part="per_diem", **args)
    japan = calculate(norms, employee="L3", destination="Nhật Bản", days=3, part="per_diem", **args)
    assert (japan.per_diem_total, japan.currency) == (210, "USD")
    tokyo = calculate(norms, employee="L3", destination="Tokyo", days=3, part="per_diem", **args)
    assert tokyo.per_diem_total == 210  # a city abroad is paid its country's norm
    home = calculate(norms, employee="L3", destination="Quảng Ngãi", days=3, part="per_diem", **args)
    assert home.per_diem_total == 3 * 320_000


def test_one_days_rate_asked_for_a_group_is_todays_rate():
    q = analyse("What's the daily allowance when a store manager travels for a new store opening?")
    assert (q.intent, q.trip) == ("trip_allowance", {"part": "per_diem"})
    result = trip(employee="store manager L4", part="per_diem")
    assert (result.days, result.per_diem_total) == (
        1,
        380_000,
    )  # the rate from 01/10/2026, not the former 300.000
    assert result.answer_en == "The daily allowance is 380,000 VND a day."


def test_a_trip_abroad_is_paid_the_column_for_abroad():
    head = "Ngạch | Trong nước (đồng/ngày) | Nước ngoài (USD/ngày)"
    rules = [
        rule_text(
            f"{head} … L3 | 250.000 | 50", ["Quy định công tác phí", "III. PHỤ CẤP LƯU TRÚ"], 5, "ct:iii"
        ),
        rule_text(
            f"{head} … L4 | 300.000 | 60", ["Quy định công tác phí", "III. PHỤ CẤP LƯU TRÚ"], 6, "ct:iii"
        ),
    ]
    q = analyse("di cong tac nuoc ngoai ngach L4 duoc phu cap luu tru bao nhieu mot ngay")
    assert q.trip == {"part": "per_diem", "destination": "nuoc ngoai"}
    norms = trip_norms_from_rules(rules)
    args = dict(start=None, end=None, days=None, nights=None, day_trip=False, shared_room=False, today=TODAY)
    abroad = calculate(norms, employee="ngạch L4", destination="nuoc ngoai", part="per_diem", **args)
    assert (abroad.per_diem_total, abroad.currency) == (60, "USD")
    home = calculate(norms, employee="ngạch L4", destination=None, part="per_diem", **args)
    assert (home.per_diem_total, home.currency) == (300_000, "VND")


def test_review_cases_currencies_nights_and_notices_for_one_group():
    with_japan = [*RULES, policy("Khu vực | Phụ cấp lưu trú nước ngoài (USD/ngày) … Nhật Bản | 70", 20)]
    norms = trip_norms_from_rules(with_japan)
    args = dict(start=None, end=None, nights=None, day_trip=False, shared_room=False, today=TODAY)
    with pytest.raises(LookupError, match="hotel"):  # no hotel cap abroad in a table: not the domestic one
        calculate(norms, employee="L3", destination="Nhật Bản", days=3, part="both", **args)
    japan = calculate(norms, employee="L3", destination="Nhật Bản", days=3, part="per_diem", **args)
    assert "210 USD" in japan.answer and japan.total == 210
    # a hotel cap changed from a date applies to the nights from that date
    nights = trip(
        employee="L1", destination="Quảng Ngãi", start=dt.date(2026, 9, 29), end=dt.date(2026, 10, 3)
    )
    assert nights.hotel_total == 2 * 450_000 + 2 * 550_000
    # a notice changing only L3's rate does not change L1's
    only_l3 = [*RULES[:4], notice(f"{NOTICE} … L3 | 250.000 | 320.000", 6)]
    l1 = calculate(
        trip_norms_from_rules(only_l3), employee="L1", destination=None, days=1, part="per_diem", **args
    )
    assert l1.per_diem_total == 200_000
    with pytest.raises(TripInputError):
        trip(employee="L3", destination="Huế", days=3, nights=10)
    with pytest.raises(TripInputError):
        trip(employee="L3", days=3, day_trip=True)


def test_review_cases_questions_that_are_no_trip_allowance():
    for question in (
        "I'm travelling from Dec 7 to Dec 10 on holiday. What's my leave allowance in total?",
        "I'm going to take 3 days off, what's the maximum allowance?",
        "The annual company trip is 3 days, what's the room budget?",
        "I'm going to book a meeting room, what's the max?",
    ):
        assert analyse(question).intent != "trip_allowance", question
    q = analyse("I'm staff (Nhóm 3). What's the per diem for a 3 day trip to Hue?")
    assert q.trip == {"part": "per_diem", "days": 3, "destination": "Hue"}
    q = analyse("Tôi làm việc ở Hà Nội, đi công tác Đà Nẵng 3 ngày 2 đêm, tiền khách sạn tối đa bao nhiêu?")
    assert q.trip["destination"] == "Đà Nẵng"
    assert (
        "destination"
        not in analyse("I'm a Store Manager on a business trip for 3 days. Per diem in total?").trip
    )


def test_a_trips_days_without_a_year_are_the_nearest_and_a_return_follows_its_departure():
    today = dt.date(2026, 12, 20)
    start = _day("30/12", today)
    assert (start, _day("2/1", today, after=start)) == (dt.date(2026, 12, 30), dt.date(2027, 1, 2))
    assert _day("5/1", dt.date(2026, 11, 23)) == dt.date(2027, 1, 5)  # nearer than January 2026
    with pytest.raises(DateInputError):
        _day("29/2/2026", today)
    with pytest.raises(DateInputError):
        _day("tháng 7", today)


def test_groups_and_regions_defined_by_list_items_pick_the_cell():
    """A regulation that names its staff groups and regions in lists ("c) Nhóm III: các chức danh còn lại, gồm
    kỹ sư, …"; "a) Vùng 1: thành phố Hà Nội, …") and tables its per diem by group and region; a day trip's share
    stated by reference ("60% mức tại khoản 1") in the per-diem article."""

    def rule(text: str, line: int):
        return rule_text(
            text, ["Quy chế chi tiêu nội bộ", "Điều 6. Phụ cấp lưu trú"], line, "chi_tieu:dieu-6"
        )

    head = "Nhóm chức danh | Vùng 1 (đồng/ngày) | Vùng 2 (đồng/ngày) | Vùng 3 (đồng/ngày)"
    rules = [
        rule("a) Nhóm I: Tổng Giám đốc, Phó Tổng Giám đốc, Kế toán trưởng;", 1),
        rule("b) Nhóm II: Trưởng phòng, Phó Trưởng phòng, Chỉ huy trưởng công trường;", 2),
        rule("c) Nhóm III: các chức danh còn lại, gồm kỹ sư, chuyên viên, tổ trưởng và công nhân.", 3),
        rule("a) Vùng 1: thành phố Hà Nội, Thành phố Hồ Chí Minh;", 4),
        rule("b) Vùng 2: các thành phố Hải Phòng, Đà Nẵng, Huế, Cần Thơ;", 5),
        rule("c) Vùng 3: các tỉnh còn lại.", 6),
        rule(f"{head} … Nhóm I | 450.000 | 400.000 | 350.000", 8),
        rule(f"{head} … Nhóm II | 350.000 | 300.000 | 250.000", 9),
        rule(f"{head} … Nhóm III | 280.000 | 230.000 | 200.000", 10),
        rule("2. Trường hợp đi và về trong ngày (không nghỉ qua đêm) được hưởng 60% mức tại khoản 1.", 12),
    ]
    norms = trip_norms_from_rules(rules)
    assert norms.day_trip_share == 60 and norms.day_trip_source.line_start == 12

    def on(norms, **args):
        base = dict(start=None, end=None, nights=None, day_trip=False, shared_room=False, part="per_diem")
        return calculate(norms, **{**base, "today": TODAY, **args})

    hanoi = on(
        norms, employee="I am an engineer kỹ sư", destination="Hanoi", days=3
    )  # as employee_words gives it
    assert hanoi.per_diem_total == 840_000 and hanoi.group == "Nhóm III"
    assert hanoi.policy_sources["per_diem"].line_start == 10
    assert on(norms, employee="kỹ sư", destination="Đà Nẵng", days=2).per_diem_total == 460_000
    assert on(norms, employee="kỹ sư", destination="Nghệ An", days=1).per_diem_total == 200_000
    day = on(norms, employee="Trưởng phòng", destination="Hải Phòng", days=1, day_trip=True)
    assert day.per_diem_total == 180_000  # 60% of 300.000


def test_a_day_trip_share_is_the_per_diem_articles_not_a_hotel_clauses():
    chapter = "Chương II. Công tác phí"
    hotel = rule_text(
        "2. Trường hợp đi và về trong ngày nhưng phải nghỉ trưa, được thanh toán 30% mức thuê phòng nghỉ.",
        ["Quy chế", chapter, "Điều 5. Tiền thuê phòng nghỉ"],
        5,
        "q:dieu-5",
    )
    per_diem = rule_text(
        "2. Đi về trong ngày được hưởng 50% mức tại khoản 1.",
        ["Quy chế", chapter, "Điều 6. Phụ cấp lưu trú"],
        9,
        "q:dieu-6",
    )
    norms = trip_norms_from_rules([hotel, per_diem])
    assert norms.day_trip_share == 50 and norms.day_trip_source.node_id == "q:dieu-6"


def test_a_country_is_named_in_either_language_and_a_city_by_its_country():
    from tools.trip_norms import country_key, country_of

    assert country_key("Japan") == country_key("Nhật Bản") == country_key("Nhat Ban") == "nhat ban"
    assert country_key("USA") == country_key("Mỹ") == country_key("United States") == "hoa ky"
    # only a whole name: "South America" is no America, "lao động" no Laos
    assert country_key("South America") == "south america"
    assert country_key("Người lao động") == "nguoi lao dong"
    assert country_of("Osaka") == "nhat ban" and country_of("Quảng Ngãi") == ""
    head = "Destination | Bands 1–3 (per day) | Bands 4–5 (per day)"
    section = ["Travel & Expense Policy", "4. Daily allowance (per diem)", "4.2 Overseas per diem"]
    rules = [
        rule_text(f"{head} … Japan | USD 70 | USD 90", section, 5, "policy:4-2"),
        rule_text(f"{head} … USA, Canada | USD 80 | USD 100", section, 6, "policy:4-2"),
        rule_text(f"{head} … Any other country | USD 50 | USD 60", section, 7, "policy:4-2"),
    ]
    norms = trip_norms_from_rules(rules)
    args = dict(start=None, end=None, days=None, nights=None, day_trip=False, shared_room=False, today=TODAY)
    for destination, band, amount in (
        ("Nhật Bản", "band 2", 70),
        ("Osaka", "Band 4", 90),
        ("Mỹ", "band 1", 80),
        ("South America", "band 1", 50),
    ):
        result = calculate(norms, employee=band, destination=destination, part="per_diem", **args)
        assert (result.per_diem_total, result.currency) == (amount, "USD"), destination


def test_regions_from_a_table_and_a_group_named_after_a_lists_label():
    section = ["Quy định công tác phí", "3.1 Mức phụ cấp lưu trú"]
    rules = [
        rule_text(
            "Khu vực | Địa bàn … Khu vực 1 | Hà Nội, Thành phố Hồ Chí Minh", ["2.3 Khu vực"], 5, "ct:2-3"
        ),
        rule_text("Khu vực | Địa bàn … Khu vực 2 | Đà Nẵng, Huế, Đà Lạt", ["2.3 Khu vực"], 6, "ct:2-3"),
        rule_text("Nhóm | Chức danh … Nhóm C | Giám sát, nhân viên Kinh doanh", ["2.2 Nhóm"], 8, "ct:2-2"),
        rule_text(
            "Nhóm | Chức danh … Nhóm D | Các chức danh còn lại: lễ tân, buồng phòng",
            ["2.2 Nhóm"],
            9,
            "ct:2-2",
        ),
        rule_text("Nhóm | Khu vực 1 | Khu vực 2 … Nhóm C | 350.000 | 300.000", section, 12, "ct:3-1"),
        rule_text("Nhóm | Khu vực 1 | Khu vực 2 … Nhóm D | 280.000 | 240.000", section, 13, "ct:3-1"),
    ]
    norms = trip_norms_from_rules(rules)
    assert norms.regions["ct"]["khu vuc 2"] == "Đà Nẵng, Huế, Đà Lạt"
    args = dict(start=None, end=None, days=1, nights=None, day_trip=False, shared_room=False, today=TODAY)
    result = calculate(norms, employee="Nhân viên lễ tân", destination="Đà Lạt", part="per_diem", **args)
    assert (
        result.per_diem_total == 240_000
    )  # Nhóm D (its list's label is no job), Khu vực 2 (the table's row)


def test_a_day_trip_share_under_a_per_diem_heading_and_a_question_naming_only_the_per_diem():
    share = rule_text(
        "1. Đi và về trong ngày, không nghỉ qua đêm: hưởng 50% mức tại Mục 3.1.",
        ["Quy định công tác phí", "3. Phụ cấp lưu trú", "3.2 Các trường hợp điều chỉnh"],
        20,
        "ct:3-2",
    )
    norms = trip_norms_from_rules([share])
    assert norms.day_trip_share == 50 and norms.day_trip_source.line_start == 20
    # a chapter of travel expenses at large, holding the hotel rules too, names no per diem
    other = rule_text(
        "1. Đi và về trong ngày: hưởng 50% mức tại khoản 1.",
        ["Quy chế", "Chương II. Công tác phí", "Điều 7"],
        3,
        "q",
    )
    assert trip_norms_from_rules([other]).day_trip_share is None
    asked = analyse(
        "Nhân viên phục vụ đi Đà Lạt làm việc rồi về trong ngày thì phụ cấp lưu trú được bao nhiêu?"
    )
    assert (
        asked.intent == "trip_allowance" and asked.trip["day_trip"] and asked.trip["destination"] == "Đà Lạt"
    )


@pytest.mark.parametrize(
    "text",
    [
        "2. Nhóm C, Nhóm D đi từ 02 người cùng giới trở lên thì thuê chung phòng 02 người; mức trần của phòng chung "
        "bằng tổng mức trần của hai người.",
        "Staff of the same gender sharing a room: the room's cap is the sum of the caps of the two.",
    ],
)
def test_a_shared_room_capped_at_the_sum_of_two_caps_is_twice_one(text):
    rule = rule_text(text, ["Quy định công tác phí", "4.2 Quy định khác về phòng nghỉ"], 40, "ctp:4-2")
    norms = trip_norms_from_rules([rule])
    assert norms.shared_room_factor == 2.0 and norms.shared_room_source.line_start == 40


MEAL_RULES = [
    policy(f"{HEADER} … L3 | 300.000 | 800.000 | 600.000", 10),
    policy("Đi về trong ngày: hưởng 50% phụ cấp lưu trú.", 14),
    policy(
        "Ngày được đơn vị tổ chức hội nghị bố trí ăn trưa và ăn tối thì hưởng 30% mức phụ cấp lưu trú.", 15
    ),
    policy(
        "Các tỷ lệ trên không cộng dồn; nếu một ngày thuộc nhiều trường hợp thì áp dụng tỷ lệ thấp nhất.", 16
    ),
]


def meal_trip(**args):
    defaults = dict(employee="L3", destination="Huế", start=None, end=None, days=3, nights=2, day_trip=False)
    defaults |= dict(shared_room=False, part="per_diem", today=TODAY)
    return calculate(trip_norms_from_rules(MEAL_RULES), **{**defaults, **args})


def test_a_day_whose_meals_are_provided_is_paid_the_stated_share_cited():
    norms = trip_norms_from_rules(MEAL_RULES)
    assert (norms.meals_share, norms.meals_required) == (30, ["lunch", "dinner"])
    result = meal_trip(meal_days=1)
    assert result.per_diem_total == 2 * 300_000 + 90_000
    assert "1 day(s) × 30% × 300,000 VND = 90,000 VND" in " ".join(result.steps_en)
    assert result.policy_sources["meals_share"].line_start == 15


def test_the_share_is_not_applied_when_the_rules_meals_are_not_all_provided():
    assert meal_trip(meal_days=1, meals=["lunch"]).per_diem_total == 900_000  # dinner not provided
    assert meal_trip(meal_days=1, meals=["breakfast", "lunch", "dinner"]).per_diem_total == 690_000


def test_a_day_trip_with_meals_takes_the_lowest_share_when_the_rules_say_so():
    result = meal_trip(days=None, nights=None, day_trip=True, meal_days=1)
    assert result.per_diem_total == 90_000 and result.policy_sources["lowest_share"].line_start == 16
    unstated = trip_norms_from_rules(MEAL_RULES[:3])
    with pytest.raises(LookupError):  # how the shares combine is asked, never guessed
        calculate(
            unstated,
            **{
                **dict(employee="L3", destination="Huế", start=None, end=None, days=None),
                **dict(nights=None, day_trip=True, shared_room=False, part="per_diem"),
                **dict(today=TODAY, meal_days=1),
            },
        )


@pytest.mark.parametrize(
    ("text", "share", "meals"),
    [
        (
            "c) Ngày được ban tổ chức hội nghị bố trí ăn miễn phí cả ngày thì không được hưởng phụ cấp lưu trú của "
            "ngày đó.",
            0,
            ["breakfast", "lunch", "dinner"],
        ),
        (
            "When the customer or hotel provides all meals of the day, the per diem for that day is reduced by 50%.",
            50,
            ["breakfast", "lunch", "dinner"],
        ),
    ],
)
def test_the_meals_share_as_documents_state_it(text, share, meals):
    norms = trip_norms_from_rules([rule_text(text, ["Công tác phí", "Phụ cấp lưu trú"], 20, "ctp:luu-tru")])
    assert (norms.meals_share, norms.meals_required) == (share, meals)


@pytest.mark.parametrize(
    ("question", "meal_args"),
    [
        (
            "I'm a trưởng phòng at a 3-day conference in Da Nang. On day 2 the organisers feed us all day. What per "
            "diem do I get for that day?",
            {"meal_days": 1},
        ),
        (
            "Đi công tác Huế 3 ngày 2 đêm, ngày thứ hai được đối tác bố trí ăn miễn phí cả ngày thì phụ cấp lưu trú "
            "được bao nhiêu?",
            {"meal_days": 1},
        ),
        (
            "Going on a work trip to Hanoi for 4 days, the client provides lunch and dinner every day. What is my per "
            "diem in total?",
            {"meal_days": 4, "meals": ["lunch", "dinner"]},
        ),
        ("Going on a work trip to Hanoi for 4 days. Lunch is on me. What is my per diem in total?", {}),
    ],
)
def test_the_days_whose_meals_a_question_says_are_provided(question, meal_args):
    args = trip_args(question)
    assert args and {k: v for k, v in args.items() if k in ("meal_days", "meals")} == meal_args


def test_a_notice_row_naming_what_it_changes_for_trips_starting_from_a_date():
    """ "Mức trần tiền thuê phòng nghỉ của Nhóm 3 tại Vùng I | 900.000 đồng/người/đêm | 1.100.000 đồng/người/đêm |
    chuyến công tác bắt đầu từ 01/10/2026": the cell it names changes for trips starting from that date, the
    whole trip at its first day's cap, cited by the notice; the region's places still come from the table's
    document."""
    title = ["Quy định công tác phí", "3. Tiền thuê phòng nghỉ", "3.1. Mức trần tiền phòng"]
    cap = [
        rule_text(
            "Vùng I: Hà Nội, TP. Hồ Chí Minh, Đà Nẵng.", ["Quy định công tác phí", "1.3. Vùng"], 20, "ctp:1"
        ),
        rule_text(
            "Đơn vị: đồng/người/đêm, thanh toán theo hóa đơn thực tế, không vượt mức trần.",
            title,
            59,
            "ctp:3",
        ),
        rule_text("Nhóm chức danh | Vùng I | Vùng II … Nhóm 2 | 1.200.000 | 1.000.000", title, 64, "ctp:3"),
        rule_text("Nhóm chức danh | Vùng I | Vùng II … Nhóm 3 | 900.000 | 750.000", title, 65, "ctp:3"),
        rule_text(
            "Nội dung | Mức cũ | Mức mới | Áp dụng từ … Mức trần tiền thuê phòng nghỉ của Nhóm 3 tại Vùng I (mục 3.1 "
            "Quy định công tác phí) | 900.000 đồng/người/đêm | 1.100.000 đồng/người/đêm | chuyến công tác bắt đầu "
            "từ 01/10/2026",
            ["Thông báo số 45/2026"],
            20,
            "tb45",
        ),
    ]
    norms = trip_norms_from_rules(cap)
    changed = [c for c in norms.cells if c.amount == 1_100_000]
    assert len(changed) == 1 and (changed[0].group, changed[0].place) == ("Nhóm 3", "Vùng I")
    assert changed[0].by_trip_start and changed[0].source.node_id == "tb45"
    args = dict(employee="Nhóm 3", destination="TP. Hồ Chí Minh", end=None, days=None, day_trip=False)
    after = calculate(
        norms, **args, start=dt.date(2026, 10, 12), nights=3, shared_room=False, part="hotel", today=TODAY
    )
    assert after.hotel_total == 3_300_000 and after.policy_sources["hotel"].node_id == "tb45"
    # a trip starting before the date keeps the former cap for every night, those after the date too
    before = calculate(
        norms, **args, start=dt.date(2026, 9, 28), nights=4, shared_room=False, part="hotel", today=TODAY
    )
    assert before.hotel_total == 3_600_000


def test_a_trip_start_alone_with_its_nights():
    args = trip_args(
        "Em là giáo viên, đi công tác TP.HCM từ 12/10/2026, ở 3 đêm. Tiền phòng được thanh toán tối đa bao nhiêu?"
    )
    assert (args["departure"], args["nights"], args["part"]) == ("12/10/2026", 3, "hotel")


def test_a_place_a_region_includes_in_brackets_and_a_share_for_trips_to_named_places():
    """A region's row naming a place in brackets ("Đà Nẵng (kể cả Hội An)") holds it; a case of the per diem's
    section paying a share for trips to places it names in brackets applies to a trip there, the lowest of it and
    a day trip's when the documents say the shares do not stack; a plain employee is in the group of the jobs no
    other group names."""
    section = ["Quy định công tác phí", "3. Phụ cấp lưu trú", "3.2 Các trường hợp điều chỉnh"]
    rates = ["Quy định công tác phí", "3. Phụ cấp lưu trú", "3.1 Mức phụ cấp lưu trú"]
    rules = [
        rule_text(
            "Khu vực | Địa bàn … Khu vực 2 | Đà Nẵng (kể cả Hội An), Huế", ["2.3 Khu vực"], 5, "ct:2-3"
        ),
        rule_text("Khu vực | Địa bàn … Khu vực 3 | Các địa bàn còn lại", ["2.3 Khu vực"], 6, "ct:2-3"),
        rule_text("Nhóm | Chức danh … Nhóm B | Trưởng bộ phận, Bếp trưởng", ["2.2 Nhóm"], 8, "ct:2-2"),
        rule_text(
            "Nhóm | Chức danh … Nhóm D | Các chức danh còn lại: lễ tân, buồng phòng",
            ["2.2 Nhóm"],
            9,
            "ct:2-2",
        ),
        rule_text("Nhóm | Khu vực 2 | Khu vực 3 … Nhóm B | 380.000 | 320.000", rates, 12, "ct:3-1"),
        rule_text("Nhóm | Khu vực 2 | Khu vực 3 … Nhóm D | 240.000 | 200.000", rates, 13, "ct:3-1"),
        rule_text(
            "1. Đi và về trong ngày, không nghỉ qua đêm: hưởng 40% mức tại Mục 3.1.", section, 20, "ct:3-2"
        ),
        rule_text(
            "2. Công tác tại một Khách sạn của Công ty (Nha Trang, Hội An, Đà Lạt): CBCNV ăn tại nhà ăn nhân viên của "
            "Khách sạn đó và hưởng 50% mức tại Mục 3.1.",
            section,
            21,
            "ct:3-2",
        ),
    ]
    norms = trip_norms_from_rules(rules)
    assert [(p.places, p.share) for p in norms.place_shares] == [("Nha Trang, Hội An, Đà Lạt", 50)]
    args = dict(start=None, end=None, nights=None, shared_room=False, today=TODAY, part="per_diem")
    hue = calculate(norms, employee="Trưởng bộ phận", destination="Huế", days=4, day_trip=False, **args)
    assert hue.per_diem_total == 4 * 380_000 and "place_share" not in hue.policy_sources
    hoi_an = calculate(norms, employee="Trưởng bộ phận", destination="Hội An", days=4, day_trip=False, **args)
    assert (
        hoi_an.per_diem_total == 760_000
    )  # Khu vực 2 by the bracket, then 50% for the company's hotel there
    assert hoi_an.policy_sources["place_share"].line_start == 21
    assert "Nha Trang, Hội An, Đà Lạt" in hoi_an.steps[0].text
    # a day trip there: the day trip's 40% and the place's 50% combine only when the documents say how
    with pytest.raises(LookupError, match="combine"):
        calculate(norms, employee="Trưởng bộ phận", destination="Hội An", days=None, day_trip=True, **args)
    lowest = rule_text(
        "3. Các tỷ lệ tại khoản 1, 2 không cộng dồn; nếu một ngày thuộc nhiều trường hợp thì áp dụng tỷ lệ thấp "
        "nhất.",
        section,
        22,
        "ct:3-2",
    )
    both = calculate(
        trip_norms_from_rules([*rules, lowest]),
        employee="Trưởng bộ phận",
        destination="Hội An",
        days=None,
        day_trip=True,
        **args,
    )
    assert both.per_diem_total == 152_000  # 40% of 380.000
    # "nhân viên" names no job: the group of the jobs no other group names ("Các chức danh còn lại")
    staff = calculate(
        norms, employee="Nhân viên đi công tác Huế", destination="Huế", days=1, day_trip=False, **args
    )
    assert staff.group == "Nhóm D" and staff.per_diem_total == 240_000
    with pytest.raises(LookupError, match="staff group"):  # no one named: the group is asked
        calculate(norms, employee="Đi công tác Huế", destination="Huế", days=1, day_trip=False, **args)


def test_questions_asking_a_day_trips_allowance_a_hotel_cap_or_one_part_of_a_trip():
    # a bare "phụ cấp" of a trip for work, an "allowance" of a day trip to a place
    q = analyse("Đi công tác Hải Phòng về trong ngày thì nhân viên được phụ cấp bao nhiêu?")
    assert (q.intent, q.trip) == (
        "trip_allowance",
        {"part": "per_diem", "day_trip": True, "destination": "Hải Phòng"},
    )
    q = analyse("Regular staff here - going to Hai Phong and back the same day. How much allowance do I get?")
    assert q.trip == {"part": "per_diem", "day_trip": True, "destination": "Hai Phong"}
    assert analyse("Đi công tác Huế 3 ngày thì phụ cấp điện thoại bao nhiêu?").intent != "trip_allowance"
    assert analyse("Đi công tác Đà Nẵng 3 ngày thì phụ cấp ngoài giờ bao nhiêu?").intent != "trip_allowance"
    # a weekday is no count of days ("thứ Hai ngày 5/10")
    q = analyse("Đi công tác Hải Phòng thứ Hai ngày 5/10 về trong ngày thì phụ cấp lưu trú bao nhiêu?")
    assert q.trip == {"part": "per_diem", "day_trip": True, "destination": "Hải Phòng"}
    # a hotel's cap for a place: one night's
    q = analyse("What's the hotel cap for our director in Ho Chi Minh City?")
    assert q.trip == {"part": "hotel", "destination": "Ho Chi Minh City"}
    # the hotel named as the place; the per diem asked
    q = analyse(
        "I'm a supervisor going on a 4-day trip to our own Hội An hotel. How much per diem do I get in total?"
    )
    assert q.trip == {"part": "per_diem", "days": 4, "destination": "Hội An"}
    # an advance on the trip's expenses is not its per diem
    assert analyse("Tạm ứng phụ cấp lưu trú đi Huế được tối đa bao nhiêu?").intent != "trip_allowance"
    # a meeting room's cap is no hotel's; a trip of weeks or a total is not one day's rate
    assert analyse("What's the cap on meeting room bookings at the Hanoi office?").intent != "trip_allowance"
    assert analyse("Đi công tác Huế 2 tuần thì tổng phụ cấp lưu trú bao nhiêu?").intent != "trip_allowance"
    # a follow-up sentence asks its part too
    q = analyse("I'm an L3 going to Hue for 3 days on business. How much is the hotel cap? And the per diem?")
    assert q.trip["part"] == "both"


def test_a_trips_days_and_nights_in_words():
    q = analyse(
        "I'm a grade L4 manager going to Hai Phong for two nights: what's my hotel cap and my daily allowance?"
    )
    assert q.trip == {"part": "both", "nights": 2, "destination": "Hai Phong"}
    q = analyse("Đi công tác Đà Nẵng ba ngày hai đêm thì phụ cấp lưu trú và tiền khách sạn bao nhiêu?")
    assert (q.trip["days"], q.trip["nights"]) == (3, 2)
    # "một ngày" is a day's rate, not a trip of one day
    assert "days" not in analyse("Phụ cấp lưu trú bao nhiêu một ngày khi đi công tác Huế?").trip


def test_a_rise_or_a_cut_by_a_share_for_named_places_is_no_share_paid():
    section = ["Quy định công tác phí", "3. Phụ cấp lưu trú", "3.2 Các trường hợp điều chỉnh"]
    for text in (
        "2. Công tác tại vùng sâu, vùng xa (Hà Giang, Lai Châu): được cộng thêm 20% mức tại Mục 3.1.",
        "2. Công tác tại (Huế, Hà Giang) thì mức phụ cấp được tăng 30%.",
        "2. Công tác tại (Huế, Hà Giang): giảm 30% mức tại Mục 3.1.",
    ):
        assert trip_norms_from_rules([rule_text(text, section, 21, "ct:3-2")]).place_shares == [], text
