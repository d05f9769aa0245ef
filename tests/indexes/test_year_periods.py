from __future__ import annotations

from indexes.year_periods import _day_of_year, asked_times, holds_asked_time, stated_periods


def test_periods_of_the_year_a_rule_states_in_either_language():
    assert stated_periods("Peak season: from 1 September to 15 December, Band 1 may take at most 3 days") == [
        (245, 350)
    ]
    assert stated_periods(
        "Trong mùa cao điểm từ ngày 01/9 đến ngày 30/11, công nhân chỉ được nghỉ 03 ngày"
    ) == [(245, 335)]
    assert stated_periods("Chuyến đi tổ chức từ tháng 6 đến tháng 8 hằng năm") == [(153, 244)]
    assert stated_periods("Nghỉ 3 tháng hưởng 1/2 lương") == []  # a length and a fraction are no period


def test_the_time_of_year_a_question_names_and_not_a_modal_may_or_the_13th_month():
    assert asked_times("Can I take a whole week of annual leave in late October?") == [(295, 305)]
    assert asked_times("Tôi muốn nghỉ phép cuối tháng 10 được không?") == [(295, 305)]
    assert asked_times("Nghỉ ngày 15/10 có được không?") == [(289, 289)]
    assert asked_times("If I work overtime on 15 October, what rate am I paid?") == [(289, 289)]
    assert asked_times("You may take leave in advance") == []
    assert asked_times("Lương tháng 13 được trả khi nào?") == []
    assert asked_times("Công ty có mấy máy chấm công?") == []


def test_a_period_holds_the_asked_time_even_over_the_new_year():
    def holds(text: str, question: str) -> bool:
        return holds_asked_time(text, asked_times(question))

    assert holds("Peak season: from 1 September to 15 December", "a week off in late October?")
    assert not holds("Peak season: from 1 September to 15 December", "a week off in late December?")
    assert holds("Mùa cao điểm từ 01/12 – 28/02", "Can I take leave in January?")
    assert not holds("Mùa cao điểm từ 01/12 – 28/02", "Can I take leave in March?")
    assert not holds("Annual leave is 12 working days a year", "Can I take leave in March?")
    assert stated_periods("từ 01/12/2025 đến 28/02/2026") == [(336, 59)]  # a date with its year


def test_no_time_of_year_in_a_boss_a_machine_a_fraction_a_rate_or_a_count():
    for question in (
        "Sếp tôi có quyền duyệt không?",
        "Tổ máy 1 làm ca mấy?",
        "Công ty có 3 máy chấm công",
        "Nghỉ thai sản hưởng 1/2 lương?",
        "hotline 24/7",
        "làm 5/7 ngày trong tuần",
        "Mỗi tháng 2 lần",
        "làm đủ 12 tháng 1 năm",
    ):
        assert asked_times(question) == [], question
    assert asked_times("Nghỉ ngày 15/10/2025 được không?") == [(289, 289)]
    assert asked_times("Can I take leave on May 15?") == [(136, 136)]


def test_a_fixed_date_holiday_is_its_date():
    christmas, new_year = _day_of_year(12, 25), _day_of_year(1, 1)
    assert asked_times("can I take leave over christmas / new year? I work at the front desk") == [
        (christmas, christmas),
        (new_year, new_year),
    ]
    assert asked_times("Giáng sinh năm nay tôi có được nghỉ không?") == [(christmas, christmas)]
    assert asked_times("Nghỉ lễ Quốc khánh được mấy ngày?") == [(_day_of_year(9, 2),) * 2]
    assert asked_times("Is Labour Day a paid holiday?") == [(_day_of_year(5, 1),) * 2]
    assert asked_times("cái máy đây có phải của công ty không?") == []
    # the lunar new year moves from year to year: no date
    assert asked_times("Do we get a bonus for Lunar New Year?") == []
    assert asked_times("Tết Nguyên đán được nghỉ mấy ngày?") == []
    peak = "Trong thời gian cao điểm (từ 15/6 đến 31/8 và từ 20/12 đến 05/01 năm sau) chỉ được nghỉ 02 ngày liên tục"
    assert holds_asked_time(peak, asked_times("Can I take a week off over Christmas?"))
    assert not holds_asked_time(peak, asked_times("Can I take a week off for National Day?"))
