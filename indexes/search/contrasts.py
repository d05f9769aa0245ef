"""Sibling concepts a question and a section title can name in place of each other: kinds of insurance, social
insurance regimes, kinds of leave, in the country or abroad, fixed-term or open-ended contracts.

"Người làm hợp đồng lao động có bắt buộc tham gia bảo hiểm y tế không?" shares every word but two with "Điều 43.
Đối tượng bắt buộc tham gia bảo hiểm thất nghiệp"; those two ("y tế" against "thất nghiệp") are what makes it
the wrong article. When a question names members of a family and a section title names other members of the same
family and none of the question's, the title is about a sibling of the thing asked: hybrid search subtracts
``Settings.contrast_penalty`` from that section's fused score. A title naming no member (``Điều 49. Điều kiện
hưởng``) or one of the question's (``ốm đau, thai sản`` for a question about maternity) is not touched.

The families are written from the subject matter (the Law on Social Insurance's regimes, the Labour Code's kinds
of leave and contracts), not from evaluation questions. Members are folded phrases matched on word boundaries,
longest first, so "không xác định thời hạn" is not also "xác định thời hạn"; abbreviations are members too.
"""

from __future__ import annotations

import re
from functools import lru_cache

from indexes.text import bare_title, fold

# family -> member -> folded wordings
_FAMILIES: dict[str, dict[str, tuple[str, ...]]] = {
    "insurance": {
        "social": ("bao hiem xa hoi", "bhxh"),
        "health": ("bao hiem y te", "bhyt"),
        "unemployment": ("bao hiem that nghiep", "bhtn", "tro cap that nghiep"),
    },
    "participation": {
        "compulsory": ("bat buoc",),
        "voluntary": ("tu nguyen",),
    },
    "regime": {
        "sickness": ("om dau", "nghi om"),
        "maternity": ("thai san", "sinh con"),
        "accident": ("tai nan lao dong", "benh nghe nghiep"),
        "retirement": ("huu tri", "luong huu", "nghi huu"),
        "survivors": ("tu tuat", "mai tang", "tro cap tuat"),
    },
    "leave": {
        "annual": ("nghi hang nam", "phep nam", "nghi phep nam", "nghi phep", "ngay phep"),
        "sick": ("nghi om",),
        "maternity": ("nghi thai san", "nghi sinh con"),
        "personal": ("nghi viec rieng",),
        "unpaid": ("nghi khong huong luong", "nghi khong luong"),
        "holiday": ("nghi le", "le tet", "ngay le"),
        "compensatory": ("nghi bu",),
    },
    "place": {
        "domestic": ("trong nuoc",),
        "abroad": ("nuoc ngoai", "quoc te"),
    },
    "contract": {
        "open_ended": ("khong xac dinh thoi han",),
        "fixed_term": ("xac dinh thoi han", "co thoi han"),
        "seasonal": ("thoi vu", "mua vu"),
    },
}
_PATTERNS: dict[str, list[tuple[re.Pattern[str], str]]] = {
    family: sorted(
        (
            (re.compile(rf"(?<!\w){re.escape(wording)}(?!\w)"), member)
            for member, wordings in members.items()
            for wording in wordings
        ),
        key=lambda p: -len(p[0].pattern),
    )
    for family, members in _FAMILIES.items()
}


def named(text: str) -> dict[str, frozenset[str]]:
    """The members of each family a text names (folded, longest wording first; a matched wording is taken out
    of the text so its shorter siblings inside it do not count)."""
    return _named(fold(text))


@lru_cache(maxsize=16_384)
def _named(folded: str) -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {}
    for family, patterns in _PATTERNS.items():
        text, found = folded, set()
        for pattern, member in patterns:
            if pattern.search(text):
                found.add(member)
                text = pattern.sub(" # ", text)
        if found:
            out[family] = frozenset(found)
    return out


@lru_cache(maxsize=16_384)
def _title_named(title: str) -> dict[str, frozenset[str]]:
    return _named(bare_title(title))


def contradicts(asked: dict[str, frozenset[str]], title: str) -> bool:
    """Whether a section title names, in some family, only siblings of what the question names there."""
    stated = _title_named(title)
    return any(family in stated and not (members & stated[family]) for family, members in asked.items())
