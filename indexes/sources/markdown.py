"""Markdown headings (ATX, outside fenced code) and the markdown document's heading tree."""

from __future__ import annotations

import re

from indexes.sources.documents import Document
from indexes.sources.tree_model import Heading, TreeNode, tree_from_headings

_ATX_RE = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_ATTR_LIST_RE = re.compile(r"\s*\{\s*[:#.][^}]*\}\s*$")  # "## Title {#id}" (attr_list): not part of the title
_FENCE_RE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
# A regulation converted from a word processor often marks its articles by a line in bold, not a heading
# ("**Điều 5. Thời giờ làm việc**", split in two bold runs "**Điều 5.** **Thời giờ làm việc**", or with a note after
# it "**Điều 5. Thời giờ làm việc** (sửa đổi)"); a bold number before the article's text ("**Điều 1.** Sửa đổi …")
# is no title
_BOLD_ARTICLE_RE = re.compile(
    r"^ {0,3}(\*\*|__)((?:điều|article)\s+\d+[a-z]?\s*[.:–—-])\s*(?:\1\s*\1)?\s*([^*_\s][^*_]*?)\1"
    r"\s*(\([^()]*\))?\s*$",
    re.IGNORECASE,
)
_ARTICLE_TITLE_RE = re.compile(r"^(?:điều|article)\s+\d+", re.IGNORECASE)
# A short decision or notice often has no heading below its title: its parts start with a bold number, alone or
# with the part's title, and the text runs on in the same line ("**Điều 1.** Sửa đổi …", "**1. Phụ cấp lưu trú**
# (thay thế …)", "**5.** Các nội dung khác …")
# is none ("**1.500.000 đồng**", "**1:30**"). Articles ("Điều 1") and bare numbers ("1.") are counted apart.
_BOLD_PART_RE = re.compile(
    r"^ {0,3}(\*\*|__)\s*(?:(điều|article)\s+)?(\d{1,2})\s*[.:)](?!\d)\s*([^*_]*?)\s*[:.]?\s*\1(.*)$",
    re.IGNORECASE,
)


def find_headings(lines: list[str], first_line: int = 1) -> list[Heading]:
    """ATX headings from ``first_line`` on, skipping fenced code blocks; where no heading is an article ("Điều
    N"), an article's bold title line is its heading, one level below the heading it falls under; a document with
    no heading below its title (one H1 at most, before them) is cut at its bold-numbered parts, headings of no line
    of their own (``span`` 0: the line is the part's text too)."""
    headings, bold, parts = _headings(lines, first_line)
    if (
        not bold
        and parts
        and len(headings) <= 1
        and all(h.level == 1 and h.line < parts[0].line for h in headings)
    ):
        return [*headings, *parts]
    if not bold or any(_ARTICLE_TITLE_RE.match(h.title) for h in headings):
        return headings
    merged: list[Heading] = []
    level = 0  # the level of the last heading proper
    for heading in sorted([*headings, *bold], key=lambda h: h.line):
        if heading.level:
            level = heading.level
        else:
            heading = Heading(heading.line, min(6, level + 1), heading.title)
        merged.append(heading)
    return merged


def _headings(lines: list[str], first_line: int) -> tuple[list[Heading], list[Heading], list[Heading]]:
    """The ATX headings, the bold lines that title an article (level 0: set by ``find_headings``), and the
    paragraphs that start a numbered part in bold, when they number 1, 2, 3 … (level 2; the line is body text
    too, so the heading spans no line of its own)."""
    headings: list[Heading] = []
    bold: list[Heading] = []
    parts: list[Heading] = []
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
        elif article := _BOLD_ARTICLE_RE.match(line):
            title = f"{article.group(2).strip()} {article.group(3).strip()} {article.group(4) or ''}"
            bold.append(Heading(number, 0, title.strip()))
        elif (part := _BOLD_PART_RE.match(line)) and _continues(parts, part):
            parts.append(Heading(number, 2, _part_title(part), span=0))
    return headings, bold, parts if len(parts) >= 2 else []


def _continues(parts: list[Heading], part: re.Match[str]) -> bool:
    """Whether a bold-numbered paragraph is the next part: number one more, of the first part's kind."""
    article = part.group(2) is not None
    if parts and _ARTICLE_TITLE_RE.match(parts[0].title) is None and article:
        return False
    if parts and _ARTICLE_TITLE_RE.match(parts[0].title) is not None and not article:
        return False
    return int(part.group(3)) == len(parts) + 1


def _part_title(part: re.Match[str]) -> str:
    """An article's part is "Điều 1" (with its bold title); a bare number's, the number and its bold title ("1.
    Phụ cấp lưu trú"), or the number alone ("5")."""
    article = f"{part.group(2).capitalize()} " if part.group(2) else ""
    return f"{article}{part.group(3)}. {part.group(4).strip()}".strip().rstrip(".")


def build_tree(doc: Document, count_tokens) -> TreeNode:
    """Build the heading tree of a markdown ``doc``; ``count_tokens(text) -> int``."""
    return tree_from_headings(doc, find_headings(doc.text.split("\n"), doc.body_start_line), count_tokens)
