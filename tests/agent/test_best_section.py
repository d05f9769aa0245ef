"""The section the offline planner reads whole: what an English question asks after its question words, and a
percentage it quotes from the rules, point at the section that states them, not at the one its scene matches."""

from __future__ import annotations

from agent.language import asked_concepts
from agent.offline_policy import best_section
from tools.registry import ToolRun
from tools.search_tools import SearchHit, SearchResult

HOURS = (
    "nq:dieu-5",
    "Điều 5. Thời giờ làm việc bình thường",
    "Khối sản xuất: 06 ngày/tuần, 08 giờ/ca, làm việc bình thường từ thứ Hai đến thứ Bảy.",
)
OVERTIME = (
    "nq:dieu-7",
    "Điều 7. Làm thêm giờ",
    "Số giờ làm thêm không quá 04 giờ trong một ngày làm việc bình thường.",
)
HOLIDAYS = (
    "nq:dieu-4",
    "Điều 4. Nghỉ lễ, tết",
    "NLĐ được nghỉ làm việc, hưởng nguyên lương trong 11 ngày lễ, tết.",
)
OVERTIME_PAY = (
    "nq:dieu-6",
    "Điều 6. Tiền lương làm thêm giờ",
    "| Ngày lễ, tết | 300% (chưa kể tiền lương ngày lễ, tết) | 390% |",
)


def _run(query: str, sections: list[tuple[str, str, str]]) -> ToolRun:
    hits = [
        SearchHit(
            doc_id="nq", node_id=n, title=t, line_start=1, line_end=9, score=1.0 - i / 10, scope="t", text=x
        )
        for i, (n, t, x) in enumerate(sections)
    ]
    result = SearchResult(query=query, mode="hybrid", expansions=[], unknown_terms=[], hits=hits)
    return ToolRun("search", {"query": query, "k": 5}, result)


def test_the_topic_an_english_question_asks_outweighs_its_scene():
    question = (
        "Normal 8-hour shift on a weekday - what's the most OT my line leader can tack on that same day?"
    )
    assert [c.asked for c in asked_concepts(question)] == ["ot"]
    assert best_section(question, [_run(question, [HOURS, OVERTIME])]) == "nq:dieu-7"
    plain = "Normal 8-hour shift on a weekday: what are the hours?"  # the scene's own topic is what is asked
    assert best_section(plain, [_run(plain, [HOURS, OVERTIME])]) == "nq:dieu-5"
    assert asked_concepts("Làm thêm giờ tối đa bao nhiêu giờ một ngày?") == []  # English questions only
    # "when" as a conjunction asks nothing: the night work is asked, not the overtime it is not
    assert asked_concepts("Do I get extra pay for working nights even when it isn't overtime?") == []


def test_a_percentage_the_question_quotes_points_at_the_section_stating_it():
    question = "I work a full 8h on 2/9. Is the 300% all I get, or does it come on top of my holiday pay?"
    assert best_section(question, [_run(question, [HOLIDAYS, OVERTIME_PAY])]) == "nq:dieu-6"
    unquoted = "I work a full 8h on 2/9. Is that on top of my holiday pay?"
    assert best_section(unquoted, [_run(unquoted, [HOLIDAYS, OVERTIME_PAY])]) == "nq:dieu-4"
