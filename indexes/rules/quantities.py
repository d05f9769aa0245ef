"""Quantities in a regulation sentence (days, hours, clock times, money, percentages, counts, km) and the rule
attributes read from the phrases around them: the vocabulary half of the offline rule reader."""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass

from indexes.rules.examples import cue_words

_NUM = r"\d{1,3}(?:[.,]\d{3})+(?!\d)|\d+(?:[.,]\d+)?"
_WORD_NUMBERS = {
    "một": "1", "hai": "2", "ba": "3", "bốn": "4", "sáu": "6", "bảy": "7", "tám": "8", "chín": "9", "mười": "10",
    "nửa": "0.5", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "twelve": "12",
}  # fmt: skip
_UNITS = {
    "ngày làm việc": "working_day", "ngày công": "working_day", "ngày": "day", "giờ": "hour", "phút": "minute",
    "tuần": "week", "tháng": "month", "quý": "quarter", "năm": "year", "working days": "working_day",
    "working day": "working_day", "days": "day", "day": "day", "hours": "hour", "hour": "hour",
    "minutes": "minute", "weeks": "week", "week": "week", "months": "month", "month": "month", "years": "year",
    "year": "year",
}  # fmt: skip
_COUNTS = {"lần": "times", "người": "person", "chuyến": "trip", "lượt": "trip", "times": "times"}
_PERIODS = {
    "ngày": "day", "tuần": "week", "tháng": "month", "quý": "quarter", "năm": "year", "đêm": "night",
    "lượt": "trip", "chuyến": "trip", "người": "person", "km": "km", "day": "day", "week": "week",
    "month": "month", "year": "year", "night": "night", "trip": "trip", "person": "person",
}  # fmt: skip


def _alternatives(words) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_B, _E = r"(?<![\w/.,])", r"(?![\w/])"  # a number not glued to a date (01/01) or to a word
_H = r"(?P<h>[01]?\d|2[0-4])"
_AFTER_TIME_WORD = (
    "(?:" + "|".join(rf"(?<=\b{w} )" for w in ("từ", "đến", "lúc", "trước", "sau", "from", "at")) + ")"
)
_COUNT = (
    rf"(?:(?P<n>{_NUM})(?:\s*(?:-|–|đến|tới|to)\s*(?P<n2>{_NUM}))?|(?P<w>{_alternatives(_WORD_NUMBERS)}))"
)
# (kind, pattern); on overlaps the earlier pattern wins, so clock times come before durations ("8 giờ 30").
_QUANTITY_RES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("time", re.compile(rf"{_B}{_H}\s*(?:h|giờ|:)\s*(?P<m>[0-5]\d)(?:\s*phút)?{_E}", re.I)),
    ("time", re.compile(rf"{_B}{_H}\s*h{_E}", re.I)),
    ("time", re.compile(rf"{_AFTER_TIME_WORD}{_H}\s*giờ(?!\s*/)", re.I)),
    ("time", re.compile(rf"{_B}{_H}\s*giờ(?=\s+(?:sáng|chiều|tối))", re.I)),
    (
        "amount",
        re.compile(rf"{_B}(?P<n>{_NUM})\s*(?P<mult>triệu|tỷ|nghìn|ngàn)(?:\s*(?:đồng|VNĐ|VND))?(?!\w)", re.I),
    ),
    ("amount", re.compile(rf"{_B}(?P<n>{_NUM})\s*(?P<cur>đồng|VNĐ|VND|đ|USD|US\$|\$)(?!\w)", re.I)),
    ("amount", re.compile(rf"(?P<cur>USD|\$)\s?(?P<n>{_NUM}){_E}")),
    ("rate", re.compile(rf"{_B}(?P<n>{_NUM})\s*%")),
    ("distance", re.compile(rf"{_B}{_COUNT}\s*km(?!\w)", re.I)),
    ("count", re.compile(rf"{_B}{_COUNT}\s*(?P<u>{_alternatives(_COUNTS)})(?!\w)", re.I)),
    (
        "duration",
        re.compile(
            rf"{_B}{_COUNT}\s+(?:(?:full|consecutive|extra|additional|more|usable)\s+)?(?P<u>{_alternatives(_UNITS)})(?!\w)",
            re.I,
        ),
    ),
)
_PERIOD_AFTER = re.compile(  # used with .match(text, pos): anchored at pos without copying the rest
    rf"(?:\s*trở lên|\s*or more)?(?:(?P<chain>(?:\s*/\s*(?:{_alternatives(_PERIODS)}))+)|\s+(?:mỗi|một|hằng|hàng|"
    rf"trên|per|a|an|each|every|trong(?:\s+(?:một|01|1))?|in\s+(?:a|one))\s+(?P<word>{_alternatives(_PERIODS)})\b)",
    re.I,
)
_PERIOD_SENTENCE = re.compile(
    r"(?<!nghỉ )(?:mỗi|hằng|hàng) (ngày|tuần|tháng|năm)\b|\btrong (năm|tháng)\b|\b(?:per|a|each) (day|week|month|year)\b",
    re.I,
)
_UNPAID = re.compile(
    r"không (?:được )?hưởng (?:nguyên )?lương|không (?:được )?trả lương|\bunpaid\b|not paid", re.I
)
_PAID = re.compile(
    r"hưởng (?:nguyên )?lương|được trả lương|có lương|\bpaid\b|full (?:contract )?(?:pay|salary)", re.I
)
_CONDITION = re.compile(
    r"(?<!\w)(trong trường hợp|trường hợp|nếu|khi|sau khi|trước khi|trong thời gian|(?:chưa |từ |cứ )?đủ(?= \d| điều kiện)|if|when|"
    r"unless|during|provided that|with (?:fewer|less) than|who (?:has|have))(?!\w)",
    re.I,
)
_APPLIES = re.compile(
    r"(?<!\w)(đối với|áp dụng (?:đối với|cho)|dành cho|applies to|apply to|for)\s+(?!(?:every|each|the|a|an|this|that|these|those|up|at|\d)\b)",
    re.I,
)
_PHRASE_STOP = re.compile(r"\s(?:thì|then|được|bằng|là|is|are|receives?|may|must|shall)\s", re.I)
_LABEL = re.compile(r"^([^:;.]{2,60}?):\s+\S")
_PRORATA = re.compile(r"[:/÷]\s*12\b|chia 12|theo tỷ lệ|tương ứng với số tháng|in proportion|pro rata", re.I)


@dataclass(frozen=True)
class Quantity:
    kind: str  # duration | amount | rate | count | distance | time
    text: str  # verbatim
    value: str  # normalised: "12", "3000000", "08:30", "3-4"
    unit: str  # day, working_day, hour, month, ..., VND, USD, %, km, times, person, time
    start: int  # offsets into the sentence it was found in
    end: int
    period: str | None = None  # "ngày/năm" -> year


def _number(text: str) -> str:
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", text):
        value = float(re.sub(r"[.,]", "", text))
    else:
        value = float(text.replace(",", "."))
    return str(int(value)) if value == int(value) else f"{value:g}"


def _value(match: re.Match[str], kind: str) -> tuple[str, str]:
    """(normalised value, unit) of one quantity match."""
    groups = match.groupdict()
    if kind == "time":
        return f"{int(groups['h']):02d}:{groups.get('m') or '00'}", "time"
    if kind == "amount":
        factor = {"triệu": 10**6, "tỷ": 10**9, "nghìn": 10**3, "ngàn": 10**3}.get(
            (groups.get("mult") or "").lower(), 1
        )
        currency = "USD" if re.search(r"usd|\$", groups.get("cur") or "", re.I) else "VND"
        return _number(str(float(_number(groups["n"])) * factor)), currency
    if kind == "rate":
        return _number(groups["n"]), "%"
    if groups.get("w"):
        number = _WORD_NUMBERS[groups["w"].lower()]
    else:
        number = _number(groups["n"]) + (f"-{_number(groups['n2'])}" if groups.get("n2") else "")
    if kind == "distance":
        return number, "km"
    return number, (_COUNTS if kind == "count" else _UNITS)[groups["u"].lower()]


def find_quantities(sentence: str) -> list[Quantity]:
    """Quantities of a sentence in reading order; "trong 01 tháng" after a quantity is its period, not another.
    Linear in the sentence's length (found spans are kept sorted and searched by bisection); a sentence is
    read once however many steps ask (a small cache)."""
    return list(_quantities(sentence))


@functools.lru_cache(maxsize=512)
def _quantities(sentence: str) -> tuple[Quantity, ...]:
    found: list[Quantity] = []
    starts: list[int] = []  # sorted starts of ``taken`` (disjoint spans)
    taken: dict[int, int] = {}  # start -> end of the spans found so far
    in_period: set[int] = set()  # positions inside "trong 01 tháng"-like periods that follow a quantity
    for kind, pattern in _QUANTITY_RES:
        for match in pattern.finditer(sentence):
            start, end = match.span()
            before = bisect.bisect_left(starts, end) - 1  # the last found span starting before this one ends
            if before >= 0 and taken[starts[before]] > start:
                continue
            after = _PERIOD_AFTER.match(sentence, end)
            word = after and (after.group("word") or after.group("chain").split("/")[-1])
            period = _PERIODS.get(word.strip().lower()) if word else None
            if after:
                in_period.update(range(end, after.end()))
            bisect.insort(starts, start)
            taken[start] = end
            found.append(Quantity(kind, sentence[start:end], *_value(match, kind), start, end, period))
    kept = [q for q in found if q.start not in in_period]
    return tuple(sorted(kept, key=lambda q: q.start))


_SEGMENT_END = re.compile(r"[,;:.]")


def _phrase(sentence: str, start: int, body: int, stops: tuple[int, ...] = (), commas: bool = True) -> str:
    """The phrase a marker at ``start`` opens (its words begin at ``body``).

    It runs to 'thì'/'then' or a verb, else to the clause end or the closing parenthesis; a comma ends it
    before a long segment (the main clause), not inside a short list ("ông nội, bà nội, ...").
    """
    end_of_clause = re.search(r"[;:|]|(?<![a-z]\.[a-z])\.(?!\d|[a-z]\.)", sentence[body:])  # not in "e.g."
    clause_end = body + end_of_clause.start() if end_of_clause else len(sentence)
    limit = min([clause_end, *(s for s in stops if s > body)])
    first_word = re.compile(r"\s*\S+").match(sentence, body, limit)  # the phrase keeps at least one word
    stop = _PHRASE_STOP.search(sentence, first_word.end() if first_word else limit, limit)
    limit = stop.start() if stop else limit
    if stop and stop.group(0).strip().lower() in ("thì", "then"):
        return sentence[start:limit].strip()[:200]
    depth, i = 0, body
    while i < limit:
        depth += {"(": 1, ")": -1}.get(sentence[i], 0)
        if depth < 0:  # the marker was inside parentheses: they close the phrase
            break
        at_comma = commas and sentence[i] == "," and depth == 0 and not sentence[i + 1 : i + 2].isdigit()
        if at_comma:
            segment_end = _SEGMENT_END.search(sentence, i + 1, clause_end)
            if len(sentence[i + 1 : segment_end.start() if segment_end else clause_end].split()) >= 4:
                break
        i += 1
    return sentence[start:i].strip()[:200]


_PREFERRED = {
    "ExpenseNorm": ("amount", "rate", "distance", "count", "duration", "time"),
    "LoanRule": ("amount", "rate", "duration", "count", "time"),
    "BenefitRule": ("amount", "duration", "rate", "count", "time"),
    "WorkingTimeRule": ("time", "duration", "rate", "count", "amount"),
}
_DEFAULT_ORDER = ("duration", "rate", "count", "amount", "distance", "time")


def rule_attributes(rule_class: str, rule_type: str, sentence: str, lead_in: str = "") -> dict[str, str]:
    """Attributes of a rule sentence: its main quantity, period, condition, applies_to, pay, method."""
    quantities = find_quantities(sentence)
    condition_text = ""
    if marker := _CONDITION.search(sentence):
        condition_text = _phrase(sentence, marker.start(), marker.end())
    elif (label := _LABEL.match(sentence)) and _is_label(label.group(1)):
        condition_text = label.group(1).strip()
    cond_start = sentence.find(condition_text) if condition_text else -1
    outside = [q for q in quantities if not (cond_start <= q.start < cond_start + len(condition_text))]
    order = _PREFERRED.get(rule_class, _DEFAULT_ORDER)
    primary = min(
        outside or quantities, key=lambda q: (order.index(q.kind) if q.kind in order else 9, q.start)
    )

    attrs = {"rule_type": rule_type, "quantity": primary.text}
    times = [q for q in quantities if q.kind == "time"]
    if len(times) >= 2 and re.fullmatch(
        r"\s*(?:-|–|đến|tới|to)\s*", sentence[times[0].end : times[1].start], re.I
    ):
        attrs |= {"start_time": times[0].value, "end_time": times[1].value}
    elif times:
        attrs["time"] = times[0].value
    for q in [primary, *quantities]:
        if q.kind != "time" and q.kind not in attrs:
            attrs[q.kind] = q.value
            if q is not primary and q.kind != "rate":
                attrs[f"{q.kind}_unit"] = q.unit
    attrs["unit"] = primary.unit
    in_sentence = _PERIOD_SENTENCE.search(sentence)
    period = primary.period or next((q.period for q in quantities if q.period), None)
    if period or in_sentence:
        attrs["period"] = period or _PERIODS[next(g for g in in_sentence.groups() if g).lower()]
    if condition_text:
        attrs["condition"] = condition_text
    if applies := _APPLIES.search(sentence):
        stops = tuple(  # a quantity right after a list separator (a window: no copy of the whole prefix)
            q.start
            for q in quantities
            if re.search(r"(?:,|;|\bvà|\band)\s*$", sentence[max(0, q.start - 40) : q.start])
        )
        phrase = _phrase(sentence, applies.end(), applies.end(), stops, commas=applies.start() < 3)
        if phrase := re.sub(r"\s+(?:và|hoặc|and|or)$", "", phrase):
            attrs["applies_to"] = phrase
    if rule_class in ("LeaveRule", "BenefitRule"):
        for text in (sentence, lead_in):
            if status := ("unpaid" if _UNPAID.search(text) else "paid" if _PAID.search(text) else None):
                attrs["pay_status"] = status
                break
    if method := _calculation_method(rule_class, sentence, attrs):
        attrs["calculation_method"] = method
    return attrs


def _is_label(text: str) -> bool:
    """'Kết hôn: nghỉ 03 ngày' - a short situation before a colon, not a list intro or an example opener."""
    words = cue_words(text)
    return (
        len(text.split()) <= 6
        and not find_quantities(text)
        and not is_example(text)
        and not re.search(r" (?:gom|sau|include|includes|following) $", words)
    )


def _calculation_method(rule_class: str, sentence: str, attrs: dict[str, str]) -> str | None:
    words = cue_words(sentence)
    accrues = any(f" {w} " in words for w in ("tich luy", "cong don", "accrue", "accrues", "accrual"))
    if rule_class == "LeaveRule" and attrs.get("period") == "month" and accrues:
        return "accrual_per_month"
    if _PRORATA.search(sentence):
        return "proportional_to_months_worked"
    if re.search(r" (?:cu du|moi|every|every full) \d+ (?:nam|years) | tham nien | seniority ", words):
        return "seniority_step"
    if "rate" in attrs and any(f" {w} " in words for w in ("luong", "salary", "wage", "wages")):
        return "percent_of_salary"
    return None


def is_example(text: str) -> bool:
    """Does the text open a worked example ("Ví dụ:", "For example", "e.g.")?"""
    head = " ".join(cue_words(text[:120]).split()[:2])  # the first words decide: never fold a whole line
    return head.startswith(("vi du", "example", "for example", "e g", "worked example"))
