"""The real-law set's harness pieces and the rule that fusion weights come from its dev fold only."""

from __future__ import annotations

import json

import pytest

from evals.real_law_eval import REAL_LAW_DIR, RealLawItem, load_questions, rank_of
from evals.real_law_tuning import RECORD, choose, choose_bonus, score_grid
from indexes.settings import Settings


def test_the_set_has_both_folds_and_both_languages():
    dev, test = load_questions("dev"), load_questions("test")
    assert len(dev) + len(test) == len(load_questions("all")) >= 150
    assert {i.lang for i in dev} == {i.lang for i in test} == {"vi", "en"}
    assert (REAL_LAW_DIR / "texts").is_dir()


def test_ranks_count_articles_of_the_gold_document_only():
    item = RealLawItem.model_validate(
        {
            "id": "x",
            "question": "q",
            "lang": "vi",
            "fold": "dev",
            "gold": [{"doc_id": "a", "article": "Điều 5"}],
        }
    )
    assert rank_of(item, [("b", "5"), "a:preamble", ("a", "5")]) == 3
    assert rank_of(item, [("a", "50")]) is None


def test_fusion_weights_are_the_ones_chosen_on_the_dev_fold():
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    assert record["fold"] == "dev"
    assert Settings(_env_file=None).fusion_weights == record["weights"]
    grid = {lang: {float(w): tuple(v) for w, v in by.items()} for lang, by in record["grid"].items()}
    assert choose(grid) == record["weights"]  # the record is what the rule picks from its own dev grid
    bonuses = {float(b): tuple(v) for b, v in record["title_bonus_grid"].items()}
    assert choose_bonus(bonuses) == record["title_bonus"] == Settings(_env_file=None).title_bonus
    kinds = {float(b): tuple(v) for b, v in record["title_kind_bonus_grid"].items()}
    assert choose_bonus(kinds) == record["title_kind_bonus"] == Settings(_env_file=None).title_kind_bonus
    contrasts = {float(b): tuple(v) for b, v in record["contrast_penalty_grid"].items()}
    assert choose_bonus(contrasts) == record["contrast_penalty"] == Settings(_env_file=None).contrast_penalty


def test_tuning_refuses_the_test_fold():
    with pytest.raises(ValueError, match="dev fold only"):
        score_grid(Settings(_env_file=None), fold="test")
