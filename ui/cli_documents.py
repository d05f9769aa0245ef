"""``quyche ingest | versions | restore | delete | documents``: the document store from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from indexes.errors import DocumentError
from indexes.settings import Settings
from indexes.sources.documents import Document, Skipped
from ui.cli_settings import settings_from_args

JSON_SUFFIXES = (".json", ".jsonl", ".ndjson")


def _read_source(
    args: argparse.Namespace, settings: Settings, tenant: str
) -> tuple[list[Document], list[Skipped], str]:
    """The documents of the source named on the command line, the bad ones, and the source's origin label."""
    from indexes.sources.combined_json import json_documents, load_json_payload, split_combined
    from indexes.sources.folder import parse_document, scan_corpus

    limit = settings.max_file_bytes
    if args.mkdocs:
        from indexes.sources.mkdocs_site import read_mkdocs_site

        project = Path(args.mkdocs)
        scan, _manifest = read_mkdocs_site(project, args.config, tenant, limit)
        return scan.documents, scan.skipped, f"mkdocs:{tenant}:{project.resolve()}"
    if not args.path:
        raise DocumentError("(none)", "say what to ingest: a folder, a file, or --mkdocs PROJECT")
    path = Path(args.path)
    if path.is_dir():
        scan = scan_corpus(path, limit, tenant)
        return scan.documents, scan.skipped, f"folder:{tenant}:{path.resolve()}"
    if not path.is_file():
        raise FileNotFoundError(f"no such file or folder: {path}")
    raw = path.read_bytes()
    if path.suffix.lower() in JSON_SUFFIXES:
        if len(raw) > limit * 100:
            raise DocumentError(path.name, f"file too large ({len(raw):,} bytes)")
        docs, skipped = json_documents(load_json_payload(raw, path.name), path.name, tenant, limit)
        return docs, skipped, f"json:{tenant}:{path.resolve()}"
    if args.combined:
        docs, skipped = split_combined(path.name, raw, tenant, limit)
        return docs, skipped, f"combined:{tenant}:{path.resolve()}"
    if len(raw) > limit:
        raise DocumentError(path.name, f"file too large ({len(raw):,} bytes > {limit:,})")
    return [parse_document(path.name, raw, tenant)], [], f"file:{tenant}:{path.resolve()}"


def cmd_ingest(args: argparse.Namespace) -> int:
    from indexes.pipeline.ingest import check_tenant, ingest

    settings = settings_from_args(args)
    tenant = check_tenant(args.tenant or settings.tenant)
    docs, skipped, origin = _read_source(args, settings, tenant)
    report = ingest(
        settings,
        docs,
        replace_policy=args.replace,
        skipped=skipped,
        origin=origin,
        sync=args.sync,
        show_progress=sys.stderr.isatty(),
    )
    if args.json:
        print(json.dumps([r.model_dump(mode="json") for r in report.results], ensure_ascii=False, indent=2))
    else:
        for r in report.results:
            what = r.document_id or r.source or "?"
            extra = f" (replaced {r.replaced_document})" if r.replaced_document else ""
            note = f": {r.message}" if r.message else ""
            print(f"{r.status:18} {what}  {r.title or ''}{extra}{note}")
        print(report.summary_line(), file=sys.stderr)
    return 1 if any(r.status == "error" for r in report.results) else 0


def cmd_documents(args: argparse.Namespace) -> int:
    from indexes.pipeline.ingest import open_store

    store = open_store(settings_from_args(args))
    try:
        for v in store.current_documents(args.tenant):
            print(f"{v.doc_id}  [{v.tenant}] v{v.version}  {v.title}  ({v.date})")
    finally:
        store.close()
    return 0


def cmd_versions(args: argparse.Namespace) -> int:
    from indexes.pipeline.ingest import open_store

    store = open_store(settings_from_args(args))
    try:
        versions = store.versions(args.doc_id)
    finally:
        store.close()
    if args.json:
        print(json.dumps([v.summary() for v in versions], ensure_ascii=False, indent=2))
        return 0
    for v in versions:
        mark = "*" if v.current else " "
        print(f"{mark} v{v.version}  {v.date}  {v.content_hash[:12]}  {len(v.text):>8} chars  {v.title}")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    from indexes.pipeline.ingest import change_documents

    report = change_documents(
        settings_from_args(args), lambda store: store.restore(args.doc_id, args.version)
    )
    print(f"restored {args.doc_id} v{args.version}; {report.summary_line()}")
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    from indexes.pipeline.ingest import change_documents

    report = change_documents(settings_from_args(args), lambda store: store.delete(args.doc_id))
    print(f"deleted {args.doc_id} (its versions are kept: quyche restore); {report.summary_line()}")
    return 0


def register(sub) -> None:
    p = sub.add_parser(
        "ingest", help="add documents: a folder, a file, a combined file, JSON, or a MkDocs site"
    )
    p.add_argument("path", nargs="?", help="folder of .md files, one .md file, or .json/.jsonl documents")
    p.add_argument("--combined", action="store_true", help="PATH holds many documents (front matter or '# ')")
    p.add_argument("--mkdocs", metavar="PROJECT_DIR", help="build this MkDocs project and ingest its pages")
    p.add_argument("--config", help="the MkDocs config file in PROJECT_DIR (default mkdocs.yml)")
    p.add_argument(
        "--tenant", help="the company the documents belong to (default: settings; 'global' = shared)"
    )
    p.add_argument(
        "--replace",
        choices=["newer", "always", "never"],
        default="newer",
        help="when a document is already stored: replace it only if the incoming one is dated later (default), "
        "always, or never",
    )
    p.add_argument("--sync", action="store_true", help="delete documents from this source that are gone")
    p.add_argument("--json", action="store_true", help="print one JSON result per document")
    p.set_defaults(func=cmd_ingest)

    p = sub.add_parser("documents", help="list the stored documents (current versions)")
    p.add_argument("--tenant", help="only this tenant's documents")
    p.set_defaults(func=cmd_documents)

    p = sub.add_parser("versions", help="list every stored version of a document")
    p.add_argument("doc_id")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_versions)

    p = sub.add_parser("restore", help="make an earlier version of a document current again (re-indexes it)")
    p.add_argument("doc_id")
    p.add_argument("version", type=int)
    p.set_defaults(func=cmd_restore)

    p = sub.add_parser("delete", help="remove a document from the indexes (its versions are kept)")
    p.add_argument("doc_id")
    p.set_defaults(func=cmd_delete)
