"""What kind of rule a question asks for, read from its wording, and the section titles that state that kind.

Vietnamese legal drafting (laws, decrees, company regulations alike) names an article after what it rules on,
with a small set of heads: "Mức …" (amounts and rates), "Thời gian / Thời hạn …" (durations, deadlines),
"Điều kiện …" (who qualifies), "Hồ sơ …" (documents), "Trình tự / Thủ tục / Giải quyết …" (procedure),
"Đối tượng … / Các trường hợp …" (who is covered), "Quyền …", "Trách nhiệm / Nghĩa vụ …", "Các hành vi bị
nghiêm cấm", "Giải thích từ ngữ" (definitions). A question asking "bao nhiêu phần trăm" wants a "Mức …" article,
"có được … không" an "Điều kiện …" one: between articles on the same topic ("Điều 49. Điều kiện hưởng" and
"Điều 50. Mức, thời gian, thời điểm hưởng trợ cấp thất nghiệp") the kind decides. The cues and heads below are
written from that drafting convention, not from evaluation questions; hybrid search adds
``Settings.title_kind_bonus`` to a section whose title starts with a head of a kind the question asks for.
"""

from __future__ import annotations

import re
from functools import lru_cache

from indexes.text import bare_title, fold

# kind -> (cues in the folded question, heads a folded title without its numbering starts with)
_KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "amount": (
        r"\bbao nhieu (?:tien|phan tram)|%|\bmuc\b|\bt[iy] le\b|\bhow much\b|\bpercent|\brates?\b|\bamount\b",
        ("muc",),
    ),
    "duration": (
        r"\bbao lau\b|\b(?:may|bao nhieu) (?:ngay|thang|nam)\b|\bthoi han\b|\bhow long\b"
        r"|\bhow many (?:days|weeks|months|years)\b|\bdeadline\b",
        ("thoi gian", "thoi han", "thoi diem"),
    ),
    "condition": (
        r"\bco duoc\b.*\bkhong\b|\bdieu kien\b|\bmoi (?:duoc|co)\b|\beligib|\bqualif|\bconditions?\b"
        r"|\bentitled\b",
        ("dieu kien",),
    ),
    "documents": (r"\bho so\b|\bgiay to\b|\bdocuments?\b|\bpaperwork\b", ("ho so",)),
    "procedure": (
        r"\bthu tuc\b|\btrinh tu\b|\bprocedures?\b|\bhow (?:do|can) i (?:apply|claim|register)\b",
        ("trinh tu", "thu tuc", "giai quyet"),
    ),
    "who": (
        r"\bnhung ai\b|\bai (?:duoc|phai)\b|\bdoi tuong\b|\bbat buoc\b.*\bkhong\b|\bwho\b"
        r"|\bwhich (?:workers|employees|people)\b",
        ("doi tuong", "cac truong hop", "truong hop"),
    ),
    # "quyền lợi" is a benefit, not a right
    "rights": (r"\bquyen\b(?! loi)|\brights?\b", ("quyen",)),
    "duties": (
        r"\btrach nhiem\b|\bnghia vu\b|\bresponsib|\bobligat|\bduties\b",
        ("trach nhiem", "nghia vu", "quyen va nghia vu"),
    ),
    "banned": (
        r"\bnghiem cam\b|\bbi cam\b|\bprohibit|\bforbidden\b|\bnot allowed\b",
        ("cac hanh vi bi nghiem cam", "hanh vi bi nghiem cam"),
    ),
    # "what is a probation period?", "what counts as", "does that count as a business trip?", "what does PTO mean":
    # not "what is the maximum …?", which asks a rule's figure
    "definition": (
        r"\bla gi\b|\bthe nao la\b|\bduoc hieu la\b|\bduoc coi la\b|\bwhat (?:is|are) (?:a|an)\b"
        r"|\b(?:what|who) counts? as\b|\bcounts? as (?:a|an)\b"
        r"|\bwhat does\b.*\bmean\b|\bmeaning of\b|\bmeant by\b|\bdefin",
        (
            "giai thich tu ngu",
            "dinh nghia",
            "thuat ngu",
            "tu ngu su dung",
            "definitions",
            "definition",
            "interpretation",
            "terms used",
            "words we use",
            "glossary",
            "key terms",
        ),
    ),
}
_CUES = {kind: re.compile(cue) for kind, (cue, _) in _KINDS.items()}


def question_kinds(question: str) -> tuple[str, ...]:
    """The kinds of rule ``question`` asks for ("amount", "duration", "condition", …), in table order."""
    folded = fold(question)
    return tuple(kind for kind, cue in _CUES.items() if cue.search(folded))


def title_heads(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The folded title heads that state these kinds."""
    return tuple(head for kind in kinds for head in _KINDS[kind][1])


@lru_cache(maxsize=16_384)
def _bare(title: str) -> str:
    return bare_title(title)


def defines_terms(title: str) -> bool:
    """Whether a section title is a definitions section's and nothing else ("Điều 2. Giải thích từ ngữ", "1.2
    Definitions", "Words we use"; not "Giải thích từ ngữ và ngạch nhân sự", which also sets out grades)."""
    return _bare(title) in _KINDS["definition"][1]


def states_kind(title: str, heads: tuple[str, ...]) -> bool:
    """Whether a section title (without its numbering) starts with one of ``heads`` as whole words."""
    bare = _bare(title)
    return any(bare == head or bare.startswith(head + " ") for head in heads)
