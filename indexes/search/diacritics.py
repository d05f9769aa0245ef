"""Diacritic restoration for Vietnamese questions typed without accents, from the indexed text's own syllables.

"con em 2 tuoi bi om" -> "con em 2 tuổi bị ốm": each folded syllable may be any accented syllable of the corpus
that folds to it; a Viterbi pass picks the sequence whose syllable pairs the corpus uses most (bigram counts,
unigram counts as the fallback). The e5 model ranks accent-less questions poorly (they look like another
language to it), so the vector side embeds the restored question; BM25 already matches folded terms.
Syllables the corpus does not know stay as typed. Beside the corpus, the counts include the glossary's and the
HR lexicon's Vietnamese terms and the everyday question phrases below (a small corpus knows few of them).
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable

from indexes.text import fold, nfc, words

_TOKEN_RE = re.compile(r"\w+|\W+")
_BIGRAM_WEIGHT = 5.0  # a pair seen in the corpus outweighs a frequent syllable seen elsewhere
_UNIGRAM_WEIGHT = 0.1
_MAX_CANDIDATES = 8  # the most frequent accented forms of a folded syllable (bounds the Viterbi's width)
# How employees ask, whatever the topic: question words and the verbs and nouns around them.
QUESTION_PHRASES = (
    "bao nhiêu",
    "bao nhiêu ngày",
    "bao nhiêu tiền",
    "bao nhiêu tháng",
    "bao nhiêu năm",
    "bao nhiêu phần trăm",
    "bao lâu",
    "mấy ngày",
    "mấy tháng",
    "mấy năm",
    "mấy lần",
    "khi nào",
    "lúc nào",
    "ở đâu",
    "thế nào",
    "như thế nào",
    "làm sao",
    "làm thế nào",
    "tại sao",
    "vì sao",
    "là gì",
    "gì vậy",
    "có được không",
    "được không",
    "có phải không",
    "phải không",
    "có bị không",
    "có không",
    "thì sao",
    "hay không",
    "tôi có được",
    "em có được",
    "tôi phải",
    "công ty có phải",
    "công ty phải",
    "cho tôi hỏi",
    "cho em hỏi",
    "người lao động",
    "nhân viên",
    "đi làm",
    "nghỉ làm",
    "nghỉ việc",
    "bị đuổi việc",
    "bị sa thải",
    "mỗi ngày",
    "mỗi tháng",
    "mỗi năm",
    "một năm",
    "một tháng",
    "một lần",
    "tối đa",
    "tối thiểu",
    "được hưởng",
    "được nhận",
    "được trả",
    "bị trừ",
    "trừ lương",
    "mất tiền",
    "mất lãi",
    "tiền lương",
)


class DiacriticRestorer:
    def __init__(self, unigrams: Counter[str], bigrams: Counter[tuple[str, str]]) -> None:
        self._unigrams = unigrams
        self._bigrams = bigrams
        forms: dict[str, Counter[str]] = defaultdict(Counter)
        for syllable, count in unigrams.items():
            forms[fold(syllable)][syllable] += count
        self._forms = {key: [s for s, _ in c.most_common(_MAX_CANDIDATES)] for key, c in forms.items()}

    @classmethod
    def from_texts(cls, texts: Iterable[str]) -> DiacriticRestorer:
        """Syllable and syllable-pair counts of ``texts`` (line by line: a pair never spans two lines)."""
        unigrams: Counter[str] = Counter()
        bigrams: Counter[tuple[str, str]] = Counter()
        for text in texts:
            for line in text.split("\n"):
                syllables = words(line)
                unigrams.update(syllables)
                bigrams.update(zip(syllables, syllables[1:], strict=False))
        return cls(unigrams, bigrams)

    @classmethod
    def for_index(cls, texts: Iterable[str], vocabulary: Iterable[str]) -> DiacriticRestorer:
        """From an index's texts, its vocabulary (glossary and lexicon terms) and the question phrases."""
        return cls.from_texts([*texts, *vocabulary, *QUESTION_PHRASES])

    def restore(self, text: str) -> str:
        """``text`` with each word replaced by its most likely accented form (punctuation and spacing kept;
        the words come back lower-cased)."""
        tokens = _TOKEN_RE.findall(nfc(text))
        positions = [i for i, t in enumerate(tokens) if t[0].isalnum() or t[0] == "_"]
        if not positions:
            return text
        chosen = self._best_path([tokens[i].lower() for i in positions])
        for i, syllable in zip(positions, chosen, strict=True):
            tokens[i] = syllable
        return "".join(tokens)

    def _candidates(self, word: str) -> list[str]:
        return self._forms.get(fold(word)) or [word]

    def _step(self, previous: str, syllable: str) -> float:
        pair = self._bigrams.get((previous, syllable), 0)
        return math.log(1.0 + _BIGRAM_WEIGHT * pair + _UNIGRAM_WEIGHT * self._unigrams.get(syllable, 0))

    def _best_path(self, typed: list[str]) -> list[str]:
        """Viterbi over each word's accented candidates: the sequence with the best pair scores."""
        layer = {c: (math.log(1.0 + self._unigrams.get(c, 0)), [c]) for c in self._candidates(typed[0])}
        for word in typed[1:]:
            layer = {
                c: max((score + self._step(p, c), path) for p, (score, path) in layer.items())
                for c in self._candidates(word)
            }
            layer = {c: (score, [*path, c]) for c, (score, path) in layer.items()}
        return max(layer.values())[1]
