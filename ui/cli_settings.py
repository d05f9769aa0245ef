"""The settings of one CLI run: the environment (``QUYCHE_*``, ``.env``) plus the command line's overrides."""

from __future__ import annotations

import argparse
import contextlib
from pathlib import Path

from indexes.settings import Settings


def settings_from_args(args: argparse.Namespace) -> Settings:
    overrides = {}
    if getattr(args, "data_dir", None):
        overrides["data_dir"] = Path(args.data_dir)
    return Settings(**overrides)


def verified(settings):
    """``settings`` after checking the published index's files (hashes, vectors): damage is a clear error.
    No index yet is left to the command (a server may start empty and receive documents)."""
    from indexes.errors import IndexMissingError
    from indexes.store.published_index import IndexStore

    with contextlib.suppress(IndexMissingError):
        IndexStore(settings.index_dir).verify(settings, deep=True)
    return settings
