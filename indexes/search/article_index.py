"""Article / keyword lookup: "Điều 7", "điều 7 khoản 2", a section title or a glossary term -> tree nodes."""

from __future__ import annotations

import difflib
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
    def __init__(self, build_dir: Path) -> None:
        data = json.loads((build_dir / ARTICLE_FILE).read_text(encoding="utf-8"))
        self.articles: dict[str, dict[str, str]] = data["articles"]
        self.chapters: dict[str, dict[str, str]] = data["chapters"]
        self.titles: list[list[str]] = data["titles"]
        self.terms: dict[str, list[str]] = data["terms"]
        self.tenants: dict[str, str] = data["tenants"]

    def _docs(self, doc_id: str | None, tenants: Sequence[str]) -> list[str]:
        return [d for d, t in self.tenants.items() if t in tenants and (doc_id is None or d == doc_id)]

    def lookup(
        self, ref: str, tenants: Sequence[str], doc_id: str | None = None, k: int = 5
    ) -> list[ArticleMatch]:
        """Exact article/chapter numbers first, then exact titles, glossary terms, then fuzzy titles."""
        docs = self._docs(doc_id, tenants)
        allowed = {d + ":" for d in docs} | set(docs)
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
            return node_id in allowed or node_id.split(":", 1)[0] in docs

        if not found:
            found += [
                ArticleMatch(nid, "title_exact", 0.95)
                for full, short, nid in self.titles
                if visible(nid) and query and query in (full, short)
            ]
        if not found and query in self.terms:
            found += [ArticleMatch(nid, "glossary", 0.8) for nid in self.terms[query] if visible(nid)]
        if not found and bare:
            scored = []
            for _full, short, nid in self.titles:
                if not visible(nid) or not short:
                    continue
                ratio = difflib.SequenceMatcher(None, bare, short).ratio()
                if bare in short or short in bare:
                    ratio = max(ratio, 0.75)
                if ratio >= 0.6:
                    scored.append(ArticleMatch(nid, "title_fuzzy", round(ratio * 0.9, 3)))
            found += sorted(scored, key=lambda m: -m.score)
        unique: dict[str, ArticleMatch] = {}
        for m in found:
            unique.setdefault(m.node_id, m)
        return list(unique.values())[:k]

    def suggestions(self, ref: str, tenants: Sequence[str], k: int = 3) -> list[str]:
        """Nearest titles' node ids, for a 'not found' answer."""
        bare = _bare_title(ref) or _folded_title(ref)
        docs = set(self._docs(None, tenants))
        scored = [
            (difflib.SequenceMatcher(None, bare, short or full).ratio(), nid)
            for full, short, nid in self.titles
            if nid.split(":", 1)[0] in docs
        ]
        return [nid for _, nid in sorted(scored, reverse=True)[:k]]
