"""Rule extraction (indexes/rules/): offline provider through lx.extract, exact spans, tree nodes.

Everything here runs offline: the corpus is extracted with sockets disabled, and the Gemini path is only
checked for being chosen, never called.
"""

from __future__ import annotations

import dataclasses
import json
import socket
import unicodedata
from collections import Counter
from pathlib import Path

import pytest

from indexes.rules.examples import PROMPT, RULE_CLASSES, build_examples, example_texts, expected_extractions
from indexes.rules.extraction import Rule, _tokenizer, extract_rules
from indexes.rules.offline_provider import OFFLINE_MODEL_ID, chunk_from_prompt, offline_model
from indexes.rules.patterns import find_rules
from indexes.rules.quantities import find_quantities
from indexes.settings import Settings
from indexes.sources.documents import Document
from indexes.sources.folder import parse_document, scan_corpus
from indexes.sources.markdown import build_tree
from indexes.sources.tree_model import TreeNode
from indexes.text import fold, nfc

CORPUS = Path(__file__).resolve().parents[2] / "corpus"

FIXTURE = """---
title: Quy định thử nghiệm
doc_id: quy_dinh_thu_nghiem
---

# Quy định thử nghiệm

Căn cứ Điều lệ Công ty, Giám đốc ban hành quy định này.

## Chương I. Thời gian làm việc

### Điều 1. Giờ làm việc

1. Nhân viên làm việc từ 8h00 đến 17h00 các ngày từ thứ Hai đến thứ Sáu.
2. Người lao động phải giữ gìn vệ sinh chung tại văn phòng.

### Điều 2. Làm thêm giờ

Tiền lương làm thêm giờ vào ngày lễ ít nhất bằng 300% tiền lương ngày thường.

## Chương II. Nghỉ ngơi

### Điều 3. Nghỉ phép năm

1. Nhân viên có đủ 12 tháng làm việc được nghỉ 14 ngày làm việc mỗi năm.
2. Trong thời gian thử việc, mỗi tháng làm việc được tích lũy 01 ngày phép nhưng chưa được sử dụng.

### Điều 4. Nghỉ việc riêng

Nhân viên được nghỉ việc riêng, hưởng nguyên lương trong các trường hợp sau:
- Bản thân kết hôn: 03 ngày;
- Bố, mẹ qua đời: 03 ngày.

## Chương III. Tài chính

### Điều 5. Công tác phí

| Chức danh | Phụ cấp lưu trú | Tiền phòng |
|---|---|---|
| Trưởng phòng | 400.000 đồng/ngày | 1.200.000 đồng/đêm |
| Nhân viên | 300.000 đồng/ngày | 700.000 đồng/đêm |

### Điều 6. Vay vốn

Nhân viên được vay tối đa 30 triệu đồng, thời hạn không quá 12 tháng.

### Điều 7. Kỷ luật

Nhân viên tự ý bỏ việc 05 ngày trong một tháng thì bị sa thải.

## Annual leave

Employees receive 12 working days of paid annual leave per year.
"""

# (class, rule_type, a piece of the rule's text, node id suffix, attributes it must have)
EXPECTED = [
    (
        "WorkingTimeRule",
        "working_hours",
        "từ 8h00 đến 17h00",
        "dieu-1",
        {"start_time": "08:00", "end_time": "17:00"},
    ),
    ("WorkingTimeRule", "overtime", "300%", "dieu-2", {"rate": "300", "unit": "%"}),
    ("LeaveRule", "annual_leave", "14 ngày làm việc", "dieu-3", {"duration": "14", "unit": "working_day"}),
    ("LeaveRule", "probation_accrual", "01 ngày phép", "dieu-3", {"period": "month", "duration": "1"}),
    (
        "BenefitRule",
        "personal_leave",
        "Bản thân kết hôn: 03 ngày",
        "dieu-4",
        {"duration": "3", "pay_status": "paid"},
    ),
    ("BenefitRule", "personal_leave", "qua đời: 03 ngày", "dieu-4", {"condition": "Bố, mẹ qua đời"}),
    (
        "ExpenseNorm",
        "per_diem",
        "Trưởng phòng | 400.000 đồng/ngày",
        "dieu-5",
        {"amount": "400000", "unit": "VND"},
    ),
    (
        "ExpenseNorm",
        "per_diem",
        "Nhân viên | 300.000 đồng/ngày",
        "dieu-5",
        {"Tiền phòng": "700.000 đồng/đêm"},
    ),
    ("LoanRule", "loan", "30 triệu đồng", "dieu-6", {"amount": "30000000", "unit": "VND"}),
    ("DisciplineRule", "dismissal", "05 ngày", "dieu-7", {"duration": "5"}),
    ("LeaveRule", "annual_leave", "12 working days", "annual-leave", {"duration": "12", "period": "year"}),
]


def _offline_settings(tmp_path: Path | None = None) -> Settings:
    return Settings(_env_file=None, llm_provider="offline", data_dir=tmp_path or Path(".quyche"))


def _tree(doc: Document) -> TreeNode:
    return build_tree(doc, lambda text: len(text.split()))


def _rules_of(text: str, settings: Settings) -> tuple[Document, list[Rule]]:
    doc = parse_document("quy_dinh_thu_nghiem.md", text.encode("utf-8"))
    return doc, extract_rules(doc, _tree(doc), settings)


def _refuse(*args, **kwargs):
    raise OSError("network disabled in this test")


@pytest.fixture(scope="module")
def corpus_rules() -> dict[str, tuple[Document, TreeNode, list[Rule]]]:
    """Every bundled document with its tree and rules, extracted with the network unreachable."""
    scan = scan_corpus(CORPUS, 5_000_000)
    assert scan.documents, "the bundled corpus is empty"
    found = {}
    with pytest.MonkeyPatch.context() as patch:
        for name in ("connect", "connect_ex"):
            patch.setattr(socket.socket, name, _refuse)
        patch.setattr(socket, "create_connection", _refuse)
        patch.setattr(socket, "getaddrinfo", _refuse)
        for doc in scan.documents:
            root = _tree(doc)
            found[doc.doc_id] = (doc, root, extract_rules(doc, root, _offline_settings()))
    return found


def _article(root: TreeNode, folded_title_part: str) -> TreeNode:
    """The article ("Điều N. ...") whose title holds the words, found by title: numbers may change."""
    return next(
        n for n in root.walk() if fold(n.title).startswith("dieu") and folded_title_part in fold(n.title)
    )


# ---- The whole bundled corpus --------------------------------------------------------------------------------


def test_every_aligned_corpus_rule_is_a_verbatim_span_in_its_node(corpus_rules) -> None:
    total = 0
    for doc, root, rules in corpus_rules.values():
        nodes = {n.node_id: n for n in root.walk()}
        for rule in rules:
            total += 1
            assert rule.alignment == "match_exact", rule
            assert doc.text[rule.start : rule.end] == rule.text
            assert rule.line_start == doc.text.count("\n", 0, rule.start) + 1
            assert rule.line_end == doc.text.count("\n", 0, rule.end) + 1
            assert rule.start >= len("\n".join(doc.text.split("\n")[: doc.body_start_line - 1]))
            node = nodes[rule.node_id]
            assert node.line_start <= rule.line_start <= node.line_end
            deeper = [
                n
                for n in root.walk()
                if n.line_start <= rule.line_start <= n.line_end and n.level > node.level
            ]
            assert not deeper, (rule, deeper)
    assert total >= 50


def test_corpus_holds_every_rule_class_in_source_order(corpus_rules) -> None:
    counts = Counter(r.rule_class for _, _, rules in corpus_rules.values() for r in rules)
    assert set(RULE_CLASSES) <= set(counts), counts
    for _, _, rules in corpus_rules.values():
        starts = [r.start for r in rules]
        assert starts == sorted(starts)
        assert all(r.attributes["rule_type"] and r.attributes["quantity"] in r.text for r in rules)


def test_annual_leave_article_has_12_days(corpus_rules) -> None:
    doc, root, rules = corpus_rules["noi_quy_lao_dong"]
    article = _article(root, "nghi hang nam")
    leave = [r for r in rules if r.rule_class == "LeaveRule" and r.node_id == article.node_id]
    assert any("12 ngày" in r.text and r.attributes.get("duration") == "12" for r in leave), leave


def test_accrual_article_has_one_day_per_month_during_probation(corpus_rules) -> None:
    _, root, rules = corpus_rules["noi_quy_lao_dong"]
    article = _article(root, "tich luy")
    in_article = [r for r in rules if r.node_id == article.node_id]
    accrual = [
        r
        for r in in_article
        if r.attributes.get("calculation_method") == "accrual_per_month"
        and r.attributes.get("duration") == "1"
    ]
    assert accrual, in_article
    assert any(r.attributes["rule_type"] == "probation_accrual" for r in in_article)


def test_own_marriage_gives_3_days_paid_personal_leave(corpus_rules) -> None:
    _, _, rules = corpus_rules["noi_quy_lao_dong"]
    personal = [
        r for r in rules if r.rule_class == "BenefitRule" and r.attributes["rule_type"] == "personal_leave"
    ]
    marriage = [r for r in personal if "ket hon" in fold(r.text) and r.attributes.get("duration") == "3"]
    assert marriage, personal
    assert marriage[0].attributes["pay_status"] == "paid"


def test_working_day_starts_at_8h30(corpus_rules) -> None:
    _, _, rules = corpus_rules["noi_quy_lao_dong"]
    times = [
        r for r in rules if r.rule_class == "WorkingTimeRule" and ("8h30" in r.text or "8 giờ 30" in r.text)
    ]
    assert times
    assert any(r.attributes.get("start_time") == "08:30" for r in times), times


def test_loan_rules_state_the_maximum_amount(corpus_rules) -> None:
    _, root, rules = corpus_rules["quy_che_cho_vay"]
    article = _article(root, "toi da")
    maximum = [r for r in rules if r.node_id == article.node_id and r.rule_class == "LoanRule"]
    assert any(
        r.attributes.get("unit") == "VND" and int(r.attributes["amount"]) >= 10_000_000 for r in maximum
    )


def test_every_expense_table_row_with_an_amount_is_an_expense_norm(corpus_rules) -> None:
    doc, _, rules = corpus_rules["dinh_muc_chi"]
    by_line = {r.line_start: r for r in rules}
    lines = doc.text.split("\n")
    header: list[str] = []
    rows = 0
    for number, line in enumerate(lines, start=1):
        if not line.startswith("|"):
            header = []
        elif not header:
            header = [cell.strip() for cell in line.strip("|").split("|")]
        elif "---" not in line and find_quantities(line):
            rows += 1
            rule = by_line[number]
            assert rule.rule_class == "ExpenseNorm" and rule.text in line
            assert rule.attributes["item"] == line.strip("|").split("|")[0].strip()
            assert rule.attributes["amount"].isdigit() and rule.attributes["unit"] in ("VND", "USD")
            assert all(name in rule.attributes for name in header[1:]), rule.attributes
    assert rows >= 6


def test_english_policy_has_12_days_annual_leave(corpus_rules) -> None:
    _, _, rules = corpus_rules["annual_leave_policy_en"]
    assert any(
        r.rule_class == "LeaveRule"
        and "12" in r.text
        and r.attributes.get("duration") == "12"
        and "day" in r.text
        for r in rules
    )


# ---- Our own fixture ------------------------------------------------------------------------------------------


def test_fixture_rules_have_class_node_and_attributes(no_network, tmp_path: Path) -> None:
    doc, rules = _rules_of(FIXTURE, _offline_settings(tmp_path))
    for rule_class, rule_type, piece, node_suffix, attributes in EXPECTED:
        matches = [r for r in rules if piece in r.text]
        assert len(matches) == 1, (piece, rules)
        rule = matches[0]
        assert (rule.rule_class, rule.attributes["rule_type"]) == (rule_class, rule_type), rule
        assert rule.node_id == f"quy_dinh_thu_nghiem:{node_suffix}"
        assert attributes.items() <= rule.attributes.items(), rule.attributes
        assert doc.text[rule.start : rule.end] == rule.text and rule.alignment == "match_exact"
    assert len(rules) == len(EXPECTED)


def test_sentences_without_number_or_cue_yield_nothing(no_network, tmp_path: Path) -> None:
    _, rules = _rules_of(FIXTURE, _offline_settings(tmp_path))
    assert not any("vệ sinh" in r.text or "Căn cứ" in r.text for r in rules)
    plain = "---\ndoc_id: khong_co\n---\n\n# Ghi chú\n\nNgười lao động phải giữ gìn vệ sinh chung.\n"
    assert _rules_of(plain, _offline_settings(tmp_path))[1] == []
    assert find_rules("Căn cứ Nghị định số 145/2020/NĐ-CP ngày 14/12/2020 của Chính phủ.") == []


def test_nfd_input_aligns_after_nfc_normalisation(no_network, tmp_path: Path) -> None:
    settings = _offline_settings(tmp_path)
    nfd = unicodedata.normalize("NFD", FIXTURE)
    assert nfd != FIXTURE
    doc, rules = _rules_of(nfd, settings)  # parse_document normalises to NFC
    _, expected = _rules_of(FIXTURE, settings)
    assert [(r.text, r.start) for r in rules] == [(r.text, r.start) for r in expected]
    # A Document built around NFD text (not through parse_document): spans point into that text.
    raw = dataclasses.replace(doc, text=nfd)
    raw_rules = extract_rules(raw, _tree(raw), settings)
    assert [nfc(r.text) for r in raw_rules] == [r.text for r in expected]
    assert all(raw.text[r.start : r.end] == r.text and r.alignment == "match_exact" for r in raw_rules)


def test_rule_round_trips_through_a_dict(no_network, tmp_path: Path) -> None:
    _, rules = _rules_of(FIXTURE, _offline_settings(tmp_path))
    for rule in rules:
        assert Rule.from_dict(json.loads(json.dumps(rule.to_dict(), ensure_ascii=False))) == rule


def test_gemini_mode_goes_to_gemini_and_offline_never_does(monkeypatch, no_network, tmp_path: Path) -> None:
    import indexes.rules.extraction as rules_module

    calls = []
    monkeypatch.setattr(rules_module, "_extract_gemini", lambda body, settings: calls.append(body) or [])
    gemini = Settings(_env_file=None, llm_provider="auto", google_api_key="test-key", data_dir=tmp_path)
    assert _rules_of(FIXTURE, gemini)[1] == [] and len(calls) == 1
    assert _rules_of(FIXTURE, _offline_settings(tmp_path))[1] and len(calls) == 1


# ---- The provider and its pieces ------------------------------------------------------------------------------


def test_offline_provider_is_registered_and_reproduces_the_examples() -> None:
    from langextract.core.base_model import BaseLanguageModel
    from langextract.providers import router

    model = offline_model()
    assert isinstance(model, BaseLanguageModel)
    assert isinstance(model, router.resolve(OFFLINE_MODEL_ID))
    for index, (text, example) in enumerate(zip(example_texts(), build_examples(), strict=True)):
        assert all(e.extraction_text in text for e in example.extractions)
        found = [(r.rule_class, text[r.start : r.end], r.attributes) for r in find_rules(text)]
        assert found == expected_extractions(index)


def test_chunk_is_recovered_from_langextract_prompts() -> None:
    from langextract import prompting
    from langextract.core import format_handler

    chunk = "Hỏi đáp\nQ: được nghỉ mấy ngày?\nA: 12 ngày làm việc mỗi năm.\n\nQ: còn gì nữa?"
    template = prompting.PromptTemplateStructured(description=PROMPT, examples=build_examples())
    for fences in (True, False):
        handler = format_handler.FormatHandler(use_fences=fences)
        builder = prompting.ContextAwarePromptBuilder(prompting.QAPromptGenerator(template, handler), 50)
        builder.build_prompt("Đoạn trước.", "doc")
        prompt = builder.build_prompt(chunk, "doc", additional_context="Bối cảnh: Q: A:")
        assert chunk_from_prompt(prompt, example_texts()[-1]) == chunk


def test_provider_answers_in_the_format_the_resolver_parses() -> None:
    from langextract import resolver
    from langextract.core import format_handler

    model = offline_model()
    model.set_fence_output(False)
    text = example_texts()[0]
    prompt = f"{PROMPT}\n\nExamples\nQ: {example_texts()[-1]}\nA: {{}}\n\nQ: {text}\nA: "
    output = next(iter(model.infer([prompt])))[0].output
    parsed = resolver.Resolver(format_handler=format_handler.FormatHandler(use_fences=False)).resolve(output)
    assert [(e.extraction_class, e.extraction_text) for e in parsed] == [
        (cls, span) for cls, span, _ in expected_extractions(0)
    ]
    assert parsed[0].attributes["rule_type"] == "annual_leave"


@pytest.mark.parametrize(
    ("sentence", "kinds"),
    [
        ("Buổi sáng từ 8 giờ 30 đến 12 giờ 00", [("time", "08:30"), ("time", "12:00")]),
        ("làm việc 08 giờ/ngày và 40 giờ/tuần", [("duration", "8"), ("duration", "40")]),
        (
            "mức khoán 1.500.000 đồng, tối đa 30 triệu đồng hoặc 200 USD",
            [("amount", "1500000"), ("amount", "30000000"), ("amount", "200")],
        ),
        ("ít nhất bằng 150% tiền lương, cách trụ sở 50 km", [("rate", "150"), ("distance", "50")]),
        ("đi muộn 03 lần trong một tháng", [("count", "3")]),
        (
            "nghỉ nửa ngày, thử việc 2 tháng, làm đủ 5 năm",
            [("duration", "0.5"), ("duration", "2"), ("duration", "5")],
        ),
        ("ngày 01/01/2025 theo Điều 12 và Nghị định 145/2020/NĐ-CP", []),
        ("12 working days per year, before 9:00", [("duration", "12"), ("time", "09:00")]),
    ],
)
def test_quantities(sentence: str, kinds: list[tuple[str, str]]) -> None:
    assert [(q.kind, q.value) for q in find_quantities(sentence)] == kinds


def test_tokenizer_keeps_amounts_and_abbreviations_whole() -> None:
    text = "Mức 1.500.000 đồng/ngày (e.g. 0,5 ngày). Tiếp theo"
    tokens = _tokenizer().tokenize(text).tokens
    words = [text[t.char_interval.start_pos : t.char_interval.end_pos] for t in tokens]
    assert words[:6] == ["Mức", "1.500.000", "đồng", "/", "ngày", "("]
    assert "e.g." in words and "0,5" in words
    assert [t.index for t in tokens] == list(range(len(tokens)))


def test_prompt_names_every_class_and_rule_type() -> None:
    from indexes.rules.examples import RULE_KINDS

    for kind in RULE_KINDS:
        assert kind.rule_class in RULE_CLASSES
        assert kind.rule_class in PROMPT and kind.rule_type in PROMPT
