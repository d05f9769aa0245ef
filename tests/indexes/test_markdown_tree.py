from __future__ import annotations

from pathlib import Path

from indexes.search.chunking import chunk_document
from indexes.settings import ChunkSizes
from indexes.sources.folder import parse_document
from indexes.sources.markdown import build_tree, find_headings
from indexes.sources.tree_model import Heading
from tests.conftest import FIXTURES


def _tree(text: str, doc_id: str = "doc"):
    doc = parse_document(f"{doc_id}.md", text.encode())
    return build_tree(doc, lambda t: len(t.split()))


def _fixture_tree():
    return _tree((FIXTURES / "quy_dinh_mau.md").read_text(encoding="utf-8"), "quy_dinh_mau")


def test_headings_inside_code_fences_are_text():
    lines = (FIXTURES / "quy_dinh_mau.md").read_text(encoding="utf-8").split("\n")
    titles = [h.title for h in find_headings(lines)]
    assert "Đây không phải tiêu đề" not in titles
    assert "Cũng không phải" not in titles
    assert "Điều 2. Thời giờ làm việc" in titles


def test_setext_underlines_and_hash_without_space_are_not_headings():
    lines = ["Tiêu đề kiểu setext", "===", "#không phải tiêu đề", "## Tiêu đề thật ##"]
    assert [(h.level, h.title) for h in find_headings(lines)] == [(2, "Tiêu đề thật")]


def test_tree_ids_titles_and_line_ranges():
    root = _fixture_tree()
    assert root.node_id == "quy_dinh_mau"
    assert root.title == "Quy định mẫu"
    nodes = {n.node_id: n for n in root.walk()}
    assert "quy_dinh_mau:chuong-i" in nodes
    hours = nodes["quy_dinh_mau:dieu-2"]
    assert hours.title == "Điều 2. Thời giờ làm việc"
    assert hours.title_path == ["Quy định mẫu", "Chương I. Quy định chung", "Điều 2. Thời giờ làm việc"]
    lines = (FIXTURES / "quy_dinh_mau.md").read_text(encoding="utf-8").split("\n")
    assert lines[hours.line_start - 1] == "### Điều 2. Thời giờ làm việc"
    assert lines[hours.line_end - 1] == "```"  # own text ends at its last non-blank line, before the child
    assert lines[hours.line_end + 1].startswith("#### 1. Ghi chú")
    assert "8h30" in hours.text and "# Đây không phải tiêu đề" in hours.text
    assert hours.parent_id == "quy_dinh_mau:chuong-i"
    assert hours.token_count > 0
    assert "8h30" in hours.summary


def test_deep_nesting_and_duplicate_titles():
    nodes = {n.node_id: n for n in _fixture_tree().walk()}
    note = nodes["quy_dinh_mau:dieu-2/1-ghi-chu"]
    assert note.level == 4
    deepest = nodes["quy_dinh_mau:dieu-2/1-ghi-chu/a-chi-tiet/muc-sau-nhat"]
    assert deepest.level == 6 and "mức tiêu đề thứ sáu" in deepest.text
    assert "quy_dinh_mau:dieu-2/1-ghi-chu-2" in nodes  # duplicate sibling title gets a suffix
    assert len(nodes) == len({n.node_id for n in _fixture_tree().walk()})


def test_editing_an_unrelated_section_keeps_other_ids():
    text = (FIXTURES / "quy_dinh_mau.md").read_text(encoding="utf-8")
    before = {n.title: n.node_id for n in _tree(text, "quy_dinh_mau").walk()}
    edited = text.replace(
        "### Điều 1. Phạm vi áp dụng\n",
        "### Điều 1. Phạm vi áp dụng\n\nThêm một đoạn mới.\n\n#### Mục mới chèn vào\n\nNội dung.\n",
    )
    after = {n.title: n.node_id for n in _tree(edited, "quy_dinh_mau").walk()}
    assert "Mục mới chèn vào" in after
    for title, node_id in before.items():
        assert after[title] == node_id


def test_document_without_headings_is_one_node():
    root = _tree("Chỉ có một đoạn văn, không có tiêu đề nào.\n", "mot_doan")
    assert root.children == [] and root.node_id == "mot_doan"
    assert root.line_start == 1 and root.line_end == 1
    assert "một đoạn văn" in root.text


def test_english_headings_and_roman_numerals(tmp_path: Path):
    root = _tree("# Policy\n\n## Chapter II. Leave\n\n### Article 7. Annual leave\n\nTwelve days.\n", "pol")
    ids = [n.node_id for n in root.walk()]
    assert ids == ["pol", "pol:chapter-ii", "pol:article-7"]


def test_an_articles_bold_title_line_is_its_heading_where_no_heading_is_an_article():
    text = (
        "# QUY CHẾ CHI TIÊU NỘI BỘ\n\n## Chương I. QUY ĐỊNH CHUNG\n\n**Điều 1. Phạm vi điều chỉnh**\n\n"
        "1. Quy chế này quy định các định mức chi.\n\n**Điều 2. Nguyên tắc chi**\n\nMọi khoản chi phải đúng định mức.\n\n"
        "## Chương II. CÔNG TÁC PHÍ\n\n**ĐIỀU 3. PHỤ CẤP LƯU TRÚ**\n\nPhụ cấp lưu trú 200.000 đồng/ngày.\n\n"
        "**Điều 4.** Quyết định này có hiệu lực từ ngày ký.\n"
    )
    lines = text.split("\n")
    assert [(h.level, h.title) for h in find_headings(lines)] == [
        (1, "QUY CHẾ CHI TIÊU NỘI BỘ"),
        (2, "Chương I. QUY ĐỊNH CHUNG"),
        (3, "Điều 1. Phạm vi điều chỉnh"),
        (3, "Điều 2. Nguyên tắc chi"),
        (2, "Chương II. CÔNG TÁC PHÍ"),
        (
            3,
            "ĐIỀU 3. PHỤ CẤP LƯU TRÚ",
        ),  # a bold number before an article's text ("**Điều 4.** …") is no title
    ]
    root = _tree(text, "chi_tieu")
    chapter = next(n for n in root.walk() if n.title.startswith("Chương II"))
    article = next(n for n in chapter.children if n.title.startswith("ĐIỀU 3"))
    assert "200.000 đồng/ngày" in article.text and "Điều 4." in article.text
    # where the articles are headings, a bold line that looks like one stays text
    headed = ["## Điều 1. Phạm vi", "**Điều 2. Nguyên tắc chi**", "Nội dung."]
    assert [h.title for h in find_headings(headed)] == ["Điều 1. Phạm vi"]


def test_an_article_title_split_in_two_bold_runs_or_followed_by_a_note_is_a_heading():
    lines = [
        "## Chương II. THỜI GIỜ LÀM VIỆC",
        "**Điều 8.** **Làm thêm giờ**",
        "Làm thêm không quá 40 giờ/tháng.",
        "**Điều 9. Nghỉ hằng năm** (sửa đổi)",
        "**Điều 10.** Quyết định này có hiệu lực từ ngày ký.",  # an article's text after its bold number
    ]
    assert [(h.level, h.title) for h in find_headings(lines)] == [
        (2, "Chương II. THỜI GIỜ LÀM VIỆC"),
        (3, "Điều 8. Làm thêm giờ"),
        (3, "Điều 9. Nghỉ hằng năm (sửa đổi)"),
    ]


def test_a_document_with_no_heading_below_its_title_is_cut_at_its_bold_numbered_parts():
    decision = (
        "CÔNG TY CỔ PHẦN AN PHÚ\n\nSố: 12/QĐ-AP\n\n# QUYẾT ĐỊNH về việc điều chỉnh mức cho vay tối đa\n\n"
        "Căn cứ Quy chế Quỹ tương trợ;\n\n**QUYẾT ĐỊNH:**\n\n"
        "**Điều 1.** Sửa đổi mức vay tối đa như sau:\n\n| Thâm niên | Mức mới |\n|---|---|\n"
        "| Từ đủ 01 năm | 15.000.000 đồng |\n\n**Điều 2.** Mức mới áp dụng từ ngày 01/7/2026.\n\n"
        "**Điều 3.** Quyết định có hiệu lực kể từ ngày ký.\n"
    )
    root = _tree(decision, "qd_12")
    assert [(n.node_id, n.title) for n in root.children] == [
        ("qd_12:dieu-1", "Điều 1"),
        ("qd_12:dieu-2", "Điều 2"),
        ("qd_12:dieu-3", "Điều 3"),
    ]
    # the part's first line is its text too (the bold number only names it): in the node and in its chunk
    first = root.children[0]
    assert first.text.startswith("**Điều 1.** Sửa đổi mức vay") and "15.000.000 đồng" in first.text
    doc = parse_document("qd_12.md", decision.encode())
    chunks = chunk_document(doc, root, ChunkSizes(target=200, minimum=60, overlap=50))
    assert any(c.node_id == "qd_12:dieu-1" and "Sửa đổi mức vay" in c.text for c in chunks)
    assert "Căn cứ" in root.text and "Căn cứ" not in first.text  # the preamble stays in the root
    notice = [
        "**THÔNG BÁO**",
        "Căn cứ Chính sách phúc lợi, Tổng Giám đốc thông báo như sau:",
        "**1. Phụ cấp lưu trú khi đi công tác** (thay thế Mục 7), áp dụng từ **ngày 01/10/2026**:",
        "| Cấp bậc | Mức mới |",
        "**2. Phụ cấp ăn ca:** nâng lên 40.000 đồng/ca.",
        "**3.** Các nội dung khác giữ nguyên.",
    ]
    assert [(h.level, h.title, h.span) for h in find_headings(notice)] == [
        (2, "1. Phụ cấp lưu trú khi đi công tác", 0),
        (2, "2. Phụ cấp ăn ca", 0),
        (2, "3", 0),  # a bare number and no bold title
    ]
    # the rules of a part are read from its first line too
    from indexes.rules.patterns import read_lines

    read = [decision[line.start : line.end] for line in read_lines(decision)]
    assert "**Điều 2.** Mức mới áp dụng từ ngày 01/7/2026." in read


def test_bold_numbers_stay_text_where_the_document_has_sections_or_they_do_not_count_one_two_three():
    sectioned = ["# Quy chế", "## Điều 1. Phạm vi", "**1.** Nội dung.", "**2.** Nội dung khác."]
    assert [h.title for h in find_headings(sectioned)] == ["Quy chế", "Điều 1. Phạm vi"]
    assert find_headings(["# Thông báo", "**2.** Một đoạn.", "**3.** Đoạn khác."]) == [
        Heading(1, 1, "Thông báo")
    ]
    assert [h.title for h in find_headings(["# Thông báo", "**1.** Chỉ một phần."])] == ["Thông báo"]


def test_no_parts_after_a_heading_of_their_document_nor_in_bold_figures_or_mixed_counts():
    # an H1 after the numbered paragraphs: they are no parts of it
    assert find_headings(["Thông báo", "**1.** Một.", "**2.** Hai.", "# Phụ lục", "| a |"]) == [
        Heading(4, 1, "Phụ lục")
    ]
    # amounts and times in bold are no part numbers
    assert (
        find_headings(["**1.500.000 đồng** một lần", "**2.000.000 đồng** hai lần", "**1:30** Khai mạc"]) == []
    )
    # clauses numbered inside an article do not break the articles' count
    mixed = ["**Điều 1.** Phạm vi.", "**1.** Khoản một.", "**2.** Khoản hai.", "**Điều 2.** Hiệu lực."]
    assert [h.title for h in find_headings(mixed)] == ["Điều 1", "Điều 2"]
