"""Quotes are spans of the stored source text, never reconstructions.

``split_units`` cuts a text (a document's ``Document.text``, or a tool's exact slice of it) into the units an
answer may quote, each with its character offsets: a sentence of a paragraph (never cut inside: only ``.!?``
followed by a capital ends one, so "lương tháng : 22 : 8" stays whole), a list item whole, a table row whole
together with its table's header row. ``quote_of`` turns spans back into the quote shown to the reader: markdown
syntax dropped (``display``), pieces joined with " … " where source text is skipped. Offsets stay exact, so a
quote can always be checked against its source (``quote_matches``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from indexes.location import Span
from indexes.text import fold

SKIP = " … "
_HEADING_RE = re.compile(r"^\s{0,3}#{1,6}\s")
_SEPARATOR_RE = re.compile(r"^\s*\|?[\s:|-]*-[\s:|-]*\|?\s*$")
_ITEM_RE = re.compile(r"^\s*(?:[-*+•–]|\d+(?:\.\d+)*[.)]|[a-zđ]\))\s+")  # "1.", "7.3.", "a)"
_BULLET_RE = re.compile(r"^\s*[-*+•–]\s+")
_QUOTE_MARK_RE = re.compile(r"^\s*>\s?")
_RULE_RE = re.compile(r"^\s*([-=~^*#+`'\".:_])\1{2,}\s*$")  # front matter fences, RST title underlines
_CONTINUATION_RE = re.compile(r"^\s{2,}\S")
# a definition list's definition ("L3 – Licensed Professional" then ": University-trained pharmacists, …"), the
# markdown extension MkDocs and PHP Markdown Extra read: the term and its definitions are one unit
_DEFINITION_RE = re.compile(r"^\s{0,3}:\s+\S")
# A sentence ends at . ! ? followed by a space and a capital or an opening quote/bracket, except after a short
# abbreviation ("TP. Hồ Chí Minh", "Q. 1") or a number ("Điều 5. Nội dung" stays whole, "1.000.000" too).
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀ-ỸĐ\"“(])")
_ABBREVIATION_RE = re.compile(r"(?:^|\s)(?:[A-ZĐ]{1,3}|[A-Za-zđ]|\d+(?:\.\d+)*)[.]$")
# Lines that address the assistant instead of employees (an injected instruction, or a note "for the virtual
# assistant"): they state no rule for the reader, and quoting them would pass an attack on.
INJECTION_RE = re.compile(
    r"ignore (?:all |any )?(?:previous|prior|above|earlier) (?:instructions|rules)|disregard (?:the|all) "
    r"|system prompt|you are now|bo qua (?:moi|tat ca|cac) (?:chi dan|huong dan|quy tac)|goi cong cu|"
    r"call (?:the )?(?:tool|calculate_leave|search)"
    r"|^\W*(?:luu y|ghi chu|chu y|note|notes|instruction|instructions)\W+(?:danh )?(?:cho|for|to)\W+(?:the )?"
    r"(?:tro ly|virtual assistant|assistant|chatbot|chat bot|ai\b|bot\b|model\b)"
)


@dataclass(frozen=True)
class Unit:
    """A quotable unit: its display text, its spans (offsets into the split text, plus ``base``), its kind
    ("sentence", "item" or "row") and its ranking context: for a table row the sentence that introduces the table,
    for a list item the sentence(s) introducing its list ("... trong các trường hợp sau:" and its translation)."""

    text: str
    spans: tuple[Span, ...]
    kind: str
    context: str = ""

    @property
    def start(self) -> int:
        return self.spans[-1].start  # a row's own span is its last (the header comes first)


def display(raw: str) -> str:
    """A span as shown to the reader: markdown dropped (bold, code, links, bullets, table pipes), the lines of
    a multi-line span (a list item that wraps) joined by a space."""
    lines: list[str] = []
    defined = False  # the line before was a definition: the next one is another definition of the same term
    for line in raw.split("\n"):
        line = _QUOTE_MARK_RE.sub("", line).strip()
        definition = bool(_DEFINITION_RE.match(line))
        if definition and lines:  # a definition follows its term ("term: definition"), or another definition
            lines[-1] += "" if lines[-1].endswith((".", "!", "?", ":", ";")) else ";" if defined else ":"
            line = line[1:].strip()
        defined = definition
        if line.startswith("|"):
            line = " | ".join(c.strip() for c in line.strip().strip("|").split("|"))
        line = _BULLET_RE.sub("• ", line)
        line = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", line)
        line = re.sub(r"\*\*|__|`", "", line).strip()
        if line:
            lines.append(line)
    return " ".join(lines)


def _sentences(line: str, offset: int) -> Iterable[tuple[int, int]]:
    start = 0
    for match in _SENTENCE_END_RE.finditer(line):
        if _ABBREVIATION_RE.search(line[: match.start()]):
            continue
        yield offset + start, offset + match.start()
        start = match.end()
    if line[start:].strip():
        yield offset + start, offset + len(line.rstrip())


def _strip(text: str, start: int, end: int) -> Span:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return Span(start=start, end=end)


def split_units(text: str, base: int = 0) -> list[Unit]:
    """The quotable units of ``text`` in order; offsets are ``base`` + positions in ``text``."""
    units: list[Unit] = []
    lines = text.split("\n")
    offset, header, intro = 0, None, ""
    lead, lead_marker, lead_last = "", "", ""  # the sentence(s) introducing the current list (items' context)
    for i, line in enumerate(lines):
        start, offset = offset, offset + len(line) + 1
        if (
            not line.strip()
            or _HEADING_RE.match(line)
            or INJECTION_RE.search(fold(line))
            or _RULE_RE.match(line)
        ):
            header = None
            if _HEADING_RE.match(line):
                lead = ""  # a new section: the list introduced in the previous one has ended
            continue
        previous = lines[i - 1] if i else ""
        if units and units[-1].kind == "item" and _CONTINUATION_RE.match(line) and previous.strip():
            item = units[-1].spans[0]  # a wrapped list item: the item is quoted whole
            end = _strip(text, start, start + len(line)).end
            units[-1] = _unit(
                text, (Span(start=item.start - base, end=end),), base, "item", units[-1].context
            )
            intro = units[-1].text
            if _introduces(intro):  # the wrapped item ends with "...sau:": it introduces a list
                lead, lead_marker, lead_last = intro, _marker(text[item.start - base : end]), intro
            continue
        if (
            _DEFINITION_RE.match(line)
            and units
            and previous.strip()
            and _ends_at(units[-1], text, start, base)
        ):
            term = units[-1].spans[0]  # the term line above (or the term and its earlier definitions)
            end = _strip(text, start, start + len(line)).end
            units[-1] = _unit(
                text, (Span(start=term.start - base, end=end),), base, "item", units[-1].context
            )
            intro = units[-1].text
            continue
        if line.lstrip().startswith("|"):
            if _SEPARATOR_RE.match(line):
                continue
            span = _strip(text, start, start + len(line))
            if i + 1 < len(lines) and _SEPARATOR_RE.match(lines[i + 1]) and "-" in lines[i + 1]:
                header = span
                continue
            spans = (header, span) if header else (span,)
            units.append(_unit(text, spans, base, "row", intro))
            continue
        header = None
        if _ITEM_RE.match(line):
            marker = _marker(line)
            if lead and lead_marker == marker:
                lead = ""  # a sibling of the item that introduced the list: that list has ended
            units.append(_unit(text, (_strip(text, start, start + len(line)),), base, "item", lead))
            intro = units[-1].text
            if _introduces(intro):
                lead, lead_marker, lead_last = intro, marker, intro
            continue
        for s, e in _sentences(line, start):
            span = _strip(text, s, e)
            if span.end > span.start:
                units.append(_unit(text, (span,), base, "sentence"))
                shown = units[-1].text
                if _introduces(shown):  # a lead-in, or its translation right after one
                    follows = bool(lead) and len(units) > 1 and units[-2].text == lead_last
                    lead, lead_marker = (f"{lead} {shown}", lead_marker) if follows else (shown, "sentence")
                    lead_last = shown
                else:
                    lead = ""
                intro = units[-1].text
    return units


def _ends_at(unit: Unit, text: str, start: int, base: int) -> bool:
    """Whether ``unit`` is one span that starts its line and runs to the line ending just before ``start``
    (a definition's term is a whole line, not the last sentence of a paragraph)."""
    if len(unit.spans) != 1 or unit.kind == "row":
        return False
    span = unit.spans[0]
    line_start = text.rfind("\n", 0, span.start - base) + 1
    return not text[line_start : span.start - base].strip() and not text[span.end - base : start].strip()


def _marker(line: str) -> str:
    """The kind of a list item's marker: "digit" ("1.", "7.3."), "letter" ("a)") or "bullet"."""
    head = line.lstrip()[:1]
    return "digit" if head.isdigit() else "bullet" if _BULLET_RE.match(line) else "letter"


def _introduces(shown: str) -> bool:
    """Whether a unit introduces a list ("... trong các trường hợp sau:")."""
    return shown.rstrip(" *_").endswith(":")


def _unit(text: str, spans: tuple[Span, ...], base: int, kind: str, context: str = "") -> Unit:
    shown = quote_of(text, spans)
    moved = tuple(Span(start=s.start + base, end=s.end + base) for s in spans)
    return Unit(shown, moved, kind, context)


def merge(spans: Iterable[Span]) -> list[Span]:
    """Spans sorted, duplicates and overlaps merged."""
    out: list[Span] = []
    for s in sorted(spans, key=lambda s: (s.start, s.end)):
        if out and s.start <= out[-1].end:
            out[-1] = Span(start=out[-1].start, end=max(out[-1].end, s.end))
        else:
            out.append(Span(start=s.start, end=s.end))
    return out


def quote_of(text: str, spans: Iterable[Span], base: int = 0) -> str:
    """The quote of ``spans`` (offsets minus ``base`` index ``text``): each span shown without markdown; " … "
    where the text between two spans is skipped, a space where only white space separates them."""
    pieces: list[str] = []
    previous: Span | None = None
    for span in merge(spans):
        shown = display(text[span.start - base : span.end - base])
        if previous is not None:
            gap = text[previous.end - base : span.start - base]
            pieces.append(" " if not gap.strip() else SKIP)
        pieces.append(shown)
        previous = span
    return "".join(pieces)


def line_of(text: str, offset: int) -> int:
    """1-based line of a character offset."""
    return text.count("\n", 0, offset) + 1


def line_offset(text: str, line: int) -> int:
    """Offset of the first character of a 1-based line (len(text) past the end)."""
    offset = 0
    for _ in range(line - 1):
        newline = text.find("\n", offset)
        if newline < 0:
            return len(text)
        offset = newline + 1
    return offset


def units_in_lines(source: str, line_start: int, line_end: int) -> list[Unit]:
    """The units of lines ``line_start..line_end`` (1-based, inclusive) of ``source``, offsets into it. A table
    row keeps its header even when the range starts below it."""
    lines = source.split("\n")
    first = max(1, line_start)
    while (
        first > 1 and lines[first - 1].lstrip().startswith("|") and lines[first - 2].lstrip().startswith("|")
    ):
        first -= 1  # up to the table's header row
    start = line_offset(source, first)
    own = line_offset(source, max(1, line_start))
    end = line_offset(source, max(line_start, line_end) + 1)
    units = split_units(source[start:end].rstrip("\n"), base=start)
    return [u for u in units if u.spans[-1].start >= own]


def quote_matches(source: str, quote: str, spans: list[Span], line_start: int, line_end: int) -> bool:
    """A citation is exact: its quote is what its spans show, and its line range is exactly theirs."""
    if not spans or any(s.end > len(source) or s.start >= s.end for s in spans):
        return False
    lines = (line_of(source, spans[0].start), line_of(source, spans[-1].end - 1))
    return quote_of(source, spans) == quote and lines == (line_start, line_end)
