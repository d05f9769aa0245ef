"""Reading a question the way the offline planner needs: its intent and the dates it mentions."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.language import language_of
from indexes.ranges import stated_quantities
from indexes.search.query_terms import parse_refs
from indexes.text import canonical_hr_english, fold, nfc
from tools.date_inputs import written_out_months
from tools.overtime_inputs import MONEY_RE, OvertimeDayInputs, parse_days, parse_inputs, parse_money
from tools.personal_leave import asked_relation, event_of
from tools.trip_norms import MEALS, OTHER_TRIP, in_vietnam, is_country, meals_named
from tools.trip_support import COMPANY_TRIP

# Cue words (folded). A month mention takes the role of the cue in its clause.
START_CUES = (
    "thu viec",
    "vao lam",
    "bat dau",
    "vao cong ty",
    "nhan viec",
    "join",
    "start",
    "probation",
    "hired",
    "began",
    "first day",
    "employed",
)
CONFIRM_CUES = (
    "chinh thuc",
    "ky hop dong",
    "ky hdld",
    "confirm",
    "official",
    "permanent",
    "het thu viec",
    "passed probation",
    "passed my probation",
    "completed my probation",
    "finished my probation",
    "signed",
)
END_CUES = (
    "nghi viec",
    "thoi viec",
    "nghi han",
    "ngay lam cuoi",
    "ngay lam viec cuoi",
    "quit",
    "resign",
    "left the company",
    "leave the company",
    "leaving the company",
    "last day",
    "last working day",
)
# the paid days off a year in everyday English too: "annual holiday", "holiday days", "vacation days"
_EVERYDAY_ANNUAL_LEAVE = (
    "annual holiday",
    "holiday entitlement",
    "holiday days",
    "days of holiday",
    "vacation day",
    "vacation days",
)
# "public holiday days" are the holidays, not annual leave
_PUBLIC_HOLIDAYS = re.compile(r"\b(?:public|national|bank|tet) holidays?(?: days?)?\b")
LEAVE_CUES = (
    "phep",
    "nghi hang nam",
    "nghi nam",
    "annual leave",
    "leave day",
    "days off",
    "days of leave",
    "leave",
    *_EVERYDAY_ANNUAL_LEAVE,
)
ENTITLEMENT_CUES = (
    "phep",
    "nghi hang nam",
    "nghi nam",
    "annual leave",
    "leave day",
    "days of leave",
    "days off",
    *_EVERYDAY_ANNUAL_LEAVE,
)
QUANTITY_CUES = (
    "bao nhieu",
    "may ngay",
    "may gio",
    "toi da",
    "toi thieu",
    "muc ",
    "dinh muc",
    "how many",
    "how much",
    "maximum",
    "minimum",
    "limit",
    "lai suat",
    "bao lau",
    "how long",
    "ho tro",
    "duoc vay",
    "duoc nghi",
)
# "what time" asks for a clock time; "what time off", "what time limit", "what timeline" do not
WHAT_TIME = r"\bwhat time\b(?!\s*(?:off|limits?|frames?|periods?|line))"
# English ways to ask for an upper bound, read as written (folded, "phụ cấp ổn định" would read "cap on"): "the most
# I can claim", "at most", "the max", "a cap on", "a ceiling"; not "the most important rule"
_MOST_ASKED = re.compile(
    r"\b(?:the most (?:i|you|we|one|they|an? \w+) (?:can|could|may|am|is|are|will)|at most|max|cap(?:ped)? on|ceiling)\b"
    # what "mấy giờ" and "bao nhiêu phần trăm" ask in English (not "what time off", "what time limit")
    rf"|{WHAT_TIME}|\bwhat percent(?:age)?\b"
)
HEAVY_CUES = {
    "dac biet nang nhoc": "especially_heavy",
    "especially heavy": "especially_heavy",
    "nang nhoc": "heavy",
    "doc hai": "heavy",
    "heavy": "heavy",
    "hazardous": "heavy",
}
# a dash before words ends a clause too ("starts on 1 Oct 2026 - what's the last day …"), not one in a range of dates
# ("1/3/2026 - 30/4/2026")
_CLAUSE_SPLIT_RE = re.compile(
    r",|;|\s[-–—]\s(?!\d)|\bthi\b|\bnhung\b|\bneu\b|\bif\b|\band\b|\bthen\b|\bva\b|\bcon\b"
)
_MONTH_NAME = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
_DATE_RE = re.compile(
    r"\b\d{4}-\d{1,2}(?:-\d{1,2})?\b|\b\d{1,2}/\d{1,2}(?:/\d{4})?\b"
    r"|\b\d{1,2}\s+thang\s+\d{1,2}(?:\s*(?:nam|/)\s*\d{4})?\b"  # "16 tháng 11 năm 2026"
    r"|\bthang\s*\d{1,2}(?:\s*/\s*\d{4})?\b"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_NAME}(?:,?\s+\d{{4}})?\b"  # "1 October 2026"
    rf"|\b{_MONTH_NAME}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?\b"  # "October 1, 2026"
    rf"|\b{_MONTH_NAME}(?:\s+\d{{4}})?\b"
)
_DAYS_TAKEN_RE = re.compile(
    r"(?:da nghi|nghi roi|da dung|da su dung|dung het|already taken|taken|took|used)\s*(\d+(?:[.,]\d+)?)\s*(?:ngay|days?)"
)
_YEARS_RE = re.compile(r"(\d{1,2})\s*(?:nam|years?)\s*(?:lam viec|tham nien|of service|service)")
# Years of work stated without dates ("đã làm ở công ty được 11 năm", "worked here for 6 years") (folded).
# counts in words (folded): "six years now", "seven years in", "hai tháng"
ENGLISH_COUNTS = {
    w: i for i, w in enumerate("one two three four five six seven eight nine ten eleven twelve".split(), 1)
} | {"fifteen": 15, "twenty": 20}
_NUMBER_WORDS = ENGLISH_COUNTS | {"mot": 1, "hai": 2, "ba": 3, "bon": 4}
# years served, counted in English words only: "một năm" is also "a year" ("mấy ngày một năm")
_SERVICE_RE = re.compile(
    r"(?<![-\w])(\d{1,2}|" + "|".join(ENGLISH_COUNTS) + r")\s*(?:full\s+|whole\s+)?(?:nam|years?)\b"
)
_SERVICE_CUES = (
    "lam",
    "work",
    "been with",
    "been here",
    "here for",
    "years in",
    "years now",
    "cong ty",
    "tham nien",
    "service",
    "employed",
    "roi",
    "duoc",
)


@dataclass
class LeaveArgs:
    probation_start: str | None = None
    confirmation_date: str | None = None
    as_of: str | None = None
    end_date: str | None = None
    days_taken: float = 0.0
    years_of_service: int | None = None
    work_conditions: str = "normal"

    def to_args(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v not in (None, 0.0, "normal")}


@dataclass
class Question:
    text: str
    # "leave_calculation" | "probation_end" | "probation_pay" | "overtime_pay" | "night_work_pay" | "training_repayment" |
    # "loan_limit" | "advance" | "loan_eligibility" |
    # "personal_leave" | "thirteenth_month" |
    # "notice_end" |
    # "carry_over" | "trip_allowance" | "loan_repayment" | "trip_support" | "article" | "title" | "quantity" |
    # "search"
    intent: str
    leave: LeaveArgs = field(default_factory=LeaveArgs)
    dates_found: int = 0
    probation: dict = field(default_factory=dict)  # calculate_probation_end's arguments, for "probation_end"
    overtime: dict = field(default_factory=dict)  # calculate_overtime_pay's arguments, for "overtime_pay"
    night: dict = field(default_factory=dict)  # calculate_night_work_pay's arguments, for "night_work_pay"
    training: dict = field(default_factory=dict)  # calculate_training_repayment's, for "training_repayment"
    limit: dict = field(default_factory=dict)  # calculate_loan_limit's arguments, for "loan_limit"
    advance: dict = field(default_factory=dict)  # calculate_advance's arguments, for "advance"
    eligibility: dict = field(default_factory=dict)  # calculate_loan_eligibility's, for "loan_eligibility"
    personal: dict = field(default_factory=dict)  # calculate_personal_leave's arguments, for "personal_leave"
    bonus: dict = field(default_factory=dict)  # calculate_thirteenth_month's, for "thirteenth_month"
    probation_pay: dict = field(default_factory=dict)  # calculate_probation_pay's, for "probation_pay"
    notice: dict = field(default_factory=dict)  # calculate_notice_end's arguments, for "notice_end"
    loan: dict = field(default_factory=dict)  # calculate_loan_repayment's arguments, for "loan_repayment"
    carry: dict = field(default_factory=dict)  # calculate_carry_over's arguments, for "carry_over"
    trip: dict = field(default_factory=dict)  # calculate_trip_allowance's arguments, for "trip_allowance"
    support: dict = field(default_factory=dict)  # calculate_trip_support's arguments, for "trip_support"


# A question about when probation ends, or whether it has (folded): "hết thử việc", "thử việc kết thúc ngày nào",
# "thử việc đến ngày nào", "when does my probation end", "last day of probation", "am I still on probation".
_PROBATION_END_RE = re.compile(
    r"\b(?:het|ket thuc|xong|man|het han|het thoi gian|ket thuc thoi gian)\s+(?:dot\s+|giai doan\s+)?thu viec\b"
    r"|\bthu viec\s+(?:cua\s+\w+\s+)?(?:se\s+|duoc\s+)?(?:ket thuc|het|xong|den ngay|den bao gio|den khi nao"
    r"|keo dai den|toi ngay|toi bao gio|toi khi nao)\b"
    r"|\bngay (?:cuoi cung|cuoi|ket thuc) (?:cua )?(?:thoi gian |dot |giai doan )?thu viec\b"
    r"|\bprobation(?:ary)?(?:\s+period)?\s+(?:\w+\s+){0,2}(?:end|ends|ended|over|finish|finishes|finished|run out)\b"
    r"|\b(?:end|last day|finish|completion)\s+of\s+(?:[\w-]+\s+){0,3}probation"
    r"|\b(?:finish|finishing|complete|completing|pass|passing)\s+(?:my\s+|the\s+|our\s+)?probation"
    r"|\bstill (?:on|in) (?:my\s+|the\s+)?probation|\b(?:off|out of|past) (?:my\s+|the\s+)?probation"
    # "how long is the probation and when does it end?"
    r"|\bprobation\b[^.?!;]{0,40}\bwhen (?:does|will|would|did) (?:it|that|this) (?:end|finish|be over)\b"
)
_UNIT = r"(ngay lam viec|ngay|tuan|thang|working days?|business days?|calendar days?|days?|weeks?|months?)\b"
_COUNT = r"(\d{1,3}|" + "|".join(_NUMBER_WORDS) + r")"
# The length the question states: "thử việc 6 ngày làm việc", "my probation is two months", "a 60-day probation"
_STATED_LENGTH_RES = (
    re.compile(rf"(?:thu viec|probation)[^\d.?!;]{{0,30}}?(?<![\d/])\b{_COUNT}[\s-]*{_UNIT}(?!\s*/)"),
    re.compile(rf"(?<![\d/])\b{_COUNT}[\s-]*{_UNIT}(?!\s*/)[^.?!;]{{0,15}}?(?:thu viec|probation)"),
)


def asks_probation_end(text: str) -> bool:
    """Whether a question asks when probation ends or whether it has ended."""
    return bool(_PROBATION_END_RE.search(" ".join(fold(text).split())))


def stated_probation_length(folded: str) -> tuple[int, str] | None:
    """The probation length a question states, as (number, unit) in calculate_probation_end's units."""
    for pattern in _STATED_LENGTH_RES:
        if m := pattern.search(folded):
            count = int(m.group(1)) if m.group(1).isdigit() else _NUMBER_WORDS[m.group(1)]
            word = m.group(2)
            unit = (
                "working_days"
                if word.startswith(("ngay lam viec", "working", "business"))
                else "weeks"
                if word.startswith(("tuan", "week"))
                else "months"
                if word.startswith(("thang", "month"))
                else "days"
            )
            return count, unit
    return None


def probation_args(folded: str, leave: LeaveArgs, found: int) -> dict:
    """calculate_probation_end's arguments: the start (the date the question gives the start of work or
    probation, or its only date, whatever role the leave reading gave it), a date to judge by, a stated length."""
    dates = [leave.probation_start, leave.confirmation_date, leave.as_of, leave.end_date]
    start = leave.probation_start or (next(d for d in dates if d) if found == 1 else None)
    args: dict = {"probation_start": start} if start else {}
    # asked when probation ends, another date is the day to judge by ("đến ngày 15/10 đã hết thử việc chưa")
    as_of = leave.as_of or leave.confirmation_date or leave.end_date
    if leave.probation_start and as_of:
        args["as_of"] = as_of
    if stated := stated_probation_length(folded):
        args["duration"], args["duration_unit"] = stated
    return args


# A question about a whole year's leave ("năm nay được mấy ngày phép", "for 2026 in total"), not about the days
# usable today ("hôm nay còn bao nhiêu ngày", "how many can I use now") (folded).
_YEAR_TOTAL_RE = re.compile(
    r"\b(?:ca nam|tong cong|tong so|in total|whole year|full year|for the year|for \d{4}"
    r"|(?:nam nay|nam \d{4})\s+(?:\w+\s+){0,2}duoc"  # "năm nay (tôi) được", not "vào làm năm nay"
    r"|(?:get|have|earn|entitled to)\s+(?:\w+\s+){0,3}(?:this year|in \d{4}))\b"
)
_SO_FAR_RE = re.compile(
    r"\b(?:hom nay|hien tai|hien gio|bay gio|den nay|tinh den|con lai|con bao nhieu|duoc dung|su dung duoc|"
    r"today|now|so far|currently|left|remaining|can i use|can use|usable)\b"
)


def asks_year_total(text: str) -> bool:
    """Whether a leave question asks for the year's whole entitlement rather than the days usable so far."""
    folded = " ".join(fold(text).split())
    return bool(_YEAR_TOTAL_RE.search(folded)) and not _SO_FAR_RE.search(folded)


def _has(text: str, cues: tuple[str, ...]) -> bool:
    return any(c in text for c in cues)


# "tôi làm lễ tân từ ngày 15/4/2015", "làm việc ở đây từ tháng 3/2019", "worked here since March 2013": the work
# the asker does, from a date: when their service started; not overtime, a form, leave or work from home ("làm thêm
# từ ngày …", "làm đơn … từ ngày …", "nghỉ làm từ …", "làm việc tại nhà từ …", "no leave since March")
_WORKS_FROM_RE = re.compile(
    r"(?<!nghi )\blam\b(?! them| don| ca\b| tai nha| o nha| viec tai nha| viec o nha)"
    r"[^,;.?]*\btu (?:ngay |thang |nam )?\d"
    r"|\b(?:been|worked|working|employed|here|joined)\b[^,;.?]*\bsince\b"
)


# "Boiler operator since Feb 2019": since a date, in a clause about no absence ("no leave since March")
_SINCE_RE = re.compile(
    rf"\bsince\s+(?:\d|{_MONTH_NAME}|(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b)"
)
_ABSENCE_RE = re.compile(r"\b(?:leave|off|taken|took|absent|sick|holidays?|vacation|nghi)\b")


def _starts(clause: str) -> bool:
    """Whether a clause (folded) says when the asker's service started."""
    return (
        _has(clause, START_CUES)
        or bool(_WORKS_FROM_RE.search(clause))
        or bool(_SINCE_RE.search(clause) and not _ABSENCE_RE.search(clause))
    )


_START_YEAR_RE = re.compile(r"(?<![\d/.-])\b((?:19|20)\d{2})\b(?![/.-]\d)")


def extract_leave_args(folded: str) -> tuple[LeaveArgs, int]:
    """Assign each date mention a role from the cue words in its clause."""
    args = LeaveArgs()
    found = 0
    for clause in _CLAUSE_SPLIT_RE.split(folded):
        for match in _DATE_RE.finditer(clause):
            found += 1
            value = match.group(0).replace("thang", "tháng")
            confirms = _has(clause, CONFIRM_CUES) or (
                re.search(r"\b(?:probation|trial)\b", clause)
                and re.search(r"\bpass(?:ed)?\b", clause)  # "passed my 60-day probation"
            )
            if confirms and not args.confirmation_date:
                args.confirmation_date = value
            elif _has(clause, END_CUES) and not args.end_date:
                args.end_date = value
            elif _starts(clause) and not args.probation_start:
                args.probation_start = value
            elif not args.as_of:
                args.as_of = value
    if (
        not args.probation_start
    ):  # "vào làm từ năm 2022", "joined in 2019": the year only, taken from 1 January
        for clause in _CLAUSE_SPLIT_RE.split(folded):
            if _starts(clause) and (year := _START_YEAR_RE.search(clause)):
                args.probation_start = f"01/01/{year.group(1)}"
                found += 1
                break
    if m := _DAYS_TAKEN_RE.search(folded):
        args.days_taken = float(m.group(1).replace(",", "."))
    if m := _YEARS_RE.search(folded):
        args.years_of_service = int(m.group(1))
    for cue, condition in HEAVY_CUES.items():
        if cue in folded:
            args.work_conditions = condition
            break
    return args, found


_MONTH_NAMES = frozenset(
    "january february march april may june july august september october november december".split()
)


def _without_false_months(text: str) -> str:
    """The question folded, except Vietnamese words that fold into an English month name: "mấy ngày" and,
    in Vietnamese typed without accents, "may ngay" ask "how many days", not about May."""
    english = language_of(text) == "en"

    def word(m: re.Match[str]) -> str:
        folded = fold(m.group(0))
        is_month = folded in _MONTH_NAMES and english and folded == m.group(0).lower()
        return "_" if folded in _MONTH_NAMES and not is_month else folded

    return " ".join(re.sub(r"\w+", word, text).split())


# Overtime (folded) and a question about the money it pays: "tiền tăng ca được bao nhiêu", "how much do I get"
_OVERTIME_RE = re.compile(r"\b(?:lam them|tang ca|overtime|ot)\b")
# "(không làm thêm)", "not overtime": the question says it is NOT about overtime
_NOT_OVERTIME_RE = re.compile(r"\b(?:khong|not|no|without)\s+(?:phai\s+)?(?:lam them|tang ca|overtime)\b")
_PAY_ASKED_RE = re.compile(
    r"\b(?:bao nhieu|tinh the nao|may tien|how much)\b"
    # "what would 3 hours of overtime pay me", "what will I actually get", "what's that worth", "what's my OT pay"
    r"|\bwhat (?:will|would|do|does|did|should)\b[^?.!;]{0,60}?\b(?:get|earn|make|be paid|pay me)\b"
    r"|\bwhat'?s (?:that|it|this) worth\b|\bwhat'?s my\b[^?.!;]{0,20}\bpay\b"
    # "What will my monthly pay be during probation?", "what would their salary be"
    r"|\bwhat (?:will|would) (?:my|the|their|his|her) (?:\w+ )?(?:pay|salary|wages?) be\b"
)


def overtime_args(text: str) -> dict:
    """calculate_overtime_pay's arguments when a question asks what overtime pays for a wage it states and the
    hours (or the span) it worked; empty otherwise."""
    folded = " ".join(fold(text).split())
    if not (_OVERTIME_RE.search(_NOT_OVERTIME_RE.sub(" ", folded)) and _PAY_ASKED_RE.search(folded)):
        return {}
    stated = parse_inputs(text)
    if not stated.monthly_wage or stated.monthly_wage < 100_000 or not (stated.hours or stated.start):
        return {}
    days = parse_days(text)
    if days:  # overtime on several days, each with its own hours and kind of day
        first, *others = (_day_args(d) for d in days)
        return {"monthly_wage": str(stated.monthly_wage), **first, "other_days": others}
    args: dict = {"monthly_wage": str(stated.monthly_wage), "day_kind": stated.day_kind}
    if stated.start and stated.end:
        args |= {"start_time": f"{stated.start:%H:%M}", "end_time": f"{stated.end:%H:%M}"}
    else:
        args["hours"] = stated.hours
        if stated.night_hours:
            args["night_hours"] = stated.night_hours
    return args


# Night work in a normal shift and what it pays (folded): "làm ca đêm 23h–7h … được thêm bao nhiêu", "làm một Ca 3
# bình thường (không làm thêm) … bao nhiêu tiền", "how much extra do I get for one full night shift"
_NIGHT_WORK_RE = re.compile(
    r"\b(?:ca dem|ban dem|lam dem|truc dem|night shifts?|night work|working nights?|at night|graveyard shift)\b"
)
_SHIFT_ASKED_RE = re.compile(
    r"\b(ca (?:dem|[1-9]|i{1,3})|(?:night|graveyard) shift|shift [1-9])\b(?!\s*(?:tieng|gio|h\b|hours?))"
)
# what night work pays, asked: "được trả thêm", "bao nhiêu tiền", "how much extra" (not a leave or a rate question)
_NIGHT_PAY_RE = re.compile(
    r"\b(?:bao nhieu tien|tra them|duoc them|them bao nhieu|cong them|phu them|nhung khoan|khoan (?:gi|nao)"
    r"|tien lam dem|tien ca dem|how much (?:extra|more)"
    r"|extra|premium|how much do i get|how much will i get|how much is)\b"
)
_OTHER_TOPIC_RE = re.compile(
    r"\b(?:nghi phep|phep nam|annual leave|vay tien|khoan vay|cho vay|di vay|loan|ngay le|holiday|tet)\b"
)
# night hours the question states as such ("2 tiếng ban đêm", "3 hours at night")
_NIGHT_HOURS_RE = re.compile(
    r"(\d{1,2}(?:[.,]\d)?)\s*(?:tieng|gio|hours?)\s*(?:lam\s*)?(?:ban dem|vao ban dem|at night|of night work)\b"
)
_BARE_SPAN = re.compile(
    r"\b(\d{1,2})\s*(?:h|:|gio)\s*(\d{2})?\s*(?:-|–|den|to)\s*(\d{1,2})\s*(?:h|:|gio)\s*(\d{2})?"
)
# "10pm to 6am", "10 pm – 6 am" (no "from" before it)
_AMPM_SPAN = re.compile(
    r"\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)\s*(?:-|–|to|until|till)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)\b"
)
# the day the night was worked ("ngày 15/9/2026", "on 15/9"): a changed share applies from its date
_WORK_DATE = re.compile(r"\b(?:ngay|hom|dem|toi|on)\s+(\d{1,2}/\d{1,2}(?:/\d{4})?)(?![\d/])")


def _clock_of(hour: str, minute: str | None, half: str) -> str:
    """ "10", None, "pm" -> "22:00"; "12", None, "am" -> "00:00"."""
    h = int(hour) % 12 + (12 if half == "pm" else 0)
    return f"{h:02d}:{minute or '00'}"


def night_work_args(text: str) -> dict:
    """calculate_night_work_pay's arguments when a question asks what night work in a normal shift pays, for a
    wage it states, and names the shift (its span or its name) or the night hours; empty otherwise or when it
    asks about overtime."""
    folded = " ".join(fold(text).split())
    shift = _SHIFT_ASKED_RE.search(folded)
    asked = (_NIGHT_WORK_RE.search(folded) or shift) and _NIGHT_PAY_RE.search(folded)
    if not asked or _OVERTIME_RE.search(_NOT_OVERTIME_RE.sub(" ", folded)) or _OTHER_TOPIC_RE.search(folded):
        return {}
    stated = parse_inputs(text)
    if not stated.monthly_wage or stated.monthly_wage < 100_000:
        return {}
    args: dict = {"monthly_wage": str(stated.monthly_wage)}
    if day := _WORK_DATE.search(folded):
        args["work_date"] = day.group(1)
    bare = _BARE_SPAN.search(folded)
    if stated.start and stated.end:
        return args | {"start_time": f"{stated.start:%H:%M}", "end_time": f"{stated.end:%H:%M}"}
    if ampm := _AMPM_SPAN.search(folded):
        start, end = _clock_of(ampm.group(1), ampm.group(2), ampm.group(3)), _clock_of(*ampm.group(4, 5, 6))
        return args | {"start_time": start, "end_time": end}
    if bare and int(bare.group(1)) <= 24 and int(bare.group(3)) <= 24:
        start, end = (
            f"{int(bare.group(1)):02d}:{bare.group(2) or '00'}",
            f"{int(bare.group(3)):02d}:{bare.group(4) or '00'}",
        )
        return args | {"start_time": start, "end_time": end}
    if shift:
        return args | {"shift": shift.group(1)}
    if hours := _NIGHT_HOURS_RE.search(folded):
        return args | {"night_hours": float(hours.group(1).replace(",", "."))}
    return {}


# Training paid by the company and what leaving early costs (folded): "cử đi học khóa 80 triệu, cam kết 24 tháng, làm
# được 18 tháng thì nghỉ, phải bồi hoàn bao nhiêu", "paid 180 million for my training … how much do I pay back"
_TRAINING_RE = re.compile(r"\b(?:dao tao|khoa hoc|khoa|di hoc|training|course|certificate)\b")
_COMPANY_PAYS_BACK = re.compile(
    r"\b(?:cong ty|company|employer)\b[^.?]{0,20}\b(?:tra lai|hoan tra|hoan lai|refund|reimburse)\w*"
    r"|\breimburs\w*|\b(?:refund|pay back) (?:me|my)\b"
)
_REPAY_RE = re.compile(r"\b(?:boi hoan|hoan tra|tra lai|den bu|boi thuong|pay back|repay|refund|owe)\b")
_MONTH_COUNT = re.compile(r"\b(\d{1,3})\s*-?\s*(?:thang|months?)\b")
_COMMITTED_BEFORE = re.compile(r"\b(?:cam ket|commit\w*|bond|agreement|agreed to stay|stay)\b[^.,;]{0,35}$")
_COURSE_AFTER = re.compile(r"^\s*(?:long\s+)?(?:training|course|khoa|dao tao|hoc|program)")
_WORKED_BEFORE = re.compile(r"\b(?:lam|worked|work|working|served|stayed|been|back|duoc)\b[^.;]{0,25}$")


def training_repayment_args(text: str) -> dict:
    """calculate_training_repayment's arguments when a question asks what leaving early costs for a course it
    states the cost of, and the months worked since (and perhaps the commitment's months); empty otherwise."""
    folded = " ".join(fold(text).split())
    if _COMPANY_PAYS_BACK.search(folded):  # the company refunding the employee: no repayment by the employee
        return {}
    if not (_TRAINING_RE.search(folded) and _REPAY_RE.search(folded)) or re.search(
        r"\b(?:vay|loan)\b", folded
    ):
        return {}
    cost = parse_money(text)
    if not cost or cost < 100_000:
        return {}
    committed, worked = None, []
    for m in _MONTH_COUNT.finditer(folded):
        before, after = folded[max(0, m.start() - 40) : m.start()], folded[m.end() : m.end() + 20]
        if _COMMITTED_BEFORE.search(before) and committed is None:
            committed = int(m.group(1))
        elif _COURSE_AFTER.search(after):
            continue  # the course's own length ("a 4-month training")
        elif _WORKED_BEFORE.search(before):
            worked.append(int(m.group(1)))
    if len(worked) != 1:  # none, or several (the whole tenure and the months since the course): which one?
        return {}
    worked = worked[0]
    args: dict = {"course_cost": str(cost), "months_worked": worked}
    return args | ({"commitment_months": committed} if committed else {})


def _day_args(day: OvertimeDayInputs) -> dict:
    args: dict = {"day_kind": day.day_kind}
    if day.start and day.end:
        return args | {"start_time": f"{day.start:%H:%M}", "end_time": f"{day.end:%H:%M}"}
    args["hours"] = day.hours
    if day.night_hours:
        args["night_hours"] = day.night_hours
    return args


_PROBATION_WORD_RE = re.compile(r"\b(?:thu viec|probation|probationary)\b")


# the pay once probation is over ("What will my salary be after probation?"): the job's own, no share of it
_AFTER_PROBATION = re.compile(
    r"\b(?:after|once|post)\s+(?:my\s+|the\s+)?probation|\bsau (?:khi )?(?:het |ket thuc )?(?:thoi gian )?thu viec"
)


def probation_pay_args(text: str) -> dict:
    """calculate_probation_pay's arguments when a question asks what probation pays for a wage it states."""
    folded = " ".join(fold(text).split())
    if not (_PROBATION_WORD_RE.search(folded) and _PAY_ASKED_RE.search(folded)) or _AFTER_PROBATION.search(
        folded
    ):
        return {}
    wage = parse_inputs(text).monthly_wage
    return {"monthly_wage": str(wage)} if wage and wage >= 100_000 else {}


# A resignation and a question about the day it takes effect (folded): "xin nghỉ việc … sớm nhất đến ngày nào",
# "if I resign today, when is my last day"
_RESIGN_RE = re.compile(
    r"\b(?:nghi viec|thoi viec|xin nghi|nop don|resign|resignation|quit|hand in my notice|notice do i"
    r"|give (?:my )?notice)\b"
)
# ... and how much notice it needs: "phải báo trước bao nhiêu ngày", "how much notice do I have to give"
_HOW_MUCH_NOTICE = re.compile(
    r"\bbao truoc (?:bao nhieu|may|bao lau)\b|\bhow (?:much|long a) notice\b|\bhow many days(?:'| of)? notice\b"
    r"|\bnotice period\b"
)
_WHEN_RE = re.compile(
    r"\b(?:ngay nao|den ngay nao|som nhat|bao gio|khi nao|what date|which date|last (?:working )?day|when can i (?:leave|go)"
    r"|when (?:is|will be) my last|earliest)\b"
)
_TERM_RE = re.compile(
    r"\b(?:hdld|hop dong|contract)\b[^.?!;]{0,25}?\b(\d{1,2}|one|two|three|mot|hai|ba)[\s-]*(thang|nam|months?|years?)\b"
    r"|\b(\d{1,2}|one|two|three)[\s-]*(months?|years?)[\s-]*(?:fixed[\s-]*term\s*)?contract\b"
)
_COUNTS = {"one": 1, "two": 2, "three": 3, "mot": 1, "hai": 2, "ba": 3}


def notice_args(text: str) -> dict:
    """calculate_notice_end's arguments when a question about resigning asks the day one may leave and says
    which contract one has; empty otherwise."""
    folded = " ".join(fold(text).split())
    if not (_RESIGN_RE.search(folded) and (_WHEN_RE.search(folded) or _HOW_MUCH_NOTICE.search(folded))):
        return {}
    if re.search(
        r"\b(?:khong xac dinh thoi han|(?:hop dong|hdld|loai)[^.?!;]{0,20}\b(?:khong xac dinh|khong (?:thoi|ky) han"
        r"|vo thoi han)|open[\s-]ended|indefinite|permanent contract|no end date|no fixed term)\b",
        folded,
    ):
        args: dict = {"contract": "open_ended"}
    elif m := _TERM_RE.search(folded):
        count, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        n = int(count) if count.isdigit() else _COUNTS[count]
        args = {
            "contract": "fixed_term",
            "contract_months": n * 12 if unit.startswith(("nam", "year")) else n,
        }
    elif re.search(r"\b(?:dang thu viec|on probation)\b", folded):
        args = {"contract": "probation"}
    else:
        return {}
    date = _DATE_RE.search(" ".join(_without_false_months(text).split()))  # "báo trước mấy ngày" names no May
    if date and not re.search(
        r"\b(?:hom|sang|chieu|toi) nay\b|\btoday\b|\bthis (?:morning|afternoon)\b", folded
    ):
        args["notice_date"] = date.group(0).replace("thang", "tháng")
    return args


# A staff loan's repayment (folded): an amount borrowed, the months to repay it, and what is paid or deducted
# each month or the interest ("vay 20 triệu trả trong 10 tháng, tháng đầu bị trừ lương bao nhiêu", "total interest")
# a loan, in the question as written (NFC, lower case): "vay" has no accents, the particle "vậy" has
_LOAN_RE = re.compile(r"(?<!\w)(?:vay|loans?|borrow\w*)(?!\w)")
_LOAN_TERM = re.compile(
    r"\b(?:trong(?: vong)?|thoi han|tra(?: dan| gop)?(?: trong(?: vong)?)?|over|for|in|within"
    r"|repay(?:ing)? (?:it )?(?:over|in|within))\s+(\d{1,3}) (thang|nam|months?|years?)\b"
    r"|\b(\d{1,3}) (thang|nam) (?:thi |moi )?tra het\b"
)
_LOAN_ASKS = re.compile(
    r"\b(?:tru (?:vao )?luong|khau tru|tra (?:bao nhieu|moi thang|hang thang|thang dau|tien lai)|tien lai|lai"
    r" (?:bao nhieu|phai tra)|tong (?:so )?(?:tien )?lai|moi thang|hang thang|repay\w*|instal\w*|deduct\w*"
    r"|interest|monthly|each month|per month|a month)\b"
)
# what the loan is for: "để sửa nhà" (with its accents: "đề nghị" is no purpose), "for my son's tuition"
_PURPOSE = re.compile(
    r"(?<!\w)để\s+([^,.;?]+)|\bfor\s+(?!\d|a |an |one |two |three |over |the next )([^,.;?]+)"
)


_PURPOSE_END = re.compile(
    r"\s(?:trong|tra|thi|roi|moi|hang|duoc|toi da|and|over|within|in|to repay|repaid|how|what)\b"
)


def loan_purpose(flat: str) -> str:
    """What a loan is for, as written ("sửa nhà" in "vay để sửa nhà trong 10 tháng thì …"): it ends where the term,
    the amount asked or the question starts; "" when the question names none."""
    purpose = _PURPOSE.search(flat.lower())
    if not purpose:
        return ""
    span = 1 if purpose.group(1) else 2
    start, end = purpose.start(span), purpose.end(span)
    if stop := _PURPOSE_END.search(fold(flat), start, end):  # folding keeps the length of NFC text
        end = stop.start()
    return flat[start:end].strip()


# the most one may borrow, asked: "vay được tối đa bao nhiêu", "what's the max I can borrow", "how much can I borrow"
_LIMIT_ASKS = re.compile(
    r"\b(?:(?:duoc |vay )?(?:toi da|nhieu nhat) (?:duoc )?bao nhieu|han muc (?:vay )?(?:la )?bao nhieu"
    r"|(?:duoc vay|vay duoc) (?:toi da )?bao nhieu|max(?:imum)?(?: amount| loan)? (?:i|we|you) can borrow"
    r"|the most (?:i|we|you) can borrow|how much can (?:i|we|you) borrow|up to how much|maximum loan)\b"
)
# a salary: an amount after a salary word ("lương 12 triệu", "salary is 9 million", "I earn 9m") or before "a month"
_SALARY_BEFORE = re.compile(r"\b(?:luong|thu nhap|salary|wage|earn\w*|paid)\b[^.;?]{0,25}$")
_SALARY_AFTER = re.compile(r"^\s*(?:dong|vnd|d)?\s*(?:/\s*thang|a month|per month|moi thang|monthly)\b")
_YEARLY = re.compile(r"^\s*(?:dong|vnd|d)?\s*(?:/\s*nam|a year|per year|moi nam|yearly|annually)\b")


_PERCENTAGE = re.compile(r"(?<![\d.,])(\d{1,3}(?:[.,]\d{1,2})?)\s*%")


def percentages(text: str) -> set[str]:
    """The percentages a text states, as numbers written with a point ("300%" → "300", "1,5 %" → "1.5")."""
    return {m.group(1).replace(",", ".") for m in _PERCENTAGE.finditer(text)}


MIN_MONTHLY_SALARY = 100_000  # đồng: less is no month's salary (a meal's allowance, a fee)


def monthly_salary(folded: str) -> int | None:
    """The month's salary a folded question states: the first amount after a salary word or before "a month", or
    None (none stated, or a year's pay stated first)."""
    for m in MONEY_RE.finditer(folded):
        before, after = folded[max(0, m.start() - 40) : m.start()], folded[m.end() : m.end() + 20]
        if _YEARLY.search(after):
            return None  # a year's pay is no monthly salary
        if _SALARY_BEFORE.search(before) or _SALARY_AFTER.search(after):
            salary = parse_money(m.group(0))
            return salary if salary and salary >= MIN_MONTHLY_SALARY else None
    return None


def loan_limit_args(text: str) -> dict:
    """calculate_loan_limit's arguments when a question about a loan asks the most one may borrow and states the
    monthly salary (no amount to borrow); empty otherwise."""
    flat = " ".join(nfc(text).split())
    folded = fold(flat)  # folding keeps the length of NFC text: offsets carry over
    loan = _LOAN_RE.search(flat.lower())
    if not (loan and _LIMIT_ASKS.search(folded)):
        return {}
    salary = monthly_salary(folded)
    if not salary:
        return {}
    args: dict = {"monthly_salary": str(salary)}
    if purpose := loan_purpose(flat):
        args["purpose"] = purpose
    return args


# an advance and how much of it (folded): "dự toán 5 triệu thì tạm ứng được bao nhiêu", "how much can I get as an
# advance"; a trip's budget or the month's salary
_ADVANCE_RE = re.compile(r"\b(?:tam ung|advance|advanced)\b")
_ADVANCE_ASKS = re.compile(r"\b(?:bao nhieu|toi da|how much|max(?:imum)?|the most)\b")
_TRIP_WORDS = re.compile(r"\b(?:cong tac|chuyen di|du toan|trip|travel|budget)\b")
_DAYS_WORKED = re.compile(
    r"\b(?:lam|worked|da lam duoc|di lam)\s*(?:duoc\s*)?(\d{1,2})\s*(?:ngay\s*)?(?:cong|days?)\b"
)
_MONTH_DAYS = re.compile(
    r"\b(\d{1,2})\s*(?:ngay\s*)?cong(?:\s*(?:chuan|/thang))?\b|\b(\d{1,2})[- ]day month\b"
)


_NOT_AN_ADVANCE = re.compile(
    r"\b(?:advance notice|in advance|bao truoc|hoan ung|quyet toan|khau tru|phat|deduct\w*|took an advance"
    r"|da tam ung|settle\w*|repa\w*)\b"
)
# the amount an advance is a share of: after its base word ("dự toán 5 triệu", "budget is 5 million", "lương 10
# triệu"), not an advance already taken ("tạm ứng 2 triệu")
_TRIP_BASE_BEFORE = re.compile(r"\b(?:du toan|chi phi|budget|estimate\w*|cost)\b[^.;?\d]{0,30}$")
_SALARY_BASE_BEFORE = re.compile(r"\b(?:luong|thu nhap|salary|wage|earn\w*)\b[^.;?\d]{0,20}$")


def advance_args(text: str) -> dict:
    """calculate_advance's arguments when a question states a trip budget or a salary and asks how much can be
    advanced; empty otherwise (a question about the share alone is searched, one about settling or deducting an
    advance, or about notice, is none)."""
    folded = " ".join(fold(text).split())
    if not (_ADVANCE_RE.search(folded) and _ADVANCE_ASKS.search(folded)) or _NOT_AN_ADVANCE.search(folded):
        return {}
    salary_advance = bool(
        re.search(r"\b(?:tam ung luong|salary advance|advance (?:on|of) (?:my )?salary)\b", folded)
    )
    kinds = ["salary"] if salary_advance else ["trip", "salary"] if _TRIP_WORDS.search(folded) else ["salary"]
    for kind in kinds:
        cue = _TRIP_BASE_BEFORE if kind == "trip" else _SALARY_BASE_BEFORE
        amount = next(
            (parse_money(m.group(0)) for m in MONEY_RE.finditer(folded) if cue.search(folded[: m.start()])),
            None,
        )
        if amount and amount >= 100_000:
            break
    else:
        return {}
    args: dict = {"kind": kind, "amount": str(amount)}
    if kind == "salary":
        worked = _DAYS_WORKED.search(folded)
        month = next(
            (m for m in _MONTH_DAYS.finditer(folded) if not worked or m.start() != worked.start(1)), None
        )
        if worked:
            args["days_worked"] = int(worked.group(1))
        if month and (not worked or int(month.group(1) or month.group(2)) != int(worked.group(1))):
            args["month_days"] = int(month.group(1) or month.group(2))
        if re.search(r"\b(?:dang thu viec|on probation|in my probation|on trial)\b", folded):
            args["on_probation"] = True
    return args


# when one may first borrow (folded): "khi nào được vay", "từ ngày nào", "đã được vay chưa", "when's the earliest I
# can apply for a staff loan", "can I borrow yet"
_FUND_RE = re.compile(r"(?<!\w)(?:vay|loans?|borrow\w*|quỹ tương trợ|mutual fund)(?!\w)")
# ... the question asks when borrowing becomes possible, next to the borrowing ("khi nào được vay", "vay được chưa",
# "when can I borrow / apply for a loan", "can I borrow … yet", "eligible for a loan")
_WHEN_ELIGIBLE = re.compile(
    r"\b(?:khi nao|bao gio|tu ngay nao|tu khi nao|som nhat)\b[^.?]{0,20}\b(?:duoc )?vay\b"
    r"|\bvay\b[^.?]{0,25}\b(?:duoc chua|chua|khi nao|tu ngay nao|tu khi nao)\b"
    r"|\b(?:when|earliest)\b[^.?]{0,40}\b(?:borrow|apply for (?:a |the |my )?(?:staff |company )?loan)"
    r"|\b(?:borrow|apply for (?:a |the )?(?:staff )?loan|get a (?:staff )?loan)\b[^.?]{0,30}\byet\b"
    r"|\beligible for (?:a |the )?(?:staff |company )?loan\b"
)


def loan_eligibility_args(text: str, leave: LeaveArgs, probation: dict) -> dict:
    """calculate_loan_eligibility's arguments when a question about borrowing asks when (or whether yet) and gives
    the first day of work; empty otherwise."""
    folded = " ".join(fold(text).split())
    if not (leave.probation_start and _FUND_RE.search(nfc(text).lower()) and _WHEN_ELIGIBLE.search(folded)):
        return {}
    if loan_args(text) or asks_probation_end(
        text
    ):  # repaying a loan, or when probation ends: those calculators
        return {}
    args: dict = {"start_date": leave.probation_start}
    if leave.confirmation_date:
        args["confirmation_date"] = leave.confirmation_date
    elif probation.get("duration_unit") == "days":
        args["probation_days"] = probation["duration"]
    elif probation.get("duration_unit") == "months":
        args["probation_months"] = probation["duration"]
    return args


def loan_args(text: str) -> dict:
    """calculate_loan_repayment's arguments when a question about a loan states the amount (the one after the
    loan word: not a salary stated before it) and the months to repay it and asks what is repaid or deducted,
    or the interest; empty otherwise."""
    flat = " ".join(nfc(text).split())
    folded = fold(flat)  # folding keeps the length of NFC text: offsets carry over
    loan = _LOAN_RE.search(flat.lower())
    term = _LOAN_TERM.search(folded)
    if not (loan and term and _LOAN_ASKS.search(folded)):
        return {}
    amount = parse_money(flat[loan.start() :]) or parse_money(flat)
    if not amount:
        return {}
    number, unit = (term.group(1), term.group(2)) if term.group(1) else (term.group(3), term.group(4))
    args: dict = {"amount": amount, "months": int(number) * (12 if unit.startswith(("nam", "year")) else 1)}
    if purpose := loan_purpose(flat):
        args["purpose"] = purpose
    return args


# Unused leave days the employee states (folded): "còn 9 ngày phép chưa nghỉ", "10 ngày phép chưa dùng", "dư 3 ngày
# phép", "I have 8 unused days", "7 days of leave left"; a number is read whole ("10,75" is no "75").
_N = r"(?<![\d.,])(\d{1,3}(?:[.,]5)?)(?![.,]?\d)"
_UNUSED_RE = re.compile(
    rf"{_N}\s*ngay(?: phep(?: nam)?)?\s*chua (?:nghi|dung|su dung)"
    rf"|\b(?:con|du|thua)\s*{_N}\s*ngay phep\b"
    rf"|{_N}\s*(?:unused|untaken|leftover|left-over)\s*(?:annual leave |leave |holiday |vacation )?days?\b"
    rf"|{_N}\s*days?\s*of (?:annual )?(?:leave|holiday|vacation) (?:left|unused|remaining|untaken|not taken)\b"
)
# ... and a question about carrying them over, or about what the year's end does to them
_CARRY_RE = re.compile(
    r"\bchuyen (?:sang|qua) nam\b|\bchuyen phep\b|\bbi huy\b|\bcarr(?:y|ied|ies)\b|\broll(?:ed)? over\b"
    r"|\bforward\b|\blapse\b|\bnext year\b"
)
_YEAR_END_CUE = re.compile(
    r"\b(?:het nam|cuoi nam|31/12|year[\s-]end(?![\s-](?:bonus|party|review|appraisal))|end of (?:the )?year"
    r"|end of \d{4}|end (?:the|this|my) year)\b"
)
# ... and what becomes of them: paid, lost, "what happens to them"
_PAYOUT_CUE = re.compile(
    r"\b(?:tra tien|thanh toan|xu ly|bi mat|mat di|paid|pay|cash(?:ed)?|lose"
    r"|happens? to (?:them|those|these|the days|my days))\b"
)
_LEAVING_CUE = re.compile(
    r"\b(?:nghi viec|thoi viec|resign|resignation|quit|leave the company|leaving the company)\b"
)
_YEAR_END_RE = re.compile(
    r"\b31/12/(\d{4})\b|\b(?:het|cuoi) nam (\d{4})\b|\b(?:end of|31 december) (\d{4})\b|\bnam (\d{4})\b"
    r"|\bin (\d{4})\b|\b(?:sang|qua) nam (\d{4})\b|\b(?:into|to) (\d{4})\b"
)


def carry_over_args(text: str) -> dict:
    """calculate_carry_over's arguments when a question states how many leave days are unused and asks what
    carries over to the next year (or what the year's end does to them); empty otherwise, and for a question
    about leaving the company (its unused days are paid out, not carried). Without a year the tool decides
    (the year just ended while its carried days are still usable)."""
    folded = " ".join(fold(text).split())
    unused = _UNUSED_RE.search(folded)
    carry = _CARRY_RE.search(folded) or (_YEAR_END_CUE.search(folded) and _PAYOUT_CUE.search(folded))
    if unused is None or not carry or _LEAVING_CUE.search(folded):
        return {}
    days = float(next(g for g in unused.groups() if g).replace(",", "."))
    if days <= 0:
        return {}
    args: dict = {"unused_days": days}
    if year := _YEAR_END_RE.search(folded):
        value = next(g for g in year.groups() if g)
        args["year"] = int(value) - (
            1 if year.group(6) or year.group(7) else 0
        )  # "sang năm 2027": 2026's days
    return args


_DISTANCE_RE = re.compile(
    r"(\d{1,3}(?:[.,]\d{3})+|\d+(?:\s*(?:nghin|ngan|thousand))?|(?:mot |hai |ba |a )?(?:nghin|ngan|thousand))\s*"
    r"(?:km|kilomet|kilometers?|kilometres?|cay so|miles?)\b"
)
KM_PER_MILE = 1.609
_THOUSANDS = re.compile(r"\s*(?:nghin|ngan|thousand)$")


# the day back asked ("ngày nào phải đi làm lại", "when do I have to be back at work?", "nghỉ đến ngày nào")
_BACK_ASKED = re.compile(
    r"\b(?:di lam (?:tro )?lai|quay (?:lai|ve) (?:lam|cong ty)|tro lai (?:lam viec|cong ty)|nghi den (?:het )?ngay nao"
    r"|back (?:at|to) work|return(?:ing)? to work|be back|come back|last day (?:off|of (?:my|the) leave)"
    r"|leave ends?|het phep (?:vao )?ngay nao)\b"
)
# the first day off a question gives: a date after "bắt đầu", "từ", "from", "starting" (a weekday may come between)
_LEAVE_START = re.compile(
    r"\b(?:bat dau(?: tu)?|nghi (?:\w+ )?tu|tu|from|start(?:ing|s)?(?: (?:my|the) \w+ leave)?(?: on| from)?)\s+"
    r"(?:(?:ngay|thu \w+|chu nhat|monday|tuesday|wednesday|thursday|friday|saturday|sunday|on),?\s+){0,2}"
    r"(\d{1,2}/\d{1,2}(?:/\d{4})?)"
)


def personal_leave_args(text: str) -> dict:
    """calculate_personal_leave's arguments when a question names a family event (a wedding, a relative's death,
    the wife giving birth) and how far away it is, or the first day off and asks the day back; empty otherwise
    (the rule is then searched and quoted)."""
    folded = " ".join(fold(text).split())
    event = event_of(text)
    distance = _DISTANCE_RE.search(folded)
    start = _LEAVE_START.search(folded) if event is not None and _BACK_ASKED.search(folded) else None
    if event is not None and distance is None and start is not None:
        return {"event": event, "relation": asked_relation(text, event), "start": start.group(1)}
    if event is None or distance is None:
        return {}
    count = distance.group(1)
    thousands = _THOUSANDS.search(count)  # "nghìn cây số", "2 nghìn km", "a thousand km"
    number = count[: thousands.start()] if thousands else count
    number = re.sub(r"[.,]", "", number.strip())
    km = int(number) if number.isdigit() else _NUMBER_WORDS.get(number, 1)
    km *= 1000 if thousands else 1
    if "mile" in distance.group(0):
        km = round(km * KM_PER_MILE)
    found = {"event": event, "relation": asked_relation(text, event), "distance_km": km}
    return found | ({"start": start.group(1)} if start else {})


# A business trip's allowances asked (folded): the daily allowance or the hotel cap of a trip
_TRIP_PER_DIEM = re.compile(
    r"\b(?:phu cap luu tru|luu tru|per diem|daily allowance|travel allowance|subsistence allowance|cong tac phi)\b"
)
_TRIP_HOTEL = re.compile(r"\b(?:khach san|tien phong|thue phong|phong nghi|hotel|room)\b")
# an IT company's stay at a client's site, as a trip: one is sent ("được cử onsite", "going onsite"), its allowance is
# asked, or its place named ("onsite in Singapore", "onsite ở TP.HCM"); not "we work onsite at the factory"
_ONSITE_TRIP = (
    r"\b(?:di|cu|cu di|going|go|goes|went|sent|send|sending|posted)\s+onsite\b"
    r"|\bonsite\s+(?:allowance|assignment|trip|posting)s?\b|\bphu cap onsite\b|\bonsite\s+(?:o|tai|in|to)\b"
)
_TRIP_CUE = re.compile(
    r"\b(?:cong tac|business trip|work trip|trip|travel(?:s|ling|ing)?|sent to|sending me to|send me to"
    rf"|work visit)\b|{_ONSITE_TRIP}"
)
# allowances paid for business trips only: naming one says the question is about a trip ("đi Đà Lạt làm việc rồi
# về trong ngày thì phụ cấp lưu trú được bao nhiêu")
_TRIP_ONLY = re.compile(r"\b(?:phu cap luu tru|per diem|cong tac phi)\b")
# a bare "allowance" ("phụ cấp") of a trip for work is its daily allowance; another allowance (or trip,
# OTHER_TRIP) is not
_WORK_TRIP = re.compile(
    r"\b(?:cong tac|business trip|work trip|for work|on business|sent to|sending me to|send me to|work visit)\b"
    rf"|{_ONSITE_TRIP}"
)
_ALLOWANCE = re.compile(r"\b(?:allowance|phu cap)\b")
_OTHER_ALLOWANCE = re.compile(
    r"\b(?:leave|holiday|annual|meal|lunch|taxi|mileage|fuel|petrol|visa|phone|uniform|parking|overtime"
    r"|phu cap (?:an|dien thoai|xang|di lai|trang phuc|dong phuc|gui xe|tham nien|chuc vu|trach nhiem|doc hai"
    r"|nha o|lam them|ca dem|chuyen can|cong truong|khu vuc|thu hut|luu dong|ngoai gio|tien an|di duong|tau xe"
    r"|an uong))\b"
)
_FOLLOW_UP = re.compile(r"(?:and|also|plus|what about|how about|con|va|the con)\b")
_TRIP_NORM_NAMED = re.compile(r"\b(?:phu cap luu tru|per diem|daily allowance|subsistence allowance)\b")
# a trip's length in weeks or months, or its total asked: one day's rate does not answer it
_LENGTH_OR_TOTAL = re.compile(r"\b(?:tuan|thang|weeks?|months?|tong|total|in all|altogether)\b")
_ADVANCE_ASKED = re.compile(r"\b(?:tam ung|ung truoc|advance)\b")
# a hotel's cap is a trip's norm ("What's the hotel cap for our GM in Ho Chi Minh City?")
_CAP = re.compile(r"\b(?:cap|ceiling|limit|muc tran)\b")  # not "tran": "Trần" folds to it
_HOTEL_NAMED = re.compile(r"\b(?:khach san|tien phong|thue phong|phong nghi|hotel|accommodation)\b")
_TRIP_AMOUNT = re.compile(
    r"\b(?:bao nhieu|how much|max|maximum|toi da|budget|what(?: is|'s| s)|total|what (?:\w+ ){1,3}do i get|what do i get)\b"
)
# a trip's days or nights, in figures or words ("two nights", "ba ngày"; not "one", "một": "một ngày" is a day's rate)
_TRIP_COUNT_WORDS = {w: n for w, n in _NUMBER_WORDS.items() if n > 1}
_TRIP_COUNT = r"(\d{1,2}|" + "|".join(_TRIP_COUNT_WORDS) + ")"
# ("thứ Hai ngày 5/10" names a weekday, folded "thu hai ngay": no count)
_TRIP_DAYS = re.compile(
    rf"(?<![\d/\w])(?<!\d )(?<!\d-)(?<!thu ){_TRIP_COUNT}[\s-]*(?:ngay|days?)\b(?!\s*(?:lam viec|working))"
)
_TRIP_NIGHTS = re.compile(rf"(?<![\d/\w])(?<!thu ){_TRIP_COUNT}\s*(?:dem|nights?)\b")


def _trip_count(m: re.Match[str]) -> int:
    return int(m.group(1)) if m.group(1).isdigit() else _TRIP_COUNT_WORDS[m.group(1)]


# a trip from one weekday to another, folded ("out Monday morning, back Thursday night", "from Mon to Thu", "từ thứ
# Hai đến thứ Năm"): the days counted both ends included
_WEEKDAYS = {
    **dict.fromkeys(("monday", "mon", "thu 2", "thu hai"), 0),
    **dict.fromkeys(("tuesday", "tue", "tues", "thu 3", "thu ba"), 1),
    **dict.fromkeys(("wednesday", "wed", "thu 4", "thu tu"), 2),
    **dict.fromkeys(("thursday", "thur", "thurs", "thu 5", "thu nam"), 3),
    **dict.fromkeys(("friday", "fri", "thu 6", "thu sau"), 4),
    **dict.fromkeys(("saturday", "sat", "thu 7", "thu bay"), 5),
    **dict.fromkeys(("sunday", "sun", "chu nhat", "cn"), 6),
}
_WEEKDAY = "|".join(sorted(map(re.escape, _WEEKDAYS), key=len, reverse=True))
_TRIP_WEEKDAYS = re.compile(
    rf"\b(?:from |out |leav\w* |depart\w* |tu |di )?({_WEEKDAY})\b[^.;?]{{0,30}}?"
    rf"\b(?:to|until|till|through|thru|back|return\w*|den|toi|ve)\s+(?:on\s+|vao\s+)?({_WEEKDAY})\b"
)


def weekday_span_days(folded: str) -> int | None:
    """The days of a trip stated from one weekday to another (folded text), both ends counted: Monday to Thursday
    is 4; None when no such span is stated."""
    m = _TRIP_WEEKDAYS.search(folded)
    if m is None:
        return None
    return (_WEEKDAYS[m.group(2)] - _WEEKDAYS[m.group(1)]) % 7 + 1


_DAY_TRIP_ASKED = re.compile(
    r"\b(?:di ve trong ngay|ve trong ngay|(?<!\d )(?<!\d-)day[ -]trip|same day|back the same (?:day|evening|night)"
    r"|khong (?:o lai|nghi lai|o|nghi|ngu lai) qua dem|sang di (?:chieu|toi) ve|there and back in (?:one|a) day)\b"
)
_SHARED_ASKED = re.compile(
    r"\b(?:o chung (?:mot )?phong|chung phong|phong doi|shar(?:e|ing) (?:a |one )?(?:twin )?room)\b"
)
_ABROAD_ASKED = re.compile(r"\b(?:nuoc ngoai|overseas|abroad)\b")
_PER_DAY_ASKED = re.compile(
    r"\b(?:per day|a day|each day|moi ngay|mot ngay|/\s*ngay|daily|(?:for|on) that day)\b"
)
_PER_NIGHT_ASKED = re.compile(r"\b(?:per night|a night|each night|nightly|moi dem|mot dem|/\s*dem)\b")
# meals a host or organiser provides on a trip (folded): "the organisers feed us all day", "they provide lunch and
# dinner", "được bố trí ăn trưa", "bên đối tác lo ăn cả ngày"
# ("lo", "bao", "mời" only before a meal: folded alone they are also "mỗi", "mới", "bao gồm")
_MEALS_GIVEN = re.compile(
    r"\b(?:provid\w*|cover\w*|feed\w*|fed|free|included|paid for|pays? for|treat\w*|bo tri|mien phi"
    r"|(?:lo|bao|moi) (?:an|com|bua|tien an))\b"
)
_FEEDING = re.compile(r"\b(?:feed\w*|fed)\b")
_EVERY_DAY = re.compile(
    r"\b(?:every day|each day|all days|the whole (?:trip|time)|the entire trip|moi ngay|hang ngay|ca chuyen"
    r"|suot chuyen|toan bo)\b"
)
_ONE_DAY = re.compile(
    r"\b(?:on day \d|day \d|one day|1 day|that day|one of the days|on the (?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|mot ngay|1 ngay|ngay thu (?:\d|hai|ba|tu)|hom (?:do|thu))\b"
)


def _meal_days(folded: str, args: dict) -> dict:
    """The days of a trip whose meals the host provides and which meals, as the trip calculator takes them
    (``meal_days``, ``meals``): one day when the question names one, every day of a trip of stated days when it
    says so; none when it provides no meals or leaves the days open."""
    named = meals_named(folded)
    if not named and _FEEDING.search(folded):
        named = list(MEALS)  # "they feed us" without naming a meal: the day's meals
    if not (named and _MEALS_GIVEN.search(folded)):
        return {}
    if _EVERY_DAY.search(folded) and args.get("days"):
        days = args["days"]
    elif _ONE_DAY.search(folded) or args.get("per_night"):
        days = 1
    else:
        return {}
    return {"meal_days": days, **({"meals": named} if len(named) < len(MEALS) else {})}


_MONTHS_EN = "january|february|march|april|may|june|july|august|september|october|november|december"
_TRIP_DAY = (
    rf"\d{{1,2}}/\d{{1,2}}(?:/\d{{4}})?|(?:ngay )?\d{{1,2}} thang \d{{1,2}}(?: nam \d{{4}})?"
    rf"|(?:{_MONTHS_EN}) \d{{1,2}}(?:,? \d{{4}})?|\d{{1,2}} (?:{_MONTHS_EN})(?: \d{{4}})?"
)
# the day a trip starts, alone ("đi công tác TP.HCM từ 12/10/2026, ở 3 đêm", "leaving on 12/10")
_TRIP_FROM = re.compile(
    r"\b(?:tu|from|leaving(?: on)?|departing(?: on)?|starting(?: on)?)\s+(?:ngay\s+)?(\d{1,2}/\d{1,2}(?:/\d{4})?)\b"
)
# a weekday before a date ("from Mon 7 December", "từ thứ Hai 7/12"), folded
_WEEKDAY_BEFORE = (
    r"(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thur|thurs|fri|sat|sun"
    r"|thu (?:hai|ba|tu|nam|sau|bay)|chu nhat)\.?,?\s+)?"
)
_TRIP_DATES = re.compile(
    rf"\b(?:tu|from)\s+{_WEEKDAY_BEFORE}(?:ngay\s+)?({_TRIP_DAY})\s+(?:den|toi|to|until|till|through|-|–)\s+"
    rf"{_WEEKDAY_BEFORE}(?:ngay\s+)?({_TRIP_DAY})"
)
# a place the question names: capitalised words inside a sentence ("Quảng Ngãi", "TP.HCM", "Huế"), not a group
# code ("L3", "Band 2"), a month or a weekday
_NOT_PLACE = re.compile(
    rf"^(?:[A-Z]{{1,2}}\d.*|[A-Z]|I|I'm|Tet|Tết|Band|Bands|Level|Nhóm|Ngạch|{_MONTHS_EN}|monday|tuesday|wednesday"
    r"|thursday|friday|saturday|sunday|mon|tue|tues|wed|thur|thurs|fri|sat|sun|thứ|chủ)$",
    re.IGNORECASE,
)


# the word right before a destination: "đi công tác Đà Nẵng", "đến Huế", "sent to Huế", "a trip to the Quảng Ngãi
# store", "going to HCMC" (a place after "ở" is where one works: "làm việc ở Hà Nội")
_DESTINATION_CUES = frozenset({"tac", "den", "toi", "ra", "vao", "to", "in", "at", "di"})
# ... and as written, the words for going over to another country: "đi công tác sang Đức", "qua Nhật", "bên Nhật"
# (not the "sáng" of a morning, nor the "quà" of a gift; typed without accents, "sang", "ben" still cue a place)
_ABROAD_CUES = frozenset({"sang", "qua", "bên", "ben"})


def _places(text: str) -> str | None:
    """The trip's destination the question names: a run of capitalised words inside a sentence right after a
    destination word, else one that names a place in Vietnam; None when it names none."""
    cued: list[str] = []
    others: list[str] = []
    text = re.sub(r"\b(TP|Tp|tp|Q|P)\.\s+", r"\1.", text)  # "TP. HCM": an abbreviation ends no sentence
    for sentence in re.split(r"(?<=[.?!:;])\s+|\n", text):
        tokens = sentence.split()
        run: list[str] = []
        before = ""
        for i, token in enumerate([*tokens[1:], ""], start=1):
            word = token.strip("()[],;:!?\"'").rstrip(".")  # "Hội An." ends a sentence
            if word and word[0].isupper() and not _NOT_PLACE.match(word):
                if not run:
                    before = " ".join(fold(t) for t in tokens[max(0, i - 2) : i])
                run.append(word)
            elif run:
                # "bên Khách sạn X" is a hotel's name going on in lower case, "bên Nhật, …" a country
                name_goes_on = (
                    bool(word) and word[0].islower() and not re.search(r"[,.;:!?)]$", tokens[i - 1])
                )
                over = nfc(tokens[i - 1 - len(run)]).lower()
                cue = (
                    set(before.split()[-1:]) & _DESTINATION_CUES
                    or before.split()[-1:] == ["the"]
                    or (
                        over in _ABROAD_CUES
                        and not (over in ("bên", "ben") and (name_goes_on or not is_country(" ".join(run))))
                    )
                )
                (cued if cue else others).append(" ".join(run))
                run = []
    found = cued or [p for p in others if in_vietnam(p)]
    return " ".join(found) or None


# a 13th-month or Tết bonus asked for an amount, with the day the employee joined (folded)
_BONUS_ASKED = re.compile(
    r"\b(?:thang luong thu 13|luong thang 13|luong thang thu 13|thang 13|thuong tet|13th[- ]month|tet bonus"
    r"|bonus at tet|thirteenth[- ]month)\b"
)
_HOW_MUCH = re.compile(r"\b(?:how much|bao nhieu|khoang bao nhieu|duoc may|what will i get)\b")
_JOINED = re.compile(
    r"\b(?:vao lam|bat dau lam(?: viec)?|bat dau di lam|joined|started|start(?:ed)? work(?:ing)?|was hired|hired)"
    r"(?: (?:o cong ty|cong ty|the company|here))?\s+(?:tu\s+|vao\s+|on\s+|in\s+)?(?:ngay\s+)?"
    rf"(\d{{1,2}}/\d{{1,2}}(?:/\d{{4}})?|\d{{1,2}} (?:{_MONTHS_EN})(?: \d{{4}})?|(?:{_MONTHS_EN}) \d{{1,2}}(?:,? \d{{4}})?)"
)
_RATING = re.compile(r"\b(?:xep loai|loai|rated|rating|grade)\s+([abcd])\b")


def thirteenth_month_args(text: str) -> dict:
    """calculate_thirteenth_month's arguments when a question asks how much 13th-month (Tết) bonus an employee who
    joined on a stated day gets (with the wage and the rating when stated); empty otherwise."""
    folded = " ".join(fold(text).split())
    joined = _JOINED.search(folded)
    if not (_BONUS_ASKED.search(folded) and _HOW_MUCH.search(folded) and joined):
        return {}
    args: dict = {"start": joined.group(1)}
    if wage := monthly_salary(folded):
        args["monthly_wage"] = str(wage)
    if rating := _RATING.search(folded):
        args["rating"] = rating.group(1).upper()
    return args


def trip_args(text: str) -> dict:
    """calculate_trip_allowance's arguments when a question asks a business trip's daily allowance or hotel cap
    and says how long the trip is (dates, days, nights, a day trip) or asks a shared room's cap; empty otherwise
    (the norm is then searched and quoted)."""
    folded = " ".join(fold(text).split())
    place = _places(text)
    going = re.search(r"\b(?:going|flying|heading) to\b", folded) and place  # "going to HCMC"
    # the allowance of a trip for work, or of one to a place and back the same day
    per_diem = _TRIP_PER_DIEM.search(folded) or (
        _ALLOWANCE.search(folded)
        and (_WORK_TRIP.search(folded) or (going and _DAY_TRIP_ASKED.search(folded)))
        and not _OTHER_ALLOWANCE.search(folded)
    )
    hotel = _TRIP_HOTEL.search(folded)
    if OTHER_TRIP.search(folded) or not (
        (per_diem or hotel)
        and (
            _TRIP_CUE.search(folded)
            or going
            or _TRIP_ONLY.search(folded)
            or (_HOTEL_NAMED.search(folded) and _CAP.search(folded))
        )
        and _TRIP_AMOUNT.search(folded)
    ):
        return {}
    if (
        per_diem and hotel
    ):  # both named: the part(s) the sentences asking an amount name ("…our own Hội An hotel.
        # How much per diem do I get in total?")
        sentences = re.split(r"(?<=[.?!])\s+", folded)
        # the sentences asking an amount, and a follow-up after one ("How much is the hotel cap? And the per diem?")
        asked = [
            s
            for i, s in enumerate(sentences)
            if _TRIP_AMOUNT.search(s)
            or (_FOLLOW_UP.match(s) and any(_TRIP_AMOUNT.search(x) for x in sentences[:i]))
        ]
        said_per_diem = any(_TRIP_PER_DIEM.search(s) or _ALLOWANCE.search(s) for s in asked)
        said_hotel = any(_TRIP_HOTEL.search(s) for s in asked)
        if said_per_diem != said_hotel:
            per_diem, hotel = said_per_diem, said_hotel
    args: dict = {"part": "both" if bool(per_diem) == bool(hotel) else "per_diem" if per_diem else "hotel"}
    if dates := _TRIP_DATES.search(folded):
        args["departure"], args["return_date"] = (
            d.replace("thang", "tháng").replace("nam", "năm") for d in dates.groups()
        )
    elif (days := _TRIP_DAYS.search(folded)) or (nights := _TRIP_NIGHTS.search(folded)):
        nights = _TRIP_NIGHTS.search(folded)
        if days:
            args["days"] = _trip_count(days)
        if nights:
            args["nights"] = _trip_count(nights)
        if departure := _TRIP_FROM.search(folded):  # "từ 12/10/2026, ở 3 đêm": the norms of those dates
            args["departure"] = departure.group(1)
    elif span := weekday_span_days(folded):  # "out Monday, back Thursday": 4 days
        args["days"] = span
    elif _DAY_TRIP_ASKED.search(folded):  # out and back the same day, when no days or nights are stated
        args["day_trip"] = True
    if _SHARED_ASKED.search(folded):
        args["shared_room"] = True
    per_unit = {"hotel": _PER_NIGHT_ASKED, "per_diem": _PER_DAY_ASKED}.get(args["part"])
    if per_unit and per_unit.search(folded) and not args.get("day_trip"):  # one night's cap, one day's rate
        args = {k: v for k, v in args.items() if k not in ("days", "nights", "departure", "return_date")}
        args["per_night"] = True
    # one norm asked by its name for a place, with no trip's length: one night's cap, one day's rate (not the trip's
    # expenses, "công tác phí", nor an advance on them); a rate asked with no place is quoted
    named = hotel or _TRIP_NORM_NAMED.search(folded) or _ALLOWANCE.search(folded)
    if (
        args["part"] != "both"
        and named
        and place
        and not _ADVANCE_ASKED.search(folded)
        and not _LENGTH_OR_TOTAL.search(folded)
        and not {"departure", "day_trip", "days", "nights"} & set(args)
    ):
        args["per_night"] = True
    if args["part"] != "hotel":  # days whose meals the host provides: their share of the daily allowance
        args |= _meal_days(folded, args)
    if not ({"departure", "day_trip", "days", "nights", "per_night"} & set(args) or args.get("shared_room")):
        return {}
    args.pop("per_night", None)
    if place:
        args["destination"] = place
    if abroad := _ABROAD_ASKED.search(folded):  # "đi công tác nước ngoài": the norms abroad
        args["destination"] = " ".join(filter(None, [args.get("destination"), abroad.group(0)]))
    return args


def canonical_english(text: str) -> str:
    """A question with its everyday English for probation and annual leave in the calculators' terms
    (``canonical_hr_english``) and its abbreviated months written out; Vietnamese passes unchanged."""
    text = canonical_hr_english(text)
    return written_out_months(text)


# The company trip's support (folded): the trip, the length of service stated, the support asked ("làm ở công ty 8
# năm, đi nghỉ mát cùng vợ và con trai 7 tuổi thì công ty hỗ trợ tổng cộng bao nhiêu", "I've worked here 2 years,
# how much support do I get for the summer trip"); not annual leave for a trip, how many relatives, cash instead
_SERVICE_VERB = re.compile(r"\b(?:lam(?: viec)?|tham nien|worked|working|been (?:here|with)|service)\b")
# a business trip's allowance is another calculator's ("đi công tác tham quan học tập", "a team building day")
_BUSINESS_TRIP = re.compile(r"\b(?:cong tac|business trips?|work trips?|per diem)\b")
_SUPPORT_ASKS = re.compile(
    r"\b(?:ho tro|cong ty (?:tra|chi)|support\w*|(?:company|they) (?:pay|cover|contribute)\w*)\b[^.?]*?"
    r"\b(?:bao nhieu|tong cong|how much|what)\b|\b(?:bao nhieu|tong cong|how much)\b[^.?]*?\b(?:ho tro"
    r"|support\w*|pay|cover\w*)\b"
)
_NOT_SUPPORT = re.compile(
    r"\b(?:nghi phep|phep nam|ngay phep|xin nghi|bao nhieu ngay|annual leave|leave days|days off|khong tham gia"
    r"|khong di|vang|bo lo|bang tien|tien mat|instead of going|don'?t go|do not go|can'?t go|cannot go|not going"
    r"|skip\w*|miss\w*|cash instead|bao nhieu nguoi|how many (?:relatives|people|days))\b"
)
_SPOUSE = re.compile(r"(?<!\w)(?:vợ|chồng|wife|husband|spouse)(?!\w)")
# a spouse's relatives ("bố mẹ vợ", "mẹ chồng", "my wife's parents"), siblings, grandparents, "người thân": not
# counted here, so the question is declined rather than answered for fewer people
_IN_LAW = re.compile(r"(?<!\w)(?:bố|mẹ|cha|ba|anh|chị|em)\s+(?:vợ|chồng)(?!\w)|(?:wife|husband|spouse)'s\b")
_UNCOUNTED = re.compile(
    r"(?<!\w)(?:em gái|em trai|anh trai|chị gái|anh chị em|ông|bà|người thân|người nhà|cháu|sibling|brother|sister"
    r"|grand\w+|relatives?|family|in-laws?)(?!\w)"
)
_CHILD_COUNT = re.compile(
    r"(?<!\w)(\d|hai|ba|bốn|two|three|four)\s+(?:đứa\s+)?(?:con|bé|kids|children|sons|daughters)(?!\w)"
)
_COUNTS = {"hai": 2, "ba": 3, "bốn": 4, "two": 2, "three": 3, "four": 4}
_UNACCENTED_RELATIVES = re.compile(r"\b(?:vo|chong|con|be)\b")
_UNPAID_MONTHS = re.compile(r"\bkhong (?:huong )?luong\b[^.;?]{0,20}\bthang\b|\bmonths? of unpaid\b")
_TRIP_COST = re.compile(r"\b(?:gia|chi phi|costs?|price)\b[^.;?]{0,25}?(?=\d)")
# a child, in everyday words too ("thằng cu", "thằng bé", "đứa nhỏ", "my boy")
_CHILD = re.compile(
    r"(?<!\w)(?:con|bé|cháu|thằng cu|nhóc|đứa nhỏ|sons?|daughters?|child(?:ren)?|kids?|boy|girl)(?!\w)"
)
_AGES = r"(\d{1,2}(?:\s*(?:tuổi)?\s*(?:,|và|and|&)\s*\d{1,2})*)"
_CHILD_AGES = re.compile(
    r"(?<!\w)(?:con|bé|cháu|thằng cu|thằng bé|nhóc|đứa nhỏ)(?:\s+(?:trai|gái|nhỏ|lớn|út))?\s+"
    r"(?:(?:được|mới|năm nay|nay)\s+)?"
    + _AGES
    + r"\s*tuổi|(?<!\w)(?:sons?|daughters?|child(?:ren)?|kids?|boys?|girls?)\s+(?:aged|of|who (?:is|are))\s+"
    + _AGES
    + r"|(?<!\w)(\d{1,2})[- ]years?[- ]old\s+(?:son|daughter|child|kid|boy|girl)"
)
_PARENTS = re.compile(r"(?<!\w)(?:(?:bố|cha|ba) mẹ (?:của )?(?:tôi|em|anh|chị|mình)|my parents)(?!\w)")
_PARENT = re.compile(
    r"(?<!\w)(?:(?:bố|cha|mẹ) (?:của )?(?:tôi|em|anh|chị|mình)|my (?:mother|father|mum|mom|dad))(?!\w)"
)
_UNPAID_DAYS = re.compile(
    r"\bnghi khong (?:huong )?luong\s*(?:het |mat |khoang )?(\d{1,3}) ngay\b|\b(\d{1,3}) ngay (?:nghi )?khong"
    r" (?:huong )?luong\b|\b(\d{1,3}) days? (?:of )?unpaid\b|\bunpaid leave (?:of |for )?(\d{1,3}) days\b"
)
SERVICE_WINDOW = 40  # characters after "làm", "worked" where the length of service is stated


def _service_months(text: str, folded: str) -> int | None:
    """The length of service stated after a verb of working ("làm ở công ty được 2 năm rưỡi", "worked here 3 years
    and 4 months"): a count, not a date ("làm từ tháng 6 năm 2020") nor an age."""
    for verb in _SERVICE_VERB.finditer(folded):
        window = text[verb.end() : verb.end() + SERVICE_WINDOW]
        months = [q for q in stated_quantities(window) if q.dimension == "months"]
        if months:
            return round(months[0].value)
    # the length first, then the verb: "8 năm làm ở công ty", "5 years working here"
    before = re.search(r"(?<![\d/])(\d{1,2}\s*(?:năm|nam|years?))\s+(?:làm|lam|work|been)\b", text)
    if before:
        months = [q for q in stated_quantities(before.group(1)) if q.dimension == "months"]
        return round(months[0].value) if months else None
    return None


def trip_support_args(text: str) -> dict:
    """calculate_trip_support's arguments when a question about the company trip states the length of service and
    asks how much is supported; the relatives who come (each child's age must be stated) and the unpaid-leave days
    it states. Empty otherwise (the rule is then searched and quoted)."""
    lower = " ".join(nfc(text).lower().split())
    folded = fold(lower)
    if not (COMPANY_TRIP.search(folded) and _SUPPORT_ASKS.search(folded)) or _NOT_SUPPORT.search(folded):
        return {}
    if _BUSINESS_TRIP.search(folded) or _IN_LAW.search(lower) or _UNCOUNTED.search(lower):
        return {}
    if _UNPAID_MONTHS.search(folded) or (lower == folded and _UNACCENTED_RELATIVES.search(folded)):
        return {}  # unpaid leave in months, or "vo", "con" without accents: not read, so not guessed
    months = _service_months(lower, folded)
    if months is None:
        return {}
    args: dict = {"service_months": months}
    if _SPOUSE.search(lower):
        args["spouse"] = True
    if _CHILD.search(lower):
        ages = [
            int(age)
            for m in _CHILD_AGES.finditer(lower)
            for group in m.groups()
            if group
            for age in re.findall(r"\d{1,2}", group)
        ]
        counted = [int(n) if n.isdigit() else _COUNTS[n] for n in _CHILD_COUNT.findall(lower)]
        if not ages or (counted and sum(counted) != len(ages)):
            return {}  # whether a child goes free depends on an age the question does not say
        args["children_ages"] = ages
    others = 2 * len(_PARENTS.findall(lower)) or len(_PARENT.findall(lower))
    if others:
        args["other_relatives"] = others
    if unpaid := _UNPAID_DAYS.search(folded):
        args["unpaid_leave_days"] = int(next(g for g in unpaid.groups() if g))
    if (cost := _TRIP_COST.search(folded)) and (amount := parse_money(text[cost.end() :])):
        args["trip_cost"] = amount
    return args


def analyse(text: str) -> Question:
    text = canonical_english(nfc(text).strip())
    folded = " ".join(fold(text).split())
    leave, found = extract_leave_args(_without_false_months(text))
    about_leave = _has(_PUBLIC_HOLIDAYS.sub(" ", folded), LEAVE_CUES)
    has_dates = found > 0 and (leave.probation_start or leave.confirmation_date or leave.end_date)
    entitlement = _has(
        _PUBLIC_HOLIDAYS.sub(" ", folded), ENTITLEMENT_CUES
    )  # annual leave, not "leave the company"
    service = (
        _SERVICE_RE.search(folded) if entitlement and not found and _has(folded, _SERVICE_CUES) else None
    )
    if service and _has(folded, QUANTITY_CUES):  # "làm 11 năm rồi, năm nay được bao nhiêu ngày phép?"
        count = service.group(1)
        leave.years_of_service = int(count) if count.isdigit() else _NUMBER_WORDS[count]
    probation = probation_args(_without_false_months(text), leave, found) if found else {}
    overtime = overtime_args(text)
    night = night_work_args(text) if not overtime else {}
    training = training_repayment_args(text) if not (overtime or night) else {}
    limit = loan_limit_args(text) if not (overtime or night or training) else {}
    advance = advance_args(text) if not (overtime or night or training or limit) else {}
    eligibility = loan_eligibility_args(text, leave, probation) if not (limit or advance or training) else {}
    personal = personal_leave_args(text) if not overtime else {}
    pay = probation_pay_args(text) if not overtime else {}
    notice = notice_args(text) if not (overtime or personal) else {}
    carry = carry_over_args(text) if not (overtime or personal or notice or leave.probation_start) else {}
    trip = trip_args(text) if not (overtime or personal or notice or carry or pay) else {}
    loan = loan_args(text) if not (overtime or notice or carry or trip) else {}
    support = trip_support_args(text) if not (overtime or personal or notice or carry or pay or loan) else {}
    bonus = thirteenth_month_args(text) if not (overtime or notice or pay) else {}
    if overtime:
        intent = "overtime_pay"
    elif night:
        intent = "night_work_pay"
    elif training:
        intent = "training_repayment"
    elif limit:
        intent = "loan_limit"
    elif advance:
        intent = "advance"
    elif eligibility:
        intent = "loan_eligibility"
    elif notice:
        intent = "notice_end"
    elif carry:
        intent = "carry_over"
    elif pay and not ("probation_start" in probation and asks_probation_end(text)):
        intent = "probation_pay"
    elif personal:
        intent = "personal_leave"
    elif bonus:
        intent = "thirteenth_month"
    elif support:
        intent = "trip_support"
    elif trip:
        intent = "trip_allowance"
    elif loan:
        intent = "loan_repayment"
    elif about_leave and (has_dates or leave.years_of_service is not None and not found):
        intent = "leave_calculation"
    elif "probation_start" in probation and asks_probation_end(text):
        intent = "probation_end"
    elif any(r.article for r in parse_refs(text)):
        intent = "article"
    elif _has(folded, QUANTITY_CUES) or _MOST_ASKED.search(text.lower()):
        intent = "quantity"
    elif len(folded.split()) <= 6 and "?" not in text:
        intent = "title"
    else:
        intent = "search"
    return Question(
        text=text,
        intent=intent,
        leave=leave,
        dates_found=found,
        probation=probation,
        overtime=overtime,
        night=night,
        training=training,
        limit=limit,
        advance=advance,
        eligibility=eligibility,
        personal=personal,
        bonus=bonus,
        probation_pay=pay,
        notice=notice,
        carry=carry,
        trip=trip,
        loan=loan,
        support=support,
    )
