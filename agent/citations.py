"""From an answer text with ``[node_id]`` markers to numbered citations, and the numbers check."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace

from agent.answer import Citation
from agent.evidence import Passage, calculator_result, passages
from indexes.spans import Unit, display, line_of, merge, quote_of, split_units, units_in_lines
from indexes.text import fold
from tools.registry import ToolRun

_MARKER_RE = re.compile(r"\[([a-z0-9_-]+(?::[^\]\s]*)?)\]")
_NUMBER_RE = re.compile(r"\d+(?:[.,]\d+)*")


SourceText = Callable[[str], "str | None"]  # doc id -> the stored document text (``IndexStore.source_text``)
MIN_QUOTED = 8  # a unit this short ("a)") is not taken as quoted just because the statement contains it


def _overlap(a: str, b: str) -> int:
    return len(set(re.findall(r"\w+", fold(a))) & set(re.findall(r"\w+", fold(b))))


def _quoted_units(units: list[Unit], statement: str, text: str, base: int = 0) -> list[Unit]:
    """The units the statement quotes verbatim (each of its spans shown in it), else the one sharing most
    words with it."""
    quoted = []
    for u in units:
        shown = [s for s in u.spans if display(text[s.start - base : s.end - base]) in statement]
        if len(u.text) < MIN_QUOTED or not shown:
            continue
        if len(shown) == len(u.spans):
            quoted.append(u)
        elif u.kind == "row" and shown == [u.spans[-1]] and u.spans[-1].end - u.spans[-1].start >= MIN_QUOTED:
            # a row quoted from a clipped passage that starts below its table's header: the row alone
            quoted.append(replace(u, spans=(u.spans[-1],)))
    if quoted or not units:
        return quoted
    return [max(units, key=lambda u: (_overlap(u.text, statement), -units.index(u)))]


def _span_citation(location: dict, chosen: list[Unit], source: str) -> Citation | None:
    """A citation whose quote is the chosen units' spans of ``source``; its line range is exactly theirs."""
    spans = merge(s for u in chosen for s in u.spans)
    if not spans:
        return None
    return Citation(
        **location,
        line_start=line_of(source, spans[0].start),
        line_end=line_of(source, spans[-1].end - 1),
        spans=spans,
        quote=quote_of(source, spans),
    )


def _passage_citation(
    p: Passage, statement: str, source: str | None, ranges: list[tuple[int, int]] | None = None
) -> Citation:
    """The citation of the units of ``p`` the statement quotes; ``ranges``: the lines of every passage of its
    section this turn retrieved (a quote may join units of two of its chunks: a table row and a later clause), never
    the lines between them."""
    location = p.location().model_dump(exclude={"line_start", "line_end", "spans"})
    if source is not None:
        units = list(
            {
                tuple((x.start, x.end) for x in u.spans): u
                for start, end in ranges or [(p.line_start, p.line_end)]
                for u in units_in_lines(source, start, end)
            }.values()
        )
        cited = _span_citation(location, _quoted_units(units, statement, source), source)
        if cited is not None:
            return cited
    units = split_units(p.text)  # no stored text (an index built before texts were kept): no offsets
    quote = " ".join(u.text for u in _quoted_units(units, statement, p.text)) or p.text
    return Citation(**location, line_start=p.line_start, line_end=p.line_end, quote=quote)


def _rule_citation(node_id: str, rules: list[dict], source: str | None) -> Citation:
    """The citation of the calculator parameters one section supplied: the units holding each rule's grounded
    span (every parameter of that section), titled by the section's title path."""
    first = rules[0]
    path = first.get("title_path") or []
    title = path[-1] if path else first.get("note") or node_id
    location = {"doc_id": first["doc_id"], "node_id": node_id, "title": title, "title_path": path}
    grounded = [r for r in rules if r.get("start") is not None and r.get("line_start")]
    if source is not None and grounded:
        units = [
            u
            for r in grounded
            for u in units_in_lines(source, r["line_start"], r["line_end"])
            if any(x.start < r["end"] and r["start"] < x.end for x in u.spans)
        ]
        cited = _span_citation(location, units, source)
        if cited is not None:
            return cited
    lines = (first.get("line_start") or 0, first.get("line_end") or 0)
    return Citation(**location, line_start=lines[0], line_end=lines[1], quote=first.get("quote") or "")


def resolve_citations(
    text: str, runs: list[ToolRun], source: SourceText | None = None
) -> tuple[str, list[Citation]]:
    """Replace ``[node_id]`` markers with [1], [2]…; only ids present in this turn's tool results are cited.
    With ``source``, each quote is spans of the stored document text (what the statement quotes)."""
    found = [p for run in runs for p in passages(run)]
    calc = calculator_result(runs)
    calc_sources: dict[str, list[dict]] = {}
    for s in (calc or {}).get("policy_sources", {}).values():
        if s.get("source") == "corpus":
            calc_sources.setdefault(s["node_id"], []).append(s)
    citations: list[Citation] = []
    numbers: dict[str, int] = {}

    def replace(match: re.Match[str]) -> str:
        node_id = match.group(1)
        line_start = text.rfind("\n", 0, match.start()) + 1
        statement = text[line_start : match.start()]
        candidates = [p for p in found if p.node_id == node_id]
        if node_id in numbers:
            return f"[{numbers[node_id]}]"
        if node_id in calc_sources and "“" not in statement:  # "Rules applied: [id]": the rule's own spans
            rules = calc_sources[node_id]
            citation = _rule_citation(node_id, rules, source(rules[0]["doc_id"]) if source else None)
        elif candidates:
            best = max(candidates, key=lambda p: (_overlap(p.text, statement), -p.rank))
            doc_text = source(best.doc_id) if source else None
            ranges = sorted({(p.line_start, p.line_end) for p in candidates})
            citation = _passage_citation(best, statement, doc_text, ranges)
        elif node_id in calc_sources:
            rules = calc_sources[node_id]
            citation = _rule_citation(node_id, rules, source(rules[0]["doc_id"]) if source else None)
        else:
            return ""  # an id no tool returned: never cite what was not retrieved
        citations.append(citation)
        numbers[node_id] = len(citations)
        return f"[{len(citations)}]"

    cleaned = _MARKER_RE.sub(replace, text)
    return re.sub(r"[ \t]+\n", "\n", cleaned).strip(), citations


def _values(text: str, parts: bool = True) -> set[str]:
    """Numbers in a text, normalised: "02" -> "2", "5.000.000" -> "5000000", "1,5" -> "1.5"."""
    out = set()
    for raw in _NUMBER_RE.findall(text):
        compact = raw.replace(".", "") if re.fullmatch(r"\d{1,3}(?:\.\d{3})+", raw) else raw.replace(",", ".")
        out.add(compact.lstrip("0") or "0")
        if parts:  # evidence "01/7/2026" or "8h30" also grounds "1", "7", "30"
            out.update(p.lstrip("0") or "0" for p in re.split(r"[.,]", raw))
    return out


def ungrounded_numbers(text: str, citations: list[Citation], runs: list[ToolRun]) -> list[str]:
    """Numbers of the answer that appear in no cited quote, cited title, or calculator result."""
    body = re.sub(r"\[\d+\]", "", text)
    evidence = " ".join(f"{c.title} {c.quote}" for c in citations)
    calc = calculator_result(runs)
    if calc is not None:
        evidence += " " + json.dumps(calc, ensure_ascii=False)
    allowed = _values(evidence)
    missing = []
    for raw in _NUMBER_RE.findall(body):
        values = _values(raw, parts=False)
        if not values & allowed and raw not in missing:
            missing.append(raw)
    return missing
