"""The tree retriever's decision cache: per (query, index build), so a repeated query costs no model call.

    <data_dir>/cache/tree_decisions/<build_id>/<query hash>.json   {step key: decision}

The build id is the index version: re-indexing publishes a new build, whose folder starts empty, and the
folders of other builds are removed on the first write. The query hash also covers the model and the budgets,
since they change the decisions.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
from pathlib import Path

from indexes.store.published_index import write_json

log = logging.getLogger(__name__)
CACHE_FOLDER = "tree_decisions"


def digest(*parts: object) -> str:
    return hashlib.sha256(json.dumps(parts, ensure_ascii=False, default=str).encode("utf-8")).hexdigest()[:24]


class DecisionCache:
    def __init__(self, cache_dir: Path, build_id: str) -> None:
        self.root = cache_dir / CACHE_FOLDER
        self.dir = self.root / build_id

    def _path(self, query_key: str) -> Path:
        return self.dir / f"{query_key}.json"

    def load(self, query_key: str) -> dict[str, object]:
        path = self._path(query_key)
        if not path.exists():
            return {}
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:  # a damaged entry is a miss, not an error
            log.warning("tree cache: ignoring %s (%s)", path, exc)
            return {}
        return data if isinstance(data, dict) else {}

    def save(self, query_key: str, decisions: dict[str, object]) -> None:
        if not self.dir.exists():
            self._drop_other_builds()
        write_json(self._path(query_key), decisions)

    def _drop_other_builds(self) -> None:
        if self.root.exists():
            for old in self.root.iterdir():
                if old.name != self.dir.name:
                    shutil.rmtree(old, ignore_errors=True)
