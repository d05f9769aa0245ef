"""``quyche ask | retrieve | chat | trace``: asking questions and reading what the runs did."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from indexes.settings import Settings
from ui.cli_settings import settings_from_args, verified


def _print_answer(answer, as_json: bool) -> None:
    if as_json:
        print(json.dumps(answer.model_dump(mode="json"), ensure_ascii=False, indent=2))
        return
    from agent.language import framing_language

    english = framing_language(answer.answer) == "en"  # the citation lines follow the answer's language
    lines, unquoted = (
        ("lines", "numbers not in any citation") if english else ("dòng", "số liệu chưa được trích dẫn")
    )
    print(answer.answer)
    for i, c in enumerate(answer.citations, 1):
        print(f"  [{i}] {c.doc_id} › {c.title} ({lines} {c.line_start}–{c.line_end}, {c.node_id})")
        if c.url:
            print(f"      {c.url}")
    if answer.ungrounded_numbers:
        print(f"  ! {unquoted}: {', '.join(answer.ungrounded_numbers)}")


def cmd_ask(args: argparse.Namespace) -> int:
    from agent.assistant import Assistant

    question = " ".join(args.question).strip()
    if not question:
        print("error: the question is empty", file=sys.stderr)
        return 2
    settings = verified(settings_from_args(args))
    if len(question) > settings.max_question_chars:
        print(
            f"error: the question is {len(question):,} characters; the limit is {settings.max_question_chars:,}",
            file=sys.stderr,
        )
        return 2
    answer = Assistant(settings).ask(question, thread_id=args.thread, tenant=args.tenant)
    _print_answer(answer, args.json)
    if not args.json:
        print(f"  (thread {answer.thread_id}, run {answer.run_id})", file=sys.stderr)
    return 0


def _print_hits(answer: dict, mode: str, as_json: bool) -> None:
    if as_json:
        print(json.dumps({"mode": mode, **answer}, ensure_ascii=False, indent=2))
        return
    if not answer["hits"]:
        print("(không tìm thấy / no hits)")
    for i, h in enumerate(answer["hits"], 1):
        print(
            f"{i:>2}. {h['score']:<8} {h['doc_id']} › {h['title']} (dòng {h['line_start']}–{h['line_end']}, {h['node_id']})"
        )
    if "tree" in answer:
        t = answer["tree"]
        fallbacks = ", ".join(t["fallback_steps"]) or "none"
        print(
            f"  (tree: {t['llm_calls']} model calls, {t['cached_steps']} cached steps, fallbacks: {fallbacks})"
        )


def cmd_retrieve(args: argparse.Namespace) -> int:
    from tools.context import ToolContext
    from ui.retrieve_api import RetrieveError, run_retrieval

    settings = verified(settings_from_args(args))
    ctx = ToolContext(settings, tenant=args.tenant or settings.tenant)
    query = " ".join(args.query).strip()
    if not args.repl and not query:
        print("error: the query is empty (or use --repl)", file=sys.stderr)
        return 2
    try:
        if not args.repl:
            _print_hits(run_retrieval(ctx, query, args.mode, args.top_k), args.mode, args.json)
            return 0
        print(f"Quy Chế retrieve ({args.mode}, top {args.top_k}). Gõ truy vấn; 'exit' để thoát.")
        return _repl(
            lambda q: _print_hits(run_retrieval(ctx, q, args.mode, args.top_k), args.mode, args.json)
        )
    except RetrieveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def cmd_chat(args: argparse.Namespace) -> int:
    import uuid

    from agent.assistant import Assistant

    assistant = Assistant(verified(settings_from_args(args)))
    thread = args.thread or uuid.uuid4().hex
    print(f"Quy Chế (thread {thread}). Gõ câu hỏi; 'exit' để thoát.")
    return _repl(lambda q: _print_answer(assistant.ask(q, thread_id=thread, tenant=args.tenant), False))


def _repl(handle) -> int:
    """Read lines until EOF or 'exit'; hand each non-empty one to ``handle``."""
    while True:
        try:
            line = input("› ").strip()
        except EOFError:
            return 0
        if line.lower() in ("exit", "quit", "thoat"):
            return 0
        if line:
            handle(line)


def cmd_trace(args: argparse.Namespace) -> int:
    from agent.tracing import format_trace, list_traces

    traces = list_traces(settings_from_args(args).data_dir / "traces")
    if not traces:
        print("no traces yet: ask a question first", file=sys.stderr)
        return 1
    if args.run_id is None:
        for path in traces[-args.last :]:
            print(_trace_line(path))
        return 0
    matches = [p for p in traces if p.stem == args.run_id or (args.run_id == "last" and p == traces[-1])]
    if not matches:
        print(f"error: no trace {args.run_id!r}", file=sys.stderr)
        return 1
    print(format_trace(matches[0]))
    return 0


def _trace_line(path: Path) -> str:
    """``run id  total time  question`` from a trace file's first and last events."""
    lines = path.read_text(encoding="utf-8").splitlines()
    try:
        first, last = json.loads(lines[0]), json.loads(lines[-1])
    except (IndexError, json.JSONDecodeError):
        return f"{path.stem}  (unreadable trace)"
    took = f"{last['total_ms'] / 1000:6.1f} s" if last.get("event") == "run_end" else "   unfinished"
    return f"{path.stem}  {took}  {first.get('question', '')}"


def _top_k(value: str) -> int:
    most = Settings.model_fields["max_top_k"].default  # the CLI's own limit; requests may set another
    if not value.isdigit() or not 1 <= int(value) <= most:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to {most}, not {value!r}")
    return int(value)


def register(sub) -> None:
    p = sub.add_parser("ask", help="ask a question, get an answer with citations")
    p.add_argument("question", nargs="+")
    p.add_argument("--json", action="store_true", help="print the structured answer as JSON")
    p.add_argument("--thread", help="continue a conversation (thread id from an earlier answer)")
    p.add_argument("--tenant", help="company whose rules apply (default: settings; global always included)")
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser("retrieve", help="retrieval only: ranked sections with line ranges, no answer")
    p.add_argument("query", nargs="*")
    p.add_argument(
        "--mode",
        choices=["tree", "vector", "bm25", "hybrid", "tree_lexical"],
        default="hybrid",
        help="tree: a model reasons down the heading trees (offline: the lexical chooser)",
    )
    p.add_argument("--top-k", type=_top_k, default=5, metavar="N", help="hits (1-50)")
    p.add_argument("--json", action="store_true", help="print the hits as JSON")
    p.add_argument("--repl", action="store_true", help="read queries from the terminal, one per line")
    p.add_argument("--tenant", help="tenant whose documents are searched (default: settings)")
    p.set_defaults(func=cmd_retrieve)

    p = sub.add_parser("chat", help="interactive chat (one conversation thread)")
    p.add_argument("--thread", help="thread id to continue")
    p.add_argument("--tenant")
    p.set_defaults(func=cmd_chat)

    p = sub.add_parser("trace", help="list recent runs, or print one run's trace ('last' for the latest)")
    p.add_argument("run_id", nargs="?")
    p.add_argument("--last", type=int, default=20, help="how many runs to list (id, time, question)")
    p.set_defaults(func=cmd_trace)
