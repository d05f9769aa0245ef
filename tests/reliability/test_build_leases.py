"""Old builds are kept while a reader uses them and collected afterwards; folders left by a crashed build and
Chroma's leftover segment folders are collected; the published build is never removed."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import time
import uuid

import pytest

from indexes.pipeline.garbage import collect
from indexes.pipeline.ingest import index_folder, ingest
from indexes.pipeline.repair import diagnose, repair
from indexes.sources.documents import Document
from indexes.store.leases import is_leased
from indexes.store.published_index import IndexStore
from tests.conftest import REPO
from tools.context import SharedIndexes, ToolContext
from tools.search_tools import search

QUESTION = "buổi sáng làm việc từ mấy giờ"


def _doc(doc_id: str, text: str) -> Document:
    return Document(
        doc_id=doc_id,
        title=doc_id,
        path=f"{doc_id}.md",
        text=f"# {doc_id}\n\n{text}\n",
        body_start_line=1,
        content_hash=doc_id + text,
    )


def _builds(settings) -> list[str]:
    return sorted(p.name for p in (settings.data_dir / "builds").iterdir())


def _answers(ctx: ToolContext) -> list[str]:
    return [h.node_id for h in search(ctx, QUESTION, k=3, mode="keyword").hits]


def test_a_reader_keeps_its_build_through_a_publish_and_it_is_collected_after(make_settings, fixture_corpus):
    settings = make_settings(corpus_dir=fixture_corpus)
    old = index_folder(settings).build_id
    reader = ToolContext(settings, indexes=SharedIndexes(settings))
    assert reader.store.build_id == old  # the reader opened the old build; nothing loaded lazily yet
    new = ingest(settings, [_doc("gui_xe", "Nhân viên gửi xe miễn phí.")]).index.build_id
    assert new != old and IndexStore(settings.index_dir).build_id == new
    assert _builds(settings) == sorted([old, new])  # the old build stays while the reader holds it
    hits = _answers(reader)  # chunks, BM25, trees load now, from the old build
    assert hits and hits[0].startswith("quy_dinh_mau:")
    assert "gui_xe" not in reader.store.documents  # a snapshot: the request sees one build throughout
    assert diagnose(settings)[3].ok and "1 earlier builds kept" in diagnose(settings)[3].message
    del reader, hits
    gc.collect()
    assert f"builds: removed {old}" in repair(settings)
    assert _builds(settings) == [new]
    assert _answers(ToolContext(settings)), "the published build still answers"


def test_a_server_gives_up_a_replaced_build_once_no_request_reads_it(make_settings, fixture_corpus):
    from tools.retrieval_service import retrieval_service

    settings = make_settings(corpus_dir=fixture_corpus)
    old = index_folder(settings).build_id
    shared = SharedIndexes(settings)  # a server's: one per process, requests come and go
    gc.disable()  # as in a long-running server, where a full collection may not come for a long time
    try:
        for mode in ("bm25", "tree_lexical"):  # a loaded build holds reference cycles (the tree retriever's)
            assert retrieval_service(ToolContext(settings, indexes=shared)).retrieve(QUESTION, mode, 3).hits
        ingest(settings, [_doc("gui_xe", "Gửi xe miễn phí.")])
        assert is_leased(settings.data_dir / "builds" / old)  # the server has not asked since
        assert _answers(ToolContext(settings, indexes=shared))  # the next request loads the new build
        assert not is_leased(settings.data_dir / "builds" / old)
    finally:
        gc.enable()
    assert collect(settings).builds == [old]


def test_a_reader_in_another_process_holds_its_build(make_settings, fixture_corpus):
    settings = make_settings(corpus_dir=fixture_corpus)
    old = index_folder(settings).build_id
    code = (
        "import sys; from pathlib import Path; from indexes.store.published_index import IndexStore;"
        "s = IndexStore(Path(sys.argv[1])); print(s.build_id, flush=True); sys.stdin.read();"
        "print(len(s.tree('quy_dinh_mau').children), flush=True)"
    )
    reader = subprocess.Popen(
        [sys.executable, "-c", code, str(settings.index_dir)],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert reader.stdout.readline().strip() == old
        new = ingest(settings, [_doc("gui_xe", "Gửi xe miễn phí.")]).index.build_id
        assert _builds(settings) == sorted([old, new]) and is_leased(settings.data_dir / "builds" / old)
        out, _ = reader.communicate("", timeout=60)  # the reader still reads its build's files
        assert reader.returncode == 0 and int(out) > 0
    finally:
        reader.kill()
    assert collect(settings).builds == [old] and _builds(settings) == [new]


def test_the_published_build_is_never_collected(make_settings, fixture_corpus):
    settings = make_settings(corpus_dir=fixture_corpus)
    current = index_folder(settings).build_id
    assert collect(settings).builds == [] and _builds(settings) == [current]
    (settings.data_dir / "index").unlink()  # no published build known: nothing is removed
    orphan = settings.data_dir / "builds" / "20000101-000000-1-000001"
    orphan.mkdir()
    assert collect(settings).builds == [] and orphan.is_dir()


def test_a_build_folder_left_by_a_crash_is_removed_by_the_next_publish(make_settings, fixture_corpus):
    settings = make_settings(corpus_dir=fixture_corpus)
    first = index_folder(settings).build_id
    orphan = settings.data_dir / "builds" / "20000101-000000-1-000001"
    (orphan / "chunks").mkdir(parents=True)  # what a crashed build leaves: no manifest, no lease file
    (orphan / "chunks" / "x.json").write_text("[", encoding="utf-8")
    trash = settings.data_dir / "builds" / ".trash-20000101-000000-2-000002"  # a collection cut short
    trash.mkdir()
    second = ingest(settings, [_doc("gui_xe", "Gửi xe miễn phí.")]).index.build_id
    assert _builds(settings) == [second], f"left: {_builds(settings)} (first was {first})"


@pytest.mark.slow
def test_a_build_killed_mid_way_leaves_a_folder_doctor_removes(make_settings, fixture_corpus):
    settings = make_settings(corpus_dir=fixture_corpus)
    published = index_folder(settings).build_id
    big = fixture_corpus / "lon.md"
    para = "Nhân viên được nghỉ 12 ngày phép mỗi năm. Khi kết hôn được nghỉ 03 ngày hưởng nguyên lương. "
    big.write_text("# Lớn\n\n" + "\n\n".join(f"## Mục {i}\n\n{para * 6}" for i in range(1500)), "utf-8")
    env = {**os.environ, "QUYCHE_DATA_DIR": str(settings.data_dir), "QUYCHE_VECTORS": "false"}
    env["QUYCHE_LLM_PROVIDER"] = "offline"
    proc = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "ingest", str(big)], cwd=REPO, env=env, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 120
    while len(_builds(settings)) < 2:  # the build folder exists: the build is under way
        assert proc.poll() is None and time.monotonic() < deadline, "the ingest ended before it was killed"
        time.sleep(0.02)
    time.sleep(0.5)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert len(_builds(settings)) == 2
    assert IndexStore(settings.index_dir).build_id == published  # the crash left the published build alone
    assert not diagnose(settings)[3].ok
    assert any(line.startswith("builds: removed") for line in repair(settings))
    assert _builds(settings) == [published] and all(f.ok for f in diagnose(settings))


def _segment_dirs(settings) -> list[str]:
    root = settings.data_dir / "chroma"
    return sorted(p.name for p in root.iterdir() if p.is_dir())


def _collections(settings) -> list[str]:
    from indexes.search.vector_store import open_client

    return sorted(c if isinstance(c, str) else c.name for c in open_client(settings).list_collections())


@pytest.mark.slow
def test_vectors_of_a_held_build_stay_and_chroma_leftovers_go(make_settings, fixture_corpus):
    settings = make_settings(corpus_dir=fixture_corpus, vectors=True)
    old = index_folder(settings).build_id
    reader = ToolContext(settings)
    assert search(reader, QUESTION, k=2, mode="vector").hits
    new = ingest(settings, [_doc("gui_xe", "Nhân viên gửi xe miễn phí.")]).index.build_id
    assert _collections(settings) == sorted([f"quyche-{old}", f"quyche-{new}"])
    hits = search(reader, QUESTION, k=2, mode="vector").hits  # the old collection still answers
    assert hits and all(h.doc_id == "quy_dinh_mau" for h in hits)
    del reader, hits
    gc.collect()
    stray = settings.data_dir / "chroma" / str(uuid.uuid4())  # like the folder a dropped collection leaves
    (stray / "sub").mkdir(parents=True)
    (settings.data_dir / "chroma" / "not-a-segment").mkdir()  # not named like a segment: left alone
    assert not diagnose(settings)[4].ok and "1 vector segment folders" in diagnose(settings)[4].message
    done = repair(settings)
    assert f"builds: removed {old}" in done and f"vectors: dropped collection quyche-{old}" in done
    assert _collections(settings) == [f"quyche-{new}"]
    assert len(_segment_dirs(settings)) == 2 and "not-a-segment" in _segment_dirs(settings)
    assert all(f.ok for f in diagnose(settings)), diagnose(settings)
    assert search(ToolContext(settings), QUESTION, k=2, mode="vector").hits
