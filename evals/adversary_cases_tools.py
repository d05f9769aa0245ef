"""Malformed tool arguments through MCP (every tool, ``ask`` and the resources) and the leave calculator at its
extremes. Each call must come back as an MCP error result or a JSON-RPC error with a message, never a crash."""

from __future__ import annotations

from typing import Any

import httpx

from evals.adversary_lab import ACME, Check, Mcp, answers, refusals, tool_refused

LONG = "nghỉ phép " * 2_000
MALFORMED: dict[str, tuple[str, Any]] = {
    "search: k 'abc'": ("search", {"query": "nghỉ phép", "k": "abc"}),
    "search: k 0": ("search", {"query": "nghỉ phép", "k": 0}),
    "search: k 21": ("search", {"query": "nghỉ phép", "k": 21}),
    "search: query empty": ("search", {"query": ""}),
    "search: query missing": ("search", {}),
    "search: query 20,000 characters": ("search", {"query": LONG}),
    "search: query a list": ("search", {"query": ["nghỉ", "phép"]}),
    "search: mode magic": ("search", {"query": "nghỉ phép", "mode": "magic"}),
    "search: arguments an array": ("search", ["nghỉ phép"]),
    "search: arguments a string": ("search", "nghỉ phép"),
    "navigate_tree: doc_id ../../manifest": ("navigate_tree", {"doc_id": "../../manifest"}),
    "navigate_tree: node_id unknown": ("navigate_tree", {"node_id": "khong_co:dieu-99"}),
    "navigate_tree: doc_id a number": ("navigate_tree", {"doc_id": 7}),
    "expand_node: node_id missing": ("expand_node", {}),
    "expand_node: node_id ../../etc/passwd": ("expand_node", {"node_id": "../../etc/passwd"}),
    "expand_node: node_id empty": ("expand_node", {"node_id": ""}),
    "expand_node: node_id a number": ("expand_node", {"node_id": 123}),
    "lookup_rules: k -1": ("lookup_rules", {"query": "nghỉ phép", "k": -1}),
    "lookup_rules: query missing": ("lookup_rules", {}),
    "lookup_rules: query over 500 characters": ("lookup_rules", {"query": "a" * 501}),
    "lookup_rules: doc_id unknown": ("lookup_rules", {"query": "nghỉ phép", "doc_id": "khong_co"}),
    "lookup_article: ref empty": ("lookup_article", {"ref": ""}),
    "lookup_article: ref over 300 characters": ("lookup_article", {"ref": "Điều " * 100}),
    "lookup_article: doc_id unknown": ("lookup_article", {"ref": "Điều 1", "doc_id": "khong_co"}),
    "ask: question empty": ("ask", {"question": ""}),
    "ask: question over the cap": ("ask", {"question": "nghỉ phép " * 300}),
    "ask: thread_id a number": ("ask", {"question": "Giờ làm việc?", "thread_id": 123}),
    "ingest_document: body empty": ("ingest_document", {"body": ""}),
    "ingest_document: replace sometimes": ("ingest_document", {"body": "# A\n\nB.", "replace": "sometimes"}),
    "an unknown tool": ("rm_rf", {}),
}
CALCULATOR: dict[str, dict[str, Any]] = {
    "0001-01-01 to 9999-12-31": {"probation_start": "0001-01-01", "as_of": "9999-12-31"},
    "as_of before the start": {"probation_start": "2026-07-01", "as_of": "2020-01-01"},
    "confirmation before the start": {"probation_start": "2026-07-01", "confirmation_date": "2026-01-01"},
    "2026-02-30": {"probation_start": "2026-02-30"},
    "month 13 ('tháng 13')": {"probation_start": "tháng 13"},
    "32/01/2026": {"probation_start": "32/01/2026"},
    "year 10000": {"probation_start": "10000-01-01"},
    "a 10,000-character date": {"probation_start": "2026-" * 2_000},
    "days_taken -5": {"probation_start": "2026-01-05", "days_taken": -5},
    "days_taken 1e308": {"probation_start": "2026-01-05", "days_taken": 1e308},
    "days_taken 'NaN'": {"probation_start": "2026-01-05", "days_taken": "NaN"},
    "years_of_service 1000": {"probation_start": "2026-01-05", "years_of_service": 1000},
    "work_conditions 'underwater'": {"probation_start": "2026-01-05", "work_conditions": "underwater"},
    "end_date before the start": {"probation_start": "2026-07-01", "end_date": "2026-01-01"},
}


def _call(token: httpx.Client, tool: str, args: Any) -> str:
    session = Mcp(token, ACME)
    return tool_refused(session.call(tool, args), session.last.status_code)


def _calculates(token: httpx.Client) -> str:
    session = Mcp(token, ACME)
    args = {"probation_start": "2026-07-01", "confirmation_date": "2026-09-01", "as_of": "2026-09-01"}
    message = session.call("calculate_leave", args)
    outcome = tool_refused(message, session.last.status_code)
    return "ok" if outcome == "silent wrong" and "2 ngày" in str(message) else outcome


def tool_cases(token: httpx.Client) -> dict[str, Check]:
    cases = {f"mcp {n}": (lambda t=t, a=a: _call(token, t, a)) for n, (t, a) in MALFORMED.items()}
    cases |= {
        f"calculate_leave: {n}": (lambda a=a: _call(token, "calculate_leave", a))
        for n, a in CALCULATOR.items()
    }
    return refusals(cases) | answers(
        {"calculate_leave control: July start, September answer": lambda: _calculates(token)}
    )
