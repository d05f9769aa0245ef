"""A question naming a job the documents place in a staff group ("dược sĩ đại học" → L3) is answered from that
group's row of a table keyed by code, not from its neighbours, and a notice changing another group's figure is
not quoted as a change of this one."""

from __future__ import annotations

from agent.compose import compose
from tests.agent.passages import passage

TRAVEL = passage(
    "phuc_loi:7-dinh-muc-cong-tac-phi",
    "7. Định mức công tác phí",
    "| Cấp bậc | Phụ cấp lưu trú (đồng/ngày) | Khách sạn tại tỉnh khác (đồng/đêm) |\n|---|---|---|\n"
    "| L1 – L2 | 200.000 | 450.000 |\n| L3 | 250.000 | 600.000 |\n| L4 | 300.000 | 700.000 |\n"
    "| L5 | 450.000 | 1.000.000 |",
)
NOTICE = passage(
    "thong_bao_27",
    "Thông báo số 27 về điều chỉnh định mức công tác phí",
    "Định mức khách sạn của cấp L1 – L2 tại tỉnh khác được nâng từ 450.000 đồng/đêm lên 550.000 đồng/đêm.",
    rank=2,
)
QUESTION = "Đi công tác thì phụ cấp lưu trú của dược sĩ đại học là bao nhiêu một ngày?"


def test_the_groups_row_alone_is_quoted():
    answer = compose(QUESTION, [TRAVEL], 0.2, quantity=True, groups=["L3 – Licensed Professional"])
    assert not answer.refused, answer.text
    assert "L3 | 250.000 | 600.000" in answer.text
    assert "200.000" not in answer.text and "300.000" not in answer.text


def test_without_the_group_the_small_table_is_quoted_whole():
    answer = compose(QUESTION, [TRAVEL], 0.2, quantity=True)
    assert "L3 | 250.000" in answer.text and "L4 | 300.000" in answer.text


def test_a_change_naming_another_group_is_no_change_of_this_row():
    answer = compose(
        "Cấp L5 đi công tác tỉnh khác thì định mức khách sạn là bao nhiêu một đêm?",
        [TRAVEL, NOTICE],
        0.2,
        quantity=True,
        groups=["L5 – Area Manager & Leadership"],
    )
    first = answer.text.split("\n")[0]
    assert "L5 | 450.000 | 1.000.000" in first and "550.000" not in answer.text


def test_a_group_is_no_topic_a_question_covers():
    # the group's name ("Store Manager") is a pointer to rows, not a wording of what is asked
    fixed = passage(
        "phuc_loi:1-phu-cap-co-dinh",
        "1. Phụ cấp cố định hằng tháng",
        "| Vị trí | Điện thoại | Trách nhiệm |\n|---|---|---|\n| L4 – Nhà thuốc trưởng | 400.000 | 1.500.000 |",
    )
    question = "Nhà thuốc trưởng được thưởng doanh số như thế nào?"
    plain = compose(question, [fixed], 0.5, False)
    grouped = compose(question, [fixed], 0.5, False, groups=["L4 – Store Manager Nhà thuốc trưởng doanh số"])
    assert grouped.coverage == plain.coverage


def test_a_change_naming_the_rows_code_is_quoted_first():
    fixed = passage(
        "phuc_loi:1-phu-cap-co-dinh",
        "1. Phụ cấp cố định hằng tháng",
        "| Vị trí | Điện thoại |\n|---|---|\n| L3 – Dược sĩ đại học, điều dưỡng, bác sĩ | 150.000 |",
    )
    notice = passage(
        "thong_bao_30",
        "Thông báo số 30 về phụ cấp điện thoại",
        "Phụ cấp điện thoại của cấp L3 được nâng từ 150.000 đồng/tháng lên 200.000 đồng/tháng.",
        rank=2,
    )
    answer = compose("Phụ cấp điện thoại của bác sĩ là bao nhiêu?", [fixed, notice], 0.2, quantity=True)
    assert answer.node_ids[0] == "thong_bao_30" and "200.000" in answer.text.split("\n")[0], answer.text
