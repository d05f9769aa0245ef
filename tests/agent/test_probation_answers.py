"""Questions about the end of probation: the offline planner calls calculate_probation_end, the answer is in the
question's language, and its rules are cited by their spans with real line ranges."""

from __future__ import annotations

import datetime as dt

import pytest

from agent.assistant import Assistant
from agent.compose import compose_calculation
from agent.offline_policy import next_call
from agent.question import analyse, stated_probation_length
from indexes.spans import display, line_of, quote_matches
from tools.probation_calculator import calculate
from tools.probation_policy import probation_policy_from_rules

TODAY = dt.date(2026, 11, 23)
ENGINEER = "Tôi là kỹ sư, bắt đầu thử việc ngày 01/10/2026. Hôm nay tôi đã hết thử việc chưa, thử việc kết thúc ngày nào?"
SEWING = (
    "Em vào làm công nhân may từ thứ Hai 16/11/2026. Thử việc 6 ngày làm việc thì em hết thử việc ngày nào ạ?"
)


@pytest.fixture
def assistant(probation_settings):
    return Assistant(probation_settings, today=TODAY)


# --- the planner ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "args"),
    [
        (ENGINEER, {"probation_start": "01/10/2026"}),
        (SEWING, {"probation_start": "16/11/2026", "duration": 6, "duration_unit": "working_days"}),
        ("Vào làm 01/10/2026 thì thử việc đến ngày nào?", {"probation_start": "01/10/2026"}),
        (
            "Thử việc từ 01/9/2026 thì đến ngày 15/10/2026 tôi đã hết thử việc chưa?",
            {"probation_start": "01/9/2026", "as_of": "15/10/2026"},
        ),
        (
            "I started on 2 March 2026 and my probation is two months. When does my probation end?",
            {"probation_start": "2 march 2026", "duration": 2, "duration_unit": "months"},
        ),
        (
            "What is the last day of probation if I joined on 5 October 2026?",
            {"probation_start": "5 october 2026"},
        ),
        (
            "Am I still on probation? I started probation on 1 October 2026.",
            {"probation_start": "1 october 2026"},
        ),
    ],
)
def test_a_question_about_the_end_of_probation_calls_the_probation_tool(question, args):
    call = next_call(question, [], None, 2)
    assert call.name == "calculate_probation_end"
    employee = call.args.pop("employee")
    assert employee.startswith(question) and call.args == args


def test_leave_questions_keep_calling_the_leave_calculator_and_no_date_no_calculation():
    leave = "I joined on probation on 5 October 2026 and I'm still on probation. How many leave days can I take today?"
    assert next_call(leave, [], None, 2).name == "calculate_leave"
    seed = (
        "nếu tôi vào thử việc tháng 7, tháng 9 được nhận chính thức thì tháng 9 tôi sẽ có bao ngày nghỉ phép"
    )
    assert next_call(seed, [], None, 2).name == "calculate_leave"
    # about the end of probation but without a start date: a rule to quote, nothing to compute
    assert analyse(
        "How long before the end of my probation will my manager send in my evaluation?"
    ).intent != ("probation_end")
    assert (
        analyse("Khi kết thúc thử việc, phòng nhân sự thông báo kết quả thế nào?").intent != "probation_end"
    )


def test_a_length_the_question_states():
    assert stated_probation_length("thu viec 6 ngay lam viec thi") == (6, "working_days")
    assert stated_probation_length("my probation is two months") == (2, "months")
    assert stated_probation_length("a 60-day probation") == (60, "days")
    assert stated_probation_length("bat dau thu viec ngay 01/10/2026") is None  # a date, not a length


def test_an_english_question_gets_its_job_words_in_vietnamese_too():
    when = next_call("I'm an engineer. When does my probation end? I started on 1 October 2026.", [], None, 2)
    assert when.name == "calculate_probation_end" and "kỹ sư" in when.args["employee"]


# --- answers ----------------------------------------------------------------------------------------------------


def test_the_engineers_question_is_answered_with_the_end_date_and_its_rule_cited_by_span(
    assistant, probation_settings
):
    from tools.context import ToolContext

    answer = assistant.ask(ENGINEER)
    assert answer.tool_calls[0].name == "calculate_probation_end" and not answer.refused
    assert (
        "29/11/2026" in answer.answer
        and "chưa hết thử việc" in answer.answer
        and "còn 6 ngày" in answer.answer
    )
    assert answer.calculation["end"] == "2026-11-29" and not answer.ungrounded_numbers
    store = ToolContext(probation_settings, today=TODAY).store
    cited = {c.node_id: c for c in answer.citations}
    assert "quy_che_thu_viec:dieu-1" in cited
    for c in answer.citations:  # every quote is exactly its spans of the stored text, on real lines
        source = store.source_text(c.doc_id)
        assert c.spans and c.line_start > 0
        assert quote_matches(source, c.quote, c.spans, c.line_start, c.line_end)
        assert c.line_start == line_of(source, c.spans[0].start)
        assert all(display(source[s.start : s.end]) in c.quote for s in c.spans)
    assert "Kế toán, kỹ sư, merchandiser | 60 ngày" in cited["quy_che_thu_viec:dieu-1"].quote


def test_the_sewing_workers_working_days_skip_the_factorys_sunday_and_cite_it(assistant):
    answer = assistant.ask(SEWING)
    assert "21/11/2026" in answer.answer and "đã hết thử việc" in answer.answer
    assert {"quy_che_thu_viec:dieu-1", "gio_lam_viec:dieu-1"} <= {c.node_id for c in answer.citations}
    rest = next(c for c in answer.citations if c.node_id == "gio_lam_viec:dieu-1")
    assert "ngày nghỉ hằng tuần là Chủ nhật" in rest.quote and rest.line_start > 0


def test_an_english_question_is_answered_in_english_with_the_end_date(assistant):
    answer = assistant.ask(
        "I'm an engineer. When does my probation end? I started probation on 1 October 2026."
    )
    assert answer.answer.startswith("Your probation (60 days from 01/10/2026) ends on Sunday 29/11/2026")
    assert "How it was calculated:" in answer.answer and "Rules applied:" in answer.answer
    assert "Cách tính" not in answer.answer and answer.citations[0].line_start > 0


def test_a_default_is_said_in_words_in_the_questions_language():
    rules = probation_policy_from_rules([])
    data = calculate(rules, "16/11/2026", duration=6, duration_unit="working_days", today=TODAY).model_dump(
        mode="json"
    )
    vi = compose_calculation(data, [], SEWING)
    assert (
        "Các tài liệu không nêu" in vi.text and "ngày nghỉ hằng tuần" in vi.text and "21/11/2026" in vi.text
    )
    assert "thời gian thử việc;" not in vi.text  # stated by the question: no default
    en = compose_calculation(
        data, [], "My probation is 6 working days from 16 November 2026. When does it end?"
    )
    assert en.text.startswith("Your probation (6 working days from 16/11/2026) ended on Saturday 21/11/2026")
    assert "The documents do not state" in en.text and "the weekly rest days" in en.text
