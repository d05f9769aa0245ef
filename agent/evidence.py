"""Evidence from tool results: passages with where they come from, and the calculator's result.

The graph keeps tool runs as JSON records (its state is checkpointed); ``tool_runs`` turns them back into typed
``ToolRun``s once, and everything here reads the typed results by their type, never by tool name.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from indexes.location import Location
from indexes.search.query_terms import query_language, vietnamese_gloss
from indexes.search.retrieval import GLOBAL
from indexes.text import canonical_hr_english
from tools.calculation import CalculationResult
from tools.registry import ToolRun
from tools.rule_tools import RuleResult
from tools.search_tools import ArticleResult, SearchResult
from tools.tree_tools import NodeChildren, NodeText


class Passage(Location):
    text: str
    tool: str
    rank: int  # 0 = the tool's best
    scope: str = ""  # the tenant its document belongs to ("global": shared, such as national law), when known


def shared_documents(passages: list[Passage]) -> set[str]:
    """The documents of the shared global scope (national law) among the passages, as their search hits say
    (a passage from another tool carries no scope: its document's hits tell)."""
    return {p.doc_id for p in passages if p.scope == GLOBAL}


# A Vietnamese question may word a topic in any of the lexicon entry's terms ("công tác phí", "phụ cấp lưu
# trú"): the answer's checks read an English passage through all of them (BM25's index keeps the first two).
GLOSS_TERMS = 100


@functools.lru_cache(maxsize=4096)
def gloss(text: str) -> str:
    """The lexicon's Vietnamese terms for the English terms of a text written in English ("" otherwise): how a
    Vietnamese question's words are found in an English passage, in any of the lexicon's wordings (the text read
    in the standard HR terms, ``canonical_hr_english``)."""
    if query_language(text) != "en":
        return ""
    # read in the standard terms too: a handbook's "PTO" is the annual leave, its "trial period" the probation
    return vietnamese_gloss(canonical_hr_english(text), per_entry=GLOSS_TERMS)


def glossed(passage: Passage) -> Passage:
    """The passage with its title and text followed by their glosses, for checking what it states (never for
    quoting: the offsets are the original text's)."""
    added = f"{gloss(passage.title)} {gloss(passage.text)}".strip()
    return passage.model_copy(update={"text": f"{passage.text}\n{added}"}) if added else passage


_TABLE_HEADER = re.compile(r"^\|(.+)\|\s*\n\|[\s:|-]+\|\s*$", re.MULTILINE)


def table_phrases(passage: Passage) -> list[str]:
    """The section title beside each column heading of its tables ("Phụ cấp cố định hằng tháng Điện thoại"): a
    cell means its section's subject and its column (a phone allowance), which the flattened table keeps apart."""
    return [
        f"{passage.title} {cell.strip()}"
        for header in _TABLE_HEADER.finditer(passage.text)
        for cell in header.group(1).split("|")
        if cell.strip()
    ]


def stated_text(passage: Passage) -> str:
    """What a passage states, for checking the question's topics: its title, its text and its table phrases."""
    return " \n".join([f"{passage.title} {passage.text}", *table_phrases(passage)])


def headings_above(passage: Passage) -> str:
    """The headings between the document's title and the section's own ("I. QUỸ TƯƠNG TRỢ CBNV" above "2. Điều
    kiện vay"): what its units are about, more broadly. The document's title names all its topics: left out."""
    path = passage.title_path[1:]
    return " ".join(path[: path.index(passage.title)]) if passage.title in path else ""


def tool_runs(records: list[dict[str, Any]] | None) -> list[ToolRun]:
    """The typed runs of the graph state's JSON records."""
    return [ToolRun.from_record(r) for r in records or []]


def passages(run: ToolRun) -> list[Passage]:
    """The passages one tool result offers as evidence; failures and the calculator give none."""
    result, tool = run.result, run.name
    if isinstance(result, SearchResult):
        return [_passage(h, h.text, tool, i, h.scope) for i, h in enumerate(result.hits)]
    if isinstance(result, ArticleResult):
        return [_passage(m, m.text, tool, i) for i, m in enumerate(result.matches)]
    if isinstance(result, RuleResult):
        return [
            Passage(
                doc_id=r.doc_id,
                node_id=r.node_id,
                title=r.section or r.node_id,
                line_start=r.line_start or 0,
                line_end=r.line_end or 0,
                text=r.text,
                tool=tool,
                rank=i,
            )
            for i, r in enumerate(result.rules)
        ]
    if isinstance(result, NodeText):
        return [_passage(result, result.text, tool, 0)]
    if isinstance(result, NodeChildren):
        return [
            Passage(
                doc_id=result.doc_id,
                node_id=c.node_id,
                title=c.title,
                line_start=c.line_start,
                line_end=c.line_end,
                text=c.summary,
                tool=tool,
                rank=i,
            )
            for i, c in enumerate(result.children)
        ]
    return []


def _passage(where: Location, text: str, tool: str, rank: int, scope: str = "") -> Passage:
    return Passage(**where.location().model_dump(), text=text, tool=tool, rank=rank, scope=scope)


def expansions(runs: list[ToolRun]) -> list[str]:
    """The query expansions (glossary, English terms) the searches of this turn used."""
    return [e for run in runs if isinstance(run.result, SearchResult) for e in run.result.expansions]


def staff_groups(runs: list[ToolRun]) -> list[str]:
    """The staff groups of the jobs the searches of this turn named ("L3 – Licensed Professional")."""
    return list(
        dict.fromkeys(
            g for run in runs if isinstance(run.result, SearchResult) for g in run.result.staff_groups
        )
    )


def job_words(runs: list[ToolRun]) -> set[str]:
    """The words by which the searches of this turn found the asker's job in a staff group ("le", "tan" of
    "Nhân viên lễ tân"), folded: who asks, which a rule for every employee need not say."""
    return {w for run in runs if isinstance(run.result, SearchResult) for w in run.result.job_words}


def calculation(runs: list[ToolRun]) -> CalculationResult | None:
    """The last successful calculator result of this turn (annual leave, probation end, overtime, personal leave)."""
    return next((r.result for r in reversed(runs) if isinstance(r.result, CalculationResult)), None)


def calculator_result(runs: list[ToolRun]) -> dict[str, Any] | None:
    """The last successful calculator result of this turn, as JSON (what answers quote and check)."""
    calc = calculation(runs)
    return calc.model_dump(mode="json") if calc else None
