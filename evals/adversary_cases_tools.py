"""Malformed tool arguments through MCP (every tool, ``ask`` and the resources) and the calculators (leave,
probation end, overtime pay) at their extremes. Each call must come back as an MCP error result or a JSON-RPC error with a message, never a crash."""

from __future__ import annotations

import json
import re
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

WAGE = {"monthly_wage": "7.800.000"}
OVERTIME: dict[str, dict[str, Any]] = {
    "monthly_wage empty": {"monthly_wage": "", "hours": 2},
    "monthly_wage 'abc'": {"monthly_wage": "abc", "hours": 2},
    "monthly_wage '-5 triệu'": {"monthly_wage": "-5 triệu", "hours": 2},
    "monthly_wage '1e308'": {"monthly_wage": "1e308", "hours": 2},
    "monthly_wage 10,000 characters": {"monthly_wage": "9" * 10_000, "hours": 2},
    "monthly_wage 39 digits": {"monthly_wage": "9" * 39, "hours": 2},
    "monthly_wage '0'": {"monthly_wage": "0", "hours": 2},
    "monthly_wage '5' (đồng)": {"monthly_wage": "5", "hours": 2},
    "monthly_wage '²'": {"monthly_wage": "²", "hours": 2},
    "monthly_wage a number": {"monthly_wage": 7_800_000, "hours": 2},
    "monthly_wage missing": {"hours": 2},
    "hours -1": WAGE | {"hours": -1},
    "hours 0": WAGE | {"hours": 0},
    "hours 17": WAGE | {"hours": 17},
    "hours 1e9": WAGE | {"hours": 1e9},
    "hours 'NaN'": WAGE | {"hours": "NaN"},
    "no hours and no span": WAGE,
    "start_time '25:00'": WAGE | {"start_time": "25:00", "end_time": "19:00"},
    "start_time '24:30'": WAGE | {"start_time": "24:30", "end_time": "02:00"},
    "start_time '17:99'": WAGE | {"start_time": "17:99", "end_time": "19:00"},
    "start_time 'noon'": WAGE | {"start_time": "noon", "end_time": "19:00"},
    "start_time 10,000 characters": WAGE | {"start_time": "1" * 10_000, "end_time": "19:00"},
    "end_time equal to start_time": WAGE | {"start_time": "17:00", "end_time": "17h"},
    "start_time without end_time": WAGE | {"start_time": "17:00"},
    "a span over 16 hours": WAGE | {"start_time": "06:00", "end_time": "23:00"},
    "hours against the span": WAGE | {"hours": 5, "start_time": "17:00", "end_time": "19:00"},
    "day_kind 'weekday'": WAGE | {"hours": 2, "day_kind": "weekday"},
    "night_hours over hours": WAGE | {"hours": 2, "night_hours": 5},
    "night_hours -1": WAGE | {"hours": 2, "night_hours": -1},
    "an unknown argument": WAGE | {"hours": 2, "bonus": "yes"},
    "other_days not a list": WAGE | {"hours": 2, "other_days": "Sunday 8 hours"},
    "other_days with 30 hours": WAGE | {"hours": 2, "other_days": [{"hours": 30}]},
    "other_days without hours": WAGE | {"hours": 2, "other_days": [{"day_kind": "weekly_rest"}]},
    "other_days start_time '25:00'": WAGE
    | {"hours": 2, "other_days": [{"start_time": "25:00", "end_time": "02:00"}]},
    "other_days 40 days": WAGE | {"hours": 2, "other_days": [{"hours": 1}] * 40},
    "other_days with an unknown key": WAGE
    | {"hours": 2, "other_days": [{"hours": 8, "kind": "weekly_rest"}]},
}
PROBATION: dict[str, dict[str, Any]] = {
    "probation_start '31/02/2026'": {"probation_start": "31/02/2026", "duration": 30},
    "probation_start '2026-13-01'": {"probation_start": "2026-13-01", "duration": 30},
    "probation_start empty": {"probation_start": "", "duration": 30},
    "probation_start 'tomorrow'": {"probation_start": "tomorrow", "duration": 30},
    "probation_start year 1900": {"probation_start": "1900-01-01", "duration": 30},
    "probation_start year 2999": {"probation_start": "2999-01-01", "duration": 30},
    "probation_start year 0": {"probation_start": "0000-01-01", "duration": 30},
    "probation_start 9999-12-31 + 2 months": {
        "probation_start": "9999-12-31",
        "duration": 2,
        "duration_unit": "months",
    },
    "probation_start 10,000 characters": {"probation_start": "2026-" * 2_000, "duration": 30},
    "probation_start a number": {"probation_start": 20261001, "duration": 30},
    "duration 0": {"probation_start": "01/10/2026", "duration": 0},
    "duration 401": {"probation_start": "01/10/2026", "duration": 401},
    "duration -3": {"probation_start": "01/10/2026", "duration": -3},
    "duration 'six'": {"probation_start": "01/10/2026", "duration": "six"},
    "duration 1e308": {"probation_start": "01/10/2026", "duration": 1e308},
    "duration 60 weeks (over 400 days)": {
        "probation_start": "01/10/2026",
        "duration": 60,
        "duration_unit": "weeks",
    },
    "duration_unit 'fortnights'": {
        "probation_start": "01/10/2026",
        "duration": 2,
        "duration_unit": "fortnights",
    },
    "employee 5,000 characters": {"probation_start": "01/10/2026", "employee": "kỹ sư " * 834},
    "as_of 'yesterday'": {"probation_start": "01/10/2026", "duration": 30, "as_of": "yesterday"},
    "as_of year 9999": {"probation_start": "01/10/2026", "duration": 30, "as_of": "9999-12-31"},
    "reference_year 3000": {"probation_start": "1/10", "duration": 30, "reference_year": 3000},
    "start missing": {"duration": 30},
}


def _call(token: httpx.Client, tool: str, args: Any) -> str:
    """A refusal due: an ``internal_error`` result is an exception the registry caught, not a clear error."""
    session = Mcp(token, ACME)
    message = session.call(tool, args)
    if "internal_error" in json.dumps(message):
        return "traceback/500"
    return tool_refused(message, session.last.status_code)


def _calculates(token: httpx.Client) -> str:
    session = Mcp(token, ACME)
    args = {"probation_start": "2026-07-01", "confirmation_date": "2026-09-01", "as_of": "2026-09-01"}
    message = session.call("calculate_leave", args)
    outcome = tool_refused(message, session.last.status_code)
    return "ok" if outcome == "silent wrong" and "2 ngày" in str(message) else outcome


def _answers(token: httpx.Client, tool: str, args: dict[str, Any], needs: str) -> str:
    """A valid edge case: ``ok`` when the tool answers (no error) and its result matches ``needs`` (a regex)."""
    session = Mcp(token, ACME)
    message = session.call(tool, args)
    outcome = tool_refused(message, session.last.status_code)
    found = re.search(needs, json.dumps(message, ensure_ascii=False))
    return "ok" if outcome == "silent wrong" and found else outcome


EDGES: dict[str, tuple[str, dict[str, Any], str]] = {
    "calculate_probation_end control: 31 January + 1 month ends 28 February": (
        "calculate_probation_end",
        {"probation_start": "2026-01-31", "duration": 1, "duration_unit": "months", "as_of": "2026-02-01"},
        "2026-02-28",
    ),
    "calculate_probation_end control: as_of before the start is 'not started'": (
        "calculate_probation_end",
        {"probation_start": "01/10/2026", "duration": 30, "as_of": "01/01/2026"},
        "not_started",
    ),
    "calculate_overtime_pay control: 21:00 to 01:00 splits at 22:00": (
        "calculate_overtime_pay",
        {"monthly_wage": "10,4 triệu", "start_time": "21h", "end_time": "01:00"},
        r"night_hours\W+3\.0\b",
    ),
}


def tool_cases(token: httpx.Client) -> dict[str, Check]:
    cases = {f"mcp {n}": (lambda t=t, a=a: _call(token, t, a)) for n, (t, a) in MALFORMED.items()}
    cases |= {
        f"calculate_leave: {n}": (lambda a=a: _call(token, "calculate_leave", a))
        for n, a in CALCULATOR.items()
    }
    for tool, table in (("calculate_overtime_pay", OVERTIME), ("calculate_probation_end", PROBATION)):
        cases |= {f"{tool}: {n}": (lambda t=tool, a=a: _call(token, t, a)) for n, a in table.items()}
    controls = {"calculate_leave control: July start, September answer": lambda: _calculates(token)}
    controls |= {n: (lambda e=e: _answers(token, *e)) for n, e in EDGES.items()}
    return refusals(cases) | answers(controls)
