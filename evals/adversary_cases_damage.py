"""Damage on copies of the data dir: every published file of the build (deleted, truncated, emptied, one byte
flipped), the index link, the builds, the document store (before an ingest, an index, a delete), the conversation
history, Chroma's files; then ``ask`` must fail with the file and the repair (exit 1), never answer falsely with
exit 0; ``doctor`` must name the damage and ``doctor --repair`` must bring back every published document."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

from evals.adversary_lab import ANSWER, QUESTION, Check, Lab, answers, cli, cli_outcome, refusals
from indexes.store.published_index import IndexStore

DOC = "noi_quy_lao_dong"  # the document that answers QUESTION
Damage = Callable[[Path], None]


def truncate(path: Path, keep: float = 0.5) -> None:
    path.write_bytes(path.read_bytes()[: int(path.stat().st_size * keep)])


def flip(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01  # same size: only a hash can tell
    path.write_bytes(bytes(data))


KINDS: dict[str, Damage] = {
    "deleted": lambda p: p.unlink(),
    "truncated": truncate,
    "emptied": lambda p: p.write_bytes(b""),
    "one byte flipped": flip,
}


def build_files(lab: Lab) -> list[str]:
    """The build's files a damage case aims at: every shared file, and each per-document file of DOC."""
    recorded = IndexStore(lab.base / "index").manifest["files"]
    shared = [rel for rel in recorded if rel.split("/")[0] not in ("trees", "chunks", "rules", "documents")]
    per_doc = [f"{sub}/{DOC}.json" for sub in ("trees", "chunks", "rules", "documents")]
    return ["manifest.json", *sorted(shared), *per_doc]


def _ask_after(
    lab: Lab, name: str, damage: Damage, source: Path | None = None, needs: str = "doctor --repair"
) -> str:
    data = lab.copy(name, source)
    damage(data)
    return cli_outcome(*cli(data, "ask", QUESTION), needs=needs)


def file_cases(lab: Lab) -> dict[str, Check]:
    cases = {
        f"ask after {rel} {kind}": (
            lambda r=rel, k=fn: _ask_after(lab, Path(r).name, lambda d: k(d / "index" / r))
        )
        for rel in build_files(lab)
        for kind, fn in KINDS.items()
    }
    cases["ask after the index link deleted"] = lambda: _ask_after(
        lab, "link", lambda d: (d / "index").unlink()
    )
    cases["ask after builds/ deleted"] = lambda: _ask_after(
        lab, "builds", lambda d: shutil.rmtree(d / "builds")
    )
    cases["ask after the index link points outside"] = lambda: _ask_after(lab, "outside", _link_outside)
    return refusals(cases) | answers(
        {"ask after the lease file deleted (harmless)": lambda: _still_answers(lab)}
    )


def _link_outside(data: Path) -> None:
    (data / "index").unlink()
    (data / "index").symlink_to("/etc")


def _still_answers(lab: Lab) -> str:
    data = lab.copy("lease")
    (data / "index" / ".lease").unlink()
    return cli_outcome(*cli(data, "ask", QUESTION), want="ok", needs=ANSWER)


def _store_files(data: Path) -> list[Path]:
    return sorted(data.glob("documents.sqlite*"))


def _lose_rows(data: Path) -> None:
    import sqlite3

    db = sqlite3.connect(data / "documents.sqlite")
    with db:
        for table in ("versions", "documents"):
            db.execute(f"DELETE FROM {table} WHERE doc_id = ?", (DOC,))  # noqa: S608 - a fixed table name
    db.close()


def _swap_in_an_empty_store(data: Path) -> None:
    from indexes.store.document_store import DocumentStore

    for path in _store_files(data):
        path.unlink()
    DocumentStore(data / "documents.sqlite").close()


STORE_DAMAGE: dict[str, Damage] = {
    "deleted": lambda d: [p.unlink() for p in _store_files(d)],
    "emptied": lambda d: [p.write_bytes(b"") for p in _store_files(d)],
    "half-truncated": lambda d: [truncate(p) for p in _store_files(d)],
    "zeroed": lambda d: [p.write_bytes(b"\x00" * 4096) for p in _store_files(d)],
    "header flipped": lambda d: _flip_header(d / "documents.sqlite"),
    "missing a published document": _lose_rows,
    "swapped for an empty store": _swap_in_an_empty_store,
    "replaced by a folder": lambda d: (
        [p.unlink() for p in _store_files(d)],
        (d / "documents.sqlite").mkdir(),
    ),
}


def _flip_header(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[3] ^= 0xFF
    path.write_bytes(bytes(data))


def _published(data: Path) -> int:
    try:
        return len(IndexStore(data / "index").documents)
    except Exception:  # noqa: BLE001 - a damaged index counts as nothing published
        return 0


def _write_after(lab: Lab, name: str, damage: Damage, *argv: str) -> str:
    data = lab.copy(name)
    before = _published(data)
    damage(data)
    tiny = data.with_name(f"{data.name}.md")  # the case's own file: cases sharing a name run at once
    tiny.write_text("# Gửi xe\n\nGửi xe miễn phí 1 lần mỗi ngày.\n", encoding="utf-8")
    rc, out, err = cli(data, *[str(tiny) if a == "{file}" else a for a in argv])
    if _published(data) < before:
        return "data loss"
    return cli_outcome(rc, out, err, needs="doctor --repair")


def store_cases(lab: Lab) -> dict[str, Check]:
    cases = {
        f"ingest after the store {n}": (
            lambda n=n, f=f: _write_after(lab, "store", f, "ingest", "{file}", "--tenant", "beta")
        )
        for n, f in STORE_DAMAGE.items()
    }
    deleted = STORE_DAMAGE["deleted"]
    corpus = str(lab.base.parent / "corpus-copy")
    cases |= {
        "index (folder sync) after the store deleted": lambda: _write_after(
            lab, "idx", deleted, "index", "--corpus", corpus
        ),
        "delete a document after the store deleted": lambda: _write_after(lab, "del", deleted, "delete", DOC),
        "documents list after the store deleted": lambda: _write_after(lab, "list", deleted, "documents"),
        "restore after the store deleted": lambda: _write_after(lab, "restore", deleted, "restore", DOC, "1"),
    }
    return refusals(cases)


def _doctor_finds(lab: Lab, name: str, damage: Damage, needle: str) -> str:
    data = lab.copy(name)
    damage(data)
    rc, out, err = cli(data, "doctor")
    if "Traceback" in err:
        return "traceback/500"
    return "clear error" if rc == 1 and "DAMAGED" in out and needle in out else "silent wrong"


def _repair_restores(lab: Lab, name: str, damage: Damage) -> str:
    data = lab.copy(name)
    before = _published(data)
    damage(data)
    rc, out, err = cli(data, "doctor", "--repair")
    if "Traceback" in err or rc != 0:
        return "traceback/500" if "Traceback" in err else "silent wrong"
    if _published(data) < before:
        return "data loss"
    return cli_outcome(*cli(data, "ask", QUESTION), want="ok", needs=ANSWER)


def doctor_cases(lab: Lab) -> dict[str, Check]:
    damages: dict[str, tuple[Damage, str]] = {
        "the store deleted": (STORE_DAMAGE["deleted"], "documents.sqlite"),
        "the store zeroed": (STORE_DAMAGE["zeroed"], "documents.sqlite"),
        "a chunks file flipped": (lambda d: flip(d / "index" / "chunks" / f"{DOC}.json"), f"{DOC}.json"),
        "the manifest garbage": (lambda d: (d / "index" / "manifest.json").write_text("{"), "manifest.json"),
        "the BM25 vocabulary truncated": (lambda d: truncate(d / "index/bm25/vocab.index.json"), "vocab"),
        "conversations garbage": (
            lambda d: _settled(d / "conversations.sqlite").write_bytes(b"garbage" * 99),
            "conversations",
        ),
        "a crashed build's folder": (lambda d: (d / "builds" / "20000101-000000-1-000001").mkdir(), "builds"),
    }
    found = {
        f"doctor finds {n}": (lambda n=n, f=f, k=k: _doctor_finds(lab, n[:8], f, k))
        for n, (f, k) in damages.items()
    }
    restored = {
        f"doctor --repair after {n}: every document back, right answer": (
            lambda n=n, f=f: _repair_restores(lab, n[:8], f)
        )
        for n, (f, _) in damages.items()
    }
    return refusals(found) | answers(restored)


def conversation_cases(lab: Lab) -> dict[str, Check]:
    path = "conversations.sqlite"
    broken: dict[str, Damage] = {  # on a checkpointed file: pages still in a WAL would mask the damage
        "garbage": lambda d: _settled(d / path).write_bytes(b"garbage" * 99),
        "half-truncated": lambda d: truncate(_settled(d / path)),
        "header flipped": lambda d: _flip_header(_settled(d / path)),
    }
    harmless: dict[str, Damage] = {
        "deleted": lambda d: [p.unlink() for p in d.glob(f"{path}*")],
        "emptied": lambda d: [p.write_bytes(b"") for p in d.glob(f"{path}*")],
    }
    refused = {
        f"ask after {path} {n}": (lambda f=f: _ask_after(lab, "conv", f, needs="quyche doctor"))
        for n, f in broken.items()
    }
    fine = {
        f"ask after {path} {n} (a fresh history)": (lambda f=f: _answers_after(lab, "conv-ok", f))
        for n, f in harmless.items()
    }
    return refusals(refused) | answers(fine)


def _settled(path: Path) -> Path:
    """``path`` (a SQLite file) with its write-ahead log checkpointed and removed."""
    import sqlite3

    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute("PRAGMA journal_mode=DELETE")
    db.close()
    for extra in ("-wal", "-shm"):
        path.with_name(path.name + extra).unlink(missing_ok=True)
    return path


def _answers_after(lab: Lab, name: str, damage: Damage, source: Path | None = None) -> str:
    data = lab.copy(name, source)
    damage(data)
    return cli_outcome(*cli(data, "ask", QUESTION), want="ok", needs=ANSWER)


def vector_cases(lab: Lab) -> dict[str, Check]:
    """Chroma's files, on copies of the vector-indexed data dir."""
    if lab.vectors is None:
        return {}
    source = lab.vectors

    def segment(data: Path, name: str) -> Path:
        record = json.loads((data / "index" / "vectors.json").read_text(encoding="utf-8"))
        rel = next(r for r in record["files"] if r.endswith(name))
        return data / "chroma" / rel

    damages: dict[str, Damage] = {
        "chroma/ deleted": lambda d: shutil.rmtree(d / "chroma"),
        "chroma.sqlite3 deleted": lambda d: (d / "chroma" / "chroma.sqlite3").unlink(),
        "chroma.sqlite3 truncated": lambda d: truncate(d / "chroma" / "chroma.sqlite3", 0.3),
        "chroma.sqlite3 header garbage": lambda d: _flip_header(d / "chroma" / "chroma.sqlite3"),
        "data_level0.bin torn": lambda d: truncate(segment(d, "data_level0.bin")),
        "header.bin deleted": lambda d: segment(d, "header.bin").unlink(),
        "length.bin emptied": lambda d: segment(d, "length.bin").write_bytes(b""),
        "the segment folder deleted": lambda d: shutil.rmtree(segment(d, "header.bin").parent),
        "vectors.json garbage": lambda d: (d / "index" / "vectors.json").write_text("{"),
    }
    refused = {
        f"ask (vectors) after {n}": (lambda n=n, f=f: _ask_after(lab, "vec", f, source))
        for n, f in damages.items()
    }
    control = {
        "ask (vectors) on the intact copy": lambda: _answers_after(lab, "vec-ok", lambda d: None, source)
    }
    return answers(control) | refusals(refused)


def damage_cases(lab: Lab) -> dict[str, Check]:
    return (
        file_cases(lab) | store_cases(lab) | doctor_cases(lab) | conversation_cases(lab) | vector_cases(lab)
    )
