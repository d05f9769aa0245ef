from __future__ import annotations

from indexes.search.fusion import rrf
from indexes.search.glossary import Glossary
from indexes.search.lexicon import Lexicon
from indexes.search.query_terms import LegalRef, enhance, parse_refs
from indexes.text import fold, search_terms

GLOSSARY = Glossary(
    abbreviations={"BHXH": "bảo hiểm xã hội", "NLĐ": "người lao động", "HĐLĐ": "hợp đồng lao động"},
    english={"annual leave": ["nghỉ hằng năm", "nghỉ phép năm"], "probation": ["thử việc"]},
)


def test_fold_strips_vietnamese_diacritics():
    assert fold("Nghỉ phép năm của NLĐ, Đà Nẵng") == "nghi phep nam cua nld, da nang"


def test_search_terms_have_accented_folded_and_bigrams():
    terms = search_terms("Nghỉ phép")
    assert {"nghỉ", "phép", "nghi", "phep", "nghi_phep"} <= set(terms)
    assert search_terms("tôi được nghỉ phép bao nhiêu", query=True).count("toi") == 0


def test_abbreviations_expand_in_any_case_and_without_diacritics():
    no_lexicon = Lexicon([])  # the glossary alone (the shipped lexicon: tests/indexes/test_lexicon.py)
    assert enhance("Mức đóng BHXH của NLĐ?", GLOSSARY, no_lexicon).expansions == [
        "bảo hiểm xã hội",
        "người lao động",
    ]
    assert enhance("muc dong bhxh", GLOSSARY, no_lexicon).expansions == ["bảo hiểm xã hội"]
    assert enhance("BHXHA không phải viết tắt", GLOSSARY, no_lexicon).expansions == []
    q = enhance("How many days of annual leave during probation?", GLOSSARY, no_lexicon)
    assert q.expansions == ["nghỉ hằng năm", "nghỉ phép năm", "thử việc"]
    assert "nghỉ hằng năm" in q.expanded


def test_legal_references_are_extracted():
    assert parse_refs("Điều 7 khoản 2 điểm a quy định gì?") == [LegalRef("7", "2", "a")]
    assert parse_refs("khoản 3 điều 12") == [LegalRef("12", "3")]
    assert parse_refs("dieu 5 va dieu 6") == [LegalRef("5"), LegalRef("6")]
    assert parse_refs("Chương II") == [LegalRef(chapter="ii")]
    q = enhance("Theo Nghị định 145/2020/NĐ-CP thì sao?", GLOSSARY)
    assert q.legal_documents == ["Nghị định 145/2020/NĐ-CP"]


def test_rrf_on_known_rankings():
    fused = rrf([["a", "b", "c"], ["b", "c", "d"]], k=60)
    names = [name for name, _ in fused]
    assert names[:2] == ["b", "c"]  # found by both rankers
    assert abs(dict(fused)["b"] - (1 / 62 + 1 / 61)) < 1e-12
    assert abs(dict(fused)["d"] - 1 / 63) < 1e-12
    assert rrf([], k=60) == []


def test_title_bonus_lifts_the_section_whose_title_the_query_names():
    from indexes.search.fusion import title_bonus

    titles = {"a": "Điều 1. Phạm vi điều chỉnh", "b": "Điều 49. Điều kiện hưởng trợ cấp thất nghiệp"}
    fused = [("a", 0.88), ("b", 0.86)]
    query = "điều kiện hưởng trợ cấp thất nghiệp là gì"
    assert [i for i, _ in title_bonus(fused, titles.__getitem__, query, 0.05)] == ["b", "a"]
    assert title_bonus(fused, titles.__getitem__, query, 0.0) == fused


def test_keyword_search_leaves_out_the_askers_job_but_keeps_its_group_and_a_word_asked_again():
    no_lexicon = Lexicon([])

    def housekeeper_asks(question: str):
        return enhance(
            question,
            GLOSSARY,
            no_lexicon,
            staff_groups=("Nhóm D",),
            job_words=("nhan", "vien", "buong", "phong"),
        )

    asked = housekeeper_asks("Nhân viên buồng phòng có phải thử việc không?")
    # "buồng phòng" would rank the hotel-room rules; the group's code still ranks its table row
    assert asked.keyword_text == "có phải thử việc không? (Nhóm D)"
    assert "buồng phòng" in asked.vector_text and "buồng phòng" in asked.expanded  # the vector keeps it
    # a word of the job the question says again is asked too ("phòng" of "tiền phòng")
    room = housekeeper_asks("Nhân viên buồng phòng đi công tác được tiền phòng bao nhiêu?")
    assert room.keyword_text == "đi công tác được tiền phòng bao nhiêu? (Nhóm D)"
    # no job named: the question as expanded
    plain = enhance("Nhân viên có phải thử việc không?", GLOSSARY, no_lexicon)
    assert plain.keyword_text == plain.expanded


def test_keyword_search_leaves_out_the_lexicons_wordings_of_the_askers_job_too():
    from indexes.search.lexicon import default_lexicon

    english = enhance(
        "I work as a receptionist, how long is probation?",
        GLOSSARY,
        default_lexicon(),
        staff_groups=("Nhóm D",),
        job_words=("receptionist",),
    )
    assert "lễ tân" in english.expansions and "lễ tân" not in english.keyword_text
    assert "thử việc" in english.keyword_text and "Nhóm D" in english.keyword_text
    vietnamese = enhance(
        "Nhân viên buồng phòng có phải thử việc không?",
        GLOSSARY,
        default_lexicon(),
        english_documents=True,
        staff_groups=("Nhóm D",),
        job_words=("nhan", "vien", "buong", "phong"),
    )
    assert "housekeeping" in vietnamese.expansions and "housekeeping" not in vietnamese.keyword_text
