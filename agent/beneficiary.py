"""Who a benefit asked about is for: "Công ty có hỗ trợ học phí cho con của nhân viên không?", "Does the company
pay health insurance for my family?" ask about the employee's family, and a rule for the employee alone (training
fees for the employee's own course, accident insurance for every employee) does not answer them."""

from __future__ import annotations

import re

from indexes.text import fold, has_diacritics, nfc

# what a company gives or pays, then (within the clause) "cho" / "for my" and a member of the family; not "trả lương"
# (the pay of a leave "chăm sóc cho con ốm" is the employee's), nor a folded "dong" of "lao động", "hợp đồng"
_GIVES_VI = (
    r"(?:hỗ trợ|mua|đóng|trả(?! lương)|chi trả|chi|cấp|tài trợ|thanh toán|tặng|bảo hiểm|học phí|khám|trợ cấp)"
)
_FAMILY_VI = (
    r"(?:con cái|con|người nhà|người thân|gia đình|vợ con|vợ|chồng|bố mẹ|cha mẹ|bố|mẹ|cha|thân nhân|ông bà"
    r"|anh chị em)"
)
# a leave or care taken for the family is the employee's ("nghỉ chăm sóc cho con"), not a benefit given to it
_CARE = re.compile(r"(?<!\w)(?:nghỉ|chăm|nghi|cham)(?!\w)|\b(?:leave|care|look after)\b", re.IGNORECASE)
_FOR_FAMILY_VI = re.compile(
    rf"(?<!\w)(?P<given>{_GIVES_VI}(?!\w)[^,;?.!]{{0,40}}?)(?<!\w)cho\s+(?:các\s+)?{_FAMILY_VI}(?!\w)"
)
_FOR_FAMILY_FOLDED = re.compile(
    rf"(?<!lao )(?<!hop )(?<!hoat )\b(?P<given>{fold(_GIVES_VI)}\b[^,;?.!]{{0,40}}?)\bcho\s+(?:cac\s+)?"
    rf"{fold(_FAMILY_VI)}\b"
)
_KIN_EN = (
    r"(?:family|families|family members|kids?|children|child|sons?|daughters?|wife|husband|spouse|partner|"
    r"parents?|mum|mom|dad|mother|father|brothers?|sisters?|grandparents?|relatives|dependants?|dependents?)"
)
_FOR_FAMILY_EN = re.compile(
    rf"\b(?P<given>(?:pay|pays|paid|cover|covers|covered|give|gives|provide|provides|buy|buys|fund|funds|reimburse|"
    rf"insurance|insure|tuition|fees?|allowance|subsidy)\b[^,;?.!]{{0,40}}?)\bfor\s+(?:my|our|their|his|her|"
    rf"an employee's|employees'?)\s+(?:\w+\s+)?{_KIN_EN}\b",
    re.IGNORECASE,
)
# a family member named by a rule, in either language ("con" not as the classifier of "con số", "con dấu"; "bố"
# only in "bố mẹ": "công bố" announces; "chồng chéo" overlaps)
_NAMES_FAMILY = re.compile(
    r"(?<!\w)(?:con(?! (?:số|dấu|đường|người|tàu|lắc|dao))|người nhà|người thân|gia đình|thân nhân|vợ|chồng(?! chéo)"
    r"|bố mẹ|mẹ|cha|ông bà|anh chị em)(?!\w)"
    r"|\b(?:family members?|families|kids?|children|child|sons?|daughters?|wife|husband|spouse|parents?|mother|father"
    r"|relatives|dependants?|dependents?)\b",
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
    if found is None or _CARE.search(found.group("given")):
        return None
    return found.group("given").strip()


def names_family(text: str) -> bool:
    """Whether a rule's text names a member of the employee's family."""
    return bool(_NAMES_FAMILY.search(nfc(text)))
