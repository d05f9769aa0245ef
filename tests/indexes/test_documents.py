from __future__ import annotations

import pytest

from indexes.errors import DocumentError
from indexes.sources.folder import parse_document, scan_corpus


def test_front_matter_fields_and_body_start():
    doc = parse_document(
        "a.md", "---\ntitle: Quy chế A\ndoc_id: quy_che_a\neffective_date: 2025-01-01\n---\n# A\n".encode()
    )
    assert (doc.doc_id, doc.title, doc.effective_date, doc.body_start_line) == (
        "quy_che_a",
        "Quy chế A",
        "2025-01-01",
        6,
    )


def test_nfd_input_is_normalised_to_nfc():
    import unicodedata

    nfd = unicodedata.normalize("NFD", "# Nghỉ phép\n\nNgười lao động được nghỉ.\n")
    doc = parse_document("nghi_phep.md", nfd.encode())
    assert doc.text == unicodedata.normalize("NFC", nfd)
    assert doc.doc_id == "nghi_phep" and doc.title == "Nghỉ phép"


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b"", "empty file"),
        (b"   \n\n", "empty file"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00", "binary"),
        ("# Tiêu đề\nđ".encode("cp1258", errors="replace") + b"\xff\xfe", "not valid UTF-8"),
        (b"---\ntitle: [unclosed\n---\n# A\n", "invalid front matter"),
        (b"---\n- a\n- b\n---\n# A\n", "invalid front matter"),
        (b"---\ntitle: A\n# A\n", "no closing"),
        (b"---\ntitle: A\n---\n\n", "no content"),
        (b"---\ndoc_id: ../../etc/passwd\n---\n# A\n", "invalid doc_id"),
    ],
)
def test_bad_files_raise_clear_errors(raw: bytes, reason: str):
    with pytest.raises(DocumentError) as info:
        parse_document("bad.md", raw)
    assert reason in str(info.value)
    assert str(info.value).startswith("bad.md: ")


def test_scan_goes_on_and_reports_each_skipped_file(tmp_path):
    (tmp_path / "tot.md").write_text("# Tốt\n\nNội dung.\n", encoding="utf-8")
    (tmp_path / "rong.md").write_bytes(b"")
    (tmp_path / "nhi_phan.md").write_bytes(bytes(range(256)))
    (tmp_path / "latin1.md").write_bytes("# Tiêu đề é".encode("utf-16"))
    (tmp_path / "anh.png").write_bytes(b"\x89PNG")
    (tmp_path / "lon.md").write_text("# Lớn\n" + "x" * 2000, encoding="utf-8")
    (tmp_path / "trung.md").write_text("---\ndoc_id: tot\n---\n# Trùng\n", encoding="utf-8")
    (tmp_path / "glossary.yaml").write_text("abbreviations: {}\n", encoding="utf-8")
    scan = scan_corpus(tmp_path, max_file_bytes=1000)
    assert [d.doc_id for d in scan.documents] == ["tot"]
    reasons = {s.path: s.reason for s in scan.skipped}
    assert reasons["rong.md"] == "empty file"
    assert "binary" in reasons["nhi_phan.md"]
    assert "binary" in reasons["latin1.md"] or "UTF-8" in reasons["latin1.md"]
    assert "unsupported file type .png" in reasons["anh.png"]
    assert "too large" in reasons["lon.md"]
    assert "duplicate doc_id 'tot'" in reasons["trung.md"]
    assert "glossary.yaml" not in reasons
