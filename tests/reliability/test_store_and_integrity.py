"""The document store is the source of truth and is checked; damaged index files are found at load; `quyche
doctor --repair` puts both right. Every case runs on its own data dir."""

from __future__ import annotations

import json
import shutil

import pytest

from indexes.errors import IndexDamagedError, StoreDamagedError
from indexes.pipeline.ingest import index_folder, ingest, open_store
from indexes.pipeline.repair import diagnose, repair
from indexes.store.published_index import IndexStore
from tests.conftest import FIXTURES
from tests.documents import TINY
from ui.cli import main


@pytest.fixture
def indexed(make_settings, tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in ("quy_dinh_mau.md",):
        shutil.copy(FIXTURES / name, corpus)
    (corpus / "phu_cap.md").write_text(
        "# Phụ cấp\n\n## Điều 1. Ăn trưa\n\nPhụ cấp ăn trưa 30.000 đồng mỗi ngày.\n", encoding="utf-8"
    )
    settings = make_settings(corpus_dir=corpus)
    index_folder(settings)
    return settings


def _published(settings) -> list[str]:
    return sorted(IndexStore(settings.index_dir).documents)


@pytest.mark.parametrize("damage", ["missing", "empty", "truncated", "lost_rows"])
def test_a_damaged_store_stops_ingest_and_repair_restores_it(indexed, damage):
    before = _published(indexed)
    store_file = indexed.data_dir / "documents.sqlite"
    if damage == "missing":
        for path in indexed.data_dir.glob("documents.sqlite*"):
            path.unlink()
    elif damage == "empty":
        store_file.write_bytes(b"")
    elif damage == "truncated":
        store = open_store(indexed)
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        store.close()
        store_file.write_bytes(store_file.read_bytes()[: store_file.stat().st_size // 2])
    else:
        store = open_store(indexed)
        with store.transaction():
            store.db.execute("DELETE FROM versions WHERE doc_id = 'phu_cap'")
            store.db.execute("DELETE FROM documents WHERE doc_id = 'phu_cap'")
        store.close()
    with pytest.raises(StoreDamagedError, match=r"documents\.sqlite .*quyche doctor --repair"):
        ingest(indexed, [TINY])
    assert _published(indexed) == before  # nothing was removed from the published index
    assert not next(f for f in diagnose(indexed) if f.part == "store").ok
    done = repair(indexed)
    assert any(line.startswith("store: restored") for line in done)
    assert all(f.ok for f in diagnose(indexed))
    report = ingest(indexed, [TINY])
    assert report.results[0].status == "indexed"
    assert _published(indexed) == sorted([*before, "gui_xe"])
    # the repaired store knows where the folder's documents come from: a later sync still deletes removed files
    (indexed.corpus_dir / "phu_cap.md").unlink()
    assert index_folder(indexed).removed == ["phu_cap"]


def test_the_cli_says_which_store_file_is_damaged(indexed, capsys):
    (indexed.data_dir / "documents.sqlite").write_bytes(b"garbage" * 100)
    for wal in indexed.data_dir.glob("documents.sqlite-*"):
        wal.unlink()
    tiny = indexed.corpus_dir.parent / "tiny.md"
    tiny.write_text(TINY.text, encoding="utf-8")
    rc = main(["--data-dir", str(indexed.data_dir), "ingest", str(tiny), "--tenant", "beta"])
    err = capsys.readouterr().err
    assert rc == 1 and "documents.sqlite" in err and "quyche doctor --repair" in err
    assert "Traceback" not in err and "removed" not in err


@pytest.mark.parametrize(
    "target, how",
    [
        ("bm25/vocab.index.json", "garbage"),
        ("chunks/quy_dinh_mau.json", "flip"),
        ("trees/phu_cap.json", "delete"),
        ("manifest.json", "garbage"),
        ("manifest.json", "flip"),  # still JSON, a title or a hash altered: its checksum tells
    ],
)
def test_damaged_index_files_are_a_clear_error_and_repair_rebuilds(indexed, capsys, monkeypatch, target, how):
    path = indexed.index_dir / target
    if not path.exists():  # bm25s' file names: take whichever vocabulary file it wrote
        path = next((indexed.index_dir / "bm25").glob("*vocab*"))
    if how == "garbage":
        path.write_bytes(b"\x00garbage{" * 7)
    elif how == "flip":
        data = bytearray(path.read_bytes())
        data[len(data) // 2] ^= 0x01  # same size, different content: only the hash can tell
        path.write_bytes(bytes(data))
    else:
        path.unlink()
    monkeypatch.setenv("QUYCHE_LLM_PROVIDER", "offline")
    monkeypatch.setenv("QUYCHE_VECTORS", "false")
    rc = main(["--data-dir", str(indexed.data_dir), "ask", "Phụ cấp ăn trưa bao nhiêu?"])
    out = capsys.readouterr()
    assert rc == 1, out.out
    assert path.name in out.err and "quyche doctor --repair" in out.err and "Traceback" not in out.err
    with pytest.raises(IndexDamagedError):
        IndexStore(indexed.index_dir).verify(indexed)
    assert any(line.startswith("index:") for line in repair(indexed))
    IndexStore(indexed.index_dir).verify(indexed)
    rc = main(["--data-dir", str(indexed.data_dir), "ask", "Phụ cấp ăn trưa bao nhiêu?", "--json"])
    answer = json.loads(capsys.readouterr().out)
    assert rc == 0 and "30.000" in answer["answer"]


def test_doctor_removes_builds_left_by_a_crash(indexed, capsys):
    orphan = indexed.data_dir / "builds" / "20000101-000000-1-000001"
    (orphan / "trees").mkdir(parents=True)
    assert main(["--data-dir", str(indexed.data_dir), "doctor"]) == 1
    assert "DAMAGED builds" in capsys.readouterr().out
    assert main(["--data-dir", str(indexed.data_dir), "doctor", "--repair"]) == 0
    assert not orphan.exists() and "removed 20000101" in capsys.readouterr().out


def _break_link(settings, how: str) -> None:
    link = settings.index_dir
    build = link.resolve()
    if how == "manifest deleted":
        (build / "manifest.json").unlink()
    elif how == "link deleted":
        link.unlink()
    elif how == "link dangling":
        shutil.rmtree(build)
    else:  # the link points outside the builds
        link.unlink()
        link.symlink_to("/etc")


@pytest.mark.parametrize("how", ["manifest deleted", "link deleted", "link dangling", "link outside"])
def test_a_broken_index_link_is_damage_not_a_missing_index(indexed, capsys, monkeypatch, how):
    _break_link(indexed, how)
    monkeypatch.setenv("QUYCHE_LLM_PROVIDER", "offline")
    monkeypatch.setenv("QUYCHE_VECTORS", "false")
    rc = main(["--data-dir", str(indexed.data_dir), "ask", "Phụ cấp ăn trưa bao nhiêu?"])
    err = capsys.readouterr().err
    assert rc == 1 and "quyche doctor --repair" in err and "Traceback" not in err
    assert not diagnose(indexed)[0].ok
    assert any(line.startswith("index:") for line in repair(indexed))
    assert _published(indexed) == ["phu_cap", "quy_dinh_mau"]


def test_a_new_data_dir_is_a_missing_index_not_damage(make_settings, capsys, monkeypatch):
    settings = make_settings(data_dir=make_settings().data_dir.parent / "fresh")
    monkeypatch.setenv("QUYCHE_LLM_PROVIDER", "offline")
    rc = main(["--data-dir", str(settings.data_dir), "ask", "Phụ cấp ăn trưa bao nhiêu?"])
    err = capsys.readouterr().err
    assert rc != 0 and "quyche index" in err and "doctor" not in err
    assert all(f.ok for f in diagnose(settings))
