"""A real ``mkdocs build`` of a tiny project: pages after the project's own hooks, anchors as MkDocs makes them."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexes.errors import DocumentError
from indexes.pipeline.ingest import ingest
from indexes.sources.mkdocs_site import read_mkdocs_site
from indexes.store.published_index import IndexStore
from tools.context import ToolContext

pytest.importorskip("mkdocs")

CONFIG = """site_name: Sổ tay ACME
site_url: https://docs.acme.vn/
markdown_extensions:
  - attr_list
hooks:
  - hooks/macros.py
"""
# A stand-in for mkdocs-macros: the project's own hook fills {{ so_ngay_phep }} before we export the page.
MACROS = """def on_page_markdown(markdown, page, config, files, **kwargs):
    return markdown.replace("{{ so_ngay_phep }}", "12")
"""
LEAVE = """---
title: Chính sách nghỉ phép
---
# Chính sách nghỉ phép

## Điều 1. Số ngày nghỉ phép năm

Người lao động được nghỉ {{ so_ngay_phep }} ngày phép mỗi năm.

## Điều 2. Nghỉ phép khi thử việc

Thời gian thử việc được tính để hưởng phép.

## Điều 2. Nghỉ phép khi thử việc

Một tiêu đề lặp lại để kiểm tra anchor thứ hai.

## Phụ lục {#phu-luc-a}

Một id do tác giả đặt (attr_list).
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    (root / "docs" / "nhan-su").mkdir(parents=True)
    (root / "hooks").mkdir()
    (root / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    (root / "hooks" / "macros.py").write_text(MACROS, encoding="utf-8")
    (root / "docs" / "index.md").write_text("# Trang chủ\n\nSổ tay nhân viên ACME.\n", encoding="utf-8")
    (root / "docs" / "nhan-su" / "nghi-phep.md").write_text(LEAVE, encoding="utf-8")
    return root


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_mkdocs_pages_are_ingested_after_hooks_with_urls_and_anchors(project: Path, make_settings):
    before = _files(project)
    scan, manifest = read_mkdocs_site(project, None, "acme", 5_000_000)
    assert _files(project) == before  # the project is not modified (no temp config, no site/ left there)
    docs = {d.doc_id: d for d in scan.documents}
    assert set(docs) == {"index", "nhan_su_nghi_phep"}
    leave = docs["nhan_su_nghi_phep"]
    assert "được nghỉ 12 ngày phép" in leave.text and "{{" not in leave.text
    assert leave.title == "Chính sách nghỉ phép" and leave.tenant == "acme"
    assert leave.source_url == "https://docs.acme.vn/nhan-su/nghi-phep/"

    settings = make_settings()
    results = ingest(settings, scan.documents, origin="mkdocs").results
    assert {r.status for r in results} == {"indexed"}
    store = IndexStore(settings.index_dir)
    ours = [n.anchor for n in store.tree("nhan_su_nghi_phep").walk() if n.level > 0]
    page = next(p for p in manifest["pages"] if p["src_uri"] == "nhan-su/nghi-phep.md")
    theirs = [a["id"] for a in page["anchors"] if a["level"] > 1]
    assert (
        ours
        == theirs
        == [
            "ieu-1-so-ngay-nghi-phep-nam",
            "ieu-2-nghi-phep-khi-thu-viec",
            "ieu-2-nghi-phep-khi-thu-viec_1",
            "phu-luc-a",
        ]
    )

    assert [n.title for n in store.tree("nhan_su_nghi_phep").walk()][-1] == "Phụ lục"  # {#id} is not title
    ctx = ToolContext(settings, tenant="acme")
    node = next(n for n in store.tree("nhan_su_nghi_phep").walk() if n.title.startswith("Điều 1"))
    assert ctx.citation_url("nhan_su_nghi_phep", node.node_id) == (
        "https://docs.acme.vn/nhan-su/nghi-phep/#ieu-1-so-ngay-nghi-phep-nam"
    )


def test_computed_anchors_follow_mkdocs_default_slugify(project: Path):
    from indexes.sources.tree_model import toc_anchor

    scan, manifest = read_mkdocs_site(project, None, "acme", 5_000_000)
    page = next(p for p in manifest["pages"] if p["src_uri"] == "nhan-su/nghi-phep.md")
    used: set[str] = set()
    computed = [toc_anchor(a["title"], used) for a in page["anchors"]][:4]
    assert computed == [a["id"] for a in page["anchors"]][:4]  # the headings without an explicit {#id}


def test_a_broken_mkdocs_project_gives_a_clear_error(tmp_path: Path):
    with pytest.raises(DocumentError, match="no MkDocs config"):
        read_mkdocs_site(tmp_path, None, "global", 1000)
    (tmp_path / "mkdocs.yml").write_text("site_name: x\nhooks:\n  - khong_co.py\n", encoding="utf-8")
    with pytest.raises(DocumentError, match="mkdocs build failed"):
        read_mkdocs_site(tmp_path, None, "global", 1000)
