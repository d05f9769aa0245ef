"""reStructuredText documents: sections from docutils (the real parser), the same ``TreeNode`` tree as markdown.

docutils gives each section the line of its title's underline; the heading starts one line above (two when the
title is overlined). Node text, line ranges and chunks are then cut from the source lines exactly as for
markdown, so code blocks and directives stay in the text and citations point at the ``.rst`` source.

Sphinx-only roles (``:ref:``, ``:doc:``, ...) and directives (``toctree``, ``versionadded``, ...) are registered
as permissive no-ops so they parse cleanly; anything else docutils complains about (bad indentation, an unknown
directive or role) becomes a warning naming the file and line. Parsing never raises for a bad file.
"""

from __future__ import annotations

import fnmatch
import io
import logging
import os
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers.rst import Directive, directives, roles

from indexes.sources.documents import Document
from indexes.sources.tree_model import Heading, TreeNode, tree_from_headings

log = logging.getLogger(__name__)

SPHINX_ROLES = (
    "ref", "doc", "term", "abbr", "any", "numref", "download", "envvar", "option", "program", "file", "samp",
    "kbd", "guilabel", "menuselection", "keyword", "class", "func", "meth", "method", "attr", "mod", "obj",
    "data", "const", "exc", "py:class", "py:func", "py:meth", "py:attr", "py:mod", "phpclass", "phpmethod",
    "phpfunction",
)  # fmt: skip
SPHINX_DIRECTIVES = (
    "versionadded", "versionchanged", "deprecated", "seealso", "glossary", "index", "only", "centered",
    "hlist", "highlight", "literalinclude", "tabularcolumns", "productionlist", "configuration-block",
    "autoclass", "autofunction", "automodule", "automethod", "autosummary", "currentmodule", "module",
)  # fmt: skip
DOCUTILS_SETTINGS = {
    "report_level": 5,  # nothing on stderr: system messages are collected from the doctree instead
    "halt_level": 5,  # never stop on an error; index as far as docutils can
    "doctitle_xform": False,  # keep the top section a section: the tree code decides what the title is
    "sectsubtitle_xform": False,
    "file_insertion_enabled": False,  # no `.. include::` of other files
    "raw_enabled": False,
    "_disable_config": True,  # no docutils.conf from the working directory
}
_ADORNMENT_RE = re.compile(r"^([!-/:-@\[-`{-~])\1+\s*$")
WARNING_LEVEL = 2  # docutils levels: 1 info, 2 warning, 3 error, 4 severe


class toctree(nodes.General, nodes.Element):  # noqa: N801 (docutils node classes are lower-case)
    """A ``.. toctree::``: its entries (document names relative to the file) in ``["entries"]``."""


def _any_options() -> defaultdict:
    return defaultdict(lambda: directives.unchanged)


class _Toctree(Directive):
    has_content = True
    option_spec = _any_options()

    def run(self):
        entries = []
        for line in self.content:
            entry = line.strip()
            if entry:
                match = re.match(r"^.*<(.+)>$", entry)  # "Title <target>"
                entries.append((match.group(1) if match else entry).strip())
        return [toctree(entries=entries)]


class _Passthrough(Directive):
    """A Sphinx directive outside docutils: parsed and dropped (its source lines stay in the node text)."""

    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = _any_options()

    def run(self):
        return []


def _literal_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    return [nodes.literal(rawtext, text)], []


def _register_sphinx_shims() -> None:
    """docutils keeps its directives and roles in module registries; registering is idempotent."""
    directives.register_directive("toctree", _Toctree)
    for name in SPHINX_DIRECTIVES:
        directives.register_directive(name, _Passthrough)
    for name in SPHINX_ROLES:
        roles.register_local_role(name, _literal_role)


@dataclass
class RstOutline:
    headings: list[Heading] = field(default_factory=list)  # levels 1.. by section depth
    title: str | None = None  # the first top-level section title
    toctree: list[str] = field(default_factory=list)  # entries of every toctree, in order
    warnings: list[str] = field(default_factory=list)  # "path:line: message"


def parse_rst(text: str, path: str) -> RstOutline:
    """Sections, title, toctree entries and warnings of an RST source (never raises for bad markup)."""
    _register_sphinx_shims()
    outline = RstOutline()
    try:
        doctree = publish_doctree(
            text, source_path=path, settings_overrides={**DOCUTILS_SETTINGS, "warning_stream": io.StringIO()}
        )
    except Exception as exc:  # docutils bugs on odd input must not stop indexing: say so, index as text
        outline.warnings.append(
            f"{path}:1: docutils could not parse the file ({exc}); indexed as one section"
        )
        return outline
    lines = text.split("\n")
    for section in doctree.findall(nodes.section):
        if section.line is None or not section.children or not isinstance(section[0], nodes.title):
            continue
        heading = _heading(section, lines)
        if heading is not None:
            outline.headings.append(heading)
    outline.headings.sort(key=lambda h: h.line)
    top = [h for h in outline.headings if h.level == 1]
    outline.title = top[0].title if top else None
    for node in doctree.findall(toctree):
        outline.toctree += node["entries"]
    for message in doctree.findall(nodes.system_message):
        if message["level"] >= WARNING_LEVEL:
            text = message.children[0].astext() if message.children else message.astext()
            kind = message.get("type", "warning").lower()
            outline.warnings.append(f"{path}:{message.get('line') or '?'}: {kind}: {text.splitlines()[0]}")
    return outline


def _heading(section: nodes.section, lines: list[str]) -> Heading | None:
    underline = section.line  # docutils reports the underline's line (1-based)
    if not 2 <= underline <= len(lines) or not _ADORNMENT_RE.match(lines[underline - 1].strip()):
        return None
    title_line = underline - 1
    overlined = title_line >= 2 and _ADORNMENT_RE.match(lines[title_line - 2].strip() or " ") is not None
    depth, parent = 1, section.parent
    while parent is not None:
        depth += isinstance(parent, nodes.section)
        parent = parent.parent
    start = title_line - 1 if overlined else title_line
    return Heading(start, depth, " ".join(section[0].astext().split()), span=underline - start + 1)


@dataclass
class RstTree:
    root: TreeNode
    warnings: list[str]


def build_rst_tree(doc: Document, count_tokens) -> RstTree:
    """The heading tree of an RST ``doc`` and the docutils warnings about it."""
    outline = parse_rst(doc.text, doc.path)
    for warning in outline.warnings:
        log.warning(warning)
    return RstTree(tree_from_headings(doc, outline.headings, count_tokens), outline.warnings)


def rst_title(text: str, path: str) -> str | None:
    return parse_rst(text, path).title


def order_by_toctree(paths: list[Path]) -> list[Path]:
    """``paths`` with each RST project (an ``index.rst`` and the files its toctrees reach, recursively) in
    toctree order, placed where its first file was; every other path keeps its place."""
    by_name = {os.path.normpath(p.with_suffix("")): p for p in paths if p.suffix.lower() == ".rst"}
    seen: set[Path] = set()

    def visit(path: Path, top: Path, group: list[Path]) -> None:
        if path in seen:
            return
        seen.add(path)
        group.append(path)
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            return  # scan_corpus reports the file itself
        for entry in parse_rst(text, str(path)).toctree:
            entry = entry.removesuffix(".rst")
            base = top if entry.startswith("/") else path.parent
            wanted = os.path.normpath(base / entry.lstrip("/"))
            names = sorted(fnmatch.filter(by_name, wanted)) if any(c in entry for c in "*?[") else [wanted]
            for name in names:
                if name in by_name:
                    visit(by_name[name], top, group)

    group_of: dict[Path, list[Path]] = {}
    indexes = [p for p in paths if p.suffix.lower() == ".rst" and p.stem == "index"]
    for path in sorted(indexes, key=lambda p: len(p.parts)):  # a project's top index first
        if path not in seen:
            group: list[Path] = []
            visit(path, path.parent, group)
            group_of.update((member, group) for member in group)
    ordered: list[Path] = []
    for path in paths:
        group = group_of.get(path)
        if group is None:
            ordered.append(path)
        elif group[0] not in ordered:
            ordered += group
    return ordered
