"""Leave-policy parameters for the calculator, read from the corpus' extracted rules when present, worded in
Vietnamese or in English (foreign-invested companies' handbooks); a Vietnamese statement prevails over its English
translation or summary.

Each parameter records where it came from: a cited rule of the corpus, or a documented default (Labour Code
2019 art. 113–114, Decree 145/2020 art. 65–66, and the common company practice of crediting probation months
on confirmation).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, Field

from indexes.staff_groups import directory_of, row_via_directory
from indexes.text import rule_reading

WorkConditions = Literal["normal", "heavy", "especially_heavy"]


class ParamSource(BaseModel):
    """Where a parameter came from: a grounded rule span of the corpus (offsets into ``Document.text``, its
    lines, the section's title path), the question itself (a figure the employee states), or a documented
    default."""

    source: Literal["corpus", "default", "question"]
    doc_id: str | None = None
    node_id: str | None = None
    quote: str | None = None
    note: str | None = None
    title_path: list[str] = Field(default_factory=list)
    start: int | None = None
    end: int | None = None
    line_start: int | None = None
    line_end: int | None = None


class GroupDays(BaseModel):
    """One row of a staff-group table of annual-leave days ("Nhóm C | Công nhân giặt mài | 14 ngày")."""

    text: str
    days: float
    source: ParamSource


class LeavePolicy(BaseModel):
    days_per_year: dict[str, float] = Field(
        default_factory=lambda: {"normal": 12.0, "heavy": 14.0, "especially_heavy": 16.0}
    )
    accrual_per_month: float = 1.0  # for normal work; other conditions scale with their yearly days
    # the stated rate holds for every group, up to its yearly days ("1 PTO day for each month … up to your level's
    # yearly number"), instead of scaling with them
    accrual_flat: bool = False
    seniority_step_years: int = 5
    seniority_bonus_days: float = 1.0
    # extra days from a length of service on ("từ đủ 10 năm trở lên được nghỉ thêm 01 ngày"): (years, days)
    service_bonuses: list[tuple[int, float]] = Field(default_factory=list)
    usable_during_probation: bool = False
    partial_month_min_share: float = 0.5
    carryover_until: tuple[int, int] | None = (3, 31)  # (month, day) of the next year
    carryover_max_days: float | None = None  # at most this many days move to the next year, where stated
    pro_rata_step: float | None = None  # a part year's days rounded up to this step (0.5: "to the half day")
    probation_days: int = 60  # assumed when only the confirmation date is known
    sources: dict[str, ParamSource] = Field(default_factory=dict)
    groups: list[GroupDays] = Field(default_factory=list)  # the table the normal days came from, row by row
    directory: list[str] = Field(
        default_factory=list
    )  # rows naming each staff group's jobs (``directory_of``)

    def source(self, param: str) -> ParamSource:
        return self.sources.get(param) or ParamSource(source="default", note=_DEFAULT_NOTES.get(param))


_DEFAULT_NOTES = {
    "days_per_year": "Bộ luật Lao động 2019, Điều 113: 12/14/16 ngày làm việc mỗi năm",
    "accrual_per_month": "Nghị định 145/2020, Điều 66: (số ngày nghỉ năm + thâm niên)/12 × số tháng làm việc",
    "seniority": "Bộ luật Lao động 2019, Điều 114: cứ đủ 5 năm làm việc được thêm 1 ngày",
    "usable_during_probation": "Thông lệ công ty: không dùng phép trong thời gian thử việc, cộng khi chính thức",
    "partial_month_min_share": "Nghị định 145/2020, Điều 66: tháng làm việc ≥ 50% số ngày làm việc được tính",
    "carryover_until": "Mặc định: phép năm cũ dùng đến 31/3 năm sau",
    "probation_days": "Bộ luật Lao động 2019, Điều 25: thử việc tối đa 60 ngày (trình độ cao đẳng trở lên)",
    "pro_rata_rounding": "Mặc định: số ngày phép theo tỷ lệ không làm tròn",
    "carryover_max_days": "Mặc định: không giới hạn số ngày phép chuyển sang năm sau",
    "carryover_excess": "Tài liệu không nói số ngày vượt quá mức được chuyển xử lý thế nào",
}


class RuleText(BaseModel):
    """The part of an extracted rule the policy reader needs."""

    doc_id: str
    node_id: str
    text: str
    context: str = ""  # the node's title path, folded or not
    title_path: list[str] = Field(default_factory=list)
    start: int | None = None  # the rule's grounded span (langextract's char interval) and its lines
    end: int | None = None
    line_start: int | None = None
    line_end: int | None = None
    shared: bool = False  # a document of the shared global scope (national law), not the company's own


# a monthly rate for every group, capped at each group's own yearly days
_FLAT_ACCRUAL = re.compile(
    r"\bup to (?:your|the|their|each) (?:level|group|grade|band|staff group|category)(?:'s)? (?:yearly|annual)"
    r"|\b(?:khong vuot qua|toi da bang|den khi du) so ngay (?:phep|nghi) (?:nam|hang nam) cua (?:nhom|cap|ngach|bac)"
)


# A seniority step (folded): "cứ đủ 04 năm", "cứ mỗi 05 năm", "mỗi 5 năm" (any number of years); "đủ 05 năm" or
# "năm năm" alone only for the law's five; not a threshold ("từ đủ 10 năm trở lên")
_STEP_VI = re.compile(
    r"\b(?:cu\s+(?:moi\s+)?(?:du\s+)?|moi\s+(?:du\s+)?)(\d{1,2})\s*(?:\(\w+\)\s*)?nam\b(?![^.;]{0,40}tro len)"
    r"|(?<!tu )\bdu\s+(0?5|nam)\s*(?:\(\w+\)\s*)?nam\b(?![^.;]{0,40}tro len)"
)
LAW_STEP_YEARS = 5  # "đủ 05 năm", "năm năm": the Labour Code's step (Article 114)
# A length of service from which extra days are added: "từ đủ 10 năm trở lên", "đủ 10 năm làm việc liên tục trở lên"
_THRESHOLD_VI = re.compile(r"\bdu\s+(\d{1,2})\s*nam\b[^.;]{0,40}\btro len\b")
_EXTRA_DAYS_VI = re.compile(r"\bthem\s+(\d{1,2}|mot)\s*(?:\(\w+\)\s*)?ngay\b")
# what a clause adding days for years of something else says: a pension's or contribution's percent, an age, a
# salary grade ("cứ mỗi năm đóng BHXH tính thêm 2%", "từ đủ 18 tuổi", "nâng thêm 01 bậc lương")
_NOT_LEAVE = re.compile(r"%|\btuoi\b|\bbac luong\b|\bluong huu\b|\bbao hiem\b|\bbhxh\b")
_LEAVE_WORD = re.compile(r"\b(?:nghi|phep)\b")


def _leave_clauses(rule: RuleText) -> list[str]:
    """The clauses of a rule (folded) that add days of leave: "thêm" and a leave word, nothing of pay or age."""
    text = rule_reading(re.sub(r"\*\*|__|`", "", rule.text))
    return [
        c
        for c in re.split(r";|\.\s", text)
        if "them" in c and _LEAVE_WORD.search(c) and not _NOT_LEAVE.search(c)
    ]


def _seniority_step_vi(rules: list[RuleText]) -> tuple[RuleText, int] | None:
    """The first Vietnamese rule stating a seniority step of leave ("Cứ đủ 04 năm làm việc … được tăng thêm 01
    ngày"), with its years."""
    for rule in rules:
        for clause in _leave_clauses(rule):
            for m in _STEP_VI.finditer(clause):
                years = int(m.group(1)) if m.group(1) else LAW_STEP_YEARS
                if years > 1:  # "đủ 01 năm" is a first year, no step
                    return rule, years
    return None


def _service_bonuses(rules: list[RuleText], step_rule: RuleText | None) -> list[tuple[RuleText, int, float]]:
    """Extra days of leave from a length of service on ("từ đủ 10 năm trở lên được nghỉ thêm 01 ngày"): each
    threshold with the days its own clause adds after it; not in the rule that states the step ("từ đủ 05 năm
    trở lên, cứ mỗi 05 năm được thêm 01 ngày" is the step)."""
    found: list[tuple[RuleText, int, float]] = []
    for rule in rules:
        if step_rule is not None and (rule.node_id, rule.start) == (step_rule.node_id, step_rule.start):
            continue
        for clause in _leave_clauses(rule):
            for m in _THRESHOLD_VI.finditer(clause):
                if extra := _EXTRA_DAYS_VI.search(clause, m.end()):
                    days = float(1 if extra.group(1) == "mot" else int(extra.group(1)))
                    if all((y, d) != (int(m.group(1)), days) for _, y, d in found):
                        found.append((rule, int(m.group(1)), days))
    return found


def _find_all(rules: Iterable[RuleText], *cues: str, number: str) -> Iterable[tuple[RuleText, re.Match[str]]]:
    """Rules whose section or text has every cue, with each match of ``number`` in their text (as
    ``rule_reading`` reads it: folded, everyday English in the standard terms)."""
    pattern = re.compile(number)
    for rule in rules:
        haystack = rule_reading(f"{rule.context} {rule.text}")
        if all(c in haystack for c in cues):
            for match in pattern.finditer(rule_reading(re.sub(r"\*\*|__|`", "", rule.text))):
                yield rule, match


def _find(rules: Iterable[RuleText], *cues: str, number: str) -> tuple[RuleText, re.Match[str]] | None:
    return next(iter(_find_all(rules, *cues, number=number)), None)


# A clause that amends another: "Sửa đổi khoản 8.1 như sau", "Sửa đổi, bổ sung Điều 7", "thay thế khoản 2",
# "clause 8.1 is amended", "amended to read" (folded; in its text or its section's title)
_AMENDING = re.compile(
    r"\bsua doi(?:,? bo sung)? (?:khoan|dieu|muc|diem|quy dinh)|\bthay the (?:khoan|dieu|muc|diem|quy dinh)"
    r"|\b(?:is|are|shall be) (?:hereby )?amended\b|\bamended to read\b"
)
_AMENDING_TITLE = re.compile(r"\bsua doi\b|\bamendments?\b")  # a section of amendments ("Sửa đổi, bổ sung")


def _amended_first(
    found: Iterable[tuple[RuleText, re.Match[str]]],
) -> tuple[RuleText, re.Match[str]] | None:
    """The figure in force: in a rule that amends an earlier one ("Sửa đổi khoản 8.1 như sau: ...", in its text
    or its section's title), its last match ("thay ... 05 ngày bằng ... 06 ngày" states the old figure first);
    else the first match."""
    matches = list(found)
    amending = [
        m
        for m in matches
        if _AMENDING.search(rule_reading(m[0].text)) or _AMENDING_TITLE.search(rule_reading(m[0].context))
    ]
    if amending:
        rule = amending[0][0]
        return [m for m in amending if m[0] is rule][-1]
    return matches[0] if matches else None


def cite_rule(rule: RuleText, note: str) -> ParamSource:
    """A parameter's source: the rule's grounded span (offsets, lines, title path) and what it states."""
    return ParamSource(
        source="corpus",
        doc_id=rule.doc_id,
        node_id=rule.node_id,
        quote=rule.text,
        note=note,
        title_path=rule.title_path,
        start=rule.start,
        end=rule.end,
        line_start=rule.line_start,
        line_end=rule.line_end,
    )


_ENTITLEMENT_TITLE = re.compile(
    r"\bso ngay (?:nghi hang nam|nghi phep nam|phep nam|phep|nghi phep)\b|\b(?:annual leave|holiday|vacation)"
    r" (?:entitlement|allowance|days)\b|\bentitlement to (?:annual leave|paid leave)\b"
    r"|\bhow (?:much|many days of) (?:annual leave|holiday|vacation)\b"
)
# numbers English rules spell out ("every full four years", "one extra day")
NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}  # fmt: skip
_NUM = r"\d{1,2}|" + "|".join(NUMBER_WORDS)
_DAYS_N = r"(\d{1,2}(?:[.,]5)?)"  # a number of days in a Vietnamese rule ("06", "2,5")
# unused annual leave named in a rule's text or section (folded): the rule on days above the carry-over cap
_LEAVE_LEFT = re.compile(r"\bphep\b|\bchua nghi\b|\bnghi hang nam\b|\bunused\b|\bcarr|\bannual leave\b")
_MONTHS_EN = {
    m: i + 1
    for i, m in enumerate(
        "january february march april may june july august september october november december".split()
    )
}
_MONTH_EN = r"(?:" + "|".join(m[:3] + rf"(?:{m[3:]})?" for m in _MONTHS_EN) + r")\.?"
_DATE_EN = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_EN})\b|\b({_MONTH_EN})\s+(\d{{1,2}})\b"
)


def number_of(word: str) -> int:
    """A number as written: digits ("05") or an English word ("four")."""
    return int(word) if word.isdigit() else NUMBER_WORDS[word]


def _month_day(m: re.Match[str]) -> tuple[int, int]:
    """(day, month) of an English date match ("31 March", "March 31st")."""
    day, month = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    return int(day), _MONTHS_EN[next(k for k in _MONTHS_EN if k.startswith(month.rstrip(".")[:3]))]


# "12 ngày làm việc", not a threshold ("từ 14 ngày ... trở lên"); "13 working days", not "at least 14 days"
_DAYS_VI = (
    r"(?<!tu )(?<!tren )\b(1[0-9])\s*ngay(?: lam viec)?(?! tro len)",
    re.compile(r"phep nam|nghi hang nam|phep co ban"),
    re.compile(r"binh thuong|co ban"),
)
_DAYS_EN = (
    r"(?<!at least )(?<!minimum of )(?<!more than )(?<!at least \()\b(1[0-9])\)?\s*(?:working |business )?days?\b"
    r"(?! or more)",
    re.compile(r"annual leave|holiday entitlement|vacation days|paid leave"),
    re.compile(r"\b(?:normal|standard|basic)\b"),
)


# a list item giving a staff group its days, and nothing else ("L3 Licensed Professionals: 13 working days"; not
# "Booking: 10 days' notice for a week off")
_GROUP_ITEM = re.compile(
    r"^[^:|]{2,120}:\s*\W*\d{1,2}(?:[.,]5)?\s*(?:working |business )?(?:days?|ngay(?: lam viec)?)\W*$"
)


def _item_text(row: str) -> str:
    """A row or list item as read, without its bullet and emphasis ("• L3: **13 days**" -> "l3: 13 days")."""
    return rule_reading(re.sub(r"^\W+|\*\*|__", "", row.strip()))


def _entitlement(
    rules: list[RuleText], days: str, annual: re.Pattern[str], normal_cue: re.Pattern[str]
) -> tuple[list[GroupDays], tuple[RuleText, re.Match[str]] | None]:
    """The staff-group rows of the annual-leave table and the rule stating normal work's yearly days ("12 ngày ...
    điều kiện bình thường", "Phép cơ bản | 12 ngày", "Band 3 (E1–E4) | 13 working days") under annual leave; else
    a sentence naming annual leave and N days."""
    candidates = [
        (rule, m)
        for rule, m in _find_all(rules, number=days)
        if annual.search(rule_reading(f"{rule.context} {rule.text}"))
        and not re.search(r"vi du|\bexamples?\b|\be\.g\.", rule_reading(rule.text))
    ]
    # stated for normal work ("bình thường", "Phép năm cơ bản", "standard"), or in a section titled by the number
    # of annual-leave days ("Điều 7. Số ngày nghỉ hằng năm", "4.2 Annual leave entitlement"); where its table
    # gives each staff group its days, normal work is the smallest of them (harder work earns more, never less)
    normal = [(r, m) for r, m in candidates if normal_cue.search(rule_reading(r.text))]
    normal += [(r, m) for r, m in candidates if _ENTITLEMENT_TITLE.search(rule_reading(r.context))]
    groups: list[GroupDays] = []
    if normal:
        node = normal[0][0].node_id
        rows: dict[str, tuple[RuleText, re.Match[str]]] = {}
        for r, m in normal:  # one per row: its own span (a rule quoting the header as well comes second)
            row = r.text.split(" … ")[-1]
            # a table row, or a list item naming its group before a colon ("L3 Licensed Professionals: 13 days")
            grouped = "|" in row or _GROUP_ITEM.match(_item_text(row))
            # one row whether read from an extracted rule or a list item ("• …"): a list item by its group name
            key = _item_text(row) if "|" in row else _item_text(row).split(":")[0]
            if r.node_id == node and grouped and (key not in rows or " … " in rows[key][0].text):
                rows[key] = (r, m)
        groups = [
            GroupDays(
                text=r.text.split(" … ")[-1],
                days=float(m.group(1)),
                source=cite_rule(r, f"{m.group(1)} ngày làm việc/năm"),
            )
            for r, m in rows.values()
        ]
        # where its rows give the staff groups their days, the smallest row's (not another number in the section)
        in_rows = [f for f in normal if any(f[0] is r and f[1] is m for r, m in rows.values())]
        normal = [
            min(in_rows or [f for f in normal if f[0].node_id == node], key=lambda f: int(f[1].group(1)))
        ]
    named = [(r, m) for r, m in candidates if annual.search(rule_reading(r.text))]
    return groups, next(iter(normal + named), None)


def policy_from_rules(rules: list[RuleText]) -> LeavePolicy:
    """Read the parameters the corpus states, in Vietnamese or English; keep defaults for the rest."""
    policy = LeavePolicy()
    # The yearly entitlement for normal work ("12 ngày ... điều kiện bình thường", "Phép cơ bản | 12 ngày",
    # "Band 3 (E1–E4) | 13 working days") under annual leave; then a sentence naming annual leave and N days;
    # "từ 14 ngày ... trở lên", "at least 14 days" is a threshold.
    # The yearly entitlement for normal work: a Vietnamese statement where any document makes one (the Vietnamese
    # text prevails over its English translation or summary), else an English one.
    for days, annual, normal_cue in (_DAYS_VI, _DAYS_EN):
        groups, found = _entitlement(rules, days, annual, normal_cue)
        if found:
            rule, m = found
            policy.groups = groups
            policy.days_per_year["normal"] = float(m.group(1))
            policy.sources["days_per_year"] = cite_rule(rule, f"{m.group(1)} ngày làm việc/năm")
            break
    if found := _find(
        rules,
        "thang",
        number=r"\b(0?1|mot)\s*(?:\(\w+\)\s*)?ngay\s*(?:phep\s*)?(?:cho\s*)?(?:moi|\/|1)\s*thang",
    ) or _find(
        rules,
        "month",
        # "1 day a month", "one day of leave for each month", "one twelfth of the yearly entitlement", "accrues
        # monthly"
        number=r"\b(?:1|one)\s*(?:\(\w+\)\s*)?(?:working |paid |annual leave |leave )?day\s*"
        r"(?:of (?:annual |paid )?leave\s*)?"
        r"(?:a|per|each|every|for (?:each|every))\s*(?:full |calendar |completed )?month"
        r"|\b(?:one|a) twelfth\b|\b1/12\b|\baccru\w*\s*(?:every|each|per|a)\s*month|\baccru\w*\s*monthly",
    ):
        rule, _ = found
        policy.sources["accrual_per_month"] = cite_rule(rule, "1 ngày/tháng")
        policy.accrual_flat = bool(_FLAT_ACCRUAL.search(rule_reading(rule.text)))
    step = _seniority_step_vi(rules)
    if step is not None:  # "Cứ đủ 04 năm làm việc … được tăng thêm 01 ngày"
        rule, policy.seniority_step_years = step
        policy.sources["seniority"] = cite_rule(
            rule, f"+1 ngày mỗi {policy.seniority_step_years} năm làm việc"
        )
    elif found := next(  # "one extra day for every full 4 years of service", "for each five years worked"
        (
            (r, m)
            for r, m in _find_all(
                rules,
                "year",
                number=rf"\b(?:every|each|per|after)\s*(?:full |complete |completed )?({_NUM})\s*"
                rf"(?:\(\d+\)\s*)?(?:full |complete |completed )?years?\b",
            )
            if re.search(
                r"\b(?:extra|additional|more|bonus)\b|long.service|seniority",
                rule_reading(f"{r.context} {r.text}"),
            )
            and re.search(r"\bdays?\b|\bleave\b", rule_reading(r.text))
        ),
        None,
    ):
        rule, m = found
        policy.seniority_step_years = number_of(m.group(1))
        if bonus := re.search(rf"\b({_NUM})\s*(?:\(\d+\)\s*)?(?:extra|additional|more|bonus)\s*(?:working )?days?\b",
                              rule_reading(rule.text)):  # fmt: skip
            policy.seniority_bonus_days = float(number_of(bonus.group(1)))
        policy.sources["seniority"] = cite_rule(
            rule, f"+{policy.seniority_bonus_days:g} ngày mỗi {policy.seniority_step_years} năm làm việc"
        )
    for rule, years, days in _service_bonuses(rules, step[0] if step else None):
        policy.service_bonuses.append((years, days))
        policy.sources.setdefault("service_bonus", cite_rule(rule, f"+{days:g} ngày từ đủ {years} năm"))
    # "không được sử dụng/nghỉ" or "chưa được sử dụng" during probation; "chỉ được sử dụng sau khi ký ... chính thức";
    # "cannot be used during probation", "may only be taken after the labour contract is signed"
    if found := (
        _find(rules, "thu viec", number=r"(?:khong (?:duoc )?|chua duoc )(?:su dung|dung|nghi)")
        or _find(rules, "chinh thuc", number=r"chi (?:duoc )?(?:su dung|dung|nghi)\b.{0,60}\bsau khi\b")
        or _find(
            rules,
            "probation",
            "leave",
            number=r"\b(?:cannot|can not|can't|may not|must not|not allowed to|not be)\s*(?:be )?"
            r"(?:used|taken|use|take|usable)\b.{0,40}\b(?:during|while|in|before|until)\b.{0,30}probation"
            r"|\b(?:only|not)\s*(?:be )?(?:used|taken|usable)\s*(?:after|once|when)\b.{0,80}"
            r"\b(?:probation|labour contract|labor contract|confirm\w*)",
        )
    ):
        rule, _ = found
        policy.usable_during_probation = False
        policy.sources["usable_during_probation"] = cite_rule(rule, "không dùng phép khi đang thử việc")
    if found := _find(rules, "thang", number=r"(50)\s*%") or _find(
        rules, "month", number=r"(50)\s*%|\b(?:at least|not less than) (half)\b|\b(half) or more\b"
    ):
        rule, m = found
        share = 50 if m.group(0).find("half") >= 0 else int(m.group(1))
        policy.partial_month_min_share = share / 100
        policy.sources["partial_month_min_share"] = cite_rule(rule, f"tháng làm việc ≥ {share}% được tính")
    # the deadline for last year's days lies in the next year: the year's end (31/12) is when they move over
    deadlines = (
        (rule, m)
        for rule, m in _find_all(rules, "nam sau", number=r"(\d{1,2})\s*(?:/|thang)\s*(\d{1,2})")
        if 1 <= int(m.group(2)) <= 12
        and 1 <= int(m.group(1)) <= 31
        and (int(m.group(1)), int(m.group(2))) != (31, 12)
    )
    if found := _amended_first(deadlines):
        rule, m = found
        day, month = int(m.group(1)), int(m.group(2))
        policy.carryover_until = (month, day)
        policy.sources["carryover_until"] = cite_rule(rule, f"phép năm cũ dùng đến {day}/{month} năm sau")
    elif (
        found
        := _amended_first(  # "carried-over days must be used by 31 March", "until 31/3 of the following year"
            (
                (rule, day_month)
                for rule, m in _find_all(
                    rules, "carr", number=rf"{_DATE_EN.pattern}|\b(\d{{1,2}})/(\d{{1,2}})\b(?!/\d)"
                )
                for day_month in [
                    _month_day(m) if m.group(1) or m.group(3) else (int(m.group(5)), int(m.group(6)))
                ]
                if 1 <= day_month[1] <= 12 and 1 <= day_month[0] <= 31 and day_month != (31, 12)
            )
        )
    ):
        rule, (day, month) = found
        policy.carryover_until = (month, day)
        policy.sources["carryover_until"] = cite_rule(rule, f"phép năm cũ dùng đến {day}/{month} năm sau")
    # the cap on days carried over, in Vietnamese ("được chuyển sang năm sau tối đa 06 ngày", "chuyển sang năm sau
    # không quá 5 ngày") or in English ("up to 5 unused days may be carried over", "carry over a maximum of five
    # days")
    if found := _amended_first(
        _find_all(
            rules,
            "chuyen",
            number=rf"\bchuyen sang nam (?:sau|ke tiep|tiep theo),? (?:nhung )?(?:toi da|khong qua)(?: la)? {_DAYS_N}\s*ngay\b"
            rf"|\bchuyen (?:toi da|khong qua)(?: la)? {_DAYS_N}\s*ngay(?: phep)?(?: chua nghi)? sang nam\b",
        )
    ):
        rule, m = found
        policy.carryover_max_days = float((m.group(1) or m.group(2)).replace(",", "."))
        policy.sources["carryover_max_days"] = cite_rule(
            rule, f"chuyển sang năm sau tối đa {policy.carryover_max_days:g} ngày"
        )
    elif found := _amended_first(
        _find_all(
            rules,
            "carr",
            number=rf"\b(?:up to|a maximum of|maximum of|max\.?|no more than|not more than|at most)\s*({_NUM})\s*"
            r"(?:\(\d+\)\s*)?(?:unused |untaken |annual |working |leave )*days?\b.{0,60}\bcarr(?:y|ied)"
            rf"|\bcarr(?:y|ied)(?: over| forward)?\s*(?:up to|a maximum of|maximum of|no more than|at most)\s*({_NUM})\s*"
            r"(?:\(\d+\)\s*)?(?:unused |untaken |annual |working |leave )*days?\b",
        )
    ):
        rule, m = found
        policy.carryover_max_days = float(number_of(m.group(1) or m.group(2)))
        policy.sources["carryover_max_days"] = cite_rule(
            rule, f"chuyển sang năm sau tối đa {policy.carryover_max_days:g} ngày"
        )
    if (
        policy.carryover_max_days is not None
    ):  # what happens to the days above the cap, where a leave rule says
        cap = re.escape(f"{policy.carryover_max_days:g}")
        above = (
            rf"\bvuot qua 0?{cap}\s*ngay\b"
            rf"|\b(?:above|over|beyond|in excess of|more than) the 0?{cap}[- ]days? (?:limit|cap|maximum)\b"
        )
        leave_rules = [r for r in rules if _LEAVE_LEFT.search(rule_reading(f"{r.context} {r.text}"))]
        cap_node = policy.sources["carryover_max_days"].node_id
        same_node = [r for r in leave_rules if r.node_id == cap_node]
        if found := _find(same_node, number=above) or _find(leave_rules, number=above):
            rule, _ = found
            policy.sources["carryover_excess"] = cite_rule(rule, "số ngày vượt quá mức được chuyển")
    if found := _find(
        rules, "phep", number=r"\blam tron (?:len )?(?:den |toi )?(?:nua ngay|0[.,]5 ngay)"
    ) or _find(
        rules,
        "leave",
        number=r"\brounded up to (?:the nearest |a )?half(?:[- ]a)?[- ]day|\brounded up to (?:the nearest )?0[.,]5\b",
    ):
        rule, _ = found
        policy.pro_rata_step = 0.5
        policy.sources["pro_rata_rounding"] = cite_rule(rule, "làm tròn lên đến nửa ngày")
    if found := _find(rules, "thu viec", number=r"(?:khong qua|toi da)\s*(\d{2,3})\s*ngay"):
        rule, m = found
        if "cao dang" in rule_reading(rule.text) or "dai hoc" in rule_reading(rule.text):
            policy.probation_days = int(m.group(1))
            policy.sources["probation_days"] = cite_rule(
                rule, f"thử việc {m.group(1)} ngày (trình độ cao đẳng trở lên)"
            )
    policy.directory = directory_of(rules)
    return policy


def group_of(policy: LeavePolicy, employee: str | None) -> GroupDays | None:
    """The employee's row of the annual-leave staff-group table (``row_of``), through the staff-group directory
    where the table names groups, not jobs (``row_via_directory``)."""
    return row_via_directory(policy.groups, employee, policy.directory)
