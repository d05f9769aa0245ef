"""The paraphrase set: well-formed, its folds fixed, each item keeping its source's expectations."""

from __future__ import annotations

import hashlib
import json

from evals.company_sets import COMPANY_SETS
from evals.golden import contains
from evals.paraphrase_eval import PARAPHRASES, load_paraphrases, summary
from indexes.settings import Settings


def test_every_paraphrase_has_a_known_source_and_its_expectations():
    rows = [json.loads(line) for line in PARAPHRASES.read_text(encoding="utf-8").splitlines()]
    paraphrased = [r for r in rows if r["round"] in (1, 2)]
    assert len(paraphrased) == 240 and {r["round"] for r in rows} == {1, 2, 3, 4, 5, 6, 7, 8}
    assert sum(r["lang"] == "en" for r in paraphrased) == 160
    assert sum(bool(r.get("refuse")) for r in paraphrased) == 30
    assert len({r["source_id"] for r in paraphrased}) == 240  # no source item paraphrased twice
    items = {name: {i.id: i for i in company.load()} for name, company in COMPANY_SETS.items()}
    for row in paraphrased:
        source = items[row["set"]][row["source_id"]]
        assert row["question"] != source.question
        assert row["must_contain"] == source.must_contain and bool(row.get("refuse")) == source.refuse
        if row["set"] in ("dev-company-5", "dev-company-6"):  # only their dev folds were paraphrased
            assert int(row["source_id"].rsplit("-", 1)[1]) % 2 == 1
    for row in rows:  # the fold is the md5 of the id, fixed before any change was measured
        assert row["fold"] == (
            "dev" if int(hashlib.md5(row["id"].encode()).hexdigest(), 16) % 2 == 0 else "test"
        )
    assert len({r["id"] for r in rows}) == len(rows)


def test_new_questions_keep_the_sentence_that_answers_them():
    rows = [json.loads(line) for line in PARAPHRASES.read_text(encoding="utf-8").splitlines()]
    new = [r for r in rows if r["round"] in (3, 4, 5, 6, 7, 8)]
    for round_, count, english, refusals in (
        (3, 96, 66, 13),
        (4, 72, 48, 12),
        (5, 84, 60, 12),
        (6, 84, 72, 12),
        (7, 84, 66, 12),
        (8, 84, 66, 12),
    ):
        written = [r for r in new if r["round"] == round_]
        assert len(written) == count and sum(r["lang"] == "en" for r in written) == english
        assert sum(r["refuse"] for r in written) == refusals
    known = {i.question for company in COMPANY_SETS.values() for i in company.load()}
    for row in new:
        assert row["source_id"] is None and row["question"] not in known
        if row["refuse"]:
            assert row["must_contain"] == [] and row["evidence"] == ""
            continue
        corpus = COMPANY_SETS[row["set"]].settings(Settings()).corpus_dir
        document = (corpus / row["doc"]).read_text(encoding="utf-8")
        for piece in row["evidence"].split(" … "):
            assert piece.strip() in document, (row["id"], piece)
        calculated = set(
            row.get("calculated", [])
        )  # a sum worked out from the rule (rounds 6 to 8): not in its text
        for number, group in enumerate(row["must_contain"]):  # each other answer is read in its sentence
            if number not in calculated:
                assert any(contains(row["evidence"], alt) for alt in group), (row["id"], group)


def test_a_fold_loads_alone_and_the_summary_counts_refusals():
    dev = load_paraphrases("dev")
    assert len(dev) == 73 + 66 + 55 + 34 + 51 + 37 + 46 + 41 and all(p.fold == "dev" for p in dev)
    rows = [
        {"ok": True, "lang": "vi", "refused": True, "should_refuse": True},
        {"ok": False, "lang": "en", "refused": True, "should_refuse": False},
        {"ok": True, "lang": "en", "refused": False, "should_refuse": False},
    ]
    figures = summary(rows)
    assert figures["accuracy_en"] == 0.5 and figures["refusal_precision"] == 0.5
    assert figures["refusal_recall"] == 1.0
