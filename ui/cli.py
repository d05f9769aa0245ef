"""``quyche``: the command line. Thin: parses arguments, calls the packages, prints, sets exit codes.

Exit codes: 0 ok, 1 failure (one line on stderr saying why), 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

from indexes.errors import QuycheError
from indexes.settings import Settings


def _settings(args: argparse.Namespace) -> Settings:
    overrides = {}
    if getattr(args, "data_dir", None):
        overrides["data_dir"] = Path(args.data_dir)
    return Settings(**overrides)


def cmd_index(args: argparse.Namespace) -> int:
    from indexes.build import build_index

    settings = _settings(args)
    corpus = Path(args.corpus) if args.corpus else settings.corpus_dir
    report = build_index(settings, corpus, show_progress=sys.stderr.isatty())
    for skipped in report.skipped:
        print(f"skipped {skipped.path}: {skipped.reason}", file=sys.stderr)
    for warning in report.warnings:
        print(f"warning {warning}", file=sys.stderr)
    print(report.summary_line())
    return 0


def cmd_ask(args: argparse.Namespace) -> int:
    from agent.extractive import answer_from_tree
    from indexes.store import IndexStore

    settings = _settings(args)
    question = " ".join(args.question).strip()
    if not question:
        print("error: the question is empty", file=sys.stderr)
        return 2
    answer = answer_from_tree(IndexStore(settings.index_dir), question, settings.answer_min_score)
    if args.json:
        print(json.dumps(answer.model_dump(), ensure_ascii=False, indent=2))
        return 0
    print(answer.answer)
    for i, c in enumerate(answer.citations, 1):
        print(f"  [{i}] {c.doc_id} › {c.title} (dòng {c.line_start}–{c.line_end}, {c.node_id})")
    return 0


def cmd_tree(args: argparse.Namespace) -> int:
    from indexes.store import IndexStore

    store = IndexStore(_settings(args).index_dir)
    if not args.doc_id:
        for doc in store.documents.values():
            print(f"{doc.doc_id}  {doc.title}  ({doc.node_count} nodes)")
        return 0
    for node in store.tree(args.doc_id).walk():
        indent = "  " * node.level
        print(f"{indent}{node.node_id}  {node.title}  [{node.line_start}-{node.line_end}]")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="quyche", description="Answers questions about company regulations."
    )
    parser.add_argument("--data-dir", help="where indexes live (default .quyche, env QUYCHE_DATA_DIR)")
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress to stderr")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("index", help="index the corpus (tree and search indexes)")
    p.add_argument("--corpus", help="folder of markdown documents (default corpus/)")
    p.set_defaults(func=cmd_index)

    p = sub.add_parser("ask", help="ask a question, get an answer with citations")
    p.add_argument("question", nargs="+")
    p.add_argument("--json", action="store_true", help="print the structured answer as JSON")
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser("tree", help="print a document's heading tree with node ids (no id: list documents)")
    p.add_argument("doc_id", nargs="?")
    p.set_defaults(func=cmd_tree)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="%(message)s")
    try:
        return args.func(args)
    except QuycheError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
