from __future__ import annotations

import json

import pytest

import indexes.pipeline.build as build_module
from indexes.pipeline.ingest import index_folder
from indexes.store.published_index import IndexStore


def test_index_builds_and_reindex_reports_unchanged(make_settings, fixture_corpus):
    settings = make_settings(corpus_dir=fixture_corpus)
    first = index_folder(settings)
    assert (first.documents, first.added) == (1, ["quy_dinh_mau"])
    store = IndexStore(settings.index_dir)
    assert store.node("quy_dinh_mau:dieu-3").title == "Điều 3. Nghỉ hằng năm"
    assert store.documents["quy_dinh_mau"].node_count == first.nodes

    second = index_folder(settings)
    assert second.unchanged == ["quy_dinh_mau"] and not second.added and not second.changed
    # only the published build is kept
    assert [p.name for p in (settings.data_dir / "builds").iterdir()] == [second.build_id]


def test_a_new_lexicon_reindexes_documents_whose_text_did_not_change(
    make_settings, fixture_corpus, tmp_path, monkeypatch
):
    """English chunks are indexed with the lexicon's Vietnamese terms: a lexicon shipped with a new version must
    not leave the old terms in an index whose documents did not change."""
    settings = make_settings(corpus_dir=fixture_corpus)
    first = index_folder(settings)
    lexicon = tmp_path / "hr_lexicon.yaml"
    lexicon.write_bytes(build_module.LEXICON_FILE.read_bytes() + b"\n# a new version\n")
    monkeypatch.setattr(build_module, "LEXICON_FILE", lexicon)
    second = index_folder(settings)
    assert second.added == ["quy_dinh_mau"] and not second.unchanged
    assert second.build_id != first.build_id
    assert index_folder(settings).unchanged == ["quy_dinh_mau"]  # the same lexicon again: nothing to do


def test_changed_and_removed_documents_are_reported(make_settings, fixture_corpus):
    settings = make_settings(corpus_dir=fixture_corpus)
    (fixture_corpus / "khac.md").write_text("# Khác\n\nNội dung khác.\n", encoding="utf-8")
    index_folder(settings)
    path = fixture_corpus / "quy_dinh_mau.md"
    path.write_text(path.read_text(encoding="utf-8") + "\nThêm dòng.\n", encoding="utf-8")
    (fixture_corpus / "khac.md").unlink()
    report = index_folder(settings)
    assert report.changed == ["quy_dinh_mau"] and report.removed == ["khac"]
    assert "khac" not in IndexStore(settings.index_dir).documents


def test_crash_mid_index_leaves_the_old_index_usable(make_settings, fixture_corpus, monkeypatch):
    settings = make_settings(corpus_dir=fixture_corpus)
    good = index_folder(settings)
    (fixture_corpus / "moi.md").write_text("# Mới\n\nTài liệu mới.\n", encoding="utf-8")

    def crash(*args, **kwargs):
        raise RuntimeError("simulated crash while indexing")

    monkeypatch.setattr(build_module, "describe_document", crash)
    with pytest.raises(RuntimeError, match="simulated crash"):
        index_folder(settings)
    store = IndexStore(settings.index_dir)
    assert store.build_id == good.build_id
    assert list(store.documents) == ["quy_dinh_mau"]
    assert store.node("quy_dinh_mau:dieu-2") is not None
    assert [p.name for p in (settings.data_dir / "builds").iterdir()] == [good.build_id]


def test_bad_files_are_reported_and_the_rest_indexed(make_settings, fixture_corpus):
    (fixture_corpus / "rong.md").write_bytes(b"")
    (fixture_corpus / "khong_tieu_de.md").write_text("Chỉ một đoạn văn về nghỉ phép.\n", encoding="utf-8")
    settings = make_settings(corpus_dir=fixture_corpus)
    report = index_folder(settings)
    assert report.documents == 2
    assert [(s.path, s.reason) for s in report.skipped] == [("rong.md", "empty file")]
    assert any("no headings" in w for w in report.warnings)
    manifest = json.loads((settings.index_dir / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["skipped"] == [{"path": "rong.md", "reason": "empty file"}]


def test_missing_corpus_folder_is_a_clear_error(make_settings, tmp_path):
    with pytest.raises(FileNotFoundError, match="corpus folder not found"):
        index_folder(make_settings(corpus_dir=tmp_path / "khong_co"))
