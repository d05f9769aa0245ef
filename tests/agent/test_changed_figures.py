"""A later notice that changes a figure ("nâng từ 35.000 đồng/ca lên 40.000 đồng/ca", a "Mức cũ | Mức mới" table)
supersedes the figure an older table states: the answer quotes the change first, then the older rule."""

from __future__ import annotations

import pytest

from agent.amendments import changed_figures
from agent.compose import compose
from tests.agent.passages import passage

SHIFT_ALLOWANCES = passage(
    "phuc_loi:2-phu-cap-theo-ca",
    "2. Phụ cấp theo ca",
    "| Khoản phụ cấp | Điều kiện | Mức |\n|---|---|---|\n"
    "| Ăn ca | Ca làm từ 06 giờ trở lên | 35.000 đồng/ca |\n"
    "| Phụ cấp ca đêm | Ca 23:00 – 07:00 | 80.000 đồng/ca |",
)
NOTICE = passage(
    "thong_bao_27",
    "Thông báo số 27 về điều chỉnh phụ cấp ăn ca",
    "**3. Phụ cấp ăn ca** cho ca làm từ 06 giờ trở lên được nâng từ 35.000 đồng/ca lên **40.000 đồng/ca**, áp "
    "dụng từ **ngày 01/11/2026**.",
    rank=3,
)


def test_changes_are_read_from_words_and_from_old_and_new_columns():
    assert changed_figures("được nâng từ 35.000 đồng/ca lên 40.000 đồng/ca") == [("35000", "40000")]
    assert changed_figures("The per diem is increased from VND 250,000 to VND 320,000.") == [
        ("250000", "320000")
    ]
    row = "Cấp bậc | Mức cũ (đồng/ngày) | Mức mới từ 01/10/2026 (đồng/ngày) … L3 | 250.000 | 320.000"
    assert changed_figures(row) == [("250000", "320000")]
    # a threshold or a range is no change; an unchanged row neither
    assert changed_figures("Ca làm từ 06 giờ trở lên; làm việc từ 08:00 đến 17:00") == []
    assert changed_figures("Cấp bậc | Mức cũ | Mức mới … L5 | 450.000 | 450.000 (giữ nguyên)") == []
    # words that fold into "cũ", "mới", "tăng", "giảm" are no change: "dụng cụ", "môi trường", "tăng ca", "giám đốc"
    assert (
        changed_figures("Vị trí | Phụ cấp dụng cụ | Phụ cấp môi trường … Thợ máy | 200.000 | 300.000") == []
    )
    assert changed_figures("Tăng ca from 17h to 21h is paid at 150%.") == []
    assert (
        changed_figures("Cấp bậc | Mức cũ | Mức mới … L5 | 450.000 (áp dụng từ 01/10/2026) | 450.000") == []
    )


def test_the_changed_figure_is_quoted_before_the_older_table():
    answer = compose("Phụ cấp ăn ca hiện nay là bao nhiêu?", [SHIFT_ALLOWANCES, NOTICE], 0.2, quantity=True)
    assert not answer.refused, answer.text
    assert answer.node_ids[:2] == ["thong_bao_27", "phuc_loi:2-phu-cap-theo-ca"]
    first, second = answer.text.split("\n")[:2]
    assert "40.000 đồng/ca" in first and "35.000 đồng/ca" in second


def test_without_a_change_the_table_is_quoted_alone():
    answer = compose("Phụ cấp ăn ca hiện nay là bao nhiêu?", [SHIFT_ALLOWANCES], 0.2, quantity=True)
    assert answer.node_ids == ["phuc_loi:2-phu-cap-theo-ca"] and "40.000" not in answer.text


# "500.000đ/tháng": a unit glued to the amount names nothing a change could share with the phone allowance
@pytest.mark.parametrize("unit", [" đồng/tháng", "đ/tháng"])
def test_a_change_of_another_allowance_with_the_same_amount_is_not_quoted(unit):
    phone = passage("phuc_loi:1-dien-thoai", "1. Phụ cấp điện thoại", f"Phụ cấp điện thoại 500.000{unit}.")
    fuel = passage(
        "thong_bao_3",
        "Thông báo số 3",
        f"Phụ cấp xăng xe được nâng từ 500.000{unit} lên 700.000{unit}.",
        rank=2,
    )
    answer = compose("Phụ cấp điện thoại là bao nhiêu?", [phone, fuel], 0.2, quantity=True)
    assert answer.node_ids[0] == "phuc_loi:1-dien-thoai" and "700.000" not in answer.text.split("\n")[0]


def test_a_notice_changing_a_row_named_by_a_code_is_quoted_first():
    # the row and the notice share only the code ("JLPT N2") besides the allowance's own words
    languages = passage(
        "luong:5-ngoai-ngu",
        "5. Phụ cấp ngoại ngữ",
        "| Chứng chỉ | Mức (đồng/tháng) | Đối tượng |\n|---|---|---|\n| JLPT N1 | 3.000.000 | Mọi NLĐ |\n"
        "| JLPT N2 | 2.000.000 | Mọi NLĐ |",
    )
    notice = passage(
        "thong_bao_38",
        "Thông báo điều chỉnh phụ cấp",
        "| Nội dung | Mức cũ | Mức mới | Áp dụng |\n|---|---|---|---|\n"
        "| Phụ cấp ngoại ngữ JLPT N2 | 2.000.000 đồng/tháng | 2.500.000 đồng/tháng | Từ kỳ lương tháng 11/2026 |",
        rank=2,
    )
    answer = compose(
        "Phụ cấp JLPT N2 hằng tháng bây giờ là bao nhiêu?", [languages, notice], 0.2, quantity=True
    )
    assert answer.node_ids[0] == "thong_bao_38" and "2.500.000" in answer.text.split("\n")[0]
