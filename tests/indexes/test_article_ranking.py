"""Sections as hits (one per article, best chunk cites), "Điều N"/"khoản M" pins, score-aware fusion."""

from __future__ import annotations

import pytest

from indexes.pipeline.ingest import index_folder
from indexes.search.fusion import fuse_scores
from indexes.search.retrieval import Retriever
from indexes.store.published_index import IndexStore

CLAUSE = "Người lao động nộp hồ sơ đề nghị hưởng trợ cấp tại cơ quan có thẩm quyền trong thời hạn quy định."
LAW = "\n".join(
    [
        "---",
        "title: Luật mẫu",
        "doc_id: luat_mau",
        "---",
        "",
        "# Luật mẫu",
        "",
        "### Điều 1. Phạm vi điều chỉnh",
        "",
        "Luật này quy định về trợ cấp thất nghiệp và hồ sơ hưởng trợ cấp thất nghiệp.",
        "",
        "### Điều 2. Hồ sơ hưởng trợ cấp thất nghiệp",
        "",
        *[f"{i}. {CLAUSE} Khoản này nói về giấy tờ số {i}." for i in range(1, 9)],
        "",
        "### Điều 3. Mức đóng",
        "",
        "Mức đóng bằng 1% tiền lương tháng.",
        "",
    ]
)


@pytest.fixture
def retriever(make_settings, tmp_path):
    corpus = tmp_path / "law"
    corpus.mkdir()
    (corpus / "luat_mau.md").write_text(LAW, encoding="utf-8")
    settings = make_settings(corpus_dir=corpus)
    index_folder(settings)
    return Retriever(settings, IndexStore(settings.index_dir))


@pytest.mark.slow  # builds its own index
def test_chunks_of_one_article_are_one_hit(retriever):
    assert len([c for c in retriever.chunks.values() if c.node_id.endswith("dieu-2")]) > 1
    hits = retriever.search("hồ sơ hưởng trợ cấp thất nghiệp", k=5, mode="keyword")
    nodes = [h.node_id for h in hits]
    assert len(nodes) == len(set(nodes))
    assert nodes[0].endswith("dieu-2")  # the title names the topic: it beats the passing mention in Điều 1


@pytest.mark.slow  # builds its own index
def test_a_named_article_and_clause_are_pinned(retriever):
    hits = retriever.search("Điều 3 quy định hồ sơ hưởng trợ cấp thất nghiệp thế nào?", k=3, mode="keyword")
    assert hits[0].node_id.endswith("dieu-3")
    hits = retriever.search("khoản 7 Điều 2 nói gì?", k=3, mode="keyword")
    assert hits[0].node_id.endswith("dieu-2") and "7. " in hits[0].text


def test_score_fusion_keeps_a_clear_keyword_winner_and_weights_count():
    group = {"a1": "A", "a2": "A", "b1": "B", "c1": "C"}.__getitem__
    keyword = [("a1", 9.0), ("a2", 8.0), ("b1", 1.0), ("c1", 0.5)]
    vector = [("c1", 0.86), ("b1", 0.85), ("a1", 0.84)]
    fused = fuse_scores({"keyword": keyword, "vector": vector}, {"keyword": 0.5, "vector": 0.5}, group)
    assert [c for c, _ in fused] == ["a1", "c1", "b1"]  # one hit per section, cited by its best chunk
    fused = fuse_scores({"keyword": keyword, "vector": vector}, {"keyword": 0.1, "vector": 0.9}, group)
    assert fused[0][0] == "c1"
