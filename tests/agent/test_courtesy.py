"""The question inside an employee's courtesy: greetings, request formulae and thanks are dropped; the words of
the question never are."""

import pytest

from agent.courtesy import core_question


@pytest.mark.parametrize(
    ("written", "core"),
    [
        ("Chào anh chị, em nghỉ phép năm được mấy ngày?", "Em nghỉ phép năm được mấy ngày?"),
        ("Dạ cho em hỏi chút ạ, thử việc kéo dài bao lâu? Em cảm ơn ạ.", "Thử việc kéo dài bao lâu?"),
        (
            "Kính gửi Phòng Hành chính - Nhân sự, xin cho hỏi: công tác phí một ngày là bao nhiêu?",
            "Công tác phí một ngày là bao nhiêu?",
        ),
        ("Mọi người ơi, nghỉ cưới được mấy ngày ạ?", "Nghỉ cưới được mấy ngày?"),
        (
            "Nhờ anh chị tư vấn giúp em: đi muộn bị trừ lương thế nào? Trân trọng.",
            "Đi muộn bị trừ lương thế nào?",
        ),
        ("Thưởng Tết tính thế nào? Mong anh chị phản hồi sớm.", "Thưởng Tết tính thế nào?"),
        (
            "Hi HR team, quick question: how long is the probation period?",
            "How long is the probation period?",
        ),
        ("Dear HR, can I carry over unused leave? Many thanks.", "Can I carry over unused leave?"),
        (
            "Hello, hope you are well. Is overtime paid at 150%? Best regards, Lan Anh",
            "Is overtime paid at 150%?",
        ),
        (
            "Đề nghị Phòng Nhân sự cho biết: nghỉ ốm có cần giấy bác sĩ không?",
            "Nghỉ ốm có cần giấy bác sĩ không?",
        ),
        ("cho em hoi nghi om co can giay bac si khong? em cam on", "nghi om co can giay bac si khong?"),
        ("Can you tell me how many sick days I get? Please advise.", "How many sick days I get?"),
        (
            "Sorry to bother you, but who approves my business trip? Thanks in advance!",
            "Who approves my business trip?",
        ),
    ],
)
def test_the_courtesy_around_a_question_is_dropped(written: str, core: str) -> None:
    assert core_question(written) == core


@pytest.mark.parametrize(
    "question",
    [
        "Chào mừng ngày Quốc tế Phụ nữ 8/3 công ty có thưởng không?",  # "chào mừng" celebrates: no greeting
        "Anh chị em ruột kết hôn thì được nghỉ mấy ngày?",  # siblings, not an address
        "Gửi đơn xin nghỉ phép trước mấy ngày, và gửi cho ai?",  # sending a form, not a letter's address
        "Hiring bonus cho người giới thiệu là bao nhiêu?",
        "Giúp đỡ đồng nghiệp ngoài giờ có được tính tăng ca không?",
        "With regards to night shifts, what is the allowance?",
        "Đề nghị tăng lương phải nộp cho ai?",  # a request to HR is the topic, not a formula
        "Xin hội đồng kỷ luật xem xét lại thì làm thế nào?",  # "hội" is no "hỏi"
        "Dạ dày đau thì nghỉ ốm được không?",  # "Dạ dày" is the stomach
        "Cháo, bánh mì ở căng tin có miễn phí không?",  # "cháo" is no "chào"
        "Good morning shift allowance: how much is it?",  # greets no one
        "Hi-tech allowance có không?",
        "Da Nang office: is there a parking allowance?",
        "Could you let me know whether I can carry over leave?",  # "whether" asks the question itself
        "Cho em hỏi",  # nothing would be left
        "Em cảm ơn",
    ],
)
def test_a_question_that_opens_with_no_courtesy_is_kept_as_written(question: str) -> None:
    assert core_question(question) == question


def test_a_name_after_the_addressee_goes_with_the_greeting() -> None:
    assert (
        core_question("Chào chị Hương, cho em hỏi nghỉ phép năm được mấy ngày?")
        == "Nghỉ phép năm được mấy ngày?"
    )
    assert core_question("Hi John, can I carry over unused leave?") == "Can I carry over unused leave?"
    assert (
        core_question("Dạ anh ơi cho em hỏi là nghỉ phép năm được mấy ngày?")
        == "Nghỉ phép năm được mấy ngày?"
    )


def test_reading_twice_changes_nothing() -> None:
    for written in [
        "Tuần trước team em có tranh luận về việc này. Cho em hỏi nghỉ phép năm có được cộng dồn không ạ?",
        "Cho em hỏi nghỉ phép năm được mấy ngày nhé ạ?",
        "My team was arguing about this. Hi HR, quick question: can I carry over unused leave?",
    ]:
        once = core_question(written)
        assert once != written
        assert core_question(once) == once


def test_a_text_longer_than_a_message_is_read_as_written() -> None:
    question = "Chào anh chị, nghỉ phép năm" + " " * 3_000 + "được mấy ngày? Em cảm ơn ạ."
    assert core_question(question) == question


def test_a_question_is_never_left_without_its_words() -> None:
    # dropping the greeting would leave one word: the text stays whole
    assert core_question("Chào anh chị, lương tháng 13?") == "Lương tháng 13?"
    assert core_question("Chào anh chị, lương?") == "Chào anh chị, lương?"


@pytest.mark.parametrize(
    ("plain", "framed"),
    [
        (
            "Thử việc có được tính vào thời gian làm việc để tính phép năm không?",
            "Anh chị ơi, cho em hỏi thử việc có được tính vào thời gian làm việc để tính phép năm không ạ? "
            "Em cảm ơn ạ.",
        ),
        (
            "How many days of annual leave do I get per year?",
            "Hi HR team, quick question: how many days of annual leave do I get per year? Thanks in advance!",
        ),
    ],
)
def test_a_framed_question_gets_the_plain_questions_answer(corpus_settings, tmp_path, plain, framed) -> None:
    from agent.assistant import Assistant
    from tests.conftest import TODAY

    assistant = Assistant(
        corpus_settings, today=TODAY, conversations=tmp_path / "c.sqlite", traces=tmp_path / "traces"
    )
    expected = assistant.ask(plain)
    answer = assistant.ask(framed)
    assert not expected.refused
    assert answer.answer == expected.answer


@pytest.mark.parametrize(
    ("written", "core"),
    [
        (
            "Tuần trước team em có tranh luận về việc này. Nghỉ phép năm có được cộng dồn sang năm sau không?",
            "Nghỉ phép năm có được cộng dồn sang năm sau không?",
        ),
        (
            "Hôm qua nói chuyện với đồng nghiệp thì mỗi người nói một kiểu nên em muốn hỏi lại cho chắc. "
            "Đi muộn bao nhiêu phút thì bị trừ lương?",
            "Đi muộn bao nhiêu phút thì bị trừ lương?",
        ),
        (
            "My team was arguing about this at lunch. Is overtime on a public holiday paid at 300%?",
            "Is overtime on a public holiday paid at 300%?",
        ),
    ],
)
def test_an_aside_about_asking_is_dropped(written: str, core: str) -> None:
    assert core_question(written) == core


@pytest.mark.parametrize(
    "question",
    [
        # a fact the rule turns on, though it opens like an aside
        "Sếp bảo em phải đi công tác Đà Nẵng. Công tác phí bao nhiêu?",
        "Em đang nuôi một con mèo nhỏ. Em mang vào phòng KTX nuôi cùng có được không?",
        "Lỗi của em xảy ra hồi tám tháng trước, chỉ là lỗi thường. Tới giờ em còn bị kỷ luật không?",  # "hồi", no "hỏi"
        "Tôi đọc quy chế thấy ghi 12 ngày phép, chưa rõ lắm. Thử việc có được tính không?",  # a figure
        "I was confused by the night shift allowance. Does it apply on Sundays?",  # an HR topic
        "Vợ em sắp sinh, em chưa rõ chuyện này. Em được nghỉ mấy ngày?",  # a relative, and a fact in a clause
        "I'm a contractor, not sure about this. Do I get paid leave?",
    ],
)
def test_a_sentence_that_bears_on_the_rule_is_kept(question: str) -> None:
    assert core_question(question) == question
