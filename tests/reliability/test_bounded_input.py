"""Pathological input is refused clearly or handled in bounded work: long queries, deep JSON, documents with
too many headings or too much text, UTF-16 files, one-line documents."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from agent.assistant import Assistant
from indexes.errors import DocumentError
from indexes.pipeline.ingest import ingest
from indexes.rules.patterns import LONG_LINE, find_rules
from indexes.sources.documents import Document, decode_source
from indexes.text import search_terms
from ui.cli import main
from ui.mcp_server import build_server, http_app

AUTH = {"Authorization": "Bearer tok"}


@pytest.fixture
def http(keyword_settings):
    settings = keyword_settings.model_copy(update={"mcp_tokens": {"tok": "acme"}, "max_question_chars": 300})
    with TestClient(http_app(build_server(settings, Assistant(settings)), settings)) as client:
        yield client


def test_long_query_is_400_with_the_cap(http):
    long = http.post("/retrieve", json={"query": "nghỉ phép " * 100, "mode": "bm25"}, headers=AUTH)
    assert long.status_code == 400 and "limit is 300" in long.json()["message"]
    ok = http.post("/retrieve", json={"query": "nghỉ phép " * 20, "mode": "bm25"}, headers=AUTH)
    assert ok.status_code == 200 and ok.json()["hits"]


def test_deeply_nested_json_is_400_not_500(http, make_settings):
    deep = b"[" * 100_000
    for body in (deep, json.dumps({"query": [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]}).encode()):
        answer = http.post("/retrieve", content=body, headers={**AUTH, "Content-Type": "application/json"})
        assert answer.status_code == 400 and answer.json()["message"], answer.text[:200]
    assert "nested deeper than 64" in http.post("/retrieve", content=deep, headers=AUTH).json()["message"]
    settings = make_settings(mcp_tokens={"tok": "acme"})
    with TestClient(http_app(build_server(settings, Assistant(settings)), settings)) as writes:
        answer = writes.post("/documents", content=deep, headers=AUTH)
        assert answer.status_code == 400 and "nested deeper than 64" in answer.json()["message"]


def test_cli_refuses_long_questions_and_deep_json(keyword_settings, tmp_path, capsys):
    data = ["--data-dir", str(keyword_settings.data_dir)]
    assert main([*data, "retrieve", "--mode", "bm25", "x" * 5000]) == 2
    assert "limit is 2,000" in capsys.readouterr().err
    assert main([*data, "ask", "x" * 5000]) == 2
    assert "limit is 2,000" in capsys.readouterr().err
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000, encoding="utf-8")
    rc = main(["--data-dir", str(tmp_path / "d"), "ingest", str(deep), "--tenant", "beta"])
    err = capsys.readouterr()
    assert rc == 1 and "Traceback" not in err.err
    assert "nested deeper than 64" in err.out + err.err


def test_documents_over_the_heading_or_size_limit_are_rejected_before_indexing(make_settings):
    settings = make_settings(max_headings_per_document=50, max_chunks_per_document=10)
    headings = "\n".join(f"## Mục {i}\n\nNghỉ {i} ngày." for i in range(60))
    many = Document("nhieu_muc", "Nhiều mục", "a.md", f"# Nhiều mục\n\n{headings}\n", 1, "h1", tenant="acme")
    long = Document("dai", "Dài", "b.md", "# Dài\n\n" + "chữ " * 3_000, 1, "h2", tenant="acme")
    report = ingest(settings, [many, long])
    by_id = {r.source: r for r in report.results}
    assert by_id["a.md"].status == "error" and "61 headings" in by_id["a.md"].message
    assert by_id["b.md"].status == "error" and "QUYCHE_MAX_CHUNKS_PER_DOCUMENT" in by_id["b.md"].message
    assert report.index is not None and report.index.documents == 0


def test_utf16_files_are_named_as_such():
    with pytest.raises(DocumentError, match="UTF-16"):
        decode_source("luong.md", "# Lương\n".encode("utf-16"))


def test_a_one_line_document_keeps_its_rules_when_read_by_windows():
    sentence = "Nhân viên được nghỉ 12 ngày phép mỗi năm. "
    count = LONG_LINE // len(sentence) * 3  # three times the long-line threshold, one line
    source = "# Quy định\n\n" + sentence * count + "\n"
    whole = find_rules(source)
    assert len(whole) == count and {r.attributes["quantity"] for r in whole} == {"12 ngày"}
    window = find_rules(source, lo=len(source) // 2, hi=len(source) // 2 + 5_000)  # a 5,000-character window
    assert 100 <= len(window) <= 5_000 // len(sentence) + 1


def test_search_terms_match_the_definition_on_long_text():
    """Accented words that are not also a folded word, then folded words, then folded bigrams."""
    from indexes.text import fold, words

    text = "Nghỉ phép nghi phep Nghỉ ốm đau; an toàn ăn trưa " * 400
    accented = words(text)
    folded = [fold(w) for w in accented]
    expected = [w for w in accented if w not in folded] + folded  # the definition (quadratic on a list)
    expected += [f"{a}_{b}" for a, b in zip(folded, folded[1:], strict=False)]
    assert search_terms(text) == expected
    assert search_terms(text)[:3] == ["nghỉ", "phép", "nghỉ"]


def test_an_empty_tenant_option_is_an_error_not_global(keyword_settings, capsys):
    rc = main(
        ["--data-dir", str(keyword_settings.data_dir), "retrieve", "--mode", "bm25", "x", "--tenant", ""]
    )
    assert rc == 2 and "--tenant is empty" in capsys.readouterr().err
