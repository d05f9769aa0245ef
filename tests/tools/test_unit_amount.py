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
        ("I drive 140 km each way. How much can I claim?", {"count": 140.0, "unit": "km"}),  # one way asked
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
