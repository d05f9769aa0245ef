"""``quyche doctor [--repair]``: check the data dir (store, index, vectors, conversations, leftovers)."""

from __future__ import annotations

import argparse

from ui.cli_settings import settings_from_args


def cmd_doctor(args: argparse.Namespace) -> int:
    from indexes.pipeline.repair import diagnose, repair

    settings = settings_from_args(args)
    if args.repair:
        for line in repair(settings) or ["nothing to repair"]:
            print(f"repaired {line}")
    findings = diagnose(settings)
    for f in findings:
        print(f"{'ok     ' if f.ok else 'DAMAGED'} {f.part:13} {f.message}")
    if all(f.ok for f in findings):
        return 0
    if not args.repair:
        print("run `quyche doctor --repair` to repair what is marked DAMAGED")
    return 1


def register(sub) -> None:
    p = sub.add_parser("doctor", help="check the document store, index and vectors; --repair puts them right")
    p.add_argument("--repair", action="store_true", help="rebuild what is damaged (holds the ingest lock)")
    p.set_defaults(func=cmd_doctor)
