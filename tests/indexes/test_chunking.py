from __future__ import annotations

from indexes.search.chunking import chunk_document, split_spans
from indexes.settings import ChunkSizes
from indexes.sources.folder import parse_document
from indexes.sources.markdown import build_tree
from tests.conftest import FIXTURES

SIZES = ChunkSizes(target=200, minimum=60, overlap=50)


def _pieces(text: str, sizes: ChunkSizes = SIZES) -> list[str]:
    return [text[s:e] for s, e in split_spans(text, sizes)]


def test_short_text_is_one_chunk():
    assert _pieces("Người lao động được nghỉ 12 ngày.") == ["Người lao động được nghỉ 12 ngày."]


def test_prefers_paragraph_then_sentence_boundaries():
    para1 = "Người lao động đi làm đúng giờ. " * 5
    para2 = "Buổi chiều làm việc từ 13 giờ. " * 5
    pieces = _pieces(para1.strip() + "\n\n" + para2.strip())
    assert pieces[0].strip() == para1.strip()  # cut at the paragraph break, not mid-sentence
    assert all(p.rstrip().endswith(".") for p in pieces)


def test_never_cuts_inside_quotes_parentheses_urls_or_emails():
    protected = [
        "(khoản này áp dụng cho cả thời gian thử việc, nghỉ ốm, nghỉ thai sản. Xem thêm Điều 6.)",
        "“Ngày làm việc là ngày từ thứ Hai đến thứ Sáu. Thứ Bảy nghỉ.”",
        "https://intranet.saomai.example/quy-che/nghi-phep.html?muc=2,3",
        "nhansu.hotro@saomai.example",
    ]
    text = " ".join(
        f"Câu mở đầu số {i}, khá dài để buộc phải cắt. {p} Câu kết." for i, p in enumerate(protected)
    )
    pieces = _pieces(text)
    assert len(pieces) > 2
    for p in protected:
        assert any(p in piece for piece in pieces), p


def test_consecutive_chunks_overlap_and_cover_everything():
    text = " ".join(f"Câu số {i} nói về quy định nghỉ phép năm của người lao động." for i in range(30))
    spans = split_spans(text, SIZES)
    assert spans[0][0] == 0 and spans[-1][1] == len(text)
    for (s1, e1), (s2, _) in zip(spans, spans[1:], strict=False):
        assert s2 < e1, "chunks should overlap"
        assert e1 - s2 <= SIZES.overlap + 5
        assert s2 > s1, "chunks must move forward"
    assert all(e - s <= SIZES.target for s, e in spans)


def test_chunks_are_exact_source_spans_with_lines_and_stable_ids():
    text = (FIXTURES / "quy_dinh_mau.md").read_text(encoding="utf-8")
    doc = parse_document("quy_dinh_mau.md", text.encode())
    root = build_tree(doc, len)
    chunks = chunk_document(doc, root, SIZES)
    lines = doc.text.split("\n")
    for c in chunks:
        assert doc.text[c.start : c.end] == c.text
        assert c.text.split("\n")[0] in lines[c.line_start - 1]
        assert c.chunk_id.startswith(f"{c.node_id}:")
        assert c.chunk_id.split(":")[0] == "quy_dinh_mau"
    leave = [c for c in chunks if c.node_id == "quy_dinh_mau:dieu-3"]
    assert leave and "12 ngày" in leave[0].text
    assert "Điều 3. Nghỉ hằng năm" in leave[0].search_text()
    again = chunk_document(parse_document("quy_dinh_mau.md", text.encode()), root, SIZES)
    assert [c.chunk_id for c in again] == [c.chunk_id for c in chunks]


def test_one_very_long_word_has_no_protected_span():
    from indexes.search.chunking import _PROTECTED_RE

    # the e-mail pattern once backtracked quadratically here (minutes); the adversary suite times it
    assert list(_PROTECTED_RE.finditer("a" * 200_000)) == []
    found = [m.group(0) for m in _PROTECTED_RE.finditer("Liên hệ hr.team@truongan.vn (xem Điều 5).")]
    assert found == ["hr.team@truongan.vn", "(xem Điều 5)"]


def test_a_lead_in_line_stays_with_the_table_it_introduces():
    intro = (
        "Căn cứ kết quả rà soát chi phí sinh hoạt tại các tỉnh miền Trung, Công ty điều chỉnh như sau. " * 2
    )
    lead = "**1. Phụ cấp lưu trú khi đi công tác**, áp dụng từ ngày 01/10/2026:"
    table = "| Cấp bậc | Mức cũ | Mức mới |\n|---|---|---|\n| L3 | 250.000 | 320.000 |"
    pieces = _pieces(f"{intro.strip()}\n\n{lead}\n\n{table}", ChunkSizes(target=260, minimum=60, overlap=0))
    holding = [p for p in pieces if lead in p]
    assert holding and all("| L3 | 250.000 | 320.000 |" in p for p in holding)
