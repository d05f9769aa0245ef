"""Building the indexes: from the documents of the store, into a new build folder, published atomically.

Per document (skipped when its content hash is unchanged: artifacts are copied from the previous build):
heading tree, chunks, extracted rules. Over all documents: vectors in Chroma (embeddings cached by content
hash, so only new text is embedded), BM25, the article map. An unchanged corpus publishes nothing new.
Publishing removes nothing a reader may use: earlier builds are collected once no reader leases them
(``garbage.py``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging
import shutil
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from tqdm import tqdm

from indexes.errors import DocumentError, IndexDamagedError
from indexes.pipeline.garbage import collect
from indexes.rules.extraction import extract_rules
from indexes.search.article_index import build_article_index, write_article_index
from indexes.search.chunk_bm25 import write_bm25
from indexes.search.chunking import Chunk, chunk_document
from indexes.search.glossary import Glossary
from indexes.search.lexicon import LEXICON_FILE
from indexes.settings import Settings
from indexes.sources.document_tree import build_document_tree
from indexes.sources.documents import Document, Skipped
from indexes.sources.tree_model import TreeNode, describe_document
from indexes.store.integrity import check_files, file_digests, record_vectors
from indexes.store.published_index import (
    CHECKSUM,
    MANIFEST,
    manifest_checksum,
    new_build_dir,
    publish,
    read_manifest,
    write_json,
)
from indexes.tokens import TokenCounter

log = logging.getLogger(__name__)
# bump when the on-disk layout changes (5: titled BM25; 6: trees keep the text spans index; 7: manifest checksum;
# 8: English chunks carry the lexicon's Vietnamese terms in BM25; 9: rules read in everyday English too: PTO, trial;
# 10: a lead-in line stays in the chunk of the table it introduces, definition lists are units; 11: an article's
# bold title line is its heading where no heading is an article; 12: also split in two bold runs or followed by a note;
# 13: a document with no heading below its title is cut at its bold-numbered parts, "**Điều 1.** …", "**1. …**";
# 14: English stems read a noun of the act as its verb, "approval" -> "approv"; 16: a part's first line is read for
# rules too; 17: a chunk in English with Vietnamese names in it is English, and carries the Vietnamese terms; 18: the
# article index's bare titles keep an unnumbered title's first letter, "Words we use")
INDEX_FORMAT = 18
PER_DOC_DIRS = ("trees", "chunks", "rules", "documents")  # documents/: copies that can rebuild the store


@dataclass
class IndexReport:
    build_id: str = ""
    documents: int = 0
    nodes: int = 0
    chunks: int = 0
    rules: int = 0
    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    published: bool = False
    seconds: float = 0.0

    def summary_line(self) -> str:
        head = (
            f"{self.documents} documents, {self.nodes} nodes, {self.chunks} chunks, {self.rules} rules"
            f" in {self.seconds:.1f}s"
        )
        changes = (
            f"added {len(self.added)}, changed {len(self.changed)}, unchanged {len(self.unchanged)}, "
            f"removed {len(self.removed)}, skipped {len(self.skipped)}"
        )
        verb = "indexed" if self.published else "nothing changed:"
        return f"{verb} {head} ({changes})"


def _config_key(settings: Settings, glossary_text: str) -> str:  # glossary as canonical JSON
    """Everything besides the documents that changes the built indexes: the shipped lexicon too (its Vietnamese
    terms are indexed with English chunks), so a new lexicon re-indexes documents whose text did not change."""
    lexicon = hashlib.sha1(LEXICON_FILE.read_bytes()).hexdigest()
    parts = [
        INDEX_FORMAT,
        settings.chunk_sizes,
        settings.llm_mode(),
        settings.vectors,
        glossary_text,
        lexicon,
    ]
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:16]


def _previous(index_dir: Path) -> dict:
    """The live build's manifest when its files can be reused; a damaged build is rebuilt, never copied."""
    if not (index_dir / MANIFEST).exists():
        return {}
    try:
        data = read_manifest(index_dir)
        check_files(index_dir, data.get("files", {}), deep=True)
    except IndexDamagedError as exc:
        log.warning("rebuilding everything: %s", exc)
        return {}
    return data if data.get("format") == INDEX_FORMAT else {}


def _index_document(
    doc: Document, build_dir: Path, settings: Settings, counter: TokenCounter, report
) -> dict:
    built = build_document_tree(doc, counter.count)
    root = built.root
    report.warnings += built.warnings
    if not root.children:
        report.warnings.append(f"{doc.path}: no headings; indexed as a single section")
    chunks = chunk_document(doc, root, settings.chunk_sizes)
    if len(chunks) > settings.max_chunks_per_document:
        raise DocumentError(
            doc.path,
            f"cut into {len(chunks):,} chunks, over the limit of {settings.max_chunks_per_document:,} "
            "(QUYCHE_MAX_CHUNKS_PER_DOCUMENT); split it into several documents",
        )
    rules = extract_rules(doc, root, settings)
    tree = {"doc_id": doc.doc_id, "root": root.to_dict(), "text": doc.text}  # text: what citation spans index
    write_json(build_dir / "trees" / f"{doc.doc_id}.json", tree)
    write_json(build_dir / "chunks" / f"{doc.doc_id}.json", [c.to_dict() for c in chunks])
    write_json(build_dir / "rules" / f"{doc.doc_id}.json", [r.to_dict() for r in rules])
    write_json(build_dir / "documents" / f"{doc.doc_id}.json", asdict(doc))
    return {
        "doc_id": doc.doc_id,
        "title": doc.title,
        "description": describe_document(doc, root),
        "path": doc.path,
        "tenant": doc.tenant,
        "content_hash": doc.content_hash,
        "effective_date": doc.effective_date,
        "source_url": doc.source_url,
        "date": doc.date,
        "format": doc.format,
        "generated_title": doc.generated_title,
        "node_count": sum(1 for _ in root.walk()),
        "chunk_count": len(chunks),
        "rule_count": len(rules),
        "indexed_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
    }


def _copy_document(doc_id: str, source: Path, build_dir: Path) -> None:
    for sub in PER_DOC_DIRS:
        (build_dir / sub).mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / sub / f"{doc_id}.json", build_dir / sub / f"{doc_id}.json")


def _load_chunks(build_dir: Path, doc_id: str) -> list[Chunk]:
    data = json.loads((build_dir / "chunks" / f"{doc_id}.json").read_text(encoding="utf-8"))
    return [Chunk(**c) for c in data]


def _load_root(build_dir: Path, doc_id: str) -> TreeNode:
    data = json.loads((build_dir / "trees" / f"{doc_id}.json").read_text(encoding="utf-8"))
    return TreeNode.from_dict(data["root"])


def _build_search_indexes(
    build_dir: Path, entries: list[dict], settings: Settings, glossary, progress
) -> int:
    chunks = [c for e in entries for c in _load_chunks(build_dir, e["doc_id"])]
    write_bm25(build_dir, chunks)
    trees = ((_load_root(build_dir, e["doc_id"]), e["tenant"]) for e in entries)
    write_article_index(build_dir, build_article_index(trees, glossary))
    if settings.vectors:
        from indexes.search.embedder import Embedder
        from indexes.search.vector_store import collection_name, open_client, write_collection

        embedder = Embedder(settings.cache_dir, models_dir=settings.model_cache_dir)
        try:
            vectors = embedder.embed_documents([c.search_text() for c in chunks], show_progress=progress)
        finally:
            embedder.cache.close()
        write_collection(open_client(settings), collection_name(build_dir.name), chunks, vectors)
    return len(chunks)


def glossary_for(settings: Settings, corpus_dir: Path | None) -> Glossary:
    """The glossary of ``corpus_dir`` when given, else the one the live index was built with (else the
    bundled corpus')."""
    if corpus_dir is not None:
        return Glossary.load(corpus_dir)
    data = _previous(settings.index_dir).get("glossary")
    if data is not None:
        return Glossary.from_dict(data)
    return Glossary.load(settings.corpus_dir)


def build_from_documents(
    settings: Settings,
    documents: list[Document],
    glossary: Glossary,
    skipped: list[Skipped] | None = None,
    show_progress: bool = False,
    before_publish: Callable[[], None] | None = None,
    force: bool = False,
    origins: dict[str, str | None] | None = None,
) -> IndexReport:
    """Build every index for ``documents`` into a new build folder and publish it atomically. Documents whose
    content is unchanged since the live build are copied, not re-indexed; nothing changed: nothing published.
    ``force``: index everything afresh and publish (the repair of a damaged index). ``origins`` (doc id ->
    where it came from) is kept in the manifest, so a store rebuilt from the index can still sync folders."""
    started = time.perf_counter()
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    config_key = _config_key(settings, json.dumps(glossary.to_dict(), sort_keys=True, ensure_ascii=False))
    previous = {} if force else _previous(settings.index_dir)
    same_config = previous.get("config_key") == config_key
    old_docs = {d["doc_id"]: d for d in previous.get("documents", [])} if same_config else {}

    report = _classify(documents, old_docs, skipped)
    if previous and same_config and not (report.added or report.changed or report.removed):
        entries = previous["documents"]
        report.build_id = previous["build_id"]
        _count(report, entries)
        report.seconds = time.perf_counter() - started
        return report

    counter = TokenCounter(settings.token_encoding, settings.cache_dir)
    build_dir = new_build_dir(settings.data_dir)
    try:
        entries = []
        for doc in tqdm(documents, desc="documents", unit="doc", disable=not show_progress):
            if doc.doc_id in report.unchanged:
                _copy_document(doc.doc_id, settings.index_dir, build_dir)
                entries.append(old_docs[doc.doc_id])
            else:
                entries.append(_index_document(doc, build_dir, settings, counter, report))
        _build_search_indexes(build_dir, entries, settings, glossary, show_progress)
        report.build_id = build_dir.name
        manifest = {
            "format": INDEX_FORMAT,
            "config_key": config_key,
            "build_id": build_dir.name,
            "vectors": settings.vectors,
            "created_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "documents": entries,
            "glossary": glossary.to_dict(),
            "skipped": [{"path": s.path, "reason": s.reason} for s in report.skipped],
            "origins": origins or {},
            "files": file_digests(build_dir),  # checked when the index is loaded (indexes/store/integrity.py)
        }
        write_json(build_dir / MANIFEST, manifest | {CHECKSUM: manifest_checksum(manifest)})
        if before_publish is not None:  # the document store commits first: the index never runs ahead of it
            before_publish()
    except BaseException:
        shutil.rmtree(build_dir, ignore_errors=True)
        raise
    publish(build_dir, settings.index_dir)
    if settings.vectors:
        from indexes.search.vector_store import collection_name

        record_vectors(settings, build_dir, collection_name(build_dir.name), _chunks(entries))
    collected = collect(settings)  # earlier builds no reader holds, their vectors, crashed builds' folders
    if collected.kept:
        log.info("kept %d earlier builds while readers use them", len(collected.kept))
    report.published = True
    _count(report, entries)
    report.seconds = time.perf_counter() - started
    log.info(report.summary_line())
    return report


def _classify(
    documents: list[Document], old_docs: dict[str, dict], skipped: list[Skipped] | None
) -> IndexReport:
    """Which documents are added, changed, unchanged or removed since the live build."""
    report = IndexReport(skipped=list(skipped or []))
    for doc in documents:
        old = old_docs.get(doc.doc_id)
        bucket = report.added if old is None else report.unchanged
        if old is not None and _fingerprint(old) != _fingerprint(_entry_fields(doc)):
            bucket = report.changed
        bucket.append(doc.doc_id)
    report.removed = sorted(set(old_docs) - {d.doc_id for d in documents})
    return report


def _entry_fields(doc: Document) -> dict:
    return {
        "content_hash": doc.content_hash,
        "title": doc.title,
        "source_url": doc.source_url,
        "tenant": doc.tenant,
    }


def _fingerprint(entry: dict) -> tuple:
    """What makes a document's built artifacts differ (text, title, URL, tenant)."""
    return tuple(entry.get(k) for k in ("content_hash", "title", "source_url", "tenant"))


def _chunks(entries: list[dict]) -> int:
    return sum(e.get("chunk_count", 0) for e in entries)


def _count(report: IndexReport, entries: list[dict]) -> None:
    report.documents = len(entries)
    report.nodes = sum(e["node_count"] for e in entries)
    report.chunks = sum(e.get("chunk_count", 0) for e in entries)
    report.rules = sum(e.get("rule_count", 0) for e in entries)
