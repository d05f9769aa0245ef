"""Sibling concepts: a section title naming only siblings of what the question names is demoted in hybrid search."""

from __future__ import annotations

from indexes.search.contrasts import contradicts, named
from indexes.search.fusion import contrast_penalty


def test_a_question_names_members_of_families_longest_wording_first():
    asked = named("Người làm hợp đồng lao động có bắt buộc tham gia bảo hiểm y tế không?")
    assert asked == {"insurance": frozenset({"health"}), "participation": frozenset({"compulsory"})}
    assert named("HĐLĐ không xác định thời hạn")["contract"] == {"open_ended"}  # not also "xác định thời hạn"
    assert named("Đóng BHXH bao lâu thì được hưởng lương hưu?") == {
        "insurance": frozenset({"social"}),
        "regime": frozenset({"retirement"}),
    }
    assert named("Thoi gian dong bhxh") == {"insurance": frozenset({"social"})}  # without accents too


def test_a_title_about_a_sibling_contradicts_but_one_naming_nothing_or_the_same_does_not():
    asked = named("Người làm hợp đồng lao động có bắt buộc tham gia bảo hiểm y tế không?")
    assert contradicts(asked, "Điều 43. Đối tượng bắt buộc tham gia bảo hiểm thất nghiệp")
    assert not contradicts(asked, "Điều 12. Đối tượng tham gia bảo hiểm y tế")
    assert not contradicts(asked, "Điều 2. Đối tượng áp dụng")
    maternity = named("Nghỉ sinh con thì nộp hồ sơ thai sản trong bao lâu?")
    assert not contradicts(maternity, "Điều 102. Giải quyết hưởng chế độ ốm đau, thai sản")
    abroad = named("Đi công tác nước ngoài được phụ cấp lưu trú bao nhiêu?")
    assert contradicts(abroad, "1. Công tác trong nước") and not contradicts(abroad, "2. Công tác nước ngoài")


def test_the_penalty_reorders_fused_sections():
    titles = {
        "a": "Điều 43. Đối tượng bắt buộc tham gia bảo hiểm thất nghiệp",
        "b": "Điều 12. Đối tượng tham gia bảo hiểm y tế",
    }
    fused = [("a", 1.2), ("b", 0.8)]
    asked = named("Có bắt buộc tham gia bảo hiểm y tế không?")
    assert [c for c, _ in contrast_penalty(fused, titles.__getitem__, asked, 0.7)] == ["b", "a"]
    assert contrast_penalty(fused, titles.__getitem__, asked, 0.0) == fused
    assert contrast_penalty(fused, titles.__getitem__, named("Công ty đóng cho ai?"), 0.7) == fused
