"""A foreign place a question names ("a pharmacy conference in Singapore", "công tác Nhật Bản"), and whether a rule
covers it: it names the place or its country, has a row for the other countries, or speaks of trips abroad
without listing countries. A hotel cap for Hanoi and the provinces, or a table of Japan and Korea with no row for
the rest, says nothing about Munich."""

from __future__ import annotations

import functools
import re

from indexes.text import nfc

# each country's wordings (lowercase, Vietnamese with accents) and its best-known cities; from general knowledge.
# Vietnamese one-syllable names ("Nhật", "Mỹ", "Đức", "Pháp") are read only after "nước", "sang", "đi", … (below)
_COUNTRIES: dict[str, tuple[str, ...]] = {
    "singapore": ("singapore", "xin-ga-po", "xingapo"),
    "japan": ("japan", "nhật bản", "tokyo", "osaka", "kyoto", "yokohama", "nagoya", "fukuoka", "sapporo"),
    "korea": (
        "korea",
        "south korea",
        "hàn quốc",
        "nước hàn",
        "sang hàn",
        "qua hàn",
        "seoul",
        "busan",
        "incheon",
        "daegu",
    ),
    "china": (
        "china",
        "trung quốc",
        "beijing",
        "bắc kinh",
        "shanghai",
        "thượng hải",
        "shenzhen",
        "thâm quyến",
        "guangzhou",
        "quảng châu",
        "nanning",
        "nam ninh",
        "kunming",
        "côn minh",
    ),
    "hong kong": ("hong kong", "hồng kông", "hongkong", "macau", "ma cao"),
    "taiwan": ("taiwan", "đài loan", "taipei", "đài bắc", "kaohsiung", "cao hùng"),
    "thailand": ("thailand", "thái lan", "bangkok", "băng cốc", "chiang mai", "phuket", "pattaya"),
    "malaysia": ("malaysia", "kuala lumpur", "penang"),
    "indonesia": ("indonesia", "jakarta", "bali", "surabaya"),
    "philippines": ("philippines", "phi-líp-pin", "manila", "cebu"),
    "cambodia": ("cambodia", "campuchia", "cam-pu-chia", "phnom penh", "phnôm pênh", "siem reap"),
    "laos": ("laos", "vientiane", "viêng chăn", "luang prabang"),
    "myanmar": ("myanmar", "yangon", "burma"),
    "india": ("india", "ấn độ", "mumbai", "new delhi", "delhi", "bangalore", "bengaluru", "chennai"),
    "australia": ("australia", "sydney", "melbourne", "brisbane", "perth"),
    "new zealand": ("new zealand", "auckland"),
    "united states": (
        "united states",
        "usa",
        "america",
        "hoa kỳ",
        "new york",
        "san francisco",
        "los angeles",
        "chicago",
        "seattle",
        "boston",
        "washington dc",
        "las vegas",
        "houston",
    ),
    "canada": ("canada", "toronto", "vancouver", "montreal"),
    "united kingdom": (
        "united kingdom",
        "england",
        "anh quốc",
        "london",
        "manchester",
        "scotland",
        "edinburgh",
    ),
    "germany": (
        "germany",
        "cộng hòa liên bang đức",
        "munich",
        "münchen",
        "berlin",
        "frankfurt",
        "hamburg",
        "düsseldorf",
        "cologne",
        "stuttgart",
    ),
    "france": ("france", "nước pháp", "sang pháp", "paris", "lyon", "marseille"),
    "netherlands": ("netherlands", "hà lan", "amsterdam", "rotterdam"),
    "italy": ("italy", "rome", "milan"),
    "spain": ("spain", "tây ban nha", "madrid", "barcelona"),
    "switzerland": ("switzerland", "thụy sĩ", "zurich", "geneva"),
    "russia": ("russia", "moscow", "mát-xcơ-va"),
    "uae": ("dubai", "abu dhabi", "united arab emirates"),
    "europe": ("europe", "châu âu"),
}
# "nước Nhật", "sang Hàn", "đi Mỹ": a one-syllable Vietnamese name after a word that makes it a place (not
# "Thái", "Trung", "Pháp", "Hàn": "Thái Nguyên", "Trung tâm", "tại Pháp luật", "công tác hàn")
_SHORT_VI = {
    "nhật": "japan",
    "mỹ": "united states",
    "đức": "germany",
    "úc": "australia",
    "lào": "laos",
}
_BEFORE_SHORT = r"(?:nước|sang|qua|đi|tại|ở|bên|công tác)"
# a rule's words for trips abroad in general, and for the countries it does not list one by one
_ABROAD = re.compile(
    r"(?<!\w)(?:nước ngoài|quốc tế|ngoài nước)(?!\w)|\b(?:overseas|abroad|international|foreign)\b",
    re.IGNORECASE,
)
_OTHER_COUNTRIES = re.compile(
    r"(?<!\w)(?:(?:các\s+)?(?:nước|quốc gia)(?:\s+và\s+vùng\s+lãnh\s+thổ)?\s+(?:khác|còn\s+lại))(?!\w)"
    r"|\b(?:(?:any\s+|all\s+)?other\s+(?:countr(?:y|ies)|destinations?)|rest\s+of\s+(?:the\s+)?world)\b",
    re.IGNORECASE,
)
# what ranks a rule's row for a country it does not list ("Any other country | As approved by …")
OTHER_COUNTRY_WORDS = (
    "other country",
    "other countries",
    "nước khác",
    "quốc gia khác",
    "overseas",
    "nước ngoài",
)


@functools.cache
def _pattern() -> re.Pattern[str]:
    names = sorted({w for ws in _COUNTRIES.values() for w in ws}, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in names) + r")(?!\w)")


@functools.cache
def _country_of() -> dict[str, str]:
    return {w: country for country, ws in _COUNTRIES.items() for w in ws}


def _mentions(text: str) -> list[tuple[int, str]]:
    """Where a text names a foreign country, and which: by a wording of ``_COUNTRIES``, or a one-syllable
    Vietnamese name after "nước", "sang", "đi" … that no capitalised word follows ("Mỹ Tho", "Lào Cai", "Đức Hòa"
    are Vietnamese places)."""
    written = nfc(text)
    lowered = written.lower()
    found = [(m.start(), _country_of()[m.group(0)]) for m in _pattern().finditer(lowered)]
    short = "|".join(_SHORT_VI)
    for m in re.finditer(rf"(?<!\w){_BEFORE_SHORT}\s+({short})(?!\w)", lowered):
        if not written[m.end() :].lstrip()[:1].isupper():
            found.append((m.start(1), _SHORT_VI[m.group(1)]))
    return sorted(found)


def countries(text: str) -> set[str]:
    """The foreign countries a text names (by the country or one of its cities)."""
    return {country for _, country in _mentions(text)}


def foreign_destination(question: str) -> str | None:
    """The foreign country a question names (its first), or None."""
    found = _mentions(question)
    return found[0][1] if found else None


def covers_destination(country: str, rule_text: str) -> bool:
    """Whether a rule covers trips to ``country``: it names it, has a row for other countries, or speaks of trips
    abroad listing no country."""
    named = countries(rule_text)
    if country in named or _OTHER_COUNTRIES.search(rule_text):
        return True
    return bool(_ABROAD.search(rule_text)) and not named


def abroad_query(question: str) -> str | None:
    """A search for the rules on trips abroad, when a question names a foreign country: the question with the
    words a rule for trips abroad is written in ("Đức" is in no rule that has "Other countries")."""
    if foreign_destination(question) is None:
        return None
    return f"{question} nước ngoài overseas abroad"


def destination_words(question: str) -> list[str]:
    """The words that rank a rule's row for the foreign country a question names: the country's own wordings,
    and those of a row for the countries a table does not list."""
    country = foreign_destination(question)
    if country is None:
        return []
    return [*_COUNTRIES.get(country, (country,)), *OTHER_COUNTRY_WORDS]


# how a refusal names a country in Vietnamese (English: the key, capitalised)
_VIETNAMESE_NAMES = {
    "singapore": "Singapore",
    "japan": "Nhật Bản",
    "korea": "Hàn Quốc",
    "china": "Trung Quốc",
    "hong kong": "Hồng Kông",
    "taiwan": "Đài Loan",
    "thailand": "Thái Lan",
    "malaysia": "Malaysia",
    "indonesia": "Indonesia",
    "philippines": "Philippines",
    "cambodia": "Campuchia",
    "laos": "Lào",
    "myanmar": "Myanmar",
    "india": "Ấn Độ",
    "australia": "Úc",
    "new zealand": "New Zealand",
    "united states": "Mỹ",
    "canada": "Canada",
    "united kingdom": "Anh",
    "germany": "Đức",
    "france": "Pháp",
    "netherlands": "Hà Lan",
    "italy": "Ý",
    "spain": "Tây Ban Nha",
    "switzerland": "Thụy Sĩ",
    "russia": "Nga",
    "uae": "UAE",
    "europe": "châu Âu",
}


def country_name(country: str, lang: str) -> str:
    """A country as a refusal names it, in the question's language."""
    if lang == "vi":
        return _VIETNAMESE_NAMES.get(country, country.title())
    return {
        "uae": "the UAE",
        "united states": "the United States",
        "united kingdom": "the United Kingdom",
    }.get(country, country.title())
