"""The separate questions one question asks ("Vay tối đa bao nhiêu, có tính lãi không?", "How much is the
budget, and can I get cash instead?"): clauses each holding a question of their own. The answer quotes the rule
for each, not only for the one whose words dominate."""

from __future__ import annotations

import re

from agent.language import english_concepts, language_of, stemmed, vietnamese_concepts, vietnamese_query
from indexes.text import fold, has_diacritics, nfc

# A Vietnamese clause asks something when it holds a question word: with accents as written ("mấy" is not "máy"),
# without them folded ("may" only before what it counts); "không" and "chưa" only at a clause's end, where
# "có … không" and "đã … chưa" put them, a polite particle after them allowed ("chưa được xét" states a fact).
# An indefinite "bất kỳ … nào", "có gì thay đổi", "chưa nghỉ ngày nào" asks nothing.
_POLITE = r"(?:\s+(?:ạ|vậy|nhỉ|nhé|hả|thế|a|vay|nhi|nhe|ha|the))*"
# "sao" ends a question ("xử lý sao", "tính sao": how), but after a number ("khách sạn 5 sao"), "không" ("không
# sao": no matter) or "thì" ("…thì sao, có bị trừ lương không?" asks what follows)
_NOT_HOW = r"(?<!\d )(?<!không )(?<!khong )(?<!thì )(?<!thi )"
_VI_ASKS = re.compile(
    r"(?<!\w)(?:bao nhiêu|bao lâu|bao giờ|mấy|thế nào|ra sao|tại sao|vì sao|thì sao|gì|nào|ai|ở đâu|đâu)(?!\w)"
    rf"|(?<!\w)(?:không|chưa|chăng|{_NOT_HOW}sao){_POLITE}\s*$"
)
_VI_ASKS_FOLDED = re.compile(
    r"\b(?:bao nhieu|bao lau|bao gio|the nao|ra sao|tai sao|vi sao|thi sao|o dau|khi nao|luc nao|gi|"
    r"may (?:ngay|gio|thang|nam|lan|tuan|phut|tieng|buoi|nguoi|phan tram|%))\b"
    rf"|\b(?:khong|chua|{_NOT_HOW}sao){_POLITE}\s*$"
)
_VI_INDEFINITE = re.compile(
    r"(?<!\w)(?:bất kỳ|bất cứ|có)\s+(?:\w+\s+)?(?:gì|nào|ai)(?!\w)(?!.*(?:không|chưa)\s*$)"
    r"|(?<!\w)(?:gì|nào|ai)\s+cũng(?!\w)|(?<!\w)(?:không|chẳng)\s+(?:ai|gì)(?!\w)|(?<!\w)thì sao(?!\w)"
    r"|(?<!\w)(?:chưa|chẳng)\s+(?:\w+\s+){0,4}(?:gì|nào)(?!\w)"  # "chưa nghỉ ngày phép nào": none yet
)
# An English clause asks something when it opens with a question word ("when"/"where" only with an auxiliary
# after them: "When my shift changes," is a condition), or with an auxiliary when a question follows it or it ends
# the sentence.
_AUX = (
    r"is|are|am|was|were|do|does|did|can|could|will|would|should|shall|must|may|might|have|has|had|"
    r"isn't|aren't|don't|doesn't|can't|won't"
)
_LEAD = r"^(?:and |also |then |so )*"
_EN_WH = re.compile(rf"{_LEAD}(?:what|how|which|who|whom|why|whose|(?:when|where) (?:{_AUX}))\b")
_EN_AUX = re.compile(rf"{_LEAD}(?:{_AUX})\b")
# a condition ("Nếu …", "Khi …", "Trong trường hợp …", "If …", "In case …") never asks by itself: it belongs to
# the question that follows ("Nếu không, có được trả tiền không?" is one question)
_CONDITION = re.compile(
    r"^(?:nếu|nêu|neu|khi(?! nào| nao)|(?:trong )?trường hợp(?! nào)|(?:trong )?truong hop(?! nao)|giả sử|dù"
    r"|mặc dù|bất kể|if|in case|unless|when(?! (?:" + _AUX + r")\b))\b"
)
# "thì" opens what a condition leads to; unaccented "thi" only in a question written without accents ("thi" is
# an exam)
_THEN = re.compile(r"(?<!\w)thì(?!\w)")
_THEN_FOLDED = re.compile(r"(?<!\w)thi(?!\w)")
# "…, hay …" / "…, or …" offers the alternative of the question before it, not a question of its own
_ALTERNATIVE = re.compile(r"^(?:hay|hoặc|or)\b")
# Where one question may end and another begin: a question mark, an exclamation mark, a full stop ending a sentence (between a
# lower-case letter and a capital: not "TP. HCM" nor "7.200.000"), a semicolon, a comma (not inside a number:
# "7,200,000"), or "và" / "and" between clauses. "hay" / "or" join the alternatives of one question ("paid or
# unpaid", "…, hay bị trừ vào phép năm?"), never two.
_BREAK = re.compile(r"\?\s*|!+\s*|(?<=\w)\.\s+(?=\w)|;\s*|,(?!\d)\s*|\s(?:và|va|and)\s", re.IGNORECASE)
_AND_AFTER = re.compile(r"(?i)^(?:and|và|va)\b")
MIN_WORDS = 2  # a part of fewer words ("và sau đó?") asks nothing on its own
MAX_PARTS = 3  # the parts of one question searched and quoted for


def _asks(clause: str, vietnamese: bool, accented: bool, sentence_end: bool) -> bool:
    """Whether a clause asks something itself (a question word, or an English auxiliary opening a question)."""
    text = nfc(clause).strip(" ?.!").lower()
    if _ALTERNATIVE.search(text):
        return False
    while _CONDITION.search(text if accented or not vietnamese else fold(text)):
        # a condition asks nothing, unless its own "thì …" asks ("nếu cưới vợ thì được nghỉ thêm mấy ngày"),
        # itself perhaps another condition ("nếu … thì nếu … thì …")
        then = (_THEN.search(text) if accented else _THEN_FOLDED.search(fold(text))) if vietnamese else None
        if then is None:
            return False
        text = text[then.end() :].strip()
        if re.fullmatch(rf"sao{_POLITE}", text):  # "…thì sao, có bị trừ lương không?": the question follows
            return False
    if vietnamese:
        if accented:
            return bool(_VI_ASKS.search(_VI_INDEFINITE.sub(" ", text)))
        return bool(_VI_ASKS_FOLDED.search(fold(text)))
    lowered = re.sub(r"\s+", " ", text)
    return bool(_EN_WH.search(lowered) or (sentence_end and _EN_AUX.search(lowered)))


def _pieces(text: str) -> list[tuple[int, int, str]]:
    """The question's clauses as (start, end, the break after it: "?" a sentence's end, "" the question's)."""
    pieces = []
    start = 0
    for m in _BREAK.finditer(text):
        if m.group(0).startswith(".") and not (text[m.start() - 1].islower() and text[m.end()].isupper()):
            continue  # a full stop ends a sentence before a capital, not in "TP. HCM" nor "7.200.000"
        brk = m.group(0).strip().lower()
        pieces.append((start, m.start(), "." if brk.startswith("!") else brk))  # "!" ends a sentence
        start = m.end()
    pieces.append((start, len(text), ""))
    return [p for p in pieces if text[p[0] : p[1]].strip()]


def _asking(text: str, pieces: list[tuple[int, int, str]]) -> list[bool]:
    """Which clauses ask something; an English auxiliary's clause joined by "and" to a question is one too ("Can
    my husband join, and how much does the company pay?")."""
    vietnamese = language_of(text) == "vi"
    accented = has_diacritics(text)
    asks = [_asks(text[s:e], vietnamese, accented, brk in ("?", ".", "")) for s, e, brk in pieces]
    for i in range(len(pieces) - 2, -1, -1):
        start, end, brk = pieces[i]
        nxt = text[pieces[i + 1][0] : pieces[i + 1][1]]
        joined = brk in ("and", ",") and (brk == "and" or _AND_AFTER.match(nxt))
        if not vietnamese and not asks[i] and joined and asks[i + 1]:
            asks[i] = _asks(text[start:end], vietnamese, accented, True)
    return asks


def _part_spans(text: str) -> tuple[list[tuple[int, int]], int]:
    """The spans of the parts of a whitespace-normalised question (``question_parts``), and where its first
    asking clause begins (the clauses before it set the scene of every part)."""
    pieces = _pieces(text)
    spans: list[tuple[int, int]] = []
    pending: int | None = None  # where the clauses that ask nothing yet begin
    first_ask = 0
    for (start, end, _), asked in zip(pieces, _asking(text, pieces), strict=True):
        begin = start if pending is None else pending
        if asked and len(text[begin:end].split()) >= MIN_WORDS:
            if not spans:
                first_ask = start
            spans.append((begin, end))
            pending = None
        elif pending is None:
            pending = start
    if pending is not None and spans:
        spans[-1] = (spans[-1][0], len(text))
    return spans, first_ask


def question_parts(question: str) -> list[str]:
    """The question's parts, in order, each a span of it (a clause or run of clauses) that asks something; one
    part when it asks one thing. A clause that asks nothing joins the part after it (a condition, the topic: "Nếu
    nghỉ 2 ngày, có bị trừ lương không" is one part), or the last part when none follows."""
    text = re.sub(r"\s+", " ", nfc(question)).strip()
    spans, _ = _part_spans(text)
    if len(spans) < 2:
        return [question.strip()]
    return [text[s:e].strip() for s, e in spans]


def part_queries(question: str, topic: bool = True, scene: bool = True) -> list[str]:
    """What each part of a question that asks several things asks, read on its own (``question_parts``): the
    first part as it is; each later one with the clauses that set the scene of all of them before it ("Getting
    married in December!! … and does the company give anything": the gift is for a wedding), and the topic of the
    part before it when it names none of its own ("…the summer trip budget…, and can I get cash if I don't
    go?"; ``topic`` False: not that topic, which would rank the first part's rule again; ``scene`` False: not the
    scene either). One part for a question that asks one thing."""
    text = re.sub(r"\s+", " ", nfc(question)).strip()
    spans, first_ask = _part_spans(text)
    if len(spans) < 2:
        return [question.strip()]
    english = language_of(text) == "en"
    found = english_concepts if english else vietnamese_concepts
    setting = text[spans[0][0] : first_ask].strip(" ,;") if scene else ""
    queries = [text[spans[0][0] : spans[0][1]].strip()]
    for (before, after), (start, end) in zip(spans, spans[1:], strict=False):
        query = text[start:end].strip()
        if topic and not any(not c.general for c in found(f"{setting} {query}")):
            # an English concept as the question words it; a Vietnamese one is found folded: the part itself
            earlier = text[max(before, first_ask) : after].strip(" ,;")
            named = [c.asked for c in found(earlier) if not c.general]
            query = " ".join(
                [*(_as_worded(named, earlier) if english else [earlier] if named else []), query]
            )
        queries.append(f"{setting} {query}".strip())
    return queries


def _as_worded(concepts: list[str], clause: str) -> list[str]:
    """The English concepts found in a clause (stemmed: "working hour") in the clause's own words ("working
    hours"), for a search: each the run of the clause's words whose stems make it."""
    tokens = list(re.finditer(r"[^\W_]+", clause))  # each word read on its own: the offsets stay the clause's
    stems = [stemmed(t.group(0)) for t in tokens]
    worded = []
    for concept in concepts:
        wanted = concept.split()
        at = next((i for i in range(len(stems)) if stems[i : i + len(wanted)] == wanted), None)
        if at is None:  # said apart ("when I get married"): the stems
            worded.append(concept)
        else:
            worded.append(clause[tokens[at].start() : tokens[at + len(wanted) - 1].end()])
    return worded


def circumstances(question: str) -> list[str]:
    """The clauses of a Vietnamese question that set its scene: they ask nothing and are no condition, while
    another clause asks ("Tháng 7 khách sạn đông khách, nhân viên buồng phòng có được nghỉ 4 ngày không?": July is
    busy). What they say is the asker's situation, not the topic; a condition ("Nếu bị ốm, …") may be the topic."""
    text = re.sub(r"\s+", " ", nfc(question)).strip()
    if language_of(text) != "vi":
        return []
    pieces = _pieces(text)
    asks = _asking(text, pieces)
    if len(pieces) < 2 or not any(asks):
        return []
    accented = has_diacritics(text)
    clauses = [text[start:end].strip() for start, end, _ in pieces]
    return [
        clause
        for clause, asked in zip(clauses, asks, strict=True)
        if not asked and not _CONDITION.search(clause.lower() if accented else fold(clause.lower()))
    ]


def searches_by_part(question: str) -> list[list[str]]:
    """The searches for each later part of a question asking several things (up to ``MAX_PARTS`` parts), each
    part read on its own (``part_queries``: the scene, the topic it borrows) and, for an English question, also
    in Vietnamese; none that searches the whole question again."""
    english = language_of(question) == "en"
    whole = {question, vietnamese_query(question)}  # searched for the whole question already
    by_part: list[list[str]] = []
    for query in part_queries(question)[1:MAX_PARTS]:
        searches = [query, *([t] if english and (t := vietnamese_query(query)) else [])]
        by_part.append([s for s in dict.fromkeys(searches) if s not in whole])
    return by_part


def part_searches(question: str) -> list[str]:
    """All the searches for a question's later parts (``searches_by_part``), in order, each once."""
    return list(dict.fromkeys(s for searches in searches_by_part(question) for s in searches))
