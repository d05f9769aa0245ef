"""The store check against the published manifest: only a new data dir has no documents to check against; a
manifest that cannot be read (garbage, emptied, half-written, gone with its build, or a build removed under the
reader by a publish) is never taken for "no documents", so an empty store never passes and no ingest wipes
the index."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from indexes.errors import IndexDamagedError, QuycheError, StoreDamagedError
from indexes.pipeline.ingest import index_folder, ingest
from indexes.pipeline.repair import diagnose, repair
from indexes.store.checks import open_store, published_doc_ids
from indexes.store.document_store import DocumentStore
from indexes.store.leases import lease_published
from indexes.store.published_index import IndexStore, lease_manifest
from tests.documents import TINY


@pytest.fixture
def indexed(make_settings, fixture_corpus):
    (fixture_corpus / "phu_cap.md").write_text(
        "# Phụ cấp\n\n## Điều 1. Ăn trưa\n\nPhụ cấp ăn trưa 30.000 đồng mỗi ngày.\n", encoding="utf-8"
    )
    settings = make_settings(corpus_dir=fixture_corpus)
    index_folder(settings)
    return settings


def _swap_in_an_empty_store(settings) -> None:
    for path in settings.data_dir.glob("documents.sqlite*"):
        path.unlink()
    DocumentStore(settings.data_dir / "documents.sqlite").close()


def _damage_manifest(settings, how: str) -> Path:
    build = settings.index_dir.resolve()
    manifest = build / "manifest.json"
    if how == "garbage":
        manifest.write_text("{")
    elif how == "emptied":
        manifest.write_bytes(b"")
    elif how == "half-written":  # what a reader sees of a manifest cut off mid-write
        manifest.write_bytes(manifest.read_bytes()[: manifest.stat().st_size // 2])
    elif how == "deleted":
        manifest.unlink()
    else:  # the build gone from under the link
        shutil.rmtree(build)
    return build


def test_a_new_data_dir_has_no_published_documents_and_a_fresh_store(make_settings):
    settings = make_settings()
    assert published_doc_ids(settings) == []
    open_store(settings).close()
    assert ingest(settings, [TINY]).results[0].status == "indexed"
    assert published_doc_ids(settings) == ["gui_xe"]


HOW = ["garbage", "emptied", "half-written", "deleted", "build gone"]


@pytest.mark.parametrize("how", HOW)
def test_an_unreadable_manifest_is_damage_never_no_documents(indexed, how):
    assert published_doc_ids(indexed) == ["phu_cap", "quy_dinh_mau"]
    _damage_manifest(indexed, how)
    with pytest.raises(IndexDamagedError, match="quyche doctor --repair"):
        published_doc_ids(indexed)


@pytest.mark.parametrize("how", HOW)
def test_an_empty_store_never_passes_an_unreadable_manifest(indexed, how):
    """The silent wipe: an empty store checked against a manifest read as "no documents" passed, and the ingest
    published an index holding only the new document and collected the build with every document's copy."""
    _swap_in_an_empty_store(indexed)
    build = _damage_manifest(indexed, how)
    kept = sorted(p.name for p in (indexed.data_dir / "builds").iterdir())
    with pytest.raises(QuycheError, match="quyche doctor --repair"):
        ingest(indexed, [TINY])
    assert sorted(p.name for p in (indexed.data_dir / "builds").iterdir()) == kept  # nothing published
    assert indexed.index_dir.resolve() == build.resolve()  # nor collected
    store = DocumentStore(indexed.data_dir / "documents.sqlite")
    assert store.doc_ids() == []  # nor stored
    store.close()
    findings = {f.part: f for f in diagnose(indexed)}
    assert not findings["index"].ok and not findings["store"].ok  # doctor names both, and does not crash


def test_a_healthy_store_waits_for_the_repair_of_an_unreadable_manifest(indexed):
    """No write goes ahead unchecked; ``doctor --repair`` rebuilds the index from the store, then ingest works."""
    _damage_manifest(indexed, "garbage")
    with pytest.raises(IndexDamagedError, match=r"manifest\.json .*quyche doctor --repair"):
        ingest(indexed, [TINY])
    assert any(line.startswith("index:") for line in repair(indexed))
    assert all(f.ok for f in diagnose(indexed))
    assert ingest(indexed, [TINY]).results[0].status == "indexed"
    assert published_doc_ids(indexed) == ["gui_xe", "phu_cap", "quy_dinh_mau"]


def test_a_store_that_lost_documents_is_still_damage(indexed):
    _swap_in_an_empty_store(indexed)
    with pytest.raises(StoreDamagedError, match=r"does not know 2 of the 2 published documents"):
        open_store(indexed)


def test_a_build_removed_under_a_reader_by_a_publish_is_looked_up_again(indexed, monkeypatch):
    """A reader resolves the link, then another process publishes a new build and collects the one it resolved:
    the reader looks again, never reports the removed build's manifest missing (damage) or no index."""
    old = indexed.index_dir.resolve()
    assert ingest(indexed, [TINY]).index.published
    assert not old.exists()  # collected: no reader held it
    link, resolve, stale = indexed.index_dir, Path.resolve, {"left": 0}

    def resolve_late(self, *args, **kwargs):  # the next look at the link sees the build before the publish
        if self == link and stale["left"]:
            stale["left"] -= 1
            return old
        return resolve(self, *args, **kwargs)

    monkeypatch.setattr(Path, "resolve", resolve_late)
    published = ["gui_xe", "phu_cap", "quy_dinh_mau"]
    stale["left"] = 1
    assert published_doc_ids(indexed) == published
    stale["left"] = 1
    assert sorted(IndexStore(link).documents) == published
    for lease_it in (lease_manifest, lease_published):
        stale["left"] = 1
        build, lease = lease_it(link)
        assert build == resolve(link) and (build / "manifest.json").exists() and lease.held
        lease.release()
