"""The gap search: a Vietnamese question's word pairs that no evidence holds are searched for by themselves; a
table that names one is what the planner reads, and the probe itself is never quoted as evidence."""

from __future__ import annotations

from agent.compose import compose_from_runs
from agent.gaps import absent_topics, gap_holders, gap_query, is_gap_probe
from agent.offline_policy import best_section, next_call
from tools.registry import ToolRun
from tools.search_tools import SearchHit, SearchResult

BOOKING = (
    "ql:muc-7",
    "Mục 7. Đăng ký và sử dụng phép năm",
    "7.1. NLĐ đăng ký nghỉ phép trước ít nhất 03 ngày làm việc.\n"
    "7.2. Trong mùa cao điểm, mỗi đợt nghỉ phép của NLĐ khối kho vận không quá 02 ngày.",
)
GRADES = (
    "ql:muc-2",
    "Mục 2. Ngạch nhân sự",
    "Bảng 1. Ngạch nhân sự và phép năm cơ bản\n\n"
    "| Ngạch | Chức danh tiêu biểu | Phép năm cơ bản |\n|---|---|---|\n"
    "| L3 | Chuyên viên, điều phối vận tải | 12 ngày |\n"
    "| L4 | Trưởng bộ phận, trưởng kho | 13 ngày |",
)
MENTION = (
    "ql:muc-9",
    "Mục 9. Hoàn trả khoản vay",
    "Tháng không đủ lương để khấu trừ (nghỉ thai sản, nghỉ không lương), NLĐ chuyển khoản số tiền phải trả.",
)


def _run(query: str, sections: list[tuple[str, str, str]], mode: str = "hybrid") -> ToolRun:
    hits = [
        SearchHit(
            doc_id="ql", node_id=n, title=t, line_start=1, line_end=9, score=1.0 - i / 10, scope="t", text=x
        )
        for i, (n, t, x) in enumerate(sections)
    ]
    args = {"query": query, "k": 5} if mode == "hybrid" else {"query": query, "k": 3, "mode": mode}
    result = SearchResult(query=query, mode=mode, expansions=[], unknown_terms=[], hits=hits)
    return ToolRun("search", args, result)


QUESTION = "Trưởng kho được nghỉ phép năm bao nhiêu ngày?"


def test_the_pair_no_evidence_holds_is_searched_for_by_itself() -> None:
    runs = [_run(QUESTION, [BOOKING])]
    assert gap_query(QUESTION, runs) == "trưởng kho"
    call = next_call(QUESTION, runs, None, 1)
    assert call is not None and call.args == {"query": "trưởng kho", "k": 3, "mode": "keyword"}
    # English questions and questions whose pairs the evidence holds get no gap search
    assert gap_query("How many leave days does a warehouse manager get?", runs) is None
    assert gap_query("Đăng ký nghỉ phép trước mấy ngày?", runs) is None


def test_the_planner_reads_the_table_that_names_it_and_the_probe_is_not_quoted() -> None:
    runs = [_run(QUESTION, [BOOKING]), _run("trưởng kho", [GRADES, BOOKING], mode="keyword")]
    assert is_gap_probe(QUESTION, runs, 1) and not is_gap_probe(QUESTION, runs, 0)
    assert gap_holders(QUESTION, runs) == ["ql:muc-2"]
    assert best_section(QUESTION, runs) == "ql:muc-2"
    # without the planner's expansion, the probe's hits are no evidence: the answer comes from the search alone
    composed = compose_from_runs(QUESTION, runs, 0.2, quantity=True)
    assert "ql:muc-2" not in composed.node_ids


def test_a_passing_mention_outside_a_table_is_no_holder() -> None:
    question = "Nghỉ thai sản được bao nhiêu tháng?"
    runs = [_run(question, [BOOKING])]
    probe = gap_query(question, runs)
    assert (
        probe == "nghỉ thai thai sản nghi thai san"
    )  # its word pairs, then the lexicon topic "nghỉ thai sản"
    runs.append(_run(probe, [MENTION], mode="keyword"))
    assert gap_holders(question, runs) == []
    assert best_section(question, runs) == "ql:muc-7"


OVERTIME_PAY = (
    "ql:dieu-6",
    "Điều 6. Tiền lương làm thêm giờ",
    "4. Tiền lương làm thêm giờ được chi trả cùng kỳ lương tháng, ghi rõ số giờ trên phiếu lương.",
)
UNPAID = (
    "ql:dieu-11",
    "Điều 11. Nghỉ không hưởng lương",
    "NLĐ được nghỉ không hưởng lương tối đa 30 ngày trong năm; tự ý nghỉ việc bị xử lý kỷ luật.",
)


def test_a_lexicon_topic_no_document_names_in_any_wording_is_refused():
    question = "Công ty có thưởng lương tháng 13 không?"
    runs = [_run(question, [OVERTIME_PAY])]
    probe = gap_query(question, runs)
    assert probe is not None and "luong thang 13" in probe  # the topic is searched for by itself
    runs.append(_run(probe, [OVERTIME_PAY, UNPAID], mode="keyword"))
    assert absent_topics(question, runs) == ["luong thang 13"]
    composed = compose_from_runs(question, runs, 0.2, quantity=False)
    assert composed.refused and "Tôi không tìm thấy" in composed.text


def test_a_topic_the_documents_word_differently_is_not_absent():
    question = "nghi khong phep may ngay thi bi ky luat"  # "tự ý nghỉ việc" in the documents
    runs = [_run(question, [UNPAID])]
    probe = gap_query(question, runs)
    runs.append(_run(probe or "nghi khong phep", [UNPAID], mode="keyword"))
    assert absent_topics(question, runs) == []  # "nghỉ không" (hưởng lương) keeps the topic possible
    # being fired ("bị đuổi việc", the lexicon's everyday "sa thải") is a topic of its own: these documents
    # discipline an absence but never say when it leads to dismissal
    fired = "nghi khong phep may ngay thi bi duoi viec"
    runs = [
        _run(fired, [UNPAID]),
        _run(gap_query(fired, [_run(fired, [UNPAID])]) or fired, [UNPAID], "keyword"),
    ]
    assert absent_topics(fired, runs) == ["bi duoi viec"]


HARDSHIP_LOAN = (
    "ql:muc-4",
    "Mục 4. Vay không lãi từ Quỹ tương trợ",
    "Trường hợp được vay: bản thân hoặc người thân ốm đau, tai nạn phải điều trị nội trú; nhà ở bị thiệt hại do "
    "thiên tai.",
)
BEREAVEMENT = (
    "ql:muc-5",
    "Mục 5. Người thân mất",
    "Số ngày nghỉ hưởng nguyên lương: bố, mẹ mất 03 ngày; ông, bà mất 01 ngày.",
)
SICK_PAY = (
    "ql:muc-6",
    "Mục 6. Chế độ ốm đau",
    "NLĐ nghỉ việc do ốm đau được Công ty trả đủ lương 02 ngày/năm.",
)


def test_a_fragment_of_a_topics_wording_is_no_mention_of_it():
    """Sick leave ("nghỉ ốm") is absent from documents that only say "ốm đau" in a loan's hardships and "nghỉ
    hưởng" of bereavement leave: a pair counts with the words every wording of the topic shares ("nghỉ") in one
    sentence, and holds a word the question adds to that kind ("ốm"). The same pair beside "nghỉ" is a mention."""
    question = "Nghỉ ốm thì công ty trả lương cho mấy ngày?"
    probe = gap_query(question, [_run(question, [BEREAVEMENT])])
    assert probe is not None and "nghi om" in probe
    runs = [_run(question, [BEREAVEMENT]), _run(probe, [HARDSHIP_LOAN, BEREAVEMENT], mode="keyword")]
    assert "nghi om" in absent_topics(question, runs)
    assert compose_from_runs(question, runs, 0.2, quantity=False).refused
    runs = [_run(question, [BEREAVEMENT]), _run(probe, [SICK_PAY, HARDSHIP_LOAN], mode="keyword")]
    assert "nghi om" not in absent_topics(question, runs)


def _absent_after_probe(question: str, searched: list, probed: list) -> list[str]:
    """The absent topics once a search found ``searched`` and the gap search (which must run) ``probed``."""
    runs = [_run(question, searched)]
    probe = gap_query(question, runs)
    assert probe is not None
    runs.append(_run(probe, probed, mode="keyword"))
    return absent_topics(question, runs)


def test_a_topic_named_by_its_shared_words_or_a_verb_phrase_is_mentioned():
    """Words every wording of a topic shares, several of them, mention it by a meaningful pair ("thời hiệu" for
    "thời hiệu xử lý kỷ luật lao động", in a section on discipline); a verb phrase whose shared word is its object
    ("trả lương", "chi trả tiền lương") needs any of its pairs, not one beside "lương"."""
    limitation = (
        "ql:muc-3",
        "Thời hiệu và trình tự xử lý",
        "Thời hiệu: 06 tháng kể từ ngày xảy ra vi phạm. Trình tự: Công ty họp xử lý với Công đoàn.",
    )
    question = "Thời hiệu xử lý kỷ luật lao động là bao lâu?"
    assert _absent_after_probe(question, [limitation], [limitation]) == []
    overtime = ("ql:dieu-4", "Điều 4. Làm thêm giờ", "Công ty chi trả 300% vào ngày nghỉ lễ.")
    question = "Tăng ca vào ngày lễ được trả lương thế nào?"
    assert _absent_after_probe(question, [overtime], [overtime]) == []


SICK_QUESTION = "Nghỉ ốm thì công ty trả lương cho mấy ngày?"


def _absent_sick_leave(*sections: tuple[str, str, str]) -> bool:
    return "nghi om" in _absent_after_probe(SICK_QUESTION, [BEREAVEMENT], list(sections))


def test_the_kind_and_the_pair_must_share_a_sentence_or_the_kind_the_title():
    """ "Nghỉ" (the kind) and "ốm đau" (a pair the question's wording adds) in one sentence, in a lead-in and its
    items, or in the title and a sentence, mention sick leave; in two sentences, or with "đề nghị" (no "nghỉ"),
    they do not."""
    lead_in = (
        "ql:a",
        "Điều 5. Trả lương",
        "Công ty trả lương cho NLĐ nghỉ trong các trường hợp sau: bản thân ốm đau.",
    )
    titled = (
        "ql:b",
        "Điều 8. Nghỉ việc hưởng chế độ",
        "1. Thai sản: 06 tháng.\n2. Ốm đau: trả đủ lương 02 ngày/năm.",
    )
    apart = (
        "ql:c",
        "Điều 9. Hỗ trợ",
        "NLĐ được nghỉ 01 ngày khi chuyển nhà. Người thân ốm đau được thăm hỏi.",
    )
    proposal = (
        "ql:d",
        "Điều 10. Vay",
        "NLĐ có người thân bị ốm đau phải điều trị dài ngày tại bệnh viện tuyến trên được đề nghị vay 10.000.000 đồng.",
    )
    assert not _absent_sick_leave(lead_in)
    assert not _absent_sick_leave(titled)
    assert _absent_sick_leave(apart)
    assert _absent_sick_leave(proposal)


def test_a_list_keeps_its_lead_in_a_table_row_its_header_and_a_title_only_an_item_it_opens():
    """The kind word may frame the pair from a lead-in line above a list, a table's header row, or the section
    title when the sentence opens with the pair ("2. Ốm đau: …"); a title over a sentence that only mentions the
    pair in passing frames nothing. A text written without accents is compared without them."""
    listed = (
        "ql:e",
        "Điều 5. Trả lương",
        "Công ty trả lương cho NLĐ nghỉ trong các trường hợp sau:\n- Bản thân ốm đau;",
    )
    table = (
        "ql:f",
        "Điều 6. Ngày nghỉ",
        "| Trường hợp nghỉ | Số ngày |\n|---|---|\n| Ốm đau có giấy bệnh viện | 02 |",
    )
    passing = (
        "ql:g",
        "Điều 7. Nghỉ việc riêng",
        "Công đoàn hỗ trợ 500.000 đồng khi cha mẹ ốm đau phải nằm viện.",
    )
    plain = (
        "ql:h",
        "Dieu 5. Tra luong",
        "Cong ty tra luong cho NLD nghi trong cac truong hop sau: ban than om dau.",
    )
    assert not _absent_sick_leave(listed)
    assert not _absent_sick_leave(table)
    assert _absent_sick_leave(passing)
    assert not _absent_sick_leave(plain)


def test_official_staff_is_mentioned_by_its_shared_words_not_by_staff_alone():
    """ "Nhân viên chính thức" / "lao động chính thức" share "chính thức": a rule for staff who have signed
    ("NLĐ đã ký chính thức") mentions the topic; a rule that names staff only does not."""
    question = "Nhân viên chính thức được ứng trước tối đa mấy ngày phép?"
    signed = ("ql:i", "Mục 7. Ứng trước phép", "NLĐ đã ký chính thức được ứng trước tối đa 03 ngày phép.")
    uniforms = ("ql:j", "Mục 8. Đồng phục", "Nhân viên được cấp 02 bộ đồng phục mỗi năm.")
    assert "nhan vien chinh thuc" not in _absent_after_probe(question, [uniforms], [signed])
    assert "nhan vien chinh thuc" in _absent_after_probe(question, [uniforms], [uniforms])


def test_the_seam_of_two_pairs_the_evidence_holds_is_no_gap() -> None:
    # "trợ hỗ" of "quỹ tương trợ hỗ trợ" joins two compounds the evidence holds: nothing to search for
    fund = (
        "tt:dieu-1",
        "Điều 1. Mục đích của Quỹ",
        "Quỹ tương trợ được lập để hỗ trợ CBCNV gặp khó khăn.",
    )
    question = "Quỹ tương trợ hỗ trợ bao nhiêu khi bị tai nạn?"
    probe = gap_query(question, [_run(question, [fund])])
    assert probe is not None and "trợ hỗ" not in probe
    assert "tai nạn" in probe  # the pair no evidence holds is still searched for
