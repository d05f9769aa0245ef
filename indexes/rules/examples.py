"""The rule vocabulary (classes, rule types, cue words), the extraction prompt and its few-shot examples.

One table serves both extractors: the prompt lists its classes and rule types for Gemini, and the offline
provider (``indexes.rules.patterns``) classifies a sentence by the cue words found in it and in its section
(``classify``). Cue words are folded (lower case, no diacritics, see ``indexes.text.fold``) and matched as
whole words; multi-word cues avoid folding collisions ("cưới"/"cuối", "vay"/"vậy", "mất"/"mặt").
(Over the ~300-line budget because most of it is data: the vocabulary table and the few-shot examples.)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from indexes.text import folded_words

if TYPE_CHECKING:  # langextract costs ~1 s to import; the examples import it lazily
    from langextract.core.data import ExampleData


@dataclass(frozen=True)
class RuleKind:
    rule_class: str
    rule_type: str
    cues: tuple[str, ...]  # any one of them marks the kind
    requires: tuple[str, ...] = ()  # when given, one of these must appear as well
    weak: bool = False  # generic words: used only when no specific kind matches anywhere


_LEAVE_WORDS = (
    "phep",
    "nghi hang nam",
    "leave",
    "annual leave",
    "ngay nghi",
    "pto",
    "paid time off",
    "vacation",
)

# First matching row wins, so specific kinds come before general ones.
RULE_KINDS: tuple[RuleKind, ...] = (
    RuleKind("DisciplineRule", "dismissal", ("sa thai", "dismissal", "dismissed", "summary dismissal")),
    RuleKind(
        "DisciplineRule",
        "discipline",
        ("ky luat", "khien trach", "cach chuc", "keo dai thoi han nang luong", "disciplinary", "reprimand"),
    ),
    RuleKind("LoanRule", "loan_interest", ("lai suat", "interest rate", "interest"), ("vay", "loan")),
    RuleKind("LoanRule", "loan", ("cho vay", "khoan vay", "muc vay", "vay von", "vay tien", "loan", "loans")),
    RuleKind("ExpenseNorm", "per_diem", ("phu cap luu tru", "luu tru", "per diem", "daily allowance")),
    RuleKind(
        "ExpenseNorm",
        "lodging",
        ("phong nghi", "khach san", "tien phong", "thue phong", "hotel", "accommodation", "lodging"),
    ),
    RuleKind(
        "ExpenseNorm", "airfare", ("ve may bay", "may bay", "airfare", "air ticket", "flight", "flights")
    ),
    RuleKind("ExpenseNorm", "local_transport", ("taxi", "grab", "xe om", "ride hailing")),
    RuleKind("ExpenseNorm", "advance", ("tam ung", "cash advance", "advance payment")),
    RuleKind(
        "BenefitRule",
        "personal_leave",
        ("ket hon", "qua doi", "chet", "tu tran", "viec rieng", "marriage", "marries", "married", "death")
        + ("dies", "bereavement", "funeral", "personal leave", "compassionate leave"),
    ),
    RuleKind("LeaveRule", "maternity", ("thai san", "sinh con", "maternity", "paternity")),
    RuleKind(
        "LeaveRule", "leave_request", ("dang ky", "xin nghi", "request", "register", "apply"), _LEAVE_WORDS
    ),
    RuleKind("LeaveRule", "unpaid_leave", ("nghi khong huong luong", "unpaid leave")),
    RuleKind(
        "LeaveRule",
        "probation_accrual",
        ("thu viec", "probation", "trial period"),
        _LEAVE_WORDS + ("tich luy", "accrual", "accrues", "accrue", "accrued", "earn", "earns", "earned"),
    ),
    RuleKind(
        "LeaveRule", "leave_accrual", ("tich luy", "cong don", "accrue", "accrues", "accrual"), _LEAVE_WORDS
    ),
    RuleKind(
        "LeaveRule",
        "prorated_leave",
        ("theo ty le", "tuong ung voi so thang", "so thang lam viec thuc te", "in proportion", "pro rata")
        + ("months actually worked", "months worked"),
    ),
    RuleKind(
        "LeaveRule", "seniority_leave", ("tham nien", "seniority", "cu du", "long service"), _LEAVE_WORDS
    ),
    RuleKind(
        "LeaveRule",
        "annual_leave",
        ("nghi hang nam", "nghi phep nam", "phep nam", "ngay phep", "annual leave", "paid annual leave")
        + ("pto", "paid time off", "vacation", "vacation days", "holiday entitlement"),
    ),
    RuleKind("LeaveRule", "sick_leave", ("om dau", "nghi om", "sick leave")),
    RuleKind(
        "ProbationRule",
        "probation_pay",
        ("thu viec", "probation", "trial period"),
        ("luong", "salary", "wage", "pay"),
    ),
    RuleKind(
        "ProbationRule",
        "probation_period",
        ("thu viec", "probation", "probationary", "trial period"),
    ),
    RuleKind(
        "LeaveRule",
        "public_holiday",
        ("nghi le", "ngay le", "le tet", "tet", "quoc khanh", "public holiday", "public holidays"),
    ),
    RuleKind("WorkingTimeRule", "night_work", ("ban dem", "night work", "at night")),
    RuleKind("WorkingTimeRule", "overtime", ("lam them", "tang ca", "overtime")),
    RuleKind("WorkingTimeRule", "late", ("di muon", "di tre", "den muon", "ve som", "late", "leaves early")),
    RuleKind(
        "WorkingTimeRule",
        "working_hours",
        ("gio lam viec", "ca lam viec", "nghi trua", "working hours", "working time", "lunch break"),
    ),
    RuleKind("ExpenseNorm", "business_travel", ("cong tac phi", "business trip", "business travel")),
    RuleKind(
        "BenefitRule", "travel_support", ("du lich", "nghi mat", "company trip", "holiday trip", "travel")
    ),
    RuleKind(
        "ExpenseNorm",
        "expense_norm",
        ("dinh muc", "cong tac", "chi phi", "expense", "expenses"),
        weak=True,
    ),
    RuleKind(
        "BenefitRule",
        "allowance",
        ("phu cap", "tro cap", "ho tro", "tien thuong", "allowance", "bonus", "subsidy"),
        weak=True,
    ),
    RuleKind("LeaveRule", "leave", ("nghi phep", "leave"), weak=True),
)

RULE_CLASSES = (
    "LeaveRule",
    "WorkingTimeRule",
    "BenefitRule",
    "ExpenseNorm",
    "LoanRule",
    "DisciplineRule",
    "ProbationRule",
)


@functools.lru_cache(maxsize=4096)  # headings and lead-ins are matched once per sentence under them
def cue_words(text: str) -> str:
    """' word word ' of folded words, so that f" {cue} " in it matches whole words only."""
    return f" {' '.join(folded_words(text))} "


def match_kinds(text: str, weak: bool = False) -> list[RuleKind]:
    """The kinds (of the given strength) whose cue words appear in ``text``, in table order."""
    words = cue_words(text)
    return [
        kind
        for kind in RULE_KINDS
        if kind.weak == weak
        and any(f" {cue} " in words for cue in kind.cues)
        and (not kind.requires or any(f" {word} " in words for word in kind.requires))
    ]


def classify(sentence: str, contexts: list[str], has_time: bool) -> tuple[str, str] | None:
    """(class, rule_type) of a sentence from its own cues and its contexts (closest first: lead-in, headings).

    The context (the section) names the topic; the sentence may name a more specific kind of the same class
    (the section says "working time", the sentence says "late"); between equals (taxi, hotel) the section's
    wins. A sentence under no cued context keeps its own kind. Generic words count only when nothing specific
    matched; a clock time alone means working hours.
    """
    own = match_kinds(sentence)
    around = next((kinds[0] for kinds in map(match_kinds, contexts) if kinds), None)
    same_class = [k for k in own if around is None or k.rule_class == around.rule_class]
    kind = same_class[0] if same_class else around
    if around in own and kind is not None and not kind.requires:  # equals, not a refinement
        kind = around
    if kind is None:
        weak = (kinds[0] for text in (sentence, *contexts) if (kinds := match_kinds(text, weak=True)))
        kind = next(weak, None)
    if kind is not None:
        return kind.rule_class, kind.rule_type
    return ("WorkingTimeRule", "working_hours") if has_time else None


def _class_lines() -> str:
    lines = []
    for rule_class in RULE_CLASSES:
        types = ", ".join(dict.fromkeys(k.rule_type for k in RULE_KINDS if k.rule_class == rule_class))
        lines.append(f"- {rule_class}: rule_type ∈ {{{types}}}")
    return "\n".join(lines)


PROMPT = f"""Trích xuất các quy định có định lượng trong văn bản quy chế của công ty (tiếng Việt hoặc tiếng Anh).
Mỗi quy định là một câu hoặc một vế câu chứa con số: số ngày, số giờ, giờ giấc (8h30, 8 giờ 30), số tiền (đồng, USD),
tỷ lệ phần trăm, số tháng/năm, số lần, số km. Mỗi dòng của bảng markdown có con số là một quy định (thường là ExpenseNorm).

Lớp và rule_type:
{_class_lines()}

Quy tắc:
- extraction_text phải được chép NGUYÊN VĂN từ văn bản (một câu hoặc một vế câu, hoặc một dòng bảng), không diễn đạt lại,
  không trùng lặp và theo đúng thứ tự xuất hiện trong văn bản.
- Lớp theo chủ đề của mục (tiêu đề Điều, Chương) khi câu không tự nêu rõ; câu nêu loại cụ thể hơn cùng lớp thì theo câu.
- Không trích câu không có con số (căn cứ pháp lý, ngày ban hành, số hiệu văn bản cũng không phải quy định).
- Thuộc tính (chuỗi): rule_type; quantity (con số nguyên văn); duration hoặc amount, rate, count, distance, time,
  start_time, end_time (giá trị chuẩn hóa: 3.000.000 đồng → 3000000; 8 giờ 30 → 08:30); unit (day, working_day, hour,
  minute, week, month, year, times, VND, USD, %, km); period (day, week, month, year, trip...); condition (điều kiện);
  applies_to (đối tượng áp dụng); pay_status (paid/unpaid); calculation_method (accrual_per_month,
  proportional_to_months_worked, seniority_step, percent_of_salary); example ("true" với câu ví dụ minh họa).
  Với dòng bảng: item (ô đầu tiên) và mỗi tiêu đề cột là một thuộc tính mang giá trị của ô tương ứng.
- Chỉ ghi thuộc tính có trong văn bản."""


# Few-shot examples: our own sentences (not the corpus'), each extraction a verbatim span of its example text.
# tests/indexes/test_rules.py checks that the offline provider reproduces them.
_EXAMPLES: tuple[tuple[str, tuple[tuple[str, str, dict[str, str]], ...]], ...] = (
    (
        "### Điều 5. Nghỉ hằng năm\n"
        "Nhân viên làm đủ 12 tháng được nghỉ 12 ngày làm việc mỗi năm, hưởng nguyên lương. "
        "Trong thời gian thử việc, mỗi tháng được cộng dồn 01 ngày phép nhưng chưa được sử dụng.\n"
        "Căn cứ Bộ luật Lao động, Công ty ban hành quy định này.",
        (
            (
                "LeaveRule",
                "Nhân viên làm đủ 12 tháng được nghỉ 12 ngày làm việc mỗi năm, hưởng nguyên lương",
                {"rule_type": "annual_leave", "quantity": "12 ngày làm việc", "duration": "12"}
                | {"unit": "working_day", "period": "year", "condition": "đủ 12 tháng", "pay_status": "paid"},
            ),
            (
                "LeaveRule",
                "Trong thời gian thử việc, mỗi tháng được cộng dồn 01 ngày phép nhưng chưa được sử dụng",
                {"rule_type": "probation_accrual", "quantity": "01 ngày", "duration": "1", "unit": "day"}
                | {"period": "month", "condition": "Trong thời gian thử việc"}
                | {"calculation_method": "accrual_per_month"},
            ),
        ),
    ),
    (
        "### Điều 9. Thời giờ làm việc\n"
        "- Buổi sáng: từ 8h00 đến 12h00.\n"
        "- Nếu làm thêm giờ vào ngày nghỉ hằng tuần, nhân viên được trả ít nhất 200% tiền lương.\n"
        "### Điều 10. Xử lý kỷ luật\n"
        "Nhân viên đi muộn quá 05 lần trong một tháng thì bị khiển trách.",
        (
            (
                "WorkingTimeRule",
                "Buổi sáng: từ 8h00 đến 12h00",
                {"rule_type": "working_hours", "quantity": "8h00", "start_time": "08:00", "end_time": "12:00"}
                | {"unit": "time", "condition": "Buổi sáng"},
            ),
            (
                "WorkingTimeRule",
                "Nếu làm thêm giờ vào ngày nghỉ hằng tuần, nhân viên được trả ít nhất 200% tiền lương",
                {"rule_type": "overtime", "quantity": "200%", "rate": "200", "unit": "%"}
                | {"condition": "Nếu làm thêm giờ vào ngày nghỉ hằng tuần"}
                | {"calculation_method": "percent_of_salary"},
            ),
            (
                "DisciplineRule",
                "Nhân viên đi muộn quá 05 lần trong một tháng thì bị khiển trách",
                {
                    "rule_type": "discipline",
                    "quantity": "05 lần",
                    "count": "5",
                    "unit": "times",
                    "period": "month",
                },
            ),
        ),
    ),
    (
        "## Business trip expenses\n"
        "| Item | Manager | Staff |\n|---|---|---|\n| Hotel room | 80 USD/night | 50 USD/night |\n"
        "## Staff loans\n"
        "Employees may borrow up to 20.000.000 đồng from the loan fund.",
        (
            (
                "ExpenseNorm",
                "Hotel room | 80 USD/night | 50 USD/night",
                {
                    "rule_type": "lodging",
                    "quantity": "80 USD",
                    "amount": "80",
                    "unit": "USD",
                    "period": "night",
                }
                | {"item": "Hotel room", "Manager": "80 USD/night", "Staff": "50 USD/night"},
            ),
            (
                "LoanRule",
                "Employees may borrow up to 20.000.000 đồng from the loan fund",
                {"rule_type": "loan", "quantity": "20.000.000 đồng", "amount": "20000000", "unit": "VND"},
            ),
        ),
    ),
)


def example_texts() -> list[str]:
    return [text for text, _ in _EXAMPLES]


def expected_extractions(index: int) -> list[tuple[str, str, dict[str, str]]]:
    """The extractions of example ``index`` as (class, text, attributes)."""
    return [(cls, text, dict(attrs)) for cls, text, attrs in _EXAMPLES[index][1]]


def build_examples() -> list[ExampleData]:
    """The few-shot examples as langextract ``ExampleData`` (required even by the offline provider)."""
    from langextract.core import data

    return [
        data.ExampleData(
            text=text,
            extractions=[
                data.Extraction(extraction_class=cls, extraction_text=span, attributes=dict(attrs))
                for cls, span, attrs in extractions
            ],
        )
        for text, extractions in _EXAMPLES
    ]
