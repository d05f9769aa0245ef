"""Answers in the question's language, quotes as exact spans, refusals that say where they looked."""

from __future__ import annotations

import pytest

from agent.citations import resolve_citations
from agent.compose import compose_from_runs
from agent.language import REFUSAL, english_concepts, framing_language, language_of
from indexes.search.query_terms import query_language
from indexes.spans import quote_matches
from tests.agent.search_runs import hit, search_run
from tools.registry import ToolRun

DOC = """---
title: Nội quy
---
# Nội quy

## Điều 10. Nghỉ việc riêng

1. NLĐ được nghỉ việc riêng mà vẫn hưởng nguyên lương như sau:
a) Kết hôn: nghỉ 03 ngày;
b) Con đẻ, con nuôi kết hôn: nghỉ 01 ngày.

| Sự kiện | Số ngày |
|---|---|
| Bản thân kết hôn | 03 ngày |
"""
LINES = DOC.split("\n")
START = LINES.index("## Điều 10. Nghỉ việc riêng") + 1


def _run(text: str = DOC) -> ToolRun:
    body = "\n".join(LINES[START - 1 :]).strip("\n")
    result = {
        "node_id": "noi_quy:dieu-10",
        "doc_id": "noi_quy",
        "doc_title": "Nội quy",
        "title": "Điều 10. Nghỉ việc riêng",
        "title_path": ["Nội quy", "Điều 10. Nghỉ việc riêng"],
        "line_start": START,
        "line_end": len(LINES) - 1,
        "text": body,
        "children": [],
    }
    return ToolRun.from_record(
        {"name": "expand_node", "args": {"node_id": "noi_quy:dieu-10"}, "result": result}
    )


def test_the_language_of_a_question():
    assert language_of("Phép năm được bao nhiêu ngày?") == "vi"
    assert language_of("nghi phep nam duoc may ngay") == "vi"  # Vietnamese typed without diacritics
    assert language_of("How many days off do I get for my wedding?") == "en"
    assert framing_language("According to “Điều 10. Nghỉ việc riêng”: “Kết hôn: nghỉ 03 ngày” [1]") == "en"
    # a Vietnamese term quoted in an English question leaves it English; an apostrophe quotes nothing
    quoting = "I got a 'kéo dài thời hạn nâng lương' sanction. Can I still borrow from the staff fund?"
    assert language_of(quoting) == "en" and query_language(quoting) == "en"
    assert language_of("Nghỉ “việc riêng” được mấy ngày?") == "vi"
    assert language_of("“Nghỉ việc riêng”") == "vi"  # nothing but the quote: the quote's language
    assert language_of("I'm getting married, don't I get days off?") == "en"


def test_an_english_question_gets_an_english_answer_with_verbatim_marked_quotes():
    question = "How many days off do I get when I get married?"
    assert [c.asked for c in english_concepts(question)][-1] == "marry"  # through the bilingual lexicon
    composed = compose_from_runs(question, [_run()], 0.2, quantity=True)
    assert not composed.refused
    assert composed.text.startswith("According to “Điều 10. Nghỉ việc riêng”: “")
    assert "Kết hôn: nghỉ 03 ngày" in composed.text  # the quote stays in the source's language
    assert framing_language(composed.text) == "en"


def test_a_vietnamese_question_gets_a_vietnamese_answer():
    composed = compose_from_runs("Kết hôn được nghỉ mấy ngày?", [_run()], 0.2, quantity=True)
    assert (
        composed.text.startswith("Theo Điều 10. Nghỉ việc riêng: “")
        and framing_language(composed.text) == "vi"
    )


def test_an_english_question_the_documents_do_not_answer_gets_an_english_refusal():
    question = "How many days of maternity leave do I get?"
    composed = compose_from_runs(question, [_run()], 0.2, quantity=True)
    assert composed.refused and composed.text.startswith(REFUSAL["en"])
    assert "Searched for: “How many days of maternity leave do I get?”" in composed.text
    assert "“Điều 10. Nghỉ việc riêng (noi_quy)”" in composed.text  # the section that came closest
    assert framing_language(composed.text) == "en"


def test_a_vietnamese_refusal_is_in_vietnamese():
    composed = compose_from_runs(
        "Thưởng tháng lương thứ 13 được tính thế nào?", [_run()], 0.2, quantity=False
    )
    assert composed.refused and composed.text.startswith(REFUSAL["vi"]) and "Đã tìm:" in composed.text


def test_citations_quote_exact_spans_of_the_stored_text_with_their_own_line_range():
    runs = [_run()]
    composed = compose_from_runs("Con kết hôn được nghỉ mấy ngày?", runs, 0.2, quantity=True)
    text, citations = resolve_citations(composed.text, runs, {"noi_quy": DOC}.get)
    (citation,) = citations
    assert citation.spans and quote_matches(
        DOC, citation.quote, citation.spans, citation.line_start, citation.line_end
    )
    assert citation.quote in text  # what the answer shows is what the spans hold
    assert START < citation.line_start <= citation.line_end < len(LINES)  # the quoted lines, not the section


def test_a_table_row_is_cited_with_its_header():
    runs = [_run()]
    text, citations = resolve_citations(
        "Theo bảng: “Sự kiện | Số ngày … Bản thân kết hôn | 03 ngày” [noi_quy:dieu-10]",
        runs,
        {"noi_quy": DOC}.get,
    )
    (citation,) = citations
    assert citation.quote == "Sự kiện | Số ngày … Bản thân kết hôn | 03 ngày" and len(citation.spans) == 2
    assert DOC[citation.spans[0].start : citation.spans[0].end] == "| Sự kiện | Số ngày |"


def test_a_row_quoted_from_a_clipped_chunk_below_its_header_is_cited_alone_and_grounded():
    # two chunks of one section: the row's chunk starts below the table's header, so the answer shows the row alone
    row_line = LINES.index("| Bản thân kết hôn | 03 ngày |") + 1
    title = "Điều 10. Nghỉ việc riêng"
    clause = hit("noi_quy:dieu-10", title, "\n".join(LINES[START - 1 : START + 3]), lines=(START, START + 3))
    row = hit("noi_quy:dieu-10", title, LINES[row_line - 1], lines=(row_line, row_line))
    runs = [search_run(clause, row)]
    statement = "Theo Điều 10: “Bản thân kết hôn | 03 ngày … a) Kết hôn: nghỉ 03 ngày;” [noi_quy:dieu-10]"
    text, citations = resolve_citations(statement, runs, {"noi_quy": DOC}.get)
    (citation,) = citations
    assert "Bản thân kết hôn | 03 ngày" in citation.quote and "Kết hôn: nghỉ 03 ngày" in citation.quote
    assert quote_matches(DOC, citation.quote, citation.spans, citation.line_start, citation.line_end)


def test_through_the_graph_english_in_english_with_exact_quotes(corpus_settings, shared_embedder):
    from agent.assistant import Assistant
    from indexes.store.published_index import IndexStore
    from tests.conftest import TODAY

    assistant = Assistant(corpus_settings, today=TODAY, embedder=shared_embedder)
    store = IndexStore(corpus_settings.index_dir)
    answer = assistant.ask("How many days off do I get for my own wedding?")
    assert not answer.refused and framing_language(answer.answer) == "en" and "03 ngày" in answer.answer
    for c in answer.citations:
        assert quote_matches(store.source_text(c.doc_id), c.quote, c.spans, c.line_start, c.line_end)
    refused = assistant.ask("How many weeks of paternity leave does the company give?")
    assert refused.refused and refused.answer.startswith(REFUSAL["en"])


def test_every_citation_is_exact_over_fuzzed_golden_questions(corpus_settings, shared_embedder):
    """Golden questions typed without accents, shouted, or padded with filler: every quote is still exactly its
    spans of the stored text, with the spans' own line range."""
    from agent.assistant import Assistant
    from evals.golden import load_golden
    from indexes.store.published_index import IndexStore
    from indexes.text import fold
    from tests.conftest import TODAY

    assistant = Assistant(corpus_settings, today=TODAY, embedder=shared_embedder)
    store = IndexStore(corpus_settings.index_dir)
    items = [i for i in load_golden() if not i.refuse][::12]
    fuzzed = [fold(i.question) for i in items] + [f"cho em hỏi, {i.question.upper()} ạ" for i in items[:4]]
    cited = 0
    for question in fuzzed:
        for c in assistant.ask(question).citations:
            cited += 1
            assert quote_matches(store.source_text(c.doc_id), c.quote, c.spans, c.line_start, c.line_end), (
                question
            )
    assert cited >= len(items)


def _search(text: str, unknown: list[str]) -> ToolRun:
    quota = hit(
        "remote:3-quota",
        "3. Remote work quota",
        text,
        "global",
        title_path=["Remote work", "3. Remote work quota"],
        lines=(5, 7),
    )
    return search_run(quota, unknown_terms=unknown)


def test_an_incidental_english_word_no_document_has_does_not_force_a_refusal():
    """ "roll" is in no document, but it names no HR concept: the section on unused remote days answers."""
    run = _search("- Unused remote days do not carry over to the next month.", ["roll"])
    question = "If I don't use all my remote days this month, do they roll over?"
    composed = compose_from_runs(question, [run], 0.2, quantity=False)
    assert not composed.refused and "do not carry over" in composed.text


def test_a_quantity_qualifier_is_not_the_topic():
    from agent.terms import question_terms

    assert question_terms("Làm thêm giờ tối đa bao nhiêu giờ một tháng?").words == {"làm", "thêm", "giờ"}


def test_a_vietnamese_place_name_does_not_make_an_english_question_vietnamese():
    from agent.language import language_of

    assert (
        language_of("My sister is getting married in Đà Nẵng, 750 km away. How many days do I get?") == "en"
    )
    assert language_of("Em ở Đà Nẵng, chị gái cưới thì được nghỉ mấy ngày?") == "vi"
    assert language_of("em o Da Nang, chi gai cuoi thi duoc nghi may ngay") == "vi"


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("deputy GD phone allowance per month?", "en"),
        ("annual leave carry over?", "en"),
        ("OT rate sunday?", "en"),
        (
            "phu cap dien thoai pho tgd",
            "vi",
        ),  # Vietnamese without accents: its syllables are the lexicon's terms
        ("ca dem phu cap", "vi"),
        ("phep nam", "vi"),
    ],
)
def test_a_terse_question_of_no_function_words_is_read_by_the_lexicons_words(question: str, language: str):
    assert language_of(question) == language


def test_a_vietnamese_framing_around_an_english_title_is_vietnamese():
    assert framing_language("Theo 4.2 Overseas per diem: “Overseas per diem is paid in VND.” [1]") == "vi"
    assert framing_language("Ngoài ra, 4.2 Overseas per diem: “Paid in VND.” [2]") == "vi"
    assert framing_language("According to “4.2 Overseas per diem”: “Paid in VND.” [1]") == "en"
