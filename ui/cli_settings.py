"""The settings of one CLI run: the environment (``QUYCHE_*``, ``.env``) plus the command line's overrides."""

from __future__ import annotations

import argparse
from pathlib import Path

from indexes.settings import Settings


def settings_from_args(args: argparse.Namespace) -> Settings:
    overrides = {}
    if getattr(args, "data_dir", None):
        overrides["data_dir"] = Path(args.data_dir)
    return Settings(**overrides)
