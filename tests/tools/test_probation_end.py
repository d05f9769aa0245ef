"""The probation end-date calculator: its parameters read from the corpus, its arithmetic, its tool."""

from __future__ import annotations

import datetime as dt

import pytest

from indexes.spans import line_of
from tools.leave_policy import RuleText
from tools.probation_calculator import add_months, calculate, end_of_probation, working_days_from
from tools.probation_policy import ProbationPolicy, probation_policy_from_rules
from tools.registry import BY_NAME, run_tool

TODAY = dt.date(2026, 11, 23)


@pytest.fixture
def ctx(probation_settings):
    from tools.context import ToolContext

    return ToolContext(probation_settings, today=TODAY)


def rule(
    text: str, context: str = "Điều 2. Thử việc", start: int = 100, node: str = "noi_quy:dieu-2"
) -> RuleText:
    return RuleText(
        doc_id=node.split(":")[0],
        node_id=node,
        text=text,
        context=context,
        title_path=["Nội quy", context],
        start=start,
        end=start + len(text),
        line_start=28,
        line_end=32,
    )


LIST_RULE = (
    "1. Không áp dụng thử việc đối với HĐLĐ có thời hạn dưới 01 tháng. Thời gian thử việc chỉ được thỏa thuận một "
    "lần đối với một công việc và không quá: a) 180 ngày đối với công việc của người quản lý doanh nghiệp; b) 60 "
    "ngày đối với công việc cần trình độ chuyên môn, kỹ thuật từ cao đẳng trở lên; c) 30 ngày đối với công việc "
    "cần trình độ chuyên môn, kỹ thuật trung cấp; d) 06 ngày làm việc đối với công việc khác."
)


# --- parameters read from the corpus ----------------------------------------------------------------------------


def test_table_rows_give_each_group_its_length_from_the_probation_column(ctx):
    from tools.probation_tools import probation_policy_for

    policy = probation_policy_for(ctx)
    assert (
        [(r.amount, r.unit) for r in policy.rows]
        == [
            (6, "working_days"),
            (30, "days"),
            (60, "days"),
            (180, "days"),
        ]
    )  # the "Thời gian thử việc tối đa" column, not the pay column; not "03 ngày trước" nor "không quá 30 ngày" pay
    first = policy.rows[0].source
    assert first.source == "corpus" and first.node_id == "quy_che_thu_viec:dieu-1"
    source = ctx.store.source_text("quy_che_thu_viec")
    assert source[first.start : first.end].startswith("| Công việc không đòi hỏi trình độ chuyên môn")
    assert first.line_start == first.line_end == line_of(source, first.start)
    assert policy.counting is not None and "ngày dương lịch" in policy.counting.quote
    # the weekly rest day the factory states; a rate table's row and an overtime clause state none
    assert [r.days for r in policy.rest] == [[6]]
    assert policy.rest[0].source.node_id == "gio_lam_viec:dieu-1"


def test_sentences_of_a_list_give_each_group_its_length():
    policy = probation_policy_from_rules(
        [rule(LIST_RULE), rule("2. Tiền lương thử việc bằng 85% mức lương.")]
    )
    assert [(r.amount, r.unit) for r in policy.rows] == [
        (180, "days"),
        (60, "days"),
        (30, "days"),
        (6, "working_days"),
    ]  # "dưới 01 tháng" is no probation length
    assert policy.rows[1].text == "công việc cần trình độ chuyên môn, kỹ thuật từ cao đẳng trở lên"
    assert policy.row_for("công việc cần trình độ cao đẳng trở lên, tôi là kỹ sư").amount == 60
    assert policy.row_for("Tôi là công nhân") is None  # no group named: no guess


def test_list_items_under_a_lead_in_each_give_a_groups_length():
    """A regulation that splits its list into one sentence per item ("…, cụ thể:" then "a) 120 ngày đối với …"):
    each item of the probation section is one group's row; another duration there is none."""
    items = [
        "1. Thời gian thử việc do hai bên thỏa thuận một lần đối với một công việc, cụ thể:",
        "a) 120 ngày đối với chức danh người quản lý doanh nghiệp (Phó Tổng Giám đốc, Kế toán trưởng);",
        "b) 60 ngày đối với chức danh cần trình độ từ cao đẳng trở lên: kỹ sư, kế toán viên;",
        "d) 06 ngày làm việc đối với lao động phổ thông, bảo vệ, tạp vụ.",
        "4. Chậm nhất 03 ngày trước khi hết thời gian thử việc, Trưởng đơn vị gửi kết quả đánh giá.",
    ]
    policy = probation_policy_from_rules([rule(t, start=100 + 200 * i) for i, t in enumerate(items)])
    assert [(r.amount, r.unit) for r in policy.rows] == [(120, "days"), (60, "days"), (6, "working_days")]
    assert policy.row_for("kỹ sư xây dựng").amount == 60
    assert policy.rows[1].source.start == 500
    # the same item outside a probation section states no probation
    other = rule(items[2], context="Điều 9. Nghỉ hằng năm")
    assert probation_policy_from_rules([other]).rows == []


def test_a_single_sentence_applies_to_everyone():
    policy = probation_policy_from_rules(
        [rule("Thời gian thử việc không quá 02 tháng kể từ ngày nhận việc.")]
    )
    assert [(r.amount, r.unit, r.text) for r in policy.rows] == [(2, "months", "")]
    assert policy.row_for(None) is policy.rows[0]


def test_weekly_rest_days_stated_or_defaulted():
    stated = probation_policy_from_rules(
        [rule("2. Thứ Bảy và Chủ nhật là ngày nghỉ hằng tuần.", context="Điều 3. Thời giờ làm việc")]
    )
    days, source = stated.rest_for("nhân viên văn phòng")
    assert days == [5, 6] and source.source == "corpus" and source.line_start == 28
    days, source = ProbationPolicy().rest_for("công nhân may")
    assert days == [6] and source.source == "default" and "Chủ nhật" in source.note
    # where documents state several, the one whose section names the employee's words
    two = probation_policy_from_rules(
        [
            rule("Thứ Bảy và Chủ nhật là ngày nghỉ hằng tuần.", context="A.1. Khối văn phòng"),
            rule("Ngày nghỉ hằng tuần là Chủ nhật.", context="A.2. Khối sản xuất"),
        ]
    )
    assert two.rest_for("công nhân khối sản xuất")[0] == [6]
    assert two.rest_for("nhân viên khối văn phòng")[0] == [5, 6]
    # a stated rest before one read off a working week when the words pick neither
    both = probation_policy_from_rules(
        [
            rule(
                "1. Khối văn phòng: từ thứ Hai đến thứ Sáu, 08:00–17:00.", context="Điều 5. Thời giờ làm việc"
            ),
            rule(
                "3. Ngày nghỉ hằng tuần: Chủ nhật đối với khối sản xuất.", context="Điều 5. Thời giờ làm việc"
            ),
        ]
    )
    assert both.rest_for("seasonal operator")[0] == [6]
    # a group's working week as a span of weekdays: the days outside it are its rest
    hours = "Điều 3: Thời giờ làm việc"
    week = probation_policy_from_rules(
        [
            rule("1. Khối văn phòng: từ thứ Hai đến thứ Sáu, sáng từ 8 giờ 00 đến 12 giờ 00.", context=hours),
            rule(
                "3. Khối Trung tâm: lịch làm việc từ thứ Ba đến Chủ nhật, ngày nghỉ hằng tuần là thứ Hai.",
                context=hours,
            ),
        ]
    )
    assert week.rest_for("nhân viên văn phòng")[0] == [5, 6]
    assert week.rest_for("giáo viên Khối Trung tâm")[0] == [0]
    # no group named: a rest keeping Sunday, the law's default, before one that does not
    assert week.rest_for("seasonal operator")[0] == [5, 6]
    # a span of days that is no working week ("từ thứ Hai đến thứ Sáu" in a leave rule) says no rest
    assert (
        probation_policy_from_rules([rule("Nghỉ từ thứ Hai đến thứ Sáu được tính 05 ngày phép.")]).rest == []
    )


# --- arithmetic -------------------------------------------------------------------------------------------------


def test_calendar_days_count_the_start_day():
    assert end_of_probation(dt.date(2026, 10, 1), 60, "days", [6]) == dt.date(2026, 11, 29)
    assert end_of_probation(dt.date(2026, 12, 15), 30, "days", [6]) == dt.date(2027, 1, 13)  # across a year
    assert end_of_probation(dt.date(2028, 2, 1), 30, "days", [6]) == dt.date(2028, 3, 1)  # leap year: 29 days
    assert end_of_probation(dt.date(2026, 2, 1), 30, "days", [6]) == dt.date(2026, 3, 2)
    assert end_of_probation(dt.date(2026, 11, 2), 2, "weeks", [6]) == dt.date(2026, 11, 15)


def test_months_end_the_day_before_the_same_date_or_on_a_short_months_last_day():
    assert add_months(dt.date(2026, 10, 1), 2) == dt.date(2026, 11, 30)
    assert add_months(dt.date(2026, 1, 15), 1) == dt.date(2026, 2, 14)
    assert add_months(dt.date(2026, 1, 31), 1) == dt.date(2026, 2, 28)
    assert add_months(dt.date(2028, 1, 31), 1) == dt.date(2028, 2, 29)  # leap year
    assert add_months(dt.date(2028, 1, 29), 1) == dt.date(2028, 2, 28)  # 29/02 exists: the day before it
    assert add_months(dt.date(2026, 11, 30), 3) == dt.date(2027, 2, 28)


def test_working_days_skip_the_rest_days():
    # Monday 16/11/2026, Sunday off: Monday to Saturday
    assert end_of_probation(dt.date(2026, 11, 16), 6, "working_days", [6]) == dt.date(2026, 11, 21)
    # Saturday and Sunday off: the sixth working day is the next Monday
    assert end_of_probation(dt.date(2026, 11, 16), 6, "working_days", [5, 6]) == dt.date(2026, 11, 23)
    # a start on a rest day is not counted
    days = working_days_from(dt.date(2026, 11, 22), 2, [6])
    assert days == [dt.date(2026, 11, 23), dt.date(2026, 11, 24)]
    # across a leap day
    assert end_of_probation(dt.date(2028, 2, 28), 3, "working_days", [5, 6]) == dt.date(2028, 3, 1)


# --- the calculation and its explanation -----------------------------------------------------------------------


def test_the_employees_row_gives_the_length_and_today_says_whether_it_ended():
    policy = probation_policy_from_rules([rule(LIST_RULE)])
    r = calculate(
        policy, "01/10/2026", employee="kỹ sư, công việc cần trình độ cao đẳng trở lên", today=TODAY
    )
    assert (r.end, r.status, r.ended, r.days_left) == (dt.date(2026, 11, 29), "probation", False, 6)
    assert "29/11/2026" in r.answer and "còn 6 ngày" in r.answer
    assert "ends on Sunday 29/11/2026" in r.answer_en and "still on probation" in r.answer_en
    assert r.policy_sources["probation_duration"].source == "corpus"
    assert r.policy_sources["probation_counting"].source == "default"
    assert any("01/10/2026 + 60 − 1 ngày = 29/11/2026" in s.text for s in r.steps)
    later = calculate(policy, "01/10/2026", as_of="30/11/2026", employee="cao đẳng trở lên", today=TODAY)
    assert later.ended and later.status == "ended" and "đã hết thử việc" in later.answer


def test_a_length_the_question_states_wins_and_the_rest_default_is_said():
    policy = probation_policy_from_rules([rule(LIST_RULE)])
    r = calculate(policy, "16/11/2026", duration=6, duration_unit="working_days", employee="em", today=TODAY)
    assert r.end == dt.date(2026, 11, 21) and r.rest_days == ["Chủ nhật"] and r.ended
    assert r.policy_sources["probation_duration"].source == "question"
    assert r.policy_sources["weekly_rest_days"].source == "default"
    assert any("ngày lễ" in s.text for s in r.steps)  # public holidays not subtracted, and said
    assert any("Public holidays are not subtracted" in s for s in r.steps_en)
    months = calculate(policy, "31/01/2028", duration=1, duration_unit="months", today=TODAY)
    assert months.end == dt.date(2028, 2, 29) and months.status == "not_started"


# --- the tool ---------------------------------------------------------------------------------------------------


def test_the_tool_is_registered_typed_and_documented():
    spec = BY_NAME["calculate_probation_end"]
    schema = spec.json_schema()
    assert set(schema["properties"]) >= {"probation_start", "as_of", "duration", "duration_unit", "employee"}
    assert "probation" in spec.description and "working days" in spec.description


def test_the_tool_reads_the_corpus_and_cites_the_row_by_its_span(ctx):
    run = run_tool(
        ctx, "calculate_probation_end", {"probation_start": "01/10/2026", "employee": "Tôi là kỹ sư"}
    )
    assert run.ok and run.result.end == dt.date(2026, 11, 29) and "kỹ sư" in run.result.group
    source = run.result.policy_sources["probation_duration"]
    text = ctx.store.source_text("quy_che_thu_viec")
    assert text[
        source.start : source.end
    ] == "| Công việc yêu cầu trình độ cao đẳng trở lên | Kế toán, kỹ sư, " + (
        "merchandiser | 60 ngày | 90% lương công việc |"
    )
    assert source.line_start == source.line_end == text[: source.start].count("\n") + 1
    assert run.result.policy_sources["probation_counting"].source == "corpus"
    sewing = run_tool(
        ctx, "calculate_probation_end", {"probation_start": "16/11/2026", "employee": "công nhân may"}
    )
    assert sewing.result.end == dt.date(2026, 11, 21)  # the table's 06 working days, Sunday off as stated
    assert sewing.result.policy_sources["weekly_rest_days"].node_id == "gio_lam_viec:dieu-1"


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ({"employee": "kỹ sư"}, "missing_start"),
        ({"probation_start": "ngày mai", "employee": "kỹ sư"}, "invalid_dates"),
        ({"probation_start": "31/02/2026", "employee": "kỹ sư"}, "invalid_dates"),
        ({"probation_start": "01/10/2026", "employee": "tôi"}, "unknown_group"),
        ({"probation_start": "01/10/2026", "duration": 0}, "invalid_arguments"),
    ],
)
def test_bad_input_is_a_tool_failure_with_a_clear_message(ctx, args, error):
    run = run_tool(ctx, "calculate_probation_end", args)
    assert not run.ok and run.error == error and run.result.message
    if error == "unknown_group":
        assert "60 ngày" in run.result.message  # the groups to choose from


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 October 2026", dt.date(2026, 10, 1)),
        ("October 15, 2026", dt.date(2026, 10, 15)),
        ("ngày 16 tháng 11 năm 2026", dt.date(2026, 11, 16)),
        ("16 tháng 11", dt.date(2026, 11, 16)),
    ],
)
def test_start_dates_as_employees_write_them(text, expected):
    from tools.date_inputs import parse_date_input

    assert parse_date_input(text).resolve(2026) == expected


STATED = """---
title: Nội quy lao động
tenant: acme
---
# Nội quy lao động

## Điều 3. Thử việc

1. Thời gian thử việc do hai bên thỏa thuận một lần đối với một công việc, cụ thể:

a) 120 ngày đối với chức danh người quản lý doanh nghiệp (Phó Tổng Giám đốc, Kế toán trưởng);

b) 60 ngày đối với chức danh cần trình độ từ cao đẳng trở lên: kỹ sư, kế toán viên;

c) 06 ngày làm việc đối với lao động phổ thông, bảo vệ.
"""


def test_the_leave_calculator_confirms_the_employee_after_their_groups_stated_probation(tmp_path):
    """A start of work and no confirmation date: the leave calculator takes the probation the company's documents
    state for the employee's group (a kỹ sư: 60 days), so an engineer who joined six weeks ago may not use leave
    yet. A ceiling ("Thời gian thử việc tối đa") is no length: nothing is derived from it."""
    from indexes.pipeline.ingest import index_folder
    from indexes.settings import Settings
    from tools.context import ToolContext

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "noi_quy.md").write_text(STATED, encoding="utf-8")
    settings = Settings(
        _env_file=None, llm_provider="offline", data_dir=tmp_path / "data", corpus_dir=corpus, vectors=False
    )
    index_folder(settings)
    acme = ToolContext(settings, tenant="acme", today=TODAY)
    args = {"probation_start": "12/10/2026", "employee": "tôi là kỹ sư"}
    result = run_tool(acme, "calculate_leave", args).result
    assert result.status == "probation" and result.remaining_days == 0
    assert result.confirmation_date == dt.date(2026, 12, 11)  # 60 days from 12/10 end on 10/12
    source = result.policy_sources["probation_duration"]
    assert source.source == "corpus" and source.node_id == "noi_quy:dieu-3"
    assert any("60 ngày" in s.text and s.rule.startswith("probation_duration") for s in result.steps)
    assert any("60 days" in s for s in result.steps_en)
    # no group named among several rows: no guess, the calculator counts as before (no probation assumed)
    unnamed = run_tool(acme, "calculate_leave", {"probation_start": "12/10/2026"}).result
    assert "probation_duration" not in unnamed.policy_sources
    # one company indexed alone (the global scope) is its own; beside a tenant, the global scope is the law's
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "noi_quy.md").write_text(STATED.replace("tenant: acme\n", ""), encoding="utf-8")
    global_only = settings.model_copy(update={"corpus_dir": shared, "data_dir": tmp_path / "data-global"})
    index_folder(global_only)
    alone = run_tool(ToolContext(global_only, today=TODAY), "calculate_leave", args).result
    assert alone.policy_sources["probation_duration"].node_id == "noi_quy:dieu-3"
    beside = run_tool(ToolContext(global_only, tenant="acme", today=TODAY), "calculate_leave", args).result
    assert "probation_duration" not in beside.policy_sources


def test_a_ceiling_on_probation_confirms_nobody(ctx):
    """The fixture's table states each group's longest probation ("Thời gian thử việc tối đa"): a ceiling, so the
    leave calculator does not take it for the employee's probation."""
    result = run_tool(
        ctx, "calculate_leave", {"probation_start": "12/10/2026", "employee": "tôi là kỹ sư"}
    ).result
    assert "probation_duration" not in result.policy_sources and result.status != "probation"
