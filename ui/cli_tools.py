"""``quyche tools | tool | models | tree``: the registry's tools, the model registry and the heading trees."""

from __future__ import annotations

import argparse
import json
import sys

from ui.cli_settings import settings_from_args, verified


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


def register(sub) -> None:
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

    p = sub.add_parser("tree", help="print a document's heading tree with node ids (no id: list documents)")
    p.add_argument("doc_id", nargs="?")
    p.set_defaults(func=cmd_tree)
