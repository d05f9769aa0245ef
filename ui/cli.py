"""``quyche``: the command line. Thin: parses arguments, calls the packages, prints, sets exit codes.

Exit codes: 0 ok, 1 failure (one line on stderr saying why), 2 usage error. Commands import the packages they
need inside their function, so ``quyche --help`` and the cheap commands never pay for torch, Chroma or LangGraph.
"""

from __future__ import annotations

import argparse
import logging
import sqlite3
import sys
from pathlib import Path

from evals.company_sets import COMPANY_SETS
from indexes.errors import QuycheError
from ui import cli_asking, cli_doctor, cli_documents, cli_tools
from ui.cli_settings import settings_from_args, verified


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
    from evals.report import blinded, save, to_markdown

    settings = settings_from_args(args)
    if args.mode:
        settings = settings.model_copy(update={"llm_provider": args.mode})
    if args.tenant:
        settings = settings.model_copy(update={"tenant": args.tenant})
    if args.with_law and (args.set not in COMPANY_SETS or args.tenant):
        print(
            "error: --with-law asks a company set (--set dev-company, ...) as its own tenant; "
            "it takes no --tenant and no real-law or golden set",
            file=sys.stderr,
        )
        return 2
    if args.set == "real-law":
        return _eval_real_law(args, settings)
    strategies = _strategies(args.strategies, STRATEGIES)
    if strategies is None:
        return 2
    today = dt.date.fromisoformat(args.today) if args.today else None
    items = None
    if args.set in COMPANY_SETS:  # a company set: its own corpus and data dir, indexed incrementally
        from evals.company_sets import index_with_law
        from indexes.pipeline.ingest import index_folder

        company = COMPANY_SETS[args.set]
        items = company.load()
        if args.with_law:  # as a tenant, beside national law as global
            settings = company.with_law_settings(settings)
            index_with_law(settings)
        else:
            settings = company.settings(settings)
            index_folder(settings, settings.corpus_dir, show_progress=False)
    result = run_eval(settings, strategies, today=today, items=items)
    result.meta["set"] = f"{args.set}-with-law" if args.with_law else args.set
    if args.set in COMPANY_SETS and COMPANY_SETS[args.set].blind:
        result = blinded(result)
    print(to_markdown(result))
    if not args.no_save:
        md, js = save(result, Path(args.out) if args.out else settings.data_dir / "reports")
        print(f"saved {md} and {js}", file=sys.stderr)
    return 0


def _strategies(asked: str | None, known: tuple[str, ...]) -> tuple[str, ...] | None:
    """The comma-separated strategies asked for (default: all), or None after saying which are unknown."""
    strategies = tuple(asked.split(",")) if asked else known
    unknown = set(strategies) - set(known)
    if unknown:
        print(f"error: unknown strategies {sorted(unknown)}; choose from {', '.join(known)}", file=sys.stderr)
        return None
    return strategies


def _eval_real_law(args: argparse.Namespace, settings) -> int:
    from evals.real_law_eval import STRATEGIES, run_real_law, to_markdown

    strategies = _strategies(args.strategies, STRATEGIES)
    if strategies is None:
        return 2
    print(to_markdown(run_real_law(settings, strategies, fold=args.fold)))
    return 0


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
        choices=["golden", *COMPANY_SETS, "real-law"],
        default="golden",
        help="golden: the bundled corpus; heldout: the held-out company, never tuned on; dev-company: the dev "
        "company, to tune on (each its own corpus and data dir); "
        "real-law: retrieval over four real laws (evals/real_law, own data dir)",
    )
    p.add_argument(
        "--fold", choices=["dev", "test", "all"], default="dev", help="real-law fold (default dev)"
    )
    p.add_argument(
        "--with-law",
        action="store_true",
        help="a company set asked as production serves it: its documents as a tenant, national law (the "
        "real-law texts) as the global scope, in a data dir of their own",
    )
    p.set_defaults(func=cmd_eval)

    cli_asking.register(sub)
    cli_tools.register(sub)
    cli_documents.register(sub)
    cli_doctor.register(sub)

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
