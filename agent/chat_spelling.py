"""Vietnamese chat spelling read as the words it stands for: "cho e hỏi nghỉ phép đc bn ngày ko ạ" asks "cho em
hỏi nghỉ phép được bao nhiêu ngày không ạ". Employees type to HR the way they chat; the abbreviations are in no
regulation, so read as written they would be unknown words (a refusal) or miss the rule's words.

The abbreviations are the common ones of Vietnamese chat, not fitted to any question set; one that also stands for
something else is read only where that other reading cannot be meant ("bn" is "bạn" too: it is "bao nhiêu" only
before a unit or at the question's end; "k" only at the end of a clause, never the "k" of "500k"). A question with
accents gets the accented words, one typed without accents the words without them. English questions are left
as written ("vs", "e", "r" are English too).
"""

from __future__ import annotations

import re

from indexes.text import fold, has_diacritics, nfc

# abbreviation -> the words it stands for (accented)
_WORDS = {
    "ko": "không",
    "hok": "không",
    "khum": "không",
    "đc": "được",
    "dc": "được",
    "cty": "công ty",
    "ntn": "như thế nào",
    "e": "em",
    "vs": "với",
    "ng": "người",
    "ngta": "người ta",
    "nv": "nhân viên",
    "j": "gì",
    "v": "vậy",
    "r": "rồi",
    "trc": "trước",
    "tgian": "thời gian",
    "tg": "thời gian",
    "mn": "mọi người",
    "mng": "mọi người",
    "hnay": "hôm nay",
    "vk": "vợ",
    "lm": "làm",
}
# An abbreviation is read in lower case, or capitalised when it has two letters or more ("Cty có …"): in capitals
# it is a code ("NG", "VS", "CV"), and a single capital a label ("nhóm E", "hạng V"). Never beside "&", "/", "-",
# "'" or a dot inside a word ("R&D", "v/v", "e-mail", "v.v.").
_FORMS = {
    form: word
    for abbreviation, word in _WORDS.items()
    for form in {abbreviation, abbreviation.capitalize()}
    if len(abbreviation) > 1 or form == abbreviation
}
_APART_BEFORE = r"(?<![\w&/.\-'’])"
_APART_AFTER = r"(?![\w&/\-'’]|\.\w)"
_WORD_RE = re.compile(
    _APART_BEFORE + "(" + "|".join(sorted(map(re.escape, _FORMS), key=len, reverse=True)) + ")" + _APART_AFTER
)
# a single letter after a noun that labels things with letters is that label ("điểm k", "ca r", "tòa e")
_LABEL_NOUNS = r"(?:điểm|khoản|mục|nhóm|hạng|loại|ca|tòa|khu|khối|vitamin|phòng|lớp|cấp|bậc|mức|tầng|dãy|số|kiểu|dạng|size|cỡ)"
_LABELS = re.compile(rf"(?:{_LABEL_NOUNS}|{fold(_LABEL_NOUNS)})\s+$", re.IGNORECASE)


def _labelled(text: str, match: re.Match[str]) -> bool:
    return len(match.group(0)) == 1 and bool(_LABELS.search(text[: match.start()]))


# "bn" is "bao nhiêu" before a unit (or "một"/"mỗi" and a unit), at the end of a clause, or after a word that
# asks an amount ("được bn", "tối đa bn"); "bạn" otherwise ("báo cho bn nào")
_UNITS = r"(?:ngày|tiền|tháng|năm|tuần|giờ|tiếng|phút|lần|tuổi|người|km|%|phần\s+trăm|buổi|suất|đêm|ca)"
_AMOUNT_AFTER = rf"\s+(?:(?:một|mỗi|1)\s+)?{_UNITS}(?!\w)|\s*(?:[?.!,;]|ạ\b|và\b|hay\b|$)"
_AMOUNT_BEFORE = r"(?:là|được|tối\s+đa|tối\s+thiểu|mất|hết|có|tính|hưởng|trả|nhận|còn|chi)\s+$"
_BN_RE = re.compile(r"(?<!\w)bn(?!\w)", re.IGNORECASE)


def _as_typed(pattern: str) -> dict[bool, re.Pattern[str]]:
    """The pattern for a question typed with accents (True) and without them (False)."""
    return {True: re.compile(pattern, re.IGNORECASE), False: re.compile(fold(pattern), re.IGNORECASE)}


_AFTER = _as_typed(_AMOUNT_AFTER)
_BEFORE = _as_typed(_AMOUNT_BEFORE)


def _asks_amount(text: str, match: re.Match[str], accented: bool) -> bool:
    return bool(_AFTER[accented].match(text, match.end()) or _BEFORE[accented].search(text[: match.start()]))


# "k" is "không" at the end of a clause ("có đc k?", "đc k ạ"), never the thousand of "500k"
_K_RE = re.compile(r"(?<![\w.,&/\-'’])k(?=\s*(?:[?.!,]|ạ\b|a\b|$))")


def is_chat_abbreviated(text: str) -> bool:
    return bool(_WORD_RE.search(text) or _BN_RE.search(text) or _K_RE.search(text))


def read_chat_spelling(question: str) -> str:
    """The question with its chat abbreviations written out; English questions as written."""
    from agent.language import language_of  # the lexicon, loaded on first use

    text = nfc(question)
    if not is_chat_abbreviated(text) or language_of(text) == "en":
        return text
    accented = has_diacritics(text)

    def written(words: str) -> str:
        return words if accented else fold(words)

    text = _WORD_RE.sub(
        lambda m: m.group(0) if _labelled(text, m) else _keep_case(m.group(1), written(_FORMS[m.group(1)])),
        text,
    )
    text = _BN_RE.sub(
        lambda m: (
            _keep_case(m.group(0), written("bao nhiêu")) if _asks_amount(text, m, accented) else m.group(0)
        ),
        text,
    )
    return _K_RE.sub(lambda m: m.group(0) if _labelled(text, m) else written("không"), text)


def _keep_case(abbreviation: str, words: str) -> str:
    return words[:1].upper() + words[1:] if abbreviation[:1].isupper() else words
