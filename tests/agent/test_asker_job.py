"""Who asks is not what is asked: the words naming the asker's job in a staff group of the documents ("lễ tân")
need not appear in the rule that answers, when the rule is for every employee."""

from __future__ import annotations

from agent.compose import compose_from_runs
from tests.agent.search_runs import hit, search_run
from tools.registry import ToolRun

RULE = (
    "1. NLĐ làm việc đủ 12 tháng cho Công ty được nghỉ hằng năm, hưởng nguyên lương:\n\n"
    "a) 12 ngày làm việc đối với công việc trong điều kiện bình thường;"
)


def _search(job_words: list[str]) -> ToolRun:
    rule = hit(
        "noi_quy:dieu-8",
        "Điều 8. Nghỉ hằng năm",
        RULE,
        title_path=["Nội quy lao động", "Điều 8. Nghỉ hằng năm"],
        lines=(3, 5),
    )
    return search_run(rule, staff_groups=["Nhóm D"] if job_words else [], job_words=job_words)


QUESTION = "Nhân viên buồng phòng làm việc đủ 12 tháng thì nghỉ hằng năm được bao nhiêu ngày?"


def test_the_askers_job_is_no_topic_the_rule_must_state():
    composed = compose_from_runs(QUESTION, [_search(["nhan", "vien", "buong", "phong"])], 0.2, quantity=True)
    assert not composed.refused and "12 ngày làm việc" in composed.text


def test_a_job_no_staff_group_lists_is_still_a_topic_the_evidence_lacks():
    composed = compose_from_runs(QUESTION, [_search([])], 0.2, quantity=True)
    assert composed.refused  # nothing says "buồng phòng" is a job: the rule may be about something else


def test_the_scene_of_a_question_is_its_askers_situation_not_its_topic():
    from agent.compose import scene_words
    from agent.question_parts import circumstances

    busy = "Tháng 7 khách sạn đông khách, nhân viên được nghỉ hằng năm mấy ngày liên tục?"
    assert circumstances(busy) == ["Tháng 7 khách sạn đông khách"]
    assert "dong" in scene_words(busy) and "khach" not in scene_words(busy)  # "khách sạn" is a lexicon topic
    assert circumstances("Nếu bị ốm, có được nghỉ không?") == []  # a condition may be the topic
    assert circumstances("Vay tối đa bao nhiêu, có tính lãi không?") == []  # both clauses ask
    assert circumstances("My wife is due soon, how many days off do I get?") == []  # Vietnamese only
    # the maternity topic stays in the asking clause; the scene ("vợ sắp sinh") is no topic of its own
    assert "thai" not in scene_words("Vợ em sắp sinh, chồng được nghỉ chế độ thai sản mấy ngày?")


def test_a_word_of_the_scene_no_document_has_does_not_force_a_refusal():
    question = "Tháng 7 đông khách, nhân viên làm việc đủ 12 tháng nghỉ hằng năm được bao nhiêu ngày?"
    composed = compose_from_runs(question, [_search(["nhan", "vien"])], 0.2, quantity=True)
    assert not composed.refused and "12 ngày làm việc" in composed.text
    # the same word where the question asks it is its topic: the rule does not answer it
    asked = "Nhân viên làm việc đủ 12 tháng được nghỉ đông bao nhiêu ngày?"
    assert compose_from_runs(asked, [_search(["nhan", "vien"])], 0.2, quantity=True).refused


def test_a_word_of_the_job_the_question_also_asks_stays_a_topic():
    from agent.compose import asker_words

    # "lễ" of "lễ tân" is who asks; "lễ" of "nghỉ lễ" is what is asked: said twice, it stays a topic
    receptionist = ("nhan", "vien", "le", "tan")
    assert asker_words("Nhân viên lễ tân có được nghỉ lễ không?", set(receptionist)) == {
        "nhan",
        "vien",
        "tan",
    }
    assert asker_words("Nhân viên lễ tân được nghỉ phép mấy ngày?", set(receptionist)) == set(receptionist)
    holiday = "Nhân viên lễ tân làm việc đủ 12 tháng thì nghỉ lễ được bao nhiêu ngày?"
    assert compose_from_runs(holiday, [_search(list(receptionist))], 0.2, quantity=True).refused
    annual = "Nhân viên lễ tân làm việc đủ 12 tháng thì nghỉ hằng năm được bao nhiêu ngày?"
    assert not compose_from_runs(annual, [_search(list(receptionist))], 0.2, quantity=True).refused


def test_a_scene_that_holds_the_topic_is_no_scene_when_the_asking_clause_names_none():
    from agent.compose import scene_words

    # "công ty hỗ trợ bao nhiêu?" asks how much, of nothing: the master's degree is what is asked
    assert scene_words("Tôi muốn học thạc sĩ, công ty hỗ trợ bao nhiêu?") == set()
    assert scene_words("Con gái tôi lấy chồng, tôi được nghỉ mấy ngày?") == set()
    question = "Tôi muốn học thạc sĩ, nhân viên làm việc đủ 12 tháng được hỗ trợ bao nhiêu?"
    assert compose_from_runs(question, [_search(["nhan", "vien"])], 0.2, quantity=True).refused


def test_a_topic_asked_as_a_figure_keeps_the_asking_clause_its_own():
    from agent.compose import scene_words

    # "lãi suất" is what is asked: the scene (wanting a loan for a house) is the asker's situation
    assert "nha" in scene_words("Tôi muốn vay mua nhà, lãi suất bao nhiêu?")
    # spaces as typed change nothing
    assert scene_words("Tôi muốn học  thạc sĩ, công ty hỗ trợ bao nhiêu?") == set()


def test_a_purpose_given_before_what_is_asked_is_the_askers_reason_not_the_topic():
    from agent.compose import purpose_words

    assert purpose_words("Muốn xin nghỉ không lương 20 ngày để về quê thì ai duyệt?") == {"ve", "que"}
    assert purpose_words("muon xin nghi khong luong de ve que thi ai duyet") == {"ve", "que"}
    assert purpose_words("Tôi muốn vay tiền để sửa nhà thì được vay tối đa bao nhiêu?") == {"sua", "nha"}
    for asked in (
        "de nghi tang luong thi lam sao?",  # "đề nghị" typed without accents
        "de bat len truong phong thi can gi?",  # "đề bạt"
        "Để được vay thì cần điều kiện gì?",  # what it takes to borrow is what is asked
        "Phép năm không nghỉ hết để lại sang năm sau thì có bị mất không?",  # carry-over is asked
        "I want leave to go home, then who approves it?",  # Vietnamese only
    ):
        assert purpose_words(asked) == set(), asked
    # a rule for the leave and who approves it answers, though it never says why the asker wants it
    question = "Nhân viên đủ 12 tháng muốn nghỉ hằng năm để về quê thì được bao nhiêu ngày?"
    composed = compose_from_runs(question, [_search([])], 0.2, quantity=True)
    assert not composed.refused and "12 ngày làm việc" in composed.text


def test_the_words_for_any_employee_rank_no_sentence_and_stay_topic_words():
    from agent.terms import question_terms, without_anyone

    for asked in (
        "Nhân viên cưới vợ thì công đoàn mừng bao nhiêu tiền?",
        "Công nhân cưới vợ thì công đoàn mừng bao nhiêu tiền?",
        "CBCNV cuoi vo thi cong doan mung bao nhieu tien?",
    ):
        ranking = question_terms(without_anyone(asked))
        assert not any({"nhân", "viên", "nhan", "vien", "cbcnv"} & set(t.split()) for t in ranking.scoring), (
            asked
        )
        assert {"cưới", "cuoi"} & ranking.words and {"mừng", "mung"} & ranking.words, asked
    # a rule that never names the asker's kind of employee may be about someone else: still a topic word to check
    assert {"nhân", "viên"} <= question_terms("Nhân viên cưới vợ thì công đoàn mừng bao nhiêu tiền?").words
    assert "hôn nhân" in question_terms(without_anyone("Nhân viên hỏi về tình trạng hôn nhân")).bigrams


def test_an_emojis_variation_selector_changes_nothing_of_what_is_asked():
    from agent.terms import question_terms, without_anyone
    from indexes.text import has_diacritics

    assert not has_diacritics("phi phuc vu chia the nao ❤️")  # U+FE0F is no accent
    assert has_diacritics("phí phục vụ ❤️")
    asked = "Nhân viên tăng ca tối đa bao nhiêu giờ ❤️?"
    assert question_terms(asked).words == question_terms(asked.replace(" ❤️", "")).words
    assert "tối" not in question_terms(asked).words  # the quantity phrase is still left out
    assert "Nhân viên" not in without_anyone(asked)
