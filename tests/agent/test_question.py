"""Reading a question: its intent and the dates the leave calculator needs (Vietnamese and English)."""

from __future__ import annotations

from agent.offline_policy import next_call
from agent.question import analyse


def test_may_the_vietnamese_question_word_is_not_the_month_may():
    for question in ("Nhân viên chính thức được ứng trước tối đa mấy ngày phép?", "nghi phep may ngay"):
        q = analyse(question)
        assert q.intent == "quantity" and q.leave.to_args() == {}, question
    q = analyse(
        "Bắt đầu thử việc ngày 01/9/2026, ký chính thức ngày 02/11/2026. Hôm nay tôi có mấy ngày phép?"
    )
    assert q.intent == "leave_calculation"
    assert q.leave.to_args() == {"probation_start": "01/9/2026", "confirmation_date": "02/11/2026"}


def test_english_month_names_are_dates_in_english_questions():
    q = analyse(
        "I joined in May 2026 on probation and was confirmed in July 2026. How many leave days do I have?"
    )
    assert q.intent == "leave_calculation"
    assert q.leave.to_args() == {"probation_start": "may 2026", "confirmation_date": "july 2026"}


def test_a_start_year_alone_starts_on_1_january_and_days_used_are_read():
    q = analyse(
        "Tôi vào làm từ năm 2022, nghỉ việc từ 01/10/2026. Năm nay tôi đã dùng 7 ngày phép. Còn mấy ngày phép?"
    )
    assert q.intent == "leave_calculation"
    assert q.leave.to_args() == {"probation_start": "01/01/2022", "end_date": "01/10/2026", "days_taken": 7.0}
    assert "probation_start" not in analyse("Năm 2026 công ty có bao nhiêu ngày nghỉ lễ?").leave.to_args()


def test_the_work_the_asker_does_from_a_date_starts_their_service():
    q = analyse("Tôi làm lễ tân từ ngày 15/4/2015. Năm 2026 tôi có tổng cộng bao nhiêu ngày phép năm?")
    assert q.leave.to_args().get("probation_start") == "15/4/2015"
    q = analyse(
        "I've been an accountant here since March 2013. How many days of annual leave do I get this year?"
    )
    assert q.leave.to_args().get("probation_start") == "march 2013"
    assert (
        "probation_start" not in analyse("Tôi nghỉ phép từ ngày 2/12/2026 thì còn mấy ngày?").leave.to_args()
    )
    # a dash ends the clause: the start's date is no last day
    q = analyse("Our new GM starts on 1 Oct 2026 - what's the last day of his probation?")
    assert q.leave.to_args() == {"probation_start": "1 october 2026"}
    for other in (  # overtime, a form, leave from work, leave not taken: no start of service
        "Tôi làm thêm từ ngày 20/12/2026 đến 24/12/2026 thì được trả bao nhiêu?",
        "Tôi làm đơn xin nghỉ phép từ ngày 2/12/2026 thì còn mấy ngày phép?",
        "Tôi nghỉ làm từ ngày 2/12/2026 thì còn mấy ngày phép?",
        "I haven't taken any leave since March 2026, how many days do I have?",
    ):
        assert "probation_start" not in analyse(other).leave.to_args(), other
    # a range of dates keeps its dash: its first date is the start
    q = analyse("1/3/2026 - 30/4/2026 là thời gian thử việc của tôi, hôm nay tôi có mấy ngày phép?")
    assert q.leave.to_args()["probation_start"] == "1/3/2026"


def test_english_and_vietnamese_cues_for_confirmation_and_the_last_day():
    q = analyse(
        "I started on 1 March 2026, passed my probation on 1 May 2026 and my last day is 30 September 2026. "
        "How many leave days will be paid out?"
    )
    assert q.intent == "leave_calculation"
    assert q.leave.to_args() == {
        "probation_start": "1 march 2026",
        "confirmation_date": "1 may 2026",
        "end_date": "30 september 2026",
    }
    q = analyse("Ngày làm cuối của tôi là 30/9/2026, vào làm 01/02/2026, còn bao nhiêu phép?")
    assert q.leave.to_args() == {"probation_start": "01/02/2026", "end_date": "30/9/2026"}


def test_passing_the_trial_dates_the_confirmation_and_a_stated_probation_length_is_passed_on():
    q = analyse(
        "I started on 1 July 2026 as a pharmacist, passed my 60-day trial at the end of August, and I've taken 1 "
        "day off since then. How many PTO days do I have left today?"
    )
    assert q.leave.to_args() == {
        "probation_start": "1 july 2026",
        "confirmation_date": "august",
        "days_taken": 1.0,
    }
    call = next_call(
        "Mình vào làm điều dưỡng (L3) từ 01/10/2026, thử việc 60 ngày. Hôm nay xin nghỉ phép năm 1 ngày được không?",
        [],
        None,
        1,
    )
    assert call is not None and call.name == "calculate_leave"
    assert (call.args["probation_start"], call.args["probation_days"]) == ("01/10/2026", 60)


def test_how_much_notice_a_resignation_needs_under_a_stated_contract_is_computed():
    q = analyse("Hợp đồng 1 năm muốn nghỉ việc thì phải báo trước bao nhiêu ngày?")
    assert (q.intent, q.notice) == ("notice_end", {"contract": "fixed_term", "contract_months": 12})
    q = analyse("I'm on a 6-month contract, how much notice do I have to give?")
    assert q.notice == {"contract": "fixed_term", "contract_months": 6}
    # the employer's notice, or no contract stated: the rule is searched and quoted
    assert analyse("Công ty phải báo trước bao nhiêu ngày khi chấm dứt HĐLĐ với tôi?").intent != "notice_end"
    assert analyse("Nghỉ việc phải báo trước bao nhiêu ngày?").intent != "notice_end"


def test_the_most_one_can_have_asks_for_a_quantity():
    assert analyse("What's the most I can claim for a hotel?").intent == "quantity"
    assert analyse("Is there a cap on overtime each month?").intent == "quantity"
    for question in (
        "What is the most important rule about annual leave?",
        "Is there a recap on the training policy?",
        "Phụ cấp ổn định có được tính vào lương đóng BHXH không?",
    ):
        assert analyse(question).intent != "quantity", question


def test_what_time_and_what_percentage_ask_for_a_quantity_as_may_gio_and_bao_nhieu_phan_tram_do():
    for question in (
        "What time does the night shift start and finish?",
        "What percentage of my salary do I get during probation?",
        "Ca đêm bắt đầu lúc mấy giờ?",
    ):
        assert analyse(question).intent == "quantity", question
    assert analyse("Can I take time off for a medical appointment?").intent != "quantity"
    assert analyse("What time off do I get when my child is born?").intent != "quantity"


def test_a_trip_over_to_another_country_names_its_destination():
    q = analyse("Đi công tác sang Nhật Bản 3 ngày thì phụ cấp lưu trú bao nhiêu?")
    assert q.trip.get("destination") == "Nhật Bản", q.trip
    assert (
        analyse("Đi công tác qua Hàn Quốc 2 ngày thì phụ cấp lưu trú bao nhiêu?").trip["destination"]
        == "Hàn Quốc"
    )


def test_annual_leave_and_the_years_served_in_everyday_english():
    years = analyse(
        "Been running the coal-fired boiler here for six years now. How much annual holiday do I get?"
    )
    assert years.intent == "leave_calculation" and years.leave.years_of_service == 6
    since = analyse("Boiler operator since Feb 2019 - what's my annual leave for this year?")
    assert since.intent == "leave_calculation" and since.leave.probation_start == "february 2019"
    holiday = analyse(
        "Plating line operator, been with the company since May 2018. How many holiday days do I get?"
    )
    assert holiday.intent == "leave_calculation" and holiday.leave.probation_start == "may 2018"
    # "since" in a clause about an absence dates no start of service
    absent = analyse("I have not taken any leave since March. How many days do I have left?")
    assert absent.leave.probation_start is None


def test_an_open_ended_contract_and_today_in_everyday_vietnamese():
    notice = analyse(
        "Sáng nay phòng Nhân sự đã ký nhận đơn xin nghỉ của tôi, hợp đồng của tôi là loại không thời hạn. "
        "Sớm nhất là ngày nào tôi được làm ngày cuối?"
    )
    assert notice.intent == "notice_end" and notice.notice == {"contract": "open_ended"}


def test_a_business_trip_and_its_length_in_everyday_words():
    same_day = analyse(
        "Mình là phục vụ bàn, đi công tác Đà Lạt sáng đi tối về, không ở lại qua đêm, thì được phụ cấp lưu trú "
        "bao nhiêu?"
    )
    assert same_day.intent == "trip_allowance" and same_day.trip["day_trip"] is True
    visit = analyse(
        "L1, going to the Quảng Ngãi pharmacy for a work visit, there and back in one day. What do I get in allowance?"
    )
    assert visit.trip == {"part": "per_diem", "day_trip": True, "destination": "Quảng Ngãi"}
    hotel = analyse("They're sending me to Huế for a 3-day training course - what's the nightly hotel limit?")
    assert hotel.trip == {"part": "hotel", "destination": "Huế"}  # one night's cap: no length needed
    days = analyse("I'm going on a 4-day trip to Hội An. How much per diem do I get in total?")
    assert days.trip == {"part": "per_diem", "days": 4, "destination": "Hội An"}  # no full stop in the place
    weekdays = analyse("Business trip to Hanoi from Tue to Fri, how much per diem in total?")
    assert weekdays.trip == {"part": "per_diem", "days": 4, "destination": "Hanoi"}  # both ends counted
    vietnamese = analyse("Tôi đi công tác Đà Nẵng từ thứ Hai đến thứ Năm, tổng phụ cấp lưu trú là bao nhiêu?")
    assert vietnamese.trip["days"] == 4
    assert analyse("I work Monday to Friday; what is the overtime rate on Saturday?").trip == {}


def test_a_distance_a_child_and_the_years_served_in_everyday_vietnamese():
    funeral = analyse(
        "Bố vợ em mới mất. Em làm trên công trường xa nhà hơn nghìn cây số. Được nghỉ mấy ngày ạ?"
    )
    assert funeral.personal["distance_km"] == 1000
    trip = analyse(
        "8 năm làm ở công ty, hè này anh dẫn vợ với thằng cu 7 tuổi đi nghỉ mát cùng đoàn. Công ty hỗ trợ bao nhiêu?"
    )
    assert trip.support == {"service_months": 96, "spouse": True, "children_ages": [7]}


def test_what_a_night_shift_adds_asked_in_everyday_vietnamese():
    night = analyse(
        "Lương cơ bản của mình là 7,2 triệu. Đi một ca 3 bình thường (không tăng ca) thì mình được cộng thêm "
        "những khoản gì, mỗi khoản bao nhiêu?"
    )
    assert night.intent == "night_work_pay" and night.night == {"monthly_wage": "7200000", "shift": "ca 3"}


def test_the_review_cases_of_everyday_cues_stay_narrow():
    from agent.question import notice_args, personal_leave_args, probation_pay_args
    from tools.overtime_inputs import parse_inputs

    assert (
        analyse(
            "I have worked here for fifteen years now, how many annual leave days do I get?"
        ).leave.years_of_service
        == 15
    )
    assert (
        analyse("I have worked here twenty-five years. How many annual leave days?").leave.years_of_service
        is None
    )
    assert (
        analyse("I have worked here 6 years. How many public holiday days do we get?").intent
        != "leave_calculation"
    )
    in_lieu = "Salary 10 million. I worked 3 hours overtime on Tuesday. How much is that, and do I get a day off in lieu?"
    assert parse_inputs(in_lieu).day_kind == "ordinary"
    documents = (
        "My probation salary is 12 million. What documents do I need to get confirmed after probation?"
    )
    assert probation_pay_args(documents) == {}
    assert (
        personal_leave_args("Bố em mất, em làm cách nhà 2 nghìn km thì được nghỉ mấy ngày?")["distance_km"]
        == 2000
    )
    assert notice_args("Hợp đồng 1 năm, nghỉ việc thì ngày nào là ngày cuối, em không xác định được?") == {
        "contract": "fixed_term",
        "contract_months": 12,
    }
    assert (
        analyse("Em hỏi bên HR, đi công tác Đà Nẵng 2 ngày thì phụ cấp lưu trú bao nhiêu?").trip[
            "destination"
        ]
        == "Đà Nẵng"
    )
