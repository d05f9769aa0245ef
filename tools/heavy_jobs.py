"""The jobs a company's documents list as heavy or hazardous ("Công việc nặng nhọc, độc hại: vận hành nồi hơi; giặt
là công nghiệp; …", "heavy or hazardous jobs (boiler, industrial laundry, pool chemicals, work at height)"): an
employee whose own words name one of them is in heavy work for the leave days the documents give it (14 a year by
the Labour Code, art. 113), and the list is cited by its span."""

from __future__ import annotations

import re

from indexes.text import fold, is_stopword, stem
from tools.leave_policy import ParamSource, RuleText, cite_rule

# a list introduced by the kind of work: "Công việc nặng nhọc, độc hại: a; b; c", "heavy or hazardous jobs (a, b)"
_LIST = re.compile(
    r"(?:cong viec |nghe |jobs? |work |roles? )?(?:dac biet )?(?:nang nhoc|doc hai|heavy|hazardous)"
    r"(?:[ ,]+(?:hoac |va |or |and )?(?:nang nhoc|doc hai|nguy hiem|heavy|hazardous|dangerous))*"
    r"(?: (?:jobs?|work|roles?|cong viec))?\s*(?:[:(]|(?:bao gom|gom|include|including|such as)\s)\s*([^)]+)"
)
_ITEM_SPLIT = re.compile(r";|,|\band\b|\bva\b|\bor\b|\bhoac\b")


def _words(text: str) -> set[str]:
    return {stem(w) for w in re.findall(r"\w+", fold(text)) if len(w) > 1 and not is_stopword(w, False)}


def heavy_job_lists(rules: list[RuleText]) -> list[tuple[list[set[str]], RuleText]]:
    """Each unit's list of heavy or hazardous jobs, every item as its content words."""
    out = []
    for rule in rules:
        m = _LIST.search(fold(re.sub(r"[*_`]", "", rule.text)))
        if not m:
            continue
        items = [_words(i) for i in _ITEM_SPLIT.split(m.group(1))]
        items = [i for i in items if i and len(i) <= 5]  # an item is a job, not a sentence
        if len(items) >= 2:
            out.append((items, rule))
    return out


def heavy_job_of(rules: list[RuleText], employee: str) -> ParamSource | None:
    """The list naming the employee's job (every word of one of its items in the employee's words), cited."""
    said = _words(employee)
    for items, rule in heavy_job_lists(rules):
        named = next((i for i in items if i <= said), None)
        if named:
            return cite_rule(rule, f"công việc nặng nhọc, độc hại: {' '.join(sorted(named))}")
    return None
