"""The separate questions one question asks ("Vay tối đa bao nhiêu, có tính lãi không?", "How much is the
budget, and can I get cash instead?"): clauses each holding a question of their own. The answer quotes the rule
for each, not only for the one whose words dominate."""

from __future__ import annotations

import re

from agent.language import language_of
from indexes.text import fold, has_diacritics, nfc

# A Vietnamese clause asks something when it holds a question word: with accents as written ("mấy" is not "máy"),
# without them folded and "may" only before what it counts; "không" and "chưa" only as a clause's last word,
# where "có … không" and "đã … chưa" put them ("chưa được xét" in the middle states a fact).
_VI_WORDS = r"bao nhiêu|bao lâu|bao giờ|mấy|thế nào|ra sao|gì|nào|ai|ở đâu|đâu"
_VI_ASKS = re.compile(rf"(?<!\w)(?:{_VI_WORDS})(?!\w)|(?<!\w)(?:không|chưa|chăng)\s*$")
_VI_ASKS_FOLDED = re.compile(
    r"\b(?:bao nhieu|bao lau|bao gio|the nao|ra sao|o dau|"
    r"may (?:ngay|gio|thang|nam|lan|tuan|phut|tieng|buoi|nguoi|phan tram|%))\b|\b(?:khong|chua)\s*$"
)
# An English clause asks something when it opens with a question word ("when"/"where" only with an auxiliary
# after them: "When my shift changes," is a condition), or with an auxiliary when it ends the sentence with "?"
_AUX = (
    r"is|are|am|was|were|do|does|did|can|could|will|would|should|shall|must|may|might|have|has|had|"
    r"isn't|aren't|don't|doesn't|can't|won't"
)
_EN_WH = re.compile(
    rf"^(?:and |also |or |then |so )*(?:what|how|which|who|whom|why|whose|(?:when|where) (?:{_AUX}))\b"
)
_EN_AUX = re.compile(rf"^(?:and |also |or |then |so )*(?:{_AUX})\b")
# where one question may end and another begin: a sentence's question mark, a semicolon, a comma (not inside a
# number: "7,200,000"), or "và" / "and" / "or" / "hay" / "còn" between clauses
_BREAK = re.compile(r"\?\s+|;\s*|(?<!\d),\s*|,(?!\d)\s*|\s+(?:và|and|or|hay|còn)\s+", re.IGNORECASE)
MIN_WORDS = 2  # a part of fewer words ("và sau đó?") asks nothing on its own


def _asks(clause: str, vietnamese: bool, accented: bool, sentence_end: bool) -> bool:
    text = clause.strip(" ?.!")
    if vietnamese:
        return bool(_VI_ASKS.search(nfc(text).lower()) if accented else _VI_ASKS_FOLDED.search(fold(text)))
    lowered = re.sub(r"\s+", " ", text.lower())
    return bool(_EN_WH.search(lowered) or (sentence_end and _EN_AUX.search(lowered)))


def question_parts(question: str) -> list[str]:
    """The question's parts, in order, each a clause (or run of clauses) that asks something; one part when it
    asks one thing. A clause that asks nothing joins the part after it (a condition, the topic: "Nếu nghỉ 2
    ngày, có bị trừ lương không" is one part), or the last part when none follows."""
    text = question.strip()
    vietnamese = language_of(text) == "vi"
    accented = has_diacritics(text)
    pieces: list[tuple[str, str]] = []  # (clause, the break after it: "?" ends a sentence, "" the question)
    start = 0
    for m in _BREAK.finditer(text):
        pieces.append((text[start : m.start()], m.group(0).strip().lower()))
        start = m.end()
    pieces.append((text[start:], ""))
    asks = [_asks(piece, vietnamese, accented, brk in ("?", "")) for piece, brk in pieces]
    # "Can my husband join, and how much does the company pay?": an auxiliary's clause joined by "and" / "or" to
    # a question is one too
    for i in range(len(pieces) - 2, -1, -1):
        piece, brk = pieces[i]
        joined = brk in ("and", "or") or (brk == "," and re.match(r"(?i)(?:and|or)\b", pieces[i + 1][0]))
        if not vietnamese and not asks[i] and joined and asks[i + 1]:
            asks[i] = _asks(piece, vietnamese, accented, True)
    parts: list[str] = []
    pending = ""  # clauses that ask nothing yet
    for (piece, _), asked in zip(pieces, asks, strict=True):
        clause = f"{pending} {piece}".strip()
        if asked and len(clause.split()) >= MIN_WORDS:
            parts.append(clause)
            pending = ""
        else:
            pending = clause
    if pending:
        if not parts:
            return [text]
        parts[-1] = f"{parts[-1]} {pending}"
    return parts
