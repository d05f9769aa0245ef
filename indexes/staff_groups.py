"""Staff groups: which row of a staff-group table names an employee, and the documents' own directories of
groups ("L3 – Licensed Professional: University-trained pharmacists, …", "L3 – Dược sĩ đại học, điều dưỡng, bác
sĩ | 150.000 | …", "Band 3 | E1–E4 | Engineers, …") that say which group a job belongs to.

The calculators read an employee's row through them (the leave days of "L3", for a "dược sĩ đại học"), and a
question naming a job is also searched with its group's code and name, so a table listing groups by code ranks
the asked group's row ("L3 | 250.000 | 800.000").
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from indexes.text import (
    FUNCTION_WORDS_EN,
    ITEM_MARK,
    fold,
    has_diacritics,
    is_generic,
    is_stopword,
    nfc,
    rule_reading,
)

# A table cell stating a quantity ("06 ngày làm việc", "90% lương"): no part of the group's name.
_CODE = re.compile(r"[a-z]+\d+|\d+[a-z]+")
MAX_SYLLABLE = 7  # letters in the longest Vietnamese syllable, folded ("nghieng"): a longer word is a term
# the shape of a Vietnamese syllable, folded: an onset, one to three vowels, a final consonant; a word of another
# shape ("cashier", "doctor", "nurse") is a term, not a syllable that a row shares by chance
_SYLLABLE = re.compile(
    r"(?:ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|[bcdghklmnpqrstvx])?[aeiouy]{1,3}(?:ch|ng|nh|[cmnpt])?"
)
_QUANTITY_CELL = re.compile(
    r"\d+\s*(?:ngay|thang|nam|gio|tuan|%|dong|trieu|(?:working |business |calendar )?days?\b|months?\b|years?\b"
    r"|hours?\b|weeks?\b|vnd\b|usd\b)"
)
# a range of grades a row covers ("E1–E4", "T1-T3"): each grade in it names the row
_GRADE_RANGE = re.compile(r"\b([a-z]{1,2})(\d{1,2})\s*[–—-]\s*(?:\1)?(\d{1,2})\b")


def name_words(text: str) -> list[str]:
    """A text's naming words, folded. Where it has diacritics, they decide what is a question word: "công nhân
    may" names sewing ("may"), "mấy" asks how many; without them both fold to "may" and neither names."""
    accented = has_diacritics(text)
    return [
        _singular(rule_reading(w))
        for w in re.findall(r"\w+", nfc(text).lower())
        if _short_syllable(w, accented)
        or not (is_stopword(w, accented) or is_generic(w, accented) or w in FUNCTION_WORDS_EN)
    ]


def _short_syllable(word: str, accented: bool) -> bool:
    """A word of one or two plain letters in a text with diacritics: a Vietnamese syllable ("in" of "in ấn", "an"
    of "an ninh"), not an English stop word."""
    return accented and len(word) < 3 and word.isascii() and word.isalpha()


def _singular(word: str) -> str:
    """An English plural's singular ("operators" → "operator", "lines" → "line"): no Vietnamese syllable ends in
    "s", so Vietnamese words are left as they are."""
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss") and word.isalpha():
        return word[:-1]
    return word


def _grades(text: str) -> list[str]:
    """The grades inside a text's grade ranges ("E1–E4" → e2, e3; the ends are words of the text already)."""
    return [
        f"{m.group(1)}{n}"
        for m in _GRADE_RANGE.finditer(rule_reading(text))
        if 0 < int(m.group(3)) - int(m.group(2)) < 10
        for n in range(int(m.group(2)) + 1, int(m.group(3)))
    ]


def _numbered_range(text: str) -> list[str]:
    """Each group a numbered range names, as a group word and its number ("Bands 1–3" → band 1, band 2, band 3;
    "Nhóm 1 – 2"), so that "Band 2" names that row by the pair."""
    out: list[str] = []
    for m in _NUMBERED_RANGE.finditer(rule_reading(text)):
        low, high = int(m.group(2)), int(m.group(3))
        if 0 < high - low < 10:
            out += [w for n in range(low, high + 1) for w in (m.group(1), str(n))]
    return out


def _row_name(row: str) -> list[str]:
    head, colon, tail = row.partition(":")
    # a list item names its group before the colon ("L4 Store Managers: 14 days"); a colon followed by words, not a
    # figure, lists the group's members ("… từ cao đẳng trở lên: kỹ sư, kế toán viên")
    if "|" not in row and colon and re.search(r"\d", tail):
        row = head
    cells = [c for c in row.split("|") if c.strip() and not _QUANTITY_CELL.search(rule_reading(c))]
    text = " | ".join(cells)
    return name_words(text) + _grades(text) + _numbered_range(text)


class Row(Protocol):
    text: str


R = TypeVar("R", bound=Row)


def is_term(word: str) -> bool:
    """A word no Vietnamese syllable could be ("merchandiser", "cashier"): it names, where a syllable a row
    shares may be chance ("chưa")."""
    return word.isalpha() and (len(word) > MAX_SYLLABLE or not _SYLLABLE.fullmatch(fold(word)))


def naming(term: str) -> bool:
    """A term that can name a row by itself: a word pair, a code ("L3") or a word no syllable could be."""
    return " " in term or bool(_CODE.fullmatch(fold(term))) or is_term(term)


def row_of(rows: Sequence[R], employee: str | None) -> R | None:
    """The row of a staff-group table (or of a list of groups) that names the employee ("công nhân giặt mài" →
    "Nhóm C | ... giặt mài ... | 14 ngày"): the row sharing the rarest words and word pairs with the description,
    when one row does so alone and shares a word pair or a code ("L3") that fewer than half the rows have."""
    if not employee or len(rows) < 2:
        return None
    names = [_row_name(r.text) for r in rows]
    asked = name_words(employee)
    asked_pairs = {f"{a} {b}" for a, b in zip(asked, asked[1:], strict=False)}
    df: dict[str, int] = {}
    for name in names:
        for term in set(name) | {f"{a} {b}" for a, b in zip(name, name[1:], strict=False)}:
            df[term] = df.get(term, 0) + 1
    count = len(names)
    scored = []
    for row, name in zip(rows, names, strict=True):
        pairs = {f"{a} {b}" for a, b in zip(name, name[1:], strict=False)}
        shared = (set(name) & set(asked)) | (pairs & asked_pairs)
        # a word pair ("giặt mài") or a code ("L3") that few rows have, or a word that is no Vietnamese syllable
        # ("merchandiser", "cashier") that one row alone has; one shared syllable ("chưa") is chance
        distinctive = any(
            ((" " in t or _CODE.fullmatch(t)) and (df[t] * 2 < count or (df[t] == 1 and count == 2)))
            or (is_term(t) and df[t] == 1)
            for t in shared
        )
        score = sum(math.log(1 + count / df[t]) * (2 if " " in t else 1) for t in shared)
        scored.append((score if distinctive else 0.0, row))
    scored.sort(key=lambda x: -x[0])
    best, second = scored[0][0], scored[1][0]
    return scored[0][1] if best > 0 and best > second else None


# a directory of staff groups: a table with a column of groups ("Band", "Nhóm", "Ngạch") and one of the jobs in
# each ("Typical positions", "Chức danh")
_GROUP_WORDS = "band|grade|group|level|category|nhom|ngach|bac|cap"
_NUMBERED_RANGE = re.compile(rf"\b({_GROUP_WORDS})s?\s+(\d{{1,2}})\s*[–—-]\s*(\d{{1,2}})\b")
_GROUP_HEAD = re.compile(rf"\b(?:{_GROUP_WORDS})\b")
_JOBS_HEAD = re.compile(
    r"\b(?:positions?|jobs?|job titles?|roles?|titles?|chuc danh|vi tri|cong viec|nghe)\b"
)


# a group's code opening a directory entry, folded: "L3 – …", "Band 3: …", "Nhóm A – …"
_GROUP_CODE = re.compile(
    rf"^\s*((?:[a-z]{{1,3}}\d{{1,2}})|(?:{_GROUP_WORDS}|hang|tier)\s+(?:[a-z]|\d{{1,2}})\b)"
    r"\s*[–—-]\s*(\S.*)$"
)
_NAMED = re.compile(r"^([^:•|]{2,60}?)\s*:\s*(\S.*)$")  # "Licensed Professional: University-trained …"
# a list item naming a group by its word and number, then its jobs: "c) Nhóm III: các chức danh còn lại, gồm kỹ sư,
# chuyên viên, nhân viên" (folded)
_GROUP_ITEM = re.compile(rf"^\s*((?:{_GROUP_WORDS})\s+(?:[ivx]{{1,4}}|[a-z]|\d{{1,2}}))\s*:\s*(\S.*)$")


def _coded(text: str, jobs_only: bool = True) -> tuple[str, str] | None:
    """(the code, the rest) of a text opening with a group's code and a dash ("L3 – Dược sĩ đại học, …"); the
    rest names jobs, so it is no range of codes ("L1 – L2") and, with ``jobs_only``, holds no figure."""
    text = nfc(text).strip()
    m = _GROUP_CODE.match(fold(text))  # folding keeps an NFC text's length: its offsets index the text
    if m is None or (jobs_only and re.search(r"\d", m.group(2))) or _GROUP_CODE.match(f"{m.group(2)} – x"):
        return None
    return text[: m.end(1)], text[m.start(2) :].strip()


def _entry(text: str) -> tuple[str, str, str] | None:
    """(key, the group's own cell, the jobs) of one directory entry: a table row of a staff-group directory
    (a group column, a jobs column, no figures), a row whose first cell opens with a group's code ("L3 – Dược sĩ
    đại học, điều dưỡng, bác sĩ | 150.000 | …"), or a definition or list item of a coded group ("L3 – Licensed
    Professional: University-trained pharmacists, …")."""
    header, _, row = text.rpartition(" … ")
    if "|" in row:
        cells = [c.strip() for c in row.split("|") if c.strip()]
        heads = [rule_reading(c) for c in header.split("|") if c.strip()]
        if (
            len(heads) >= 2
            and len(cells) >= 2
            and _GROUP_HEAD.search(heads[0])
            and any(_JOBS_HEAD.search(h) for h in heads[1:])
            and not any(_QUANTITY_CELL.search(rule_reading(c)) for c in cells)
        ):
            return _key(cells[0]), cells[0], " | ".join(cells[1:])
        coded = _coded(cells[0]) if cells and heads else None
        if coded is None or not (_GROUP_HEAD.search(heads[0]) or _JOBS_HEAD.search(heads[0])):
            return None  # a schedule's "T7 – Thứ Bảy" is no group: the column must hold groups or positions
        return _key(coded[0]), coded[0], coded[1]
    item = nfc(ITEM_MARK.sub("", text)).strip()
    coded = _coded(item, jobs_only=False)
    if _QUANTITY_CELL.search(rule_reading(text)):
        return None
    if coded is None:
        # folding keeps an NFC text's length: its offsets index the text
        listed = _GROUP_ITEM.match(fold(item))
        if listed is None:
            return None
        own = item[: listed.end(1)]
        # "các chức danh còn lại, gồm kỹ sư, …": the jobs it lists, not the words that introduce them
        jobs = re.sub(r"(^|,\s*)(?:bao gồm|gồm có|gồm|including|such as)\s+", r"\1", item[listed.start(2) :])
        return _key(own), own, jobs.rstrip(" ;.")
    named = _NAMED.match(coded[1])
    if named is None or re.search(r"\d", named.group(1)):
        return None
    return _key(coded[0]), f"{coded[0]} – {named.group(1)}", named.group(2)


def _key(group: str) -> str:
    return re.sub(r"\s+", "", fold(group))


def directory_of(units: Iterable[Row]) -> list[str]:
    """The documents' staff-group directory, one entry per group: its own cell first, then every text listing its
    jobs ("L3 – Licensed Professional | University-trained pharmacists, … | Dược sĩ đại học, điều dưỡng, bác sĩ";
    "Band 3 | E1–E4 | Engineers, specialists, …")."""
    groups: dict[str, tuple[str, list[str]]] = {}
    for unit in units:
        found = _entry(unit.text)
        if found is None:
            continue
        key, own, jobs = found
        label, lists = groups.setdefault(key, (own, []))
        if len(own) > len(label):  # the longest own cell names the group best ("L3 – Licensed Professional")
            groups[key] = (own, lists)
        if jobs not in lists:
            lists.append(jobs)
    return [" | ".join([label, *lists]) for label, lists in groups.values()]


# a list of jobs: items apart at commas, slashes, brackets and "and"/"or" ("Pharmacy managers (nhà thuốc trưởng)
# and clinic head nurses")
_JOB_SPLIT = re.compile(r"[,;/()]|\s(?:and|or|và|hoặc)\s", re.IGNORECASE)
# an English job's qualifier: its head noun comes before it ("sales assistants without a pharmacy qualification")
_QUALIFIER = re.compile(r"\s(?:without|with|who|that|in|at|of|from|for|on)\s.*$")


# words that name every employee, no job ("Nhóm 3 | Nhân viên"): a question saying them names no group
_ANYONE = frozenset("nhan vien nguoi lao dong cong staff employee worker member team colleague".split())


@functools.lru_cache(maxsize=4096)
def _jobs(entry: str) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """The jobs of a directory entry as (the words a question must have, the words it may have): a Vietnamese
    job all its words ("dược sĩ đại học"), an English job its head noun, its last word before any qualifier
    ("University-trained pharmacists" → "pharmacist", the rest optional; all words before "of": "heads of
    department"); the group's own code (its folded tokens: "Nhóm A") and name all their words ("Store Manager");
    each grade of a range ("E1–E4" → e1 … e4). A job of words every employee shares ("Nhân viên") is none."""
    cells = entry.split(" | ")
    coded = _coded(cells[0])
    code = re.findall(r"\w+", fold(coded[0] if coded else cells[0]))
    out: list[tuple[list[str], list[str]]] = [(code, [])] + ([(name_words(coded[1]), [])] if coded else [])
    for item in (i for c in cells[1:] for i in _JOB_SPLIT.split(c)):
        if not item or not item.strip():
            continue
        item = item.rsplit(":", 1)[
            -1
        ]  # a list's label is no job: "Các chức danh còn lại: lễ tân" is "lễ tân"
        grades = _grades(item)
        if grades:  # a range of grades: each of them, its ends too
            out += [([g], []) for g in [*name_words(item), *grades]]
        elif has_diacritics(item) or re.search(r"\sof\s", f" {item} "):
            out.append((name_words(item), []))
        elif words := name_words(_QUALIFIER.sub("", f" {item.strip()}")):
            out.append((words[-1:], words[:-1]))
    return tuple(
        (tuple(needed), tuple(optional)) for needed, optional in out if needed and not set(needed) <= _ANYONE
    )


# the words for any employee, as written (longest first): beside a job ("Nhân viên lễ tân", "kitchen staff") part of
# naming the asker; alone, who asks, which a rule for everyone need not name
ANYONE_TERMS = (
    "cán bộ công nhân viên",
    "cán bộ nhân viên",
    "công nhân viên",
    "người lao động",
    "nhân viên",
    "công nhân",
    "CBCNV",
    "CBNV",
    "NLĐ",
)
_ANYONE_WORDS = re.compile(
    rf"\b(?:{'|'.join(dict.fromkeys(fold(t) for t in ANYONE_TERMS))}|staff|employees?|workers?)\b"
)
# the same terms, each as its folded words
_ANYONE_PHRASES = (
    *dict.fromkeys(tuple(fold(t).split()) for t in ANYONE_TERMS),
    *((w,) for w in ("staff", "employee", "employees", "worker", "workers")),
)


def _anyone_words(words: set[str]) -> set[str]:
    """The words of ``words`` (folded) that make up a term for any employee ("nhan", "vien"), whatever their
    order: a set joined into a phrase has none."""
    return {w for phrase in _ANYONE_PHRASES if set(phrase) <= words for w in phrase}


# someone else's job ("my manager", "a doctor's note", "approval from the GM"; "GM của em", "quản lý của tôi" where
# the role opens a clause or follows a verb of asking or reporting, not "phụ cấp lễ tân của em", the asker's own);
# not "the hotel cap for our GM": the one the rule is asked for
_PRONOUNS = r"(?:tôi|em|mình|anh|chị|bạn|tui|tớ|toi|minh|chi|ban)"
# what of the asker's own a job may qualify ("lương lễ tân của tôi": my receptionist's pay is mine)
_OWN_THINGS = (
    r"(?:lương|luong|phụ cấp|phu cap|thưởng|thuong|tiền|tien|chế độ|che do|ca|giờ|gio|hợp đồng|hop dong|phép|phep"
    r"|ngày|ngay|bảo hiểm|bao hiem|công việc|cong viec|vị trí|vi tri|chức danh|chuc danh)"
)
_OTHERS_JOB = re.compile(
    r"(?<![\w-])(?<!for )(?:my|your|his|her|their|our)\s+[\w-]+(?:\s+[\w-]+)?|(?<![\w-])[\w-]+['’]s\b"
    r"|(?<![\w-])(?:from|by|ask|tell|inform|notify|cc|(?:report|submit|send|sen[dt]|hand|give|apply)\w*\s+(?:it\s+)?to)"
    r"\s+the\s+[\w-]+(?:\s+[\w-]+)?",
    re.IGNORECASE,
)
_OTHERS_OWNED = re.compile(
    r"(^|[,.;:?!]|(?<!\w)(?:báo|bao|gửi|gui|xin|hỏi|hoi|nhờ|nho|được|duoc|với|voi|bởi|boi|phép|phep)(?!\w))"
    rf"(?!\s*{_OWN_THINGS}(?!\w))(\s*(?:[\w-]+\s+){{1,3}}(?:của|cua)\s+{_PRONOUNS}(?!\w))",
    re.IGNORECASE,
)


def _others_blanked(text: str) -> str:
    """``text`` with the jobs of others blanked out, its offsets kept."""
    text = _OTHERS_JOB.sub(lambda m: " " * len(m.group(0)), text)
    return _OTHERS_OWNED.sub(lambda m: m.group(1) + " " * len(m.group(2)), text)


# where a text names an HR topic in a term of several words ("phí phục vụ": the lexicon's ``topic_spans``)
TopicSpans = Callable[[str], Sequence[tuple[int, int]]]


def _in_topics(
    text: str, kept: Callable[[list[str]], bool], topics: TopicSpans | None
) -> list[tuple[int, int]]:
    """The spans of ``text`` (NFC) naming an HR topic in a term of several words (``topics``: "phí phục vụ",
    "giấy phép lái xe"), but those whose words (folded) ``kept`` says belong to a job, and those naming any employee
    ("nhân viên"): a job's words inside another term name no job ("phục vụ" of "phí phục vụ" is no waiter)."""
    spans: list[tuple[int, int]] = []
    if topics is None:
        return spans
    for start, end in topics(text):
        words = name_words(text[start:end])
        if not kept(words) and not set(words) <= _ANYONE:
            spans.append((start, end))
    return spans


def _topics_blanked(text: str, jobs: frozenset[str], topics: TopicSpans | None) -> str:
    """``text`` with its HR topic terms blanked (``_in_topics``), its offsets kept; a term that is a job or part
    of one ("kiểm tra" of "kiểm tra ngoại quan", "hội đồng quản trị" of its chairman) is kept."""

    def in_a_job(words: list[str]) -> bool:
        term = f" {' '.join(words)} "
        return any(term in f" {job} " for job in jobs)

    for start, end in reversed(_in_topics(text, in_a_job, topics)):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


@functools.lru_cache(maxsize=64)
def _job_phrases(directory: tuple[str, ...]) -> frozenset[str]:
    """Every job of a directory as its words (folded, space-joined)."""
    return frozenset(" ".join(needed) for entry in directory for needed, _ in _jobs(entry))


def _job_tokens(
    text: str, words: Iterable[str], topics: TopicSpans | None = None
) -> list[tuple[re.Match[str], bool]]:
    """Each word of ``text`` (NFC) with whether it is said as part of the job's phrase: a run of the job's words
    (``words``, folded) as long as the job's own words, or two ("buồng phòng", not the "phòng" of "trưởng
    phòng"); the words for any employee alone ("nhân viên") are no job of their own, nor those inside an HR
    topic's term ("phục vụ" of "phí phục vụ")."""
    named = set(words)
    own = named - _anyone_words(named)
    least = min(2, max(1, len(own)))
    spoken = {fold(m.group(0)) for m in re.finditer(r"\w+", text)}
    # a term whose words are all the job's is the job ("thực tập sinh", "nhân viên thời vụ")
    inside = _in_topics(text, lambda ws: set(ws) <= named, topics) if named & spoken else []

    def job_word(m: re.Match[str]) -> bool:
        return fold(m.group(0)) in named and not any(s <= m.start() < e for s, e in inside)

    out: list[tuple[re.Match[str], bool]] = []
    for is_job, run in itertools.groupby(re.finditer(r"\w+", text), key=job_word):
        said = list(run)
        words_said = {fold(m.group(0)) for m in said}
        phrase = is_job and len(said) >= least and bool(words_said & own or not own)
        out += [(m, phrase) for m in said]
    return out


def asker_only(text: str, words: Iterable[str], topics: TopicSpans | None = None) -> frozenset[str]:
    """The job's words (``words``, folded) that ``text`` says only inside the job's phrase: a word it also says
    elsewhere is asked too ("lễ" of "nghỉ lễ" for "nhân viên lễ tân", "phòng" of "trưởng phòng" for "buồng
    phòng")."""
    named = set(words)
    elsewhere = {fold(m.group(0)) for m, phrase in _job_tokens(nfc(text), named, topics) if not phrase}
    return frozenset(named - elsewhere)


def without_job(text: str, words: Iterable[str], topics: TopicSpans | None = None) -> str:
    """``text`` without the job's phrase (``_job_tokens``), wherever it is said; its other words as written."""
    if not words:
        return text
    dropped = nfc(text)
    for m, phrase in reversed(_job_tokens(dropped, words, topics)):
        if phrase:
            dropped = dropped[: m.start()] + dropped[m.end() :]
    return re.sub(r"\s+", " ", dropped).strip() or text


def job_phrase(text: str, words: Iterable[str], topics: TopicSpans | None = None) -> str:
    """The words of ``text`` said as the job's phrase (``_job_tokens``), as written: what the lexicon would
    translate of who asks."""
    return " ".join(m.group(0) for m, phrase in _job_tokens(nfc(text), words, topics) if phrase)


@dataclass(frozen=True)
class NamedJob:
    group: str  # the group's own cell ("L3 – Licensed Professional")
    words: tuple[str, ...]  # the text's words naming the asker, folded ("nhan", "vien", "le", "tan")


# a rank below the role named after it ("deputy GM", "phó TGĐ"; "pho GM" in a text typed without accents): the
# role's wording is not the job. Accents decide where the text has them: "phố", "phổ thông", "ứng phó" are no rank.
# ``RANK_SPAN`` characters before a role are read for it.
_RANK = r"(?:deputy|vice|assistant|acting|associate|(?<!ứng )(?<!đối )phó)"
_RANK_FOLDED = r"(?:deputy|vice|assistant|acting|associate|(?<!ung )(?<!doi )(?<!thanh )pho)"
RANK_SPAN = 24
_RANKS = frozenset({"deputy", "vice", "assistant", "acting", "associate", "pho"})


# (just before a role, a rank and the role after it) for a text with accents and for one typed without them
_RANK_BEFORE = {
    a: re.compile(rf"(?<!\w){r}[\s-]+$", re.IGNORECASE) for a, r in ((True, _RANK), (False, _RANK_FOLDED))
}
_RANKED = {
    a: re.compile(rf"(?<!\w){r}(?:[\s-]+\w+){{1,3}}", re.IGNORECASE)
    for a, r in ((True, _RANK), (False, _RANK_FOLDED))
}


def _ranked_before(text: str, start: int) -> bool:
    """Whether a rank word comes just before ``start`` in ``text`` (NFC)."""
    before = text[max(0, start - RANK_SPAN) : start]
    return _RANK_BEFORE[has_diacritics(text)].search(before) is not None


def _without_ranked(text: str) -> str:
    """``text`` (NFC) with each rank word and the role it lowers ("deputy general manager", "phó tổng giám đốc", up
    to three words) blanked, offsets kept."""
    return _RANKED[has_diacritics(text)].sub(lambda m: " " * len(m.group(0)), text)


# the lexicon's reading of a text: where each role or everyday term is, its form there and every wording of it
RoleWordings = Callable[[str], list[tuple[int, str, tuple[str, ...]]]]


def job_named(
    directory: Sequence[str], text: str, roles: RoleWordings | None = None, topics: TopicSpans | None = None
) -> NamedJob | None:
    """The staff group one of whose jobs ``text`` names itself (``_job_in``; not inside an HR topic's term that
    ``topics`` finds), else through ``roles`` (the lexicon's wordings of a role or job it names in another form:
    "our GM" → "general manager", "tổng quản lý"), each wording on its own; the words naming the asker are then the
    text's own ("gm")."""
    text = nfc(text)
    named = _job_in(directory, text, topics)
    if named is not None or roles is None or len(directory) < 2:
        return named
    kept = _others_blanked(text)
    for start, surface, wordings in roles(kept):
        if _ranked_before(kept, start):
            continue  # a deputy's rank is not the role named after it
        for wording in wordings:
            found = _job_in(directory, wording)
            if found is not None:
                return NamedJob(found.group, tuple(re.findall(r"\w+", fold(surface))))
    return None


def _job_in(directory: Sequence[str], text: str, topics: TopicSpans | None = None) -> NamedJob | None:
    """The staff group one of whose jobs ``text`` names (``_named_in``), unless the text names it only after a rank
    word ("deputy general manager", "phó tổng quản lý") and the job found is no such rank itself: a deputy is not
    the role. A job's words inside an HR topic's term (``topics``) name no job."""
    text = _topics_blanked(_others_blanked(nfc(text)), _job_phrases(tuple(directory)), topics)
    found = _named_in(directory, text)
    if found is None or _RANKS & set(found.words):
        return found
    unranked = _without_ranked(text)
    return found if unranked == text else _named_in(directory, unranked)


def _named_in(directory: Sequence[str], text: str) -> NamedJob | None:
    """The staff group one of whose jobs ``text`` names (``_jobs``: every word of a Vietnamese job, the head noun
    of an English one, the group's code or name), with the words that name the asker (the job's, and any of
    "nhân viên", "staff" the text says); the group whose job it names
    with most words and fewest qualifiers it does not say, None when no group or two alike ("nurses":
    registered or head nurses)."""
    if len(directory) < 2:
        return None
    asked = name_words(text)  # others' jobs already blanked (``_job_in``)
    padded = f" {' '.join(asked)} "
    scored = []
    for entry in directory:
        # (the job's words the text says, minus the count of its qualifiers the text does not say), its words
        best: tuple[tuple[int, int], tuple[str, ...]] = ((0, 0), ())
        for needed, optional in _jobs(entry):
            if f" {' '.join(needed)} " in padded:
                # among jobs named by as many words, fewer qualifiers the text does not say: "a manager" is a
                # "Managers" group's, not an "assistant managers" one's
                said = tuple(w for w in optional if w in asked)
                best = max(best, ((len(needed) + len(said), len(said) - len(optional)), (*needed, *said)))
        scored.append((best, entry))
    scored.sort(key=lambda x: (-x[0][0][0], -x[0][0][1]))
    if scored[0][0][0][0] == 0 or scored[0][0][0] == scored[1][0][0]:
        return None
    anyone = tuple(w for m in _ANYONE_WORDS.findall(fold(text)) for w in m.split())
    return NamedJob(scored[0][1].split(" | ")[0], tuple(dict.fromkeys((*scored[0][0][1], *anyone))))


def group_named(
    directory: Sequence[str], text: str, roles: RoleWordings | None = None, topics: TopicSpans | None = None
) -> str | None:
    """The staff group one of whose jobs ``text`` names, as its own cell (``job_named``)."""
    named = job_named(directory, text, roles, topics)
    return named.group if named else None


@dataclass(frozen=True)
class _Text:
    text: str


# a staff group of every job the others do not name ("Nhóm D | Các chức danh còn lại: …", "Công việc khác", "All
# other staff"), folded; not one of other jobs with a qualifier ("other jobs that need no vocational qualification")
_RESIDUAL = re.compile(
    r"^\W*(?:(?:cac )?(?:chuc danh|cong viec|vi tri|doi tuong|nhan vien|nguoi lao dong) (?:con lai|khac)|con lai"
    r"|all other (?:staff|employees|positions|roles|jobs)|everyone else|other (?:staff|employees|positions|roles|jobs))"
    r"\s*(?:$|[:,;(.]|\b(?:gom|bao gom|ke ca|including|such as)\b)"
)
# the asker calling themselves staff: a clause opening with the word ("Nhân viên đi công tác …", "Regular staff
# here", "… thì nhân viên được …") or after "là", "I'm", "as" (not "cùng nhân viên", "I manage 5 staff"), folded
_ASKER_IS_STAFF = re.compile(
    rf"(?:^|[.?!,;:]\s*|\b(?:la|thi|i'?m|i am|as an?|as)\s+)(?:(?:mot|a|an|regular|ordinary|normal|plain|just a)\s+)?"
    rf"(?:{_ANYONE_WORDS.pattern})"
)


def residual_group(directory: Sequence[str]) -> str | None:
    """The one staff group of the jobs no other group names, as its own cell; None when none or several."""
    found = [e for e in directory if any(_RESIDUAL.search(fold(c).strip()) for c in e.split(" | ")[1:])]
    return found[0].split(" | ")[0] if len(found) == 1 else None


def row_via_directory(rows: Sequence[R], employee: str | None, directory: Sequence[str]) -> R | None:
    """The employee's row (``row_of``); where none names them, the row naming their staff group as a directory
    gives it ("engineer" → "Band 3 | E1–E4 | Engineers, …" → "Bands 3 and 4 – …"); where the employee names no
    job but calls themselves staff ("nhân viên", "regular staff"), the group of the jobs no other group names
    ("Các chức danh còn lại")."""
    found = row_of(rows, employee)
    if found is not None or not employee or len(directory) < 2:
        return found

    group = group_named(directory, employee)  # the group's own cell ("Band 3")
    if group is None and _ASKER_IS_STAFF.search(fold(_others_blanked(nfc(employee))).lower()):
        group = residual_group(directory)
    return row_of(rows, group) if group is not None else None
