"""A count of units times the rate a document states per unit: "2 bộ đồng phục × 180.000 đồng/bộ", "20 ca đêm ×
30.000 đồng/ca", "240 km × 5.000 đồng/km". The rate is read from the sections the caller names (the evidence of the
question), each candidate with its exact span; when a section states several rates for the unit ("2.000 đồng/km
đối với xe máy và 5.000 đồng/km đối với ô tô") the one whose own words the question names is taken, and none when
the question does not decide between them: a sum is never worked out from a guessed rate."""

from __future__ import annotations

import re
from dataclasses import dataclass

from indexes.text import fold, nfc, topic_words
from tools.calculation import CalculationResult, CalculationStep, where
from tools.leave_calculator import fmt_money
from tools.leave_policy import RuleText, cite_rule

# Each unit a rate may be stated per: its canonical Vietnamese word and the words naming it, in a document's rate
# ("đồng/bộ", "VND per set") and in a question's count ("2 more sets", "20 ca"), folded. Days, nights, months and
# hours are the trip, leave and overtime calculators' units.
UNITS: dict[str, tuple[str, ...]] = {
    "bộ": ("bo", "set", "sets"),
    "ca": ("ca", "shift", "shifts"),
    "km": ("km", "kilometre", "kilometres", "kilometer", "kilometers"),
    "suất": ("suat", "meal", "meals", "portion", "portions"),
    "chiếc": ("chiec", "piece", "pieces"),
    # a conference's or a meal's norm per head ("40.000 đồng/người/buổi", "tối đa 700.000 đồng/người")
    "người": (
        "nguoi",
        "person",
        "persons",
        "people",
        "guest",
        "guests",
        "participant",
        "participants",
        "attendee",
        "attendees",
        "delegate",
        "delegates",
    ),
}
# not units here: "lần" (the 3rd time in hospital is no count paid per time)
ENGLISH_UNITS = {"bộ": "set", "ca": "shift", "km": "km", "suất": "meal", "chiếc": "piece", "người": "person"}
ENGLISH_PLURALS = {"người": "people"}
# A rate's second unit ("đồng/người/buổi", "VND per person per day"): what the amount is counted in besides the
# first. Sessions, days and nights multiply (the question must count them); a year, a month or a time says how
# often the amount is paid and multiplies nothing ("3.000.000 đồng/người/năm" for one year's trip).
PER_UNITS: dict[str, tuple[str, ...]] = {
    "buổi": ("buoi", "session", "sessions", "half-day", "half-days"),
    "ngày": ("ngay", "day", "days"),
    "đêm": ("dem", "night", "nights"),
}
_PERIODS = ("nam", "thang", "lan", "year", "month", "time", "chuyen", "trip", "dot")
ENGLISH_PER_UNITS = {"buổi": "session", "ngày": "day", "đêm": "night"}
MAX_COUNT = 10_000  # units in one question: more is no count an employee asks about
_MONEY = r"(\d{1,3}(?:[.,]\d{3})+|\d{4,})"
_CURRENCY = r"(?:\s*(?:dong|d|vnd))?"  # folded: "đồng", "đ", "VNĐ"
_PER = r"(?:\s*/\s*|\s+(?:mot|moi|per|a|an|each)\s+)"
_SECOND = "|".join(
    sorted({w for words in PER_UNITS.values() for w in words} | set(_PERIODS), key=len, reverse=True)
)


def _rate_pattern(unit: str) -> re.Pattern[str]:
    words = "|".join(sorted(UNITS[unit], key=len, reverse=True))
    return re.compile(
        rf"(?:vnd\s*)?{_MONEY}{_CURRENCY}\s*(?:/\s*|\b(?:mot|moi|per|a|an|each)\s+)(?:{words})\b"
        rf"(?:{_PER}({_SECOND})\b)?",
        re.IGNORECASE,
    )


@dataclass(frozen=True)
class StatedRate:
    rate: int  # đồng per unit
    rule: RuleText  # the sentence, list item or table row that states it
    context: str  # the words that go with this rate in its unit, folded: up to the next rate
    shared: str = ""  # the unit's words before all the rates' own (folded): they tell no rate from another
    per: str | None = (
        None  # the rate's second counted unit ("buổi" of "đồng/người/buổi"), None when it has none
    )


def stated_rates(units: list[RuleText], unit: str) -> list[StatedRate]:
    """Every rate per ``unit`` the given units (sentences, rows) state, in text order."""
    pattern = _rate_pattern(unit)
    out: list[StatedRate] = []
    for rule in units:
        folded = fold(nfc(rule.text))  # folding keeps an NFC text's offsets
        found = list(pattern.finditer(folded))
        # one rate: its whole sentence or row says what it is for. Several: each one's own words, a label before
        # it when every rate has one ("xe máy 3.000 đồng/km; ô tô cá nhân 6.000 đồng/km", "xe máy: 2.000 đồng/km;
        # ô tô: …"), else its qualifier after it ("2.000 đồng/km đối với xe máy và 5.000 đồng/km đối với ô tô")
        ends = [0, *(m.end() for m in found)]
        labels = [_label(folded[ends[i] : m.start()]) for i, m in enumerate(found)]
        labelled = all(labels)
        for i, m in enumerate(found):
            rate = int(re.sub(r"[.,]", "", m.group(1)))
            if rate <= 0 or (unit == "người" and m.group(2) and per_unit_of(m.group(2)) is None):
                continue  # a sum per person per year or per trip is an entitlement, not a norm per head
            if (
                len(found) == 1
            ):  # up to the end of its clause: "…/người/ngày; không chi tiền ăn cho hội nghị…" is
                # a condition of the rate, not what it is for; a bound ("tối đa") says nothing of what either
                own = folded[: m.end()] + _CLAUSE_END.split(folded[m.end() :], maxsplit=1)[0]
                context = _BOUNDS.sub(" ", own)
            elif labelled:
                context = labels[i]
            else:
                stop = found[i + 1].start() if i + 1 < len(found) else len(folded)
                context = _SEPARATOR.split(folded[m.end() : stop], maxsplit=1)[0]
            lead = 0 if len(found) == 1 else folded.find(labels[0]) if labelled else found[0].start()
            out.append(
                StatedRate(
                    rate, rule, context, folded[:lead], per_unit_of(m.group(2)) if m.group(2) else None
                )
            )
    return out


# where one rate's words end and the next one's begin (folded): a punctuation mark, "và", "and", "hoặc", "or"
_SEPARATOR = re.compile(r"[;,.:]|\b(?:va|and|hoac|or)\b")


_CLAUSE_END = re.compile(r";|\.(?:\s|$)")
_BOUNDS = re.compile(r"\b(?:toi da|khong qua|up to|at most|maximum|max)\b")
# a bound before a rate names nothing it is for ("b) Tiền ăn: tối đa 250.000 đồng/người/ngày"), folded
_BOUND = re.compile(r"(?:\b(?:toi da|khong qua|up to|at most|max(?:imum)?|muc)\s*)+$")


def _label(before: str) -> str:
    """The words right before a rate that name what it is for: after the last separator, a colon ending them
    and a bound left out ("…chi phí: xe máy" → "xe máy", "; ô tô: " → "ô tô", "b) tiền ăn: tối đa" → "b) tiền
    ăn")."""
    return _SEPARATOR.split(_BOUND.sub("", before.strip()).strip().rstrip(":"))[-1].strip()


def _terms(text: str, single: bool = False) -> set[str]:
    """A folded text's word pairs ("o to", "xe may"), and its topic words when ``single`` or when it is one word
    ("car"): what picks one rate among several. One syllable of a pair alone says little ("nhân" of "nhân viên"
    is not "cá nhân")."""
    words = re.findall(r"\w+", text)
    pairs = {f"{a} {b}" for a, b in zip(words, words[1:], strict=False)}
    return pairs | set(topic_words(text, False)) if single or len(words) == 1 else pairs


def chosen_rate(rates: list[StatedRate], asked: str) -> StatedRate | None:
    """The rate the question decides on: the only one stated, or the one whose own words (``context``) share the
    most topic words and word pairs with ``asked`` (the question with its Vietnamese wordings), when no other
    shares as many."""
    distinct = {r.rate for r in rates}
    if len(distinct) == 1:
        return rates[0]
    wanted = _terms(fold(nfc(asked)), single=True)
    scored = sorted(
        ((len(wanted & (_terms(r.context) - _terms(r.shared, single=True))), r) for r in rates),
        key=lambda x: -x[0],
    )
    if not scored or scored[0][0] == 0:
        return None
    best = [r for score, r in scored if score == scored[0][0]]
    return best[0] if len({r.rate for r in best}) == 1 else None


class UnitAmountResult(CalculationResult):
    count: float
    unit: str
    rate: int
    total: int
    per_unit: str | None = None  # the rate's second unit ("buổi"), when it has one
    per_count: float | None = None  # how many of it the amount counts


def _count_text(count: float) -> str:
    return str(int(count)) if count == int(count) else f"{count:g}".replace(".", ",")


def _english_count(count: float, english: str, plural: str | None = None) -> str:
    shown = _count_text(count)
    if count == 1 or english == "km":
        return f"{shown} {english}"
    return f"{shown} {plural or english + 's'}"


def calculate(count: float, unit: str, rate: StatedRate, per_count: float | None = None) -> UnitAmountResult:
    """``count`` units times the stated rate (times ``per_count`` of its second unit, when it has one: "120 người ×
    2 buổi × 40.000 đồng/người/buổi"), cited by the span that states it."""
    if rate.per and per_count is None:
        raise ValueError(f"the rate is per {unit} per {rate.per}: the count of {rate.per} is needed")
    times = per_count if rate.per else 1.0
    total = round(count * times * rate.rate)
    per = f"/{rate.per}" if rate.per else ""
    source = cite_rule(rate.rule, f"{fmt_money(rate.rate)} đồng/{unit}{per}")
    shown = _count_text(count)
    english = ENGLISH_UNITS[unit]
    counted = _english_count(count, english, ENGLISH_PLURALS.get(unit))
    counted_vi = f"{shown} {unit}"
    per_en = ""
    if rate.per:
        per_english = ENGLISH_PER_UNITS[rate.per]
        counted += f" × {_english_count(times, per_english)}"
        counted_vi += f" × {_count_text(times)} {rate.per}"
        per_en = f" per {per_english}"
    quote = " ".join(rate.rule.text.split())
    rule = f"unit_rate ({where(source)})"
    return UnitAmountResult(
        count=count,
        unit=unit,
        rate=rate.rate,
        total=total,
        per_unit=rate.per,
        per_count=per_count if rate.per else None,
        steps=[
            CalculationStep(
                text=f"Mức quy định: “{quote}”: {fmt_money(rate.rate)} đồng/{unit}{per}.",
                rule=rule,
            ),
            CalculationStep(
                text=f"Số tiền = {counted_vi} × {fmt_money(rate.rate)} đồng = {fmt_money(total)} đồng.",
                rule=rule,
            ),
        ],
        steps_en=[
            f"The stated rate (quoted): “{quote}”: {rate.rate:,} VND per {english}{per_en}.",
            f"Amount = {counted} × {rate.rate:,} VND = {total:,} VND.",
        ],
        policy_sources={"unit_rate": source},
        answer=f"Số tiền là {fmt_money(total)} đồng ({counted_vi} × {fmt_money(rate.rate)} đồng/{unit}{per}).",
        answer_en=f"The amount is {total:,} VND ({counted} × {rate.rate:,} VND per {english}{per_en}).",
    )


def per_unit_of(word: str) -> str | None:
    """The canonical second unit for a word naming it ("sessions" → "buổi", "ngày" → "ngày"), or None."""
    folded = fold(nfc(word)).strip()
    return next((u for u, words in PER_UNITS.items() if folded == fold(u) or folded in words), None)


def unit_of(word: str) -> str | None:
    """The canonical unit for a word naming it ("sets" → "bộ", "ca" → "ca"), or None."""
    folded = fold(nfc(word)).strip()
    if folded in (fold(u) for u in UNITS):
        return next(u for u in UNITS if fold(u) == folded)
    return next((u for u, words in UNITS.items() if folded in words), None)
