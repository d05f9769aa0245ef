"""The retrieval strategies of one context: the tree retriever reads its keyword hints from the build's one
"tree_lexical" index, not from a copy of its own."""

from __future__ import annotations

from tools.context import ToolContext
from tools.retrieval_service import retrieval_service


def test_the_tree_and_tree_lexical_share_one_index_of_the_build(corpus_settings):
    service = retrieval_service(ToolContext(corpus_settings))
    tree = service.retrieve("Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?", "tree", 3)
    assert tree.hits[0].id == "noi_quy_lao_dong:dieu-3"
    lexical = service.retrieve("Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?", "tree_lexical", 3)
    assert lexical.hits and service.tree.lexical is service._lexical()
