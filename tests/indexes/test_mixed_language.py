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
from indexes.search.query_terms import enhance
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
