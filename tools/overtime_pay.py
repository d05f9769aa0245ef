"""Overtime pay: deterministic arithmetic over parameters read from the corpus.

Vietnamese regulations state overtime pay the same way the Labour Code does (Article 98): an hourly wage — the
month's contract wage divided by a number of working days and of hours ("chia cho 26 ngày, chia cho 08 giờ") —
times a rate by kind of day (ordinary day 150%, weekly rest day 200%, public holiday 300%) and, for hours inside
the night window ("22:00 – 06:00"), the night rate of that day (210%, 270%, 390%). Each parameter is read from the
documents where they state it (a rate table, a sentence) and cited by its grounded span; where no document states
it, the Labour Code's figure is used and named as a default in the answer.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, Field

from indexes.staff_groups import row_of
from indexes.text import fold, has_diacritics
from tools.calculation import CalculationResult, CalculationStep
from tools.leave_calculator import fmt_money
from tools.leave_policy import ParamSource, RuleText, cite_rule

DayKind = Literal["ordinary", "weekly_rest", "holiday"]
DAY_KINDS: tuple[DayKind, ...] = ("ordinary", "weekly_rest", "holiday")
KIND_VI = {"ordinary": "ngày thường", "weekly_rest": "ngày nghỉ hằng tuần", "holiday": "ngày lễ, tết"}
KIND_EN = {
    "ordinary": "an ordinary working day",
    "weekly_rest": "a weekly rest day",
    "holiday": "a public holiday",
}
# The Labour Code 2019, Article 98 (used, and said, only where no document states a figure)
LAW_DAY_RATES = {"ordinary": 150, "weekly_rest": 200, "holiday": 300}
LAW_NIGHT_EXTRA = 30  # % of the day wage for night work, plus 20% of the day's overtime rate (Art. 98.2-3)
LAW_NIGHT = (22, 6)  # Article 106: from 22:00 to 06:00
MIN_WAGE, MAX_WAGE = 100_000, 100_000_000_000  # đồng a month: '5' or 39 digits are mistakes, not wages
LAW_DIVISOR = (
    26,
    8,
)  # working days a month, hours a day (Decree 145/2020's usual divisor for a monthly wage)

# how a row, cell or sentence names a kind of day (folded)
_KIND_CUES: dict[DayKind, re.Pattern[str]] = {
    "holiday": re.compile(r"\b(?:le|tet|holidays?)\b"),
    "weekly_rest": re.compile(
        r"\b(?:nghi hang tuan|chu nhat|cuoi tuan|weekly|weekends?|sundays?|rest days?|days? off)\b"
    ),
    "ordinary": re.compile(
        r"\b(?:ngay thuong|ngay lam viec binh thuong|ngay binh thuong|ordinary|weekdays?"
        r"|normal (?:working )?days?|regular (?:working )?days?)\b"
    ),
}
_PERCENT = re.compile(r"(\d{2,3})\s*%")
_NIGHT_WINDOW = re.compile(
    r"(\d{1,2})\s*(?::\s*\d{2}|h\d{0,2}|\s*gio)?\s*(?:-|–|den)\s*(\d{1,2})\s*(?::\s*\d{2}|h|\s*gio)"
)
_DIVISOR_DAYS = re.compile(
    r"chia (?:cho )?(\d{2}) ngay|÷\s*(\d{2})\b|divided by (\d{2})\s*(?:\(\w+\)\s*)?(?:working |standard )?days"
    r"|/\s*(\d{2})\s*(?:working )?days\b|\((\d{2}) (?:working )?days of \d{1,2} hours\)"
)
_DIVISOR_HOURS = re.compile(
    r"chia (?:cho )?0?(\d{1,2}) gio|÷\s*\d{2}\s*÷\s*0?(\d{1,2})\b|(?:divided by|and by|/)\s*0?(\d{1,2})\s*"
    r"(?:\(\w+\)\s*)?(?:working )?hours\b|\(\d{2} (?:working )?days of 0?(\d{1,2}) hours\)"
)
_OVERTIME = re.compile(r"\b(?:lam them|tang ca|overtime)\b")
# a divisor stated per staff group: "(26 ngày đối với Khối vận hành; 22 ngày đối với Khối văn phòng)" (folded), and
# its hours after a division colon (": 08 giờ")
_GROUP_DAYS = re.compile(r"\b(\d{2}) ngay (?:doi voi|cho|voi|for) ([^;)(.]{3,60})")
_COLON_HOURS = re.compile(r":\s*0?(\d{1,2}) gio\b")


class OvertimePolicy(BaseModel):
    day_rates: dict[str, int] = Field(default_factory=lambda: dict(LAW_DAY_RATES))  # % by kind of day
    night_rates: dict[str, int] = Field(default_factory=dict)  # % by kind of day, where stated
    night_window: tuple[int, int] = LAW_NIGHT
    night_extra: int = (
        LAW_NIGHT_EXTRA  # % of the hourly wage night work adds, where an English rule states it
    )
    days_per_month: int = LAW_DIVISOR[0]
    hours_per_day: int = LAW_DIVISOR[1]
    # working days a month per staff group, where the documents state one for each (folded group words)
    days_by_group: list[tuple[int, str]] = Field(default_factory=list)
    sources: dict[str, ParamSource] = Field(default_factory=dict)

    def night_rate(self, kind: DayKind) -> int:
        """The stated night rate, else the day rate + 30% + 20% of the day rate (the Labour Code's rule)."""
        if kind in self.night_rates:
            return self.night_rates[kind]
        day = self.day_rates[kind]
        return day + self.night_extra + day // 5


def _kind_of(text: str) -> DayKind | None:
    folded = fold(text)
    return next((kind for kind, cue in _KIND_CUES.items() if cue.search(folded)), None)


def _plain(text: str) -> str:
    return re.sub(r"[*_`]", "", text)


_HOURLY = re.compile(r"\b(?:tien luong gio|luong gio|don gia tien luong gio|hourly (?:rate|wage|pay))\b")


def _read_divisor(policy: OvertimePolicy, rule: RuleText) -> None:
    """The hourly wage's divisor a unit states ("chia cho 26 ngày, chia cho 08 giờ", "÷ 24 ÷ 8"), if none yet."""
    folded = fold(rule.text)
    groups = [(int(days), " ".join(who.split())) for days, who in _GROUP_DAYS.findall(folded)]
    if "divisor" not in policy.sources and len(groups) >= 2:  # one divisor per staff group
        policy.days_per_month = groups[0][0]
        policy.days_by_group = groups
        if h := (_DIVISOR_HOURS.search(folded) or _COLON_HOURS.search(folded)):
            policy.hours_per_day = int(next(g for g in h.groups() if g))
        policy.sources["divisor"] = cite_rule(
            rule,
            "lương giờ = lương tháng / "
            + "; ".join(f"{days} ngày ({who})" for days, who in groups)
            + f" / {policy.hours_per_day} giờ",
        )
        return
    if "divisor" not in policy.sources and (d := _DIVISOR_DAYS.search(folded)):
        policy.days_per_month = int(next(g for g in d.groups() if g))
        if h := _DIVISOR_HOURS.search(folded):
            policy.hours_per_day = int(next(g for g in h.groups() if g))
        policy.sources["divisor"] = cite_rule(
            rule, f"lương giờ = lương tháng / {policy.days_per_month} ngày / {policy.hours_per_day} giờ"
        )


@dataclass(frozen=True)
class _GroupRow:
    text: str  # a staff group as the divisor rule names it (folded)


def for_employee(policy: OvertimePolicy, employee: str | None) -> OvertimePolicy:
    """The policy with the month's working days of the staff group the employee's words name ("kế toán (văn
    phòng)" → "khối văn phòng": 22; ``row_of``, as a staff-group table's rows are matched), when the documents
    state one per group; the first stated when the words name none or both."""
    if not policy.days_by_group:
        return policy
    rows = [_GroupRow(who) for _, who in policy.days_by_group]
    named = row_of(rows, employee)
    if named is None:
        return policy
    return policy.model_copy(update={"days_per_month": policy.days_by_group[rows.index(named)][0]})


def policy_from_rules(rules: list[RuleText]) -> OvertimePolicy:
    """Read the rates, night window and hourly divisor the documents state about overtime; keep the law's
    figures for the rest (each reported as a default)."""
    policy = OvertimePolicy()
    about = [r for r in rules if _OVERTIME.search(fold(f"{r.context} {r.text}"))]
    for rule in (
        about
    ):  # a rate table: "Thời điểm làm thêm | Ban ngày | Ban đêm (22:00 – 06:00) … Ngày thường | 150% | 210%"
        header, _, row = rule.text.rpartition(" … ")
        cells = [c.strip() for c in row.split("|") if c.strip()]
        heads = [c.strip() for c in header.split("|") if c.strip()] if header else []
        kind = _kind_of(cells[0]) if cells else None
        rates = [(i, int(m.group(1))) for i, c in enumerate(cells) for m in [_PERCENT.search(fold(c))] if m]
        if kind is None or not rates or len(heads) != len(cells):
            continue
        for i, rate in rates:
            night = bool(re.search(r"\b(?:dem|night)\b", fold(heads[i])))
            key = f"{'night' if night else 'day'}:{kind}"
            if key in policy.sources:
                continue
            (policy.night_rates if night else policy.day_rates)[kind] = rate
            policy.sources[key] = cite_rule(
                rule, f"{KIND_VI[kind]}, {'ban đêm' if night else 'ban ngày'}: {rate}%"
            )
            if night and "night_window" not in policy.sources and (m := _NIGHT_WINDOW.search(fold(heads[i]))):
                policy.night_window = (int(m.group(1)), int(m.group(2)))
                policy.sources["night_window"] = cite_rule(
                    rule, f"ban đêm từ {m.group(1)} giờ đến {m.group(2)} giờ"
                )
    for rule in about:  # sentences: "vào ngày thường, ít nhất bằng 150%", list items "a) 150% vào ngày ..."
        folded = fold(rule.text)
        for kind in DAY_KINDS:
            key = f"day:{kind}"
            cue = _KIND_CUES[kind].pattern
            after = re.search(rf"{cue}[^.;|%]{{0,80}}?(\d{{3}})\s*%", folded)
            before = re.search(
                rf"(\d{{3}})\s*%\s*(?:vao|cho|doi voi|on|for)?\s*(?:(?:cac|the|a|an|public|paid)\s+)*(?:ngay\s*)?"
                rf"(?:nghi\s*)?{cue}",
                folded,
            )
            # English puts the rate before the day ("200% on weekly days off and 300% on public holidays")
            m = (before or after) if not has_diacritics(rule.text) else (after or before)
            if key not in policy.sources and m and not re.search(r"\b(?:dem|night)\b", folded[: m.end()]):
                policy.day_rates[kind] = int(m.group(1))
                policy.sources[key] = cite_rule(rule, f"{KIND_VI[kind]}: {m.group(1)}%")
        _read_divisor(policy, rule)
    # the hourly wage may be defined apart from overtime ("Điều 2. Tiền lương giờ"): any unit naming it
    for rule in rules:
        if "divisor" in policy.sources:
            break
        if _HOURLY.search(fold(f"{rule.context} {rule.text}")):
            _read_divisor(policy, rule)
    night_rules = [
        r
        for r in rules
        if re.search(
            r"\bban dem\b|\blam viec vao ban dem\b|\bnight work\b|\bat night\b|\bnight shifts?\b",
            fold(r.text),
        )
    ]
    for rule in night_rules:  # "night work is paid an extra 30% of the hourly wage", "a night premium of 30%"
        text = fold(_plain(rule.text))
        if "night_extra" in policy.sources or has_diacritics(rule.text) or re.search(r"\d{3}\s*%", text):
            continue
        if m := re.search(
            r"\b(?:extra|additional|premium|plus|at least)\s*(?:of\s*)?(\d{2})\s*%"
            r"|\b(\d{2})\s*%\s*(?:extra|additional|more|premium|on top)\b",
            text,
        ):
            policy.night_extra = int(m.group(1) or m.group(2))
            policy.sources["night_extra"] = cite_rule(rule, f"làm việc ban đêm: thêm {policy.night_extra}%")
    for rule in night_rules:
        if "night_window" in policy.sources:
            break
        text = re.sub(r"[*_`]", "", fold(rule.text))
        if m := re.search(
            r"tu (\d{1,2})(?::\d{2}| gio(?: \d{2})?)? den (\d{1,2})(?::\d{2}| gio)?"
            r"|\b(?:from|between) (\d{1,2})(?::\d{2}|\s*[ap]\.?m\.?)? (?:to|and|until|till) (\d{1,2})(?::\d{2}|\s*[ap]\.?m\.?)?",
            text,
        ):
            lo, hi = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            start, end = int(lo), int(hi)
            if m.group(3) and "pm" in m.group(0).replace(".", "") and start < 12:
                start += 12  # "from 10 pm to 6 am"
            policy.night_window = (start, end)
            policy.sources["night_window"] = cite_rule(rule, f"ban đêm từ {start} giờ đến {end} giờ")
    return policy


class OvertimeDayPay(BaseModel):
    """One day's overtime in a question about several ("3 hours on Tuesday and 8 on Sunday")."""

    day_kind: DayKind
    day_hours: float
    night_hours: float
    day_rate: int
    night_rate: int
    amount: int  # đồng, rounded as the day alone would be; the total is their sum


class OvertimeResult(CalculationResult):
    monthly_wage: int
    hourly_wage: float
    day_kind: DayKind
    day_hours: float
    night_hours: float
    day_rate: int
    night_rate: int
    amount: int  # đồng, rounded to the đồng
    # Overtime on several days: each day here; then day_kind, day_rate and night_rate above are the first day's,
    # day_hours, night_hours and amount the totals
    days: list[OvertimeDayPay] = Field(default_factory=list)


def split_hours(start: dt.time, end: dt.time, window: tuple[int, int]) -> tuple[float, float]:
    """(day hours, night hours) of the span ``start``–``end`` (past midnight when ``end`` ≤ ``start``), the
    night being ``window`` (22, 6): from 22:00 to 06:00 the next morning."""
    begin = start.hour * 60 + start.minute
    stop = end.hour * 60 + end.minute
    if stop <= begin:
        stop += 24 * 60
    night_from, night_to = window[0] * 60, window[1] * 60
    night = 0
    for minute in range(begin, stop):
        m = minute % (24 * 60)
        inside = m >= night_from or m < night_to if night_from > night_to else night_from <= m < night_to
        night += inside
    total = stop - begin
    return (total - night) / 60, night / 60


def _money_en(value: float) -> str:
    return f"{round(value):,}"


def _hours(value: float, en: bool = False) -> str:
    text = f"{value:g}"
    return text if en else text.replace(".", ",")


def _where(source: ParamSource | None) -> str:
    if source is None or source.source != "corpus":
        return "mặc định: Bộ luật Lao động 2019"
    return f"{source.doc_id} › {source.node_id}"


def calculate(
    policy: OvertimePolicy,
    monthly_wage: int,
    day_kind: DayKind,
    hours: float | None = None,
    start: dt.time | None = None,
    end: dt.time | None = None,
    night_hours: float | None = None,
) -> OvertimeResult:
    """Overtime pay for ``hours`` (or the span ``start``–``end``, split at the night window) on a day of kind
    ``day_kind``, for a month's contract wage ``monthly_wage`` (đồng)."""
    if not MIN_WAGE <= monthly_wage <= MAX_WAGE:
        raise ValueError(
            f"a monthly wage of {fmt_money(monthly_wage)} đồng is out of range ({fmt_money(MIN_WAGE)} – "
            f"{fmt_money(MAX_WAGE)} đồng); give the month's contract wage, e.g. '7.800.000' or '7,8 triệu'"
        )
    if start is not None and end is not None:
        if start == end:
            raise ValueError(f"start_time and end_time are both {start:%H:%M}; give when the overtime ended")
        day_hours, night = split_hours(start, end, policy.night_window)
        if hours is not None and abs(hours - (day_hours + night)) > 0.01:
            raise ValueError(
                f"hours {_hours(hours, True)} disagree with {start:%H:%M}–{end:%H:%M} "
                f"({_hours(day_hours + night, True)} hours); give one or the other"
            )
    elif hours is not None and hours > 0:
        if night_hours is not None and night_hours > hours:
            raise ValueError(f"night_hours {_hours(night_hours, True)} exceed hours {_hours(hours, True)}")
        night = min(night_hours or 0.0, hours)
        day_hours = hours - night
    else:
        raise ValueError("give the overtime hours, or the time it started and ended")
    if day_hours + night > 16:
        raise ValueError("more than 16 hours of overtime in one day is not a valid input")
    hourly = monthly_wage / policy.days_per_month / policy.hours_per_day
    day_rate, night_rate = policy.day_rates[day_kind], policy.night_rate(day_kind)
    amount = round(hourly * (day_hours * day_rate + night * night_rate) / 100)
    src = policy.sources
    steps = [
        CalculationStep(
            text=f"Lương giờ = {fmt_money(monthly_wage)} đồng / {policy.days_per_month} ngày / "
            f"{policy.hours_per_day} giờ = {fmt_money(hourly)} đồng/giờ.",
            rule=f"divisor ({_where(src.get('divisor'))})",
        )
    ]
    steps_en = [
        f"Hourly wage = {_money_en(monthly_wage)} VND / {policy.days_per_month} days / "
        f"{policy.hours_per_day} hours = {_money_en(hourly)} VND an hour."
    ]
    parts_vi, parts_en = [], []
    if day_hours:
        steps.append(
            CalculationStep(
                text=f"{_hours(day_hours)} giờ làm thêm ban ngày vào {KIND_VI[day_kind]}: {day_rate}% × "
                f"{fmt_money(hourly)} × {_hours(day_hours)} = {fmt_money(hourly * day_hours * day_rate / 100)} đồng.",
                rule=f"day:{day_kind} ({_where(src.get(f'day:{day_kind}'))})",
            )
        )
        steps_en.append(
            f"{_hours(day_hours, True)} daytime overtime hours on {KIND_EN[day_kind]}: {day_rate}% × "
            f"{_money_en(hourly)} × {_hours(day_hours, True)} = {_money_en(hourly * day_hours * day_rate / 100)} VND."
        )
        parts_vi.append(f"{_hours(day_hours)} giờ × {day_rate}%")
        parts_en.append(f"{_hours(day_hours, True)} h × {day_rate}%")
    if night:
        lo, hi = policy.night_window
        steps.append(
            CalculationStep(
                text=f"{_hours(night)} giờ làm thêm ban đêm ({lo} giờ – {hi} giờ) vào {KIND_VI[day_kind]}: "
                f"{night_rate}% × {fmt_money(hourly)} × {_hours(night)} = {fmt_money(hourly * night * night_rate / 100)} đồng.",
                rule=f"night:{day_kind} ({_where(src.get(f'night:{day_kind}') or src.get('night_extra'))})",
            )
        )
        steps_en.append(
            f"{_hours(night, True)} night overtime hours ({lo}:00 – {hi}:00) on {KIND_EN[day_kind]}: {night_rate}% × "
            f"{_money_en(hourly)} × {_hours(night, True)} = {_money_en(hourly * night * night_rate / 100)} VND."
        )
        parts_vi.append(f"{_hours(night)} giờ × {night_rate}%")
        parts_en.append(f"{_hours(night, True)} h × {night_rate}%")
    used = {"divisor", f"day:{day_kind}" if day_hours else "", f"night:{day_kind}" if night else ""}
    sources = {k: v for k, v in src.items() if k in used or (k == "night_window" and night)}
    for key in sorted(k for k in used if k and k not in src):
        stated = src.get("night_extra") if key.startswith("night:") else None
        sources[key] = stated or ParamSource(source="default", note="Bộ luật Lao động 2019, Điều 98")
    answer = (
        f"Tiền làm thêm giờ của bạn là {fmt_money(amount)} đồng ({' + '.join(parts_vi)} lương giờ "
        f"{fmt_money(hourly)} đồng, vào {KIND_VI[day_kind]})."
    )
    answer_en = (
        f"Your overtime pay is {_money_en(amount)} VND ({' + '.join(parts_en)} of an hourly wage of "
        f"{_money_en(hourly)} VND, on {KIND_EN[day_kind]})."
    )
    return OvertimeResult(
        monthly_wage=monthly_wage,
        hourly_wage=round(hourly, 2),
        day_kind=day_kind,
        day_hours=day_hours,
        night_hours=night,
        day_rate=day_rate,
        night_rate=night_rate,
        amount=amount,
        steps=steps,
        steps_en=steps_en,
        policy_sources=sources,
        answer=answer,
        answer_en=answer_en,
    )


def _hour_parts(day: OvertimeDayPay, en: bool) -> list[str]:
    unit = "h" if en else "giờ"
    return [
        f"{_hours(h, en)} {unit} × {rate}%"
        for h, rate in ((day.day_hours, day.day_rate), (day.night_hours, day.night_rate))
        if h
    ]


def calculate_days(policy: OvertimePolicy, monthly_wage: int, days: list[dict]) -> OvertimeResult:
    """Overtime on several days, each ``{"day_kind", "hours" | "start"/"end", "night_hours"}`` computed as
    ``calculate`` computes one day (its own rates, its own night split, rounded to the đồng); the pay is their
    sum. An error names the day it is about ("day 2: ...")."""
    if not days:
        raise ValueError("give at least one day of overtime")
    parts = []
    for number, d in enumerate(days, start=1):
        try:
            parts.append(
                calculate(
                    policy,
                    monthly_wage,
                    d.get("day_kind", "ordinary"),
                    d.get("hours"),
                    d.get("start"),
                    d.get("end"),
                    d.get("night_hours"),
                )
            )
        except ValueError as exc:
            raise ValueError(f"day {number}: {exc}" if len(days) > 1 else str(exc)) from None
    if len(parts) == 1:
        return parts[0]
    hourly = monthly_wage / policy.days_per_month / policy.hours_per_day
    each = [OvertimeDayPay(**r.model_dump(include=set(OvertimeDayPay.model_fields))) for r in parts]
    amount = sum(d.amount for d in each)  # each day rounded as it would be alone: the steps add up
    steps = [parts[0].steps[0], *(step for r in parts for step in r.steps[1:])]
    steps_en = [parts[0].steps_en[0], *(step for r in parts for step in r.steps_en[1:])]
    steps.append(
        CalculationStep(
            text=f"Tổng = {' + '.join(fmt_money(d.amount) for d in each)} = {fmt_money(amount)} đồng.",
            rule="sum (các ngày làm thêm)",
        )
    )
    steps_en.append(f"Total = {' + '.join(_money_en(d.amount) for d in each)} = {_money_en(amount)} VND.")
    sources: dict[str, ParamSource] = {}
    for r in parts:
        sources.update(r.policy_sources)
    vi = " + ".join(f"{' + '.join(_hour_parts(d, False))} vào {KIND_VI[d.day_kind]}" for d in each)
    en = " + ".join(f"{' + '.join(_hour_parts(d, True))} on {KIND_EN[d.day_kind]}" for d in each)
    first = parts[0]
    return first.model_copy(
        update={
            "day_hours": sum(d.day_hours for d in each),
            "night_hours": sum(d.night_hours for d in each),
            "amount": amount,
            "steps": steps,
            "steps_en": steps_en,
            "policy_sources": sources,
            "answer": f"Tiền làm thêm giờ của bạn là {fmt_money(amount)} đồng ({vi}; lương giờ {fmt_money(hourly)} đồng).",
            "answer_en": f"Your overtime pay is {_money_en(amount)} VND ({en}; hourly wage {_money_en(hourly)} VND).",
            "days": each,
        }
    )
