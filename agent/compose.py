"""Extractive answers: quote the evidence sentences that best cover the question, cite them, or refuse.

Used by the offline model for its final answer and by the graph's fallback path for any model. Markers
``[node_id]`` in the text say which passage each statement comes from; the answer node turns them into
numbered citations.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from agent.evidence import Passage, calculator_result, passages
from agent.evidence import expansions as evidence_expansions
from indexes.text import fold, has_diacritics, is_generic, is_stopword, nfc, sentences
from tools.registry import ToolRun
from tools.search_tools import SearchResult

REFUSAL_VI = (
    "Tôi không tìm thấy quy định nào trong tài liệu của công ty trả lời câu hỏi này. "
    "Bạn có thể hỏi bộ phận Nhân sự để được hướng dẫn."
)
# Sentences that address the assistant instead of employees: quoting them would pass the attack on.
_INJECTION_RE = re.compile(
    r"ignore (?:all |any )?(?:previous|prior|above|earlier) (?:instructions|rules)|disregard (?:the|all) "
    r"|system prompt|you are now|bo qua (?:moi|tat ca|cac) (?:chi dan|huong dan|quy tac)|goi cong cu|"
    r"call (?:the )?(?:tool|calculate_leave|search)"
)
_CLIP_RE = re.compile(r"\s*… \[đã cắt \d+ ký tự[^\]]*\]")
_NUMBER_RE = re.compile(r"\d")
MAX_UNITS = 3
UNKNOWN_TERMS_COVERAGE = 0.65  # the bar when the question names something no document mentions
UNKNOWN_SHARE = 0.1  # ... that is, when at least this share of its topic words appear in no document
UNSUPPORTED_COVERAGE = 0.45  # the bar when a share of its topic words appear in none of the evidence found
MAX_LIST_ITEMS = 6
_LIST_ITEM_RE = re.compile(r"^(?:[a-zđ]\)|\d+[.)]|[-–•])\s")
# A regulation's scope article ("Phạm vi điều chỉnh": "this regulation covers conditions, amounts, interest,
# terms ...") names every topic and states no rule: quoted only when nothing else matches nearly as well.
_SCOPE_RE = re.compile(r"pham vi dieu chinh|doi tuong ap dung|\bscope\b")
SCOPE_WEIGHT = 0.5
FOCUS_RATIO = 0.6  # an expanded section is quoted unless another passage scores far better


@dataclass(frozen=True)
class Composed:
    text: str
    node_ids: list[str]
    refused: bool
    coverage: float


@dataclass(frozen=True)
class Terms:
    words: frozenset[str]  # topic words of the question
    bigrams: frozenset[str]  # adjacent topic words ("nghỉ phép")
    extra_words: frozenset[str]  # from glossary expansions
    extra_bigrams: frozenset[str]
    accented: bool  # the question has diacritics: match them exactly ("thú cưng" is not "thứ cùng")
    scoring: frozenset[str] = frozenset()  # every non-question word and bigram: ranks sentences


def _words(text: str, accented: bool = False) -> list[str]:
    """Words, lower-cased (folded unless ``accented``); numbers without leading zeros ("05" is "5")."""
    found = re.findall(r"\w+", nfc(text).lower() if accented else fold(text))
    return [w.lstrip("0") or "0" if w.isdigit() else w for w in found]


def _topic(words: list[str], accented: bool) -> tuple[set[str], set[str]]:
    keep = [w if not is_stopword(w, accented) and not is_generic(w, accented) else None for w in words]
    topic = {w for w in keep if w}
    bigrams = {f"{a} {b}" for a, b in zip(keep, keep[1:], strict=False) if a and b}
    return topic, bigrams


def question_terms(question: str, expansions: list[str] | None = None) -> Terms:
    accented = has_diacritics(question)
    words, bigrams = _topic(_words(question, accented), accented)
    extra_words: set[str] = set()
    extra_bigrams: set[str] = set()
    for phrase in expansions or []:
        w, b = _topic(_words(phrase, accented), accented)
        extra_words |= w
        extra_bigrams |= b
    plain = [w for w in _words(question, accented) if not is_stopword(w, accented)]
    scoring = set(plain) | {f"{a} {b}" for a, b in zip(plain, plain[1:], strict=False)}
    terms = (words, bigrams, extra_words, extra_bigrams)
    return Terms(*(frozenset(t) for t in terms), accented, frozenset(scoring))


def _cover(words: frozenset[str], bigrams: frozenset[str], text_words: set[str], padded: str) -> float:
    total = len(words) + 2 * len(bigrams)
    if not total:
        return 0.0
    hit = sum(1 for w in words if w in text_words) + sum(2 for b in bigrams if f" {b} " in padded)
    return hit / total


def coverage(passage: Passage, terms: Terms) -> float:
    """How much of the question's topic a passage holds (0..1); expansions count as an alternative wording."""
    words = _words(f"{passage.title} {passage.text}", terms.accented)
    padded = f" {' '.join(words)} "
    own = _cover(terms.words, terms.bigrams, set(words), padded)
    alt = _cover(terms.extra_words, terms.extra_bigrams, set(words), padded) if terms.extra_words else 0.0
    return max(own, alt)


def unsupported_words(terms: Terms, passages: list[Passage]) -> set[str]:
    """Topic words of a question written with diacritics that none of the evidence contains: the corpus may
    know the word elsewhere ("trưa" in "nghỉ trưa"), but what was found about the question never says it."""
    if not terms.accented:
        return set()  # without accents (or in English) a word's absence is weak evidence
    seen: set[str] = set()
    for p in passages:
        seen.update(_words(f"{p.title} {p.text}", True))
    return {w for w in terms.words if w not in seen and not w.isdigit()}


def split_units(text: str) -> list[tuple[str, str]]:
    """(unit, context) pairs: sentences, list items and table rows, without markup or clip notes.

    A table row's context is the table's header and the sentence that introduces the table, so that
    "Nhóm 3 – Nhân viên | 250.000 đồng/ngày" can be matched to a question about per-diem.
    """
    out: list[tuple[str, str]] = []
    lines = [ln.strip() for ln in _CLIP_RE.sub("", text).split("\n")]
    header, intro = "", ""
    for i, line in enumerate(lines):
        if (
            not line
            or re.fullmatch(r"[|:\-\s]+", line)
            or line.startswith("#")
            or _INJECTION_RE.search(fold(line))
        ):
            continue
        if line.startswith("|"):
            cells = " | ".join(c.strip() for c in line.strip("|").split("|"))
            if i + 1 < len(lines) and re.fullmatch(r"\|?[\s:|-]+\|?", lines[i + 1] or "x"):
                header = cells  # the header row: context for the rows below, not a unit itself
                continue
            out.append((cells, f"{intro} {header}"))
            continue
        header = ""
        for unit in sentences(re.sub(r"^[-*+]\s+|\*\*", "", line)):
            if not _INJECTION_RE.search(fold(unit)):
                out.append((unit, ""))
                intro = unit
    return out


def units(text: str) -> list[str]:
    return [u for u, _ in split_units(text)]


def _rank_units(
    passages: list[Passage], terms: Terms, quantity: bool
) -> list[tuple[float, Passage, int, str]]:
    sections = [p for p in passages if ":" in p.node_id]
    if sections:  # a document's preamble ("Căn cứ ...; ban hành ... như sau") answers nothing itself
        passages = sections
    split = [(p, i, u, c) for p in passages for i, (u, c) in enumerate(split_units(p.text))]
    candidates = [(p, i, u) for p, i, u, _ in split]
    if not candidates:
        return []
    all_terms = terms.scoring | terms.words | terms.extra_words | terms.bigrams | terms.extra_bigrams
    padded_units = [f" {' '.join(_words(f'{u} {c}', terms.accented))} " for _, _, u, c in split]
    df = {t: sum(1 for pu in padded_units if f" {t} " in pu) for t in all_terms}
    idf = {t: math.log(1 + len(candidates) / (1 + df[t])) for t in all_terms}
    scored = []
    for (p, i, unit), padded in zip(candidates, padded_units, strict=True):
        title = f" {' '.join(_words(p.title, terms.accented))} "
        score = sum(idf[t] * (2 if " " in t else 1) for t in all_terms if f" {t} " in padded)
        score += 0.5 * sum(idf[t] for t in all_terms if f" {t} " in title and f" {t} " not in padded)
        if score <= 0:
            continue
        if quantity and _NUMBER_RE.search(unit):
            score *= 1.3
        if _SCOPE_RE.search(fold(p.title)):
            score *= SCOPE_WEIGHT
        prior = 1.0 / (1 + p.rank) + (
            0.3 if p.tool in ("lookup_article", "lookup_rules", "expand_node") else 0.0
        )
        scored.append((score * (1 + 0.5 * prior), p, i, unit))
    return sorted(scored, key=lambda x: -x[0])


def compose(
    question: str,
    passages: list[Passage],
    min_coverage: float,
    quantity: bool,
    expansions=None,
    unknown_terms: list[str] | None = None,
) -> Composed:
    """Quote the best evidence, or refuse when it does not cover the question: below ``min_coverage``, or
    below ``UNKNOWN_TERMS_COVERAGE`` when a share of the question's topic words appear in no document at all."""
    terms = question_terms(question, expansions)
    if not passages or not (terms.words or terms.extra_words):
        return Composed(REFUSAL_VI, [], True, 0.0)
    best_cover = max(coverage(p, terms) for p in passages)
    unknown_share = len(unknown_terms or []) / max(1, len(terms.words))
    unsupported_share = len(unsupported_words(terms, passages)) / max(1, len(terms.words))
    if (
        best_cover < min_coverage
        or (unknown_share >= UNKNOWN_SHARE and best_cover < UNKNOWN_TERMS_COVERAGE)
        or (unsupported_share >= UNKNOWN_SHARE and best_cover < UNSUPPORTED_COVERAGE)
    ):
        return Composed(REFUSAL_VI, [], True, best_cover)
    scored = _rank_units([p for p in passages if coverage(p, terms) >= min_coverage], terms, quantity)
    if not scored:
        return Composed(REFUSAL_VI, [], True, best_cover)
    top = scored[0]
    expanded = [x for x in scored if x[1].tool == "expand_node"]
    if expanded and expanded[0][0] >= FOCUS_RATIO * top[0]:
        top = expanded[0]  # the section the planner chose to read whole: quote it
    same = [x for x in scored if x[1] is top[1] and x[0] >= 0.5 * top[0]][:MAX_UNITS]
    picked = sorted({x[2] for x in same})
    all_units = units(top[1].text)
    for i in list(picked):  # a unit that introduces a list ("... như sau:") needs its items
        if all_units[i].rstrip().endswith(":"):
            j = i + 1
            while j < len(all_units) and j - i <= MAX_LIST_ITEMS and _LIST_ITEM_RE.match(all_units[j]):
                picked.append(j)
                j += 1
            if j == i + 1 and j < len(all_units):  # "(for normal work:" continues in the next unit
                picked.append(j)
    quote = " ".join(all_units[i] for i in sorted(set(picked)))
    parts = [f"Theo {top[1].title}: {quote} [{top[1].node_id}]"]
    node_ids = [top[1].node_id]
    for score, p, _, unit in scored:
        if p.node_id not in node_ids and score >= 0.8 * top[0] and unit not in quote:
            parts.append(f"Ngoài ra, {p.title}: {unit} [{p.node_id}]")
            node_ids.append(p.node_id)
            break
    return Composed("\n".join(parts), node_ids, False, best_cover)


def compose_calculation(result: dict, support: list[Passage], question: str) -> Composed:
    """The calculator's answer and steps, citing the corpus rules it applied and the best supporting passage."""
    lines = [result["answer"], "", "Cách tính:"]
    lines += [f"- {s['text']}" for s in result["steps"]]
    sources = [s for s in result.get("policy_sources", {}).values() if s.get("source") == "corpus"]
    node_ids = list(dict.fromkeys(s["node_id"] for s in sources if s.get("node_id")))
    ranked = _rank_units(support, question_terms(question), quantity=True)
    if ranked:
        _, passage, _, unit = ranked[0]
        lines.append(f"Căn cứ: {passage.title}: {unit} [{passage.node_id}]")
        node_ids = [passage.node_id, *(n for n in node_ids if n != passage.node_id)]
    if len(node_ids) > (1 if ranked else 0):
        lines.append("Quy định áp dụng: " + " ".join(f"[{n}]" for n in node_ids[1 if ranked else 0 :]))
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
