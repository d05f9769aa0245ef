"""A tenant's own regulation comes before the national law shared with every tenant: in the search's hits (its
relevant sections lead) and in the sentence quoted (its unit is preferred when both speak)."""

from __future__ import annotations

import pytest

from agent.evidence import Passage
from agent.quote_units import rank_units
from agent.terms import question_terms
from indexes.pipeline.ingest import index_folder
from indexes.settings import Settings

LAW = """---
tenant: global
---
# Luật mẫu về nghỉ hằng năm

## Điều 1. Nghỉ hằng năm

Người lao động làm việc đủ 12 tháng được nghỉ hằng năm 12 ngày làm việc, hưởng nguyên lương.

## Điều 2. Nghỉ hằng năm tăng thêm theo thâm niên

Cứ đủ 05 năm làm việc thì số ngày nghỉ hằng năm được tăng thêm 01 ngày.

## Điều 3. Tạm ứng tiền lương khi nghỉ hằng năm

Khi nghỉ hằng năm, người lao động được tạm ứng tiền lương theo hợp đồng.

## Điều 4. Thanh toán ngày nghỉ hằng năm chưa nghỉ

Khi thôi việc, ngày nghỉ hằng năm chưa nghỉ được thanh toán bằng tiền.
"""
COMPANY = """---
tenant: acme
---
# Quy chế nghỉ phép ACME

## 1. Số ngày nghỉ hằng năm

Nhân viên ACME được nghỉ hằng năm 15 ngày làm việc mỗi năm.

## 2. Đăng ký nghỉ hằng năm

Nghỉ hằng năm từ 03 ngày trở lên phải đăng ký trước 07 ngày làm việc.

## 3. Chuyển ngày nghỉ hằng năm

Ngày nghỉ hằng năm chưa nghỉ được chuyển sang quý I năm sau.
"""


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    corpus = tmp_path_factory.mktemp("company-before-law")
    (corpus / "luat_mau.md").write_text(LAW, encoding="utf-8")
    (corpus / "quy_che_acme.md").write_text(COMPANY, encoding="utf-8")
    data = tmp_path_factory.mktemp("company-before-law-index")
    settings = Settings(
        _env_file=None, llm_provider="offline", data_dir=data, corpus_dir=corpus, vectors=False
    )
    index_folder(settings)
    return settings


def test_the_tenants_relevant_sections_lead_the_hits_and_the_law_follows(settings):
    from tools.context import ToolContext

    retriever = ToolContext(settings, tenant="acme").retriever
    hits = retriever.search("Nghỉ hằng năm được mấy ngày?", k=6, mode="keyword", tenant="acme")
    scopes = [h.scope for h in hits]
    assert scopes[:3] == ["acme", "acme", "acme"]  # not interleaved with the law's articles
    assert "global" in scopes[3:]
    # another tenant sees the law only
    other = retriever.search("Nghỉ hằng năm được mấy ngày?", k=6, mode="keyword", tenant="beta")
    assert other and {h.scope for h in other} == {"global"}


def test_an_article_the_question_names_stays_first_before_the_company_sections(settings):
    from tools.context import ToolContext

    retriever = ToolContext(settings, tenant="acme").retriever
    question = "Điều 3 về số ngày, đăng ký và chuyển ngày nghỉ hằng năm"
    hits = retriever.search(question, k=3, mode="keyword", tenant="acme")
    assert hits[0].node_id == "luat_mau:dieu-3"
    assert [h.scope for h in hits[1:]] == ["acme", "acme"]


def _passage(node_id: str, text: str, scope: str, rank: int) -> Passage:
    return Passage(
        node_id=node_id,
        doc_id=node_id.split(":")[0],
        title="Nghỉ hằng năm",
        text=text,
        line_start=1,
        line_end=2,
        tool="search",
        rank=rank,
        scope=scope,
    )


def test_the_company_unit_is_quoted_before_an_equal_unit_of_the_law():
    law = _passage("luat:dieu-1", "Người lao động được nghỉ hằng năm 12 ngày làm việc.", "global", 0)
    company = _passage("acme:1", "Nhân viên được nghỉ hằng năm 15 ngày làm việc.", "acme", 1)
    terms = question_terms("Nghỉ hằng năm được bao nhiêu ngày?")
    ranked = rank_units([law, company], terms, quantity=True)
    assert ranked[0][1].doc_id == "acme"
    # with no tenant document among the evidence the law is not held back
    alone = rank_units([law, company.model_copy(update={"scope": "global"})], terms, quantity=True)
    assert alone[0][1].doc_id == "luat"


def test_a_question_the_company_is_silent_on_is_answered_from_the_law_alone():
    """The company's evidence is checked on its own, with the words none of its documents has; a law passage that
    covers the question never lets a company unit through."""
    from agent.compose import compose

    company = _passage("acme:1", "Nhân viên được nghỉ hằng năm 15 ngày làm việc.", "acme", 0)
    law = _passage(
        "luat:dieu-4", "Khi thôi việc, ngày nghỉ hằng năm chưa nghỉ được thanh toán bằng tiền.", "global", 1
    )
    question = "Thôi việc thì ngày nghỉ hằng năm chưa nghỉ có được thanh toán không?"
    by_scope = {"acme": ["thôi", "thanh", "toán"], "global": []}
    answer = compose(question, [company, law], 0.2, False, unknown_terms=[], unknown_by_scope=by_scope)
    assert not answer.refused and answer.node_ids == ["luat:dieu-4"]
    assert "thanh toán bằng tiền" in answer.text and "15 ngày" not in answer.text
    # neither scope's evidence covers a question on something else: refused, not answered from the company
    other = "Thôi việc thì được trợ cấp thôi việc bao nhiêu tháng lương?"
    words = {"acme": ["thôi", "trợ", "cấp", "tháng"], "global": ["trợ", "cấp", "tháng"]}
    assert compose(other, [company, law], 0.2, True, unknown_terms=[], unknown_by_scope=words).refused


def test_when_the_company_answers_no_unit_of_the_law_is_quoted_beside_it():
    """The company's evidence passes on its own: the answer quotes its rules alone, however many of the question's
    words a law passage shares (the law is the tenant's fallback, not a second answer)."""
    from agent.compose import compose

    company = _passage(
        "acme:1", "Nhân viên được nghỉ hằng năm 15 ngày làm việc, hưởng nguyên lương.", "acme", 1
    )
    law = _passage(
        "luat:dieu-1",
        "Người lao động làm việc đủ 12 tháng thì được nghỉ hằng năm, hưởng nguyên lương 12 ngày làm việc; nghỉ "
        "hằng năm được hưởng nguyên lương.",
        "global",
        0,
    )
    question = "Làm việc đủ 12 tháng được nghỉ hằng năm hưởng nguyên lương bao nhiêu ngày?"
    words = {"acme": [], "global": []}
    answer = compose(question, [law, company], 0.2, True, unknown_terms=[], unknown_by_scope=words)
    assert not answer.refused and answer.node_ids == ["acme:1"], answer.text
    assert "15 ngày" in answer.text and "12 ngày" not in answer.text
