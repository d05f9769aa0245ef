"""The live index on disk: a build folder per index run, published by swapping a symlink atomically.

    <data_dir>/builds/<build_id>/manifest.json      documents, hashes, counts
    <data_dir>/builds/<build_id>/trees/<doc>.json   one heading tree per document
    <data_dir>/builds/<build_id>/.lease             readers hold a shared lock on it (``leases.py``)
    <data_dir>/index -> builds/<build_id>           the published build

A crash while building leaves the previous build published and untouched. Publishing removes nothing: earlier
builds are collected once no reader holds them (``indexes/pipeline/garbage.py``).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from indexes.errors import IndexDamagedError, IndexMissingError, UnknownDocumentError
from indexes.settings import Settings
from indexes.sources.tree_model import TreeNode
from indexes.store.document_store import STORE_FILE, holds_documents
from indexes.store.integrity import check_files, check_vectors
from indexes.store.leases import BuildLease, create_lease_file, lease_published

MANIFEST = "manifest.json"
_ATTEMPTS = 20  # looks at the link again after a publish and a collection swapped the build meanwhile: rare
CHECKSUM = "checksum"  # sha256 of the rest of the manifest: its own damage is found like any file's
CHECKSUMMED_FORMAT = 7  # builds of this format on carry a checksum; earlier ones are read without


@dataclass(frozen=True)
class DocEntry:
    doc_id: str
    title: str
    description: str
    path: str
    tenant: str
    content_hash: str
    effective_date: str | None
    source_url: str | None
    node_count: int
    indexed_at: str
    chunk_count: int = 0
    rule_count: int = 0
    date: str | None = None
    format: str = "markdown"
    generated_title: bool = False


def write_json(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp, path)


def new_build_dir(data_dir: Path) -> Path:
    builds = data_dir / "builds"
    builds.mkdir(parents=True, exist_ok=True)
    path = builds / f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{time.monotonic_ns() % 10**6:06d}"
    path.mkdir()
    return path


def publish(build_dir: Path, index_link: Path) -> None:
    """Point ``index_link`` at ``build_dir`` atomically (earlier builds stay until collected)."""
    create_lease_file(build_dir)
    tmp_link = index_link.with_name(f".{index_link.name}.tmp{os.getpid()}")
    if tmp_link.is_symlink() or tmp_link.exists():
        tmp_link.unlink()
    tmp_link.symlink_to(Path("builds") / build_dir.name)
    os.replace(tmp_link, index_link)


def manifest_checksum(manifest: dict) -> str:
    rest = {k: v for k, v in manifest.items() if k != CHECKSUM}
    return hashlib.sha256(json.dumps(rest, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def read_manifest(index_dir: Path) -> dict:
    """The published build's manifest; a missing index or an unreadable manifest is a clear error."""
    path = index_dir / MANIFEST
    if not path.exists():
        raise IndexMissingError(str(index_dir))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise IndexDamagedError(str(path), f"is unreadable ({exc.__class__.__name__})") from None
    if not isinstance(data, dict) or not isinstance(data.get("documents"), list):
        raise IndexDamagedError(str(path), "is not an index manifest")
    checksummed = isinstance(data.get("format"), int) and data["format"] >= CHECKSUMMED_FORMAT
    if (checksummed or CHECKSUM in data) and data.get(CHECKSUM) != manifest_checksum(data):
        raise IndexDamagedError(str(path), "differs from what the build wrote (checksum mismatch)")
    return data


def no_published_index(index_link: Path) -> IndexMissingError | IndexDamagedError:
    """Why ``index_link`` has no manifest: a new data dir (missing), or a broken link or build (damaged: the
    error names it and the repair, which rebuilds the index from the store)."""
    builds = (index_link.parent / "builds").resolve()
    if index_link.is_symlink():
        target = index_link.resolve()
        if target.parent != builds:
            return IndexDamagedError(str(index_link), f"points outside {builds} (to {target})")
        if not target.is_dir():
            return IndexDamagedError(str(index_link), f"points to {target}, which is missing")
        return IndexDamagedError(str(target / MANIFEST), "is missing")
    if index_link.is_dir():
        return IndexDamagedError(str(index_link / MANIFEST), "is missing")
    if holds_documents(index_link.parent / STORE_FILE):
        return IndexDamagedError(str(index_link), "is missing while the document store holds documents")
    return IndexMissingError(str(index_link))


def lease_manifest(index_link: Path) -> tuple[Path, BuildLease]:
    """The published build (resolved through ``index_link`` once), leased, with its manifest there; else the
    reason there is none (``no_published_index``: missing for a new data dir, else damaged).

    A publish and a collection running meanwhile (another process swaps the link and removes the build this
    reader resolved) make the reader look again: a build removed under a reader is never taken for a missing
    manifest, i.e. for damage or for no index."""
    for _ in range(_ATTEMPTS):
        target = index_link.resolve()
        if not (target / MANIFEST).exists():
            if index_link.resolve() != target:  # republished meanwhile
                continue
            raise no_published_index(index_link)
        try:
            build, lease = lease_published(index_link)
        except IndexMissingError:
            continue
        if (build / MANIFEST).exists():
            return build, lease
        lease.release()
    raise no_published_index(index_link)


class IndexStore:
    """Read access to the published index. Cheap to create (the build's file sizes are checked); trees load
    lazily. ``verify(deep=True)`` also checks the files' hashes and the vector store.

    The store leases the build it opened for as long as it lives (``release()`` ends it sooner), so a publish
    meanwhile does not remove it."""

    def __init__(self, index_dir: Path) -> None:
        self.dir, self.lease = lease_manifest(index_dir)
        self.manifest = read_manifest(self.dir)
        check_files(self.dir, self.manifest.get("files", {}), deep=False)
        self._trees: dict[str, TreeNode] = {}
        self._texts: dict[str, str | None] = {}

    def verify(self, settings: Settings, deep: bool = True) -> None:
        """Raise ``IndexDamagedError`` naming the first damaged file (build files, then Chroma's)."""
        check_files(self.dir, self.manifest.get("files", {}), deep)
        if self.manifest.get("vectors"):
            check_vectors(settings, self.dir, deep)

    def release(self) -> None:
        """Give up the lease (the store must not be read afterwards)."""
        self.lease.release()

    @property
    def build_id(self) -> str:
        return self.dir.name

    @cached_property
    def documents(self) -> dict[str, DocEntry]:
        return {d["doc_id"]: DocEntry(**d) for d in self.manifest["documents"]}

    def tree(self, doc_id: str) -> TreeNode:
        if doc_id not in self.documents:
            raise UnknownDocumentError(doc_id, sorted(self.documents))
        if doc_id not in self._trees:
            data = json.loads((self.dir / "trees" / f"{doc_id}.json").read_text(encoding="utf-8"))
            self._trees[doc_id] = TreeNode.from_dict(data["root"])
            self._texts[doc_id] = data.get("text")
        return self._trees[doc_id]

    def source_text(self, doc_id: str) -> str | None:
        """The document's stored text (``Document.text``), which citation spans index; None for a document
        indexed before texts were kept, or one not in the index."""
        if doc_id not in self.documents:
            return None
        self.tree(doc_id)
        return self._texts.get(doc_id)

    @cached_property
    def nodes(self) -> dict[str, TreeNode]:
        """Every node of every document by id."""
        return {n.node_id: n for doc_id in self.documents for n in self.tree(doc_id).walk()}

    def node(self, node_id: str) -> TreeNode | None:
        return self.nodes.get(node_id)
