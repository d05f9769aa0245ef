"""Which relative a question asks about ("My uncle passed away …", "Bà ngoại của vợ em mất …"), which relatives a
rule lists ("Bố đẻ, mẹ đẻ, bố vợ, mẹ vợ …; vợ hoặc chồng; con chết: 03 ngày"), and whether the rule names the one
asked about. A leave, gift or support rule that lists whom it is for does not cover a relative it leaves out: the
Labour Code's own list (parents, parents-in-law, spouse, children; grandparents and siblings) has no uncle, cousin
or spouse's grandmother, and a company rule that copies it says nothing about them."""

from __future__ import annotations

import re

from indexes.text import ITEM_MARK, has_diacritics, nfc

# each relation's wordings, most specific first; Vietnamese as written (accents), English lowercase. A wording
# naming the spouse's relative is its own relation: the employee's grandmother is not the wife's.
_VI: dict[str, list[str]] = {
    "spouse_grandparent": [
        r"(?:ông|bà)(?:\s+(?:nội|ngoại))?(?:\s+của)?\s+(?:vợ|chồng)(?:\s+(?:em|tôi|mình|anh|chị))?",
        r"ông\s*,?\s*bà(?:\s+(?:nội|ngoại))?(?:\s+của)?\s+(?:vợ|chồng)",
    ],
    "parent_in_law": [
        r"(?:bố|cha|mẹ|ba|má)(?:\s*[,/]?\s*(?:và\s+)?(?:bố|cha|mẹ|ba|má))?\s+(?:vợ|chồng)(?:\s*/\s*(?:vợ|chồng))?",
        r"nhạc\s+(?:phụ|mẫu)",
    ],
    "sibling_in_law": [
        r"(?:anh|em)\s+rể",
        r"(?:chị|em)\s+dâu",
        r"(?:anh|chị|em)\s+(?:vợ|chồng)(?=\s|$|[,.?!])",
    ],
    "cousin": [r"anh\s*,?\s*chị\s*,?\s*em\s+họ", r"(?:anh|chị|em)\s+(?:họ|con\s+(?:chú|bác|cô|dì|cậu))"],
    "sibling": [
        r"anh\s*[,/]?\s*chị\s*[,/]?\s*(?:và\s+)?em(?:\s+ruột)?",
        r"(?:anh|chị|em)\s+ruột",
        r"anh\s+trai|chị\s+gái|em\s+trai|em\s+gái",
    ],
    "grandparent": [r"ông\s*[,/]?\s*bà(?:\s+(?:nội|ngoại))?", r"(?:ông|bà)\s+(?:nội|ngoại)"],
    "grandchild": [r"cháu\s+(?:nội|ngoại)"],
    "uncle_aunt": [r"(?:chú|bác|cô|dì|cậu|thím|mợ|dượng)\s+(?:ruột|em|tôi|mình|của\s+(?:em|tôi|mình))(?!\w)"],
    "parent": [
        r"(?:bố|cha|mẹ|ba|má)\s*[,/]?\s*(?:và\s+)?(?:bố|cha|mẹ|ba|má)(?:\s+(?:đẻ|ruột|nuôi))?",
        r"(?:bố|cha|mẹ)\s+(?:đẻ|ruột|nuôi)",
        r"(?:bố|mẹ|cha)(?=\s+(?:em|tôi|mình|của|anh|chị|bị|mất|qua|ốm)(?!\w))",
    ],
    "spouse": [r"vợ(?:\s*(?:hoặc|,|/|và)\s*chồng)?", r"chồng(?!\s+chéo)"],
    "child": [
        r"con\s+(?:đẻ|nuôi|trai|gái|ruột|riêng)",
        r"con(?=\s+(?:em|tôi|mình|của|dưới|nhỏ|ốm|bị|kết|cưới|chết|mất|sinh)(?!\w))",
    ],
}
_EN: dict[str, list[str]] = {
    "spouse_grandparent": [
        r"(?:wife|husband|spouse|partner)'?s\s+(?:grand(?:mother|father|parents?|ma|pa)|granny)"
    ],
    "parent_in_law": [
        r"(?:father|mother|parents?)[- ]in[- ]laws?",
        r"in-laws",
        r"(?:wife|husband|spouse)'?s\s+(?:father|mother|parents?|mum|mom|dad)",
    ],
    "sibling_in_law": [r"(?:brother|sister)s?[- ]in[- ]laws?"],
    "cousin": [r"cousins?"],
    "sibling": [r"brothers?", r"sisters?", r"siblings?"],
    "grandparent": [r"grand(?:mother|father|parents?|ma|pa)s?", r"granny|grannie"],
    "grandchild": [r"grand(?:son|daughter|child|children)s?"],
    "uncle_aunt": [r"uncles?", r"aunts?|aunties?"],
    "nephew_niece": [r"nephews?|nieces?"],
    "step_parent": [r"step(?:father|mother|mom|mum|dad|parents?)"],
    "parent": [r"parents?", r"father|mother|mum|mom|dad|mummy|daddy"],
    "spouse": [r"wife|husband|spouse"],
    "partner": [r"girlfriend|boyfriend|fianc[ée]e?|partner"],
    "child": [r"sons?|daughters?|child(?:ren)?|kids?|baby|babies"],
}
# a rule for the family in general ("người thân", "family members") covers any relative
_ANY_VI = re.compile(r"(?<!\w)(?:người\s+thân|thân\s+nhân|gia\s+đình|người\s+nhà|họ\s+hàng)(?!\w)")
_ANY_EN = re.compile(r"\b(?:relatives?|family|families|next of kin|dependants?|dependents?)\b")


def _compiled(table: dict[str, list[str]], english: bool) -> re.Pattern[str]:
    parts = [f"(?P<{name}>{'|'.join(wordings)})" for name, wordings in table.items()]
    edge = (r"\b", r"\b") if english else (r"(?<!\w)", r"(?!\w)")
    return re.compile(f"{edge[0]}(?:{'|'.join(parts)}){edge[1]}", re.IGNORECASE)


_VI_RE = _compiled(_VI, english=False)
_EN_RE = _compiled(_EN, english=True)
# the relative an English question asks about: "my (late) uncle", "my wife's grandmother"
_EN_ASKED = re.compile(
    rf"\b(?:my|our)\s+(?:late\s+|own\s+|elder\s+|younger\s+|older\s+)?(?:{_EN_RE.pattern})"
)


def _relations(text: str, pattern: re.Pattern[str]) -> list[str]:
    return [m.lastgroup for m in pattern.finditer(text) if m.lastgroup]


def asked_relative(question: str) -> str | None:
    """The relative a question is about (a relation's name: "uncle_aunt", "grandparent", …), the first one it
    names as the employee's, or None: an English "my …" (not "a colleague's father"), a Vietnamese kin word
    with its possessor or kind ("chú ruột", "bác em", "ông nội", "em họ"). Vietnamese without accents is not
    read: "co", "chu", "ba" are other words."""
    text = nfc(question).lower()
    found = _EN_ASKED.search(text)
    if found is not None:
        return _relations(found.group(0), _EN_RE)[0]
    if not has_diacritics(text):
        return None
    named = _kin_named(text, _VI_RE)
    return named[0].lastgroup if named else None


def _kin_named(text: str, pattern: re.Pattern[str]) -> list[re.Match[str]]:
    """The relations ``pattern`` finds in ``text`` (NFC, lower case), in order; "anh chị em" alone addresses
    everyone ("Anh chị em công nhân …"), siblings being "ruột"."""
    return [
        m
        for m in pattern.finditer(text)
        if m.lastgroup and not re.fullmatch(r"anh\W*chị\W*(?:và\s+)?em", m.group(0))
    ]


# how far into a rule its subject is named ("3. Con dưới 05 tuổi đi cùng bố mẹ …": the child; "4. Người thân khác
# (cha mẹ, anh chị em) …": the parents)
SUBJECT_CHARS = 80


def subject_relative(rule: str) -> str | None:
    """The relative a rule (a clause, a list item, a row) is about: the first relation named in its opening
    ``SUBJECT_CHARS`` characters, Vietnamese or English; None when it opens naming none."""
    text = nfc(rule).lower()
    opening = text[ITEM_MARK.match(text).end() :][:SUBJECT_CHARS]
    found = [*_kin_named(opening, _VI_RE), *_kin_named(opening, _EN_RE)]
    return min(found, key=lambda m: m.start()).lastgroup if found else None


def listed_relatives(text: str) -> set[str]:
    """The relatives a rule's text names."""
    text = nfc(text).lower()
    return set(_relations(text, _VI_RE)) | set(_relations(text, _EN_RE))


def _names_family(text: str) -> bool:
    text = nfc(text).lower()
    return bool(_ANY_VI.search(text) or _ANY_EN.search(text))


# the employee's close family, the Labour Code's list of paid leave (parents, parents-in-law, spouse, children): a
# rule listing relatives that leaves them out is about something else (the employee's own wedding, "cưới vợ"; a
# child's sick days), not silent on them; and their wordings vary most ("cha đẻ, mẹ đẻ … của vợ hoặc chồng")
_HOUSEHOLD = {"parent", "parent_in_law", "spouse", "child"}
# a list of this many relatives says whom the rule is for, even under a general word ("Người thân mất: bố, mẹ,
# vợ, chồng, con …"); a shorter one beside "người thân", "family" gives examples
_ENUMERATION = 3


def distant_relative(question: str) -> str | None:
    """The relative a question asks about when it is outside the employee's household (``asked_relative``)."""
    asked = asked_relative(question)
    return None if asked in _HOUSEHOLD else asked


def leaves_out(relative: str, rule_text: str) -> bool:
    """Whether a rule listing whom it is for (two relatives or more and no word for the family in general,
    or ``_ENUMERATION`` or more) leaves out ``relative``: "My uncle passed away" against "bố đẻ, mẹ đẻ, vợ, chồng,
    con; ông bà, anh chị em ruột"."""
    listed = listed_relatives(rule_text)
    enumerated = len(listed) >= _ENUMERATION or (len(listed) >= 2 and not _names_family(rule_text))
    return enumerated and relative not in listed


def left_out(relative: str, rule_text: str, evidence: list[str]) -> bool:
    """Whether a rule leaves out ``relative`` (``leaves_out``) and no text of the evidence names them."""
    return leaves_out(relative, rule_text) and not any(relative in listed_relatives(t) for t in evidence)


# how a refusal names each relation
RELATION_NAMES: dict[str, dict[str, str]] = {
    "spouse_grandparent": {"en": "your spouse's grandparents", "vi": "ông bà của vợ/chồng"},
    "sibling_in_law": {"en": "a brother- or sister-in-law", "vi": "anh, chị, em rể hoặc dâu"},
    "cousin": {"en": "a cousin", "vi": "anh, chị, em họ"},
    "sibling": {"en": "a brother or sister", "vi": "anh, chị, em ruột"},
    "grandparent": {"en": "a grandparent", "vi": "ông bà"},
    "grandchild": {"en": "a grandchild", "vi": "cháu nội, cháu ngoại"},
    "uncle_aunt": {"en": "an uncle or aunt", "vi": "chú, bác, cô, dì, cậu"},
    "nephew_niece": {"en": "a nephew or niece", "vi": "cháu (con của anh, chị, em)"},
    "step_parent": {"en": "a step-parent", "vi": "bố dượng, mẹ kế"},
    "partner": {"en": "a partner you are not married to", "vi": "người yêu, hôn phu, hôn thê"},
}
