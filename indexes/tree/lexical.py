"""Lexical scoring of tree nodes (titles and text): the "tree_lexical" strategy (eval, /retrieve, CLI)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from indexes.search.bm25_scorer import BM25
from indexes.search.glossary import Glossary
from indexes.search.query_terms import enhance
from indexes.sources.tree_model import TreeNode
from indexes.store.published_index import IndexStore
from indexes.text import search_terms

TITLE_WEIGHT = 3  # a title term counts as this many body terms


@dataclass(frozen=True)
class NodeHit:
    node: TreeNode
    score: float
    coverage: float  # share of the question's terms (IDF-weighted) found in the node


class TreeLexicalIndex:
    def __init__(self, store: IndexStore) -> None:
        self.store = store

    @cached_property
    def _nodes(self) -> list[TreeNode]:
        return [n for n in self.store.nodes.values() if n.level > 0 or not n.children]

    @cached_property
    def _bm25(self) -> BM25:
        docs = []
        for node in self._nodes:
            title_terms = search_terms(" ".join(node.title_path[1:]) or node.title)
            docs.append(title_terms * TITLE_WEIGHT + search_terms(node.text))
        return BM25(docs)

    @cached_property
    def _glossary(self) -> Glossary:
        return Glossary.from_dict(self.store.manifest.get("glossary"))

    def node_scores(self, expanded: str) -> dict[str, float]:
        """Each node's BM25 score (titles weighted, text) for a question already expanded with the glossary."""
        scores = self._bm25.scores(search_terms(expanded, query=True))
        return {node.node_id: score for node, score in zip(self._nodes, scores, strict=True)}

    def search(self, query: str, k: int = 5) -> list[NodeHit]:
        """Nodes by BM25 over titles and text, for the question with its glossary and lexicon expansions
        (so an English question finds Vietnamese text)."""
        terms = search_terms(enhance(query, self._glossary).expanded, query=True)
        scores = self._bm25.scores(terms)
        ranked = sorted(range(len(scores)), key=lambda i: -scores[i])[:k]
        return [
            NodeHit(self._nodes[i], scores[i], self._bm25.coverage(terms, i)) for i in ranked if scores[i] > 0
        ]
