"""``quyche index``: read the corpus, build every index into a new build folder, publish it atomically."""

from __future__ import annotations

import datetime as dt
import json
import logging
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

from tqdm import tqdm

from indexes.documents import Document, Skipped, scan_corpus
from indexes.markdown_tree import build_tree, describe_document
from indexes.settings import Settings
from indexes.store import MANIFEST, new_build_dir, publish, write_json
from indexes.tokens import TokenCounter

log = logging.getLogger(__name__)
INDEX_FORMAT = 1  # bump when the on-disk layout changes: forces a full rebuild


@dataclass
class IndexReport:
    build_id: str = ""
    documents: int = 0
    nodes: int = 0
    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def summary_line(self) -> str:
        return (
            f"indexed {self.documents} documents, {self.nodes} nodes in {self.seconds:.1f}s "
            f"(added {len(self.added)}, changed {len(self.changed)}, unchanged {len(self.unchanged)}, "
            f"removed {len(self.removed)}, skipped {len(self.skipped)})"
        )


def _previous_manifest(index_dir: Path) -> dict:
    path = index_dir / MANIFEST
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if data.get("format") == INDEX_FORMAT else {}


def _index_document(doc: Document, build_dir: Path, counter: TokenCounter, report: IndexReport) -> dict:
    root = build_tree(doc, counter.count)
    if not root.children:
        report.warnings.append(f"{doc.path}: no headings; indexed as a single section")
    nodes = sum(1 for _ in root.walk())
    description = describe_document(doc, root)
    write_json(build_dir / "trees" / f"{doc.doc_id}.json", {"doc_id": doc.doc_id, "root": root.to_dict()})
    return {
        "doc_id": doc.doc_id,
        "title": doc.title,
        "description": description,
        "path": doc.path,
        "tenant": doc.tenant,
        "content_hash": doc.content_hash,
        "effective_date": doc.effective_date,
        "source_url": doc.source_url,
        "node_count": nodes,
        "indexed_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
    }


def build_index(
    settings: Settings, corpus_dir: Path | None = None, show_progress: bool = False
) -> IndexReport:
    """Index ``corpus_dir`` (default: settings.corpus_dir) and publish the result atomically."""
    started = time.perf_counter()
    corpus_dir = corpus_dir or settings.corpus_dir
    if not corpus_dir.is_dir():
        raise FileNotFoundError(f"corpus folder not found: {corpus_dir}")
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    scan = scan_corpus(corpus_dir, settings.max_file_bytes, settings.tenant)
    report = IndexReport(skipped=scan.skipped)
    previous = {d["doc_id"]: d for d in _previous_manifest(settings.index_dir).get("documents", [])}
    counter = TokenCounter(settings.token_encoding, settings.cache_dir)

    build_dir = new_build_dir(settings.data_dir)
    try:
        entries = []
        for doc in tqdm(scan.documents, desc="tree", unit="doc", disable=not show_progress):
            old = previous.get(doc.doc_id)
            if old is None:
                report.added.append(doc.doc_id)
            elif old["content_hash"] == doc.content_hash:
                report.unchanged.append(doc.doc_id)
            else:
                report.changed.append(doc.doc_id)
            entries.append(_index_document(doc, build_dir, counter, report))
        report.removed = sorted(set(previous) - {d.doc_id for d in scan.documents})
        report.documents = len(entries)
        report.nodes = sum(e["node_count"] for e in entries)
        report.build_id = build_dir.name
        manifest = {
            "format": INDEX_FORMAT,
            "build_id": build_dir.name,
            "corpus_dir": str(corpus_dir),
            "created_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "documents": entries,
            "skipped": [{"path": s.path, "reason": s.reason} for s in scan.skipped],
        }
        write_json(build_dir / MANIFEST, manifest)
    except BaseException:
        shutil.rmtree(build_dir, ignore_errors=True)
        raise
    publish(build_dir, settings.index_dir)
    report.seconds = time.perf_counter() - started
    log.info(report.summary_line())
    return report
