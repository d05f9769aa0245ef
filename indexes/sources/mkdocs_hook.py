"""A MkDocs hook (loaded by path by ``mkdocs build``; see ``mkdocs_source``): exports each page's markdown as
MkDocs renders it (after Jinja/macros plugins, i.e. at ``on_page_markdown``), with its front matter, plus a
manifest of pages with their URL and the heading anchors of MkDocs' table of contents.

Where to write comes from the config: ``extra.quyche_export_dir``. The page itself is left unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

_pages: dict[str, dict] = {}


def _export_dir(config) -> Path:
    return Path(config["extra"]["quyche_export_dir"])


def on_page_markdown(markdown, page, config, files, **kwargs):
    meta = {k: v for k, v in (page.meta or {}).items() if isinstance(k, str)}
    url = page.canonical_url if config.get("site_url") else None
    if url:
        meta["source_url"] = url
    out = _export_dir(config) / "pages" / page.file.src_uri
    out.parent.mkdir(parents=True, exist_ok=True)
    head = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, default_flow_style=False) if meta else ""
    out.write_text(f"---\n{head}---\n{markdown}" if head else markdown, encoding="utf-8")
    _pages[page.file.src_uri] = {"src_uri": page.file.src_uri, "url": url, "page_url": page.url}
    return markdown


def on_page_content(html, page, config, files, **kwargs):
    anchors: list[dict] = []

    def walk(items) -> None:
        for item in items:
            anchors.append({"level": item.level, "title": item.title, "id": item.id})
            walk(item.children)

    walk(page.toc)
    if page.file.src_uri in _pages:
        _pages[page.file.src_uri]["anchors"] = anchors
    return html


def on_post_build(config, **kwargs):
    manifest = {
        "site_name": config.get("site_name"),
        "pages": sorted(_pages.values(), key=lambda p: p["src_uri"]),
    }
    path = _export_dir(config) / "manifest.json"
    path.write_text(json.dumps(manifest, ensure_ascii=False, indent=1), encoding="utf-8")
