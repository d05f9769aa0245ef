"""``quyche``: the command line. Thin: parses arguments, calls the packages, prints, sets exit codes.

Exit codes: 0 ok, 1 failure (one line on stderr saying why), 2 usage error. Commands import the packages they
need inside their function, so ``quyche --help`` and the cheap commands never pay for torch, Chroma or LangGraph.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import sqlite3
import sys
from pathlib import Path

from indexes.errors import QuycheError
from indexes.settings import Settings
from ui import cli_doctor, cli_documents
from ui.cli_settings import settings_from_args


def verified(settings):
    """``settings`` after checking the published index's files (hashes, vectors): damage is a clear error.
    No index yet is left to the command (a server may start empty and receive documents)."""
    from indexes.errors import IndexMissingError
    from indexes.store.published_index import IndexStore

    with contextlib.suppress(IndexMissingError):
        IndexStore(settings.index_dir).verify(settings, deep=True)
    return settings


def cmd_index(args: argparse.Namespace) -> int:
    from indexes.pipeline.ingest import index_folder

    settings = settings_from_args(args)
    corpus = Path(args.corpus) if args.corpus else settings.corpus_dir
    report = index_folder(settings, corpus, show_progress=sys.stderr.isatty())
    for skipped in report.skipped:
        print(f"skipped {skipped.path}: {skipped.reason}", file=sys.stderr)
    for warning in report.warnings:
        print(f"warning {warning}", file=sys.stderr)
    print(report.summary_line())
    return 0


def _print_answer(answer, as_json: bool) -> None:
    if as_json:
        print(json.dumps(answer.model_dump(mode="json"), ensure_ascii=False, indent=2))
        return
    print(answer.answer)
    for i, c in enumerate(answer.citations, 1):
        print(f"  [{i}] {c.doc_id} › {c.title} (dòng {c.line_start}–{c.line_end}, {c.node_id})")
        if c.url:
            print(f"      {c.url}")
    if answer.ungrounded_numbers:
        print(f"  ! số liệu chưa được trích dẫn: {', '.join(answer.ungrounded_numbers)}")


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


def cmd_mcp(args: argparse.Namespace) -> int:
    from agent.assistant import Assistant
    from ui.mcp_server import build_server, check_bind, http_middleware

    settings = verified(settings_from_args(args))
    assistant = Assistant(settings)
    try:  # load the index and the query model now, not in the first caller's request
        assistant.indexes.warm()
    except QuycheError as exc:
        print(f"warning: {exc}", file=sys.stderr)
    server = build_server(settings, assistant)
    if args.transport == "stdio":
        server.run(transport="stdio", show_banner=False)
        return 0
    host = args.host or settings.mcp_host
    check_bind(host, settings)
    server.run(
        transport="http",
        host=host,
        port=args.port or settings.mcp_port,
        show_banner=False,
        middleware=http_middleware(settings),
    )
    return 0


def cmd_ui(args: argparse.Namespace) -> int:
    import subprocess
    from pathlib import Path as _Path

    app = _Path(__file__).with_name("streamlit_app.py")
    command = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(app),
        "--server.address",
        args.host,
        "--server.port",
        str(args.port),
        "--server.headless",
        "true",
        "--browser.gatherUsageStats",
        "false",
    ]
    return subprocess.call(command)


def cmd_eval(args: argparse.Namespace) -> int:
    import datetime as dt

    from evals.harness import STRATEGIES, run_eval
    from evals.report import save, to_markdown

    settings = settings_from_args(args)
    if args.mode:
        settings = settings.model_copy(update={"llm_provider": args.mode})
    if args.tenant:
        settings = settings.model_copy(update={"tenant": args.tenant})
    if args.set == "real-law":
        return _eval_real_law(args, settings)
    strategies = tuple(args.strategies.split(",")) if args.strategies else STRATEGIES
    unknown = set(strategies) - set(STRATEGIES)
    if unknown:
        print(
            f"error: unknown strategies {sorted(unknown)}; choose from {', '.join(STRATEGIES)}",
            file=sys.stderr,
        )
        return 2
    today = dt.date.fromisoformat(args.today) if args.today else None
    items = None
    if args.set == "heldout":  # the held-out company: its own corpus and data dir, indexed incrementally
        from evals.answer_quality import heldout_settings, load_heldout
        from indexes.pipeline.ingest import index_folder

        settings, items = heldout_settings(settings), load_heldout()
        index_folder(settings, settings.corpus_dir, show_progress=False)
    result = run_eval(settings, strategies, today=today, items=items)
    result.meta["set"] = args.set
    print(to_markdown(result))
    if not args.no_save:
        md, js = save(result, Path(args.out) if args.out else settings.data_dir / "reports")
        print(f"saved {md} and {js}", file=sys.stderr)
    return 0


def _eval_real_law(args: argparse.Namespace, settings) -> int:
    from evals.real_law_eval import STRATEGIES, run_real_law, to_markdown

    strategies = tuple(args.strategies.split(",")) if args.strategies else STRATEGIES
    unknown = set(strategies) - set(STRATEGIES)
    if unknown:
        print(
            f"error: unknown strategies {sorted(unknown)}; choose from {', '.join(STRATEGIES)}",
            file=sys.stderr,
        )
        return 2
    print(to_markdown(run_real_law(settings, strategies, fold=args.fold)))
    return 0


def cmd_tree(args: argparse.Namespace) -> int:
    from indexes.store.published_index import IndexStore

    store = IndexStore(settings_from_args(args).index_dir)
    if not args.doc_id:
        for doc in store.documents.values():
            print(f"{doc.doc_id}  {doc.title}  ({doc.node_count} nodes)")
        return 0
    for node in store.tree(args.doc_id).walk():
        indent = "  " * node.level
        print(f"{indent}{node.node_id}  {node.title}  [{node.line_start}-{node.line_end}]")
    return 0


def cmd_tools(args: argparse.Namespace) -> int:
    from tools.registry import ALL

    for spec in ALL:
        first_line = spec.description.split("\n")[0]
        print(f"{spec.tool_name:16} {first_line}")
        if args.schema:
            print(json.dumps(spec.json_schema(), ensure_ascii=False, indent=2))
    return 0


def cmd_models(args: argparse.Namespace) -> int:
    from indexes.models import describe

    for choice in describe(settings_from_args(args)):
        print(f"{choice.role:15} {choice.kind:9} {choice.name}")
    return 0


def cmd_tool(args: argparse.Namespace) -> int:
    from tools.context import ToolContext
    from tools.registry import BY_NAME, run_tool

    if args.name not in BY_NAME:
        print(f"error: unknown tool {args.name!r}; tools: {', '.join(BY_NAME)}", file=sys.stderr)
        return 2
    settings = verified(settings_from_args(args))
    run = run_tool(ToolContext(settings, tenant=args.tenant or settings.tenant), args.name, args.args)
    print(json.dumps(run.result_json(), ensure_ascii=False, indent=2))
    return 1 if run.error else 0


def _top_k(value: str) -> int:
    most = Settings.model_fields["max_top_k"].default  # the CLI's own limit; requests may set another
    if not value.isdigit() or not 1 <= int(value) <= most:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to {most}, not {value!r}")
    return int(value)


class _DefaultsFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Shows a default unless it is empty (None, False) or the help already names it."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default in (None, False) or "default" in (action.help or ""):
            return action.help
        return super()._get_help_string(action)


class _Parser(argparse.ArgumentParser):
    """Every (sub)command's ``--help`` shows the defaults."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", _DefaultsFormatter)
        super().__init__(*args, **kwargs)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="quyche", description="Answers questions about company regulations.")
    parser.add_argument("--data-dir", help="where indexes live (default .quyche, env QUYCHE_DATA_DIR)")
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress to stderr")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("index", help="index the corpus (tree and search indexes)")
    p.add_argument("--corpus", help="folder of markdown and RST documents (default corpus/)")
    p.set_defaults(func=cmd_index)

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

    p = sub.add_parser("tools", help="list the agent's tools")
    p.add_argument("--schema", action="store_true", help="print each tool's JSON schema")
    p.set_defaults(func=cmd_tools)

    p = sub.add_parser("models", help="which model plays each role (planner, tree chooser, rule extractor)")
    p.set_defaults(func=cmd_models)

    p = sub.add_parser("tool", help="run one tool with JSON arguments and print its JSON result")
    p.add_argument("name")
    p.add_argument("--args", default="{}", help="JSON object of arguments")
    p.add_argument("--tenant", help="tenant whose documents the tool may see (default: settings)")
    p.set_defaults(func=cmd_tool)

    p = sub.add_parser("mcp", help="serve the tools over MCP (stdio for desktop assistants, or HTTP)")
    p.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    p.add_argument("--host", help="HTTP bind address (default 127.0.0.1; others need QUYCHE_MCP_TOKEN)")
    p.add_argument("--port", type=int, help="HTTP port (default 8765)")
    p.set_defaults(func=cmd_mcp)

    p = sub.add_parser("ui", help="start the Streamlit chat")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8501)
    p.set_defaults(func=cmd_ui)

    p = sub.add_parser("eval", help="run the golden set: retrieval metrics per strategy and answer metrics")
    p.add_argument("--mode", choices=["offline", "gemini"], help="model for the agent (default: settings)")
    p.add_argument(
        "--strategies", help="comma-separated: tree,tree_lexical,bm25,vector,hybrid,agent (default all)"
    )
    p.add_argument("--today", help="fixed 'today' (YYYY-MM-DD) for reproducible date answers")
    p.add_argument("--no-save", action="store_true", help="print the report only, write no files")
    p.add_argument("--out", help="folder for the report files (default: <data dir>/reports)")
    p.add_argument("--tenant", help="answer as this tenant (its documents plus global)")
    p.add_argument(
        "--set",
        choices=["golden", "heldout", "real-law"],
        default="golden",
        help="golden: the bundled corpus; heldout: the held-out company (its own corpus and data dir); "
        "real-law: retrieval over four real laws (evals/real_law, own data dir)",
    )
    p.add_argument(
        "--fold", choices=["dev", "test", "all"], default="dev", help="real-law fold (default dev)"
    )
    p.set_defaults(func=cmd_eval)

    cli_documents.register(sub)
    cli_doctor.register(sub)

    p = sub.add_parser("tree", help="print a document's heading tree with node ids (no id: list documents)")
    p.add_argument("doc_id", nargs="?")
    p.set_defaults(func=cmd_tree)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="%(message)s")
    if getattr(args, "tenant", None) is not None and not args.tenant.strip():
        print(
            "error: --tenant is empty; give a tenant, or leave the option out for the default",
            file=sys.stderr,
        )
        return 2
    try:
        return args.func(args)
    except QuycheError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except sqlite3.DatabaseError as exc:
        print(f"error: a database under the data dir is damaged ({exc}); run: quyche doctor", file=sys.stderr)
        return 1
    except RecursionError:
        print("error: the input is nested too deeply", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
