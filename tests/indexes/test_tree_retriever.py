"""The model-guided tree retriever on the bundled corpus: offline chooser, junk replies, ids, budgets, cache."""

from __future__ import annotations

import json

import pytest
from langchain_core.messages import AIMessage

from indexes.store.published_index import IndexStore
from indexes.tree.cache import DecisionCache
from indexes.tree.chooser import (
    RETRY_PROMPT,
    MalformedReply,
    OfflineTreeChooser,
    parse_choice,
    parse_ranking,
    reply_text,
)
from indexes.tree.retriever import TreeRetriever
from tests.agent.scripted_model import ScriptedModel

HOURS = "Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?"


class JunkFirst(OfflineTreeChooser):
    """Answers the first ``junk`` prompts with ``reply``, then like the offline chooser."""

    junk: int = 1
    reply: str = "Chắc chắn rồi! Điều 3 là phần phù hợp nhất."
    calls: int = 0

    def _generate(self, messages, stop=None, run_manager=None, **kwargs):
        self.calls += 1
        if self.calls <= self.junk:
            from langchain_core.outputs import ChatGeneration, ChatResult

            return ChatResult(generations=[ChatGeneration(message=AIMessage(content=self.reply))])
        return super()._generate(messages, stop, run_manager, **kwargs)


@pytest.fixture(scope="module")
def store(corpus_settings) -> IndexStore:
    return IndexStore(corpus_settings.index_dir)


def test_offline_chooser_finds_the_article(corpus_settings, store):
    result = TreeRetriever(corpus_settings, store, OfflineTreeChooser()).search(HOURS, k=5)
    top = result.hits[0]
    assert top.node_id == "noi_quy_lao_dong:dieu-3"
    assert top.title_path[-1] == "Điều 3. Thời giờ làm việc"
    lines = (corpus_settings.corpus_dir / "noi_quy_lao_dong.md").read_text(encoding="utf-8").split("\n")
    assert lines[top.line_start - 1].startswith("### Điều 3.") and "8 giờ 30" in "\n".join(
        lines[top.line_start - 1 : top.line_end]
    )
    assert 0 < top.score <= 1 and top.score >= result.hits[-1].score
    assert [s.stage for s in result.steps][0] == "documents" and result.steps[-1].stage == "rank"
    assert all(s.source == "model" for s in result.steps) and result.fallback_steps == []
    assert result.llm_calls == len(result.steps)


def test_english_question_reaches_vietnamese_text_through_the_glossary(corpus_settings, store):
    result = TreeRetriever(corpus_settings, store, OfflineTreeChooser()).search(
        "What is the interest rate on staff loans?", k=5
    )
    assert result.hits[0].node_id == "quy_che_cho_vay:dieu-7"  # "Điều 7. Lãi suất", reached via the glossary


def test_junk_replies_retry_once_with_a_tighter_prompt_then_fall_back(corpus_settings, store):
    model = ScriptedModel(replies=[AIMessage(content="Tôi nghĩ là Điều 3.") for _ in range(20)])
    result = TreeRetriever(corpus_settings, store, model).search(HOURS, k=5)
    assert result.steps and all(s.source == "lexical" and s.retried for s in result.steps)
    assert result.fallback_steps == [s.stage for s in result.steps]
    assert result.llm_calls == 2 * len(result.steps)
    first, retry = model.seen[0][-1].content, model.seen[1][-1].content
    assert RETRY_PROMPT not in first and RETRY_PROMPT in retry
    assert "not JSON" in result.steps[0].note
    assert result.hits[0].node_id == "noi_quy_lao_dong:dieu-3"  # the lexical fallback still finds it


def test_one_junk_reply_is_repaired_by_the_retry(corpus_settings, store):
    model = JunkFirst(junk=1)
    result = TreeRetriever(corpus_settings, store, model).search(HOURS, k=5)
    assert result.steps[0].retried and result.steps[0].source == "model"
    assert not any(s.retried for s in result.steps[1:]) and result.fallback_steps == []
    assert result.llm_calls == len(result.steps) + 1


def test_model_errors_fall_back_instead_of_raising(corpus_settings, store):
    model = ScriptedModel(replies=[TimeoutError("deadline exceeded") for _ in range(20)])
    result = TreeRetriever(corpus_settings, store, model).search(HOURS, k=3)
    assert result.fallback_steps and "TimeoutError" in result.steps[0].note
    assert result.hits[0].node_id == "noi_quy_lao_dong:dieu-3"


def test_unknown_ids_are_dropped_and_never_followed(corpus_settings, store):
    given = {"ids": ["khong_co:dieu-99", "quy_che_cho_vay", "noi_quy_lao_dong:dieu-3"]}
    model = JunkFirst(junk=1, reply=json.dumps(given))
    result = TreeRetriever(corpus_settings, store, model).search("mức cho vay tối đa", k=5)
    documents = result.steps[0]
    assert documents.picked == ["quy_che_cho_vay"] and not documents.retried
    assert documents.dropped == ["khong_co:dieu-99", "noi_quy_lao_dong:dieu-3"]  # a real node, but not shown
    assert {h.doc_id for h in result.hits} == {"quy_che_cho_vay"}
    assert all(n.startswith("quy_che_cho_vay") for s in result.steps[1:] for n in s.shown)


def test_only_unknown_ids_count_as_malformed(corpus_settings, store):
    model = JunkFirst(junk=1, reply='{"ids": ["bia:dat"]}')
    result = TreeRetriever(corpus_settings, store, model).search(HOURS, k=5)
    assert result.steps[0].retried and result.steps[0].dropped == ["bia:dat"]
    assert result.hits[0].node_id == "noi_quy_lao_dong:dieu-3"


def test_depth_budget_stops_the_descent(corpus_settings, store):
    settings = corpus_settings.model_copy(update={"tree_max_depth": 1})
    result = TreeRetriever(settings, store, OfflineTreeChooser()).search(HOURS, k=5)
    assert [s.stage for s in result.steps] == ["documents", "level 1", "rank"]
    assert all(store.node(h.node_id).level <= 2 for h in result.hits)
    assert "noi_quy_lao_dong:dieu-3" not in [h.node_id for h in result.hits]  # one level too deep


def test_node_budget_caps_what_the_model_is_shown(corpus_settings, store):
    settings = corpus_settings.model_copy(update={"tree_max_nodes": 12})
    result = TreeRetriever(settings, store, OfflineTreeChooser()).search(HOURS, k=5)
    levels = [s for s in result.steps if s.stage != "rank"]
    assert sum(len(s.shown) for s in levels) <= 12 and len(levels[0].shown) == len(
        store.documents
    )  # 5 <= 12/2
    # each level below the documents takes at most half of what is left, so deeper levels keep some room
    left = 12 - len(levels[0].shown)
    for step in levels[1:-1]:
        assert len(step.shown) <= max(1, left // 2)
        left -= len(step.shown)
    assert len(levels) >= 3  # the traversal got below the first level of sections
    assert result.hits  # still an answer from what was seen
    few = corpus_settings.model_copy(update={"tree_max_nodes": 6})  # documents get half: the 3 best of 5
    narrowed = TreeRetriever(few, store, OfflineTreeChooser()).search("mức cho vay tối đa", k=5)
    assert len(narrowed.steps[0].shown) == 3 and "quy_che_cho_vay" in narrowed.steps[0].shown
    assert sum(len(s.shown) for s in narrowed.steps if s.stage != "rank") <= 6


def test_cache_second_run_makes_no_model_call_and_reindex_invalidates(corpus_settings, store, tmp_path):
    cache = DecisionCache(tmp_path, store.build_id)
    first = TreeRetriever(corpus_settings, store, JunkFirst(junk=0), cache).search(HOURS, k=5)
    assert first.llm_calls > 0 and first.cached_steps == 0
    silent = JunkFirst(junk=100)  # the same kind of model, but any call would be junk and be counted
    second = TreeRetriever(corpus_settings, store, silent, cache).search(HOURS, k=5)
    assert second.llm_calls == 0 and silent.calls == 0
    assert all(s.source == "cache" for s in second.steps)
    assert [h.node_id for h in second.hits] == [h.node_id for h in first.hits]
    new_build = DecisionCache(tmp_path, "a-later-build")
    third = TreeRetriever(corpus_settings, store, JunkFirst(junk=0), new_build).search(HOURS, k=5)
    assert third.llm_calls > 0 and third.cached_steps == 0
    assert not cache.dir.exists()  # the old build's decisions were dropped


def test_fallback_decisions_are_not_cached(corpus_settings, store, tmp_path):
    cache = DecisionCache(tmp_path, store.build_id)
    junk = TreeRetriever(corpus_settings, store, JunkFirst(junk=100), cache).search(HOURS, k=5)
    assert junk.fallback_steps
    again = TreeRetriever(corpus_settings, store, JunkFirst(junk=0), cache).search(HOURS, k=5)
    assert again.llm_calls > 0 and again.fallback_steps == []


def test_tenant_documents_limit_the_roots(corpus_settings, store):
    result = TreeRetriever(corpus_settings, store, OfflineTreeChooser()).search(
        HOURS, k=5, doc_ids=["quy_che_du_lich"]
    )
    assert result.steps[0].shown == ["quy_che_du_lich"]
    assert {h.doc_id for h in result.hits} <= {"quy_che_du_lich"}


def test_gemini_style_replies_parse():
    blocks = AIMessage(content=[{"type": "text", "text": '```json\n{"ids": ["a:b", "c"]}\n```'}])
    assert parse_choice(reply_text(blocks)) == ["a:b", "c"]
    assert parse_ranking('{"ranking": [{"id": "a", "score": 1.7}, {"id": "b", "score": -1}]}') == [
        ("a", 1.0),
        ("b", 0.0),
    ]
    for junk in ('{"ids": "a"}', "[1, 2]", '{"ranking": [{"id": "a", "score": "high"}]}', "ids: a"):
        with pytest.raises(MalformedReply):
            (parse_ranking if "ranking" in junk else parse_choice)(junk)


def _flat_law(n: int) -> str:
    articles = "\n\n".join(
        f"## Điều {i}. Tiền lương khi nghỉ việc trường hợp {i}\n\n"
        f"Người lao động nghỉ việc trong trường hợp {i} được trả tiền lương theo hợp đồng lao động."
        for i in range(1, n + 1)
    )
    return f"# Luật việc làm (mẫu)\n\n{articles}\n"


DEEP_LAW = """# Luật bảo hiểm (mẫu)

## Chương I. QUY ĐỊNH CHUNG

### Điều 1. Phạm vi điều chỉnh

Luật này quy định về bảo hiểm.

## Chương II. BẢO HIỂM BẮT BUỘC

### Mục 1. CHẾ ĐỘ ỐM ĐAU

#### Điều 2. Mức hưởng chế độ ốm đau

Mức hưởng chế độ ốm đau bằng 75% mức tiền lương đóng bảo hiểm của tháng liền kề trước khi nghỉ việc.

### Mục 2. CHẾ ĐỘ THAI SẢN

#### Điều 3. Thời gian hưởng chế độ thai sản

Lao động nữ sinh con được nghỉ việc hưởng chế độ thai sản trước và sau khi sinh con là 06 tháng.
"""


def test_a_long_flat_document_leaves_room_for_articles_deep_in_another(tmp_path):
    """A law of 120 articles with no chapters beside one whose articles sit under chapters and sections: the
    first level cannot use up the budget, and the pre-selection reads article text, not only titles."""
    from indexes.pipeline.ingest import index_folder
    from indexes.settings import Settings

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "luat_viec_lam.md").write_text(_flat_law(120), encoding="utf-8")
    (corpus / "luat_bao_hiem.md").write_text(DEEP_LAW, encoding="utf-8")
    settings = Settings(
        _env_file=None, llm_provider="offline", data_dir=tmp_path / "data", corpus_dir=corpus, vectors=False
    )
    index_folder(settings)
    store = IndexStore(settings.index_dir)
    result = TreeRetriever(settings, store, OfflineTreeChooser()).search(
        "Nghỉ ốm thì được trả bao nhiêu phần trăm tiền lương?", k=3
    )
    assert result.hits[0].node_id == "luat_bao_hiem:dieu-2", [h.node_id for h in result.hits]
    assert sum(len(s.shown) for s in result.steps if s.stage != "rank") <= settings.tree_max_nodes


class Recording(OfflineTreeChooser):
    """The offline chooser, keeping each prompt's INPUT payload."""

    payloads: list[dict] = []

    def _generate(self, messages, stop=None, run_manager=None, **kwargs):
        self.payloads.append(json.loads(reply_text(messages[-1]).split("INPUT:\n", 1)[1]))
        return super()._generate(messages, stop, run_manager, **kwargs)


def test_the_model_sees_how_well_each_candidates_full_text_matches(corpus_settings, store):
    model = Recording(payloads=[])
    result = TreeRetriever(corpus_settings, store, model).search(HOURS, k=5)
    documents, rank = model.payloads[0], model.payloads[-1]
    matches = {c["id"]: c["match"] for c in documents["candidates"]}
    assert all(0 <= m <= 1 for m in matches.values()) and max(matches, key=matches.get) == "noi_quy_lao_dong"
    assert (
        rank["task"] == "rank"
        and {c["id"]: c["match"] for c in rank["candidates"]}[result.hits[0].node_id] == 1
    )


def test_the_offline_chooser_weighs_a_text_match_its_title_does_not_show():
    """ "Chương II. Các khoản hỗ trợ khác" says nothing of nursery fees; its article does (match 1.0)."""
    from indexes.tree.chooser import Candidate, lexical_answer

    other = Candidate(
        "quy_che:chuong-ii", "Chương II. Các khoản hỗ trợ khác", "Gồm: Điều 5. Hỗ trợ khác", match=1.0
    )
    study = Candidate(
        "quy_che:chuong-iii", "Chương III. Hỗ trợ học phí cho con", "Gồm: Điều 6. Học phí", match=0.1
    )
    question = "Công ty có hỗ trợ tiền gửi trẻ cho con nhỏ không?"
    assert lexical_answer("choose", question, [other, study], 1) == {"ids": ["quy_che:chuong-ii"]}
    unhinted = [Candidate(c.id, c.title, c.summary) for c in (other, study)]
    assert lexical_answer("choose", question, unhinted, 1) == {"ids": ["quy_che:chuong-iii"]}  # titles alone
