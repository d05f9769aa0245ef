"""Who a benefit asked about is for: "Công ty có hỗ trợ học phí cho con của nhân viên không?", "Does the company
pay health insurance for my family?" ask about the employee's family, and a rule for the employee alone (training
fees for the employee's own course, accident insurance for every employee) does not answer them."""

from __future__ import annotations

import re

from indexes.text import fold, has_diacritics, nfc

# what a company gives or pays, then (within the clause) "cho" / "for my" and a member of the family
_GIVES_VI = r"(?:hỗ trợ|mua|đóng|trả|chi trả|chi|cấp|tài trợ|thanh toán|tặng|bảo hiểm|học phí|khám)"
_FAMILY_VI = (
    r"(?:con cái|con|người nhà|người thân|gia đình|vợ con|vợ|chồng|bố mẹ|cha mẹ|thân nhân|ông bà|anh chị em)"
)
_FOR_FAMILY_VI = re.compile(
    rf"(?<!\w)(?P<given>{_GIVES_VI}(?!\w)[^,;?.!]{{0,40}}?)(?<!\w)cho\s+(?:các\s+)?{_FAMILY_VI}(?!\w)"
)
_FOR_FAMILY_FOLDED = re.compile(
    rf"\b(?P<given>{fold(_GIVES_VI)}\b[^,;?.!]{{0,40}}?)\bcho\s+(?:cac\s+)?{fold(_FAMILY_VI)}\b"
)
_KIN_EN = (
    r"(?:family|families|family members|kids?|children|child|sons?|daughters?|wife|husband|spouse|partner|"
    r"parents?|mum|mom|dad|relatives|dependants?|dependents?)"
)
_FOR_FAMILY_EN = re.compile(
    rf"\b(?P<given>(?:pay|pays|paid|cover|covers|covered|give|gives|provide|provides|buy|buys|fund|funds|reimburse|"
    rf"insurance|insure|tuition|fees?)\b[^,;?.!]{{0,40}}?)\bfor\s+(?:my|our|their|his|her|an employee's|"
    rf"employees'?)\s+(?:\w+\s+)?{_KIN_EN}\b",
    re.IGNORECASE,
)
# a family member named by a rule, in either language ("con" not as the classifier of "con số", "con dấu"; "bố"
# only in "bố mẹ": "công bố" announces)
_NAMES_FAMILY = re.compile(
    r"(?<!\w)(?:con(?! (?:số|dấu|đường|người|tàu|lắc))|người nhà|người thân|gia đình|thân nhân|vợ|chồng|bố mẹ|mẹ|cha"
    r"|ông bà|anh chị em)(?!\w)"
    rf"|\b{_KIN_EN}\b",
    re.IGNORECASE,
)


def family_benefit(question: str) -> str | None:
    """What a question asks the company to give or pay for the employee's family (its children, spouse, parents,
    relatives), from the giving verb on ("hỗ trợ học phí" of "… hỗ trợ học phí cho con của nhân viên không?"), or
    None when it asks nothing for the family."""
    text = nfc(question).lower()
    found = _FOR_FAMILY_EN.search(text)
    if found is None:
        found = _FOR_FAMILY_VI.search(text) if has_diacritics(text) else _FOR_FAMILY_FOLDED.search(fold(text))
    return found.group("given").strip() if found else None


def names_family(text: str) -> bool:
    """Whether a rule's text names a member of the employee's family."""
    return bool(_NAMES_FAMILY.search(nfc(text)))
