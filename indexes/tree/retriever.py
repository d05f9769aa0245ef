"""Vectorless tree retrieval (PageIndex style): a model reasons down the heading trees, level by level.

    documents (title + description)  --choose-->  their children  --choose-->  ...  --rank-->  top-k nodes

At each level the model sees the frontier (id, title, summary, child titles) and returns the ids worth opening
as strict JSON; ids are checked against the frontier (unknown ones are dropped and logged, never followed). The
descent stops at ``tree_max_depth`` levels below the documents or when ``tree_max_nodes`` nodes have been shown.
Every node picked on the way is a candidate for a last ``rank`` pass that scores them 0..1 on their text.

A malformed reply gets one retry with a tighter prompt; if that fails too, the step is decided by lexical scores
(``tree_choice.judged_scores``) and the result says so. Decisions are cached per (query, index build).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from langchain_core.language_models.chat_models import BaseChatModel

from indexes.location import Location
from indexes.search.glossary import Glossary
from indexes.search.query_terms import enhance
from indexes.settings import Settings
from indexes.sources.tree_model import TreeNode
from indexes.store.published_index import IndexStore
from indexes.tree.cache import DecisionCache, digest
from indexes.tree.chooser import (
    Candidate,
    MalformedReply,
    Task,
    build_messages,
    judged_scores,
    parse_choice,
    parse_ranking,
    reply_text,
)
from indexes.tree.lexical import TreeLexicalIndex

log = logging.getLogger(__name__)
CONTAINS_TITLES = 30  # titles of children and grandchildren shown per candidate
RANK_TEXT_CHARS = 1200  # node text shown per candidate in the rank pass
RANK_CANDIDATES = 12  # nodes the rank pass scores (at least k)


@dataclass
class TraversalStep:
    stage: str  # "documents", "level 1", ..., "rank"
    shown: list[str]
    picked: list[str]
    source: Literal["model", "cache", "lexical"]
    retried: bool = False
    dropped: list[str] = field(default_factory=list)  # ids the model gave that are not among the shown
    note: str = ""  # why the step fell back


class TreeHit(Location):
    score: float  # 0..1, the rank pass's confidence


@dataclass
class TreeResult:
    query: str
    hits: list[TreeHit]
    steps: list[TraversalStep]
    llm_calls: int = 0

    @property
    def fallback_steps(self) -> list[str]:
        return [s.stage for s in self.steps if s.source == "lexical"]

    @property
    def cached_steps(self) -> int:
        return sum(s.source == "cache" for s in self.steps)


class TreeRetriever:
    """``search(query)`` over the published trees; ``model`` answers the traversal prompts (any chat model,
    ``tree_choice.OfflineTreeChooser`` offline); ``cache`` None turns caching off."""

    def __init__(
        self,
        settings: Settings,
        store: IndexStore,
        model: BaseChatModel,
        cache: DecisionCache | None = None,
        lexical: TreeLexicalIndex | None = None,
    ) -> None:
        self.settings = settings
        self.store = store
        self.model = model
        self.cache = cache
        self._lexical = lexical  # the "tree_lexical" index of the build, when one is loaded already

    @classmethod
    def with_default_cache(
        cls,
        settings: Settings,
        store: IndexStore,
        model: BaseChatModel,
        lexical: TreeLexicalIndex | None = None,
    ) -> TreeRetriever:
        cache = DecisionCache(settings.cache_dir, store.build_id) if settings.tree_cache else None
        return cls(settings, store, model, cache, lexical)

    @cached_property
    def glossary(self) -> Glossary:
        return Glossary.from_dict(self.store.manifest.get("glossary"))

    @cached_property
    def lexical(self) -> TreeLexicalIndex:
        """BM25 over every node's titles and text: the keyword match shown beside each candidate."""
        return self._lexical or TreeLexicalIndex(self.store)

    def _best(self, match: _Match, nodes: list[TreeNode], n: int) -> list[TreeNode]:
        """The ``n`` nodes whose subtree text (titles and bodies, BM25 over the whole corpus) best matches the
        question, in their tree order: a title and a summary alone often miss the words of the article that
        answers (a retriever's pre-selection, before the model sees the frontier)."""
        best = [match.subtree(node) for node in nodes]
        keep = set(sorted(range(len(nodes)), key=lambda i: -best[i])[:n])
        log.info(
            "tree retriever: %d nodes over the budget, showing the %d best by lexical score", len(nodes), n
        )
        return [node for i, node in enumerate(nodes) if i in keep]

    def _model_name(self) -> str:
        return f"{type(self.model).__name__}:{getattr(self.model, 'model', '') or getattr(self.model, 'model_name', '')}"

    def search(self, query: str, k: int = 5, doc_ids: list[str] | None = None) -> TreeResult:
        s = self.settings
        terms = enhance(query, self.glossary).expanded
        query_key = digest(terms, self._model_name(), s.tree_beam, s.tree_max_depth, s.tree_max_nodes)
        decisions = self.cache.load(query_key) if self.cache else {}
        run = _Traversal(self, query, terms, decisions, _Match(self.lexical.node_scores(terms)))
        visible = doc_ids if doc_ids is not None else list(self.store.documents)
        frontier = [self.store.tree(d) for d in visible if d in self.store.documents]
        picked: list[TreeNode] = []
        passed_over: list[TreeNode] = []  # shown below a picked node but not picked themselves
        shown = 0
        last_chosen: list[TreeNode] = []
        opened: set[str | None] = set()  # nodes whose children the model saw
        for depth in range(s.tree_max_depth + 1):
            # A level gets at most half the budget left (the last one all of it), so that a long flat list of
            # articles cannot use it up before the articles under chapters and sections are reached.
            left = s.tree_max_nodes - shown
            budget = left if depth == s.tree_max_depth else min(left, max(1, left // 2))
            if len(frontier) > budget:  # more than the budget allows: show the lexically best ones
                frontier = self._best(run.match, frontier, budget)
            if not frontier:
                break
            stage = "documents" if depth == 0 else f"level {depth}"
            shown += len(frontier)
            opened.update(n.parent_id for n in frontier)
            chosen = last_chosen = run.choose(stage, frontier)
            picked += [n for n in chosen if n.level > 0 or not n.children]
            if depth > 0:
                passed_over += [n for n in frontier if n.node_id not in {c.node_id for c in chosen}]
            frontier = [child for n in chosen for child in n.children]
        # The rank pass reads text, which titles and summaries only hint at: it also sees the siblings passed
        # over in the opened branches (up to RANK_CANDIDATES in all, the picked ones first).
        # A heading with no text of its own whose children were shown is no answer: its children are.
        unique = {n.node_id: n for n in picked + passed_over[::-1] if _has_body(n) or n.node_id not in opened}
        candidates = list(unique.values())[: max(RANK_CANDIDATES, k)]
        if not candidates:  # the budget ran out above the sections: the documents picked are the answer
            candidates = [n for n in last_chosen if _has_body(n)]
        ranked = run.rank(candidates) if candidates else []
        if self.cache and run.new_decisions:
            self.cache.save(query_key, decisions)
        hits = [_hit(node, score) for node, score in ranked[:k]]
        return TreeResult(query, hits, run.steps, run.llm_calls)


class _Traversal:
    """One query's traversal: model calls with retry, id validation, lexical fallback, cached decisions."""

    def __init__(
        self, retriever: TreeRetriever, query: str, terms: str, decisions: dict, match: _Match
    ) -> None:
        self.retriever = retriever
        self.query, self.terms = query, terms
        self.match = match
        self.decisions = decisions
        self.new_decisions = False
        self.steps: list[TraversalStep] = []
        self.llm_calls = 0

    def choose(self, stage: str, frontier: list[TreeNode]) -> list[TreeNode]:
        beam = self.retriever.settings.tree_beam
        by_id = {n.node_id: n for n in frontier}
        hints = _normalised([self.match.subtree(n) for n in frontier])
        candidates = [_candidate(n, self.retriever, hint) for n, hint in zip(frontier, hints, strict=True)]
        ids, _ = self._decide("choose", stage, candidates, beam)
        return [by_id[i] for i in ids[:beam]]

    def rank(self, nodes: list[TreeNode]) -> list[tuple[TreeNode, float]]:
        by_id = {n.node_id: n for n in nodes}
        hints = _normalised([self.match.own(n) for n in nodes])
        candidates = [
            Candidate(n.node_id, " › ".join(n.title_path), n.text[:RANK_TEXT_CHARS], match=hint)
            for n, hint in zip(nodes, hints, strict=True)
        ]
        ranking, _ = self._decide("rank", "rank", candidates, len(candidates))
        ranked = [(by_id[i], score) for i, score in ranking]
        return ranked + [(n, 0.0) for n in nodes if n.node_id not in dict(ranking)]

    def _decide(self, task: Task, stage: str, candidates: list[Candidate], max_ids: int):
        shown = [c.id for c in candidates]
        key = digest(task, shown)
        cached = self.decisions.get(key)
        if cached is not None:
            result = [tuple(x) for x in cached] if task == "rank" else list(cached)
            self.steps.append(TraversalStep(stage, shown, _ids(task, result), "cache"))
            return result, self.steps[-1]
        step = TraversalStep(stage, shown, [], "model")
        result = None
        for attempt in range(2):
            step.retried = attempt > 0
            try:
                result = self._ask(task, candidates, max_ids, retry=attempt > 0, step=step)
                break
            except MalformedReply as exc:
                step.note = str(exc)
                log.info("tree retriever: %s step, attempt %d: %s", stage, attempt + 1, exc)
        if result is None:
            step.source = "lexical"
            log.warning("tree retriever: %s step fell back to lexical scoring (%s)", stage, step.note)
            scores = judged_scores(self.terms, candidates)
            order = sorted(range(len(candidates)), key=lambda i: -scores[i])
            if task == "choose":
                result = [shown[i] for i in order if scores[i] > 0][:max_ids]
            else:
                result = [(shown[i], scores[i]) for i in order]
        else:  # fallbacks are not cached: the model gets another chance next time
            self.decisions[key] = [list(x) for x in result] if task == "rank" else result
            self.new_decisions = True
        step.picked = _ids(task, result)
        self.steps.append(step)
        return result, step

    def _ask(self, task: Task, candidates: list[Candidate], max_ids: int, retry: bool, step: TraversalStep):
        messages = build_messages(task, self.query, self.terms, candidates, max_ids, retry)
        self.llm_calls += 1
        try:
            reply = self.retriever.model.invoke(messages)
        except Exception as exc:  # a provider error or timeout is a failed attempt, handled like junk
            raise MalformedReply(f"model call failed: {type(exc).__name__}: {exc}") from None
        text = reply_text(reply)
        valid = {c.id for c in candidates}
        if task == "choose":
            given = parse_choice(text)
            result: list = [i for i in dict.fromkeys(given) if i in valid]
            unknown = [i for i in given if i not in valid]
        else:
            pairs = parse_ranking(text)
            first: dict[str, float] = {}
            for node_id, score in pairs:
                if node_id in valid:
                    first.setdefault(node_id, score)
            result = list(first.items())
            unknown = [i for i, _ in pairs if i not in valid]
        if unknown:
            log.warning("tree retriever: dropped ids not among the candidates: %s", unknown)
            step.dropped += unknown
            if not result:
                raise MalformedReply(f"none of the ids given is a candidate: {unknown[:5]}")
        return result


def _has_body(node: TreeNode) -> bool:
    """Whether a node has text besides its heading ("Chương III" over its articles has none)."""
    return not node.children or node.line_end >= node.line_start + node.title_lines


def _ids(task: Task, result: list) -> list[str]:
    return [x[0] for x in result] if task == "rank" else list(result)


def _candidate(node: TreeNode, retriever: TreeRetriever, match: float | None = None) -> Candidate:
    summary = node.summary
    if node.level == 0 and node.doc_id in retriever.store.documents:
        summary = retriever.store.documents[node.doc_id].description or summary
    return Candidate(
        node.node_id, node.title, summary, _contents(node), " › ".join(node.title_path[:-1]), match
    )


class _Match:
    """One question's keyword match (BM25 over titles and text, ``TreeLexicalIndex``) with each node's own text and
    with the best node of its subtree."""

    def __init__(self, scores: dict[str, float]) -> None:
        self.scores = scores
        self._subtree: dict[str, float] = {}

    def own(self, node: TreeNode) -> float:
        return self.scores.get(node.node_id, 0.0)

    def subtree(self, node: TreeNode) -> float:
        if node.node_id not in self._subtree:
            self._subtree[node.node_id] = max([self.own(node), *(self.subtree(c) for c in node.children)])
        return self._subtree[node.node_id]


def _normalised(values: list[float]) -> list[float]:
    """Scores as shares of the best one (0..1), as the model is shown them."""
    top = max(values, default=0.0) or 1.0
    return [round(v / top, 4) for v in values]


def _contents(node: TreeNode) -> tuple[str, ...]:
    """Titles of the children and grandchildren: the table of contents under a node."""
    titles = [t for c in node.children for t in (c.title, *(g.title for g in c.children))]
    return tuple(titles[:CONTAINS_TITLES])


def _hit(node: TreeNode, score: float) -> TreeHit:
    return TreeHit(**Location.fields_of_node(node), score=round(score, 4))
