"""The adversary suite (``python -m evals.adversary``) in the test run: the quick groups (HTTP abuse, malformed
tool arguments, the calculator's extremes: real servers, no CLI runs) in the fast tier; the CLI-heavy groups
(tenant probes, concurrency, damage, bad files) marked slow. Every case must end as expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.adversary import build_lab, report, run_all
from evals.adversary_lab import cli_outcome, refusal


@pytest.fixture(scope="module")
def lab_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("adversary")


def _held(results) -> list[str]:
    report(results)
    assert sum(len(c) for c in results.values()) > 0
    return [f"{g}: {n}" for g, cases in results.items() for n, (o, e, _) in cases.items() if o != e]


def test_the_outcome_rules():
    assert refusal(401, "") == "clear error"
    assert refusal(503, '{"error": "timeout", "message": "raise QUYCHE_REQUEST_TIMEOUT_S"}') == "clear error"
    assert refusal(500, "Internal Server Error") == "traceback/500"
    assert refusal(200, '{"hits": []}') == "silent wrong"
    assert (
        cli_outcome(1, "", "error: index file x is missing; quyche doctor --repair", needs="doctor")
        == "clear error"
    )
    assert cli_outcome(0, "Tôi không tìm thấy quy định nào", "", needs="doctor") == "silent wrong"
    assert cli_outcome(1, "", "Traceback (most recent call last):") == "traceback/500"
    assert cli_outcome(-9, "", "TIMEOUT") == "hang"


def test_http_abuse_and_malformed_tool_arguments_are_refused(lab_dir):
    lab = build_lab(lab_dir / "quick", vectors=False)
    results = run_all(lab, budget_s=60, jobs=1, only={"http", "tools"})
    assert len(results["http"]) >= 100 and len(results["tools"]) >= 40
    assert _held(results) == []


@pytest.mark.slow
def test_tenants_concurrency_damage_and_bad_input_hold(lab_dir):
    lab = build_lab(lab_dir / "heavy", vectors=False)
    results = run_all(lab, budget_s=120, jobs=2, only={"tenants", "concurrency", "damage", "input"})
    assert _held(results) == []
