"""``/retrieve``'s shared core: every mode, one hit shape, tree cost, errors as messages."""

from __future__ import annotations

import pytest

from ui.retrieve_api import MODES, RetrieveError, retrieve

LOCATION_KEYS = {"doc_id", "node_id", "title", "title_path", "line_start", "line_end", "spans", "url"}
HIT_KEYS = LOCATION_KEYS | {"id", "score"}


@pytest.mark.parametrize("mode", [m for m in MODES if m != "vector"])
def test_every_mode_answers_with_the_same_hit_shape(tool_ctx, mode):
    answer = retrieve(tool_ctx, {"query": "Lãi suất cho vay nhân viên", "top_k": 3, "mode": mode})
    assert 1 <= len(answer["hits"]) <= 3 and all(set(h) == HIT_KEYS for h in answer["hits"])
    assert any(h["node_id"] == "quy_che_cho_vay:dieu-7" for h in answer["hits"])
    assert ("tree" in answer) == (mode == "tree")


def test_tree_mode_reports_its_cost(tool_ctx):
    answer = retrieve(tool_ctx, {"query": "Giờ làm việc buổi sáng", "top_k": 2, "mode": "tree"})
    assert answer["hits"][0]["node_id"] == "noi_quy_lao_dong:dieu-3"
    assert set(answer["tree"]) == {"llm_calls", "cached_steps", "fallback_steps"}
    assert answer["tree"]["llm_calls"] + answer["tree"]["cached_steps"] > 0


def test_unknown_mode_is_a_message(tool_ctx):
    with pytest.raises(RetrieveError, match="'mode' must be one of"):
        retrieve(tool_ctx, {"query": "a", "mode": "pageindex"})
