"""One retrieval service for every strategy, used by the CLI, ``POST /retrieve``, the evals and the benchmark.

Strategies: ``hybrid``, ``vector``, ``bm25`` (alias ``keyword``) search chunks; ``tree`` is the model-guided
traversal of the heading trees (the registry's ``tree_chooser`` model); ``tree_lexical`` scores every node's
title and text with BM25. Every hit is a ``Location`` with an id and a score, limited to what the context's
tenant may see.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from indexes.location import Location
from indexes.tree.chooser import chooser_for
from indexes.tree.lexical import TreeLexicalIndex
from indexes.tree.retriever import TreeRetriever
from tools.context import ToolContext

Strategy = Literal["hybrid", "vector", "bm25", "keyword", "tree", "tree_lexical"]
STRATEGIES: tuple[str, ...] = ("hybrid", "tree", "vector", "keyword", "bm25", "tree_lexical")
CHUNK_MODES = {"bm25": "keyword", "keyword": "keyword", "vector": "vector", "hybrid": "hybrid"}


class RetrievedHit(Location):
    id: str  # the chunk id (chunk strategies) or the node id (tree strategies)
    score: float


class TreeCost(BaseModel):
    llm_calls: int
    cached_steps: int
    fallback_steps: list[str]  # the traversal stages the lexical fallback decided


class Retrieval(BaseModel):
    strategy: str
    hits: list[RetrievedHit]
    tree: TreeCost | None = None  # what the traversal cost (tree strategy only)


class RetrievalService:
    """The strategies over one ``ToolContext``. The tree retriever (and its model) is built once, on first use."""

    def __init__(self, ctx: ToolContext, tree: TreeRetriever | None = None) -> None:
        self.ctx = ctx
        self._tree = tree

    @property
    def tree(self) -> TreeRetriever:
        if self._tree is None:  # one per loaded build, shared by the process's requests
            self._tree = self.ctx.loaded.part(
                "tree_retriever",
                lambda: TreeRetriever.with_default_cache(
                    self.ctx.settings, self.ctx.store, chooser_for(self.ctx.settings), self._lexical()
                ),
            )
        return self._tree

    def retrieve(self, query: str, strategy: str = "hybrid", top_k: int = 5) -> Retrieval:
        if strategy not in STRATEGIES:
            raise ValueError(f"strategy must be one of {', '.join(STRATEGIES)}, not {strategy!r}")
        if strategy == "tree":
            result = self.tree.search(query, k=top_k, doc_ids=self.ctx.visible_documents())
            hits = [
                RetrievedHit(**h.location().model_dump(), id=h.node_id, score=h.score) for h in result.hits
            ]
            cost = TreeCost(
                llm_calls=result.llm_calls,
                cached_steps=result.cached_steps,
                fallback_steps=result.fallback_steps,
            )
            return Retrieval(strategy=strategy, hits=hits, tree=cost)
        if strategy == "tree_lexical":
            visible = set(self.ctx.visible_documents())
            found = [h for h in self._lexical().search(query, k=top_k * 3) if h.node.doc_id in visible]
            return Retrieval(strategy=strategy, hits=[_node_hit(h.node, h.score) for h in found[:top_k]])
        found = self.ctx.retriever.search(query, k=top_k, mode=CHUNK_MODES[strategy], tenant=self.ctx.tenant)
        hits = [RetrievedHit(**h.location().model_dump(), id=h.chunk_id, score=h.score) for h in found]
        return Retrieval(strategy=strategy, hits=hits)

    def _lexical(self) -> TreeLexicalIndex:
        return self.ctx.loaded.part("tree_lexical", lambda: TreeLexicalIndex(self.ctx.store))


def _node_hit(node, score: float) -> RetrievedHit:
    return RetrievedHit(**Location.fields_of_node(node), id=node.node_id, score=round(score, 6))


def retrieval_service(ctx: ToolContext) -> RetrievalService:
    """The context's one service (its tree retriever is built once per context)."""
    if "retrieval_service" not in ctx.memo:
        ctx.memo["retrieval_service"] = RetrievalService(ctx)
    return ctx.memo["retrieval_service"]
