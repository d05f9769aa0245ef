"""Extractive answers: quote the evidence sentences that best cover the question, cite them, or refuse.

Used by the offline model for its final answer and by the graph's fallback path for any model. Markers
``[node_id]`` in the text say which passage each statement comes from; the answer node turns them into
numbered citations.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from agent.beneficiary import family_benefit, names_family
from agent.counted import asked_count, states_count
from agent.destinations import country_name, covers_destination, destination_words, foreign_destination
from agent.evidence import (
    Passage,
    calculator_result,
    gloss,
    glossed,
    headings_above,
    job_words,
    passages,
    shared_documents,
    staff_groups,
    stated_text,
    table_phrases,
)
from agent.evidence import expansions as evidence_expansions
from agent.gaps import absent_topics, gap_probes
from agent.kinship import RELATION_NAMES, asked_relative, distant_relative, left_out, subject_relative
from agent.language import (
    PARAM_WORDS,
    Concept,
    Language,
    asked_concepts,
    concept_words,
    english_concepts,
    english_hyponyms,
    language_of,
    narrower_concepts,
    part_concepts,
    phrase,
    refusal,
    states,
    states_in_order,
    stemmed,
    synonym_supported,
    vietnamese_concepts,
    wordings_with_heads,
)
from agent.question import analyse, asks_year_total
from agent.question_parts import MAX_PARTS, circumstances, part_queries, searches_by_part
from agent.quote_units import (
    QUANTITY_KINDS,
    ScoredUnit,
    amendment_of,
    is_example,
    passage_units,
    quantity_kinds,
    quote_units,
    rank_units,
    split_text,
    states_asked_kind,
    unit_index,
    update_of,
    with_list_items,
    with_table_rows,
)
from agent.terms import (
    GROUPED_DIGITS,
    Terms,
    coverage,
    duration_wordings,
    is_topic,
    question_terms,
    unknown_topic_words,
    unsupported_words,
    without_anyone,
    words_of,
)
from indexes.search.lexicon import default_lexicon, topic_spans
from indexes.search.retrieval import GLOBAL
from indexes.spans import Unit
from indexes.staff_groups import asker_only
from indexes.text import fold, has_diacritics, nfc, topic_words
from tools.registry import ToolRun
from tools.search_tools import SearchResult

REFUSAL_VI = refusal("vi")
MAX_UNITS = 3
UNKNOWN_TERMS_COVERAGE = 0.65  # the bar when the question names something no document mentions
UNKNOWN_SHARE = 0.1  # ... that is, when at least this share of its topic words appear in no document
UNSUPPORTED_COVERAGE = 0.45  # the bar when a share of its topic words appear in none of the evidence found
# an expanded section (the one the planner chose to read whole) is quoted unless another passage scores more than
# 1/0.45 (about 2.2) times as well (dev folds against 0.6: 0.45 +3, 0.3 +2, 0.8 −13)
FOCUS_RATIO = 0.45
# a unit stating what an English question's asking clauses name is quoted when it scores this share of the top
ASKED_RATIO = 0.3
GENERAL_CONCEPT_WEIGHT = 0.5  # general words (no HR topic) vouch for a passage half as much


@dataclass(frozen=True)
class Composed:
    text: str
    node_ids: list[str]
    refused: bool
    coverage: float


def topic_expansions(expansions: list[str] | None) -> list[str]:
    """A question's expansions without the lexicon's vocabulary ("a month" for "mỗi tháng", "office"): they
    rank sentences, but as topic they would let any passage that says "tháng" cover a question on another
    subject. What a refusal weighs."""
    general = default_lexicon().vocabulary_only
    return [e for e in expansions or [] if nfc(e).lower() not in general]


def _closest(passages: list[Passage], terms: Terms) -> list[str]:
    """The two sections that came closest to the question (for a refusal that says where it looked)."""
    ranked = sorted(passages, key=lambda p: (-coverage(p, terms), p.rank))
    return list(dict.fromkeys(f"{p.title} ({p.doc_id})" for p in ranked))[:2]


def _refuse(question: str, lang: Language, passages: list[Passage], terms: Terms, cover: float) -> Composed:
    return Composed(
        refusal(lang, question, _closest(passages, terms), _refusal_note(question, lang, passages)),
        [],
        True,
        cover,
    )


def _section(p: Passage) -> str:
    """A passage's title and text: what a rule's checks (family, relatives, countries) read."""
    return f"{p.title}\n{p.text}"


def _refusal_note(question: str, lang: Language, passages: list[Passage]) -> str | None:
    """Why the closest rules do not answer, when it is the relative or the country asked about: a rule of the
    evidence lists relatives and none names the one asked about; no rule covers trips to the country."""
    sections = [_section(p) for p in passages]
    relative = distant_relative(question)
    if relative and any(left_out(relative, text, sections) for text in sections):
        return phrase("relative_left_out", lang, relative=RELATION_NAMES[relative][lang])
    country = foreign_destination(question)
    if country and sections and not any(covers_destination(country, text) for text in sections):
        return phrase("country_not_covered", lang, country=country_name(country, lang))
    return None


def _concept_cover(passage: Passage, question: str) -> float:
    """Share of an English question's lexicon concepts that a passage states (in English or Vietnamese): its HR
    topics, or, when it names none, half the share of its general words ("morning", "office")."""
    named = english_concepts(question)
    topics = [c for c in named if not c.general]
    concepts, weight = (topics, 1.0) if topics else (named, GENERAL_CONCEPT_WEIGHT)
    if not concepts:
        return 0.0
    text = stated_text(passage)
    # not a general word's "kinds": by their English ending they are no kinds ("tip from customer")
    stated = sum(_states_or_a_kind(c, text, kinds=not c.general) for c in concepts)
    return weight * stated / len(concepts)


def _states_or_a_kind(concept: Concept, text: str, kinds: bool = True) -> bool:
    """Whether ``text`` states the concept or, with ``kinds``, a kind of it (``english_hyponyms``: "nghỉ việc
    riêng", personal leave, and "nghỉ hằng năm", annual leave, are a "leave")."""
    return any(states(x, text) for x in (concept, *(english_hyponyms(concept) if kinds else ())))


def _with_concepts(
    question: str, lang: Language, expansions: list[str] | None, passages: list[Passage]
) -> list[str]:
    """An English question's expansions plus the wordings the evidence uses for the specific concepts it
    names (a concept of generic words only, "staff", would favour every passage)."""
    if lang != "en":
        return list(expansions or [])
    evidence = " ".join(f" {stemmed(f'{p.title} {p.text}')} " for p in passages)
    specific = [c for c in english_concepts(question) if any(is_topic(w, False) for w in c.asked.split())]
    used = []
    for concept in specific:
        own = [w for w in wordings_with_heads(concept) if f" {w} " in evidence]
        # a phrase the evidence words only through the topic it is made of ("working on a public holiday")
        made_of = [w for part in part_concepts(concept) for w in part.wordings if f" {w} " in evidence]
        used += own or made_of
    return [*(expansions or []), *used]


_BRACKETS = re.compile(r"\([^()]*\)")


# A rule that hands the matter to another text: the law ("hưởng chế độ theo pháp luật về bảo hiểm xã hội", "in
# accordance with the Labour Code") or a regulation issued apart ("theo Quy chế … ban hành riêng"); folded.
_DEFERS = re.compile(
    r"\btheo (?:quy dinh (?:cua )?|cac quy dinh (?:cua )?|che do (?:cua )?)?"
    r"(?:phap luat|luat|bo luat|nghi dinh|quy dinh hien hanh|nha nuoc)"
    r"|\b(?:do|cua) nha nuoc quy dinh\b|\b(?:ban hanh|quyet dinh|quy dinh|van ban|chinh sach) rieng\b"
    r"|\b(?:in accordance with|under|pursuant to|according to|as (?:provided|prescribed|required|set out) (?:by|in)"
    r"|per) (?:the )?(?:applicable |current |relevant |prevailing )?"
    r"(?:law|laws|labou?r code|social insurance law|(?:state |government )?regulations? of the state|legislation)\b"
    r"|\bseparate (?:policy|policies|regulations?|rules|decisions?|documents?)\b"
)
# numbers that are no figure: a list item's number ("1.", "a)"), a reference to an article, a clause, a document;
# the name of a shift, a grade or a group ("ca 3", "L3", "Band 2"); a date or a year
_NOT_FIGURES = re.compile(
    r"^\s*(?:\d+|[a-zđ])[.)]\s|\b(?:điều|khoản|điểm|mục|chương|article|clause|section|số|no\.)\s*\d+[\w/.-]*"
    r"|\b\d+/\d{4}/[\w/-]+|\b(?:ca|nhóm|bậc|band|grade|level|shift|khối|tier)\s*\d+\b|\b(?!x\d)[a-z]{1,3}\d{1,2}\b"
    r"|\b(?:ngày|từ|đến|trước|sau|hết|on|from|by|before|until|since)\s+\d{1,2}/\d{1,2}(?:/\d{2,4})?\b"
    r"|\b\d{1,2}/\d{1,2}/\d{2,4}\b|\b(?:năm|in|từ|since)\s+(?:19|20)\d{2}\b",
    re.IGNORECASE,
)


# a figure in words: "nguyên lương", "gấp đôi", "một nửa tháng lương", "full pay", "double", "half"
_WORDED_FIGURE = re.compile(
    r"\b(?:nguyen luong|gap (?:doi|ba|hai|ruoi)|mot nua|full pay|full salary|double|twice|triple|half"
    r"|(?:mot|hai|ba|bon|nam) lan|once|(?:two|three|four|five) times)\b"
)


# a question asking for an amount, a count or a share (folded): answered only by a figure, in digits or in words
_ASKS_AMOUNT = re.compile(
    r"\b(?:bao nhieu|may (?:ngay|phan tram|tien|gio|thang)|phan tram|how much|how many|what percentage)\b"
)
# a sum of money asked in so many words (folded)
_ASKS_MONEY = re.compile(r"\b(?:bao nhieu tien|so tien|muc tien|may tien|how much money)\b")
_TIMES_ASKED = {"duration", "when", "lead_time", "time_of_day"}
# a yes/no question (folded): "Can I …?", "Is there a fee …?" (any sentence), "… có được … không?", "… chưa ạ?"
_ASKS_WHETHER = re.compile(
    r"(?:^|[.?!]\s+)(?:can|could|do|does|did|is|are|am|will|would|should|may|must|have|has)\b"
    r"|\b(?:khong|chua)\s*(?:a|vay|nhi|ha|nhe)?\s*\?*\s*$"
)
# a sum in a table cell without its currency ("| Ăn trưa | 30.000 |") or in months of pay ("03 tháng lương")
_SUM = re.compile(rf"{GROUPED_DIGITS}(?![\d.,]*\d)|\b\d+\s*thang\s+luong\b")
# a unit of another section scoring this share of the top one is quoted beside it ("Also, …")
ALSO_RATIO = 0.8


def _states_figure(unit: str) -> bool:
    return bool(re.search(r"\d", _NOT_FIGURES.sub(" ", unit)) or _WORDED_FIGURE.search(fold(unit)))


def _states_sum(unit: str) -> bool:
    """Whether a unit states a sum of money: an amount (``QUANTITY_KINDS``' amount, or ``_SUM``) or a share of
    one ("50% mức hỗ trợ")."""
    return _states_asked_figure(unit, ["amount", "percent"]) or bool(_SUM.search(fold(unit)))


def _states_asked_figure(unit: str, kinds: list[str]) -> bool:
    """Whether a unit states a figure (``_states_figure``) of a kind the question asks (``kinds``, any when it
    names none): "60 phút" is no percentage of pay; "nguyên lương", "một nửa" may be one."""
    if not _states_figure(unit):
        return False
    return not kinds or states_asked_kind(kinds, unit) or bool(_WORDED_FIGURE.search(fold(unit)))


def _defers(top: ScoredUnit, scored: list[ScoredUnit], kinds: list[str]) -> bool:
    """Whether the best unit for a question asking a figure hands the matter to another text (``_DEFERS``) and
    states no figure, nor does any unit of its section nearly as good state one of the kind asked (``kinds``):
    the documents do not say the figure."""
    if _states_figure(top[3]) or not _DEFERS.search(fold(top[3])):
        return False
    near = [x for x in scored if x[1].node_id == top[1].node_id and x[0] >= PART_RATIO * top[0]]
    return not any(_states_asked_figure(x[3], kinds) for x in near)


def _context(passage: Passage) -> str:
    return f"{headings_above(passage)} {passage.title}"


def _aside_only(
    concepts: list, passage: Passage, unit: str, others: set[str], kinds: list[str], relative: str | None
) -> bool:
    """Whether a unit states one of the asked concepts only inside a bracketed list ("(nghỉ thai sản, nghỉ ốm dài
    ngày, …)" in a loan repayment rule) and nothing else the question asks about outside it: a passing
    mention, not the rule asked about; not a list naming the relative asked about as whom the rule is for. (A trip rule listing "(đang nghỉ thai sản, …)" among the reasons for
    not going does answer a question about the trip and maternity leave: the trip is stated outside.)"""
    if "(" not in unit:
        return False
    if (
        relative and subject_relative(unit) == relative
    ):  # "Người thân khác (cha mẹ, anh chị em) …": whom it is for
        return False
    # a bracketed list ("(nghỉ thai sản, nghỉ ốm dài ngày, …)") gives cases of something else; a single bracketed
    # phrase glosses what precedes it ("ngày 25/9 (ngày thành lập Công ty)") and is part of the rule
    inside = " ".join(b for b in _BRACKETS.findall(unit) if re.search(r"[,;]", b))
    plain = f"{_context(passage)} {_BRACKETS.sub(' ', unit)}"
    if others & set(stemmed(plain).split()):
        return False
    if kinds and any(QUANTITY_KINDS[k][1].search(fold(_BRACKETS.sub(" ", unit))) for k in kinds):
        return (
            False  # it states the kind of figure asked for ("nộp trong 05 ngày" for "how long"): a rule on it
        )
    return any(states(c, inside) and not states_in_order(c, plain) for c in concepts)


def _quotes_topic(question: str, asked: list[Concept], passage: Passage, quoted: list[Unit]) -> bool:
    """Whether a unit quoted for a figure (of ``quoted``) states one and is, with its lead-in, the section's
    title, the headings above it and the document's title, about the one HR topic the question asks (of
    ``asked``, not the words for any employee): the topic itself, or a narrower one ("nghỉ hằng năm" for "nghỉ
    phép", ``narrower_concepts``). A figure of a neighbouring topic ("phụ cấp lưu trú" for a site allowance, an
    overtime rate for sick pay) is no answer; a quote stating no figure is left to the other checks. A question
    naming several topics passes: the quote may answer one while the others set the scene ("Tôi vào thử việc
    ngày …, ký hợp đồng chính thức ngày …")."""
    topics = [c for c in asked if not c.general and states_in_order(c, without_anyone(question))]
    if len(topics) != 1:
        return True
    figures = [u for u in quoted if _states_figure(u.text)]  # a figure of the topic, not one beside it
    if not figures:  # a unit naming the topic and where its figure is set ("theo Quy chế trả lương")
        return True
    # the topic as written, when the question has accents or is in English (``Concept.exact``): "phụ cấp lưu
    # động" is not "phụ cấp lưu trú (đồng/ngày)"; "ca ngày" not "cả ngày"
    accented = has_diacritics(question)
    wanted = [replace(c, exact=c.exact or accented) for c in (topics[0], *narrower_concepts(topics[0]))]
    framing = f"{passage.title_path[0] if passage.title_path else ''} {_context(passage)}"
    # a table row's cells under the section's subject and their column ("Phụ cấp cố định hằng tháng Điện thoại")
    columns = " ".join(table_phrases(passage))
    for unit in figures:
        framed = f"{framing} {unit.context} {unit.text} {columns if '|' in unit.text else ''}"
        if any(states(c, framed) for c in wanted):
            return True
    return False


def _anchored(scored: list[ScoredUnit], concepts: list[Concept]) -> list[ScoredUnit]:
    """The units that state one of the HR topics the question names (in their words, their lead-in, title or
    headings, in a wording's order) first, when the best unit states none: a figure beside the asked topic
    answers, a better scored one on a neighbouring topic ("phụ cấp lưu trú" for a site allowance) does not."""

    def stating(x: ScoredUnit) -> bool:  # a table row or list item with what introduces it
        framed = f"{_context(x[1])} {passage_units(x[1])[x[2]].context} {x[3]}"
        return any(states_in_order(c, framed) for c in concepts)

    if not concepts or not scored or stating(scored[0]):
        return scored
    anchored = [x for x in scored if stating(x)]  # no score floor: one at 0.3 of the best lost a dev item
    return anchored + [x for x in scored if x not in anchored]


def _without_asker(terms: Terms, asker: frozenset[str]) -> Terms:
    """``terms`` without the words and bigrams that hold a word naming the asker's job (``asker``, folded)."""

    def kept(ts: frozenset[str]) -> frozenset[str]:
        return frozenset(t for t in ts if not asker & set(fold(t).split()))

    return replace(terms, words=kept(terms.words), bigrams=kept(terms.bigrams), scoring=kept(terms.scoring))


def _needed_concepts(named: int) -> int:
    """How many of an English question's HR concepts the evidence must state: one of one, all but one of two or more.
    A question names its topic and the scene around it ("Our wages have been paid late two months running. If I
    quit because of it, do I still have to work out my notice?"), and the rule that answers it states the topic and
    says the rest in its own words ("không được trả đủ lương"), or by leaving it out; a lexicon sense the documents
    word otherwise ("exchange rate" for "Vietcombank's selling rate") misses too. Measured against requiring all
    of them but for a yes/no question: dev sets unchanged, paraphrases +4 −1, held-out 2 +1, dev 5 test fold −1.
    A known risk: a near miss such as "Do I get a Tet bonus while on probation?" is answered from the probation
    rule (the two losses: a monthly allowance for working from home, a per diem for Korea)."""
    return named - 1 if named >= 2 else named


# "Does the company pay for X?", "Will they give X …": X is what is asked for, whatever else the question names
_WANTED = re.compile(
    r"\b(?:does|do|will|would|can|could)\s+(?:the\s+)?(?:company|they|employer|hr)\s+"
    r"(?:pay|give|provide|cover|offer|reimburse|fund|buy)\b(?:\s+for)?\s+(?P<wanted>.+?)"
    r"(?=\s+(?:when|if|for|to|while|after|before|during|as)\b|[?.,;!]|$)",
    re.IGNORECASE,
)


# what a question asks for without naming it ("anything", "something extra")
_UNNAMED = re.compile(r"\b(?:anything|something)\b", re.IGNORECASE)


def wanted_concepts(question: str) -> list[Concept]:
    """The lexicon's concepts, general ones too, naming what an English question asks the company to pay for or
    give ("Does the company give a cash gift when …?": a gift); the evidence must state each of them: a rule on
    the occasion alone (marriage leave) does not say the company gives it."""
    match = _WANTED.search(question)
    if not match or _UNNAMED.search(match.group("wanted")):
        return []  # "give his family anything": the thing is not named, the one it goes to is
    return english_concepts(match.group("wanted"))


@dataclass(frozen=True)
class _Check:
    """What the refusal checks found in one body of evidence."""

    passes: bool
    best_cover: float


def _check(
    question: str,
    lang: Language,
    passages: list[Passage],
    terms: Terms,
    cover,
    min_coverage: float,
    unknown_terms: list[str] | None,
    asker: frozenset[str] = frozenset(),
) -> _Check:
    """Whether the evidence covers the question: its topic words (``cover`` of the topic terms) reach
    ``min_coverage``, or ``UNKNOWN_TERMS_COVERAGE`` when a share of the question's topic words appear in no
    document at all, or ``UNSUPPORTED_COVERAGE`` when a share appear in none of this evidence; an English
    question's lexicon concepts must each be stated somewhere in it. The words naming the asker's job
    and situation (``asker``, folded: "lễ tân" of a staff group, the scene "Tháng 7 khách sạn đông khách") are who
    asks and when, not what: a rule for everyone need not say them."""
    best_cover = max(cover(p) for p in passages)
    named = english_concepts(question) if lang == "en" else []
    concepts = [c for c in named if not c.general]  # the HR topics it names (general words are no topic)
    # what a passage in English states, in Vietnamese too, for a Vietnamese question
    checked = [glossed(p) for p in passages] if lang == "vi" else passages
    texts = [stated_text(p) for p in checked]
    # a kind of the concept asked stated is the concept stated ("nghỉ việc riêng", personal leave, is a "leave")
    stated = [c for c in named if any(_states_or_a_kind(c, t) for t in texts)]
    found = [c for c in concepts if c in stated]
    paraphrased = concept_words(stated) | synonym_supported(question, texts) | asker
    unknown = {
        w for w in unknown_topic_words(terms, unknown_terms, checked, question) if fold(w) not in paraphrased
    }
    if lang == "en":  # an English word no document has is an absent topic only when it names an HR concept
        unknown &= concept_words(concepts)
    unknown_share = len(unknown) / max(1, len(terms.words))
    # what the question asks about that none of the evidence states: a Vietnamese word, or an English concept
    missing = {w for w in unsupported_words(terms, checked, question) if fold(w) not in paraphrased}
    if lang == "en":  # an English question quoting a Vietnamese term: only the term's own words must be found
        missing = {w for w in missing if has_diacritics(w)}
    unsupported = len(missing) + len(concepts) - len(found)
    unsupported_share = unsupported / max(1, len(terms.words))
    wanted = wanted_concepts(question) if lang == "en" else []
    passes = not (
        not all(any(states(c, t) for t in texts) for c in wanted)
        or len(found)
        < _needed_concepts(len(concepts))  # an English question's lexicon concepts no evidence states
        or best_cover < min_coverage
        or (unknown_share >= UNKNOWN_SHARE and best_cover < UNKNOWN_TERMS_COVERAGE)
        or (unsupported_share >= UNKNOWN_SHARE and best_cover < UNSUPPORTED_COVERAGE)
    )
    return _Check(passes, best_cover)


# a part's unit scores at least this share of the part's best, as the top section's units do of the top
PART_RATIO = 0.5
# ... and, in another section than the one quoted, this share of the top unit for the whole question: a short
# follow-up ("Who approves it?") ranked on its own words alone would reach any section that has them
OTHER_PART_RATIO = 0.2


def _part_expansions(part: str, expansions: list[str] | None) -> list[str]:
    """The question's expansions that translate or name something in this part of it (the lexicon's terms for
    its words, in Vietnamese and, for documents in English, in English)."""
    lexicon = default_lexicon()
    own = {*lexicon.expansions(part, ()), *lexicon.canonical_terms(part, ()), *lexicon.english_terms(part)}
    return [e for e in expansions or [] if e in own]


def _holds(unit: str, terms: Terms, lang: Language) -> bool:
    """Whether a unit says one of a part's words itself (a unit in English through its gloss, for a Vietnamese
    question)."""
    text = f"{unit} {gloss(unit)}" if lang == "vi" else unit
    return bool((terms.words | terms.extra_words) & set(words_of(text, terms.accented)))


def _part_units(
    question: str,
    lang: Language,
    scored: list[ScoredUnit],
    expansions: list[str] | None,
    groups: list[str] | None,
    part_hits: list[list[Passage]],
    min_coverage: float,
) -> list[ScoredUnit]:
    """For a question that asks several things (``part_queries``: each later part with the scene set for all),
    the best unit for each part, ranked by that part's own words and their expansions: among those nearly as good,
    the first that says one of them itself, not only in its title. Among the whole question's candidates
    (``scored``: passing mentions already out), or, for a later part when none of them does, among the hits of
    its own searches (``part_hits``, one list per later part) that cover its words. Nothing for a question that
    asks one thing."""
    parts = part_queries(question, topic=False)[:MAX_PARTS]
    if len(parts) < 2:
        return []
    bare_parts = part_queries(question, topic=False, scene=False)
    whole = {(id(p), i) for _, p, i, _ in scored}
    passages = list({id(p): p for _, p, _, _ in scored}.values())
    # one copy of each text (another would weigh its words twice in the ranking), shared by the parts that found it
    copies = {(p.node_id, p.text): p for p in passages}
    own_by_part: list[set[tuple[int, int]]] = [set()]  # the first part is the whole question's
    for hits in part_hits[: len(parts) - 1]:
        own: set[tuple[int, int]] = set()
        for hit in hits:
            p = copies.setdefault((hit.node_id, hit.text), hit)
            if p is hit and p not in passages:
                passages.append(p)
            own |= {(id(p), i) for i in range(len(passage_units(p))) if (id(p), i) not in whole}
        own_by_part.append(own)
    found: list[ScoredUnit] = []
    picked: set[str] = set()  # an earlier part's unit: a later part asks something else
    for part, bare, own in zip(parts, bare_parts, own_by_part + [set()] * len(parts), strict=False):
        expanded = [*_part_expansions(part, expansions), *(groups or [])]
        terms = question_terms(part, _with_concepts(part, lang, expanded, passages))
        own_words = [
            *_part_expansions(bare, expansions),
            *(groups or []),
        ]  # what the part says, not its scene
        said = question_terms(bare, _with_concepts(bare, lang, own_words, passages))
        ranked = rank_units(passages, terms, analyse(part).intent == "quantity")
        # the whole question's candidates first, the part's own search's when none of them says its own words (not
        # the scene's, which the earlier part's rule says); never the unit of an earlier part
        for candidates in (whole, own):
            # an earlier part's unit (or the same clause in another copy of its section, "c) Cha đẻ…" for "Cha
            # đẻ…") neither answers this part nor sets the bar for it
            among = [
                x
                for x in ranked
                if (id(x[1]), x[2]) in candidates and not any(u in x[3] or x[3] in u for u in picked)
            ]
            if candidates is own:  # a hit of the part's own search answers it when it covers the part's words
                among = [x for x in among if coverage(x[1], said) >= min_coverage]
            holding = [x for x in among if x[0] >= PART_RATIO * among[0][0] and _holds(x[3], said, lang)]
            if holding:
                found.append(holding[0])
                picked.add(holding[0][3])
                break
    return found


def compose(
    question: str,
    passages: list[Passage],
    min_coverage: float,
    quantity: bool,
    expansions=None,
    unknown_terms: list[str] | None = None,
    groups: list[str] | None = None,
    unknown_by_scope: dict[str, list[str]] | None = None,
    asker: frozenset[str] = frozenset(),
    scene: frozenset[str] = frozenset(),
    law_instead: bool = False,
    part_hits: list[list[Passage]] | None = None,
) -> Composed:
    """Quote the best evidence, or refuse when it does not cover the question (``_check``). A company's own
    documents are checked on their own (their evidence, the words none of them has), as when they are alone;
    when they fail, the shared scope's (national law) alone may answer: a law passage never lets a company unit
    through. Framing is in the question's language; quotes are verbatim spans of the sources, marked “…”.
    ``asker`` (the words naming the asker's job) and ``scene`` (those of the clauses setting the scene,
    ``scene_words``) need not be stated by the evidence; the job's single words rank no unit either.
    ``law_instead``: the company's documents were silent and the law answers, in its own wording. ``part_hits``:
    the hits of the searches for each of a question's later parts, which may answer that part only."""
    lang = language_of(question)
    terms = question_terms(question, expansions)
    topic_terms = question_terms(question, topic_expansions(expansions))
    if not passages or not (terms.words or terms.extra_words):
        return _refuse(question, lang, passages, terms, 0.0)

    def cover(p: Passage, asked: Terms = terms) -> float:
        p = glossed(p) if lang == "vi" else p
        own = coverage(p, asked)
        return max(own, _concept_cover(p, question)) if lang == "en" else own

    def check(evidence: list[Passage], unknown: list[str] | None) -> _Check:  # topic words only
        return _check(
            question,
            lang,
            evidence,
            terms,
            lambda p: cover(p, topic_terms),
            min_coverage,
            unknown,
            asker | scene,
        )

    shared = shared_documents(passages)
    own = [p for p in passages if p.doc_id not in shared]
    law = [p for p in passages if p.doc_id in shared]
    by_scope = unknown_by_scope or {}
    ranked = passages  # whose units may be quoted
    if not (own and law):
        checked = check(passages, unknown_terms)
    else:
        company = next((words for scope, words in by_scope.items() if scope != GLOBAL), unknown_terms)
        checked = check(own, company)
        if checked.passes and any(p.scope for p in own):
            # the company's rules (a tenant's, as its search hits say) answer: the law's passages rank none of
            # their units. (In an index of one scope, "own" holds only the passages no search hit placed.)
            ranked = own
        else:
            fallback = check(law, by_scope.get(GLOBAL, unknown_terms))
            if fallback.passes:  # the company is silent on it; the law answers
                passages, ranked, checked, law_instead = law, law, fallback, True
    best_cover = checked.best_cover
    if not checked.passes:
        return _refuse(question, lang, passages, terms, best_cover)
    concepts = [c for c in english_concepts(question) if not c.general] if lang == "en" else []
    # the staff group of a job the question names ranks the group's row of a table ("L3 | 250.000"): no topic
    ranking = question_terms(
        question if groups else without_anyone(question),  # "Nhân viên" may be a staff group's name
        _with_concepts(
            question,
            lang,
            [
                *(expansions or []),
                *(groups or []),
                *duration_wordings(question),
                *destination_words(question),
            ],
            passages,
        ),
    )
    if (
        asker
    ):  # the asker's job ranks nothing ("phòng" of "buồng phòng", a hotel room; "lễ tân" the group table)
        ranking = _without_asker(ranking, asker)
    scored = rank_units([p for p in ranked if cover(p) >= min_coverage], ranking, quantity)
    asked = concepts if lang == "en" else vietnamese_concepts(question)
    # the question's other topic words (folded, stemmed), beside the concepts' own
    others = {fold(w) for w in terms.words} - {w for c in asked for w in " ".join(c.wordings).split()}
    kinds = quantity_kinds(ranking.question)
    kin = asked_relative(question)
    asides = [x for x in scored if _aside_only(asked, x[1], x[3], others, kinds, kin)]
    if asides:  # a unit naming what is asked only in brackets mentions it in passing: it answers nothing
        scored = [x for x in scored if x not in asides]
        if not any(states_in_order(c, f"{_context(x[1])} {x[3]}") for x in scored for c in asked):
            return _refuse(question, lang, passages, terms, best_cover)
    if not scored:
        return _refuse(question, lang, passages, terms, best_cover)
    scored = _anchored(scored, [c for c in asked if not c.general])
    given = family_benefit(question)
    if given is not None:  # asked for the employee's family: a rule for the employee alone answers nothing,
        # nor one for the family on another topic (a condolence gift for "học phí cho con")
        named = english_concepts(given) if lang == "en" else vietnamese_concepts(given)
        topics = [c for c in named if not c.general]
        if not topics:  # "Does the company pay for my kids' school fees?": the fees, said after the family
            topics = [c for c in asked if not c.general and not names_family(" ".join(c.wordings))]

        def for_them(p: Passage) -> bool:
            section = _section(p)
            return names_family(section) and (not topics or any(states_in_order(c, section) for c in topics))

        scored = [x for x in scored if for_them(x[1])]
        if not scored:
            return _refuse(question, lang, passages, terms, best_cover)

    def from_the_law() -> Composed:
        """The answer of the national law among the evidence, when the company's rules do not state the figure
        asked (they defer to the law, or state none); a refusal without it."""
        law = [p for p in passages if p.doc_id in shared]
        if law and len(law) < len(passages):
            return compose(
                question,
                law,
                min_coverage,
                quantity,
                expansions,
                unknown_terms,
                groups,
                by_scope,
                asker,
                scene,
                law_instead=True,
            )
        return _refuse(question, lang, passages, terms, best_cover)

    abroad = foreign_destination(question)
    if abroad is not None:  # a trip abroad: only a rule for that country, or for trips abroad, answers it
        scored = [x for x in scored if covers_destination(abroad, _section(x[1]))]
        if not scored:
            return from_the_law()
    top = scored[0]
    expanded = [x for x in scored if x[1].tool == "expand_node"]
    if expanded and expanded[0][0] >= FOCUS_RATIO * top[0]:
        # the section the planner chose to read whole is quoted, unless it defers the figure asked to another text
        # while the best unit states one of the kind asked ("25% tiền lương" beside "theo pháp luật về BHXH")
        stated = quantity and _states_asked_figure(top[3], kinds) and _defers(expanded[0], scored, kinds)
        top = top if stated else expanded[0]
    # an English question's scene ("I'm a bit late getting changed") may rank another topic's rule first: the best
    # unit stating what its asking clauses name ("How long does the bus wait …?") is quoted when nearly as good
    asked_here = asked_concepts(question)

    def states_asked(x: ScoredUnit) -> bool:
        return any(states_in_order(c, f"{_context(x[1])} {x[3]}") for c in asked_here)

    if asked_here and not states_asked(top):
        stating = [x for x in scored if states_asked(x)]
        if stating and stating[0][0] >= ASKED_RATIO * top[0]:
            top = stating[0]

    # "theo pháp luật về BHXH": the figure asked is stated elsewhere
    if quantity and _defers(top, scored, kinds):
        return from_the_law()
    # a rule listing whom it is for leaves out the relative asked about (an uncle), and no other evidence names them
    relative = distant_relative(question)
    if relative and left_out(relative, _section(top[1]), [_section(p) for p in ranked]):
        return from_the_law()
    same = [x for x in scored if x[1] is top[1] and x[0] >= PART_RATIO * top[0]][:MAX_UNITS]
    picked = with_list_items(passage_units(top[1]), [x[2] for x in same], split_text(top[1]))
    picked = with_table_rows(top[1], picked, ranking, top[2], question_terms(question, groups))
    amendment = amendment_of(top[1], picked[0], passages)
    if amendment is not None:  # the clause was amended: quote the amendment, which states the rule now
        top, picked = (top[0], amendment[0], amendment[1], ""), [amendment[1]]
    update = update_of(top[1], picked, passages)
    if update is not None and update[0] is top[1]:  # the section itself says the figure changed: quote both
        picked, update = sorted({*picked, update[1]}), None
    # a question that asks two things ("tối đa bao nhiêu, có tính lãi không?"): each part's best unit is quoted,
    # in the top section's quote, or from another section that the whole question ranks high enough
    whole = {(id(p), i): score for score, p, i, _ in scored}
    in_other: dict[str, tuple[Passage, list[int]]] = {}  # node id -> its passage and the part units there
    units_of_parts = _part_units(question, lang, scored, expansions, groups, part_hits or [], min_coverage)
    for _, p, i, unit in units_of_parts:
        if amendment_of(p, i, passages) is not None:
            continue  # a clause since amended: its amendment is what holds
        if p.node_id == top[1].node_id:
            j = unit_index(top[1], unit)
            if j is not None:
                picked = sorted({*picked, j})
        elif whole.get((id(p), i), top[0]) >= OTHER_PART_RATIO * top[0]:  # a part's own hit is its search's
            # one passage per section: a unit found in another copy of it (a clipped hit) by its text
            kept, indices = in_other.setdefault(p.node_id, (p, []))
            j = unit_index(kept, unit)
            if j is not None:
                indices.append(j)
    units = passage_units(top[1])
    folded = fold(question).strip()
    asks_amount = bool(_ASKS_AMOUNT.search(folded))
    if _ASKS_WHETHER.search(folded) and not asks_amount:
        # "Can I borrow from the fund if …?": yes or no, and the section's figure that says how much or how long
        # (its best-ranked unit stating a sum of money, else any figure, when no unit quoted states one), which a
        # limit may decide and the asker needs next
        own = [x for x in scored if x[1] is top[1]]
        for states in (_states_sum, _states_figure):
            if any(states(units[j].text) for j in picked if j < len(units)):
                break
            figure = next((x[2] for x in own if states(x[3])), None)
            if figure is not None:
                picked = sorted({*picked, figure})
                break
    quote = quote_units(top[1], picked)
    quoted = [units[j] for j in picked if j < len(units)]  # each alone: a list item's number is no figure
    # "how much … on maternity leave?" is not answered by a loan rule that only mentions maternity leave; a sum of
    # money asked in so many words, by an amount or a share of one ("50% mức hỗ trợ"), not a number of days ("how
    # much" may ask either; "Số tiền tạm ứng phải hoàn trả trong mấy ngày?" asks a time)
    money = bool(_ASKS_MONEY.search(folded)) and not _TIMES_ASKED & set(kinds)
    also = [x[3] for x in scored if x[0] >= ALSO_RATIO * top[0]]  # and each part's unit quoted from elsewhere
    also += [passage_units(p)[j].text for p, indices in in_other.values() for j in indices]
    if asks_amount and not any(
        _states_sum(text) if money else _states_figure(text) for text in [*(u.text for u in quoted), *also]
    ):
        return from_the_law()
    # a figure of a neighbouring topic; the law answering for a silent company words its topics its own way
    # ("chế độ ốm đau" for "nghỉ ốm")
    if asks_amount and not law_instead and not _quotes_topic(question, asked, top[1], quoted):
        return from_the_law()
    # "mấy bộ đồng phục?": a count of those things, not a fee of the same rule
    counted = asked_count(question)
    if counted and not any(states_count(counted, text) for text in [*(u.text for u in quoted), *also]):
        return from_the_law()
    parts = [f"{phrase('according', lang, title=top[1].title)}“{quote}” [{top[1].node_id}]"]
    node_ids = [top[1].node_id]
    if update is not None:  # a later rule changed a figure quoted: it comes first, the older wording after it
        changed, i = update
        parts = [
            f"{phrase('according', lang, title=changed.title)}“{quote_units(changed, [i])}” [{changed.node_id}]",
            f"{phrase('also', lang, title=top[1].title)}“{quote}” [{top[1].node_id}]",
        ]
        node_ids.insert(0, changed.node_id)
    for node_id, (p, units) in in_other.items():
        other = quote_units(p, units)
        if node_id not in node_ids and other not in quote:
            parts.append(f"{phrase('also', lang, title=p.title)}“{other}” [{node_id}]")
            node_ids.append(node_id)
    for score, p, i, unit in scored:
        superseded = amendment_of(p, i, passages) is not None
        if (
            p.node_id not in node_ids
            and score >= ALSO_RATIO * top[0]
            and unit not in quote
            and not superseded
        ):
            parts.append(f"{phrase('also', lang, title=p.title)}“{quote_units(p, [i])}” [{p.node_id}]")
            node_ids.append(p.node_id)
            break
    return Composed("\n".join(parts), node_ids, False, best_cover)


def _with_later_parts(
    computed: Composed, question: str, evidence: list[Passage], min_coverage: float, expansions: list[str]
) -> Composed:
    """The calculator's answer, and the rule quoted for each later part of a question that asks more than the
    calculator computes ("…tôi có bao nhiêu ngày phép và nếu cưới vợ thì được nghỉ thêm mấy ngày?"); a later
    part the evidence does not answer adds nothing (the computed answer stands), nor one answered from a section
    the calculation cites (what it computes: "…được trả thêm những khoản nào, bao nhiêu tiền?"; a section is
    cited by one quote, so an "Also" line quoting one already cited is left out too)."""
    texts, node_ids = [computed.text], list(computed.node_ids)
    for part in part_queries(question)[1:MAX_PARTS]:
        quoted = compose(part, evidence, min_coverage, analyse(part).intent == "quantity", expansions)
        if quoted.refused or quoted.node_ids[0] in node_ids:
            continue
        lines = [
            line
            for line in quoted.text.split("\n")
            if not any(f"[{n}]" in line for n in node_ids)  # each quote line cites its one section
        ]
        texts.append("\n".join(lines))
        node_ids += [n for n in quoted.node_ids if n not in node_ids]
    return replace(computed, text="\n\n".join(texts), node_ids=node_ids)


def compose_calculation(result: dict, support: list[Passage], question: str) -> Composed:
    """The calculator's answer and steps in the question's language, citing the corpus rule behind each
    parameter and the best supporting passage; parameters no document states are named as defaults."""
    lang = language_of(question)
    english = lang == "en" and result.get("answer_en")
    answer = result["answer_en"] if english else result["answer"]
    # the year's entitlement, not today's balance: asked for, or years of work given without any date
    if (asks_year_total(question) or not analyse(question).dates_found) and result.get("answer_year"):
        answer = result["answer_year_en"] if english else result["answer_year"]
    lines = [answer, "", phrase("how", lang)]
    lines += (
        [f"- {s}" for s in result["steps_en"]] if english else [f"- {s['text']}" for s in result["steps"]]
    )
    sources = result.get("policy_sources", {})
    used = {s["rule"].split(" ", 1)[0] for s in result["steps"]}
    defaults = [
        PARAM_WORDS[k][lang] for k, s in sources.items() if k in used and s.get("source") == "default"
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
        else [r for r in rank_units(support, terms, quantity=True) if not is_example(r[1], r[3])]
    )
    if ranked:
        _, passage, i, _ = ranked[0]
        lines.append(
            f"{phrase('basis', lang, title=passage.title)}“{quote_units(passage, [i])}” [{passage.node_id}]"
        )
        node_ids = [passage.node_id, *(n for n in node_ids if n != passage.node_id)]
    if len(node_ids) > (1 if ranked else 0):
        lines.append(
            phrase("applied", lang) + " " + " ".join(f"[{n}]" for n in node_ids[1 if ranked else 0 :])
        )
    return Composed("\n".join(lines), node_ids, False, 1.0)


# how a figure is asked ("bao nhiêu", "tối đa"), the generic support a company gives ("hỗ trợ") and who asks
# ("nhân viên"), folded: no topic of a clause. A topic asked as a figure ("lãi suất", "được vay") stays one.
_CUES = re.compile(
    r"\b(?:bao nhieu|bao lau|may (?:ngay|gio|thang|nam|tuan|lan)|toi da|toi thieu|muc|dinh muc|ho tro|duoc nghi"
    r"|how many|how much|how long|maximum|minimum|limit|nhan vien|nguoi lao dong|nld|staff|employees?)\b"
)


def scene_words(question: str, asker: frozenset[str] = frozenset()) -> set[str]:
    """The words, folded, of the clauses that set a Vietnamese question's scene (``circumstances``: "Tháng 7 khách
    sạn đông khách, …"), but those of an HR topic the lexicon knows ("Vợ sắp sinh, …" keeps "sinh" of maternity
    when the lexicon words it so): the asker's situation, which a rule need not state. None when the asking
    clauses name no topic of their own beyond how a figure is asked and who asks (``asker``): in "Tôi muốn học
    thạc sĩ, công ty hỗ trợ bao nhiêu?" the scene is what is asked."""
    clauses = circumstances(question)
    if not clauses:
        return set()
    asking = re.sub(r"\s+", " ", fold(nfc(question))).strip()  # as ``circumstances`` reads it
    for clause in clauses:
        asking = asking.replace(fold(clause), " ")
    asking = _CUES.sub(" ", asking)
    if not set(topic_words(asking, False)) - asker:
        return set()
    scene = {w for clause in clauses for w in re.findall(r"\w+", fold(clause))}
    return scene - concept_words(vietnamese_concepts(question))


# a purpose said after what the asker wants and before what is asked ("nghỉ không lương 20 ngày để về quê thì ai
# duyệt?"): why the asker wants it, which a rule need not state. "để" as written; "de" only in a text without
# accents, and not the "đề" of "đề nghị", "đề xuất", "đề bạt"; "để lại", "để dành" keep something (carry-over)
_PURPOSE = re.compile(r"\bđể\s+(?!(?:lại|dành)\b)([^,;?!.]+?)\s+thì\b", re.IGNORECASE)
_FOLDED_PURPOSE = re.compile(
    r"\bde\s+(?!(?:nghi|xuat|cap|ra|an|tai|bai|bat|cu|trinh|lai|danh)\b)([^,;?!.]+?)\s+thi\b"
)
_WORD = re.compile(r"\w+")
_CLAUSE_START = re.compile(r"[^,;?!.]*$")
# the words before "để" in its clause, what the asker wants ("Để được vay thì …" has none)
MIN_WANTED_WORDS = 2


def purpose_words(question: str) -> set[str]:
    """The words, folded, of a purpose a Vietnamese question gives between what the asker wants and what it asks
    ("nghỉ không lương để về quê thì ai duyệt?"), but those of an HR topic the lexicon knows ("để chăm con ốm" may
    be the leave asked about); none when what is left asks no topic of its own ("Muốn biết để làm gì thì …")."""
    text = nfc(question)
    if language_of(text) != "vi":
        return set()
    accented = has_diacritics(text)
    searched = text if accented else fold(text)
    words: set[str] = set()
    rest = searched
    for m in (_PURPOSE if accented else _FOLDED_PURPOSE).finditer(searched):
        wanted = _CLAUSE_START.search(searched[: m.start()])
        if wanted is None or len(_WORD.findall(wanted.group(0))) < MIN_WANTED_WORDS:
            continue  # "Để được vay thì cần gì?": the purpose is what is asked
        words |= {fold(w) for w in _WORD.findall(m.group(1))}
        rest = rest.replace(m.group(1), " ")
    if not words or not set(topic_words(_CUES.sub(" ", fold(rest)), False)) - words:
        return set()
    return words - concept_words(vietnamese_concepts(question))


def asker_words(question: str, named: set[str]) -> frozenset[str]:
    """The words naming the asker's job (``named``, folded) that the question says only in the job's phrase: a
    word it also says elsewhere is asked too ("lễ" of "nghỉ lễ" for "nhân viên lễ tân"), and so is one inside an
    HR topic's term ("phục vụ" of "phí phục vụ"): ``asker_only`` with the shipped lexicon's topic terms."""
    return asker_only(question, named, topic_spans)


def compose_from_runs(
    question: str, runs: list[ToolRun], min_coverage: float, quantity: bool, expansions=None
) -> Composed:
    absent = absent_topics(question, runs)
    probes = gap_probes(question, runs)
    runs = [r for i, r in enumerate(runs) if i not in probes]
    by_part = searches_by_part(question)
    for_parts = {q for queries in by_part for q in queries}
    parts = [r for r in runs if r.name == "search" and r.args.get("query") in for_parts]
    runs = [r for r in runs if r not in parts]
    found = [p for run in runs for p in passages(run)]
    # each later part's hits, of its own searches
    part_hits = [
        [p for run in parts if run.args.get("query") in queries for p in passages(run)] for queries in by_part
    ]
    if expansions is None:
        expansions = evidence_expansions(runs)
    calc = calculator_result(runs)
    if calc is not None:
        computed = compose_calculation(calc, found, question)
        # a hit two parts share, once
        evidence = [*found, *{id(p): p for hits in part_hits for p in hits}.values()]
        return _with_later_parts(computed, question, evidence, min_coverage, expansions)
    if absent:  # the question names a topic no document states in any of its wordings
        terms = question_terms(question, expansions)
        return _refuse(question, language_of(question), found, terms, 0.0)
    searches = [run.result for run in runs if isinstance(run.result, SearchResult)]
    unknown = searches[0].unknown_terms if searches else None
    by_scope = searches[0].unknown_by_scope if searches else None
    asker = asker_words(question, job_words(runs))
    scene = frozenset(scene_words(question, asker) | purpose_words(question))
    return compose(
        question,
        found,
        min_coverage,
        quantity,
        expansions,
        unknown,
        staff_groups(runs),
        by_scope,
        asker,
        scene,
        part_hits=part_hits,
    )
