"""The indexed lookups give exactly what a full scan gives (article titles, rule BM25), on the bundled index."""

from __future__ import annotations

import difflib

import pytest

from evals.golden import load_golden
from indexes.rules.rule_index import RuleIndex
from indexes.search.article_index import ArticleIndex, _bare_title, _folded_title
from indexes.search.bm25_scorer import BM25
from indexes.text import search_terms
from tools.context import ToolContext


def full_scan_fuzzy(index: ArticleIndex, ref: str) -> list[tuple[str, float]]:
    """The fuzzy title match as a scan of every title (what the index replaced)."""
    bare = _bare_title(ref)
    scored = []
    for _full, short, nid in index.titles:
        if not short:
            continue
        ratio = difflib.SequenceMatcher(None, bare, short).ratio()
        if bare in short or short in bare:
            ratio = max(ratio, 0.75)
        if ratio >= 0.6:
            scored.append((nid, round(ratio * 0.9, 3)))
    return sorted(scored, key=lambda m: -m[1])


def full_scan_suggestions(index: ArticleIndex, ref: str, k: int = 3) -> list[str]:
    bare = _bare_title(ref) or _folded_title(ref)
    scored = [(difflib.SequenceMatcher(None, bare, s or f).ratio(), nid) for f, s, nid in index.titles]
    return [nid for _, nid in sorted(scored, reverse=True)[:k]]


@pytest.fixture(scope="module")
def refs(corpus_settings) -> list[str]:
    index = ArticleIndex(corpus_settings.index_dir)
    titles = [short[: max(4, len(short) // 2)] for _full, short, _nid in index.titles if short]
    typos = ["nghi phep nam", "lai xuat cho vay", "cong tac phi", "thoi gian thu viec", "phu cap an trua"]
    return [item.question for item in load_golden()][:40] + titles[:40] + typos


def test_fuzzy_titles_and_suggestions_equal_a_full_scan(corpus_settings, refs):
    index = ArticleIndex(corpus_settings.index_dir)
    tenants = ("global",)
    matched = 0
    for ref in refs:
        if _bare_title(ref):
            fuzzy = [(m.node_id, m.score) for m in index._fuzzy(_bare_title(ref), lambda nid: True, 5)]
            assert fuzzy == full_scan_fuzzy(index, ref)[:5], ref
            matched += bool(fuzzy)
        assert index.suggestions(ref, tenants) == full_scan_suggestions(index, ref), ref
    assert matched >= 10  # the comparison is not vacuous


def test_exact_title_is_found_through_the_title_table(corpus_settings):
    index = ArticleIndex(corpus_settings.index_dir)
    full, short, nid = next(t for t in index.titles if t[1] and ":" in t[2])
    found = index.lookup(short, ("global",))
    assert found[0].node_id == nid and found[0].match == "title_exact"


def test_rule_bm25_equals_a_full_scan(corpus_settings, refs):
    ctx = ToolContext(corpus_settings)
    rules = ctx.rules
    titles = {
        r.node_id: (ctx.store.node(r.node_id).title if ctx.store.node(r.node_id) else "") for r in rules
    }
    index = RuleIndex(rules, titles.__getitem__)
    subset = [r for r in rules if r.doc_id != rules[0].doc_id]  # statistics of the searched set only
    for searched in (rules, subset):
        docs = [search_terms(" ".join([titles[r.node_id], *r.attributes.values(), r.text])) for r in searched]
        scan = BM25(docs)
        for ref in refs:
            query = search_terms(ref, query=True)
            expected = {i: s for i, s in enumerate(scan.scores(query)) if s > 0}
            got = index.bm25(index.positions(searched), query)
            positions = index.positions(searched)
            assert {positions.index(p): s for p, s in got.items() if s > 0} == expected, ref
