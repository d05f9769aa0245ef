"""The heading tree every source format builds (PageIndex style): ``TreeNode``, and its assembly from headings.

One node per ATX heading (headings inside code fences are text). Node ids come from the document id and the
heading path, never from positions, so editing one section leaves the other ids alone:

    noi_quy_lao_dong                      the document (root)
    noi_quy_lao_dong:chuong-ii            "## Chương II. ..."
    noi_quy_lao_dong:dieu-6               "### Điều 6. ..." (articles are unique in a document: path restarts)
    noi_quy_lao_dong:dieu-6/1-nguyen-tac  "#### 1. Nguyên tắc"

Line numbers are 1-based and inclusive and refer to the source file (front matter included).
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field

from indexes.sources.documents import Document
from indexes.sources.summaries import summarize_section
from indexes.text import fold, slugify

_NUMBERED_RE = re.compile(
    r"^(chuong|muc|dieu|phan|phu luc|chapter|article|section|part|appendix)\s+([0-9]+[a-z]?|[ivxlcdm]+)\b"
)
_ANCHOR_KINDS = {"dieu", "article"}


@dataclass
class TreeNode:
    node_id: str
    doc_id: str
    title: str
    level: int  # 0 for the document root, else the heading level
    title_path: list[str]
    line_start: int
    line_end: int  # end of the node's own text (before the next heading)
    subtree_line_end: int
    text: str = ""
    token_count: int = 0
    summary: str = ""
    parent_id: str | None = None
    anchor: str = ""  # the heading's HTML id under MkDocs' toc rules ("" for the document root)
    title_lines: int = 1  # lines the heading itself takes (RST: title + underline, + overline)
    children: list[TreeNode] = field(default_factory=list)

    def to_dict(self) -> dict:
        data = {k: v for k, v in self.__dict__.items() if k != "children"}
        data["children"] = [c.to_dict() for c in self.children]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> TreeNode:
        children = [cls.from_dict(c) for c in data.get("children", [])]
        node = cls(**{k: v for k, v in data.items() if k != "children"})
        node.children = children
        return node

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass(frozen=True)
class Heading:
    line: int  # 1-based
    level: int
    title: str
    span: int = 1  # lines the heading takes (markdown ATX: 1; RST: 2 or 3)


def toc_anchor(title: str, used: set[str]) -> str:
    """The id MkDocs (Python-Markdown's toc, default slugify) gives a heading: inline markup dropped,
    accents dropped by NFKD → ASCII (so "Đ" disappears), punctuation removed, spaces → "-", and repeats
    numbered ``_1``, ``_2``."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", title)
    text = re.sub(r"[*`]+|~~", "", text)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", text).strip().lower())
    anchor = slug
    while anchor in used or not anchor:
        match = re.match(r"^(.*)_([0-9]+)$", anchor)
        anchor = f"{match.group(1)}_{int(match.group(2)) + 1}" if match else f"{anchor}_1"
    used.add(anchor)
    return anchor


def _segment(title: str) -> tuple[str, bool]:
    """Id segment for a heading and whether it anchors (restarts) the path."""
    folded = fold(title).strip()
    match = _NUMBERED_RE.match(folded)
    if match:
        kind = match.group(1).replace(" ", "-")
        return f"{kind}-{match.group(2)}", match.group(1) in _ANCHOR_KINDS
    return slugify(title, 40), False


def tree_from_headings(doc: Document, headings: list[Heading], count_tokens) -> TreeNode:
    """The tree of ``doc`` given its headings in source order (levels 1..6), whatever the source format."""
    lines = doc.text.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    last_line = max(len(lines), doc.body_start_line)
    # A single top-level "# Title" is the document itself.
    top_level = min((h.level for h in headings), default=1)
    root_heading = headings[0] if headings and sum(h.level == top_level for h in headings) == 1 else None
    if root_heading is not None and root_heading.level != 1:
        root_heading = None
    body_headings = [h for h in headings if h is not root_heading]

    root = TreeNode(
        node_id=doc.doc_id,
        doc_id=doc.doc_id,
        title=doc.title,
        level=0,
        title_path=[doc.title],
        line_start=root_heading.line if root_heading else doc.body_start_line,
        title_lines=root_heading.span if root_heading else 0,
        line_end=max(
            root_heading.line if root_heading else doc.body_start_line,
            (body_headings[0].line - 1) if body_headings else last_line,
        ),
        subtree_line_end=last_line,
    )
    used_ids = {root.node_id}
    used_anchors: set[str] = set()
    if root_heading is not None:
        toc_anchor(root_heading.title, used_anchors)  # the page's H1 takes its id first
    # MkDocs pages carry the ids MkDocs itself gave (custom slugify, {#id} attributes): used when they line up
    toc = json.loads(doc.meta.get("toc_anchors") or "null")
    skip = 1 if root_heading is not None else 0
    own_line = [h for h in body_headings if h.span]  # a part's bold number (span 0) has no id on the page
    if not isinstance(toc, list) or len(toc) != len(own_line) + skip:
        toc = None
    toc_index = {id(h): i + skip for i, h in enumerate(own_line)}
    stack: list[tuple[TreeNode, str]] = [(root, "")]  # (node, path used for children's ids)
    for i, heading in enumerate(body_headings):
        while len(stack) > 1 and stack[-1][0].level >= heading.level:
            stack.pop()
        parent, parent_path = stack[-1]
        node_id = _node_id(doc.doc_id, heading.title, parent_path, used_ids)
        next_line = body_headings[i + 1].line if i + 1 < len(body_headings) else last_line + 1
        node = TreeNode(
            node_id=node_id,
            doc_id=doc.doc_id,
            title=heading.title,
            level=heading.level,
            title_path=[*parent.title_path, heading.title],
            line_start=heading.line,
            line_end=max(heading.line, next_line - 1),
            subtree_line_end=last_line,
            parent_id=parent.node_id,
            anchor=(
                parent.anchor
                if not heading.span
                else toc[toc_index[id(heading)]]
                if toc
                else toc_anchor(heading.title, used_anchors)
            ),
            title_lines=heading.span,
        )
        parent.children.append(node)
        stack.append((node, node_id.split(":", 1)[1]))

    _fill(root, lines, count_tokens)
    return root


def _node_id(doc_id: str, title: str, parent_path: str, used: set[str]) -> str:
    """A heading's id: its path of title segments (articles restart the path), made unique in the document."""
    segment, anchors = _segment(title)
    path = segment if anchors or not parent_path else f"{parent_path}/{segment}"
    node_id = f"{doc_id}:{path}"
    suffix = 2
    while node_id in used:
        node_id = f"{doc_id}:{path}-{suffix}"
        suffix += 1
    used.add(node_id)
    return node_id


def _fill(root: TreeNode, lines: list[str], count_tokens) -> None:
    """Text, tokens, summaries and subtree ends, bottom-up. Trailing blank lines are not part of a node."""

    def trim(end: int, start: int) -> int:
        while end > start and not lines[end - 1].strip():
            end -= 1
        return end

    def visit(node: TreeNode, end_of_parent: int) -> None:
        node.line_end = trim(node.line_end, node.line_start)
        for i, child in enumerate(node.children):
            following = node.children[i + 1].line_start - 1 if i + 1 < len(node.children) else end_of_parent
            child.subtree_line_end = trim(following, child.line_start)
            visit(child, following)
        node.text = "\n".join(lines[node.line_start - 1 : node.line_end]).strip("\n")
        node.token_count = count_tokens(node.text)
        node.summary = summarize_section(
            node.text, node.title_lines if node.level > 0 else 0, [c.title for c in node.children]
        )

    visit(root, root.subtree_line_end)


def describe_document(doc: Document, root: TreeNode) -> str:
    """A short document-level description: the opening summary and the top-level sections."""
    top = "; ".join(c.title for c in root.children[:12])
    lead = root.summary if root.summary and not root.summary.startswith("Gồm:") else ""
    parts = [p for p in (lead, f"Nội dung chính: {top}." if top else "") if p]
    return " ".join(parts) or doc.title
