"""A count of units times the rate a document states per unit: the rate read with its span, one of several picked
only when the question names its own words, and the counts questions state."""

from __future__ import annotations

import pytest

from agent.unit_counts import unit_count
from tests.tools.rule_texts import rule_text
from tools.unit_amount import calculate, chosen_rate, stated_rates

UNIFORM = rule_text(
    "Đối tượng | Cấp phát | Ghi chú … Cấp thêm ngoài định mức | NLĐ tự trả 180.000 đồng/bộ | Trừ vào lương tháng "
    "kế tiếp",
    ["Chính sách phúc lợi", "3. Đồng phục"],
    46,
    "phuc_loi:3-dong-phuc",
)
MILEAGE = rule_text(
    "e) Xe cá nhân: khi được duyệt sử dụng xe cá nhân, nhân viên được khoán 2.000 đồng/km đối với xe máy và 5.000 "
    "đồng/km đối với ô tô, tính theo quãng đường trên bản đồ trực tuyến.",
    ["Quy định công tác phí", "II. Phương tiện đi lại"],
    30,
    "cong_tac_phi:ii",
)
LABELLED = rule_text(
    "Khoán xăng xe: xe máy: 2.000 đồng/km; ô tô: 5.000 đồng/km.", ["Công tác phí", "Xăng xe"], 12, "ctp:xang"
)


def test_a_count_times_the_rate_per_unit_cited_by_its_span():
    (rate,) = stated_rates([UNIFORM], "bộ")
    result = calculate(2, "bộ", rate)
    assert result.total == 360_000 and result.rate == 180_000
    assert result.answer == "Số tiền là 360.000 đồng (2 bộ × 180.000 đồng/bộ)."
    assert result.answer_en == "The amount is 360,000 VND (2 sets × 180,000 VND per set)."
    source = result.policy_sources["unit_rate"]
    assert (source.node_id, source.line_start, source.line_end) == ("phuc_loi:3-dong-phuc", 46, 46)
    assert "Trừ vào lương tháng kế tiếp" in result.steps[0].text  # the rate's whole row is quoted
    assert stated_rates([UNIFORM], "ca") == []  # no rate per shift stated


@pytest.mark.parametrize("rule", [MILEAGE, LABELLED])
def test_one_of_several_rates_only_when_the_question_names_its_own_words(rule):
    rates = stated_rates([rule], "km")
    assert [r.rate for r in rates] == [2_000, 5_000]
    assert chosen_rate(rates, "Tôi đi ô tô riêng 240 km").rate == 5_000
    assert chosen_rate(rates, "đi bằng xe máy của mình").rate == 2_000
    assert chosen_rate(rates, "How much mileage do I get?") is None  # never a guessed rate


def test_labels_before_the_rates_go_with_the_rate_after_them():
    rule = rule_text(
        "4. NLĐ sử dụng phương tiện cá nhân đi công tác được khoán chi phí: xe máy 3.000 đồng/km; ô tô cá nhân "
        "6.000 đồng/km. Quãng đường tính theo bản đồ số.",
        ["Định mức chi"],
        82,
        "dinh_muc:4",
    )
    rates = stated_rates([rule], "km")
    assert chosen_rate(rates, "I drove 100 km in my car (ô tô cá nhân)").rate == 6_000
    assert chosen_rate(rates, "Đi xe máy 50 km thì được bao nhiêu?").rate == 3_000
    assert (
        chosen_rate(rates, "Nhân viên đi công tác 50 km được bao nhiêu?") is None
    )  # "nhân" is not "cá nhân"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("I need 2 more sets of uniform. How much will that cost me?", {"count": 2.0, "unit": "bộ"}),
        (
            "Did 20 ca 3 night shifts this month. How much night-shift allowance in total?",
            {"count": 20.0, "unit": "ca"},
        ),
        ("Own car, 120 km each way. How much do I get for the round trip?", {"count": 240.0, "unit": "km"}),
        (
            "Driving my own car to Da Lat and back, 140 km each way: how much can I claim?",
            {"count": 280.0, "unit": "km"},
        ),
        (
            "Đi xe máy cá nhân 60 km một chiều, cả hai chiều được bao nhiêu tiền?",
            {"count": 120.0, "unit": "km"},
        ),
        ("I drive 140 km each way. How much can I claim?", {"count": 280.0, "unit": "km"}),  # "each way": two
        (
            "Tôi đi công tác bằng ô tô riêng, 150 km mỗi chiều. Được thanh toán bao nhiêu?",
            {"count": 300.0, "unit": "km"},
        ),
        (
            "The site is 90 km one way. How much mileage do I get?",
            {"count": 90.0, "unit": "km"},
        ),  # one leg named
        ("Mình xin thêm hai bộ đồng phục thì phải trả bao nhiêu tiền?", {"count": 2.0, "unit": "bộ"}),
        ("I worked 12 night shifts. How much night allowance is that?", {"count": 12.0, "unit": "ca"}),
        ("Trip of 5 days with meals provided: how much is deducted?", None),  # days counted, not meals
        ("How many days of annual leave do I get?", None),  # no unit paid for
        ("I did 12 night shifts. Can I swap one?", None),  # no amount asked
        (
            "Làm thêm 2 tiếng sau ca thì được bao nhiêu tiền?",
            None,
        ),  # "sau ca" is after the shift, not six shifts
    ],
)
def test_the_count_a_question_asks_the_price_of(question, expected):
    assert unit_count(question) == expected


CONFERENCE = [
    rule_text(
        "a) Tiền nước uống: 40.000 đồng/người/buổi;",
        ["Quy chế chi tiêu", "Điều 12. Chi hội nghị"],
        90,
        "ct:12",
    ),
    rule_text(
        "b) Tiền ăn: tối đa 250.000 đồng/người/ngày; không chi tiền ăn cho hội nghị dưới một buổi;",
        ["Quy chế chi tiêu", "Điều 12. Chi hội nghị"],
        91,
        "ct:12",
    ),
]


def test_a_rate_per_head_per_session_counts_heads_and_sessions():
    rates = stated_rates(CONFERENCE, "người")
    assert [(r.rate, r.per) for r in rates] == [(40_000, "buổi"), (250_000, "ngày")]
    # the clause after a rate ("không chi tiền ăn cho hội nghị …") and a bound ("tối đa") name nothing it is for
    water = chosen_rate(rates, "hội nghị 120 người cả ngày, tiền nước uống tối đa bao nhiêu?")
    assert water.rate == 40_000
    result = calculate(120, "người", water, 2)
    assert result.total == 9_600_000 and (result.per_unit, result.per_count) == ("buổi", 2)
    assert result.answer == "Số tiền là 9.600.000 đồng (120 người × 2 buổi × 40.000 đồng/người/buổi)."
    assert result.answer_en == (
        "The amount is 9,600,000 VND (120 people × 2 sessions × 40,000 VND per person per session)."
    )
    source = result.policy_sources["unit_rate"]
    assert (source.node_id, source.line_start, source.line_end) == ("ct:12", 90, 90)
    with pytest.raises(ValueError, match="buổi"):  # never a guessed count of sessions
        calculate(120, "người", water)


def test_a_sum_per_person_per_year_is_no_norm_per_head():
    support = rule_text(
        "Từ đủ 12 tháng trở lên | 3.000.000 đồng/người/năm",
        ["Quy định tham quan", "2. Mức hỗ trợ"],
        40,
        "tq:2",
    )
    dinner = rule_text("Tiếp khách: tối đa 700.000 đồng/người.", ["Định mức", "Tiếp khách"], 12, "dm:5")
    assert stated_rates([support], "người") == []  # relatives get other shares: the trip's own calculator
    (rate,) = stated_rates([dinner], "người")
    assert (rate.rate, rate.per) == (700_000, None)
    assert (
        calculate(5, "người", rate).answer_en
        == "The amount is 3,500,000 VND (5 people × 700,000 VND per person)."
    )


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "Hội nghị người lao động 120 người, cả ngày (sáng và chiều), tiền nước uống tối đa bao nhiêu?",
            {"count": 120.0, "unit": "người", "per_counts": {"buổi": 2.0, "ngày": 1.0}},
        ),
        (
            "Organising a workers' conference: 50 people, one morning session. What's the most we can spend on drinks?",
            {"count": 50.0, "unit": "người", "per_counts": {"buổi": 1.0}},
        ),
        (
            "Training for 30 participants over 3 days: how much can we spend on meals in total?",
            {"count": 30.0, "unit": "người", "per_counts": {"ngày": 3.0}},
        ),
        ("Taking 5 guests out to dinner, what's the max the company pays?", {"count": 5.0, "unit": "người"}),
        ("5 people in my family are coming on the trip. Can they all come?", None),  # no amount asked
    ],
)
def test_heads_and_the_sessions_or_days_a_question_counts(question, expected):
    assert unit_count(question) == expected
