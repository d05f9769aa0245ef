"""The gap search: a keyword search for a Vietnamese question's topic word pairs ("trưởng kho") that none of the
evidence found so far contains. A specific name the ranked searches buried under the question's common words (one
row of a table among many) is found by itself; the planner then reads the table that names it. The gap search is a
probe for the planner, not evidence: a passing mention it finds elsewhere answers nothing."""

from __future__ import annotations

import re

from agent.evidence import Passage, glossed, passages, stated_text
from agent.language import Concept, language_of, states, vietnamese_concepts
from agent.quote_units import passage_units
from agent.terms import question_terms, words_of
from indexes.text import fold, is_generic
from indexes.text import words as accented_words
from tools.registry import ToolRun

GAP_HITS = 3  # passages the gap search asks for
_WORD = re.compile(r"\w+")


def _pairs_missing(question: str, found: list[Passage]) -> set[str]:
    """The question's word pairs no evidence holds, but for the seam of two pairs it holds: "trợ hỗ" of "quỹ tương
    trợ hỗ trợ" joins two compounds ("tương trợ", "hỗ trợ") and names nothing."""
    terms = question_terms(question)
    padded = " ".join(f" {' '.join(words_of(f'{p.title} {p.text}', terms.accented))} " for p in found)
    held = {b for b in terms.bigrams if f" {b} " in padded}
    ends = {b.split()[-1] for b in held}
    starts = {b.split()[0] for b in held}
    return {b for b in terms.bigrams - held if not (b.split()[0] in ends and b.split()[-1] in starts)}


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
    wordings = [set(accented_words(w)) for w in concept.vietnamese]
    return set.intersection(*wordings) if wordings else set()


# Vietnamese function words (accented): a pair with one says nothing of a topic ("có phép", "của nước")
_FUNCTION_WORDS = frozenset(
    "có của cho và được các những một thì là về với theo tại trong khi nếu không đã sẽ bị do từ đến".split()
)


def _meaningful(a: str, b: str) -> bool:
    """Whether a pair of accented words may name a topic: neither a word every regulation uses nor a function
    word (accents decide: "bảo", "tài" are not "bao", "tại")."""
    return not any(is_generic(w, True) or w in _FUNCTION_WORDS for w in (a, b))


def _matched_wording(concept: Concept) -> list[str]:
    """The accented words of the wording the question used for a topic (its first wording if none folds to it)."""
    for wording in concept.vietnamese:
        accented = accented_words(wording)
        if " ".join(fold(w) for w in accented) == concept.asked:
            return accented
    return accented_words(concept.vietnamese[0]) if concept.vietnamese else []


def _mention_pairs(concept: Concept) -> tuple[set[str], set[str]]:
    """The folded word pairs a unit may paraphrase a topic with, and the accented words it must hold beside
    one (in it or in what frames it, ``_framed_units``). Several words all its wordings share are the mention
    itself: their meaningful pairs in the question's wording ("thời hiệu" of "thời hiệu xử lý kỷ luật (lao
    động)"), or, when none is, their pairs ("chính thức" of "nhân viên / lao động chính thức"). One shared word
    that opens the question's wording is the kind the topic is of ("nghỉ" of "nghỉ ốm", "nghỉ bệnh"; Vietnamese
    puts the head first): a pair beside it must hold a word the wording adds to it ("ốm": "nghỉ hưởng" of "nghỉ
    hưởng chế độ ốm đau" is any paid leave, "ốm đau" alone a loan's hardship), or any of its pairs when none
    does. Otherwise any meaningful pair of a wording, anywhere."""
    shared = _shared_words(concept)
    asked = _WORD.findall(concept.asked)
    pairs = _pairs_of(concept)
    if len(shared) > 1:
        words = _matched_wording(concept)
        own = [(a, b) for a, b in zip(words, words[1:], strict=False) if {a, b} <= shared]
        chosen = [x for x in own if _meaningful(*x)] or own
        return ({fold(f"{a} {b}") for a, b in chosen} or pairs), (set() if chosen else shared)
    if shared and asked[:1] == [fold(w) for w in shared]:
        adds = set(asked) - {fold(w) for w in shared}
        return {b for b in pairs if adds & set(b.split())} or pairs, shared
    return pairs, set()


def _accented(text: str) -> set[str]:
    return set(accented_words(text))


# the marks that open a list item or a table row ("- ", "2. ", "a) ", "| ")
_NUMBERING = re.compile(r"^(?:[-*•+|\s]|\d+[.)]|[a-zđ][.)]\s)+")


def _framed_units(passage: Passage) -> list[tuple[str, set[str]]]:
    """Each quotable unit of a passage (``passage_units``: a sentence, a list item, a table row with its header)
    with the accented words of what introduces it (a list's lead-in, "… trong các trường hợp sau:"); the section
    title frames a unit that opens with what it states ("2. Ốm đau: …" under "Nghỉ việc hưởng chế độ") and is
    added by the caller."""
    return [(unit.text, _accented(unit.context)) for unit in passage_units(passage)]


def _mentions(concept: Concept, found: list[Passage]) -> bool:
    """Whether the passages state a topic, or one unit (``_framed_units``) paraphrases it (``_mention_pairs``)
    with the words it must hold in it or in what frames it: a paraphrase ("nghỉ không hưởng lương") keeps it possible that the
    documents regulate it. A text written without accents is compared without them."""
    if any(states(concept, stated_text(p)) for p in map(glossed, found)):
        return True
    pairs, beside = _mention_pairs(concept)
    for passage in map(glossed, found):
        title = _accented(passage.title)
        for unit, context in _framed_units(passage):
            words = _WORD.findall(fold(unit))
            padded = f" {' '.join(words)} "
            held = [b for b in pairs if f" {b} " in padded]
            if not held:
                continue
            opening = " ".join(_WORD.findall(fold(_NUMBERING.sub("", unit.lower())))[:2])
            frame = context | (title if opening in held else set())
            here = _accented(unit) | frame
            if fold(unit) == unit.lower():  # no accents: compare without them
                here, need = {fold(w) for w in here}, {fold(w) for w in beside}
            else:
                need = beside
            if need <= here:
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
