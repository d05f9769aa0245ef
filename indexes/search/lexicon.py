"""The general bilingual HR and labour-law lexicon (``hr_lexicon.yaml``, shipped with the package).

English surface forms ("sick days", "unemployment benefit") and abbreviations ("BHTN") found in a question are
mapped to the Vietnamese terms the law uses, for BM25 and tree query expansion and for the answer's topic check.
Matching is on whole words, the longest surface form first ("unemployment insurance" before "insurance").
The per-corpus glossary (``corpus/glossary.yaml``) holds company terms and wins where both know a term.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from pathlib import Path

import yaml

from indexes.text import counted_unit_starts, fold, has_diacritics, inside, nfc, stem

LEXICON_FILE = Path(__file__).with_name("hr_lexicon.yaml")
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C loader when libyaml is there
# People by their role ("my manager", "the director") say who acts, not what is asked about: a question about
# the evaluation the manager sends is answered by the probation rules whatever they call the manager.
GENERAL_TOPICS = frozenset({"roles", "places"})
VOCABULARY_TOPICS = GENERAL_TOPICS | {"general"}
SHORT_ABBR = 3  # abbreviations this short match only in capitals ("HI", "UI", "CV" are also words)


@dataclass(frozen=True)
class LexiconEntry:
    en: tuple[str, ...]  # English surface forms, lower-case; the first is canonical
    vi: tuple[str, ...]  # Vietnamese terms, NFC; the first is canonical (the legal term)
    abbr: tuple[str, ...] = ()
    topic: str = ""
    one_way: bool = False  # English -> Vietnamese only: its Vietnamese terms are not variants of each other

    @property
    def vocabulary(self) -> bool:
        """Words of time, quantity, place and role ("a month", "mỗi năm", "my manager"): topic ``general`` or a
        role. Narrower than ``general``: a one-way entry may still name an HR topic ("obligations" → "nghĩa vụ")."""
        return self.topic in VOCABULARY_TOPICS

    @property
    def general(self) -> bool:
        """General vocabulary (one-way entries, people by their role): translates and ranks, names no topic
        that must be stated ("my manager" says who acts, not what is asked about)."""
        return self.one_way or self.topic in GENERAL_TOPICS


@dataclass(frozen=True)
class LexiconMatch:
    entry: LexiconEntry
    surface: str  # the form found in the question
    start: int
    end: int


class Lexicon:
    def __init__(self, entries: list[LexiconEntry]) -> None:
        self.entries = entries
        self._reordered: dict[tuple[str, ...], LexiconEntry] = {}
        by_form: dict[str, LexiconEntry] = {}
        exact: dict[str, LexiconEntry] = {}
        for entry in entries:
            for form in entry.en:
                by_form.setdefault(form, entry)
            for abbr in entry.abbr:
                target = exact if len(abbr) <= SHORT_ABBR else by_form
                target.setdefault(abbr if len(abbr) <= SHORT_ABBR else abbr.lower(), entry)
        self._by_form, self._exact = by_form, exact
        # inflected and reordered forms: "working nights" for "night work", "paid holidays taken" for "paid holiday"
        inflected: dict[tuple[str, ...], LexiconEntry] = {}
        for form, entry in by_form.items():
            stems = _stems(form)
            if 2 <= len(stems) <= _INFLECTED_MAX:
                inflected.setdefault(stems, entry)
                if len(stems) == 2:  # a two-word compound read as verb + object or in either order
                    self._reordered.setdefault(stems[::-1], entry)
        self._inflected = inflected
        self._form_re = _alternation(by_form, plural=True, flags=re.IGNORECASE)
        self._exact_re = _alternation(exact, plural=False, flags=0)
        # Vietnamese variants ("nghỉ ốm" for the legal "nghỉ ốm đau"), matched with their accents only
        variants = {
            v.lower(): e for e in entries if not e.one_way for v in e.vi[1:] if v.lower() != e.vi[0].lower()
        }
        self._vi_variants = variants
        self._vi_re = _alternation(variants, plural=False, flags=re.IGNORECASE)

    @cached_property
    def _vi_forms(self) -> tuple[dict[str, LexiconEntry], re.Pattern[str] | None]:
        """Every Vietnamese term of two or more syllables (lower-case, accented) -> its first entry."""
        table: dict[str, LexiconEntry] = {}
        for entry in self.entries:
            for term in entry.vi:
                if " " in term.strip() and entry.en:
                    table.setdefault(term.lower(), entry)
        return table, _alternation(table, plural=False, flags=re.IGNORECASE)

    @cached_property
    def _topic_forms(self) -> dict[bool, re.Pattern[str] | None]:
        """The HR topics' Vietnamese terms of two or more syllables (no role, place or general word), as written
        (for a text with accents) and folded (for one without)."""
        terms = {
            t.lower() for e in self.entries if not e.vocabulary and e.en for t in e.vi if " " in t.strip()
        }
        dummy = LexiconEntry((), ())
        return {
            True: _alternation(dict.fromkeys(terms, dummy), plural=False, flags=re.IGNORECASE),
            False: _alternation(dict.fromkeys(map(fold, terms), dummy), plural=False, flags=re.IGNORECASE),
        }

    def topic_spans(self, text: str) -> list[tuple[int, int]]:
        """Where ``text`` (NFC) names an HR topic in a term of several words ("phí phục vụ", "service charge"):
        a job's words inside one ("phục vụ", a waiter) name no job. A term inside a longer one found is dropped;
        terms that only overlap both stay."""
        accented = has_diacritics(text)
        pattern = self._topic_forms[accented]
        searched = text if accented else fold(text)  # folding keeps an NFC text's offsets
        spans = [] if pattern is None else [m.span(1) for m in pattern.finditer(searched)]
        spans += [(m.start, m.end) for m in self.matches(text) if not m.entry.vocabulary and " " in m.surface]
        return [s for s in spans if not inside(s, spans)]

    def english_terms(self, text: str, per_entry: int = 2) -> list[str]:
        """English forms (each entry's first ``per_entry``) for the Vietnamese terms in ``text`` ("phép năm" ->
        "annual leave"): how a Vietnamese question reaches a document written in English. Terms of one
        syllable ("lương", "ngày") are left out: alone they name no topic. Accents must match."""
        table, pattern = self._vi_forms
        if pattern is None:
            return []
        lowered = nfc(text).lower()
        # every term at every word start, then those inside a longer one dropped: terms that only share words
        # both count ("số ngày phép năm" and "phép năm chưa nghỉ" in "số ngày phép năm chưa nghỉ")
        found = [
            m
            for start in (w.start() for w in re.finditer(r"\w+", lowered))
            if (m := pattern.match(lowered, start))
        ]
        spans = [m.span(1) for m in found]
        out: list[str] = []
        for term in (m.group(1) for m in found if not inside(m.span(1), spans)):
            for form in table[term].en[:per_entry]:
                if form not in out and form not in lowered:
                    out.append(form)
        return out

    @classmethod
    def load(cls, path: Path = LEXICON_FILE) -> Lexicon:
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER) or {}
        except yaml.YAMLError as exc:
            raise ValueError(f"{path}: invalid YAML: {str(exc).splitlines()[0]}") from None
        entries = []
        for number, raw in enumerate(data.get("entries") or [], 1):
            if not isinstance(raw, dict) or not raw.get("vi") or not (raw.get("en") or raw.get("abbr")):
                raise ValueError(f"{path}: entry {number} needs 'vi' and 'en' (or 'abbr') lists")
            entries.append(
                LexiconEntry(
                    en=tuple(nfc(str(x)).lower().strip() for x in raw.get("en") or []),
                    vi=tuple(nfc(str(x)).strip() for x in raw["vi"]),
                    abbr=tuple(nfc(str(x)).strip() for x in raw.get("abbr") or []),
                    topic=str(raw.get("topic") or ""),
                    one_way=bool(raw.get("one_way", False)),
                )
            )
        return cls(entries)

    def matches(self, text: str, skip: tuple[str, ...] = ()) -> list[LexiconMatch]:
        """Entries whose English forms or abbreviations occur in ``text`` (whole words, longest first, no
        overlaps), in text order. Forms inside one of the ``skip`` terms (the glossary's) are left out."""
        text = nfc(text)
        skipped = [s.lower() for s in skip]
        # every form found by either pass (abbreviations in their exact case first), then the longest kept:
        # "deputy GM" is the deputy's entry, not "GM"
        candidates: list[tuple[int, int, int, LexiconEntry, str]] = []
        counted = counted_unit_starts(text)
        for rank, (pattern, table, fold_case) in enumerate(
            ((self._exact_re, self._exact, False), (self._form_re, self._by_form, True))
        ):
            if pattern is None:
                continue
            for m in _finditer_from_each(pattern, text, counted):
                surface = m.group(1).lower() if fold_case else m.group(1)
                entry = table.get(surface) or table.get(_singular(surface, table))
                if entry is None or any(surface.lower() in s for s in skipped):
                    continue
                candidates.append((m.start(), m.end(), rank, entry, surface))
        found: list[LexiconMatch] = []
        taken: list[tuple[int, int]] = []
        departing = set(departing_leave(text))  # "can I leave earlier?": no leave of absence
        for start, end, _, entry, surface in sorted(candidates, key=lambda c: (c[0] - c[1], c[2], c[0])):
            if (start, end) in departing or any(s < end and start < e for s, e in taken):
                continue
            taken.append((start, end))
            found.append(LexiconMatch(entry, surface, start, end))
        found += self._inflected_matches(text, skipped, taken, counted)
        return sorted(found, key=lambda x: x.start)

    def _inflected_matches(
        self,
        text: str,
        skipped: list[str],
        taken: list[tuple[int, int]],
        counted: frozenset[int] = frozenset(),
    ) -> list[LexiconMatch]:
        """Forms of two or more words found with other inflections ("paid holidays taken") or, for a two-word
        compound, as a verb in "-ing" and its object ("working nights" for "night work"); the words must be
        adjacent, within one clause."""
        lowered = text.lower()
        if len(lowered) != len(text):  # a character whose lower case is longer: offsets would drift
            return []
        tokens = [(m.start(), m.end(), stem(m.group(0))) for m in _TOKEN.finditer(lowered)]
        found: list[LexiconMatch] = []
        for size in range(_INFLECTED_MAX, 1, -1):
            for i in range(len(tokens) - size + 1):
                window = tokens[i : i + size]
                key = tuple(t[2] for t in window)
                # reordered only as verb + object ("working nights" for "night work"), not "day may" for "may day"
                reordered = size == 2 and lowered[window[0][0] : window[0][1]].endswith("ing")
                entry = self._inflected.get(key) or (self._reordered.get(key) if reordered else None)
                start, end = window[0][0], window[-1][1]
                if entry is None or start in counted or any(s < end and start < e for s, e in taken):
                    continue
                if _CLAUSE_BREAK.search(text[start:end]):  # "... at night. Work ..." is no "night work"
                    continue
                surface = text[start:end].lower()
                if any(surface in s for s in skipped):
                    continue
                taken.append((start, end))
                found.append(LexiconMatch(entry, surface, start, end))
        return found

    def role_wordings(self, text: str) -> list[tuple[int, str, tuple[str, ...]]]:
        """Who or what of everyday vocabulary a text names (roles, jobs, places: no HR topic), each as (where it
        starts, the form found, every English and Vietnamese wording of its entry): "GM" → "general manager",
        "tổng quản lý"; what finds a staff group named in another language or by an abbreviation."""
        return [
            (m.start, m.surface, tuple(dict.fromkeys((*m.entry.en, *m.entry.vi))))
            for m in self.matches(text)
            if m.entry.vocabulary
        ]

    def expansions(self, text: str, skip: tuple[str, ...] = (), per_entry: int = 2) -> list[str]:
        """Vietnamese terms for the English terms and abbreviations in ``text`` (each entry's first
        ``per_entry`` terms), without the ones ``text`` already contains."""
        lowered = nfc(text).lower()
        out: list[str] = []
        for match in self.matches(text, skip):
            for term in match.entry.vi[:per_entry]:
                if term not in out and term.lower() not in lowered:
                    out.append(term)
        return out

    def canonical_terms(self, text: str, skip: tuple[str, ...] = ()) -> list[str]:
        """The legal Vietnamese term for each everyday Vietnamese variant in ``text`` that the text does not
        already use ("đồ bảo hộ" -> "phương tiện bảo vệ cá nhân"); accents must match. Variants inside one of
        the ``skip`` terms (the glossary's) are left out."""
        lowered = nfc(text).lower()
        if self._vi_re is None:
            return []
        skipped = [s.lower() for s in skip]
        out: list[str] = []
        for m in self._vi_re.finditer(lowered):
            if any(m.group(1) in s for s in skipped):
                continue
            canonical = self._vi_variants[m.group(1)].vi[0]
            if canonical.lower() not in lowered and canonical not in out:
                out.append(canonical)
        return out

    @cached_property
    def vocabulary_only(self) -> frozenset[str]:
        """Terms (lower-case, NFC), English or Vietnamese, that only the vocabulary entries have (``vocabulary``:
        "a month", "mỗi tháng"): they translate a question and rank sentences, but say nothing of its topic."""
        general = {t.lower() for e in self.entries if e.vocabulary for t in (*e.en, *e.vi)}
        topical = {t.lower() for e in self.entries if not e.vocabulary for t in (*e.en, *e.vi)}
        return frozenset(general - topical)

    def vietnamese_terms(self) -> list[str]:
        """Every Vietnamese term of the lexicon (vocabulary for restoring a question's diacritics)."""
        return [term for entry in self.entries for term in entry.vi]

    def concepts(self, text: str) -> list[str]:
        """The Vietnamese concepts a question asks about (each matched entry's canonical term), for a topic
        check: does the passage talk about what was asked?"""
        return list(dict.fromkeys(m.entry.vi[0] for m in self.matches(text)))


_INFLECTED_MAX = 4  # longest form (in words) matched with other inflections
_TOKEN = re.compile(r"\w+")  # whole words, accented ones too ("mất" is one word, not "m" and "t")
_CLAUSE_BREAK = re.compile(r"[.;:,?!()]")


# "leave" as a verb: going away, not time off ("can I leave earlier?", "when I leave the company"). Read by the
# word before it (a subject, a modal, "to") or after it (what is left, when); a word that makes it the noun wins
# ("my leave", "on leave", "leave balance").
_LEAVE_WORD = re.compile(r"(?<![\w-])(leave|leaving)(?![\w-])", re.IGNORECASE)
_NOUN_BEFORE_LEAVE = frozenset(
    "on of my your his her our their annual sick paid unpaid take taking took taken any some more much no extra "
    "special personal the a an this that for request apply approved maternity paternity get gets got getting have "
    "has had there is are was use using used need needs".split()
)
_NOUN_AFTER_LEAVE = frozenset(
    "days day balance request requests form application entitlement allowance policy quota year of rules".split()
)
_VERB_BEFORE_LEAVE = frozenset(
    "i we you they he she to can could will would ll must may should might just then before after when if "
    "once".split()
)
_VERB_AFTER_LEAVE = frozenset(
    "early earlier sooner the my our this work on at before after right immediately now today tomorrow when if "
    "without".split()
)


def departing_leave(text: str) -> list[tuple[int, int]]:
    """Where ``text`` uses "leave" (or "leaving") as the verb for going away: "Any way I can leave earlier?", "if I
    leave the company", "before we leave". Such a "leave" is no leave of absence. A word that makes it the noun
    ("on leave", "annual leave", "leave balance") wins over one that makes it the verb; when neither decides, the
    noun (an HR question's usual sense)."""
    out: list[tuple[int, int]] = []
    for m in _LEAVE_WORD.finditer(text):
        before = re.findall(r"[a-z]+", text[: m.start()].lower())[-1:]
        after = re.findall(r"[a-z]+", text[m.end() :].lower())[:1]
        if (before and before[0] in _NOUN_BEFORE_LEAVE) or (after and after[0] in _NOUN_AFTER_LEAVE):
            continue
        verb = m.group(1).lower() == "leaving" or (before and before[0] in _VERB_BEFORE_LEAVE)
        if verb or (after and after[0] in _VERB_AFTER_LEAVE):
            out.append(m.span(1))
    return out


def _finditer_from_each(
    pattern: re.Pattern[str], text: str, counted: frozenset[int]
) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)``, except that no match starts at a counted unit of time (``counted``): the search
    goes on from the next character ("trip" in "a 4-day trip", not "day trip")."""
    pos = 0
    while (m := pattern.search(text, pos)) is not None:
        if m.start(1) in counted:
            pos = m.start(1) + 1
            continue
        yield m
        pos = max(m.end(), pos + 1)


def _stems(form: str) -> tuple[str, ...]:
    return tuple(stem(w) for w in _TOKEN.findall(form.lower()))


def _alternation(table: dict[str, LexiconEntry], plural: bool, flags: int) -> re.Pattern[str] | None:
    if not table:
        return None
    forms = list(table)
    if plural:  # "penalty" -> "penalties", "salary" -> "salaries" (a vowel before the y takes a plain "s")
        forms += [f"{f[:-1]}ies" for f in table if re.search(r"[^aeiou\W]y$", f)]
    forms.sort(key=len, reverse=True)  # longest first: the alternation tries them in order
    body = "|".join(re.escape(f) for f in forms)
    suffix = "(?:e?s)?" if plural else ""
    return re.compile(rf"(?<!\w)((?:{body}){suffix})(?!\w)", flags)


def _singular(surface: str, table: dict[str, LexiconEntry]) -> str:
    if surface.endswith("ies") and f"{surface[:-3]}y" in table:
        return f"{surface[:-3]}y"
    for cut in ("es", "s"):
        if surface.endswith(cut) and surface[: -len(cut)] in table:
            return surface[: -len(cut)]
    return surface


@cache
def default_lexicon() -> Lexicon:
    """The lexicon shipped with the package (loaded once per process; read-only)."""
    return Lexicon.load()


@lru_cache(maxsize=1024)
def topic_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Where ``text`` (NFC) names an HR topic in a term of several words, by the shipped lexicon
    (``Lexicon.topic_spans``), read once per text: what tells the staff groups "phí phục vụ" is no waiter."""
    return tuple(default_lexicon().topic_spans(text))


def question_concepts(question: str) -> list[str]:
    """The Vietnamese HR concepts ``question`` asks about, from the shipped lexicon (for the answer side)."""
    return default_lexicon().concepts(question)
