"""The question inside an employee's courtesy: greetings, forms of address, request formulae, thanks and sign-offs
("Anh chị ơi, cho em hỏi … ạ. Em cảm ơn ạ.", "Hi HR team, quick question: … Thanks in advance!") ask nothing.
Their words are in no regulation, so read as topic they would make a refusal ("a word no document has") or steer
the ranking. :func:`core_question` drops them from the start and the end of a question, in Vietnamese and English;
what it keeps is what the tools and the answer's checks read (the conversation keeps the words as written).

The formulae are general ones of how people write to a colleague or a department, not fitted to any question set.
A frame is dropped only whole (up to a comma, a colon, a sentence end or the words that open the question), and a
question never loses its last words: a text that would be left with fewer than ``MIN_WORDS`` words is kept as
written.
"""

from __future__ import annotations

import functools
import re

from agent.chat_spelling import read_chat_spelling
from indexes.text import fold, has_diacritics, nfc, unaccented

MIN_WORDS = 3

# whom an employee writes to
_ADDRESSEE_VI = (
    r"(?:các\s+|cả\s+)?(?:anh\s*/\s*chị|anh\s+chị(?:\s+em)?|a\s*/?\s*chị|a\s*/\s*c|ac|anh|chị|em|bạn|mọi\s+người|cả\s+nhà"
    r"|ad|admin|ban\s+quản\s+trị"
    r"|(?:phòng|ban|bộ\s+phận)\s+(?:nhân\s+sự|hành\s+chính(?:\s+nhân\s+sự)?|hr|hcns|tổ\s+chức)|nhân\s+sự|hr|hcns)"
)
# ... as the head of a letter ("Gửi anh chị HR,"): never a bare "em", "anh" ("Gửi em bé đi nhà trẻ, …")
_DEPARTMENT_VI = (
    r"(?:anh\s*/\s*chị|anh\s+chị|mọi\s+người|cả\s+nhà|ban\s+quản\s+trị|nhân\s+sự|hr|hcns"
    r"|(?:phòng|ban|bộ\s+phận)\s+(?:nhân\s+sự|hành\s+chính(?:\s+nhân\s+sự)?|hr|hcns|tổ\s+chức))"
)
_ME_VI = r"(?:em|mình|tôi|tớ|tui|con|cháu)"
_PUNCT = r"[^\w\s?]"  # a mark that closes a frame: punctuation, a dash, an emoji
_SEP = rf"\s*(?:{_PUNCT}+\s*|\s+)"  # what closes a frame
_CLOSE = rf"\s*{_PUNCT}+\s*"  # ... when no addressee says the frame is over
_NAME = r"(?:\s+(?-i:[A-ZĐ][\w]*)){0,2}"  # the addressee's name: "Chào chị Hương,", "Hi John,"
_END = r"[\s,.;:!…~)(:D]*"  # what may follow a closing formula

# what may close a request formula: "giúp em với ạ, là"
_REQUEST_TAIL = rf"(?:\s+(?:giúp|hộ|dùm|giùm))?(?:\s+{_ME_VI})?(?:\s+(?:với|ạ|thông\s+tin))*(?:\s+(?:là|về\s+việc))?{_SEP}"

_LEADING_VI = [
    # greetings: "Xin chào", "Chào anh chị", "Em chào chị ạ", "Dạ", "Alo"
    rf"(?:{_ME_VI}\s+)?(?:xin\s+)?chào(?:\s+buổi\s+(?:sáng|chiều|tối))?"
    rf"(?:\s+{_ADDRESSEE_VI}{_NAME}(?:\s+ạ)?{_SEP}|{_NAME}(?:\s+ạ)?{_CLOSE})",
    rf"alo(?:\s+{_ADDRESSEE_VI})?(?:\s+ạ)?{_SEP}",
    # "Kính gửi phòng Nhân sự," "Gửi anh chị HR:" (the addressee up to the comma)
    r"kính\s+gửi\s+[^,:;.!?\n]{1,40}?[,:;.!]\s*",
    rf"gửi\s+{_DEPARTMENT_VI}[^,:;.!?\n]{{0,12}}?[,:;.!]\s*",
    # a vocative: "Anh chị ơi,", "Mọi người ơi"
    rf"{_ADDRESSEE_VI}{_NAME}(?:\s+(?:ơi|ới)){_SEP}",
    # request formulae: "cho em hỏi chút ạ,", "xin cho hỏi:", "Chị cho em hỏi", "tôi xin phép hỏi:"
    rf"(?:{_ADDRESSEE_VI}\s+)?(?:xin\s+)?(?:cho|giúp|xin\s+phép|xin)\s+(?:{_ME_VI}\s+)?(?:được\s+)?hỏi"
    rf"(?:\s+(?:chút|một\s+chút|một\s+câu|một\s+xíu|xíu|tí|với|thăm))*(?:\s+ạ)?(?:\s+là)?{_SEP}",
    rf"{_ME_VI}\s+(?:xin\s+phép\s+|muốn\s+|đang\s+muốn\s+|có\s+việc\s+muốn\s+|cần\s+)hỏi(?:\s+(?:chút|một\s+chút|một\s+câu|thêm))*"
    rf"(?:\s+(?:anh\s+chị|anh|chị|mọi\s+người))?(?:\s+ạ)?(?:\s+(?:là|về\s+việc|rằng))?{_SEP}",
    rf"{_ME_VI}\s+(?:có\s+)?(?:một\s+|1\s+)?(?:chút\s+)?(?:thắc\s+mắc|câu\s+hỏi|vấn\s+đề\s+cần\s+hỏi)(?:\s+(?:nhỏ|chút|ạ))*"
    rf"(?:\s+(?:muốn\s+hỏi|cần\s+giải\s+đáp|như\s+sau))?(?:\s+ạ)?{_SEP}",
    # "Nhờ phòng HR giải đáp giúp em:", "Nhờ anh chị tư vấn giúp"
    rf"(?:nhờ|mong|rất\s+mong|xin)\s+(?:{_ADDRESSEE_VI}\s+)?(?:giải\s+đáp|tư\s+vấn|hướng\s+dẫn|trả\s+lời|giải\s+thích)"
    rf"(?:\s+(?:giúp|hộ|dùm|giùm))?(?:\s+{_ME_VI})?(?:\s+(?:với|ạ|chút))*(?:\s+(?:là|về\s+việc))?{_SEP}",
    # "Đề nghị Phòng Nhân sự cho biết:", "Vui lòng giải đáp giúp em:", "Anh chị cho mình biết với"
    rf"(?:đề\s+nghị|vui\s+lòng|làm\s+ơn|phiền)\s+(?:{_ADDRESSEE_VI}\s+)?(?:cho\s+(?:{_ME_VI}\s+)?(?:được\s+)?biết"
    rf"|giải\s+đáp|hướng\s+dẫn|tư\s+vấn|trả\s+lời|giải\s+thích){_REQUEST_TAIL}",
    rf"(?:{_ADDRESSEE_VI}\s+)?cho\s+(?:{_ME_VI}\s+)?(?:được\s+)?biết{_REQUEST_TAIL}",
]

_TRAILING_VI = [
    # thanks: "Em cảm ơn ạ.", "Cảm ơn nhiều!", "Xin chân thành cảm ơn", "Thanks bạn nhé!"
    rf"(?:{_ME_VI}\s+)?(?:xin\s+)?(?:chân\s+thành\s+)?(?:cảm\s+ơn|cám\s+ơn|thanks?|thank\s+you|thks|tks)"
    rf"(?:\s+(?:{_ADDRESSEE_VI}|nhiều|rất\s+nhiều|trước))*(?:\s+(?:ạ|nhé|nha|nhiều))*{_END}",
    r"trân\s+trọng(?:\s+cảm\s+ơn)?" + _END,
    # "Mong anh chị phản hồi sớm.", "Rất mong nhận được phản hồi"
    rf"(?:{_ME_VI}\s+)?(?:rất\s+mong|mong|vui\s+lòng|làm\s+ơn)(?:\s+nhận\s+được)?(?:\s+{_ADDRESSEE_VI})?(?:\s+(?:sớm|sẽ))?\s+(?:phản\s+hồi|trả\s+lời|hồi\s+âm|giải\s+đáp|hỗ\s+trợ|tư\s+vấn)"
    rf"(?:\s+(?:sớm|giúp|cho|{_ME_VI}|ạ|nhé|với|từ|của|{_ADDRESSEE_VI}))*{_END}",
    # "Ai biết chỉ giúp với.", "Nhờ mọi người giúp đỡ"
    rf"(?:ai\s+biết\s+)?(?:chỉ|giúp|nhờ|hướng\s+dẫn)(?:\s+(?:{_ADDRESSEE_VI}|{_ME_VI}))?(?:\s+(?:giúp|dùm|giùm|hộ|đỡ|với|ạ|nhé|nha|chút))+{_END}",
]

_ADDRESSEE_EN = r"(?:there|all|everyone|everybody|team|folks|guys|hr(?:\s+team)?|people|colleagues|sir|madam|sir\s+or\s+madam)"
_LEADING_EN = [
    # a greeting ends at its addressee, a name and a mark, or the end ("Good morning shift allowance" greets no one)
    rf"(?:hi|hello|hey|hiya|good\s+(?:morning|afternoon|evening)|greetings)(?![-'’\w])"
    rf"(?:(?:\s+(?:{_ADDRESSEE_EN}|{_ADDRESSEE_VI}))+{_NAME}(?:\s+ạ)?{_SEP}|{_NAME}{_CLOSE})",
    r"dear\s+[^,:;.!?\n]{1,30}?[,:;!]\s*",
    r"(?:i\s+)?hope\s+(?:you\s+are|you're|you\s+all\s+are|this\s+(?:message\s+|email\s+)?finds\s+you|all\s+is)\s+(?:well|good|doing\s+well)[.!,]*\s*",
    r"(?:i'?m\s+)?sorry\s+to\s+(?:bother|trouble)\s+you(?:\s+(?:again|all))?[,.!]*\s*(?:but\s+)?",
    r"(?:(?:just\s+)?(?:a\s+)?quick\s+(?:question|one|query)|(?:i\s+)?(?:have|got)\s+a\s+(?:quick\s+|small\s+)?(?:question|query))"
    r"(?:\s+for\s+you)?\s*(?:[:.!\-–—]+|,)\s*",
    r"i\s+(?:was|am)\s+wondering(?:\s+(?:if|whether))?(?:\s+you\s+could\s+tell\s+me)?[:,]?\s*",
    r"(?:could|can|would)\s+you\s+(?:please\s+)?(?:kindly\s+)?(?:help\s+me\s+(?:with\s+this|out)|help)(?:\s+please)?\s*[:,.?]\s*",
    r"(?:i'?d|i\s+would|i)\s+(?:like|want|wanted)\s+to\s+ask(?:\s+(?:a\s+question|you))?\s*[:,.]\s*",
    r"(?:may|can|could)\s+i\s+ask(?:\s+(?:a\s+question|you))?\s*[:,.]\s*",
    # "Can you tell me how …": the request before a question word ("if", "whether" stay: they ask the question)
    r"(?:please\s+)?(?:can|could|would)\s+you\s+(?:please\s+)?(?:kindly\s+)?(?:tell\s+me|let\s+me\s+know)\s*[:,]?\s*"
    r"(?=(?:how|what|when|who|whom|which|where|why)\b)",
]
_TRAILING_EN = [
    r"(?:thanks|thank\s+you|thx|ty|many\s+thanks|much\s+appreciated|appreciate\s+it|appreciated|cheers)"
    r"(?:\s+(?:so\s+much|very\s+much|a\s+lot|in\s+advance|again|for\s+(?:your|the)\s+help|for\s+helping))*[\s,.!:)(D]*"
    r"(?:[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2}[.!]?)?\s*",
    r"(?:(?:best|kind|warm|warmest)\s+)?regards[,.!]*(?:\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2}[.!]?)?\s*",
    r"(?:best|sincerely|yours\s+sincerely|yours\s+truly)[,.!]*(?:\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2}[.!]?)?\s*",
    r"(?:please\s+)?(?:advise|let\s+me\s+know|clarify)(?:\s+(?:thanks?|thank\s+you))?[.!]*\s*",
    r"(?:any\s+help\s+(?:is|would\s+be)\s+(?:much\s+|greatly\s+)?appreciated|(?:i\s+)?look(?:ing)?\s+forward\s+to\s+(?:your|hearing)[\w\s]{0,20})[.!]*\s*",
]

# "Dạ", "Vâng" are courtesy only with their accents ("Da Nang"); they close with a mark, or open a request or the asker's words ("Dạ em nghỉ …"; "Dạ dày" is no "Dạ")
_ACCENTED_LEADING = [
    rf"(?:dạ\s+vâng|dạ|vâng)(?:\s+{_ADDRESSEE_VI}{_NAME})?(?:\s+(?:ơi|ạ))?"
    rf"(?:{_CLOSE}|\s+(?=(?:cho|xin|nhờ|{_ADDRESSEE_VI}|{_ME_VI})(?!\w)))"
]

_FLAGS = re.IGNORECASE


def _compiled(patterns: list[str], template: str) -> dict[bool, list[re.Pattern[str]]]:
    """The patterns as written, for a text with accents ("hội", "hồi" are no "hỏi"), and without accents, for a
    text typed without them."""
    return {
        accented: [re.compile(template.format(p if accented else unaccented(p)), _FLAGS) for p in patterns]
        for accented in (True, False)
    }


_LEADING = _compiled([*_LEADING_VI, *_LEADING_EN], r"^\s*(?:{})")
_LEADING[True] += [re.compile(rf"^\s*(?:{p})", _FLAGS) for p in _ACCENTED_LEADING]
# a closing formula is a sentence or a clause of its own: it follows the question's end or a comma, or it opens
# with a capital letter ("… mấy ngày Em cảm ơn ạ.")
_TRAILING = _compiled([*_TRAILING_VI, *_TRAILING_EN], r"(?:(?<=[?.!,;…])|(?<=\s))(?!\s)(?:{})$")
_CLOSES = re.compile(r"[?.!,;…]\s*$")
# Vietnamese closing particles of politeness at the question's end: "… bao lâu ạ?" asks "… bao lâu?"
_PARTICLE = re.compile(r"(?<!\s)\s+(?:ạ|ạ\s+ạ|nhé|nha)(?=[?.!]*\s*$)", _FLAGS)
_WORD = re.compile(r"\w+")
# a longer text is no message framed by courtesy: read as written (and in linear time)
MAX_FRAMED_CHARS = 2000
MAX_PASSES = 8


def _leading(core: str, accented: bool) -> int:
    """Where the question starts after an opening formula (0: none)."""
    for pattern in _LEADING[accented]:
        match = pattern.match(core)
        if match and match.end() > 0:
            return match.end()
    return 0


def _trailing(core: str, accented: bool) -> int:
    """Where the question ends before a closing formula (``len(core)``: none)."""
    for pattern in _TRAILING[accented]:
        match = pattern.search(core)
        if match and (
            _CLOSES.search(core[: match.start()]) or core[match.start() : match.start() + 1].isupper()
        ):
            return match.start()
    return len(core)


# An aside about asking: a sentence before the question that tells how the asker came to ask ("Tuần trước team em
# có tranh luận về việc này.", "A colleague told me something different, so I want to double-check."), not a
# fact a rule turns on. It points at the question ("chuyện này", "about this") or says the asker's doubt or the talk
# it came from ("hỏi lại", "không hiểu", "tranh luận", "double-check", "confused"), states no figure, asks nothing
# and names no HR topic but the documents themselves. Vietnamese markers are read as written (with accents when the
# sentence has them: "hồi" is no "hỏi", "Nghệ An" no "nghe").
_ASIDE_VI = (
    r"(?:chuyện|việc|vấn\s+đề|điều|cái|vụ)\s+này|hỏi\s+lại|thắc\s+mắc|băn\s+khoăn|tranh\s+luận|bàn\s+tán|thảo\s+luận"
    r"|cãi\s+nhau|(?:không|chưa)\s+(?:hiểu|rõ|chắc)|cho\s+chắc|mỗi\s+người\s+nói\s+một\s+kiểu"
)
_ASIDE_VI_WRITTEN = re.compile(rf"(?<!\w)(?:{_ASIDE_VI})(?!\w)", re.IGNORECASE)
_ASIDE_VI_FOLDED = re.compile(rf"\b(?:{fold(_ASIDE_VI)})\b")
_ASIDE_EN = re.compile(
    r"\b(?:about (?:this|it|that)|this question|(?:ask|asking|find|found|check|checking) (?:this|it)"
    r"|double-check\w*|confus\w*|unsure|not sure|wonder\w*|debat\w*|argu\w*|said otherwise|something different"
    r"|meaning to ask)\b"
)
_DOCUMENTS = re.compile(
    r"\b(?:quy che|quy dinh|noi quy|so tay(?: nhan vien)?|thong bao|tai lieu|handbook|polic(?:y|ies)|regulations?"
    r"|rules?|documents?|intranet)\b"
)
_SENTENCE = re.compile(r"[^.!?…]+[.!?…]+\s*|[^.!?…]+$")


# the clauses of a sentence: each must be about asking for the sentence to be an aside ("Vợ em sắp sinh, em chưa
# rõ chuyện này." states a fact in its first clause)
_CLAUSES = re.compile(r"\s*[,;:]\s*|\s+(?:nên|và|so|and|but)\s+", re.IGNORECASE)


def _marks_aside(clause: str) -> bool:
    if has_diacritics(clause):
        return bool(_ASIDE_VI_WRITTEN.search(nfc(clause)))
    folded = fold(clause)
    return bool(_ASIDE_EN.search(folded) or _ASIDE_VI_FOLDED.search(folded))


def _is_aside(sentence: str) -> bool:
    from agent.kinship import asked_relative  # the lexicon, loaded on first use
    from agent.language import english_concepts, language_of, vietnamese_concepts

    if "?" in sentence or re.search(r"\d", sentence) or asked_relative(sentence):
        return False
    clauses = [c for c in _CLAUSES.split(sentence.strip(" .!…")) if _WORD.search(c)]
    if not clauses or not all(_marks_aside(c) for c in clauses):
        return False
    english = language_of(sentence) == "en"
    concepts = english_concepts(sentence) if english else vietnamese_concepts(sentence)
    return all(c.general or _DOCUMENTS.search(" ".join(c.wordings)) for c in concepts)


def _without_asides(core: str) -> str:
    """The question without the asides about asking that come before it (never its last sentence)."""
    sentences = _SENTENCE.findall(core)
    kept = 0
    while kept < len(sentences) - 1 and _is_aside(sentences[kept]):
        kept += 1
    rest = "".join(sentences[kept:]).strip()
    return rest if kept and len(_WORD.findall(rest)) >= MIN_WORDS else core


@functools.lru_cache(maxsize=1024)
def core_question(question: str) -> str:
    """The question without the greetings, request formulae and thanks around it; the question itself when
    nothing frames it, or when dropping the frame would leave fewer than ``MIN_WORDS`` words. Cached: the assistant
    reads it once per turn and the offline planner once per step."""
    text = read_chat_spelling(nfc(question).strip())
    if len(text) > MAX_FRAMED_CHARS:
        return text
    accented = has_diacritics(text)
    core = text
    for _ in range(MAX_PASSES):  # each pass drops one formula, an aside or a particle; a fixed point ends it
        start, end = _leading(core, accented), _trailing(core, accented)
        if start and len(_WORD.findall(core[start:])) >= MIN_WORDS:
            core = core[start:].lstrip()
        elif end < len(core) and len(_WORD.findall(core[:end])) >= MIN_WORDS:
            core = core[:end].rstrip(" ,;:-–—")
        else:
            shorter = _without_asides(_PARTICLE.sub("", core).strip())
            if shorter == core:
                break
            core = shorter
    if len(_WORD.findall(core)) < MIN_WORDS:
        return text
    return core[:1].upper() + core[1:] if core != text and text[:1].isupper() else core
