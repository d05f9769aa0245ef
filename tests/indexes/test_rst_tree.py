"""reStructuredText documents: docutils sections, toctree order, warnings for broken files, citations into .rst."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from indexes.pipeline.ingest import index_folder
from indexes.search.retrieval import Retriever
from indexes.sources.document_tree import build_document_tree
from indexes.sources.folder import parse_document, scan_corpus
from indexes.sources.rst import order_by_toctree
from indexes.store.published_index import IndexStore
from indexes.tree.chooser import OfflineTreeChooser
from indexes.tree.retriever import TreeRetriever
from tests.conftest import FIXTURES

PROJECT = FIXTURES / "rst_project"
BROKEN = """Tài liệu hỏng
=============

Đoạn mở đầu.

.. khong-ton-tai:: abc

   nội dung

Một vai trò lạ :la-lung:`x` ở đây.

Mục A
-----

* mục một
 thụt lề sai

Mục B
~~~~~

Nội dung mục B.
"""


def _words(text: str) -> int:
    return len(text.split())


def _slim(node) -> dict:
    keys = (
        "node_id",
        "title",
        "level",
        "title_path",
        "line_start",
        "line_end",
        "subtree_line_end",
        "title_lines",
    )
    return {**{k: getattr(node, k) for k in keys}, "children": [_slim(c) for c in node.children]}


def _trees() -> dict:
    scan = scan_corpus(PROJECT, 10**7)
    return {d.doc_id: build_document_tree(d, _words) for d in scan.documents}


def test_rst_project_matches_the_golden_tree():
    trees = _trees()
    golden = json.loads((FIXTURES / "rst_project_tree.json").read_text(encoding="utf-8"))
    assert {doc_id: _slim(t.root) for doc_id, t in trees.items()} == golden
    assert all(t.warnings == [] for t in trees.values())  # Sphinx roles and directives parse cleanly


def test_documents_follow_the_toctree_not_the_alphabet():
    scan = scan_corpus(PROJECT, 10**7)
    assert [d.path for d in scan.documents] == ["index.rst", "nghi_phep.rst", "cong_tac.rst"]
    assert {d.format for d in scan.documents} == {"rst"}
    assert scan.documents[2].title == "Công tác phí"  # an overlined title
    paths = [Path("a.md"), PROJECT / "cong_tac.rst", PROJECT / "index.rst", PROJECT / "nghi_phep.rst"]
    assert [p.name for p in order_by_toctree(paths)] == ["a.md", "index.rst", "nghi_phep.rst", "cong_tac.rst"]


def test_sections_lines_titles_and_code_blocks():
    root = _trees()["nghi_phep"].root
    lines = (PROJECT / "nghi_phep.rst").read_text(encoding="utf-8").split("\n")
    nodes = {n.node_id: n for n in root.walk()}
    seniority = nodes["nghi_phep:dieu-1/1-cong-them-theo-tham-nien"]
    assert seniority.title_path == [
        "Quy định nghỉ phép",
        "Điều 1. Số ngày nghỉ phép",
        "1. Cộng thêm theo thâm niên",
    ]
    assert lines[seniority.line_start - 1] == "1. Cộng thêm theo thâm niên"
    assert set(lines[seniority.line_start]) == {"~"}
    formula = nodes["nghi_phep:dieu-2"]
    assert ".. code-block:: python" in formula.text and "ngay_phep = round(" in formula.text
    assert lines[formula.line_end - 1].strip().startswith("Tháng làm việc chưa đủ")
    assert "50%" in formula.summary and "====" not in formula.summary and ".. note::" not in formula.summary


def test_broken_rst_is_indexed_with_warnings_naming_file_and_line():
    doc = parse_document("hong.rst", BROKEN.encode())
    built = build_document_tree(doc, _words)
    assert [c.title for c in built.root.children] == ["Mục A"]
    assert [c.title for c in built.root.children[0].children] == ["Mục B"]
    assert any(w.startswith("hong.rst:6:") and "khong-ton-tai" in w for w in built.warnings)
    assert any(w.startswith("hong.rst:10:") and "la-lung" in w for w in built.warnings)
    assert any(w.startswith("hong.rst:16:") for w in built.warnings)  # the bad indentation


def test_index_search_and_citations_point_at_rst_lines(make_settings, tmp_path):
    corpus = tmp_path / "docs"
    shutil.copytree(PROJECT, corpus)
    (corpus / "hong.rst").write_text(BROKEN, encoding="utf-8")
    settings = make_settings(corpus_dir=corpus)
    report = index_folder(settings)
    assert report.documents == 4 and not report.skipped
    assert any(w.startswith("hong.rst:6:") for w in report.warnings)
    store = IndexStore(settings.index_dir)
    hit = Retriever(settings, store).search("phụ cấp lưu trú mỗi ngày", k=3, mode="keyword")[0]
    lines = (corpus / "cong_tac.rst").read_text(encoding="utf-8").split("\n")
    assert hit.node_id == "cong_tac:dieu-1" and hit.doc_id == "cong_tac"
    assert lines[hit.line_start - 1 : hit.line_end] == ["Phụ cấp lưu trú là 200.000 đồng mỗi ngày công tác."]
    assert not hit.text.startswith("=")  # the underline belongs to the heading, not the passage
    tree = TreeRetriever(settings, store, OfflineTreeChooser()).search("tiền thuê phòng nghỉ tối đa", k=3)
    assert tree.hits[0].node_id == "cong_tac:dieu-2" and tree.hits[0].line_start == 14
