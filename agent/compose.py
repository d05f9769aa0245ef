"""Extractive answers: quote the evidence sentences that best cover the question, cite them, or refuse.

Used by the offline model for its final answer and by the graph's fallback path for any model. Markers
``[node_id]`` in the text say which passage each statement comes from; the answer node turns them into
numbered citations.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from agent.amendments import amended_clause, clause_number
from agent.evidence import Passage, calculator_result, passages
from agent.evidence import expansions as evidence_expansions
from agent.language import (
    Language,
    concept_words,
    english_concepts,
    language_of,
    phrase,
    refusal,
    states,
    stemmed,
    synonym_supported,
    wordings_with_heads,
)
from agent.terms import (
    Terms,
    coverage,
    is_topic,
    question_terms,
    unknown_topic_words,
    unsupported_words,
    words_of,
)
from indexes.spans import Unit, quote_of, split_units
from indexes.text import fold
from tools.registry import ToolRun
from tools.search_tools import SearchResult

REFUSAL_VI = refusal("vi")
_CLIP_RE = re.compile(r"\s*… \[đã cắt \d+ ký tự[^\]]*\]")
_NUMBER_RE = re.compile(r"\d")
MAX_UNITS = 3
UNKNOWN_TERMS_COVERAGE = 0.65  # the bar when the question names something no document mentions
UNKNOWN_SHARE = 0.1  # ... that is, when at least this share of its topic words appear in no document
UNSUPPORTED_COVERAGE = 0.45  # the bar when a share of its topic words appear in none of the evidence found
MAX_LIST_ITEMS = 6
MAX_TABLE_ROWS = 8  # a table this small is quoted whole when the question names none of its rows
# A regulation's scope article ("Phạm vi điều chỉnh": "this regulation covers conditions, amounts, interest,
# terms ...") names every topic and states no rule: quoted only when nothing else matches nearly as well.
_SCOPE_RE = re.compile(r"pham vi dieu chinh|doi tuong ap dung|\bscope\b")
SCOPE_WEIGHT = 0.5
# A worked example ("Ví dụ", "Worked example") illustrates a rule with one person's numbers: the rule itself is
# quoted unless the example matches far better.
_EXAMPLE_RE = re.compile(r"^(?:[\d.]+\s*)?(?:vi du|minh hoa|(?:worked )?examples?|e\.g\.)\b")
EXAMPLE_WEIGHT = 0.5
FOCUS_RATIO = 0.6
TITLE_WEIGHT = 1.0  # a section title's words count for each of its units (a unit rarely repeats its title)
GENERAL_CONCEPT_WEIGHT = 0.5  # general words (no HR topic) vouch for a passage half as much  # an expanded section is quoted unless another passage scores far better


@dataclass(frozen=True)
class Composed:
    text: str
    node_ids: list[str]
    refused: bool
    coverage: float


def passage_units(passage: Passage) -> list[Unit]:
    """The quotable units of a passage's text (clip notes of the tools dropped first)."""
    return split_units(_CLIP_RE.sub("", passage.text))


def _rank_units(
    passages: list[Passage], terms: Terms, quantity: bool
) -> list[tuple[float, Passage, int, str]]:
    sections = [p for p in passages if ":" in p.node_id]
    if sections:  # a document's preamble ("Căn cứ ...; ban hành ... như sau") answers nothing itself
        passages = sections
    split = [(p, i, u.text, u.context) for p in passages for i, u in enumerate(passage_units(p))]
    candidates = [(p, i, u) for p, i, u, _ in split]
    if not candidates:
        return []
    all_terms = terms.scoring | terms.words | terms.extra_words | terms.bigrams | terms.extra_bigrams
    padded_units = [f" {' '.join(words_of(f'{u} {c}', terms.accented))} " for _, _, u, c in split]
    df = {t: sum(1 for pu in padded_units if f" {t} " in pu) for t in all_terms}
    idf = {t: math.log(1 + len(candidates) / (1 + df[t])) for t in all_terms}
    scored = []
    asked_kinds = [kind for kind, (asks, _) in QUANTITY_KINDS.items() if asks.search(terms.question)]
    for (p, i, unit), padded in zip(candidates, padded_units, strict=True):
        title = f" {' '.join(words_of(p.title, terms.accented))} "
        score = sum(idf[t] * (2 if " " in t else 1) for t in all_terms if f" {t} " in padded)
        score += TITLE_WEIGHT * sum(idf[t] for t in all_terms if f" {t} " in title and f" {t} " not in padded)
        if score <= 0:
            continue
        if quantity and _NUMBER_RE.search(unit):
            score *= _quantity_weight(asked_kinds, unit)
        if _SCOPE_RE.search(fold(p.title)):
            score *= SCOPE_WEIGHT
        if _is_example(p, unit):
            score *= EXAMPLE_WEIGHT
        prior = 1.0 / (1 + p.rank) + (
            0.3 if p.tool in ("lookup_article", "lookup_rules", "expand_node") else 0.0
        )
        scored.append((score * (1 + 0.5 * prior), p, i, unit))
    return sorted(scored, key=lambda x: -x[0])


# The kind of quantity a question asks for (folded question) and how a unit states one (folded unit): "bao lâu"
# wants a duration, "bao nhiêu phần trăm" a percentage, "lúc mấy giờ" a time of day, "bao nhiêu tiền" an amount.
_DURATION = r"\d+\s*(?:ngay|thang|nam|tuan|gio|phut|days?|months?|years?|weeks?|hours?|minutes?)\b"
QUANTITY_KINDS: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "duration": (
        re.compile(
            r"\b(?:bao lau|trong vong bao nhieu|how long|how many (?:days|months|years|weeks|hours)|"
            r"(?:may|bao nhieu) (?:ngay|thang|nam|tuan|gio))\b"
        ),
        re.compile(_DURATION),
    ),
    "percent": (re.compile(r"\b(?:phan tram|percent|percentage|ty le)\b|%"), re.compile(r"\d\s*%")),
    "time_of_day": (
        re.compile(r"\b(?:luc may gio|may gio|what time|gio nao)\b"),
        re.compile(r"\b\d{1,2}\s*(?::|h)\s*\d{2}\b|\b\d{1,2}\s*gio\b"),
    ),
    "amount": (
        re.compile(r"\b(?:bao nhieu tien|so tien|muc tien|how much|what amount)\b"),
        re.compile(r"\d[\d.,]*\s*(?:dong|d\b|vnd|usd|trieu|ty)\b|\b(?:vnd|usd)\s*\d"),
    ),
}
QUANTITY_WEIGHT = 1.3  # a unit stating a number, when the question asks "how much / how many"
ASKED_KIND_WEIGHT = 1.6  # ... a number of the kind asked ("60 ngày" for "bao lâu")


def _quantity_weight(kinds: list[str], unit: str) -> float:
    if not kinds:
        return QUANTITY_WEIGHT
    folded = fold(unit)
    return ASKED_KIND_WEIGHT if any(QUANTITY_KINDS[k][1].search(folded) for k in kinds) else 1.0


def _is_example(passage: Passage, unit: str) -> bool:
    return bool(_EXAMPLE_RE.search(fold(passage.title).strip()) or _EXAMPLE_RE.search(fold(unit).strip()))


def _closest(passages: list[Passage], terms: Terms) -> list[str]:
    """The two sections that came closest to the question (for a refusal that says where it looked)."""
    ranked = sorted(passages, key=lambda p: (-coverage(p, terms), p.rank))
    return list(dict.fromkeys(f"{p.title} ({p.doc_id})" for p in ranked))[:2]


def _refuse(question: str, lang: Language, passages: list[Passage], terms: Terms, cover: float) -> Composed:
    return Composed(refusal(lang, question, _closest(passages, terms)), [], True, cover)


def _concept_cover(passage: Passage, question: str) -> float:
    """Share of an English question's lexicon concepts that a passage states (in English or Vietnamese): its HR
    topics, or, when it names none, half the share of its general words ("morning", "office")."""
    named = english_concepts(question)
    topics = [c for c in named if not c.general]
    concepts, weight = (topics, 1.0) if topics else (named, GENERAL_CONCEPT_WEIGHT)
    if not concepts:
        return 0.0
    text = f"{passage.title} {passage.text}"
    return weight * sum(states(c, text) for c in concepts) / len(concepts)


def _with_concepts(
    question: str, lang: Language, expansions: list[str] | None, passages: list[Passage]
) -> list[str]:
    """An English question's expansions plus the wordings the evidence uses for the specific concepts it
    names (a concept of generic words only, "staff", would favour every passage)."""
    if lang != "en":
        return list(expansions or [])
    evidence = " ".join(f" {stemmed(f'{p.title} {p.text}')} " for p in passages)
    specific = [c for c in english_concepts(question) if any(is_topic(w, False) for w in c.asked.split())]
    used = [w for c in specific for w in wordings_with_heads(c) if f" {w} " in evidence]
    return [*(expansions or []), *used]


def _quote(passage: Passage, picked: list[int]) -> str:
    """The picked units of a passage as one quote: spans of its text, " … " where text is skipped."""
    units = passage_units(passage)
    text = _CLIP_RE.sub("", passage.text)
    spans = [s for i in sorted(set(picked)) for s in units[i].spans]
    return quote_of(text, spans)


def _amendment_of(passage: Passage, index: int, passages: list[Passage]) -> tuple[Passage, int] | None:
    """The unit of the evidence that amends the clause ``passage``'s unit ``index`` states, if any."""
    number = clause_number(passage_units(passage)[index].text, passage.title)
    if number is None:
        return None
    for other in passages:
        for i, unit in enumerate(passage_units(other)):
            if amended_clause(unit.text) == number:
                return other, i
    return None


def _table_of(units: list[Unit], i: int) -> list[int]:
    """The rows of the table unit ``i`` is a row of (rows share their header's span)."""
    header = units[i].spans[0]
    return [j for j, u in enumerate(units) if u.kind == "row" and u.spans[0] == header]


def _with_table_rows(passage: Passage, picked: list[int], terms: Terms) -> list[int]:
    """A small table none of whose rows the question names by its own cells (it asks "how much per grade", not
    about "L4") is quoted whole, header first; otherwise the rows picked stay alone."""
    units = passage_units(passage)
    text = _CLIP_RE.sub("", passage.text)
    asked = terms.words | terms.extra_words | terms.bigrams | terms.extra_bigrams
    out = set(picked)
    for i in picked:
        if units[i].kind != "row":
            continue
        rows = _table_of(units, i)
        own = [
            f" {' '.join(words_of(text[units[j].spans[-1].start : units[j].spans[-1].end], terms.accented))} "
            for j in rows
        ]
        named = any(f" {t} " in cells for cells in own for t in asked)
        if len(rows) <= MAX_TABLE_ROWS and not named:
            out.update(rows)
    return sorted(out)


def _with_list_items(units: list[Unit], picked: list[int]) -> list[int]:
    """A unit that introduces a list ("... như sau:") brings its items (or the unit that continues it)."""
    out = list(picked)
    for i in picked:
        if units[i].text.rstrip().endswith(":"):
            j = i + 1
            while j < len(units) and j - i <= MAX_LIST_ITEMS and units[j].kind in ("item", "row"):
                out.append(j)
                j += 1
            if j == i + 1 and j < len(units):  # "(for normal work:" continues in the next unit
                out.append(j)
    return sorted(set(out))


def compose(
    question: str,
    passages: list[Passage],
    min_coverage: float,
    quantity: bool,
    expansions=None,
    unknown_terms: list[str] | None = None,
) -> Composed:
    """Quote the best evidence, or refuse when it does not cover the question: below ``min_coverage``, or
    below ``UNKNOWN_TERMS_COVERAGE`` when a share of the question's topic words appear in no document at all.
    Framing is in the question's language; quotes are verbatim spans of the sources, marked “…”."""
    lang = language_of(question)
    terms = question_terms(question, expansions)
    if not passages or not (terms.words or terms.extra_words):
        return _refuse(question, lang, passages, terms, 0.0)

    def cover(p: Passage) -> float:
        own = coverage(p, terms)
        return max(own, _concept_cover(p, question)) if lang == "en" else own

    best_cover = max(cover(p) for p in passages)
    named = english_concepts(question) if lang == "en" else []
    concepts = [c for c in named if not c.general]  # the HR topics it names (general words are no topic)
    texts = [f"{p.title} {p.text}" for p in passages]
    stated = [c for c in named if any(states(c, t) for t in texts)]
    found = [c for c in concepts if c in stated]
    paraphrased = concept_words(stated) | synonym_supported(question, texts)
    unknown = {w for w in unknown_topic_words(terms, unknown_terms, passages) if fold(w) not in paraphrased}
    if lang == "en":  # an English word no document has is an absent topic only when it names an HR concept
        unknown &= concept_words(concepts)
    unknown_share = len(unknown) / max(1, len(terms.words))
    # what the question asks about that none of the evidence states: a Vietnamese word, or an English concept
    missing = {w for w in unsupported_words(terms, passages) if fold(w) not in paraphrased}
    unsupported = len(missing) + len(concepts) - len(found)
    unsupported_share = unsupported / max(1, len(terms.words))
    if len(found) < len(concepts):  # an English question names a lexicon concept no evidence states
        return _refuse(question, lang, passages, terms, best_cover)
    if (
        best_cover < min_coverage
        or (unknown_share >= UNKNOWN_SHARE and best_cover < UNKNOWN_TERMS_COVERAGE)
        or (unsupported_share >= UNKNOWN_SHARE and best_cover < UNSUPPORTED_COVERAGE)
    ):
        return _refuse(question, lang, passages, terms, best_cover)
    ranking = question_terms(question, _with_concepts(question, lang, expansions, passages))
    scored = _rank_units([p for p in passages if cover(p) >= min_coverage], ranking, quantity)
    if not scored:
        return _refuse(question, lang, passages, terms, best_cover)
    top = scored[0]
    expanded = [x for x in scored if x[1].tool == "expand_node"]
    if expanded and expanded[0][0] >= FOCUS_RATIO * top[0]:
        top = expanded[0]  # the section the planner chose to read whole: quote it
    same = [x for x in scored if x[1] is top[1] and x[0] >= 0.5 * top[0]][:MAX_UNITS]
    picked = _with_list_items(passage_units(top[1]), [x[2] for x in same])
    picked = _with_table_rows(top[1], picked, ranking)
    amendment = _amendment_of(top[1], picked[0], passages)
    if amendment is not None:  # the clause was amended: quote the amendment, which states the rule now
        top, picked = (top[0], amendment[0], amendment[1], ""), [amendment[1]]
    quote = _quote(top[1], picked)
    parts = [f"{phrase('according', lang, title=top[1].title)}“{quote}” [{top[1].node_id}]"]
    node_ids = [top[1].node_id]
    for score, p, i, unit in scored:
        superseded = _amendment_of(p, i, passages) is not None
        if p.node_id not in node_ids and score >= 0.8 * top[0] and unit not in quote and not superseded:
            parts.append(f"{phrase('also', lang, title=p.title)}“{_quote(p, [i])}” [{p.node_id}]")
            node_ids.append(p.node_id)
            break
    return Composed("\n".join(parts), node_ids, False, best_cover)


_PARAM_WORDS: dict[str, dict[Language, str]] = {
    "days_per_year": {"vi": "số ngày phép năm", "en": "the yearly leave days"},
    "accrual_per_month": {"vi": "mức tích lũy mỗi tháng", "en": "the monthly accrual"},
    "seniority": {"vi": "phép thâm niên", "en": "the seniority bonus"},
    "usable_during_probation": {"vi": "việc dùng phép khi thử việc", "en": "leave use during probation"},
    "partial_month_min_share": {
        "vi": "cách tính tháng làm việc không trọn",
        "en": "how a partial month counts",
    },
    "carryover_until": {"vi": "hạn dùng phép năm cũ", "en": "the carry-over deadline"},
    "probation_days": {"vi": "thời gian thử việc", "en": "the probation length"},
}


def compose_calculation(result: dict, support: list[Passage], question: str) -> Composed:
    """The calculator's answer and steps in the question's language, citing the corpus rule behind each
    parameter and the best supporting passage; parameters no document states are named as defaults."""
    lang = language_of(question)
    english = lang == "en" and result.get("answer_en")
    lines = [result["answer_en"] if english else result["answer"], "", phrase("how", lang)]
    lines += (
        [f"- {s}" for s in result["steps_en"]] if english else [f"- {s['text']}" for s in result["steps"]]
    )
    sources = result.get("policy_sources", {})
    used = {s["rule"].split(" ", 1)[0] for s in result["steps"]}
    defaults = [
        _PARAM_WORDS[k][lang] for k, s in sources.items() if k in used and s.get("source") != "corpus"
    ]
    if defaults:
        lines.append(phrase("defaults", lang, params=", ".join(defaults)))
    corpus = [s for k, s in sources.items() if s.get("source") == "corpus" and (k in used or not used)]
    node_ids = list(dict.fromkeys(s["node_id"] for s in corpus if s.get("node_id")))
    terms = question_terms(question, _with_concepts(question, lang, [], support))
    # the corpus rules behind the figures are cited by their grounded spans; without any, the passage that best
    # states the rule (a worked example is one person's numbers, not a rule)
    ranked = (
        []
        if node_ids
        else [r for r in _rank_units(support, terms, quantity=True) if not _is_example(r[1], r[3])]
    )
    if ranked:
        _, passage, i, _ = ranked[0]
        lines.append(
            f"{phrase('basis', lang, title=passage.title)}“{_quote(passage, [i])}” [{passage.node_id}]"
        )
        node_ids = [passage.node_id, *(n for n in node_ids if n != passage.node_id)]
    if len(node_ids) > (1 if ranked else 0):
        lines.append(
            phrase("applied", lang) + " " + " ".join(f"[{n}]" for n in node_ids[1 if ranked else 0 :])
        )
    return Composed("\n".join(lines), node_ids, False, 1.0)


def compose_from_runs(
    question: str, runs: list[ToolRun], min_coverage: float, quantity: bool, expansions=None
) -> Composed:
    found = [p for run in runs for p in passages(run)]
    calc = calculator_result(runs)
    if calc is not None:
        return compose_calculation(calc, found, question)
    if expansions is None:
        expansions = evidence_expansions(runs)
    searches = [run.result for run in runs if isinstance(run.result, SearchResult)]
    unknown = searches[0].unknown_terms if searches else None
    return compose(question, found, min_coverage, quantity, expansions, unknown)
