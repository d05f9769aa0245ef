"""A rule that hands a figure to another text ("hưởng chế độ theo pháp luật về bảo hiểm xã hội") does not answer
a question asking that figure: the company's documents do not state it. With national law beside them, the law
may; alone, the answer is a refusal that names where it looked."""

from __future__ import annotations

from agent.compose import compose_from_runs
from tests.agent.search_runs import expand_run, hit, search_run
from tools.registry import ToolRun


def _hit(doc: str, node: str, title: str, text: str, scope: str) -> dict:
    return hit(f"{doc}:{node}", title, text, scope, title_path=[title], lines=(1, 2))


def _search(*hits: dict) -> ToolRun:
    return search_run(*hits)


def _deferring_beside(clause: str) -> dict:
    """The sick-leave article deferring to the law, with ``clause`` after it."""
    return _hit(
        "noi_quy",
        "dieu-11",
        "Điều 11. Nghỉ ốm đau, thai sản",
        f"1. NLĐ nghỉ ốm đau, thai sản được hưởng chế độ theo pháp luật về bảo hiểm xã hội.\n{clause}",
        "acme",
    )


DEFERS = _hit(
    "noi_quy",
    "dieu-11",
    "Điều 11. Nghỉ ốm đau, thai sản",
    "1. NLĐ nghỉ ốm đau, thai sản được hưởng chế độ theo pháp luật về bảo hiểm xã hội.",
    "acme",
)
STATES = _hit(
    "noi_quy",
    "dieu-11",
    "Điều 11. Nghỉ ốm đau, thai sản",
    "1. NLĐ nghỉ ốm đau được hưởng 75% tiền lương theo pháp luật về bảo hiểm xã hội.",
    "acme",
)
LAW = _hit(
    "luat_bhxh",
    "dieu-28",
    "Điều 28. Mức hưởng chế độ ốm đau",
    "1. Mức hưởng chế độ ốm đau tính theo tháng bằng 75% mức tiền lương đóng bảo hiểm xã hội.",
    "global",
)
QUESTION = "Nghỉ ốm đau thì được hưởng bao nhiêu phần trăm lương?"


def test_a_rule_that_defers_the_figure_asked_to_the_law_does_not_answer_it():
    composed = compose_from_runs(QUESTION, [_search(DEFERS)], 0.2, quantity=True)
    assert composed.refused and "Điều 11" in composed.text  # where it looked is said


def test_the_law_it_defers_to_answers_when_the_law_is_searched_too():
    composed = compose_from_runs(QUESTION, [_search(DEFERS, LAW)], 0.2, quantity=True)
    assert not composed.refused and "75%" in composed.text and "luat_bhxh:dieu-28" in composed.node_ids


def test_a_rule_that_states_the_figure_while_citing_the_law_answers():
    composed = compose_from_runs(QUESTION, [_search(STATES)], 0.2, quantity=True)
    assert not composed.refused and "75%" in composed.text


def test_a_question_asking_no_figure_is_answered_by_the_deferral():
    composed = compose_from_runs(
        "Nghỉ ốm đau có được hưởng chế độ không?", [_search(DEFERS)], 0.2, quantity=False
    )
    assert not composed.refused and "theo pháp luật về bảo hiểm xã hội" in composed.text


def test_a_figure_in_words_beside_the_law_answers():
    worded = _hit(
        "noi_quy",
        "dieu-11",
        "Điều 11. Nghỉ ốm đau, thai sản",
        "NLĐ nghỉ ốm đau được hưởng nguyên lương theo quy định của pháp luật.",
        "acme",
    )
    composed = compose_from_runs(QUESTION, [_search(worded)], 0.2, quantity=True)
    assert not composed.refused and "nguyên lương" in composed.text


def test_other_wordings_of_deferral_and_numbers_that_are_no_figure():
    from agent.compose import _DEFERS, _states_figure
    from indexes.text import fold

    for deferral in (
        "Nhân viên ca 3 hưởng chế độ theo quy định của Nhà nước.",
        "Mức hỗ trợ của Nhóm L3 theo Quyết định riêng của Tổng giám đốc.",
        "Sick pay is paid pursuant to the law in force from 01/07/2025.",
        "Allowances follow separate regulations issued by the General Director.",
    ):
        assert _DEFERS.search(fold(deferral)) and not _states_figure(deferral), deferral
    # a figure beside the same words is stated
    assert _states_figure("Nhân viên ca 3 được phụ cấp 30% theo quy định của Nhà nước.")
    night = _hit(
        "noi_quy",
        "dieu-9",
        "Điều 9. Làm ca",
        "Nhân viên ca 3 được hưởng chế độ theo quy định của Nhà nước.",
        "acme",
    )
    asked = "Làm ca 3 thì được phụ cấp bao nhiêu phần trăm?"
    assert compose_from_runs(asked, [_search(night)], 0.2, quantity=True).refused


def test_fractions_multipliers_and_amounts_beside_a_deferral_are_figures():
    from agent.compose import _states_figure

    for stated in (
        "hưởng 1/2 lương theo quy định của pháp luật",
        "Công ty chi 3/4 chi phí theo quy định riêng",
        "trả x3 lương theo pháp luật",
        "mức 2000 USD theo pháp luật",
    ):
        assert _states_figure(stated), stated
    assert not _states_figure("áp dụng theo pháp luật từ ngày 01/07/2025")


def test_a_figure_of_another_kind_beside_the_deferral_does_not_answer_it():
    # "60 phút" is no percentage of pay: the section still says nothing of the share asked
    with_minutes = _deferring_beside(
        "2. Lao động nữ nuôi con dưới 12 tháng tuổi được nghỉ 60 phút mỗi ngày, hưởng đủ lương."
    )
    assert compose_from_runs(QUESTION, [_search(with_minutes)], 0.2, quantity=True).refused
    # asked how long, the 60 minutes are a figure of the kind asked
    how_long = "Lao động nữ nuôi con nhỏ được nghỉ bao lâu mỗi ngày?"
    composed = compose_from_runs(how_long, [_search(with_minutes)], 0.2, quantity=True)
    assert not composed.refused and "60 phút" in composed.text


def _planner_read_the_deferral(other: dict) -> list[ToolRun]:
    """A search finding ``other`` and the deferring article, the planner then reading the article whole."""
    return [_search(other, DEFERS), expand_run(DEFERS)]


def test_the_section_the_planner_read_whole_is_checked_for_deferral_too():
    loan = _hit(
        "quy_vay",
        "dieu-8",
        "Điều 8. Trả nợ vay",
        "Khoản vay được tạm dừng khấu trừ lương khi NLĐ nghỉ ốm đau trên 30 ngày, hưởng lương theo hợp đồng.",
        "acme",
    )
    assert compose_from_runs(QUESTION, _planner_read_the_deferral(loan), 0.2, quantity=True).refused


def test_a_figure_in_words_beside_the_deferral_answers_a_question_asking_a_percentage():
    worded = _deferring_beside("2. NLĐ nghỉ ốm đau do tai nạn lao động được Công ty trả nguyên lương.")
    composed = compose_from_runs(QUESTION, [_search(worded)], 0.2, quantity=True)
    assert not composed.refused and "nguyên lương" in composed.text


def test_a_section_stating_the_figure_asked_answers_though_the_planner_read_the_deferral():
    handbook = _hit(
        "so_tay",
        "muc-3",
        "Mục 3. Nghỉ ốm",
        "Khi NLĐ nghỉ ốm đau, Công ty chi trả thêm 25% tiền lương ngoài chế độ bảo hiểm xã hội.",
        "acme",
    )
    composed = compose_from_runs(QUESTION, _planner_read_the_deferral(handbook), 0.2, quantity=True)
    assert not composed.refused and "25%" in composed.text
