"""The gap search: a keyword search for a Vietnamese question's topic word pairs ("trưởng kho") that none of the
evidence found so far contains. A specific name the ranked searches buried under the question's common words (one
row of a table among many) is found by itself; the planner then reads the table that names it. The gap search is a
probe for the planner, not evidence: a passing mention it finds elsewhere answers nothing."""

from __future__ import annotations

from agent.evidence import Passage, passages
from agent.language import language_of
from agent.terms import question_terms, words_of
from tools.registry import ToolRun

GAP_HITS = 3  # passages the gap search asks for


def _pairs_missing(question: str, found: list[Passage]) -> set[str]:
    terms = question_terms(question)
    padded = " ".join(f" {' '.join(words_of(f'{p.title} {p.text}', terms.accented))} " for p in found)
    return {b for b in terms.bigrams if f" {b} " not in padded}


def gap_query(question: str, runs: list[ToolRun]) -> str | None:
    """The keyword query for the question's word pairs no evidence holds, once a search has run."""
    if language_of(question) != "vi" or not any(r.name == "search" for r in runs):
        return None
    return " ".join(sorted(_pairs_missing(question, [p for r in runs for p in passages(r)]))) or None


def is_gap_probe(question: str, runs: list[ToolRun], index: int) -> bool:
    """Whether ``runs[index]`` is the gap search the offline planner made for this question."""
    run = runs[index]
    return (
        run.name == "search"
        and run.args.get("mode") == "keyword"
        and run.args.get("query") == gap_query(question, runs[:index])
    )


def _table_rows(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.lstrip().startswith("|")]


def gap_holders(question: str, runs: list[ToolRun]) -> list[str]:
    """Sections the gap search found with a table row holding a word pair the question asks about."""
    probes = [i for i in range(len(runs)) if is_gap_probe(question, runs, i)]
    if not probes:
        return []
    missing = _pairs_missing(
        question, [p for i, r in enumerate(runs) if i not in probes for p in passages(r)]
    )
    holders = []
    for p in passages(runs[probes[0]]):
        rows = [p.model_copy(update={"title": "", "text": row}) for row in _table_rows(p.text)]
        if ":" in p.node_id and rows and missing - _pairs_missing(question, rows):
            holders.append(p.node_id)
    return holders
