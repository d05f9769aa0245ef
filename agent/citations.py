"""From an answer text with ``[node_id]`` markers to numbered citations, and the numbers check."""

from __future__ import annotations

import json
import re

from agent.answer import Citation
from agent.compose import units as _units
from agent.evidence import Passage, calculator_result, passages
from indexes.text import fold
from tools.registry import ToolRun

_MARKER_RE = re.compile(r"\[([a-z0-9_-]+(?::[^\]\s]*)?)\]")
_NUMBER_RE = re.compile(r"\d+(?:[.,]\d+)*")


def _overlap(a: str, b: str) -> int:
    return len(set(re.findall(r"\w+", fold(a))) & set(re.findall(r"\w+", fold(b))))


def _best_quote(passage: Passage, statement: str) -> str:
    """The passage's sentences the statement quotes verbatim, else the one sharing most words with it."""
    units = _units(passage.text) or [passage.text]
    quoted = [u for u in units if u in statement]
    if quoted:
        return " ".join(quoted)
    return max(units, key=lambda u: (_overlap(u, statement), -units.index(u)))


def resolve_citations(text: str, runs: list[ToolRun]) -> tuple[str, list[Citation]]:
    """Replace ``[node_id]`` markers with [1], [2]…; only ids present in this turn's tool results are cited."""
    found = [p for run in runs for p in passages(run)]
    calc = calculator_result(runs)
    calc_sources = {
        s["node_id"]: s
        for s in (calc or {}).get("policy_sources", {}).values()
        if s.get("source") == "corpus"
    }
    citations: list[Citation] = []
    numbers: dict[str, int] = {}

    def replace(match: re.Match[str]) -> str:
        node_id = match.group(1)
        line_start = text.rfind("\n", 0, match.start()) + 1
        statement = text[line_start : match.start()]
        candidates = [p for p in found if p.node_id == node_id]
        if node_id in numbers:
            return f"[{numbers[node_id]}]"
        if candidates:
            best = max(candidates, key=lambda p: (_overlap(_best_quote(p, statement), statement), -p.rank))
            citation = Citation(
                doc_id=best.doc_id,
                node_id=node_id,
                title=best.title,
                line_start=best.line_start,
                line_end=best.line_end,
                quote=_best_quote(best, statement),
            )
        elif node_id in calc_sources:
            source = calc_sources[node_id]
            citation = Citation(
                doc_id=source["doc_id"],
                node_id=node_id,
                title=source.get("note") or node_id,
                line_start=source.get("line_start") or 0,
                line_end=source.get("line_end") or 0,
                quote=source.get("quote") or "",
            )
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
