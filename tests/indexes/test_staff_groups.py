"""Staff groups the documents define: a definition list ("L3 – Licensed Professional" / ": University-trained
pharmacists, …"), a table whose first cell opens with the group's code ("L3 – Dược sĩ đại học, điều dưỡng, bác
sĩ | 150.000 | …") or a directory table; a job named in a question finds its group, and through it a table row
keyed by the code."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from indexes.search.lexicon import default_lexicon, topic_spans
from indexes.spans import split_units
from indexes.staff_groups import directory_of, group_named, job_named, row_via_directory

HANDBOOK = """## Words we use

L1 – Store Associate
: Cashiers, sales assistants without a pharmacy qualification, clinic receptionists, cleaners.

L3 – Licensed Professional
: University-trained pharmacists, registered nurses, doctors, and Support Centre specialists.

L4 – Store Manager
: Pharmacy managers (nhà thuốc trưởng) and clinic head nurses.

## Trial period

- **L1 – Store Associate**
  - Length: 6 working days
"""
BENEFITS = """## 1. Phụ cấp cố định hằng tháng

| Vị trí | Điện thoại | Gửi xe |
|---|---|---|
| L1 – Nhân viên nhà thuốc, thu ngân, lễ tân | – | 100.000 |
| L2 – Dược sĩ trung cấp/cao đẳng, kỹ thuật viên | – | 100.000 |
| L3 – Dược sĩ đại học, điều dưỡng, bác sĩ | 150.000 | 100.000 |

## 7. Định mức công tác phí

| Cấp bậc | Phụ cấp lưu trú (đồng/ngày) |
|---|---|
| L1 – L2 | 200.000 |
| L3 | 250.000 |
"""


@dataclass(frozen=True)
class _Row:
    text: str


def _directory() -> list[str]:
    return directory_of([*split_units(HANDBOOK), *split_units(BENEFITS)])


def test_a_definition_list_and_coded_first_cells_make_one_entry_per_group():
    directory = _directory()
    assert directory[0].startswith("L1 – Store Associate | Cashiers, sales assistants")
    assert "Nhân viên nhà thuốc, thu ngân, lễ tân" in directory[0]
    l3 = next(e for e in directory if e.startswith("L3"))
    assert l3.split(" | ")[0] == "L3 – Licensed Professional"  # the longest own cell names the group
    assert "Dược sĩ đại học, điều dưỡng, bác sĩ" in l3 and "University-trained pharmacists" in l3
    # a range of codes ("L1 – L2 | 200.000") and a list item with figures ("Length: 6 working days") are no entry
    assert len(directory) == 4 and not any(e.startswith("L1 – L2") for e in directory)


def test_a_job_in_either_language_finds_its_group():
    directory = _directory()
    assert group_named(directory, "Đi công tác thì phụ cấp lưu trú của dược sĩ đại học là bao nhiêu?") == (
        "L3 – Licensed Professional"
    )
    assert group_named(directory, "Em là dược sĩ trung cấp") == "L2"
    assert group_named(directory, "how long is probation for a cashier?") == "L1 – Store Associate"
    assert group_named(directory, "nhà thuốc trưởng được nghỉ mấy ngày") == "L4 – Store Manager"
    assert group_named(directory, "Phụ cấp điện thoại là bao nhiêu?") is None  # no job named


def test_the_words_that_name_the_job_come_with_its_group():
    directory = _directory()
    named = job_named(directory, "Dược sĩ đại học làm đủ một năm được nghỉ phép bao nhiêu ngày?")
    assert named is not None and named.group == "L3 – Licensed Professional"
    assert named.words == ("duoc", "si", "dai", "hoc")  # folded, the job's words only (no "nghỉ", "năm")
    receptionist = job_named(directory, "Nhân viên lễ tân phòng khám được nghỉ phép mấy ngày?")
    assert receptionist is not None and set(receptionist.words) == {"le", "tan", "nhan", "vien"}
    cashier = job_named(directory, "how long is probation for a cashier?")
    assert cashier is not None and cashier.words == ("cashier",)
    assert job_named(directory, "Phụ cấp điện thoại là bao nhiêu?") is None


def test_a_row_keyed_by_the_groups_code_through_the_directory():
    rows = [
        _Row("• L1 Store Associates: 12 working days"),
        _Row("• L3 Licensed Professionals: 13 working days"),
    ]
    rows.append(_Row("• L4 Store Managers: 14 working days"))
    assert (
        row_via_directory(rows, "Bác sĩ thì một năm được nghỉ phép bao nhiêu ngày?", _directory()) is rows[1]
    )


def test_someone_elses_job_a_shared_word_or_a_shift_is_no_group():
    directory = _directory()
    assert group_named(directory, "Do I need a doctor's note for one sick day?") is None
    assert group_named(directory, "Does my store manager have to approve leave?") is None
    shifts = split_units("- Ca 1 – Ca hành chính: áp dụng cho nhân viên văn phòng, kế toán.\n")
    groups = split_units(
        "a) Nhóm 2 – Quản lý: Trưởng phòng, Kế toán trưởng.\n\nb) Nhóm 3 – Nhân viên: Nhân viên.\n"
    )
    printing = split_units("| Vị trí | Mức |\n|---|---|\n| L2 – Nhân viên in ấn | 100.000 |\n")
    directory = directory_of([*shifts, *groups, *printing])
    assert not any(e.startswith("Ca 1") for e in directory)  # a shift is no staff group
    assert group_named(directory, "Kế toán trưởng đi công tác được bao nhiêu?") == "Nhóm 2 – Quản lý"
    assert group_named(directory, "Nhân viên được nghỉ phép năm bao nhiêu ngày?") is None  # every employee
    assert (
        group_named(directory, "Nhân viên ăn trưa ở căng tin có mất tiền không?") is None
    )  # "in" of "in ấn"


def test_a_job_without_the_qualifier_another_group_adds_is_the_plain_jobs_group():
    bands = split_units(
        "| Band | Grades | Typical positions |\n|---|---|---|\n"
        "| Band 3 | E1–E4 | Engineers, specialists |\n"
        "| Band 4 | S1–S2 | Supervisors, assistant managers |\n"
        "| Band 5 | M1–M3 | Managers, senior managers, directors |\n"
    )
    directory = directory_of(bands)
    assert group_named(directory, "As a manager, how many days of leave do I get?") == "Band 5"
    assert group_named(directory, "I'm an assistant manager. How long is my probation?") == "Band 4"
    assert group_named(directory, "Senior managers: what is the hotel limit?") == "Band 5"
    nurses = directory_of(
        split_units("- N1 – Registered nurses: ward staff.\n- N2 – Head nurses: ward leads.\n")
    )
    assert group_named(nurses, "How many days of leave does a nurse get?") is None  # two alike


# the lexicon's wordings of roles and jobs, as the retriever passes them
ROLES = default_lexicon().role_wordings


def test_a_job_named_in_the_other_language_or_by_its_abbreviation_finds_its_group_through_the_lexicon():
    table = "| Nhóm | Chức danh |\n|---|---|\n| Nhóm A | Tổng Giám đốc, Tổng Quản lý |\n| Nhóm D | Lễ tân, buồng phòng |\n"
    directory = directory_of(split_units(table))
    gm = job_named(directory, "As GM, what's my hotel cap in Ho Chi Minh City?", ROLES)
    assert gm is not None and gm.group == "Nhóm A" and gm.words == ("gm",)  # the asker's own word
    receptionist = job_named(directory, "I work as a receptionist, how long is probation?", ROLES)
    assert receptionist is not None and receptionist.group == "Nhóm D"
    assert group_named(directory, "Tôi là TGĐ, công tác phí bao nhiêu?", ROLES) == "Nhóm A"
    # someone else's job names no group of the asker's, in any wording; an HR topic names none either
    assert job_named(directory, "Does our GM have to approve my leave?", ROLES) is None
    assert job_named(directory, "Do I need approval from the GM for unpaid leave?", ROLES) is None
    assert job_named(directory, "Do I submit it to the GM?", ROLES) is None
    assert job_named(directory, "GM của em có phải duyệt đơn nghỉ phép không?", ROLES) is None
    assert job_named(directory, "When is the AGM this year?", ROLES) is None  # a meeting
    assert job_named(directory, "How many days of annual leave do I get?", ROLES) is None


def test_without_the_lexicon_only_the_texts_own_words_name_a_job():
    table = "| Nhóm | Chức danh |\n|---|---|\n| Nhóm A | Tổng Quản lý |\n| Nhóm D | Lễ tân, buồng phòng |\n"
    assert job_named(directory_of(split_units(table)), "As GM, what's my hotel cap?") is None


def _assert_group(directory: list[str], asked: str, group: str | None) -> None:
    assert group_named(directory, asked, ROLES, topic_spans) == group, asked


def _assert_groups(directory: list[str], group: str | None, *questions: str) -> None:
    """Each question names ``group`` (None: no group)."""
    for asked in questions:
        _assert_group(directory, asked, group)


def test_a_deputy_is_not_the_role_after_the_word_deputy():
    table = "| Nhóm | Chức danh |\n|---|---|\n| Nhóm A | Tổng Quản lý |\n| Nhóm B | Phó Tổng Quản lý, Trưởng bộ phận |\n"
    directory = directory_of(split_units(table))
    # the deputy's own group, however the rank is written (any case, the abbreviation, the full title)
    _assert_groups(
        directory,
        "Nhóm B",
        "I'm the deputy GM, how much notice do I give?",
        "i'm the deputy gm, how much notice do i give?",
        "As Deputy GM, how much notice do I give?",
        "I'm the deputy general manager, how much notice do I give?",
    )
    # where no group is the deputy's, a deputy is in none: not the GM's, in Vietnamese typed without accents or
    # decomposed (NFD) either
    only_gm = directory_of(split_units(table.replace("Phó Tổng Quản lý, ", "")))
    _assert_groups(
        only_gm,
        None,
        "I'm the deputy GM, how much notice do I give?",
        "Deputy general manager: how much notice?",
        "Toi la pho GM thi bao truoc may ngay?",  # typed without accents
        unicodedata.normalize("NFD", "Tôi là phó GM thì báo trước mấy ngày?"),
        "Tôi là phó tổng quản lý thì báo trước mấy ngày?",
    )
    assert group_named(directory, "As GM, how much notice do I give?", ROLES) == "Nhóm A"


def test_look_alikes_of_a_rank_and_the_askers_own_things_keep_the_askers_job():
    table = "| Nhóm | Chức danh |\n|---|---|\n| Nhóm A | Tổng Giám đốc, Tổng Quản lý |\n| Nhóm D | Lễ tân, buồng phòng |\n"
    directory = directory_of(split_units(table))
    # "phố", "phổ thông", "ứng phó" are no "phó"; a word typed without accents is read so only in such a text
    _assert_groups(
        directory,
        "Nhóm D",
        "Tôi ở thành phố Huế làm lễ tân, nghỉ phép mấy ngày?",
        "Lao động phổ thông làm lễ tân thì sao?",
        "Ứng phó khi lễ tân bị ốm thế nào?",
        "Toi o thanh pho Hue lam le tan, nghi phep may ngay?",
        # the asker's own pay or allowance of the job is the asker's
        "Phụ cấp lễ tân của em là bao nhiêu?",
        "Lương lễ tân của tôi có được tăng không?",
        "Can I take leave from a receptionist job to study?",
    )
    # someone else's job, without accents too, and after the asker's own rank
    _assert_groups(
        directory,
        None,
        "GM cua em co phai duyet don khong?",
        "Tôi là phó tổng quản lý, Tổng giám đốc của tôi yêu cầu gì?",
    )


def test_the_askers_job_is_a_phrase_a_word_of_it_said_elsewhere_is_asked():
    from indexes.staff_groups import asker_only, without_job

    housekeeping = ("nhan", "vien", "buong", "phong")
    asked = "Nhân viên buồng phòng có phải báo trưởng phòng không?"
    assert asker_only(asked, housekeeping) == {"nhan", "vien", "buong"}  # "phòng" of "trưởng phòng" is asked
    assert without_job(asked, housekeeping) == "có phải báo trưởng phòng không?"
    twice = "Tôi là lễ tân. Lễ tân có được nghỉ phép không?"
    assert asker_only(twice, ("le", "tan")) == {"le", "tan"}  # the job said twice is still who asks
    assert without_job(twice, ("le", "tan")) == "Tôi là . có được nghỉ phép không?"


def test_a_jobs_words_inside_an_hr_topics_term_name_no_job():
    from indexes.staff_groups import asker_only, without_job

    table = (
        "| Nhóm | Chức danh |\n|---|---|\n| Nhóm A | Chủ tịch Hội đồng quản trị, Tổng Quản lý |\n"
        "| Nhóm D | Phục vụ, buồng phòng, kiểm tra ngoại quan, thực tập sinh |\n"
    )
    directory = directory_of(split_units(table))
    # "phí phục vụ" is the service charge, not a waiter's ("phục vụ"), with accents or without
    _assert_groups(
        directory,
        None,
        "Phí phục vụ chia thế nào?",
        "phi phuc vu chia the nao",
        "Thử việc có được phí phục vụ không?",
    )
    # a topic's term that is a job, or part of one, still names it
    for asked, group in (
        ("Tôi là phục vụ, nghỉ phép năm mấy ngày?", "Nhóm D"),
        ("Công nhân kiểm tra ngoại quan được phụ cấp bao nhiêu?", "Nhóm D"),  # "kiểm tra" is a topic's term
        ("Tôi là Chủ tịch Hội đồng quản trị, công tác phí bao nhiêu?", "Nhóm A"),
    ):
        _assert_group(directory, asked, group)
    # a waiter asking about the service charge: the job is who asks, the charge what is asked
    waiter = ("nhan", "vien", "phuc", "vu")
    asked = "Nhân viên phục vụ bàn được hưởng phí phục vụ không?"
    assert without_job(asked, waiter, topic_spans) == "bàn được hưởng phí phục vụ không?"
    assert asker_only(asked, waiter, topic_spans) == {"nhan", "vien"}
    # a job that is itself a topic's term, whatever the order of its words ("thực tập sinh")
    intern = "Tôi là thực tập sinh, được nghỉ phép mấy ngày?"
    assert without_job(intern, ("thuc", "tap", "sinh"), topic_spans) == "Tôi là , được nghỉ phép mấy ngày?"
    assert asker_only(intern, ("thuc", "tap", "sinh"), topic_spans) == {"thuc", "tap", "sinh"}


def test_a_role_the_rule_is_asked_for_is_no_one_elses_job():
    table = "| Nhóm | Chức danh |\n|---|---|\n| Nhóm A | Tổng Quản lý, Tổng Giám đốc |\n| Nhóm D | Lễ tân, buồng phòng |\n"
    directory = directory_of(split_units(table))
    # asked for the GM: the GM's group
    _assert_group(directory, "What's the hotel cap for our GM in Ho Chi Minh City?", "Nhóm A")
    # the GM who approves, or the asker's own job beside them: not the GM's group
    _assert_group(directory, "Do I need approval from my GM?", None)
    _assert_group(directory, "I'm a receptionist; does my GM approve my leave?", "Nhóm D")


def test_the_askers_job_words_do_not_depend_on_the_order_of_a_set():
    """The words for any employee ("nhân viên") among the job's words are found whatever order the set of words
    is in: each run of Python orders a set of strings its own way (hash randomisation)."""
    import os
    import subprocess
    import sys

    script = (
        "from indexes.staff_groups import asker_only\n"
        "q = 'Em làm buồng phòng, khách sạn có lớp tiếng Anh miễn phí cho nhân viên không?'\n"
        "print(sorted(asker_only(q, {'buong', 'phong', 'nhan', 'vien'})))\n"
    )
    seen = set()
    for seed in range(6):
        env = {**os.environ, "PYTHONHASHSEED": str(seed)}
        run = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
        )
        seen.add(run.stdout.strip())
    assert seen == {"['buong', 'phong']"}


def test_a_plain_employee_is_in_the_group_of_the_jobs_no_other_group_names():
    from indexes.staff_groups import residual_group

    directory = [
        "Nhóm I | Tổng Giám đốc, Kế toán trưởng",
        "Nhóm II | Trưởng phòng, Chỉ huy trưởng công trường",
        "Nhóm III | các chức danh còn lại, gồm kỹ sư, chuyên viên",
    ]
    assert residual_group(directory) == "Nhóm III"
    assert (
        residual_group(["Band 1 | operators and other jobs that need no qualification", "Band 2 | x"]) is None
    )
    assert residual_group(["Nhóm C | Yêu cầu trình độ trung cấp", "Nhóm D | Công việc khác"]) == "Nhóm D"

    class Row:
        def __init__(self, text: str) -> None:
            self.text = text

    rows = [Row("Nhóm I"), Row("Nhóm II"), Row("Nhóm III")]
    assert row_via_directory(rows, "Nhân viên đi công tác thì được bao nhiêu?", directory) is rows[2]
    assert row_via_directory(rows, "Regular staff here, how much do I get?", directory) is rows[2]
    assert row_via_directory(rows, "Trưởng phòng đi công tác thì được bao nhiêu?", directory) is rows[1]
    assert row_via_directory(rows, "Đi công tác thì được bao nhiêu?", directory) is None  # no one named


def test_no_residual_group_where_the_rest_is_qualified_or_named_in_passing():
    from indexes.staff_groups import residual_group

    for directory in (
        ["Nhóm A | Tổng giám đốc và các giám đốc còn lại", "Nhóm B | Trưởng phòng"],
        ["Band 1 | Managers", "Band 2 | All other managers"],
        ["Nhóm C | Các công việc khác yêu cầu trình độ trung cấp", "Nhóm D | Lễ tân"],
        ["Band 1 | all other jobs that need no qualification", "Band 2 | Engineers"],
    ):
        assert residual_group(directory) is None, directory
    assert residual_group(["Nhóm 3 – Nhân viên (NV) | các chức danh còn lại.", "Nhóm 2 | Trưởng phòng"]) == (
        "Nhóm 3 – Nhân viên (NV)"
    )
