"""A figure asked about one HR topic is answered only by units about that topic (or a kind of it): the overtime
rates are no sick pay, a per diem table is no site allowance; the annual leave rule does answer "nghỉ phép", and a
table row answers under its section and column heading."""

from __future__ import annotations

from agent.compose import compose, compose_from_runs
from tests.agent.passages import passage
from tests.agent.search_runs import hit, search_run

MIN = 0.2

OVERTIME = passage(
    "noi_quy:dieu-7",
    "Điều 7. Làm thêm giờ",
    "3. Tiền lương làm thêm giờ: a) 150% vào ngày thường; b) 200% vào ngày nghỉ hằng tuần; c) 300% vào ngày nghỉ "
    "lễ, Tết, ngày nghỉ có hưởng lương.\n"
    "4. NLĐ nghỉ ốm phải báo cho Trưởng đơn vị trong ngày đầu tiên.",
    title_path=["Nội quy lao động", "Điều 7. Làm thêm giờ"],
)
PER_DIEM = passage(
    "chi_tieu:dieu-6",
    "Điều 6. Phụ cấp lưu trú",
    "Phụ cấp lưu trú cho người đi công tác tại công trường, tính theo ngày công tác thực tế:\n\n"
    "| Nhóm chức danh | Vùng 1 (đồng/ngày) | Vùng 2 (đồng/ngày) |\n|---|---|---|\n"
    "| Nhóm I | 450.000 | 400.000 |\n| Nhóm II | 350.000 | 300.000 |",
    title_path=["Quy chế chi tiêu nội bộ", "Điều 6. Phụ cấp lưu trú"],
)
ANNUAL = passage(
    "noi_quy:dieu-6",
    "Điều 6. Nghỉ hằng năm",
    "1. NLĐ làm việc đủ 12 tháng được nghỉ hằng năm, hưởng nguyên lương: 12 ngày làm việc.",
    title_path=["Nội quy lao động", "Điều 6. Nghỉ hằng năm"],
)
MONTHLY = passage(
    "phuc_loi:1-phu-cap-co-dinh",
    "1. Phụ cấp cố định hằng tháng",
    "| Vị trí | Điện thoại | Gửi xe |\n|---|---|---|\n| L1 – Nhân viên | 200.000 | 100.000 |\n"
    "| L4 – Nhà thuốc trưởng | 500.000 | 150.000 |",
    title_path=["Chính sách phúc lợi", "1. Phụ cấp cố định hằng tháng"],
)


def test_a_rate_of_another_topic_is_no_figure_for_the_one_asked():
    # every word of the question is in the evidence ("nghỉ ốm" in a clause without a figure), none of the figures
    # is of sick pay
    answer = compose("Nghỉ ốm thì được hưởng bao nhiêu phần trăm lương?", [OVERTIME], MIN, quantity=True)
    assert answer.refused
    # the overtime rate asked is answered by it
    answer = compose("Làm thêm vào ngày nghỉ hằng tuần được trả bao nhiêu phần trăm?", [OVERTIME], MIN, True)
    assert not answer.refused and "200%" in answer.text


def test_a_neighbouring_allowance_is_no_figure_for_the_one_asked():
    # "phụ cấp lưu trú … (đồng/ngày)" is not "phụ cấp lưu động"/"công trường", though "công trường" is in the text
    answer = compose("Phụ cấp công trường mỗi tháng được bao nhiêu tiền?", [PER_DIEM], MIN, quantity=True)
    assert answer.refused
    answer = compose("Phụ cấp lưu trú nhóm II vùng 1 bao nhiêu một ngày?", [PER_DIEM], MIN, quantity=True)
    assert not answer.refused and "350.000" in answer.text


def test_a_kind_of_the_topic_asked_answers_it():
    # the lexicon's expansions of "nghỉ phép" (as the search finds them) cover the question's words
    answer = compose("Nghỉ phép được bao nhiêu ngày?", [ANNUAL], MIN, True, expansions=["nghỉ hằng năm"])
    assert not answer.refused and "12 ngày" in answer.text


def test_a_table_row_answers_under_its_section_and_column():
    answer = compose("Phụ cấp điện thoại của nhà thuốc trưởng là bao nhiêu?", [MONTHLY], MIN, quantity=True)
    assert not answer.refused and "500.000" in answer.text


def test_with_the_law_searched_too_the_law_answers_in_its_own_wording_of_the_topic():
    # the company's sick-leave clause states no figure; the law's "chế độ ốm đau" is not held to "nghỉ ốm đau"
    overtime = hit(
        "noi_quy:dieu-7",
        "Điều 7. Làm thêm giờ",
        "3. Tiền lương làm thêm giờ: a) 150% vào ngày thường; b) 200% vào ngày nghỉ hằng tuần.\n"
        "4. NLĐ nghỉ ốm đau phải báo cho Trưởng đơn vị trong ngày đầu tiên.",
        "acme",
        title_path=["Nội quy lao động", "Điều 7. Làm thêm giờ"],
        lines=(1, 2),
    )
    law = hit(
        "luat_bhxh:dieu-28",
        "Điều 28. Mức hưởng chế độ ốm đau",
        "1. Mức hưởng chế độ ốm đau tính theo tháng bằng 75% mức tiền lương đóng bảo hiểm xã hội.",
        "global",
        title_path=["Điều 28. Mức hưởng chế độ ốm đau"],
        lines=(1, 2),
    )
    question = "Nghỉ ốm đau thì được hưởng bao nhiêu phần trăm lương?"
    composed = compose_from_runs(question, [search_run(overtime, law)], MIN, quantity=True)
    assert not composed.refused and "75%" in composed.text and composed.node_ids == ["luat_bhxh:dieu-28"]
    alone = compose_from_runs(question, [search_run(overtime)], MIN, quantity=True)
    assert alone.refused and "Điều 7. Làm thêm giờ" in alone.text  # where it looked is said


WEDDING_LEAVE = passage(
    "noi_quy:dieu-11",
    "Điều 11. Nghỉ việc riêng",
    "1. Nhân viên kết hôn được nghỉ 03 ngày; Công đoàn bộ phận đến mừng tại lễ cưới, tiền mừng lấy từ quỹ Công "
    "đoàn.",
    title_path=["Nội quy lao động", "Điều 11. Nghỉ việc riêng"],
)
WEDDING_GIFT = passage(
    "phuc_loi:dieu-5",
    "Điều 5. Quà mừng",
    "1. NLĐ kết hôn được Công ty mừng 1.000.000 đồng; NLĐ nghỉ việc riêng khi kết hôn được nghỉ theo Nội quy.",
    title_path=["Quy chế phúc lợi", "Điều 5. Quà mừng"],
)


def test_a_sum_of_money_asked_is_not_answered_by_a_number_of_days():
    question = "Nhân viên kết hôn thì Công đoàn mừng bao nhiêu tiền?"
    answer = compose(question, [WEDDING_LEAVE], MIN, quantity=True)
    assert answer.refused and "03 ngày" not in answer.text
    # the days asked are answered by them; an amount by an amount
    answer = compose("Kết hôn thì được nghỉ mấy ngày?", [WEDDING_LEAVE], MIN, quantity=True)
    assert not answer.refused and "03 ngày" in answer.text
    answer = compose("Nhân viên kết hôn được mừng bao nhiêu tiền?", [WEDDING_GIFT], MIN, quantity=True)
    assert not answer.refused and "1.000.000" in answer.text


def test_a_sum_asked_is_answered_by_a_cell_without_its_currency_or_by_months_of_pay():
    question = "Phụ cấp điện thoại của nhà thuốc trưởng là bao nhiêu tiền?"
    answer = compose(question, [MONTHLY], MIN, quantity=True)
    assert not answer.refused and "500.000" in answer.text
    loan = passage(
        "vay:dieu-3",
        "Điều 3. Mức cho vay",
        "Mức vay tối đa bằng 03 tháng lương.",
        title_path=["Quy chế cho vay", "Điều 3. Mức cho vay"],
    )
    answer = compose("Số tiền vay tối đa là bao nhiêu?", [loan], MIN, quantity=True)
    assert not answer.refused and "03 tháng lương" in answer.text


def test_a_time_asked_about_a_sum_is_answered_by_the_time():
    advance = passage(
        "ct:dieu-8",
        "Điều 8. Tạm ứng",
        "1. Số tiền tạm ứng phải hoàn trả trong vòng 05 ngày làm việc sau chuyến công tác.",
        title_path=["Quy chế chi tiêu", "Điều 8. Tạm ứng"],
    )
    answer = compose("Số tiền tạm ứng phải hoàn trả trong mấy ngày?", [advance], MIN, quantity=True)
    assert not answer.refused and "05 ngày" in answer.text


def test_an_english_topic_is_matched_as_the_lexicon_writes_it():
    # folded, "phụ cấp lưu trú … (đồng/ngày)" would read as "phụ cấp lưu động", the mobile work allowance
    answer = compose("How much is the mobile work allowance?", [PER_DIEM], MIN, quantity=True)
    assert answer.refused and "450.000" not in answer.text
