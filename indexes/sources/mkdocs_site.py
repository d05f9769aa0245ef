"""``quyche ingest --mkdocs PROJECT``: documents from a MkDocs site, as MkDocs renders them.

A temporary config (in a temp dir, so the project is never modified) inherits the project's config
(``INHERIT``), adds our export hook (``mkdocs_hook.py``) to the project's own hooks, and builds the site into
the temp dir; the exported pages are then read like a folder. The relative paths of ``docs_dir``, ``hooks`` and
``theme.custom_dir`` are made absolute; other relative paths in plugin options (e.g. a macros ``include_dir``)
would resolve against the temp dir: give those as absolute paths.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import yaml

from indexes.errors import DocumentError
from indexes.sources.folder import CorpusScan, scan_corpus

HOOK = Path(__file__).with_name("mkdocs_hook.py")


def _project_config(config_file: Path) -> dict:
    try:
        from mkdocs.utils.yaml import get_yaml_loader, yaml_load
    except ImportError:
        raise DocumentError(
            str(config_file), "MkDocs is not installed: pip install 'quyche[mkdocs]'"
        ) from None
    with open(config_file, "rb") as handle:
        return yaml_load(handle, get_yaml_loader()) or {}


def _absolute(base: Path, value: str) -> str:
    return str((base / value).resolve())


def temp_config(config_file: Path, export_dir: Path, site_dir: Path) -> dict:
    """The config that inherits the project's and adds the export hook."""
    project = _project_config(config_file)
    base = config_file.parent
    config: dict = {
        "INHERIT": str(config_file.resolve()),
        "docs_dir": _absolute(base, project.get("docs_dir", "docs")),
        "site_dir": str(site_dir),
        "hooks": [_absolute(base, h) for h in project.get("hooks", [])] + [str(HOOK)],
        "extra": {"quyche_export_dir": str(export_dir)},
    }
    theme = project.get("theme")
    if isinstance(theme, dict) and theme.get("custom_dir"):
        config["theme"] = {**theme, "custom_dir": _absolute(base, theme["custom_dir"])}
    return config


def read_mkdocs_site(
    project_dir: Path, config_name: str | None, tenant: str, max_file_bytes: int
) -> tuple[CorpusScan, dict]:
    """Build the site with the export hook; return its pages as documents and the hook's manifest."""
    config_file = (project_dir / (config_name or "mkdocs.yml")).resolve()
    if not config_file.is_file():
        raise DocumentError(str(config_file), "no MkDocs config here (expected mkdocs.yml; use --config)")
    with tempfile.TemporaryDirectory(prefix="quyche-mkdocs-") as tmp:
        export_dir, site_dir = Path(tmp) / "export", Path(tmp) / "site"
        temp = Path(tmp) / "mkdocs.quyche.yml"
        temp.write_text(yaml.safe_dump(temp_config(config_file, export_dir, site_dir)), encoding="utf-8")
        run = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--quiet", "--config-file", str(temp)],
            cwd=config_file.parent,
            capture_output=True,
            text=True,
        )
        if run.returncode != 0:
            last = (run.stderr.strip().splitlines() or ["(no output)"])[-1]
            raise DocumentError(str(config_file), f"mkdocs build failed: {last}")
        manifest = json.loads((export_dir / "manifest.json").read_text(encoding="utf-8"))
        scan = scan_corpus(export_dir / "pages", max_file_bytes, tenant)
    anchors = {p["src_uri"]: [a["id"] for a in p.get("anchors", [])] for p in manifest["pages"]}
    scan.documents = [
        replace(d, meta={**d.meta, "toc_anchors": json.dumps(anchors[d.path])}) if d.path in anchors else d
        for d in scan.documents
    ]
    return scan, manifest
