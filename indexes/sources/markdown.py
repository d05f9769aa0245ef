"""Markdown headings (ATX, outside fenced code) and the markdown document's heading tree."""

from __future__ import annotations

import re

from indexes.sources.documents import Document
from indexes.sources.tree_model import Heading, TreeNode, tree_from_headings

_ATX_RE = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_ATTR_LIST_RE = re.compile(r"\s*\{\s*[:#.][^}]*\}\s*$")  # "## Title {#id}" (attr_list): not part of the title
_FENCE_RE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def find_headings(lines: list[str], first_line: int = 1) -> list[Heading]:
    """ATX headings from ``first_line`` on, skipping fenced code blocks."""
    headings: list[Heading] = []
    fence: str | None = None
    for number in range(first_line, len(lines) + 1):
        line = lines[number - 1]
        fence_match = _FENCE_RE.match(line)
        if fence is not None:
            if (
                fence_match
                and fence_match.group(1)[0] == fence[0]
                and len(fence_match.group(1)) >= len(fence)
            ):
                fence = None
            continue
        if fence_match:
            fence = fence_match.group(1)
            continue
        match = _ATX_RE.match(line)
        if match and (match.group(2) or "").strip():
            title = _ATTR_LIST_RE.sub("", match.group(2)).strip() or match.group(2).strip()
            headings.append(Heading(number, len(match.group(1)), title))
    return headings


def build_tree(doc: Document, count_tokens) -> TreeNode:
    """Build the heading tree of a markdown ``doc``; ``count_tokens(text) -> int``."""
    return tree_from_headings(doc, find_headings(doc.text.split("\n"), doc.body_start_line), count_tokens)
