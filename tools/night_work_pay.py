"""Night work pay: what hours worked at night in a normal shift (not overtime) add to the wage.

Vietnamese regulations state it as the Labour Code does (Article 98.2): each hour worked inside the night window
("từ 22 giờ đến 06 giờ") is paid an extra share of the hourly wage ("được trả thêm 30% đơn giá tiền lương giờ",
"your hourly rate plus 30%"). The hourly wage is the overtime calculator's (the month's wage over the documents'
divisor), the night window too; the shifts a question names ("Ca 3", "ca đêm", "the night shift") are read from
the documents' shift definitions ("ca đêm từ 22h00 đến 06h00 ngày hôm sau"), and a dated change of the share (a
notice: "Kể từ ngày 01/9/2026 … được điều chỉnh từ 30% lên 40%") applies from its date. Every parameter is cited
by its grounded span; the Labour Code's 30% is a named default where no document states a share.
"""

from __future__ import annotations

import datetime as dt
import re

from pydantic import BaseModel, Field

from indexes.text import fold, nfc
from tools.calculation import CalculationResult, CalculationStep, money_en, where
from tools.leave_calculator import fmt_money
from tools.leave_policy import ParamSource, RuleText, cite_rule
from tools.overtime_pay import (
    LAW_NIGHT_EXTRA,
    MAX_WAGE,
    MIN_WAGE,
    OvertimePolicy,
    split_hours,
)

LAW_NOTE = "Bộ luật Lao động 2019, Điều 98 khoản 2: ít nhất 30% tiền lương giờ làm việc ban đêm"

# a unit about night work, and one about overtime (whose night share is overtime's, not night work's), folded
_NIGHT = re.compile(r"\b(?:ban dem|ca dem|lam dem|night work|night shifts?|at night|night premium)\b")
_OVERTIME = re.compile(r"\b(?:lam them|tang ca|overtime)\b")
# the extra share: "trả thêm 30%", "thêm ít nhất 30%", "hourly rate plus 30%", "a night premium of 30%"
_SHARE = re.compile(
    r"\b(?:tra them|cong them|duoc them|them|phu troi)\s*(?:it nhat|toi thieu)?\s*(?:bang\s*)?(\d{1,2})\s*%"
    r"(?=\s*(?:cua\s*)?(?:tien luong|luong|don gia))"
    r"|\b(?:extra|additional|premium|plus)\s*(?:of\s*)?(?:at least\s*)?(\d{1,2})\s*%"
    r"|\b(\d{1,2})\s*%\s*(?:extra|additional|more|premium|on top)\b"
)
# a change of the share: "từ 30% lên 40%", "from 30% to 40%"
_CHANGE = re.compile(
    r"\btu\s*(\d{1,2})\s*%[^%]{0,40}?\s(?:len|thanh|xuong|con)\s*(?:muc\s*)?(\d{1,2})\s*%"
    r"|\bfrom\s*(\d{1,2})\s*%[^%]{0,40}?\sto\s*(\d{1,2})\s*%"
)
_MONTHS = {
    m: i
    for i, m in enumerate(
        "january february march april may june july august september october november december".split(), 1
    )
}
# the day a change applies from: "kể từ ngày 01/9/2026", "từ ngày 1/9/2026", "from 1 September 2026"
_SINCE = re.compile(
    r"\b(?:ke tu|tu|ap dung tu|from|effective|with effect from|starting)\s+(?:ngay\s+)?(?:on\s+)?"
    r"(?:(\d{1,2})/(\d{1,2})/(\d{4})|(\d{1,2})\s+(" + "|".join(_MONTHS) + r")\s+(\d{4}))"
)
# a shift the documents define with its hours: "ca đêm từ 22h00 đến 06h00", "Ca 3 từ 22:00 đến 06:00", "Night
# shift: 22:00 – 06:00", "the Sơn Trà night shift (23:00 – 07:00)"
_CLOCK = r"(\d{1,2})\s*(?:h|:|gio)\s*(\d{2})?"
_SHIFT_NAME = (
    r"(ca\s+(?:sang|chieu|toi|dem|ngay|gay|hanh chinh|\d|[ivx]{1,3})"
    r"|(?:morning|afternoon|evening|night|day|late|early|graveyard)\s+shift|shift\s+\d)"
)
_SHIFT = re.compile(
    rf"\b{_SHIFT_NAME}\b\s*(?:\([^)]{{0,30}}\)\s*)?(?::|\||la|tu|runs?|from|\(|,)?\s*(?:tu\s+|from\s+)?"
    rf"{_CLOCK}\s*(?:den|toi|to|until|-|–)\s*{_CLOCK}"
)
# a shift a question names: "ca đêm", "Ca 3", "night shift"; "ca đêm" and "night shift" also name the documents'
# shift with the most night hours when none is called that
_NIGHT_SHIFT = re.compile(r"^(?:ca dem|night shift|graveyard shift)$")
# a per-shift allowance for night shifts ("phụ cấp ca đêm 30.000 đồng/ca", "Phụ cấp ca đêm | … | 80.000 đồng/ca",
# "a night shift allowance of 50,000 VND per shift"): its amount and the unit
_ALLOWANCE = re.compile(r"\b(?:phu cap ca dem|night(?: shift)? allowance)\b")
_PER_SHIFT = re.compile(
    r"(\d{1,3}(?:[.,]\d{3})+|\d{4,})\s*(?:dong|d|vnd)?\s*(?:/\s*(?:ca|dem|shift|night)\b|(?:per|a|each)\s+(?:shift|night)\b)"
)


class NightShift(BaseModel):
    name: str  # folded, as the documents name it: "ca dem", "ca 3", "night shift"
    label: str  # as written: "ca đêm", "Ca 3"
    start: dt.time
    end: dt.time
    source: ParamSource


class PremiumChange(BaseModel):
    """The night share from a date on ("từ 30% lên 40%" from 01/09/2026)."""

    former: int | None  # None: the change states only the new share ("từ ngày 01/10/2026 … trả thêm 35%")
    percent: int
    since: dt.date
    source: ParamSource


class NightWorkPolicy(BaseModel):
    premium: int = LAW_NIGHT_EXTRA  # % of the hourly wage each night hour adds
    premium_source: ParamSource | None = None  # None: the Labour Code's default
    changes: list[PremiumChange] = Field(default_factory=list)
    shifts: list[NightShift] = Field(default_factory=list)
    allowance: int | None = None  # đồng per night shift, where exactly one is stated
    allowance_source: ParamSource | None = None
    allowance_shift: str | None = None  # the shift the allowance is for, where its clause names one
    allowance_span: tuple[dt.time, dt.time] | None = None  # ... or the hours

    def premium_on(self, day: dt.date) -> tuple[int, ParamSource, PremiumChange | None]:
        """The share on ``day``: the latest change in force then, else the stated (or default) share."""
        due = [c for c in self.changes if c.since <= day]
        if due:
            change = max(due, key=lambda c: c.since)
            return change.percent, change.source, change
        source = self.premium_source or ParamSource(source="default", note=LAW_NOTE)
        return self.premium, source, None


def _plain(text: str) -> str:
    return " ".join(fold(re.sub(r"[*_`]", "", text)).split())


def _about_night_work(rule: RuleText) -> bool:
    """A unit about night work, not overtime's night hours: by its text and its own section's title (a chapter
    "Làm thêm giờ và làm việc ban đêm" above may hold both)."""
    text = _plain(rule.text)
    own_title = _plain(rule.title_path[-1]) if rule.title_path else ""
    return bool(_NIGHT.search(f"{_plain(rule.context)} {text}")) and not _OVERTIME.search(
        f"{own_title} {text}"
    )


def stated_share(text: str) -> int | None:
    """The extra share of the hourly wage a unit about night work states ("trả thêm 30%"), or None."""
    m = _SHARE.search(_plain(text))
    share = int(next(g for g in m.groups() if g)) if m else None
    return share if share and 10 <= share <= 99 else None


def _since(text: str) -> dt.date | None:
    m = _SINCE.search(text)
    if not m:
        return None
    try:
        if m.group(1):
            return dt.date(int(m.group(3)), int(m.group(2)), int(m.group(1)))
        return dt.date(int(m.group(6)), _MONTHS[m.group(5)], int(m.group(4)))
    except ValueError:
        return None


def _time(hour: str, minute: str | None) -> dt.time | None:
    h, mi = int(hour), int(minute or 0)
    return dt.time(h % 24, mi) if 0 <= h <= 24 and 0 <= mi < 60 else None


def shifts_in(rule: RuleText) -> list[NightShift]:
    """The shifts a unit defines with their hours, each named as the unit writes it."""
    raw = re.sub(r"[*_`]", "", nfc(rule.text))
    folded = fold(raw)  # folding keeps an NFC text's length: a match's offsets read the name as written
    out = []
    for m in _SHIFT.finditer(folded):
        start, end = _time(m.group(2), m.group(3)), _time(m.group(4), m.group(5))
        if start is None or end is None or start == end or len(folded) != len(raw):
            continue
        label = " ".join(raw[m.start(1) : m.end(1)].split())
        out.append(
            NightShift(
                name=" ".join(m.group(1).split()),
                label=label,
                start=start,
                end=end,
                source=cite_rule(rule, f"{label}: {start:%H:%M} – {end:%H:%M}"),
            )
        )
    return out


def night_policy_from_rules(rules: list[RuleText]) -> NightWorkPolicy:
    """Read the night share, its dated changes and the shifts the documents state (company documents first: the
    first statement of each wins)."""
    policy = NightWorkPolicy()
    allowances: dict[int, tuple[RuleText, str]] = {}
    for rule in rules:
        # the cue and the amount in one clause of the unit ("phụ cấp ca đêm 30.000 đồng/ca", not "phụ cấp ca đêm
        # bằng 30% lương; phụ cấp ăn ca 25.000 đồng/ca")
        for clause in _plain(rule.text).split(";"):
            if _ALLOWANCE.search(clause) and (amount := _PER_SHIFT.search(clause)):
                allowances.setdefault(int(re.sub(r"[.,]", "", amount.group(1))), (rule, clause))
        for shift in shifts_in(rule):
            if all(s.name != shift.name for s in policy.shifts):
                policy.shifts.append(shift)
        if not _about_night_work(rule):
            continue
        text = _plain(rule.text)
        change, since = _CHANGE.search(text), _since(text)
        if change and since:
            former, new = (change.group(1), change.group(2)) if change.group(1) else change.group(3, 4)
            policy.changes.append(
                PremiumChange(
                    former=int(former),
                    percent=int(new),
                    since=since,
                    source=cite_rule(rule, f"làm việc ban đêm: thêm {new}% từ {since:%d/%m/%Y}"),
                )
            )
            continue
        share = stated_share(rule.text)
        if share and since:  # a share from a date on: a change, whatever the order of the units
            policy.changes.append(
                PremiumChange(
                    former=None,
                    percent=share,
                    since=since,
                    source=cite_rule(rule, f"làm việc ban đêm: thêm {share}% từ {since:%d/%m/%Y}"),
                )
            )
            continue
        if share and policy.premium_source is None:
            policy.premium = share
            policy.premium_source = cite_rule(rule, f"làm việc ban đêm: thêm {share}%")
    if len(allowances) == 1:  # several amounts are for different shifts or places: none is the asker's
        (amount, (rule, clause)), *_ = allowances.items()
        policy.allowance = amount
        policy.allowance_source = cite_rule(rule, f"phụ cấp ca đêm: {fmt_money(amount)} đồng/ca")
        # the shift or the hours it is for, where the clause names them ("NLĐ làm Ca 3", "Ca 23:00 – 07:00")
        named = re.search(rf"\b{_SHIFT_NAME}\b", _ALLOWANCE.sub(" ", clause))
        span = re.search(rf"{_CLOCK}\s*(?:den|toi|to|-|–)\s*{_CLOCK}", clause)
        policy.allowance_shift = " ".join(named.group(1).split()) if named else None
        if (
            span
            and (start := _time(span.group(1), span.group(2)))
            and (end := _time(span.group(3), span.group(4)))
        ):
            policy.allowance_span = (start, end)
    return policy


def shift_named(policy: NightWorkPolicy, asked: str, window: tuple[int, int]) -> NightShift | None:
    """The documents' shift a question names ("Ca 3", "ca đêm"); for "ca đêm" / "night shift" with no shift of
    that name, the defined shift with the most night hours (if it has any)."""
    name = " ".join(fold(asked).split())
    for shift in policy.shifts:
        if shift.name == name:
            return shift
    if not _NIGHT_SHIFT.match(name) or not policy.shifts:
        return None
    best = max(policy.shifts, key=lambda s: split_hours(s.start, s.end, window)[1])
    return best if split_hours(best.start, best.end, window)[1] > 0 else None


class NightWorkResult(CalculationResult):
    monthly_wage: int
    hourly_wage: float
    night_hours: float
    premium_percent: int
    amount: int  # đồng: what the night hours add to the normal wage
    shift: str | None = None
    allowance: int | None = None  # đồng: the documents' per-shift night allowance, for a whole shift
    total: int  # amount + allowance


def _hours(value: float, en: bool = False) -> str:
    text = f"{value:g}"
    return text if en else text.replace(".", ",")


def calculate(
    policy: NightWorkPolicy,
    overtime: OvertimePolicy,
    monthly_wage: int,
    on: dt.date,
    start: dt.time | None = None,
    end: dt.time | None = None,
    hours: float | None = None,
    shift: NightShift | None = None,
) -> NightWorkResult:
    """The night pay for the span ``start``–``end`` (or ``shift``'s hours, or ``hours`` all at night) worked in a
    normal shift on ``on``, for a month's wage ``monthly_wage`` (đồng): hourly wage × the share × night hours."""
    if not MIN_WAGE <= monthly_wage <= MAX_WAGE:
        raise ValueError(
            f"a monthly wage of {fmt_money(monthly_wage)} đồng is out of range ({fmt_money(MIN_WAGE)} – "
            f"{fmt_money(MAX_WAGE)} đồng); give the month's contract wage, e.g. '7.800.000' or '7,8 triệu'"
        )
    if start is None and shift is not None:
        start, end = shift.start, shift.end
    lo, hi = overtime.night_window
    if start is not None and end is not None:
        if start == end:
            raise ValueError(f"start_time and end_time are both {start:%H:%M}; give when the shift ended")
        night = split_hours(start, end, overtime.night_window)[1]
        span_vi = f"{start:%H:%M} – {end:%H:%M}"
    elif hours is not None and 0 < hours <= 16:
        night, span_vi = hours, ""
    else:
        raise ValueError(
            "give the shift's start and end times, the shift's name, or the hours worked at night"
        )
    if night <= 0:
        raise ValueError(
            f"{span_vi or 'the hours'} has no hours inside the night window ({lo}:00 – {hi}:00): no night premium"
        )
    hourly = monthly_wage / overtime.days_per_month / overtime.hours_per_day
    percent, source, change = policy.premium_on(on)
    amount = round(hourly * night * percent / 100)
    named = f" ({shift.label})" if shift else ""
    steps = [
        CalculationStep(
            text=f"Lương giờ = {fmt_money(monthly_wage)} đồng / {overtime.days_per_month} ngày / "
            f"{overtime.hours_per_day} giờ = {fmt_money(hourly)} đồng/giờ.",
            rule=f"divisor ({where(overtime.sources.get('divisor') or _law_divisor())})",
        ),
        CalculationStep(
            text=f"Giờ làm việc ban đêm ({lo} giờ – {hi} giờ)"
            + (f" trong ca {span_vi}{named}" if span_vi else "")
            + f": {_hours(night)} giờ.",
            rule=f"night_window ({where(overtime.sources.get('night_window') or _law_window())})",
        ),
    ]
    steps_en = [
        f"Hourly wage = {money_en(monthly_wage)} / {overtime.days_per_month} days / {overtime.hours_per_day} hours "
        f"= {money_en(hourly)} an hour.",
        f"Night hours ({lo:02d}:00 – {hi:02d}:00)"
        + (f" in the shift {span_vi}{named}" if span_vi else "")
        + f": {_hours(night, True)}.",
    ]
    before_vi = f"; trước đó {change.former}%" if change and change.former else ""
    before_en = f"; {change.former}% before" if change and change.former else ""
    since_vi = f" (từ {change.since:%d/%m/%Y}{before_vi})" if change else ""
    since_en = f" (since {change.since:%d/%m/%Y}{before_en})" if change else ""
    steps.append(
        CalculationStep(
            text=f"Trả thêm cho giờ làm việc ban đêm: {percent}%{since_vi} × {fmt_money(hourly)} × {_hours(night)} "
            f"= {fmt_money(amount)} đồng.",
            rule=f"night_premium ({where(source)})",
        )
    )
    steps_en.append(
        f"Night premium: {percent}%{since_en} × {money_en(hourly)} × {_hours(night, True)} = {money_en(amount)}."
    )
    sources = {"night_premium": source, "divisor": overtime.sources.get("divisor") or _law_divisor()}
    if shift is not None:
        sources["shift"] = shift.source
    if "night_window" in overtime.sources:
        sources["night_window"] = overtime.sources["night_window"]
    # a whole shift with night hours also earns the per-shift night allowance the documents state
    allowance = (
        policy.allowance if span_vi and night and _allowance_applies(policy, shift, start, end) else None
    )
    total = amount + (allowance or 0)
    if allowance is not None and policy.allowance_source is not None:
        sources["night_allowance"] = policy.allowance_source
        steps.append(
            CalculationStep(
                text=f"Phụ cấp ca đêm theo tài liệu: {fmt_money(allowance)} đồng/ca; cộng: {fmt_money(amount)} + "
                f"{fmt_money(allowance)} = {fmt_money(total)} đồng.",
                rule=f"night_allowance ({where(policy.allowance_source)})",
            )
        )
        steps_en.append(
            f"Night shift allowance in the documents: {money_en(allowance)} a shift; together {money_en(amount)} + "
            f"{money_en(allowance)} = {money_en(total)}."
        )
    of_vi = f" ca {span_vi}{named}" if span_vi else ""
    of_en = f" the shift {span_vi}{named}" if span_vi else ""
    plus_vi = (
        f" Cộng phụ cấp ca đêm {fmt_money(allowance)} đồng/ca, tổng cộng {fmt_money(total)} đồng."
        if allowance is not None
        else ""
    )
    plus_en = (
        f" With the night shift allowance of {money_en(allowance)}, {money_en(total)} in all."
        if allowance is not None
        else ""
    )
    return NightWorkResult(
        monthly_wage=monthly_wage,
        hourly_wage=round(hourly, 2),
        night_hours=night,
        premium_percent=percent,
        amount=amount,
        shift=shift.name if shift else None,
        allowance=allowance,
        total=total,
        steps=steps,
        steps_en=steps_en,
        policy_sources=sources,
        answer=f"Cho{of_vi or ' số giờ làm đêm'}, bạn được trả thêm {fmt_money(amount)} đồng tiền làm việc ban đêm "
        f"({_hours(night)} giờ ban đêm × {percent}% × lương giờ {fmt_money(hourly)} đồng), ngoài tiền lương "
        f"của ca.{plus_vi}",
        answer_en=f"For{of_en or ' the night hours'}, night work adds {money_en(amount)} to your pay "
        f"({_hours(night, True)} night hours × {percent}% × an hourly wage of {money_en(hourly)}), on top of the "
        f"shift's normal pay.{plus_en}",
    )


def _allowance_applies(
    policy: NightWorkPolicy, shift: NightShift | None, start: dt.time | None, end: dt.time | None
) -> bool:
    """The night allowance is for this shift: the one its clause names, the hours it names, or any night shift."""
    if policy.allowance_source is None:
        return False
    if policy.allowance_shift is not None:
        return shift is not None and shift.name == policy.allowance_shift
    if policy.allowance_span is not None:
        return (start, end) == policy.allowance_span
    return True


def _law_divisor() -> ParamSource:
    return ParamSource(source="default", note="Nghị định 145/2020: lương tháng / 26 ngày / 8 giờ")


def _law_window() -> ParamSource:
    return ParamSource(source="default", note="Bộ luật Lao động 2019, Điều 106: từ 22 giờ đến 06 giờ")
