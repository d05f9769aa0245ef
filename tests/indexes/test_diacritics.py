"""Diacritic restoration from the indexed text's syllables, and the retriever's use of it (vector side only)."""

from __future__ import annotations

from indexes.search.diacritics import DiacriticRestorer
from indexes.search.glossary import Glossary
from indexes.search.query_terms import enhance

TEXTS = [
    "Điều 27. Thời gian hưởng chế độ khi con ốm đau\nNgười lao động nghỉ việc để chăm sóc con ốm đau.",
    "Con dưới 03 tuổi bị ốm thì được nghỉ tối đa 20 ngày làm việc.",
    "Thời gian đóng bảo hiểm xã hội được cộng dồn.",
]


def test_restores_accents_from_the_corpus_syllable_pairs():
    restorer = DiacriticRestorer.from_texts(TEXTS)
    assert restorer.restore("con 2 tuoi bi om thi duoc nghi may ngay") == (
        "con 2 tuổi bị ốm thì được nghỉ may ngày"  # "may" is not in the corpus: left as typed
    )
    assert restorer.restore("thoi gian dong bao hiem xa hoi") == "thời gian đóng bảo hiểm xã hội"


def test_keeps_punctuation_and_unknown_words():
    restorer = DiacriticRestorer.from_texts(TEXTS)
    assert restorer.restore("BHXH, cong don?") == "bhxh, cộng dồn?"
    assert restorer.restore("") == ""


def test_the_vector_text_is_restored_and_bm25_keeps_the_typed_question():
    query = enhance("con bi om", Glossary(), restored="con bị ốm")
    assert query.expanded.startswith("con bi om")
    assert query.vector_text.startswith("con bị ốm")
    plain = enhance("Con bị ốm", Glossary())
    assert plain.vector_text == plain.expanded and plain.restored is None


def test_a_syllable_without_accents_in_an_accented_question_is_no_folded_generic_word() -> None:
    from indexes.text import is_generic, is_generic_as_typed

    assert is_generic_as_typed("tại") and is_generic_as_typed("năm") and is_generic_as_typed("policy")
    assert not is_generic_as_typed("tai")  # "tai nạn" (accident), not "tại" (at)
    assert not is_generic_as_typed("nam")  # "lao động nam" (male), not "năm" (year)
    # a wording may be folded text ("phep nam"): there "nam" is the folded "năm"
    assert is_generic("nam", True) and is_generic("tai", False)
