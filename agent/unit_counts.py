"""A count of units a question asks the price of: "2 more sets of uniform, how much?", "Did 20 ca 3 night shifts …
how much night-shift allowance in total?", "120 km each way … for the round trip" (240 km). The unit-rate
calculator (``tools.unit_amount``) multiplies it by the rate the evidence states per unit."""

from __future__ import annotations

import re

from agent.question import ENGLISH_COUNTS, monthly_salary
from indexes.text import fold, nfc
from tools.daily_pay import MAX_DAYS
from tools.unit_amount import MAX_COUNT, UNITS, per_unit_of, unit_of

# counts in words (``agent.question``'s English ones); of the Vietnamese ones only those whose folded form is no other
# common word ("sáu ca" folds to "sau ca", after the shift; "năm", "tám", "bảy" to a year, "tạm", "bay")
_NUMBER_WORDS = ENGLISH_COUNTS | {"mot": 1, "hai": 2}
_UNIT_WORDS = "|".join(
    sorted({w for words in UNITS.values() for w in words} | set(map(fold, UNITS)), key=len)[::-1]
)
# words a count may count instead of the unit (plural: "12 night shifts" are shifts), "of" ("5 days of meals" counts
# days), "after" and "before" ("2 tiếng sau ca" is after the shift): no modifier of the unit
_OTHER_COUNTED = (
    r"(?:days|nights|weeks|months|years|hours|people|persons|times|of|ngay|dem|tuan|thang|nam|gio|nguoi"
    r"|lan|cua|tieng|phut|minutes|sau|truoc|after|before)"
)
# "2 sets", "20 ca", "12 night shifts", "2 extra uniform sets" (up to two words between the count and its unit)
_COUNT = re.compile(
    rf"(?<![\d.,/])(\d{{1,4}}(?:[.,]\d)?|{'|'.join(_NUMBER_WORDS)})\s+"
    rf"(?:(?:more|extra|additional|them|nua|bo sung)\s+)?(?:(?!{_OTHER_COUNTED}\b)[a-z-]+\s+){{0,2}}?({_UNIT_WORDS})\b"
)
# how much money is asked, folded ("how much", "bao nhiêu tiền", "in total", "cost")
_AMOUNT_ASKED = re.compile(
    r"\b(?:how much|in total|total|cost|bao nhieu tien|tong (?:cong|so tien|tien)|het bao nhieu|mat bao nhieu"
    r"|duoc bao nhieu|tra bao nhieu|bao nhieu|spend|chi toi da)\b"
    r"|\bmax(?:imum)?\b(?=.*\b(?:pays?|claim)\b)"  # "what's the max the company pays?"
)
# a distance given one way for a trip there and back: counted twice. "each way" ("mỗi chiều") itself says the trip
# goes both ways; "one way" ("một chiều") only with a word for the return
_EACH_WAY = re.compile(r"\b(?:each way|per way|moi chieu)\b")
_ONE_WAY = re.compile(r"\b(?:each way|one way|mot chieu|moi chieu)\b")
_BOTH_WAYS = re.compile(
    r"\b(?:round[ -]trip|there and back|and back|to and from|return trip|return journey|both ways|both directions"
    r"|khu hoi|ca di (?:va|lan) ve|ca di ve|di va ve|ca hai chieu|hai chieu)\b"
)


# the second unit of a rate per head ("đồng/người/buổi", "per person per day"), as a question counts it: "2 sessions",
# "3 ngày", "2 nights"; a full day is a morning and an afternoon session, half a day or one morning is one
_PER_COUNT = re.compile(
    rf"(?<![\d.,/])(\d{{1,3}}|{'|'.join(_NUMBER_WORDS)})[\s-]+(?:[a-z-]+\s+){{0,2}}?"
    r"(sessions?|buoi|days?|ngay|nights?|dem)\b(?!\s*(?:/|\d))"
)
_FULL_DAY = re.compile(
    r"\b(?:full[ -]day|whole day|all day|morning and afternoon|sang va chieu|sang chieu|ca ngay|tron ngay)\b"
)
_HALF_DAY = re.compile(
    r"\b(?:half[ -]day|nua ngay|(?:one|a|single) (?:morning|afternoon)|(?:morning|afternoon) session"
    r"|mot buoi|buoi (?:sang|chieu))\b"
)


def per_counts(question: str) -> dict[str, float]:
    """The sessions, days or nights a question counts besides its heads ("120 people, full day (morning and
    afternoon)": 2 sessions, 1 day), for a rate stated per person per session or per day."""
    folded = " ".join(fold(nfc(question)).split())
    out: dict[str, float] = {}
    for m in _PER_COUNT.finditer(folded):
        unit = per_unit_of(m.group(2).rstrip("s"))
        if unit and unit not in out:
            out[unit] = float(_NUMBER_WORDS.get(m.group(1)) or m.group(1))
    if _FULL_DAY.search(folded):
        out.setdefault("buổi", 2.0)
        out.setdefault("ngày", 1.0)
    elif _HALF_DAY.search(folded):
        out.setdefault("buổi", 1.0)
    return {u: n for u, n in out.items() if 0 < n <= MAX_COUNT}


def unit_count(question: str) -> dict | None:
    """The count and unit of a question asking an amount of money for so many units (``calculate_unit_amount``'s
    count and unit, and the sessions or days counted besides heads), or None: no amount asked, no unit counted,
    or two different units counted."""
    folded = " ".join(fold(nfc(question)).split())
    if not _AMOUNT_ASKED.search(folded):
        return None
    found = [(m.group(1), unit_of(m.group(2))) for m in _COUNT.finditer(folded)]
    found = [(n, u) for n, u in found if u is not None]
    if not found or len({u for _, u in found}) > 1:
        return None
    raw, unit = found[0]
    count = float(_NUMBER_WORDS.get(raw) or raw.replace(",", "."))
    if unit == "km" and (_EACH_WAY.search(folded) or (_ONE_WAY.search(folded) and _BOTH_WAYS.search(folded))):
        count *= 2
    if not 0 < count <= MAX_COUNT:
        return None
    seconds = per_counts(question) if unit == "người" else {}
    return {"count": count, "unit": unit, **({"per_counts": seconds} if seconds else {})}


# "4 days of annual leave", "5 ngày phép", "3 ngày phép còn lại", "2 unpaid days" (up to three words between)
_DAYS = re.compile(
    rf"(?<![\d.,/])(\d{{1,3}}(?:[.,]5)?|{'|'.join(_NUMBER_WORDS)})\s+(?:[a-z-]+\s+){{0,3}}?(?:days?|ngay)\b"
    r"(?!\s*(?:/|\d))"
)
# what other calculators count days of: a trip (per diem, hotel nights), hours of overtime, a leave accrual; and days
# a carry-over rule splits ("paid for the days I'm not allowed to carry over": not the days stated)
_OTHER_DAYS = re.compile(
    r"\b(?:cong tac|chuyen di|trip|travel\w*|per diem|luu tru|hotel|khach san|overtime|ot|lam them|tang ca"
    r"|gio|tieng|hours?|hrs?|thu viec|probation|accru\w*|tich luy|carr(?:y|ied|ies) (?:\w+ )?over|roll(?:ed)? over"
    r"|chuyen sang|mang sang|bao luu|don phep|cong don)\b"
)


def day_pay_args(question: str) -> dict | None:
    """The month's salary and the count of days a question asks the money for ("leaving with 4 days of leave
    untaken, salary 7.8 mil: how much will they pay me"; ``calculate_daily_pay``'s monthly_wage and days), or None:
    no amount asked, no salary, no count or two different ones, or days another calculator counts (a trip's,
    overtime's, a leave accrual's)."""
    folded = " ".join(fold(nfc(question)).split())
    if not _AMOUNT_ASKED.search(folded) or _OTHER_DAYS.search(folded):
        return None
    salary = monthly_salary(folded)
    counts = {
        float(_NUMBER_WORDS.get(m.group(1)) or m.group(1).replace(",", ".")) for m in _DAYS.finditer(folded)
    }
    if not salary or len(counts) != 1:
        return None
    days = counts.pop()
    return {"monthly_wage": str(salary), "days": days} if 0 < days <= MAX_DAYS else None
