"""A length of service is stated in years or in months: "làm đủ một năm" is the rule's "đủ 12 tháng"."""

from __future__ import annotations

from agent.compose import compose_from_runs
from agent.terms import duration_wordings
from tests.agent.search_runs import hit, search_run


def test_a_length_of_service_gets_its_wording_in_the_other_measure():
    assert duration_wordings("Nhân viên làm đủ một năm thì được nghỉ phép năm bao nhiêu ngày?") == [
        "đủ 12 tháng"
    ]
    assert duration_wordings("nhan vien lam du 1 nam duoc nghi may ngay") == ["du 12 thang"]
    assert duration_wordings("Làm trên 24 tháng thì được vay bao nhiêu?") == ["trên 2 năm", "trên 02 năm"]
    assert duration_wordings("After at least a year, how many days do I get?") == ["at least 12 months"]
    # a year as a period ("mỗi năm", "một năm được bao nhiêu ngày") is no length of service; 18 months no whole year
    assert duration_wordings("Một năm được nghỉ phép bao nhiêu ngày?") == []
    assert duration_wordings("Làm trên 18 tháng thì được vay bao nhiêu?") == []


def _hit(node: str, title: str, text: str) -> dict:
    return hit(f"noi_quy:{node}", title, text, title_path=["Nội quy lao động", title])


def test_a_year_of_service_is_answered_by_the_rule_for_twelve_months():
    full = _hit(
        "dieu-8",
        "Điều 8. Nghỉ hằng năm",
        "1. NLĐ làm việc đủ 12 tháng cho Công ty được nghỉ hằng năm 12 ngày làm việc.",
    )
    young = _hit(
        "dieu-12",
        "Điều 12. Thâm niên",
        "1. NLĐ làm việc trên 5 năm được nghỉ hằng năm thêm 01 ngày.",
    )
    runs = [search_run(young, full)]
    composed = compose_from_runs(
        "NLĐ làm đủ một năm thì được nghỉ hằng năm bao nhiêu ngày?", runs, 0.2, quantity=True
    )
    quoted_first = composed.text.splitlines()[0]
    assert not composed.refused and "Điều 8" in quoted_first and "12 ngày" in quoted_first
