"""Rules found by pattern in Vietnamese (and English) regulation text: the offline provider's reading.

A rule is a sentence, clause or table row that holds a quantity (days, hours, clock times, money, percentages,
counts, km). Its class and rule type come from the cue words of ``indexes.rules.examples.RULE_KINDS`` (in the
sentence, its list lead-in, table header or headings); its attributes from the phrases around the quantity.
Pure Python, no langextract: ``indexes.rules.extraction`` wraps ``find_rules`` in a langextract provider.
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass

from indexes.rules.examples import classify
from indexes.rules.quantities import find_quantities, is_example, rule_attributes
from indexes.sources.markdown import find_headings

# ---- Reading a whole document: lines with their context, then sentences and clauses ---------------------------

_ITEM = re.compile(r"^(?P<indent>[ \t]*)(?:[-*+]|[a-zđ]\)|\d{1,2}[.)])\s+")
_TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}")
_ABBREVIATIONS = frozenset({"e.g", "i.e", "tp", "vs", "no", "etc", "st", "mr", "ms", "dr"})


@dataclass(frozen=True)
class FoundRule:
    rule_class: str
    start: int  # offsets into the source text
    end: int
    attributes: dict[str, str]


@dataclass(frozen=True)
class Line:
    start: int  # offset of the line's content (after any list marker) in the source
    end: int
    contexts: tuple[str, ...]  # closest first: lead-in or table header, then the headings, deepest first
    lead_in: str = ""
    header: tuple[str, ...] | None = None  # table rows: the header's cells
    example: bool = False  # under a heading such as "Ví dụ" / "Worked example"


def read_lines(source: str) -> list[Line]:
    """The text lines of a markdown source, each with the context it needs to be read alone."""
    raw = source.split("\n")
    headings = {h.line: h for h in find_headings(raw)}
    stack: list[tuple[int, str]] = []  # open headings: (level, title)
    lead: tuple[str, int, bool] | None = None  # a line ending with ':' -> (text, indent, is a list item)
    header: tuple[str, ...] | None = None
    table_lead, lines, offset = "", [], 0
    for number, text in enumerate(raw, start=1):
        start, offset = offset, offset + len(text) + 1
        if number in headings:
            heading = headings[number]
            stack = [*(s for s in stack if s[0] < heading.level), (heading.level, heading.title)]
            lead = header = None
            if heading.span:  # a part's bold number ("**Điều 1.** Sửa đổi …") heads a line that is text too
                continue
        if not text.strip():
            header = None  # a blank line ends a table (not a list: items may be spaced)
            continue
        titles = tuple(title for _, title in reversed(stack))
        example = any(is_example(t) for t in titles)
        if text.lstrip().startswith("|"):
            cells = tuple(c.strip() for c in text.strip().strip("|").split("|"))
            if header is None:
                header, table_lead = cells, lead[0] if lead else ""
            elif not _TABLE_SEPARATOR.match(text):
                context = (" ".join(header), table_lead, *titles)
                lines.append(Line(start, start + len(text), context, table_lead, header, example))
            continue
        header = None
        item = _ITEM.match(text)
        content = text[item.end() :] if item else text.lstrip()
        indent = len(item.group("indent")) if item else len(text) - len(text.lstrip())
        under_lead = bool(item and lead and (not lead[2] or indent > lead[1]))
        lead_in = lead[0] if under_lead and lead else ""
        if not under_lead:
            lead = None
        if content.rstrip().endswith(":"):
            lead = (content.strip(), indent, bool(item))
        context = (lead_in, *titles) if lead_in else titles
        content_start = start + len(text) - len(content)
        lines.append(Line(content_start, start + len(text), context, lead_in, None, example))
    return lines


_SENTENCE_MARKS = re.compile(r"[().!?]")
_NEXT_VISIBLE = re.compile(r"\s*(\S)")
_WORD_BEFORE = re.compile(r"[\w.]*$")


def _sentence_spans(text: str) -> list[tuple[int, int]]:
    """Sentences of a line: split after . ! ? before a capital or digit, outside parentheses and abbreviations.
    Linear: only the marks are visited, and only a few characters around each are read."""
    spans, begin, depth = [], 0, 0
    for mark in _SENTENCE_MARKS.finditer(text):
        i, ch = mark.start(), mark.group(0)
        if ch in "()":
            depth += 1 if ch == "(" else -1
            continue
        if depth > 0 or i + 2 >= len(text) or not text[i + 1].isspace():
            continue
        next_visible = _NEXT_VISIBLE.match(text, i + 1)
        following = next_visible.group(1) if next_visible else ""
        word = _WORD_BEFORE.search(text[max(begin, i - 12) : i]).group(0).lower()  # abbreviations are short
        if (following.isupper() or following.isdigit() or following in '"“(') and word not in _ABBREVIATIONS:
            spans.append((begin, i + 1))
            begin = i + 1
    return [*spans, (begin, len(text))]


_CLAUSE_MARKS = re.compile(r"[();]")


def _clauses(text: str, begin: int, end: int) -> list[tuple[int, int]]:
    """Clauses split at ';' (outside parentheses); clauses without a quantity join the next one (or the last)."""
    cuts, depth = [begin], 0
    for mark in _CLAUSE_MARKS.finditer(text, begin, end):
        ch = mark.group(0)
        if ch != ";":
            depth += 1 if ch == "(" else -1
        elif depth == 0:
            cuts.append(mark.end())
    groups: list[tuple[int, int]] = []
    pending: int | None = None
    for a, b in zip(cuts, [*cuts[1:], end], strict=True):
        if find_quantities(text[a:b]):
            groups.append((a if pending is None else pending, b))
            pending = None
        elif pending is None:
            pending = a
    if pending is not None and groups:
        groups[-1] = (groups[-1][0], end)
    return groups


def _trim(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and (text[a].isspace() or text[a] in "*_|"):
        a += 1
    while b > a and (text[b - 1].isspace() or text[b - 1] in ".;:,*_|"):
        b -= 1
    return a, b


LONG_LINE = (
    20_000  # characters; a longer line is read only where the window asks (one-line files stay linear)
)


def _units(source: str, line: Line, lo: int, hi: int) -> list[tuple[int, int, bool]]:
    """(start, end, is in an example) of the rule candidates of a line: its sentences' clauses, or a table row."""
    if line.header is not None:
        return [(*_trim(source, line.start, line.end), line.example)]
    begin, end = line.start, line.end
    if end - begin > LONG_LINE:
        begin, end = max(begin, lo), min(end, hi)
    units, example = [], line.example
    for s, e in _sentence_spans(source[begin:end]):
        example = example or is_example(source[begin + s : begin + e])
        units += [(*_trim(source, a, b), example) for a, b in _clauses(source, begin + s, begin + e)]
    return units


def find_rules(
    source: str, lines: list[Line] | None = None, lo: int = 0, hi: int | None = None
) -> list[FoundRule]:
    """Rules within ``source[lo:hi]`` in source order (``lines`` = ``read_lines(source)``, to read once)."""
    hi = len(source) if hi is None else hi
    lines = read_lines(source) if lines is None else lines
    found: list[FoundRule] = []
    first = bisect.bisect_right(lines, lo, key=lambda line: line.end)  # lines are in source order
    for line in itertools.islice(lines, first, None):
        if line.start >= hi:
            break
        for start, end, example in _units(source, line, lo, hi):
            if end <= lo or start >= hi:
                continue
            start, end = _trim(source, max(start, lo), min(end, hi))  # a unit cut by the chunk's edge
            text = source[start:end]
            quantities = find_quantities(text) if start < end else []
            if not quantities:
                continue
            kind = classify(text, list(line.contexts), any(q.kind == "time" for q in quantities))
            if kind is None and line.header is not None:
                kind = ("ExpenseNorm", "expense_norm")  # a table of amounts with no cue: an expense norm
            if kind is None:
                continue
            attrs = rule_attributes(*kind, text, line.lead_in)
            if line.header is not None:
                cells = [c.strip() for c in text.split("|")]
                attrs["item"] = cells[0]
                attrs |= {name: cell for name, cell in zip(line.header[1:], cells[1:], strict=False)
                          if name and cell and name not in attrs}  # fmt: skip
            if example:
                attrs["example"] = "true"
            found.append(FoundRule(kind[0], start, end, attrs))
    return found
