"""Bad input to the personal-leave, probation-pay and notice calculators comes back as a ToolFailure with a reason,
through the registry as the agent and the MCP server call them; good input gives the documents' figures."""

from __future__ import annotations

import pytest

from tools.registry import run_tool


@pytest.mark.parametrize(
    ("tool", "args", "error", "words"),
    [
        ("calculate_personal_leave", {"event": "party"}, "invalid_arguments", "event"),
        (
            "calculate_personal_leave",
            {"event": "funeral", "distance_km": -1},
            "invalid_arguments",
            "distance_km",
        ),
        (
            "calculate_personal_leave",
            {"event": "birth", "relation": "spouse"},
            "not_stated",
            "no document states",
        ),
        ("calculate_probation_pay", {"monthly_wage": "-5 triệu"}, "invalid_arguments", "not an amount"),
        ("calculate_probation_pay", {"monthly_wage": "abc"}, "invalid_arguments", "not an amount"),
        ("calculate_probation_pay", {"monthly_wage": "5"}, "invalid_arguments", "between"),
        ("calculate_notice_end", {"contract": "weekly"}, "invalid_arguments", "contract"),
        (
            "calculate_notice_end",
            {"contract": "open_ended", "notice_date": "31/02/2026"},
            "invalid_dates",
            "31/02",
        ),
        (
            "calculate_notice_end",
            {"contract": "fixed_term", "contract_months": 0},
            "invalid_arguments",
            "months",
        ),
    ],
)
def test_bad_input_is_a_clear_failure(tool_ctx, tool, args, error, words):
    run = run_tool(tool_ctx, tool, args)
    assert not run.ok and run.error == error and words in run.result.message


def test_good_input_gives_the_bundled_rules_figures(tool_ctx):
    wedding = run_tool(tool_ctx, "calculate_personal_leave", {"event": "wedding", "distance_km": 900}).result
    assert (
        wedding.total_days == 3 and "travel_days" not in wedding.policy_sources
    )  # no travel-day rule stated
    pay = run_tool(tool_ctx, "calculate_probation_pay", {"monthly_wage": "12 triệu"}).result
    assert pay.probation_wage == 10_200_000 and pay.policy_sources["probation_pay"].source == "corpus"
    notice = run_tool(
        tool_ctx, "calculate_notice_end", {"contract": "open_ended", "notice_date": "01/12/2026"}
    ).result
    assert notice.notice_days == 45 and str(notice.earliest_leave) == "2027-01-15"
