"""The calculator's parameters: read from what the documents state (cited by span), defaults only otherwise."""

from __future__ import annotations

import datetime as dt

from agent.compose import compose_calculation
from tools.leave_calculator import accrue_leave
from tools.leave_explain import with_english
from tools.leave_policy import RuleText, policy_from_rules


def rule(text: str, context: str = "3. Phép năm", start: int = 100) -> RuleText:
    return RuleText(
        doc_id="cong_ty",
        node_id="cong_ty:3-phep-nam",
        text=text,
        context=context,
        title_path=["Chính sách", *context.split(" › ")],
        start=start,
        end=start + len(text),
        line_start=12,
        line_end=12,
    )


STATED = [
    rule("Từ 14 ngày làm việc trở lên không hưởng lương thì không đóng bảo hiểm.", start=10),
    rule("Phép cơ bản | 12 ngày/năm, tích lũy 01 ngày/tháng", context="5. Bảng tóm tắt", start=200),
    rule("Phép năm được tích lũy ngay từ ngày đầu thử việc nhưng **chưa được sử dụng** cho đến khi ký HĐLĐ."),
    rule("Đến hết ngày 31/12, phép chưa nghỉ được chuyển sang năm sau, phải nghỉ hết trước 31/03 năm sau."),
]


def test_a_rule_stated_in_the_corpus_is_never_reported_as_default():
    policy = policy_from_rules(STATED)
    for param in ("days_per_year", "usable_during_probation", "carryover_until"):
        source = policy.source(param)
        assert source.source == "corpus", param
        assert source.line_start == 12 and source.start is not None and source.title_path  # a real location
    assert (
        policy.days_per_year["normal"] == 12
    )  # "từ 14 ngày ... trở lên" is a threshold, not the entitlement
    assert policy.carryover_until == (3, 31)  # the deadline in the next year, not the year's end


def test_a_parameter_no_document_states_is_a_default_and_the_answer_says_so():
    policy = policy_from_rules(STATED)
    assert policy.source("partial_month_min_share").source == "default"
    result = with_english(
        accrue_leave(policy, "20/03/2026", "20/05/2026", "tháng 7", today=dt.date(2026, 11, 23))
    ).model_dump(mode="json")
    vi = compose_calculation(result, [], "Thử việc từ 20/3/2026, chính thức 20/5, tháng 7 có mấy ngày phép?")
    assert "Các tài liệu không nêu cách tính tháng làm việc không trọn" in vi.text
    en = compose_calculation(
        result, [], "I started on 20/3/2026 and was confirmed on 20/5. Leave days in July?"
    )
    assert en.text.startswith("As of 01/07/2026 you have") and "How it was calculated:" in en.text
    assert "The documents do not state how a partial month counts" in en.text
    assert "probation" not in en.text.split("do not state", 1)[1].split(";")[0]  # stated, so not a default
