"""Phrase-aware chunking inside tree nodes.

A chunk is a contiguous span of the source (so its text, offsets and line numbers are exact). Chunks end at the
strongest boundary that fits: paragraph > line > sentence > clause > word, and never inside quotes, parentheses,
URLs or e-mail addresses; the end of a line that introduces a table or list (it ends with ":") counts as a clause's
end, so the lead-in and what it introduces stay in one chunk. Consecutive chunks of a node overlap by about ``overlap`` characters.
"""

from __future__ import annotations

import bisect
import hashlib
import re
from dataclasses import asdict, dataclass

from indexes.settings import ChunkSizes
from indexes.sources.documents import Document
from indexes.sources.tree_model import TreeNode

_PROTECTED_RE = re.compile(
    r"(?:https?://|www\.)[^\s)\]>]*[^\s.,;:!?)\]>]|(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\([^()\n]*\)|\[[^\[\]\n]*\]|\"[^\"\n]*\"|“[^”\n]*”|«[^»\n]*»"
)
# (pattern of the text *before* a cut, strength)
_BOUNDARIES: list[tuple[re.Pattern[str], int]] = [
    (re.compile(r"\n[ \t]*\n"), 5),  # paragraph
    (re.compile(r"\n"), 4),  # line (list items, table rows)
    (re.compile(r"[.!?…](?=\s)"), 3),  # sentence
    (re.compile(r"[;:](?=\s)"), 2),  # clause
    (re.compile(r",(?=\s)"), 1),  # phrase
    (re.compile(r"\s"), 0),  # word
]


_LINE = 4
_LEAD_IN = 2  # a cut after a lead-in line is no stronger than one after a clause
_LOOK_BACK = (
    256  # characters before a cut looked at for its lead-in's ":" (a bounded window: chunking stays linear)
)
_DEFINITION_RE = re.compile(
    r"[ \t]{0,3}:[ \t]+\S"
)  # a definition line after its term (markdown definition list)


@dataclass(frozen=True)
class Chunk:
    chunk_id: str  # "<node_id>:<index>:<sha1(text)[:12]>", node_id starting with the doc id
    doc_id: str
    node_id: str
    title: str
    title_path: list[str]
    text: str
    start: int  # char offsets into Document.text
    end: int
    line_start: int
    line_end: int
    tenant: str

    def search_text(self) -> str:
        """What the embedder and BM25 see: the section path gives a short passage its context."""
        return " › ".join(self.title_path[1:] or self.title_path) + "\n" + self.text

    def to_dict(self) -> dict:
        return asdict(self)


def _protected(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _PROTECTED_RE.finditer(text)]


def _cut_points(text: str) -> dict[int, int]:
    """Position -> strength of a cut there (the cut is after the matched boundary character)."""
    spans = _protected(text)

    def inside(pos: int) -> bool:
        return any(s < pos < e for s, e in spans)

    points: dict[int, int] = {}
    for pattern, strength in _BOUNDARIES:
        for match in pattern.finditer(text):
            pos = match.end()
            if 0 < pos < len(text) and not inside(pos) and points.get(pos, -1) < strength:
                points[pos] = strength
    for pos, strength in points.items():
        # a line introducing a table or list ("… như sau:") stays with it, a definition's term with its text
        if strength >= _LINE and (
            text[max(0, pos - _LOOK_BACK) : pos].rstrip(" *_\t\r\n").endswith(":")
            or _DEFINITION_RE.match(text, pos)
        ):
            points[pos] = _LEAD_IN
    return points


def split_spans(text: str, sizes: ChunkSizes) -> list[tuple[int, int]]:
    """Split ``text`` into overlapping (start, end) spans of about ``sizes.target`` characters."""
    text_len = len(text)
    if text_len <= sizes.target:
        return [(0, text_len)] if text.strip() else []
    points = _cut_points(text)
    ordered = sorted(points)
    spans: list[tuple[int, int]] = []
    start = 0
    while start < text_len:
        if text_len - start <= sizes.target:
            end = text_len
        else:
            lo = bisect.bisect_left(ordered, start + sizes.minimum)  # bisection: long texts stay linear
            window = ordered[lo : bisect.bisect_right(ordered, start + sizes.target, lo)]
            if window:
                best = max(points[p] for p in window)
                end = max(p for p in window if points[p] == best)
            else:  # one protected span longer than the target: keep it whole
                after = bisect.bisect_right(ordered, start + sizes.target)
                end = ordered[after] if after < len(ordered) else text_len
        spans.append((start, end))
        if end >= text_len:
            break
        # Next chunk starts at a boundary about `overlap` before the end, always moving forward.
        lo = bisect.bisect_left(ordered, max(end - sizes.overlap, start + 1))
        back = ordered[lo : bisect.bisect_left(ordered, end, lo)] if sizes.overlap else []
        start = min(back, key=lambda p: (-points[p], p)) if back else end
    # Merge a short tail into its predecessor.
    if len(spans) > 1 and spans[-1][1] - spans[-1][0] < sizes.minimum:
        spans[-2] = (spans[-2][0], spans[-1][1])
        spans.pop()
    return spans


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def chunk_document(doc: Document, root: TreeNode, sizes: ChunkSizes) -> list[Chunk]:
    """Chunks of every node's own body text (the heading line itself is carried by ``title_path``)."""
    line_offsets = [0]
    for line in doc.text.split("\n"):
        line_offsets.append(line_offsets[-1] + len(line) + 1)

    def line_of(offset: int) -> int:
        lo, hi = 0, len(line_offsets) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if line_offsets[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    chunks: list[Chunk] = []
    for node in root.walk():
        body_first = node.line_start + (node.title_lines if node.level > 0 else 0)
        if body_first > node.line_end:
            continue
        base = line_offsets[body_first - 1]
        body = doc.text[base : line_offsets[node.line_end] - 1]
        index = 0
        for s, e in split_spans(body, sizes):
            s, e = _strip(body, s, e)
            if s >= e:
                continue
            text = body[s:e]
            digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]
            chunks.append(
                Chunk(
                    chunk_id=f"{node.node_id}:{index}:{digest}",
                    doc_id=doc.doc_id,
                    node_id=node.node_id,
                    title=node.title,
                    title_path=node.title_path,
                    text=text,
                    start=base + s,
                    end=base + e,
                    line_start=line_of(base + s),
                    line_end=line_of(base + e - 1),
                    tenant=doc.tenant,
                )
            )
            index += 1
    return chunks
