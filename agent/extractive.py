"""Extractive answering: pick the passages' sentences that best cover the question and quote them."""

from __future__ import annotations

import time

from agent.answer import Answer, Citation, ToolCallRecord
from indexes.markdown_tree import TreeNode
from indexes.store import IndexStore
from indexes.text import search_terms, sentences
from indexes.tree_search import TreeLexicalIndex

MAX_QUOTE_SENTENCES = 3
REFUSAL_VI = "Tôi không tìm thấy quy định nào trong tài liệu trả lời câu hỏi này."


def _body(node: TreeNode) -> str:
    lines = node.text.split("\n")
    return "\n".join(lines[1:]) if node.level > 0 and len(lines) > 1 else node.text


def best_quote(node: TreeNode, question: str, max_sentences: int = MAX_QUOTE_SENTENCES) -> str:
    """The node's sentences that share most terms with the question, in document order."""
    query = set(search_terms(question, query=True))
    candidates = sentences(_body(node)) or [node.title]
    scored = [(len(query & set(search_terms(s))), i) for i, s in enumerate(candidates)]
    best = sorted((s for s in scored if s[0] > 0), key=lambda s: (-s[0], s[1]))[:max_sentences]
    chosen = sorted(i for _, i in best) or [0]
    return " ".join(candidates[i].lstrip("-*+ ").strip() for i in chosen)


def cite(node: TreeNode, quote: str) -> Citation:
    return Citation(
        doc_id=node.doc_id,
        node_id=node.node_id,
        title=node.title,
        line_start=node.line_start,
        line_end=node.line_end,
        quote=quote,
    )


def answer_from_tree(store: IndexStore, question: str, min_coverage: float, k: int = 3) -> Answer:
    """Answer from the best-scoring tree node (lexical), quoting it; refuse when the evidence is thin."""
    started = time.perf_counter()
    hits = TreeLexicalIndex(store).search(question, k=k)
    record = ToolCallRecord(
        name="tree_lexical_search",
        args={"query": question, "k": k},
        duration_ms=round((time.perf_counter() - started) * 1000, 1),
        result_size=len(hits),
    )
    if not hits or hits[0].coverage < min_coverage:
        return Answer(answer=REFUSAL_VI, tool_calls=[record], refused=True)
    top = hits[0].node
    quote = best_quote(top, question)
    doc_title = store.documents[top.doc_id].title
    text = f"Theo {doc_title}, {top.title}: {quote}"
    return Answer(answer=text, citations=[cite(top, quote)], tool_calls=[record])
