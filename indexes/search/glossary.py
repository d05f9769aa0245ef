"""The per-corpus glossary (``corpus/glossary.yaml``): abbreviations and English → Vietnamese HR terms.

Used to expand queries: "BHXH" also searches "bảo hiểm xã hội"; "annual leave" also searches "nghỉ hằng năm".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import yaml

from indexes.text import fold, has_diacritics, nfc

GLOSSARY_FILE = "glossary.yaml"
_WORD_RE = re.compile(r"\w+")


def _padded_words(text: str, accented: bool = False) -> str:
    """Words joined by single spaces, padded, so `in` matches whole words only; folded unless ``accented``."""
    return f" {' '.join(_WORD_RE.findall(nfc(text).lower() if accented else fold(text)))} "


@dataclass(frozen=True)
class Glossary:
    abbreviations: dict[str, str] = field(default_factory=dict)  # "BHXH" -> "bảo hiểm xã hội"
    english: dict[str, list[str]] = field(default_factory=dict)  # "annual leave" -> ["nghỉ hằng năm", ...]
    synonyms: dict[str, list[str]] = field(default_factory=dict)  # "nghỉ phép" -> ["nghỉ hằng năm"]

    @classmethod
    def load(cls, corpus_dir: Path) -> Glossary:
        path = corpus_dir / GLOSSARY_FILE
        if not path.exists():
            return cls()
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise ValueError(f"{path}: invalid YAML: {str(exc).splitlines()[0]}") from None
        abbreviations = {nfc(str(k)): nfc(str(v)) for k, v in (data.get("abbreviations") or {}).items()}
        return cls(abbreviations, _term_lists(data.get("english")), _term_lists(data.get("synonyms")))

    def to_dict(self) -> dict:
        return {"abbreviations": self.abbreviations, "english": self.english, "synonyms": self.synonyms}

    @classmethod
    def from_dict(cls, data: dict | None) -> Glossary:
        """The inverse of ``to_dict`` (the glossary an index manifest was built with)."""
        data = data or {}
        return cls(data.get("abbreviations", {}), data.get("english", {}), data.get("synonyms", {}))

    def vietnamese_terms(self) -> list[str]:
        """Every Vietnamese term the glossary holds (what its abbreviations, English terms and synonyms stand
        for, and the synonyms themselves): vocabulary for restoring a question's diacritics."""
        terms = [*self.abbreviations.values(), *self.synonyms]
        terms += [v for values in (*self.english.values(), *self.synonyms.values()) for v in values]
        return [t for t in terms if has_diacritics(t)]

    @cached_property
    def _padded_keys(self) -> dict[bool, list[tuple[str, str, list[str]]]]:
        """Each key with its padded words and the padded forms to look for, folded (False) and accented
        (True): computed once per glossary, not once per query (folding is per character)."""
        keys = [*self.abbreviations, *self.english, *self.synonyms]
        return {
            accented: [(k, _padded_words(k, accented), _variants(k, accented)) for k in keys]
            for accented in (False, True)
        }

    def matched_terms(self, query: str) -> list[str]:
        """The glossary entries (abbreviations, English terms, synonyms) present in ``query``."""
        accented = has_diacritics(query)  # "mật khẩu" must not match the synonym "mất"
        padded = _padded_words(query, accented)
        found = [
            (k, p) for k, p, variants in self._padded_keys[accented] if any(v in padded for v in variants)
        ]
        # the longest term wins: "in advance" is not "advance" (cash), "mất lãi" is not "mất" (death)
        return [k for k, p in found if not any(o != k and p in other for o, other in found)]

    def expansions(self, query: str) -> list[str]:
        """Glossary expansions of the terms present in ``query`` (whole words; accents must match when the
        query has them, so "mật" is not "mất")."""
        found: list[str] = []
        accented = has_diacritics(query)
        padded = _padded_words(query, accented)
        for key in self.matched_terms(query):
            values = (
                [self.abbreviations[key]]
                if key in self.abbreviations
                else (self.english.get(key) or self.synonyms.get(key) or [])
            )
            found.extend(v for v in values if v not in found and _padded_words(v, accented) not in padded)
        return found


def _variants(term: str, accented: bool) -> list[str]:
    """The padded forms of a glossary term to look for: English terms also in the plural ("public holidays")."""
    padded = _padded_words(term, accented)
    if term.isascii() and term[-1:].isalpha() and not term.endswith("s") and not term.isupper():
        return [padded, f"{padded[:-1]}s "]
    return [padded]


def _term_lists(section: object) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for term, values in (section or {}).items() if isinstance(section, dict) else []:
        values = values if isinstance(values, list) else [values]
        out[nfc(str(term)).lower()] = [nfc(str(v)) for v in values]
    return out
