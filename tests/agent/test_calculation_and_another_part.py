"""A question that asks what the calculator computes and something else ("…tôi có bao nhiêu ngày phép, và nếu
kết hôn thì được nghỉ mấy ngày?"): the computed answer, then the rule quoted for the other part."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from agent.assistant import Assistant
from tests.agent.indexed import indexed_assistant

TODAY = dt.date(2026, 11, 23)
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "leave_and_wedding"


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Assistant:
    return indexed_assistant(tmp_path_factory, FIXTURE, TODAY)


def test_the_other_part_is_answered_after_the_computed_one(assistant):
    answer = assistant.ask(
        "Tôi thử việc từ 01/07/2026, ký HĐLĐ chính thức ngày 01/09/2026. Hôm nay tôi có bao nhiêu ngày phép, "
        "và nếu kết hôn thì được nghỉ mấy ngày?"
    )
    names = [c.name for c in answer.tool_calls]
    assert names[0] == "calculate_leave"
    # the later part's own search, which the whole question's search would not need
    assert any(
        c.name == "search" and c.args.get("query", "").endswith("nếu kết hôn thì được nghỉ mấy ngày")
        for c in answer.tool_calls
    )
    text = answer.answer
    assert text.startswith("Tính đến 23/11/2026, bạn có")
    assert "Bản thân kết hôn: nghỉ 05 ngày" in text  # the rule for the wedding, quoted
    assert text.index("Bản thân kết hôn") > text.index("Cách tính")  # after the computed answer
    cited = [c for c in answer.citations if "Bản thân kết hôn" in c.quote]
    assert cited and cited[0].node_id == "quy_che_nghi:dieu-2"
    assert answer.ungrounded_numbers == []  # each number stated is in a cited quote or computed


def test_a_question_the_calculator_answers_whole_gets_nothing_more(assistant):
    answer = assistant.ask(
        "Tôi thử việc từ 01/07/2026, ký HĐLĐ chính thức ngày 01/09/2026. Hôm nay tôi có bao nhiêu ngày phép?"
    )
    assert [c.name for c in answer.tool_calls][0] == "calculate_leave"
    assert "kết hôn" not in answer.answer
