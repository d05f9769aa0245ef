"""A table's cell means its section's subject and its column: "Phụ cấp cố định" with a column "Điện thoại" states a
phone allowance, which the flattened table (title, header row, rows) keeps words apart."""

from __future__ import annotations

from agent.compose import compose
from agent.evidence import stated_text, table_phrases
from indexes.text import stem
from tests.agent.passages import passage

ALLOWANCES = passage(
    "phuc_loi:1-phu-cap-co-dinh",
    "1. Phụ cấp cố định hằng tháng",
    "| Vị trí | Điện thoại | Gửi xe | Trách nhiệm |\n|---|---|---|---|\n"
    "| L1 – Nhân viên nhà thuốc, thu ngân | – | 100.000 | – |\n"
    "| L3 – Dược sĩ đại học, bác sĩ | 150.000 | 100.000 | – |\n"
    "| L4 – Nhà thuốc trưởng | 400.000 | 150.000 | 1.500.000 |",
)


def test_each_column_heading_is_read_beside_the_section_title():
    assert table_phrases(ALLOWANCES) == [
        "1. Phụ cấp cố định hằng tháng Vị trí",
        "1. Phụ cấp cố định hằng tháng Điện thoại",
        "1. Phụ cấp cố định hằng tháng Gửi xe",
        "1. Phụ cấp cố định hằng tháng Trách nhiệm",
    ]
    assert stated_text(ALLOWANCES).startswith(f"{ALLOWANCES.title} {ALLOWANCES.text}")
    plain = passage("a:1", "1. Phụ cấp", "Phụ cấp điện thoại 150.000 đồng/tháng.")
    assert table_phrases(plain) == []


def test_a_question_on_a_column_of_an_allowance_table_is_answered_not_refused():
    answer = compose("Do pharmacists get a phone allowance?", [ALLOWANCES], 0.2, quantity=False)
    assert not answer.refused, answer.text
    assert "L3 – Dược sĩ đại học, bác sĩ | 150.000" in answer.text  # the pharmacists' row


def test_an_ing_noun_is_not_stemmed_into_another_word():
    # "outing" (a company trip) is not "out" ("when does the rota come out?")
    assert stem("outing") != stem("out") and stem("outings") == stem("outing")
    assert stem("training") != stem("train")
