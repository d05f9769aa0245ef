"""The gap search: a keyword search for a Vietnamese question's topic word pairs ("trưởng kho") that none of the
evidence found so far contains. A specific name the ranked searches buried under the question's common words (one
row of a table among many) is found by itself; the planner then reads the table that names it. The gap search is a
probe for the planner, not evidence: a passing mention it finds elsewhere answers nothing."""

from __future__ import annotations

import re

from agent.evidence import Passage, glossed, passages, stated_text
from agent.language import Concept, language_of, states, vietnamese_concepts
from agent.terms import question_terms, words_of
from indexes.text import fold, is_generic, is_stopword, nfc
from tools.registry import ToolRun

GAP_HITS = 3  # passages the gap search asks for
_WORD = re.compile(r"\w+")


def _pairs_missing(question: str, found: list[Passage]) -> set[str]:
    terms = question_terms(question)
    padded = " ".join(f" {' '.join(words_of(f'{p.title} {p.text}', terms.accented))} " for p in found)
    return {b for b in terms.bigrams if f" {b} " not in padded}


def _concepts_missing(question: str, found: list[Passage]) -> list[Concept]:
    texts = [stated_text(p) for p in map(glossed, found)]
    return [c for c in vietnamese_concepts(question) if not any(states(c, t) for t in texts)]


def gap_query(question: str, runs: list[ToolRun]) -> str | None:
    """The keyword query for the question's word pairs and lexicon topics no evidence holds, once a search ran."""
    if language_of(question) != "vi" or not any(r.name == "search" for r in runs):
        return None
    found = [p for r in runs for p in passages(r)]
    missing = sorted(_pairs_missing(question, found)) + [c.asked for c in _concepts_missing(question, found)]
    return " ".join(dict.fromkeys(missing)) or None


def _pairs_of(concept: Concept) -> set[str]:
    """The word pairs of a topic's Vietnamese wordings that carry its meaning: pairs with a word every regulation
    uses ("tháng", "tiền", "công ty") are left out ("lương tháng 13" keeps none but "tháng thứ 13" keeps "thứ 13")."""
    pairs = set()
    for wording in concept.vietnamese:
        words = _WORD.findall(fold(wording))
        pairs |= {
            f"{a} {b}"
            for a, b in zip(words, words[1:], strict=False)
            if not (is_generic(a, False) or is_generic(b, False))
        }
    return pairs


def _shared_words(concept: Concept) -> set[str]:
    """The words every Vietnamese wording of a topic has, with their accents ("nghỉ" of "nghỉ ốm", "nghỉ ốm đau",
    "nghỉ bệnh"; "chính thức" of "nhân viên chính thức", "lao động chính thức")."""
    wordings = [set(_WORD.findall(nfc(w).lower())) for w in concept.vietnamese]
    return set.intersection(*wordings) if wordings else set()


def _meaningful(pair: str) -> bool:
    return not any(is_generic(w, False) or is_stopword(w, False) for w in pair.split())


def _mention_pairs(concept: Concept) -> tuple[set[str], set[str]]:
    """The folded word pairs a sentence may paraphrase a topic with, and the words (accented) it must hold beside
    one. Several words all its wordings share are the mention itself: their meaningful pairs in the question's
    wording ("thời hiệu" of "thời hiệu xử lý kỷ luật (lao động)"). One shared word that opens the question's
    wording is the kind the topic is of ("nghỉ" of "nghỉ ốm", "nghỉ bệnh"; Vietnamese puts the head first): a
    pair beside it must hold a word the wording adds to it ("ốm": "nghỉ hưởng" of "nghỉ hưởng chế độ ốm đau" is
    any paid leave, "ốm đau" alone a loan's hardship), or, when no pair does, any of its pairs beside it.
    Otherwise, or when that leaves none, any meaningful pair of a wording, anywhere."""
    shared = _shared_words(concept)
    folded = {fold(w) for w in shared}
    asked = _WORD.findall(concept.asked)
    pairs = _pairs_of(concept)
    if len(shared) > 1:
        own = {f"{a} {b}" for a, b in zip(asked, asked[1:], strict=False) if {a, b} <= folded}
        return {b for b in own if _meaningful(b)} or pairs, set()
    if shared and asked[:1] == sorted(folded):
        adds = set(asked) - folded
        return {b for b in pairs if adds & set(b.split())} or pairs, shared
    return pairs, set()


# where a sentence ends: ". ", "! ", "? ", "; " or a line break (a list item, a table row); not ":", whose lead-in
# ("… trong các trường hợp sau:") says what the items after it are about
_SENTENCE = re.compile(r"(?<=[.;!?])\s+|\n+")


def _mentions(concept: Concept, found: list[Passage]) -> bool:
    """Whether the passages state a topic, or one sentence paraphrases it (``_mention_pairs``) with the words it
    must hold in that sentence or in its section's title: a paraphrase ("nghỉ không hưởng lương") keeps it
    possible that the documents regulate it."""
    if any(states(concept, stated_text(p)) for p in map(glossed, found)):
        return True
    pairs, beside = _mention_pairs(concept)
    for passage in map(glossed, found):
        title = set(_WORD.findall(nfc(passage.title).lower()))
        for sentence in _SENTENCE.split(stated_text(passage)):
            padded = f" {' '.join(_WORD.findall(fold(sentence)))} "
            here = title | set(_WORD.findall(nfc(sentence).lower()))
            if beside <= here and any(f" {b} " in padded for b in pairs):
                return True
    return False


def absent_topics(question: str, runs: list[ToolRun]) -> list[str]:
    """The lexicon topics the question names ("lương tháng 13", "thưởng Tết") that neither the evidence nor the
    gap search found, in any wording or any meaningful word pair of one: no document regulates them, and an
    answer would come from a neighbouring topic."""
    probes = gap_probes(question, runs)
    if not probes:
        return []
    found = [p for r in runs for p in passages(r)]
    return [c.asked for c in _concepts_missing(question, found) if not _mentions(c, found)]


def gap_probes(question: str, runs: list[ToolRun]) -> list[int]:
    """The indices of the runs that are this question's gap searches (one at most, from the offline planner)."""
    return [i for i in range(len(runs)) if is_gap_probe(question, runs, i)]


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
    probes = gap_probes(question, runs)
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
