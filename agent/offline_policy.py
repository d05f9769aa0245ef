"""The offline planner's policy: which tool to call next, given the question and this turn's results.

leave question with dates            -> calculate_leave (arguments read from the question)
"when does my probation end" + start -> calculate_probation_end (start, stated length; the question as employee)
overtime pay for a stated wage+hours -> calculate_overtime_pay (wage, hours or span, kind of day)
night work in a normal shift + wage  -> calculate_night_work_pay (wage, span or shift name or night hours)
a course's cost + months worked since -> calculate_training_repayment (cost, months, stated commitment)
the most one may borrow + a salary    -> calculate_loan_limit (salary; the question as employee; purpose)
a trip budget or salary: advance?    -> calculate_advance (kind, amount, days worked)
a start date: when may I borrow?     -> calculate_loan_eligibility (start, probation; the question as employee)
a family event + its distance in km  -> calculate_personal_leave (event, relative, distance)
13th-month bonus + day joined         -> calculate_thirteenth_month (start, wage, rating)
so many sets/shifts/km: how much?    -> search, then calculate_unit_amount (count × the rate the evidence states)
so many days' pay (salary given)?   -> search, then calculate_daily_pay (wage ÷ the days the evidence states × days)
probation pay for a stated wage      -> calculate_probation_pay (wage; the question as employee)
a trip's allowance for its days      -> calculate_trip_allowance (dates or days/nights, day trip, shared room)
resigning: by which day may I leave  -> calculate_notice_end (contract, its months, the notice date)
a loan's amount and months: repaid?  -> calculate_loan_repayment (amount, months, purpose)
the company trip + service: how much -> calculate_trip_support (service, relatives, unpaid-leave days)
N unused leave days: what carries over -> calculate_carry_over (the days, the year)
a follow-up that changes a date      -> calculate_leave (the previous call's arguments, updated)
"Điều N"                             -> lookup_article
a short section title                -> lookup_article, then search if nothing matched
an amount / entitlement question     -> lookup_rules, then search
anything else                        -> search
an unknown node id                   -> retry with the first suggested id
otherwise                            -> answer from the evidence (extractive, cited), or refuse
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from agent.destinations import abroad_query
from agent.evidence import CalculationResult, expansions, passages
from agent.gaps import GAP_HITS, gap_holders, gap_probes, gap_query
from agent.language import (
    TRANSLATIONS_PER_CONCEPT,
    Concept,
    asked_concepts,
    english_concepts,
    language_of,
    states_in_order,
    stemmed,
    vietnamese_query,
)
from agent.question import Question, analyse, percentages
from agent.question_parts import part_searches
from agent.unit_counts import day_pay_args, unit_count
from indexes.search.lexicon import Lexicon
from indexes.text import fold, title_coverage
from tools.registry import ToolRun
from tools.rule_tools import RuleResult
from tools.tree_tools import DocumentList, NodeChildren


@dataclass(frozen=True)
class NextCall:
    name: str
    args: dict[str, Any]


def _first_call(q: Question, previous_leave_args: dict[str, Any] | None) -> NextCall:
    if q.intent == "leave_calculation":  # the question says who the employee is (a staff-group table's row)
        args = {**q.leave.to_args(), "employee": employee_words(q.text)}
        if q.probation.get("duration_unit") == "days" and not q.leave.confirmation_date:  # "thử việc 60 ngày"
            args["probation_days"] = q.probation["duration"]
        return NextCall("calculate_leave", args)
    if q.intent == "overtime_pay":
        return NextCall("calculate_overtime_pay", {**q.overtime, "employee": employee_words(q.text)})
    if q.intent == "night_work_pay":
        return NextCall("calculate_night_work_pay", q.night)
    if q.intent == "training_repayment":
        return NextCall("calculate_training_repayment", q.training)
    if q.intent == "loan_eligibility":
        return NextCall("calculate_loan_eligibility", {**q.eligibility, "employee": employee_words(q.text)})
    if q.intent == "advance":
        return NextCall("calculate_advance", q.advance)
    if q.intent == "loan_limit":  # the employee's words pick their row of a loan table
        return NextCall("calculate_loan_limit", {**q.limit, "employee": employee_words(q.text)})
    if q.intent == "personal_leave":  # from a first day off, the employee's words pick their weekly rest days
        words = {"employee": employee_words(q.text)} if "start" in q.personal else {}
        return NextCall("calculate_personal_leave", {**q.personal, **words})
    if q.intent == "thirteenth_month":
        return NextCall("calculate_thirteenth_month", q.bonus)
    if q.intent == "notice_end":
        return NextCall("calculate_notice_end", q.notice)
    if q.intent == "carry_over":
        return NextCall("calculate_carry_over", q.carry)
    if q.intent == "loan_repayment":
        return NextCall("calculate_loan_repayment", q.loan)
    if q.intent == "trip_support":
        return NextCall("calculate_trip_support", {**q.support, "employee": q.text})
    if q.intent == "probation_pay":
        return NextCall("calculate_probation_pay", {**q.probation_pay, "employee": employee_words(q.text)})
    if q.intent == "trip_allowance":  # the employee's words pick their group's norms
        return NextCall("calculate_trip_allowance", {**q.trip, "employee": employee_words(q.text)})
    if q.intent == "probation_end":  # the employee's words pick their group's row of the probation table
        return NextCall("calculate_probation_end", {**q.probation, "employee": employee_words(q.text)})
    if previous_leave_args and q.dates_found:  # "còn nếu chính thức tháng 10 thì sao?"
        return NextCall("calculate_leave", {**previous_leave_args, **q.leave.to_args()})
    if q.intent in ("article", "title"):
        return NextCall("lookup_article", {"ref": q.text})
    if q.intent == "quantity":
        return NextCall("lookup_rules", {"query": q.text})
    return NextCall("search", {"query": q.text, "k": 5})


def next_call(
    question: str, runs: list[ToolRun], previous_leave_args: dict | None, max_id_retries: int
) -> NextCall | None:
    """The next tool call for this turn, or None when it is time to answer."""
    q = analyse(question)
    if not runs:
        return _first_call(q, previous_leave_args)
    last = runs[-1]
    result = last.result
    called = {r.name for r in runs}
    if last.error == "unknown_node_id" and result.suggestions:
        retries = sum(1 for r in runs if r.error == "unknown_node_id")
        if retries <= max_id_retries:
            return NextCall(last.name, {**last.args, "node_id": result.suggestions[0].node_id})
    if (
        q.intent
        in (
            "probation_end",
            "probation_pay",
            "overtime_pay",
            "night_work_pay",
            "training_repayment",
            "loan_limit",
            "advance",
            "loan_eligibility",
            "personal_leave",
            "notice_end",
            "carry_over",
            "trip_allowance",
            "loan_repayment",
            "trip_support",
            "thirteenth_month",
        )
        and "search" in called
        and any(isinstance(r.result, CalculationResult) for r in runs)
    ):
        return _part_search(question, runs)  # computed, and the passage stating the rule fetched
    if isinstance(result, CalculationResult):
        # the result is computed; fetch the passage that states the rule, to cite it
        if "search" in called:
            return _part_search(question, runs)
        return NextCall("search", {"query": question, "k": 3})
    if "search" not in called and (
        not last.ok
        or isinstance(result, RuleResult | NodeChildren | DocumentList)
        or (last.name == "lookup_article" and q.intent == "title")
    ):
        return NextCall("search", {"query": question, "k": 5})
    translated = vietnamese_query(question)
    if translated and not any(r.name == "search" and r.args.get("query") == translated for r in runs):
        return NextCall("search", {"query": translated, "k": 5})
    abroad = abroad_query(question)  # a trip to a foreign country: the rules for trips abroad too
    if abroad and not any(r.name == "search" and r.args.get("query") == abroad for r in runs):
        return NextCall("search", {"query": abroad, "k": 5})
    part = _part_search(question, runs)  # a question asking several things: each later part searched
    if part:
        return part
    gap = gap_query(question, runs) if q.intent != "leave_calculation" else None
    if gap and not any(r.name == "search" and r.args.get("mode") == "keyword" for r in runs):
        return NextCall("search", {"query": gap, "k": GAP_HITS, "mode": "keyword"})
    units = unit_count(question) if q.intent in ("quantity", "search", "title") else None
    if units and "calculate_unit_amount" not in called:  # so many sets, shifts, km: times the rate stated
        sections = evidence_sections(question, runs)
        if sections:
            args = {**units, "node_ids": sections, "question": employee_words(question)}
            return NextCall("calculate_unit_amount", args)
    pay = day_pay_args(question) if q.intent in ("quantity", "search", "title") else None
    if pay and not any(name.startswith("calculate_") for name in called):  # so many days of the month's wage
        sections = evidence_sections(question, runs)
        if sections:
            return NextCall("calculate_daily_pay", {**pay, "node_ids": sections})
    if "expand_node" not in called and q.intent in ("quantity", "search", "title", "probation_end"):
        best = best_section(question, runs)
        if best:
            return NextCall("expand_node", {"node_id": best})
    return None


EMPLOYEE_CHARS = 1000  # the calculators' limit on their ``employee`` argument


def employee_words(question: str) -> str:
    """Who the employee is, for a staff-group table's rows: the question, and for an English one its concepts'
    Vietnamese wordings too ("engineer" → "kỹ sư"); for a Vietnamese one the English words of the jobs and
    places it names ("kỹ sư" → "engineer"), for a table written in English, and their other Vietnamese wordings
    ("tài xế" → "lái xe"), unless named inside a longer term ("kế toán" of "kế toán trưởng")."""
    if language_of(question) != "en":
        asked = " " + " ".join(re.findall(r"\w+", fold(question))) + " "
        named = [e for e in _general_entries() if any(f" {v} " in asked for v in e.folded_vi)]
        terms = [
            w for w in _vietnamese_wordings() if f" {w} " in asked
        ]  # every lexicon term the question says
        others = [v for e in named if not _inside_longer(e, asked, terms) for v in _other_wordings(e, asked)]
        return " ".join([question, *dict.fromkeys([*(e.en[0] for e in named), *others])])[:EMPLOYEE_CHARS]
    concepts = english_concepts(question)
    wordings = [v for c in concepts for v in c.vietnamese[:TRANSLATIONS_PER_CONCEPT]]
    return " ".join([question, *dict.fromkeys([*_compounds(question, concepts), *wordings])])[:EMPLOYEE_CHARS]


def _compounds(question: str, concepts: list[Concept]) -> list[str]:
    """A job named with its place in English ("factory deputy director", "warehouse supervisor") in Vietnamese
    order, the head first ("phó giám đốc nhà máy", "giám sát kho"): a staff group's row names it so. Two general
    words (a place, a job) the question says side by side, the first one modifying the second."""
    said = f" {stemmed(question)} "
    general = [c for c in concepts if c.general and c.vietnamese]
    return [
        f"{head} {modifier}"
        for a in general
        for b in general
        if a is not b and f" {stemmed(a.asked)} {stemmed(b.asked)} " in said
        for head in b.vietnamese[:TRANSLATIONS_PER_CONCEPT]
        for modifier in a.vietnamese[:1]
    ]


def _other_wordings(entry: _General, asked: str) -> list[str]:
    """The entry's Vietnamese wordings the question (folded, padded) does not say: the job in the documents' other
    words ("tài xế" is the row's "lái xe")."""
    return [v for v, f in zip(entry.vi, entry.folded_vi, strict=True) if f" {f} " not in asked]


def _inside_longer(entry: _General, asked: str, terms: list[str]) -> bool:
    """Whether the question says the entry only inside a longer lexicon term ("kế toán" of "kế toán trưởng" is no
    "kế toán viên")."""
    said = [f for f in entry.folded_vi if f" {f} " in asked]
    return any(f" {f} " in f" {t} " and f != t for f in said for t in terms)


def _folded_term(term: str) -> str:
    """A term folded, its words joined by single spaces ("Lái xe" → "lai xe")."""
    return " ".join(re.findall(r"\w+", fold(term)))


@dataclass(frozen=True)
class _General:
    en: tuple[str, ...]
    vi: tuple[str, ...]  # its Vietnamese terms of more than one word, as written
    folded_vi: tuple[str, ...]  # ... folded


@functools.cache
def _vietnamese_wordings() -> tuple[str, ...]:
    """Every Vietnamese term of the lexicon of more than one word, folded."""
    return tuple(sorted({_folded_term(v) for e in Lexicon.load().entries for v in e.vi if " " in v.strip()}))


@functools.cache
def _general_entries() -> tuple[_General, ...]:
    """The lexicon's general vocabulary (jobs, places: one-way entries), with its Vietnamese terms folded."""
    entries = Lexicon.load().entries
    general = []
    for e in entries:
        if e.one_way and e.en:
            vi = tuple(v for v in e.vi if " " in v.strip())
            general.append(_General(e.en, vi, tuple(_folded_term(v) for v in vi)))
    return tuple(general)


TOOL_WEIGHT = {"search": 1.0, "lookup_article": 1.0, "lookup_rules": 0.6, "navigate_tree": 0.3}


def best_section(question: str, runs: list[ToolRun]) -> str | None:
    """The section most of the evidence points to: high in each tool's ranking, and titled like the question.
    Document roots (preambles) are left out: their titles name the whole document, not an answer."""
    scores: dict[str, float] = {}
    titles: dict[str, str] = {}
    expanded = " ".join(expansions(runs))
    probes = gap_probes(question, runs)
    for_parts = set(part_searches(question))
    for i, run in enumerate(runs):
        if i in probes:
            continue  # a probe: only the tables it finds naming the question's words count (below)
        if run.name == "search" and run.args.get("query") in for_parts:
            continue  # a later part's own search: the section read whole is the one the question is about
        seen: list[str] = []
        for p in passages(run):
            if p.node_id in seen or ":" not in p.node_id:
                continue
            seen.append(p.node_id)
            weight = TOOL_WEIGHT.get(run.name, 0.5)
            scores[p.node_id] = scores.get(p.node_id, 0.0) + weight / len(seen)
            titles[p.node_id] = p.title
    for node_id, title in titles.items():
        scores[node_id] += title_coverage(title, f"{question} {expanded}")
    for node_id in _stating_quoted_shares(question, runs):
        if node_id in scores:
            scores[node_id] += QUOTED_SHARE_BONUS
    asked = asked_concepts(question)
    # a title naming what an English question asks ("the most OT"), not its scene
    for node_id, title in titles.items():
        if any(states_in_order(c, title) for c in asked):
            scores[node_id] += ASKED_TITLE_BONUS
    holders = gap_holders(question, runs)
    if holders:  # a table row names the question's words and nothing else found does: read that table
        return max(holders, key=lambda n: scores.get(n, 0.0))
    return max(scores, key=lambda n: scores[n]) if scores else None


# A share the question quotes from the rules ("Is the 300% all I get?"): the sections of this turn's evidence that
# state it, when only a few do, are what it asks about; worth a top hit's weight.
QUOTED_SHARE_BONUS = 1.0
QUOTED_SHARE_SECTIONS = 2  # more sections stating it make it no sign of one


def _stating_quoted_shares(question: str, runs: list[ToolRun]) -> set[str]:
    """The sections among this turn's passages that state a percentage the question states, each share counted
    only when at most ``QUOTED_SHARE_SECTIONS`` sections state it."""
    found: set[str] = set()
    for share in percentages(question):
        stating = {
            p.node_id
            for run in runs
            for p in passages(run)
            if ":" in p.node_id and share in percentages(p.text)
        }
        if len(stating) <= QUOTED_SHARE_SECTIONS:
            found |= stating
    return found


# An English question's topic said after its question words ("what's the most OT …", "how much notice …"): a
# section titled by it is what the question is about, whatever scene comes before ("Normal 8-hour shift on a
# weekday - …"); worth a top hit.
ASKED_TITLE_BONUS = 1.0


UNIT_RATE_SECTIONS = 5  # sections the unit-rate calculator may read a rate from


def evidence_sections(question: str, runs: list[ToolRun]) -> list[str]:
    """The sections of this turn's evidence, the one most of it points to (``best_section``) first, then in the
    order the tools found them."""
    best = best_section(question, runs)
    found = [p.node_id for run in runs for p in passages(run) if ":" in p.node_id]
    return list(dict.fromkeys([*([best] if best else []), *found]))[:UNIT_RATE_SECTIONS]


PART_HITS = 3  # hits of each later part's own search


def _part_search(question: str, runs: list[ToolRun]) -> NextCall | None:
    """The search for a later part of the question not searched yet (``part_searches``), if any."""
    for query in part_searches(question):
        if not any(r.name == "search" and r.args.get("query") == query for r in runs):
            return NextCall("search", {"query": query, "k": PART_HITS})
    return None
