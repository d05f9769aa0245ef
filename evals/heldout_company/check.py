"""Check the held-out set: node_ids.txt matches the corpus, every question parses as a GoldenItem,
every expected node exists, and the counts meet the minimums.

    PYTHONPATH=. python evals/heldout_company/check.py [--write-node-ids]
"""

from __future__ import annotations

import collections
import json
import sys
from pathlib import Path

from evals.golden import GoldenItem, load_golden
from indexes.sources.folder import scan_corpus
from indexes.sources.markdown import build_tree

HERE = Path(__file__).parent


def node_ids() -> list[str]:
    scan = scan_corpus(HERE / "corpus", 10**7)
    assert not scan.skipped, scan.skipped
    ids = []
    for doc in scan.documents:
        ids += [n.node_id for n in build_tree(doc, lambda t: len(t.split())).walk()]
    return ids


def main() -> int:
    ids = node_ids()
    listed = HERE / "node_ids.txt"
    if "--write-node-ids" in sys.argv:
        listed.write_text("\n".join(ids) + "\n", encoding="utf-8")
    assert listed.read_text(encoding="utf-8").split() == ids, (
        "node_ids.txt is stale: run with --write-node-ids"
    )
    items = load_golden(HERE / "questions.jsonl")
    raw = [
        json.loads(x)
        for x in (HERE / "questions.jsonl").read_text(encoding="utf-8").splitlines()
        if x.strip()
    ]
    problems = []
    seen = set()
    for item, data in zip(items, raw, strict=True):
        extra = set(data) - set(GoldenItem.model_fields) - {"note"}
        if extra:
            problems.append(f"{item.id}: unexpected fields {extra}")
        if item.id in seen:
            problems.append(f"{item.id}: duplicate id")
        seen.add(item.id)
        problems += [f"{item.id}: unknown node {n}" for n in item.expected_nodes if n not in ids]
        if item.split != "heldout" or item.seed:
            problems.append(f"{item.id}: split must be heldout and seed false")
        if item.lang not in ("vi", "en"):
            problems.append(f"{item.id}: lang {item.lang}")
        if item.refuse and (item.expected_nodes or item.must_contain):
            problems.append(f"{item.id}: a refusal has nodes or must_contain")
        if not item.refuse and not (item.expected_nodes and item.must_contain):
            problems.append(f"{item.id}: an answerable item needs nodes and must_contain")
    counts = {
        "total": len(items),
        "en": sum(i.lang == "en" for i in items),
        "vi": sum(i.lang == "vi" for i in items),
        "refuse": sum(i.refuse for i in items),
        "needs_calculation": sum(i.needs_calculation for i in items),
        "calc_leave_probation": sum(
            i.needs_calculation and i.category in ("leave", "probation", "special_leave") for i in items
        ),
    }
    print(json.dumps(counts))
    print(json.dumps(collections.Counter(i.category for i in items)))
    for name, minimum in (("total", 60), ("en", 15), ("refuse", 10), ("calc_leave_probation", 6)):
        if counts[name] < minimum:
            problems.append(f"{name}: {counts[name]} < {minimum}")
    print("\n".join(problems) or "OK")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
