"""The documents' list of heavy or hazardous jobs: read from a Vietnamese article or an English handbook line, an
employee naming one of its jobs is in heavy work for the leave calculator (14 days), cited; other jobs are not."""

from __future__ import annotations

import pytest

from tests.tools.rule_texts import rule_text
from tools.heavy_jobs import heavy_job_of

RULES = [
    rule_text(
        "4. Công việc nặng nhọc, độc hại: vận hành nồi hơi; giặt là công nghiệp; pha chế, xử lý hóa chất hồ bơi.",
        ["Điều 2. Giải thích từ ngữ"],
        12,
        "noi_quy:dieu-2",
    ),
    rule_text(
        "Colleagues in heavy or hazardous jobs (boiler, industrial laundry, pool chemicals, work at height) are checked "
        "twice a year.",
        ["Health"],
        57,
        "handbook:health",
    ),
]


@pytest.mark.parametrize(
    ("employee", "line"),
    [
        ("Tôi vận hành nồi hơi ở khách sạn", 12),
        ("I operate the boilers, started in February 2019", 57),
        ("I work at height fixing the air conditioning", 57),
        ("Em làm giặt là công nghiệp", 12),
    ],
)
def test_an_employee_naming_a_listed_job_is_in_heavy_work(employee, line):
    found = heavy_job_of(RULES, employee)
    assert found is not None and found[0] == "heavy" and found[1].line_start == line


@pytest.mark.parametrize(
    "employee", ["Tôi là kế toán văn phòng", "I'm a front desk agent", "I do the laundry at home on Sundays"]
)
def test_other_jobs_are_not(employee):
    assert heavy_job_of(RULES, employee) is None  # "laundry" alone is not "industrial laundry"


def test_an_especially_heavy_list_and_an_allowance_are_told_apart():
    special = rule_text(
        "Công việc đặc biệt nặng nhọc, độc hại: lặn sâu; khai thác hầm lò.", ["Điều 2"], 5, "noi_quy:dieu-2"
    )
    assert heavy_job_of([special], "Tôi làm khai thác hầm lò")[0] == "especially_heavy"
    allowance = rule_text(
        "Phụ cấp độc hại (áp dụng từ 01/01/2026, mức 500.000 đồng/tháng)", ["Điều 9"], 6, "qc:dieu-9"
    )
    assert heavy_job_of([allowance], "áp dụng từ") is None


def test_a_list_needs_two_jobs_and_a_sentence_is_no_item():
    lone = rule_text("Công việc nặng nhọc được phụ cấp 450.000 đồng/tháng.", ["Điều 9"], 3, "quy_che:dieu-9")
    assert heavy_job_of([lone], "nặng nhọc") is None


def test_the_leave_tool_gives_a_listed_job_the_heavy_work_days(tmp_path):
    from indexes.pipeline.ingest import index_folder
    from indexes.settings import Settings
    from tools.context import ToolContext
    from tools.registry import run_tool

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "noi_quy.md").write_text(
        "# Nội quy\n\n## Điều 2. Giải thích từ ngữ\n\n1. Công việc nặng nhọc, độc hại: vận hành nồi hơi; giặt là công "
        "nghiệp; làm việc trên cao.\n\n## Điều 8. Nghỉ hằng năm\n\n1. NLĐ làm đủ 12 tháng được nghỉ hằng năm: a) 12 "
        "ngày làm việc đối với công việc bình thường; b) 14 ngày làm việc đối với công việc nặng nhọc, độc hại.\n",
        encoding="utf-8",
    )
    settings = Settings(
        _env_file=None, llm_provider="offline", data_dir=tmp_path / "data", corpus_dir=corpus, vectors=False
    )
    index_folder(settings)
    ctx = ToolContext(settings, today=__import__("datetime").date(2026, 11, 23))
    args = {"probation_start": "01/02/2019", "employee": "Tôi vận hành nồi hơi ở khách sạn"}
    run = run_tool(ctx, "calculate_leave", args)
    assert run.ok, run.error
    assert "heavy_job" in run.result.policy_sources and "vận hành nồi hơi" in run.result.steps[0].text
    office = run_tool(ctx, "calculate_leave", {**args, "employee": "Tôi là kế toán"})
    assert office.ok and "heavy_job" not in office.result.policy_sources
