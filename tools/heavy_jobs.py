"""The jobs a company's documents list as heavy or hazardous ("Công việc nặng nhọc, độc hại: vận hành nồi hơi; giặt
là công nghiệp; …", "heavy or hazardous jobs (boiler, industrial laundry, pool chemicals, work at height)"): an
employee whose own words name one of them is in heavy work (or especially heavy work, for a list of that kind) for
the leave days the documents give it (14 and 16 a year by the Labour Code, art. 113); the list is cited by its span.
"""

from __future__ import annotations

import re

from indexes.text import fold, has_diacritics, nfc, stem
from tools.leave_policy import ParamSource, RuleText, WorkConditions, cite_rule

# a list introduced by the kind of work: "Công việc nặng nhọc, độc hại: a; b; c", "heavy or hazardous jobs (a, b)"
_LIST = re.compile(
    r"(?:cong viec|nghe|cong viec va nghe|jobs?|work|roles?|occupations?)\s+(?P<special>dac biet\s+)?"
    r"(?:nang nhoc|doc hai|heavy|hazardous)(?:[ ,]+(?:hoac |va |or |and )?(?:nang nhoc|doc hai|nguy hiem|heavy"
    r"|hazardous|dangerous))*(?:\s+(?:jobs?|work|roles?))?\s*(?:[:(]|(?:bao gom|gom|include|including|such as)\s)"
    r"\s*(?P<items>[^)]+)"
    r"|(?P<special2>(?:especially|particularly) )?(?:heavy|hazardous)(?: or (?:heavy|hazardous|dangerous))? "
    r"(?:jobs?|work|roles?)\s*(?:[:(]|(?:include|including|such as)\s)\s*(?P<items2>[^)]+)"
)
_NEGATED = re.compile(r"\b(?:khong|chua|not|no|never|don'?t|doesn'?t|isn'?t)\s+(?:\w+\s+){0,2}$")


def _tokens(text: str, accented: bool) -> list[str]:
    words = re.findall(r"\w+", nfc(text).lower() if accented else fold(text))
    return [stem(w) for w in words]


def heavy_job_lists(rules: list[RuleText]) -> list[tuple[list[str], WorkConditions, RuleText]]:
    """Each unit's list of heavy or hazardous jobs (items as written), and the kind of work it lists."""
    out = []
    for rule in rules:
        plain = nfc(re.sub(r"[*_`]", "", rule.text))
        m = _LIST.search(fold(plain))
        if not m:
            continue
        start = m.start("items") if m.group("items") else m.start("items2")
        written = plain[start : start + len(m.group("items") or m.group("items2"))]  # fold keeps NFC lengths
        sep = ";" if ";" in written else ","
        items = [i.strip(" .") for i in re.split(rf"{sep}|\bvà\b|\band\b|\bor\b|\bhoặc\b", written)]
        items = [i for i in items if i and len(i.split()) <= 6 and not re.search(r"\d", i)]
        kind: WorkConditions = "especially_heavy" if m.group("special") or m.group("special2") else "heavy"
        if len(items) >= 2:
            out.append((items, kind, rule))
    return out


def _names(item: str, employee: str) -> bool:
    """Whether the employee's words say the item as a phrase (accents compared when both have them), not negated
    just before it ("không vận hành nồi hơi")."""
    accented = has_diacritics(item) and has_diacritics(employee)
    phrase, said = _tokens(item, accented), _tokens(employee, accented)
    text = nfc(employee).lower() if accented else fold(employee)
    for i in range(len(said) - len(phrase) + 1):
        if said[i : i + len(phrase)] == phrase:
            before = " ".join(re.findall(r"\w+", text)[max(0, i - 3) : i]) + " "
            if not _NEGATED.search(fold(before)):
                return True
    return False


def heavy_job_of(rules: list[RuleText], employee: str) -> tuple[WorkConditions, ParamSource] | None:
    """The kind of work and the list naming the employee's job, cited; None when no list names it."""
    for items, kind, rule in heavy_job_lists(rules):
        named = next((i for i in items if _names(i, employee)), None)
        if named:
            return kind, cite_rule(rule, f"công việc nặng nhọc, độc hại: {named}")
    return None
