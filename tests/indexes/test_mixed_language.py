"""A corpus with documents written in English: Vietnamese questions reach them through the lexicon, on the
document side (an English chunk's BM25 terms carry the Vietnamese terms) and on the question side (a Vietnamese
question gets the English terms when some document is in English)."""

from __future__ import annotations

import pytest

from indexes.pipeline.ingest import index_folder
from indexes.search.chunk_bm25 import chunk_terms
from indexes.search.chunking import Chunk
from indexes.search.glossary import Glossary
from indexes.search.lexicon import default_lexicon
from indexes.search.query_terms import enhance, query_language
from indexes.search.retrieval import Retriever
from indexes.store.published_index import IndexStore

HANDBOOK = """---
title: Employee Handbook
doc_id: handbook
---

# Employee Handbook

## 4. Leave

### 4.2 Annual leave entitlement

Every employee is entitled to 14 working days of annual leave per calendar year. Engineers receive 15 days.

### 4.7 Business travel

Employees on a business trip receive a per diem of VND 300,000 per day.
"""

NOI_QUY = """---
title: Nội quy lao động
doc_id: noi_quy
---

# Nội quy lao động

### Điều 3. Giờ làm việc

Người lao động làm việc 8 giờ mỗi ngày, từ thứ Hai đến thứ Sáu; giờ nghỉ trưa 60 phút.

### Điều 4. Kỷ luật lao động

Người lao động đi muộn quá 3 lần trong tháng bị nhắc nhở bằng văn bản.
"""


def _chunk(text: str, title: str) -> Chunk:
    return Chunk(
        chunk_id="x#0", doc_id="x", node_id="x:a", title=title, title_path=["Doc", title], text=text,
        tenant="global", start=0, end=len(text), line_start=1, line_end=1,
    )  # fmt: skip


def test_vietnamese_terms_of_the_lexicon_give_english_ones():
    terms = default_lexicon().english_terms("Nghỉ phép năm được bao nhiêu ngày? Thử việc bao lâu?")
    assert "annual leave" in terms and "probation" in terms
    assert default_lexicon().english_terms("Hôm nay ai trực?") == []  # no lexicon term


def test_an_english_chunk_carries_the_vietnamese_terms_and_a_vietnamese_chunk_does_not():
    english = chunk_terms(_chunk("Every employee is entitled to 14 days of annual leave.", "Annual leave"))
    assert "phép" in english or "hằng" in english  # "nghỉ hằng năm" / "phép năm"
    vietnamese = chunk_terms(_chunk("Người lao động được nghỉ 12 ngày.", "Điều 6. Nghỉ hằng năm"))
    assert not any(t in vietnamese for t in ("annual", "leave"))


def test_english_terms_join_a_vietnamese_question_only_when_some_document_is_english():
    question = "Nghỉ phép năm được bao nhiêu ngày?"
    assert "annual leave" in enhance(question, Glossary(), english_documents=True).expansions
    assert "annual leave" not in enhance(question, Glossary(), english_documents=False).expansions
    english = enhance("How many days of annual leave?", Glossary(), english_documents=True)
    assert "annual leave" not in english.expansions


@pytest.mark.slow  # builds its own index
def test_a_vietnamese_question_finds_the_english_handbook(make_settings, tmp_path):
    corpus = tmp_path / "mixed"
    corpus.mkdir()
    (corpus / "handbook.md").write_text(HANDBOOK, encoding="utf-8")
    (corpus / "noi_quy.md").write_text(NOI_QUY, encoding="utf-8")
    settings = make_settings(corpus_dir=corpus)
    index_folder(settings)
    retriever = Retriever(settings, IndexStore(settings.index_dir))
    assert retriever.english_documents
    for mode in ("keyword", "hybrid"):
        hits = retriever.search("Kỹ sư được nghỉ phép năm bao nhiêu ngày?", k=2, mode=mode)
        assert hits[0].node_id.endswith("4-2-annual-leave-entitlement"), (mode, [h.node_id for h in hits])
        hits = retriever.search("Đi công tác được phụ cấp lưu trú bao nhiêu một ngày?", k=2, mode=mode)
        assert hits[0].node_id.endswith("4-7-business-travel"), (mode, [h.node_id for h in hits])


def test_english_terms_score_english_passages_and_leave_the_questions_own_vector_alone():
    enhanced = enhance("Nghỉ phép năm được bao nhiêu ngày?", Glossary(), english_documents=True)
    assert "annual leave" in enhanced.expanded  # BM25 sees them
    assert "annual leave" not in enhanced.vector_text  # the question's own vector does not
    assert enhanced.english_vector_text is not None and "annual leave" in enhanced.english_vector_text
    # the English passages' vector is of the English terms alone: with the Vietnamese question beside them it
    # stayed nearer to any Vietnamese passage than to the English one that answers
    assert "nghỉ" not in enhanced.english_vector_text.lower()
    assert enhance("Nghỉ phép năm được bao nhiêu ngày?", Glossary()).english_vector_text is None


def test_an_english_text_with_vietnamese_names_is_english_and_carries_the_vietnamese_terms():
    text = (
        "Colleagues who work in our hotels in Đà Nẵng and Hồ Chí Minh City get 14 days of annual leave a year. "
        "The hotels stay open during Tết, so leave in that week is approved by the general manager."
    )
    assert query_language(text) == "en"
    assert query_language("Nhân viên ở Đà Nẵng được nghỉ phép năm bao nhiêu ngày?") == "vi"
    assert query_language("What is the hotel cap in Hồ Chí Minh City?") == "en"
    terms = chunk_terms(_chunk(text, "Annual leave"))
    assert "phép" in terms or "hằng" in terms  # read as English: the lexicon's Vietnamese terms are indexed


class _Languages:
    """What ``Retriever._within_language`` reads of a retriever: each chunk's language, from its id."""

    def _language(self, chunk_id: str) -> str:
        return chunk_id.split("-")[0]


def test_vector_cosines_are_compared_within_each_language():
    # the question's vector sits nearer every English passage than any Vietnamese one: the Vietnamese passage
    # that stands out among its own language comes first, ahead of an English one that does not
    hits = [(f"en-{i}", c) for i, c in enumerate([0.88, 0.87, 0.87, 0.86, 0.86, 0.85])]
    hits += [(f"vi-{i}", c) for i, c in enumerate([0.85, 0.79, 0.79, 0.78, 0.78, 0.77])]
    ranked = Retriever._within_language(_Languages(), hits)
    assert ranked[0][0] == "vi-0"
    assert [cid for cid, _ in ranked if cid.startswith("en")] == [f"en-{i}" for i in range(6)]  # order kept
    assert 0.7 < ranked[0][1] < 0.95  # still on the cosines' scale
    alone = [(f"vi-{i}", c) for i, c in enumerate([0.85, 0.80, 0.79])]
    assert Retriever._within_language(_Languages(), alone) == alone  # one language: as it was
    few = hits[:6] + [("vi-0", 0.84), ("vi-1", 0.79)]  # too few Vietnamese hits to judge their scale
    assert {cid: c for cid, c in Retriever._within_language(_Languages(), few) if cid.startswith("vi")} == {
        "vi-0": 0.84,
        "vi-1": 0.79,
    }


def test_a_vietnamese_asker_is_quoted_the_vietnamese_rule_where_both_languages_state_it(monkeypatch):
    import agent.quote_units
    from agent.quote_units import rank_units
    from agent.terms import question_terms
    from tests.agent.passages import passage

    summary = passage(
        "handbook_en:probation",
        "How leave accrues",
        "Probation counts as working time for annual leave if the employee stays after probation.",
    )
    noi_quy = passage(
        "noi_quy:dieu-7",
        "Điều 7. Nghỉ hằng năm",
        "Thời gian thử việc được tính vào thời gian làm việc để tính số ngày phép năm.",
        rank=1,
    )
    asked = question_terms("Thử việc có được tính phép năm không?", ["nghỉ hằng năm"])
    assert rank_units([summary, noi_quy], asked, False)[0][1].doc_id == "noi_quy"
    monkeypatch.setattr(agent.quote_units, "OTHER_LANGUAGE_WEIGHT", 1.0)  # the English gloss reads as well
    assert rank_units([summary, noi_quy], asked, False)[0][1].doc_id == "handbook_en"
    monkeypatch.undo()
    english = question_terms("Does probation count for annual leave?", ["thử việc", "nghỉ hằng năm"])
    assert rank_units([summary, noi_quy], english, False)[0][1].doc_id == "handbook_en"  # an English asker
    # the English summary alone still answers a Vietnamese question
    alone = rank_units([summary], asked, False)
    assert alone and alone[0][1].doc_id == "handbook_en"


def test_a_tenant_hit_is_judged_against_the_shared_scope_s_hits_in_its_language():
    from types import SimpleNamespace

    retriever = SimpleNamespace(
        _language=_Languages()._language, settings=SimpleNamespace(tenant_relevance=0.5)
    )
    # an English summary in the shared scope scores high through its Vietnamese gloss: the tenant's Vietnamese
    # rule is judged against the shared Vietnamese hits, not against it
    own = {"vi-beta": 12.0, "vi-beta2": 5.0}
    shared = {"en-summary": 28.0, "vi-law": 12.5}
    assert Retriever._relevant(retriever, own, shared) == {"vi-beta"}
    # a tenant's English passage, with no English in the shared scope: judged against all hits, as before
    assert Retriever._relevant(retriever, {"en-handbook": 10.0}, {"vi-law": 25.0}) == set()
    assert Retriever._relevant(retriever, {"en-handbook": 13.0}, {"vi-law": 25.0}) == {"en-handbook"}


def test_an_english_asker_is_quoted_the_english_rule_beside_a_vietnamese_compound_of_its_words():
    """ "approval" is one English word; "phê duyệt" is two syllables and their pair: the English unit stating the
    loan's approval is worth as much as a Vietnamese one stating an approval of something else."""
    from agent.quote_units import rank_units
    from agent.terms import question_terms
    from tests.agent.passages import passage

    handbook = passage(
        "handbook_en:loan",
        "Applying and repaying",
        "The money is paid into your salary account within 5 working days of loan approval.",
        rank=1,
    )
    travel = passage(
        "cong_tac_phi:6-2",
        "6.2 Quyết toán",
        "3. Khoản chi vượt định mức không được thanh toán, trừ khi được Tổng Giám đốc phê duyệt bằng văn bản.",
    )
    asked = "How fast do I get the money once my loan is approved?"
    terms = question_terms(asked, ["phê duyệt", "duyệt", "khoản vay", "cho vay"])
    assert rank_units([travel, handbook], terms, False)[0][1].doc_id == "handbook_en"
    # a unit stating it in both languages gets no more for its English words: only the English unit is topped up
    from agent.quote_units import _parities

    units = [" khoan chi phe duyet approv ", " money paid loan approv "]
    idf = {"phe": 1.0, "duyet": 1.0, "phe duyet": 1.0, "approv": 0.5}
    (approved,) = [x for x in _parities(asked.lower(), units, ["vi", "en"], idf) if ["approv"] in x.english]
    assert approved.bonus(units[0], idf) == 0.0
    assert approved.bonus(units[1], idf) == 4.0 - 0.5  # "phê duyệt": its two syllables, and their pair twice
