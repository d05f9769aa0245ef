"""Article / keyword lookup: "Điều 7", "điều 7 khoản 2", a section title or a glossary term -> tree nodes."""

from __future__ import annotations

import difflib
import heapq
import itertools
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from indexes.search.glossary import Glossary
from indexes.search.query_terms import parse_refs
from indexes.sources.tree_model import TreeNode
from indexes.text import bare_title, fold, nfc

ARTICLE_FILE = "articles.json"
_NUMBERING_RE = re.compile(
    r"^(?:(?:dieu|chuong|muc|article|chapter|section)\s+[0-9ivxlcdm]+[a-z]?|[0-9]+|[a-z])[.):]?\s*"
)
MAX_TERM_NODES = 8


def _folded_title(title: str) -> str:
    return " ".join(re.findall(r"\w+", fold(nfc(title))))


_bare_title = bare_title


def build_article_index(trees: Iterable[tuple[TreeNode, str]], glossary: Glossary) -> dict:
    """``trees``: (root, tenant) pairs. Returns the JSON-ready index."""
    articles: dict[str, dict[str, str]] = {}
    chapters: dict[str, dict[str, str]] = {}
    titles: list[tuple[str, str, str]] = []
    tenants: dict[str, str] = {}
    bodies: dict[str, str] = {}
    for root, tenant in trees:
        tenants[root.doc_id] = tenant
        for node in root.walk():
            path = node.node_id.split(":", 1)[1] if ":" in node.node_id else ""
            last = path.rsplit("/", 1)[-1]
            if m := re.fullmatch(r"(?:dieu|article)-(\w+)", last):
                articles.setdefault(root.doc_id, {}).setdefault(m.group(1), node.node_id)
            elif m := re.fullmatch(r"(?:chuong|chapter)-(\w+)", last):
                chapters.setdefault(root.doc_id, {}).setdefault(m.group(1), node.node_id)
            titles.append((_folded_title(node.title), _bare_title(node.title), node.node_id))
            bodies[node.node_id] = " ".join(re.findall(r"\w+", fold(node.text)))
    terms: dict[str, list[str]] = {}
    for abbr, full in glossary.abbreviations.items():
        for term in (abbr, full):
            key = _folded_title(term)
            counts = {nid: f" {body} ".count(f" {key} ") for nid, body in bodies.items()}
            ranked = sorted((n for n, c in counts.items() if c), key=lambda n: -counts[n])[:MAX_TERM_NODES]
            if ranked:
                merged = terms.setdefault(key, [])
                merged += [n for n in ranked if n not in merged]
    return {"articles": articles, "chapters": chapters, "titles": titles, "terms": terms, "tenants": tenants}


def write_article_index(build_dir: Path, index: dict) -> None:
    (build_dir / ARTICLE_FILE).write_text(json.dumps(index, ensure_ascii=False), encoding="utf-8")


@dataclass(frozen=True)
class ArticleMatch:
    node_id: str
    match: str  # "article" | "chapter" | "title_exact" | "title_fuzzy" | "glossary"
    score: float
    clause: str | None = None
    point: str | None = None


class ArticleIndex:
    """Loaded once per build. Exact numbers and titles are dict look-ups; fuzzy title matching scores each
    *distinct* title once (a corpus of many similar documents repeats titles) and skips titles whose cheap
    upper bounds (``real_quick_ratio``, ``quick_ratio``) cannot reach the threshold, with the same results."""

    def __init__(self, build_dir: Path) -> None:
        data = json.loads((build_dir / ARTICLE_FILE).read_text(encoding="utf-8"))
        self.articles: dict[str, dict[str, str]] = data["articles"]
        self.chapters: dict[str, dict[str, str]] = data["chapters"]
        self.titles: list[list[str]] = data["titles"]
        self.terms: dict[str, list[str]] = data["terms"]
        self.tenants: dict[str, str] = data["tenants"]
        self._exact: dict[str, list[str]] = {}  # folded full or bare title -> node ids, in title order
        self._by_short: dict[str, list[tuple[int, str]]] = {}  # distinct bare title -> (position, node id)
        self._by_any: dict[str, list[str]] = {}  # distinct bare-or-full title (suggestions) -> node ids
        for position, (full, short, nid) in enumerate(self.titles):
            for key in dict.fromkeys((full, short)):
                self._exact.setdefault(key, []).append(nid)
            if short:
                self._by_short.setdefault(short, []).append((position, nid))
            self._by_any.setdefault(short or full, []).append(nid)
        for nids in self._by_any.values():
            nids.sort(reverse=True)  # equal ratios rank by node id, highest first (as a full sort does)

    def _docs(self, doc_id: str | None, tenants: Sequence[str]) -> list[str]:
        return [d for d, t in self.tenants.items() if t in tenants and (doc_id is None or d == doc_id)]

    def lookup(
        self, ref: str, tenants: Sequence[str], doc_id: str | None = None, k: int = 5
    ) -> list[ArticleMatch]:
        """Exact article/chapter numbers first, then exact titles, glossary terms, then fuzzy titles."""
        docs = self._docs(doc_id, tenants)
        doc_set = set(docs)
        found: list[ArticleMatch] = []
        for r in parse_refs(ref):
            table = self.articles if r.article else self.chapters
            number = r.article or r.chapter
            found += [
                ArticleMatch(table[d][number], "article" if r.article else "chapter", 1.0, r.clause, r.point)
                for d in docs
                if number in table.get(d, {})
            ]
        query = _folded_title(ref)
        bare = _bare_title(ref)

        def visible(node_id: str) -> bool:
            return node_id.split(":", 1)[0] in doc_set

        if not found and query:
            found += [
                ArticleMatch(nid, "title_exact", 0.95) for nid in self._exact.get(query, []) if visible(nid)
            ]
        if not found and query in self.terms:
            found += [ArticleMatch(nid, "glossary", 0.8) for nid in self.terms[query] if visible(nid)]
        if not found and bare:
            found += self._fuzzy(bare, visible, k)
        unique: dict[str, ArticleMatch] = {}
        for m in found:
            unique.setdefault(m.node_id, m)
        return list(unique.values())[:k]

    def _fuzzy(self, bare: str, visible, k: int) -> list[ArticleMatch]:
        """The ``k`` best titles similar to ``bare`` (ratio >= 0.6, or containing / contained in it: at least
        0.75); a title shared by many nodes contributes its first ``k`` visible ones (ties go by position)."""
        matcher = difflib.SequenceMatcher(None, bare, "")
        scored: list[tuple[float, int, str]] = []
        for short, nids in self._by_short.items():
            contained = bare in short or short in bare
            matcher.set_seq2(short)
            if contained:
                ratio = max(matcher.ratio(), 0.75)
            elif matcher.real_quick_ratio() < 0.6 or matcher.quick_ratio() < 0.6:
                continue
            else:
                ratio = matcher.ratio()
            if ratio >= 0.6:
                shown = (nid for nid in nids if visible(nid[1]))
                scored += [(round(ratio * 0.9, 3), pos, nid) for pos, nid in itertools.islice(shown, k)]
        scored.sort(key=lambda t: (-t[0], t[1]))  # best first; ties in title order, as a full scan gives
        return [ArticleMatch(nid, "title_fuzzy", score) for score, _, nid in scored[:k]]

    def suggestions(self, ref: str, tenants: Sequence[str], k: int = 3) -> list[str]:
        """Nearest titles' node ids, for a 'not found' answer."""
        bare = _bare_title(ref) or _folded_title(ref)
        docs = set(self._docs(None, tenants))
        matcher = difflib.SequenceMatcher(None, bare, "")
        bounds = []
        for title in self._by_any:
            matcher.set_seq2(title)
            bounds.append((matcher.quick_ratio(), title))
        bounds.sort(reverse=True)
        best: list[tuple[float, str]] = []  # min-heap of the k best (ratio, node id) so far
        for bound, title in bounds:  # exact ratios in order of their upper bound, until none can enter
            if len(best) >= k and bound < best[0][0]:
                break
            matcher.set_seq2(title)
            ratio = matcher.ratio()
            shown = (nid for nid in self._by_any[title] if nid.split(":", 1)[0] in docs)
            for nid in itertools.islice(shown, k):  # highest ids first: the rest cannot beat them
                (heapq.heappush if len(best) < k else heapq.heappushpop)(best, (ratio, nid))
        return [nid for _, nid in sorted(best, reverse=True)]
