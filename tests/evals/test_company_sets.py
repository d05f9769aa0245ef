"""The company sets (held-out, two dev companies): each loads, passes its own check, and every gold node is a node of the
index built from its corpus."""

from __future__ import annotations

import importlib.util

import pytest

from evals.company_sets import COMPANY_SETS, node_ids, problems
from ui.cli import build_parser

TOPICS = {"leave", "probation", "special_leave", "hours", "travel", "benefits", "discipline"}


def _check_module(name: str):
    """The set's own ``check.py``: its minimum counts and whether it asks for answers stated in the gold."""
    folder = COMPANY_SETS[name].folder
    spec = importlib.util.spec_from_file_location(f"check_{folder.name}", folder / "check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", sorted(COMPANY_SETS))
def test_company_set_passes_its_check(name, capsys):
    company = COMPANY_SETS[name]
    check = _check_module(name)
    assert check.check_main(name, check.MINIMUMS, argv=[]) == 0, capsys.readouterr().out
    listed = (company.folder / "node_ids.txt").read_text(encoding="utf-8").split()
    assert listed == node_ids(company.corpus_dir)


def test_dev_company_counts_and_stated_answers():
    found, counts, categories = problems(COMPANY_SETS["dev-company"], {}, answers_stated=True)
    assert found == []
    assert counts["total"] >= 70 and counts["en"] >= 25 and counts["refuse"] >= 15
    assert counts["calc_leave_probation"] >= 8
    items = COMPANY_SETS["dev-company"].load()
    assert sum(i.refuse and i.lang == "en" for i in items) >= 5  # near misses asked in both languages
    assert set(categories) >= TOPICS


def test_a_wrong_gold_fails_the_check(tmp_path):
    """The check can fail: an unknown node, and an answer its gold section does not state."""
    import dataclasses
    import json

    company = COMPANY_SETS["dev-company"]
    lines = company.questions_file.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    wrong = [dict(first, id="x-1", expected_nodes=["ta_phep_nam_thu_viec:chuong-ix"])]
    wrong.append(dict(first, id="x-2", must_contain=[["99 ngày"]]))
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "corpus").symlink_to(company.corpus_dir)
    (folder / "questions.jsonl").write_text(
        "\n".join(json.dumps(w, ensure_ascii=False) for w in wrong), encoding="utf-8"
    )
    found, _, _ = problems(dataclasses.replace(company, folder=folder), {"total": 3}, answers_stated=True)
    assert any("x-1: unknown node" in p for p in found)
    assert any("x-2: none of" in p for p in found)
    assert "total: 2 < 3" in found


@pytest.mark.parametrize("name", sorted(COMPANY_SETS))
def test_eval_cli_knows_the_set(name):
    assert build_parser().parse_args(["eval", "--set", name]).set == name


@pytest.mark.parametrize("name", ["dev-company", "dev-company-2", "dev-company-3", "dev-company-4"])
def test_dev_company_gold_nodes_are_in_its_index(make_settings, name):
    """Indexed on its own (own data dir, as ``quyche eval --set dev-company`` does), every gold node exists."""
    from indexes.pipeline.ingest import index_folder
    from indexes.store.published_index import IndexStore

    company = COMPANY_SETS[name]
    settings = company.settings(make_settings())
    assert settings.data_dir.name == company.folder.name and settings.corpus_dir == company.corpus_dir
    index_folder(settings, settings.corpus_dir, show_progress=False)
    store = IndexStore(settings.index_dir)
    assert set(store.documents) == {p.stem for p in company.corpus_dir.glob("*.md")}
    for item in company.load():
        assert all(store.node(n) for n in item.expected_nodes), item.id


def test_with_law_asks_a_company_set_as_a_tenant_beside_national_law(tmp_path, capsys):
    from evals.company_sets import COMPANY_TENANT, LAW_TEXTS
    from indexes.settings import Settings
    from ui.cli import main

    company = COMPANY_SETS["dev-company-2"]
    settings = company.with_law_settings(Settings(_env_file=None, data_dir=tmp_path))
    assert settings.tenant == COMPANY_TENANT != "global"
    assert (
        settings.corpus_dir == company.corpus_dir and settings.data_dir == tmp_path / "dev_company_2-with-law"
    )
    assert sorted(p.name for p in LAW_TEXTS.glob("*.md"))  # the law texts are in the repository
    assert build_parser().parse_args(["eval", "--set", "dev-company", "--with-law"]).with_law
    # the golden corpus has no tenant to ask: a clear error, nothing run
    assert main(["eval", "--with-law", "--no-save"]) == 2
    assert "--with-law asks a company set" in capsys.readouterr().err
    assert main(["eval", "--set", "real-law", "--with-law", "--no-save"]) == 2
    assert main(["eval", "--set", "dev-company", "--with-law", "--tenant", "x", "--no-save"]) == 2


def test_every_eval_data_dir_shares_the_usual_model_folder(make_settings, tmp_path):
    """Sets, sets with law and the real-law texts each index into a data dir of their own, but the embedding
    model stays in one folder: a copy per data dir wrote ~550 MB each and filled the disk."""
    from evals.real_law_eval import real_law_settings

    settings = make_settings(models_dir=None)
    usual = settings.model_cache_dir
    derived = [real_law_settings(settings)]
    for company in COMPANY_SETS.values():
        derived += [company.settings(settings), company.with_law_settings(settings)]
    assert {s.data_dir for s in derived}.isdisjoint({settings.data_dir})
    assert len({s.data_dir for s in derived}) == len(derived)
    assert {s.model_cache_dir for s in derived} == {usual}


def test_an_eval_never_touches_the_conversations_of_its_data_dir(make_settings):
    """An eval's one-turn threads and their traces are kept in a temporary folder dropped with the run: the data
    dir's own conversations and traces (a user's, a server's) are neither mixed with them nor evicted."""
    import sqlite3

    from agent.assistant import Assistant
    from evals import harness
    from evals.golden import load_golden
    from indexes.pipeline.ingest import index_folder

    settings = make_settings()
    index_folder(settings, settings.corpus_dir, show_progress=False)
    user = Assistant(settings).ask("Nhân viên được nghỉ phép năm bao nhiêu ngày?")
    db = settings.data_dir / "conversations.sqlite"
    before = sqlite3.connect(db).execute("SELECT thread_id FROM thread_owners").fetchall()
    assert before == [(user.thread_id,)]
    items = [i for i in load_golden() if not i.refuse][:3]
    traces = sorted((settings.data_dir / "traces").iterdir())
    assert len(traces) == 1
    small = settings.model_copy(update={"max_threads": 1})
    result = harness.run_eval(small, ("bm25", "agent"), items=items)
    assert len(result.per_item) == 3 and result.per_item[0]["tool_calls"] > 0
    assert sqlite3.connect(db).execute("SELECT thread_id FROM thread_owners").fetchall() == before
    assert sorted((settings.data_dir / "traces").iterdir()) == traces
