"""What a tool call runs against: the settings, the caller's tenant and the published indexes (lazy)."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from functools import cached_property

from indexes.search.article_index import ArticleIndex
from indexes.search.retrieval import Retriever, visible_tenants
from indexes.settings import Settings
from indexes.store.published_index import IndexStore


@dataclass
class ToolContext:
    settings: Settings
    tenant: str = "global"
    today: dt.date | None = None  # fixed "today" for reproducible answers (tests, evals)
    embedder: object | None = field(default=None, repr=False)  # share one loaded model between contexts
    memo: dict = field(default_factory=dict, repr=False)  # per-context results of pure reads (leave policy)

    @cached_property
    def store(self) -> IndexStore:
        return IndexStore(self.settings.index_dir)

    @cached_property
    def retriever(self) -> Retriever:
        return Retriever(self.settings, self.store, self.embedder)

    @cached_property
    def articles(self) -> ArticleIndex:
        return ArticleIndex(self.store.dir)

    @cached_property
    def rules(self) -> list:  # list[indexes.rules.extraction.Rule]
        from indexes.rules.extraction import Rule

        out = []
        for doc_id in self.visible_documents():
            path = self.store.dir / "rules" / f"{doc_id}.json"
            if path.exists():
                out += [Rule.from_dict(r) for r in json.loads(path.read_text(encoding="utf-8"))]
        return out

    @property
    def tenants(self) -> tuple[str, ...]:
        return visible_tenants(self.tenant)

    def visible_documents(self) -> list[str]:
        return list(self._visible)

    @cached_property
    def _visible(self) -> dict[str, None]:  # ordered set of the doc ids this caller may see
        return dict.fromkeys(d.doc_id for d in self.store.documents.values() if d.tenant in self.tenants)

    def is_visible(self, node_id: str) -> bool:
        return node_id.split(":", 1)[0] in self._visible

    @cached_property
    def visible_nodes(self) -> dict:  # node id -> TreeNode, for the documents this caller may see
        return {nid: n for nid, n in self.store.nodes.items() if self.is_visible(nid)}

    def citation_url(self, doc_id: str, node_id: str) -> str | None:
        """``source_url#anchor`` for a node of a document that has a URL; None otherwise."""
        doc = self.store.documents.get(doc_id)
        if doc is None or not doc.source_url:
            return None
        node = self.store.node(node_id)
        anchor = node.anchor if node is not None else ""
        return f"{doc.source_url.split('#', 1)[0]}#{anchor}" if anchor else doc.source_url

    def on_date(self) -> dt.date:
        return self.today or dt.date.today()
