"""What a tool call runs against: the settings, the caller's tenant and the published indexes.

Two lifetimes. :class:`LoadedIndexes` (one published build: store, retriever, article map, rules) and the
embedder live as long as the process that serves questions, in one :class:`SharedIndexes` owned by the
assistant / server / chat and shared by every request thread. :class:`ToolContext` lives for one request (one
caller, one tenant, one "today") and takes a snapshot of the current build, so a re-index published meanwhile
is seen by the next request, never half-way through one.
"""

from __future__ import annotations

import datetime as dt
import gc
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from indexes.rules.extraction import Rule
from indexes.rules.rule_index import RuleIndex
from indexes.search.article_index import ArticleIndex
from indexes.search.retrieval import Retriever, visible_tenants
from indexes.settings import Settings
from indexes.store.published_index import IndexStore


class LoadedIndexes:
    """One published build, loaded once: what every request of a process reads. Thread-safe."""

    def __init__(self, settings: Settings, store: IndexStore, embedder: Any) -> None:
        self.store = store
        self.retriever = Retriever(settings, store, embedder)
        self._lock = threading.RLock()
        self._parts: dict[str, Any] = {}

    @property
    def dir(self) -> Path:
        return self.store.dir

    def part(self, name: str, build: Callable[[], Any]) -> Any:
        """``build()`` once per build, whichever thread asks first (others wait for it)."""
        with self._lock:
            if name not in self._parts:
                self._parts[name] = build()
            return self._parts[name]

    @property
    def articles(self) -> ArticleIndex:
        return self.part("articles", lambda: ArticleIndex(self.store.dir))

    @property
    def rules_by_doc(self) -> dict[str, list[Rule]]:
        return self.part("rules", self._read_rules)

    @property
    def rule_index(self) -> RuleIndex:
        return self.part("rule_index", self._index_rules)

    def _index_rules(self) -> RuleIndex:
        every = [rule for rules in self.rules_by_doc.values() for rule in rules]
        node = self.store.node
        return RuleIndex(every, lambda node_id: node(node_id).title if node(node_id) else "")

    def _read_rules(self) -> dict[str, list[Rule]]:
        out: dict[str, list[Rule]] = {}
        for doc_id in self.store.documents:
            path = self.store.dir / "rules" / f"{doc_id}.json"
            if path.exists():
                out[doc_id] = [Rule.from_dict(r) for r in json.loads(path.read_text(encoding="utf-8"))]
        return out

    def warm(self) -> None:
        """Load everything a first question would (a server does this before its first request)."""
        _ = self.store.nodes, self.articles, self.rules_by_doc, self.rule_index
        _ = self.retriever.chunks, self.retriever.bm25, self.retriever.glossary
        if self.store.manifest.get("vectors", False):
            _ = self.retriever.embedder.query_model, self.retriever._chroma  # noqa: SLF001
        _ = self.retriever.restorer  # the accent restorer learns from the indexed text (0.1–0.2 s)


class SharedIndexes:
    """The indexes and the embedder of one serving process, shared by its request threads.

    Holds one :class:`LoadedIndexes` for the published build and replaces it when another build is
    published (an ingest); the replaced one lives on while requests still read it (its store leases the build
    folder, so a publish does not remove it from under them). The embedder (model loaded once) outlives builds. Not a global: the assistant,
    the MCP server and the chat each own one and pass it down.
    """

    def __init__(self, settings: Settings, embedder: Any = None) -> None:
        self.settings = settings
        self._embedder = embedder
        self._loaded: LoadedIndexes | None = None
        self._lock = threading.Lock()
        self.loads = 0  # builds loaded so far (the tests check a server loads each build once)

    @property
    def embedder(self) -> Any:
        with self._lock:
            if self._embedder is None and self.settings.vectors:
                from indexes.search.embedder import Embedder

                self._embedder = Embedder(
                    self.settings.cache_dir,
                    query_engine=self.settings.query_engine,
                    models_dir=self.settings.model_cache_dir,
                )
            return self._embedder

    def current(self) -> LoadedIndexes:
        """The published build, loaded (once) on first use after it was published."""
        embedder = self.embedder
        published = self.settings.index_dir.resolve()
        with self._lock:
            replaced = self._loaded is not None and self._loaded.dir != published
            if self._loaded is None or replaced:
                self._loaded = LoadedIndexes(self.settings, IndexStore(self.settings.index_dir), embedder)
                self.loads += 1
            loaded = self._loaded
        if replaced:
            # A loaded build holds reference cycles; collect them now, so a replaced build no request still
            # reads gives up its lease and the next publish can remove it (indexes/store/leases.py).
            gc.collect()
        return loaded

    def warm(self) -> None:
        self.current().warm()


@dataclass
class ToolContext:
    settings: Settings
    tenant: str = "global"
    today: dt.date | None = None  # fixed "today" for reproducible answers (tests, evals)
    embedder: object | None = field(default=None, repr=False)  # share one loaded model between contexts
    memo: dict = field(default_factory=dict, repr=False)  # per-context results of pure reads (leave policy)
    indexes: SharedIndexes | None = field(default=None, repr=False)  # the process's loaded indexes

    def __post_init__(self) -> None:
        if self.indexes is None:  # a one-off context (CLI command, test): indexes of its own
            self.indexes = SharedIndexes(self.settings, self.embedder)

    @cached_property
    def loaded(self) -> LoadedIndexes:
        """This request's snapshot of the published build."""
        return self.indexes.current()

    @property
    def store(self) -> IndexStore:
        return self.loaded.store

    @property
    def retriever(self) -> Retriever:
        return self.loaded.retriever

    @property
    def articles(self) -> ArticleIndex:
        return self.loaded.articles

    @cached_property
    def rules(self) -> list[Rule]:
        by_doc = self.loaded.rules_by_doc
        return [rule for doc_id in self.visible_documents() for rule in by_doc.get(doc_id, [])]

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
