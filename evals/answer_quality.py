"""What an answer must hold beyond being right: exact span quotes, the question's language, calculator
citations with real line ranges. The company sets (held-out, dev) live in ``evals/company_sets.py``."""

from __future__ import annotations

from agent.answer import FinalAnswer
from agent.language import framing_language
from evals.golden import GoldenItem
from indexes.spans import quote_matches
from indexes.store.published_index import IndexStore

LANGUAGES = ("vi", "en")


def answer_checks(item: GoldenItem, answer: FinalAnswer, store: IndexStore) -> dict:
    """Per answer: citations whose quote is exactly their spans of the stored text; the framing's language;
    for a calculation, citations with a real line range."""
    exact = 0
    for c in answer.citations:
        source = store.source_text(c.doc_id)
        exact += bool(source) and quote_matches(source, c.quote, c.spans, c.line_start, c.line_end)
    calc = answer.calculation is not None
    return {
        "citations": len(answer.citations),
        "exact_quotes": exact,
        "answer_lang": framing_language(answer.answer),
        "calc_citations": len(answer.citations) if calc else 0,
        "calc_citations_with_lines": sum(c.line_start > 0 and bool(c.spans) for c in answer.citations)
        if calc
        else 0,
    }


def _share(hit: int, total: int) -> float:
    return round(hit / total, 4) if total else 1.0


def quality_metrics(rows: list[dict]) -> dict[str, float]:
    """Quote exactness, answer-language match and accuracy, overall and per language."""
    out = {
        "quote_exactness": _share(sum(r["exact_quotes"] for r in rows), sum(r["citations"] for r in rows)),
        "answer_language_match": _share(sum(r["answer_lang"] == r["lang"] for r in rows), len(rows)),
        "calc_citations_with_lines": _share(
            sum(r["calc_citations_with_lines"] for r in rows), sum(r["calc_citations"] for r in rows)
        ),
    }
    for lang in LANGUAGES:
        mine = [r for r in rows if r["lang"] == lang]
        if mine:
            out[f"accuracy_{lang}"] = _share(sum(r["ok"] for r in mine), len(mine))
            out[f"answer_language_match_{lang}"] = _share(
                sum(r["answer_lang"] == lang for r in mine), len(mine)
            )
    return out
