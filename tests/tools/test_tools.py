"""The tools over the bundled corpus: right node, right quote, right numbers; errors as values."""

from __future__ import annotations

import json

import pytest

from tools.errors import ToolFailure
from tools.registry import ALL, BY_NAME, ToolRun, run_tool
from tools.search_tools import SearchResult
from tools.tree_tools import DocumentList, NodeChildren


def run(ctx, name, **args):
    return run_tool(ctx, name, args).result_json()


def test_registry_lists_twenty_typed_documented_tools():
    assert [t.tool_name for t in ALL] == [
        "navigate_tree",
        "expand_node",
        "lookup_rules",
        "search",
        "lookup_article",
        "calculate_leave",
        "calculate_probation_end",
        "calculate_probation_pay",
        "calculate_overtime_pay",
        "calculate_night_work_pay",
        "calculate_personal_leave",
        "calculate_notice_end",
        "calculate_carry_over",
        "calculate_trip_allowance",
        "calculate_loan_repayment",
        "calculate_loan_limit",
        "calculate_loan_eligibility",
        "calculate_advance",
        "calculate_trip_support",
        "calculate_training_repayment",
        "calculate_unit_amount",
        "calculate_daily_pay",
        "calculate_thirteenth_month",
    ]
    for spec in ALL:
        schema = spec.json_schema()
        assert schema["type"] == "object" and "ctx" not in schema["properties"]
        assert len(spec.description) > 80, spec.tool_name
        for name, prop in schema["properties"].items():
            assert prop.get("description") or name in ("k",), (spec.tool_name, name)
    assert BY_NAME["expand_node"].json_schema()["required"] == ["node_id"]
    assert BY_NAME["search"].json_schema()["properties"]["mode"]["enum"] == ["hybrid", "vector", "keyword"]


def test_navigate_tree_lists_documents_then_children(tool_ctx):
    docs = run(tool_ctx, "navigate_tree")["documents"]
    assert {"noi_quy_lao_dong", "quy_che_du_lich", "quy_che_cho_vay", "dinh_muc_chi"} <= {
        d["doc_id"] for d in docs
    }
    assert all(d["description"] for d in docs)
    top = run(tool_ctx, "navigate_tree", doc_id="noi_quy_lao_dong")
    assert [c["node_id"] for c in top["children"]][:2] == [
        "noi_quy_lao_dong:chuong-i",
        "noi_quy_lao_dong:chuong-ii",
    ]
    chapter = run(tool_ctx, "navigate_tree", node_id="noi_quy_lao_dong:chuong-iii")
    hours = next(c for c in chapter["children"] if c["node_id"] == "noi_quy_lao_dong:dieu-3")
    assert hours["title"] == "Điều 3. Thời giờ làm việc" and "text" not in hours
    assert "8 giờ 30" in hours["summary"] or "8h30" in hours["summary"]


def test_expand_node_returns_full_text_with_lines(tool_ctx, corpus_settings):
    node = run(tool_ctx, "expand_node", node_id="noi_quy_lao_dong:dieu-6")
    assert node["title"] == "Điều 6. Nghỉ hằng năm" and "12 ngày làm việc" in node["text"]
    source = (corpus_settings.corpus_dir / "noi_quy_lao_dong.md").read_text(encoding="utf-8").split("\n")
    assert source[node["line_start"] - 1].startswith("### Điều 6.")
    assert node["text"].split("\n")[-1] == source[node["line_end"] - 1]


def test_expand_node_resolves_case_and_diacritics(tool_ctx):
    assert (
        run(tool_ctx, "expand_node", node_id="NOI_QUY_LAO_DONG:DIEU-6")["node_id"]
        == "noi_quy_lao_dong:dieu-6"
    )
    assert (
        run(tool_ctx, "expand_node", node_id="noi_quy_lao_dong:điều-6")["node_id"]
        == "noi_quy_lao_dong:dieu-6"
    )


def test_unknown_node_id_is_a_structured_error_with_suggestions(tool_ctx):
    result = run(tool_ctx, "expand_node", node_id="noi_quy_lao_dong:dieu-66")
    assert result["error"] == "unknown_node_id"
    ids = [s["node_id"] for s in result["suggestions"]]
    assert 1 <= len(ids) <= 3 and "noi_quy_lao_dong:dieu-6" in ids


def test_the_section_calculators_name_unknown_ids_and_sections_stating_nothing(tool_ctx):
    unknown = run(
        tool_ctx, "calculate_daily_pay", monthly_wage="7800000", days=4, node_ids=["noi_quy_lao_dong:dieu-66"]
    )
    assert unknown["error"] == "unknown_node_id" and unknown["suggestions"]
    # an unknown id beside a known one is skipped; the known section states no divisor, and says so by its id
    silent = run(
        tool_ctx,
        "calculate_daily_pay",
        monthly_wage="7800000",
        days=4,
        node_ids=["noi_quy_lao_dong:dieu-66", "noi_quy_lao_dong:dieu-6"],
    )
    assert silent["error"] == "no_divisor" and "noi_quy_lao_dong:dieu-6" in silent["message"]
    rate = run(tool_ctx, "calculate_unit_amount", count=2, unit="bộ", node_ids=["noi_quy_lao_dong:dieu-6"])
    assert rate["error"] == "no_rate" and "noi_quy_lao_dong:dieu-6" in rate["message"]


def test_malformed_arguments_are_clear_errors(tool_ctx):
    assert run_tool(tool_ctx, "expand_node", {}).result_json()["error"] == "invalid_arguments"
    assert "node_id" in run_tool(tool_ctx, "expand_node", {}).result_json()["message"]
    assert (
        run_tool(tool_ctx, "search", {"query": "x", "k": 500}).result_json()["error"] == "invalid_arguments"
    )
    assert (
        run_tool(tool_ctx, "search", {"query": "x", "bogus": 1}).result_json()["error"] == "invalid_arguments"
    )
    assert run_tool(tool_ctx, "search", "{not json").result_json()["error"] == "invalid_arguments"
    assert run_tool(tool_ctx, "no_such_tool", {}).result_json()["error"] == "unknown_tool"


@pytest.mark.parametrize("mode", ["hybrid", "vector", "keyword"])
def test_search_finds_the_working_hours_article(tool_ctx, mode):
    hits = run(tool_ctx, "search", query="Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?", mode=mode)["hits"]
    assert "noi_quy_lao_dong:dieu-3" in [h["node_id"] for h in hits[:3]]


def test_search_without_diacritics_and_in_english(tool_ctx):
    folded = run(tool_ctx, "search", query="muc cho vay toi da", k=3)["hits"]
    assert folded[0]["node_id"].startswith("quy_che_cho_vay:")
    english = run(tool_ctx, "search", query="What is the interest rate on staff loans?", k=5)
    assert "lãi suất" in english["expansions"]
    assert "quy_che_cho_vay:dieu-7" in [h["node_id"] for h in english["hits"]]


def test_lookup_article_by_number_clause_and_title(tool_ctx):
    hits = run(tool_ctx, "lookup_article", ref="Điều 3", doc_id="noi_quy_lao_dong")["matches"]
    assert [h["node_id"] for h in hits] == ["noi_quy_lao_dong:dieu-3"] and hits[0]["match"] == "article"
    clause = run(tool_ctx, "lookup_article", ref="điều 5 khoản 1", doc_id="quy_che_cho_vay")["matches"][0]
    assert clause["clause"] == "1" and "50.000.000" in clause["text"] and clause["text"].startswith("1.")
    by_title = run(tool_ctx, "lookup_article", ref="thoi gio lam viec")["matches"]
    assert by_title[0]["node_id"] == "noi_quy_lao_dong:dieu-3"
    every = {h["doc_id"] for h in run(tool_ctx, "lookup_article", ref="Điều 7")["matches"]}
    assert {"noi_quy_lao_dong", "quy_che_cho_vay"} <= every


def test_lookup_article_not_found_suggests(tool_ctx):
    result = run(tool_ctx, "lookup_article", ref="Điều 99", doc_id="noi_quy_lao_dong")
    assert result["error"] == "not_found" and result["suggestions"]


def test_lookup_rules_returns_grounded_rules(tool_ctx, corpus_settings):
    rules = run(tool_ctx, "lookup_rules", query="kết hôn được nghỉ mấy ngày")["rules"]
    assert rules, "expected a personal-leave rule"
    top = rules[0]
    assert top["node_id"] == "noi_quy_lao_dong:dieu-10"
    assert "03 ngày" in top["text"] or "3 ngày" in top["text"]
    source = (corpus_settings.corpus_dir / "noi_quy_lao_dong.md").read_text(encoding="utf-8")
    assert source[top["start"] : top["end"]] == top["text"]
    loans = run(tool_ctx, "lookup_rules", query="mức cho vay tối đa", rule_type="LoanRule")["rules"]
    assert loans and all(r["rule_class"] == "LoanRule" for r in loans)
    assert any("50.000.000" in r["text"] for r in loans)


def test_calculate_leave_seed_cases_and_policy_from_corpus(tool_ctx):
    r = run(
        tool_ctx, "calculate_leave", probation_start="tháng 7", confirmation_date="tháng 9", as_of="tháng 9"
    )
    assert r["usable_days"] == 2 and "2 ngày" in r["answer"]
    assert r["policy_sources"]["days_per_year"]["source"] == "corpus"
    assert r["policy_sources"]["days_per_year"]["node_id"] == "noi_quy_lao_dong:dieu-6"
    r = run(tool_ctx, "calculate_leave", confirmation_date="tháng 9", as_of="tháng 10")
    assert r["usable_days"] == 3
    bad = run(tool_ctx, "calculate_leave", probation_start="31/02/2026")
    assert bad["error"] == "invalid_dates" and "31/02/2026" in bad["message"]


def test_outputs_are_bounded(tool_ctx, corpus_settings):
    small = tool_ctx.settings.model_copy(update={"max_tool_output_chars": 300})
    from tools.context import ToolContext

    ctx = ToolContext(small, embedder=tool_ctx.embedder)
    node = run(ctx, "expand_node", node_id="noi_quy_lao_dong:dieu-7")
    assert len(node["text"]) < 400 and "đã cắt" in node["text"]
    assert len(json.dumps(run(ctx, "search", query="nghỉ phép", k=5), ensure_ascii=False)) < 5000


def test_typed_results_round_trip_through_their_json_records(tool_ctx):
    """The graph keeps tool runs as JSON; read back, each is its tool's own model again."""
    calls = {
        "search": ({"query": "giờ làm việc buổi sáng"}, SearchResult),
        "navigate_tree": ({}, DocumentList),
        "expand_node": ({"node_id": "noi_quy_lao_dong:dieu-999"}, ToolFailure),
    }
    for name, (args, model) in calls.items():
        run = run_tool(tool_ctx, name, args)
        again = ToolRun.from_record(run.record())
        assert isinstance(run.result, model) and isinstance(again.result, model)
        assert again.result == run.result
    first_doc = run_tool(tool_ctx, "navigate_tree", {}).result.documents[0].doc_id
    children = run_tool(tool_ctx, "navigate_tree", {"doc_id": first_doc})
    assert isinstance(ToolRun.from_record(children.record()).result, NodeChildren)
