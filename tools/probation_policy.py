"""Probation parameters read from the corpus, each with where it came from (a grounded span, or a default).

The probation length of each staff group: the rows of a table whose header names the probation ("Nhóm công việc |
Ví dụ vị trí | Thời gian thử việc tối đa | …") or sentences ("thử việc không quá: … 60 ngày đối với công việc cần
trình độ … cao đẳng trở lên; … 06 ngày làm việc đối với công việc khác"); how the period is counted, where a
document says ("tính theo ngày làm việc … theo ngày dương lịch …"); and the weekly rest days a count of working
days skips ("Thứ Bảy và Chủ nhật là ngày nghỉ hằng tuần", "ngày nghỉ hằng tuần là Chủ nhật").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, Field

from indexes.staff_groups import directory_of, is_term, name_words, row_via_directory
from indexes.text import fold, nfc, rule_reading
from tools.leave_policy import ParamSource, RuleText, cite_rule

DurationUnit = Literal["days", "working_days", "weeks", "months"]

# "06 ngày làm việc", "60 ngày", "02 tháng", "2 tuần", "60 days", "6 working days" (folded)
_DURATION = (
    r"(\d{1,3})\s*(ngay lam viec|ngay|tuan|thang|working days?|business days?|calendar days?|days?|weeks?"
    r"|months?)\b"
)
_DURATION_RE = re.compile(_DURATION)
# a sentence stating the longest probation: "không quá", "tối đa", "thời gian thử việc là", "up to"
_LENGTH_CUE = re.compile(
    r"khong qua|khong vuot qua|toi da|thoi gian thu viec (?:la|:)|thu viec trong\b|up to|at most|"
    r"no (?:more|longer) than|probation(?: period)? (?:is|lasts|of)\b"
)
# the probation named shortly before the cue, in the same sentence ("Thời gian thử việc chỉ được thỏa thuận một
# lần đối với một công việc và không quá:"), not a payment deadline in a clause that names "Quy chế … thử việc"
_STATES_LENGTH = re.compile(rf"(?:thu viec|probation)\b[^.;!?]{{0,160}}?(?:{_LENGTH_CUE.pattern})")
# the probation as a time something else happens in, its phrase closed by a comma ("after your trial period, up to
# 2 WFH days a week", "sau thời gian thử việc, …"): the limit that follows is not its length. Not "During probation,
# which lasts up to 60 days" nor "Trong thời gian thử việc không quá 60 ngày, …": those name its length.
_PROBATION_AS_TIME = re.compile(
    r"\b(?:after|before|during|once|until|sau|truoc|trong|het|ket thuc)\s+(?:khi\s+)?"
    r"(?:(?:your|the|their|his|her|thoi gian|ky|giai doan)\s+)?$"
)
_TIME_PHRASE_END = re.compile(r"^(?:ary)?(?:\s+period)?\s*,(?!\s*(?:which|that|lasting|of)\b)")
# "60 ngày đối với công việc cần trình độ … cao đẳng trở lên" (the group runs to the clause's end)
_GROUP_RE = re.compile(
    rf"(?<!duoi )(?<!tren )(?<!tu )\b{_DURATION}\s+(?:doi voi|ap dung cho|cho|for)\s+([^;.]+)"
)
_GENERAL_RE = re.compile(
    rf"(?:khong qua|khong vuot qua|toi da|la|:|up to|at most|than|lasts?|is)\s*{_DURATION}"
    r"(?!\s*(?:truoc|tro len|sau|before|after|or more))"
)
_PROBATION = re.compile(r"thu viec|probation")
_CEILING = re.compile(
    r"khong qua|khong vuot qua|toi da|\bmax(?:imum)?\b|up to|at most|no (?:more|longer) than"
)
_PERCENT_RE = re.compile(r"(\d{2,3})\s*%")
# "Tiền lương trong thời gian thử việc bằng 85% mức lương của công việc đó", "lương thử việc ít nhất bằng 85%"
_PAY_RULE = re.compile(
    r"(?:luong|salary|pay)[^.;|]{0,40}thu viec[^.;|]{0,40}?(\d{2,3})\s*%|probation pay[^.;|]{0,40}?(\d{2,3})\s*%"
    # "Salary during probation is 85% of …", "probationary salary: 90%", "During probation you receive 85% of …"
    r"|(?:salary|pay|wages?)\s+(?:during|in|for)\s+(?:the\s+)?probation[^.;|]{0,40}?(\d{2,3})\s*%"
    r"|probation(?:ary)?\s+(?:salary|wages?)[^.;|]{0,40}?(\d{2,3})\s*%"
    r"|during\s+(?:the\s+)?probation(?:ary)?(?:\s+period)?,?\s+[^.;|]{0,50}?\b(?:paid|receives?|gets?|earns?)\b"
    r"[^.;|]{0,20}?(\d{2,3})\s*%"
)
# The pay of each lettered point of the lengths' clause, in the pay sentence: "85% … đối với chức danh tại điểm a,
# b; 90% đối với điểm c và 100% đối với điểm d khoản 1" (lower case, as written: "đ" is a point of its own)
_POINT_LETTERS = re.compile(r"\bđiểm\s+([a-zđ](?:\s*(?:,|và)\s*(?:điểm\s+)?[a-zđ])*)\b")
_POINT_RE = re.compile(r"^\s*([a-zđ])\)\s")  # a lettered point's opening ("c) 30 ngày …"), lower case


def point_pay(text: str) -> dict[str, int]:
    """The probation pay of each lettered point a pay sentence names: in each of its parts (between ";"), its
    percents and its points paired in order, whichever comes first ("85% … điểm a, b", "điểm c hưởng 90%"); a
    part with as many of each, else none (a bracketed exception's "100%" is no point's pay). Parts end at ";" and
    at a sentence's end ("… điểm c và điểm d khoản 1 hưởng 95%. Tiết dạy vượt định mức … 100% đơn giá").
    {"a": 85, "b": 85, "c": 90, "d": 100}"""
    pay: dict[str, int] = {}
    for part in re.split(r";|\.(?:\s|$)", nfc(text).lower()):  # a sentence's percent is no later one's point
        percents = [int(m.group(1)) for m in _PERCENT_RE.finditer(part)]
        points = [
            re.findall(r"\b[a-zđ]\b", m.group(1).replace("và", ",").replace("điểm", ""))
            for m in _POINT_LETTERS.finditer(part)
        ]
        if percents and len(percents) == len(points):
            pay |= {
                letter: percent
                for percent, letters in zip(percents, points, strict=True)
                for letter in letters
            }
    return pay


def unpointed_share(text: str) -> int | None:
    """The share a pay sentence gives everyone its points do not name: its part with one percent and no point
    ("bằng 90% mức lương của công việc; riêng … điểm c và điểm d khoản 1 hưởng 95%" → 90), stated before the parts
    naming points; None otherwise."""
    parts = [p for p in re.split(r";|\.(?:\s|$)", nfc(text).lower()) if _PERCENT_RE.search(p)]
    pointed = [i for i, p in enumerate(parts) if _POINT_LETTERS.search(p)]
    plain = (
        parts[: pointed[0]] if pointed else []
    )  # before the exceptions: a later sentence pays something else
    if len(plain) != 1 or len(_PERCENT_RE.findall(plain[0])) != 1:
        return None
    return int(_PERCENT_RE.search(plain[0]).group(1))


_COUNTING_RE = re.compile(
    r"thoi gian thu viec (?:duoc )?tinh (?:theo|tu|ke tu|bang)|thu viec\b.{0,80}\bngay duong lich|"
    r"probation(?: periods?)? (?:is|are) counted|calendar days? of probation"
)
# in a section about the probation, a sentence on how its days count: "Days are calendar days", "được tính theo
# ngày dương lịch", "counted in calendar days" (in another section the words count something else: PTO, notice)
_SECTION_COUNTING_RE = re.compile(
    r"^(?:(?:the )?days are (?:calendar|working) days|counted in (?:calendar|working) days|"
    r"(?:duoc )?tinh theo ngay (?:duong lich|lam viec))|(?:so ngay|thoi gian) (?:thu viec|probation)\b.{0,20}"
    r"\btinh theo ngay (?:duong lich|lam viec)"
)
# a probation length stated about something else done while on probation: "NLĐ đang thử việc chỉ được nghỉ không
# hưởng lương tối đa 03 ngày" (unpaid leave), "during probation you may take at most 3 days off"
_OTHER_LIMIT = re.compile(r"\b(?:duoc|may|can)\s+(?:nghi|take|have|lam them|work)\b")
_WEEKDAYS = {
    "thu hai": 0,
    "thu ba": 1,
    "thu tu": 2,
    "thu nam": 3,
    "thu sau": 4,
    "thu bay": 5,
    "chu nhat": 6,
    "monday": 0,
    "tuesday": 1,
    "wednesday": 2,
    "thursday": 3,
    "friday": 4,
    "saturday": 5,
    "sunday": 6,
}
_WEEKDAY_RE = re.compile(r"\b(" + "|".join(_WEEKDAYS) + r")\b")
_WORK_SPAN_RE = re.compile(
    r"\b(?:tu|from)\s+(?:thu \w+|monday|tuesday|wednesday)\s+(?:den|to|through)\s+\w+(?:\s\w+)?"
)
_REST_CUE = re.compile(r"nghi hang tuan|weekly rest|rest days?\b")


def _group_terms(text: str) -> set[str]:
    """The word pairs a text may name a staff group by ("van phong", "san xuat", "office staff"), and its words no
    Vietnamese syllable could be ("merchandiser"): not weekdays, numbers or a single syllable shared by chance
    ("kết" of "kết thúc" and "kết hôn")."""
    named = [w for w in name_words(text) if w not in _WEEK_WORDS and not w.isdigit()]
    pairs = {f"{a} {b}" for a, b in zip(named, named[1:], strict=False)}
    return pairs | {w for w in named if is_term(w)}


# words every rest rule and a question about days share (weekdays, "làm việc", "nghỉ hằng tuần"): they name no group
_WEEK_WORDS = frozenset(
    "thu hai ba tu nam sau bay chu nhat monday tuesday wednesday thursday friday saturday sunday lam viec ngay nghi "
    "hang tuan week weekly day days work working rest off".split()
)
# a working week stated as a span of weekdays ("từ thứ Hai đến thứ Sáu", "Monday to Friday"), in a rule on working time
_WEEK_DAY = "|".join(_WEEKDAYS)
_WORK_WEEK = re.compile(rf"\b(?:tu |from )?({_WEEK_DAY}) (?:den|to|through|-|–) ({_WEEK_DAY})\b")
_WORKING_TIME = re.compile(
    r"thoi gio lam viec|gio lam viec|lam viec|working (?:hours|time|week)|work(?:s|ing)? "
)
WEEKDAY_VI = ("thứ Hai", "thứ Ba", "thứ Tư", "thứ Năm", "thứ Sáu", "thứ Bảy", "Chủ nhật")
WEEKDAY_EN = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def duration_unit(word: str) -> DurationUnit:
    """The unit a (folded) duration word names: "ngày làm việc" counts working days, "ngày" calendar days."""
    if word.startswith(("ngay lam viec", "working", "business")):
        return "working_days"
    if word.startswith(("tuan", "week")):
        return "weeks"
    if word.startswith(("thang", "month")):
        return "months"
    return "days"


class ProbationRow(BaseModel):
    """One staff group's probation length: a table row ("… | Kế toán, kỹ sư, … | 60 ngày | 90% …") or the group
    a sentence names ("công việc cần trình độ … từ cao đẳng trở lên"); an empty text is a rule for everyone."""

    text: str
    amount: int
    unit: DurationUnit
    source: ParamSource
    pay_percent: int | None = (
        None  # the row's probation pay ("90% lương công việc"), where the table states it
    )
    maximum: bool = (
        False  # a ceiling ("không quá 60 ngày", "Thời gian thử việc tối đa"), not the length itself
    )
    point: str | None = None  # the lettered point that states it ("c" of "c) 30 ngày đối với …")
    pay_source: ParamSource | None = None  # where its pay is stated, when not in its own row


class RestDays(BaseModel):
    """A stated weekly rest: its weekdays (Monday 0) and the words of its section and sentence."""

    days: list[int]
    words: str
    source: ParamSource
    derived: bool = False  # read off a working week ("từ thứ Hai đến thứ Sáu"), not stated as rest days


class ProbationPolicy(BaseModel):
    rows: list[ProbationRow] = Field(default_factory=list)
    rest: list[RestDays] = Field(default_factory=list)
    counting: ParamSource | None = None
    pay_percent: int | None = (
        None  # a rule for everyone: "lương thử việc bằng 85% mức lương của công việc đó"
    )
    pay_source: ParamSource | None = None
    # the pay sentence's share for the groups its points do not name ("90% …; riêng … điểm c và điểm d … 95%")
    pay_for_the_rest: bool = False
    directory: list[str] = Field(default_factory=list)  # rows naming each staff group's jobs

    def row_for(self, employee: str | None) -> ProbationRow | None:
        """The employee's row (``row_of``, through the staff-group directory where the table names groups, not
        jobs); a single stated rule applies to everyone."""
        if len(self.rows) == 1:
            return self.rows[0]
        return row_via_directory(self.rows, employee, self.directory)

    def rest_for(self, words: str) -> tuple[list[int], ParamSource]:
        """The weekly rest days for the employee (their words and their row's): the stated rule whose section
        shares most words with them where documents state several (an office's Saturday and Sunday, a factory's
        Sunday), else the first stated; Sunday by default."""
        if not self.rest:
            return [6], ParamSource(source="default", note=DEFAULT_NOTES["weekly_rest_days"])
        asked = _group_terms(words)
        # the rule sharing most of the employee's group words ("văn phòng", "khối sản xuất", "office staff"); when
        # they pick none, a rest that keeps Sunday (the law's default) first, then the stated rest days before
        # those read off a working week
        best = max(
            self.rest,
            key=lambda r: (
                len(asked & _group_terms(r.words)),
                6 in r.days,
                not r.derived,
                -self.rest.index(r),
            ),
        )
        return best.days, best.source

    def counting_source(self) -> ParamSource:
        return self.counting or ParamSource(source="default", note=DEFAULT_NOTES["probation_counting"])


DEFAULT_NOTES = {
    "probation_duration": "Bộ luật Lao động 2019, Điều 25: thử việc tối đa 180/60/30 ngày hoặc 06 ngày làm việc "
    "tùy công việc",
    "weekly_rest_days": "Bộ luật Lao động 2019, Điều 111: ngày nghỉ hằng tuần do nội quy quy định; mặc định Chủ nhật",
    "probation_counting": "Mặc định: tính liên tục từ ngày bắt đầu thử việc (kể cả ngày đó)",
}


def _plain(text: str) -> str:
    return re.sub(r"\*\*|__|`", "", text)


def _table_rows(rule: RuleText) -> list[ProbationRow]:
    """A table row's probation length, read in the column whose header names the probation (not its pay)."""
    if " … " not in rule.text or "|" not in rule.text:
        return []
    header, row = rule.text.split(" … ")[0], rule.text.split(" … ")[-1]
    heads = [rule_reading(c) for c in header.split("|")]
    cells = [c.strip() for c in row.split("|")]
    columns = [
        i for i, h in enumerate(heads) if _PROBATION.search(h) and not re.search(r"luong|salary|pay", h)
    ]
    if not columns or len(cells) != len(heads):
        return []
    m = _DURATION_RE.search(rule_reading(cells[columns[0]]))
    if not m:
        return []
    amount, unit = int(m.group(1)), duration_unit(m.group(2))
    pay = [i for i, h in enumerate(heads) if _PROBATION.search(h) and re.search(r"luong|salary|pay", h)]
    percent = _PERCENT_RE.search(rule_reading(cells[pay[0]])) if pay else None
    return [
        ProbationRow(
            text=row,
            amount=amount,
            unit=unit,
            source=cite_rule(rule, _note(amount, unit)),
            pay_percent=int(percent.group(1)) if percent else None,
            maximum=bool(_CEILING.search(heads[columns[0]])),
        )
    ]


# a list item's labels: "Length: 60 days", "Thời gian: 30 ngày", "Pay: 90% of the job's salary", "Lương: 85%"
_LENGTH_LABEL = re.compile(r"(?:length|duration|thoi gian|probation)(?: probation| thu viec)?")
# an item's head naming a staff group: a code ("L3 – Licensed Professional") or a group word and its number
_GROUP_HEAD = re.compile(
    r"\b[a-z]{1,3}\d{1,2}\b|\b(?:band|grade|group|level|category|nhom|ngach|bac|cap|tier)\s+[a-z0-9]{1,3}\b"
)
_PAY_LABEL = re.compile(r"(?:probation )?(?:pay|salary|wages?|(?:muc |tien )?luong)(?: thu viec| probation)?")


def _item_rows(rule: RuleText) -> list[ProbationRow]:
    """A staff group's list item in a probation section, its length and pay under labels of nested items
    ("• L3 – Licensed Professional • Length: 60 days • Pay: 90% of the job's salary"): one row named by the
    item's head."""
    plain = _plain(rule.text)
    if not plain.startswith("•") or not _PROBATION.search(rule_reading(rule.context)):
        return []
    head, *parts = [p.strip() for p in plain.strip("• ").split("•")]
    labelled = {}
    for part in parts:
        label, colon, value = part.partition(":")
        if colon:
            labelled.setdefault(rule_reading(label).strip(), rule_reading(value))
    length = next((v for k, v in labelled.items() if _LENGTH_LABEL.fullmatch(k)), None)
    m = _DURATION_RE.search(length) if length else None
    if not (head and m and _GROUP_HEAD.search(rule_reading(head))) or _DURATION_RE.search(rule_reading(head)):
        return []
    amount, unit = int(m.group(1)), duration_unit(m.group(2))
    pay = next((v for k, v in labelled.items() if _PAY_LABEL.fullmatch(k)), "")
    percent = _PERCENT_RE.search(pay)
    return [
        ProbationRow(
            text=head.rstrip(" :"),
            amount=amount,
            unit=unit,
            source=cite_rule(rule, _note(amount, unit)),
            pay_percent=int(percent.group(1)) if percent else None,
        )
    ]


# a list item that starts with a length for a group ("a) 120 ngày đối với chức danh người quản lý …", "- 30 days for
# technicians"): under a lead-in that names the probation ("Thời gian thử việc …, cụ thể:"), its own sentence
_LENGTH_ITEM = re.compile(rf"^(?:[a-zđ]\)|\d{{1,2}}[.)]|[-•+*])\s*{_GROUP_RE.pattern}")
# the group first, its length after a colon, ending the item ("b) Giáo viên Việt Nam, chuyên viên …: 60 ngày;")
_GROUP_FIRST_ITEM = re.compile(
    rf"^(?:[a-zđ]\)|\d{{1,2}}[.)]|[-•+*])\s*([^:;.•]{{3,}}):\s*{_DURATION}\s*[;.]?\s*$"
)


def _length_items(rule: RuleText) -> list[ProbationRow]:
    """A list item of a probation section that gives one group's length, before or after the group: one row
    named by its group."""
    plain = _plain(rule.text).strip()
    if "|" in plain or not _PROBATION.search(rule_reading(rule.context)):
        return []
    folded = fold(plain)
    if _OTHER_LIMIT.search(rule_reading(plain)):
        return []
    if m := _LENGTH_ITEM.match(folded):
        amount, unit = int(m.group(1)), duration_unit(m.group(2))
        group = plain[m.start(3) : m.end(3)].strip(" :;,")
    elif m := _GROUP_FIRST_ITEM.match(folded):
        amount, unit = int(m.group(2)), duration_unit(m.group(3))
        group = plain[m.start(1) : m.end(1)].strip(" :;,")
    else:
        return []
    source = cite_rule(rule, _note(amount, unit))
    ceiling = bool(_CEILING.search(rule_reading(plain)))
    point = _point(plain)
    return [ProbationRow(text=group, amount=amount, unit=unit, source=source, maximum=ceiling, point=point)]


def _sentence_rows(rule: RuleText) -> list[ProbationRow]:
    """A sentence's (or a list's) probation lengths: one per group it names, else one for everyone."""
    plain = _plain(rule.text)
    folded = rule_reading(plain)
    states = _STATES_LENGTH.search(folded)
    if "|" in plain or not states or _OTHER_LIMIT.search(states.group(0)):
        return []
    after = re.match(r"(?:thu viec|probation)", folded[states.start() :])
    if _PROBATION_AS_TIME.search(folded[: states.start()]) and _TIME_PHRASE_END.match(
        folded[states.start() + (after.end() if after else 0) :]
    ):
        return []
    rows = []
    ceiling = bool(_CEILING.search(states.group(0)))
    for m in _GROUP_RE.finditer(fold(plain)):  # folded only: folding keeps positions, the words as written
        amount, unit = int(m.group(1)), duration_unit(m.group(2))
        group = plain[m.start(3) : m.end(3)].strip(" :;,")
        source = cite_rule(rule, _note(amount, unit))
        point = _point(plain)
        rows.append(
            ProbationRow(text=group, amount=amount, unit=unit, source=source, maximum=ceiling, point=point)
        )
    if not rows and (m := _GENERAL_RE.search(folded)):
        amount, unit = int(m.group(1)), duration_unit(m.group(2))
        source = cite_rule(rule, _note(amount, unit))
        rows.append(ProbationRow(text="", amount=amount, unit=unit, source=source, maximum=ceiling))
    return rows


def _point(text: str) -> str | None:
    """The letter of the point a rule opens with ("c) 30 ngày …" → "c"; "đ" stays "đ")."""
    m = _POINT_RE.match(nfc(text).lower())
    return m.group(1) if m else None


def _counts_probation(rule: RuleText) -> bool:
    """Whether the rule says how probation days count: in so many words, or in a probation section."""
    text = rule_reading(_plain(rule.text))
    if _COUNTING_RE.search(text):
        return True
    return bool(_PROBATION.search(rule_reading(rule.context)) and _SECTION_COUNTING_RE.search(text))


def _note(amount: int, unit: DurationUnit) -> str:
    return f"thử việc {amount:02d} {UNIT_VI[unit]}"


UNIT_VI = {"days": "ngày", "working_days": "ngày làm việc", "weeks": "tuần", "months": "tháng"}


def _rest_days(rule: RuleText) -> RestDays | None:
    """A sentence stating the weekly rest days ("Thứ Bảy và Chủ nhật là ngày nghỉ hằng tuần"); a rate table's
    row or a clause about work that falls on them ("nếu trùng vào ngày nghỉ hằng tuần") states none."""
    folded = rule_reading(_plain(rule.text))
    if "%" in folded or "lam them" in folded or "overtime" in folded:
        return None
    for clause in re.split(r";|\.\s", folded):
        span = _WORK_WEEK.search(clause)
        if (
            not _REST_CUE.search(clause)
            and span
            and _WORKING_TIME.search(f"{rule_reading(rule.context)} {clause}")
        ):
            # "Khối văn phòng: từ thứ Hai đến thứ Sáu, sáng từ 8 giờ …": the days outside the working week rest
            low, high = _WEEKDAYS[span.group(1)], _WEEKDAYS[span.group(2)]
            if low < high:
                days = [d for d in range(7) if not low <= d <= high]
                names = " và ".join(WEEKDAY_VI[d] for d in days)
                return RestDays(
                    days=days,
                    words=f"{rule.context} {rule.text}",
                    source=cite_rule(rule, f"làm việc {WEEKDAY_VI[low]}–{WEEKDAY_VI[high]}: nghỉ {names}"),
                    derived=True,
                )
        if not _REST_CUE.search(clause):
            continue
        days = sorted({_WEEKDAYS[d] for d in _WEEKDAY_RE.findall(_WORK_SPAN_RE.sub(" ", clause))})
        if days and len(days) < 7:
            names = " và ".join(WEEKDAY_VI[d] for d in days)
            return RestDays(
                days=days,
                words=f"{rule.context} {rule.text}",
                source=cite_rule(rule, f"nghỉ hằng tuần: {names}"),
            )
    return None


def probation_policy_from_rules(rules: Iterable[RuleText]) -> ProbationPolicy:
    """Read the probation lengths, the counting rule and the weekly rest days the documents state. Rules come
    company documents first: the lengths are the company's section with the most rows (a table, or a list of
    groups; the first document's on a tie), the shared scope's (the law's) only when no company document states
    any."""
    rules = list(rules)
    policy = ProbationPolicy(directory=directory_of(rules))
    by_point: dict[str, int] = {}
    by_node: dict[str, list[ProbationRow]] = {}
    shared_nodes: set[str] = set()
    for rule in rules:
        found = _table_rows(rule) or _item_rows(rule) or _sentence_rows(rule) or _length_items(rule)
        if found:
            if rule.shared:
                shared_nodes.add(rule.node_id)
            rows = by_node.setdefault(rule.node_id, [])
            rows += [r for r in found if all(r.text != x.text or r.amount != x.amount for x in rows)]
        if policy.counting is None and _counts_probation(rule):
            policy.counting = cite_rule(rule, "cách tính thời gian thử việc")
        if rest := _rest_days(rule):
            policy.rest.append(rest)
        if (
            policy.pay_source is None
            and "|" not in rule.text
            and (m := _PAY_RULE.search(rule_reading(_plain(rule.text))))
        ):
            policy.pay_percent = int(next(g for g in m.groups() if g))
            policy.pay_source = cite_rule(rule, f"lương thử việc {policy.pay_percent}%")
            by_point = point_pay(_plain(rule.text))
            policy.pay_for_the_rest = unpointed_share(_plain(rule.text)) == policy.pay_percent
    if by_node:
        own = [n for n in by_node if n not in shared_nodes]
        nodes = own or list(by_node)  # dicts keep the rules' order: max keeps the first of a tie
        policy.rows = by_node[max(nodes, key=lambda n: len(by_node[n]))]
    if by_point and policy.pay_source is not None:  # each point's row gets the pay stated for its letter
        for row in policy.rows:
            if row.pay_percent is None and row.point in by_point:
                row.pay_percent = by_point[row.point]
                row.pay_source = policy.pay_source.model_copy(
                    update={"note": f"lương thử việc {row.pay_percent}% (điểm {row.point})"}
                )
    return policy
