"""Staff groups the documents define: a definition list ("L3 – Licensed Professional" / ": University-trained
pharmacists, …"), a table whose first cell opens with the group's code ("L3 – Dược sĩ đại học, điều dưỡng, bác
sĩ | 150.000 | …") or a directory table; a job named in a question finds its group, and through it a table row
keyed by the code."""

from __future__ import annotations

from dataclasses import dataclass

from indexes.spans import split_units
from indexes.staff_groups import directory_of, group_named, row_via_directory

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
