"""A blind set's report counts its failures and never shows a question, an expectation or an answer."""

from evals.harness import EvalResult
from evals.report import blinded, to_markdown


def _result() -> EvalResult:
    failure = {
        "kind": "answer",
        "id": "hx-leave-001",
        "category": "leave",
        "lang": "vi",
        "question": "Nghỉ phép năm được bao nhiêu ngày?",
        "expected": [["12 ngày"]],
        "got": "Theo Điều 6: 12 ngày làm việc",
    }
    row = {
        "id": "hx-leave-001",
        "category": "leave",
        "lang": "vi",
        "ok": False,
        "cited": ["a:b"],
        "answer_lang": "vi",
    }
    meta = {"date": "2026-11-25", "git_sha": "abc", "llm_mode": "offline", "items": 1, "set": "heldout"}
    return EvalResult({}, {"accuracy": 0.0}, [failure], [row], meta)


def test_blind_report_counts_failures_without_their_text():
    plain = to_markdown(_result())
    assert "Nghỉ phép năm được bao nhiêu ngày?" in plain  # the ordinary report shows it: the test can fail

    result = blinded(_result())
    text = to_markdown(result)
    assert "| answer | leave | vi | 1 |" in text
    for leak in ("Nghỉ phép năm", "12 ngày", "Điều 6", "hx-leave-001"):
        assert leak not in text
        assert leak not in repr(result.failures) + repr(result.per_item)
    assert result.per_item == [{"category": "leave", "lang": "vi", "ok": False, "answer_lang": "vi"}]
