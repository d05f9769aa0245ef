"""Ingestion: every source, the duplicate rules, replace policies, versions, and bad input losing nothing."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from indexes.errors import DocumentError, QuycheError
from indexes.pipeline.ingest import change_documents, index_folder, ingest, open_store
from indexes.sources.combined_json import json_documents, load_json_payload, split_combined
from indexes.store.published_index import IndexStore

INTRO = "# Nghỉ phép\n\nQuy định này áp dụng cho toàn bộ người lao động của Công ty ACME, kể cả người đang thử việc.\n"
NGHI_PHEP = INTRO + "\n## Điều 1. Số ngày\n\nNgười lao động được nghỉ 12 ngày phép mỗi năm.\n"
NGHI_PHEP_MOI = INTRO + "\n## Điều 1. Số ngày\n\nNgười lao động được nghỉ 14 ngày phép mỗi năm.\n"


def push(settings, items, tenant="acme", replace="newer"):
    docs, skipped = json_documents(items, "test", tenant, settings.max_file_bytes)
    return ingest(settings, docs, replace_policy=replace, skipped=skipped, origin="push").results


def texts(settings) -> str:
    store = IndexStore(settings.index_dir)
    return "\n".join(n.text for n in store.nodes.values())


def test_json_document_gets_generated_title_date_and_one_searchable_node(make_settings):
    settings = make_settings()
    body = "Nhân viên ACME được hỗ trợ 500.000 đồng mỗi tháng tiền tập thể thao tại phòng gym của tòa nhà."
    (result,) = push(settings, [{"body": body}])
    assert result.status == "indexed" and result.generated_title
    assert result.title == body[:50].rstrip() + "…" and result.source_url is None
    assert result.date and result.date.startswith("20") and result.chunks_count >= 1
    store = IndexStore(settings.index_dir)
    doc = store.documents[result.document_id]
    assert (
        doc.tenant == "acme" and doc.generated_title and store.tree(doc.doc_id).text.startswith("Nhân viên")
    )


def test_json_payload_forms_object_array_and_json_lines() -> None:
    one = load_json_payload(b'{"body": "a"}', "x")
    many = load_json_payload('[{"body": "a"}, {"body": "b"}]', "x")
    lines = load_json_payload('{"body": "a"}\n\n{"body": "b"}\n', "x")
    assert one == [{"body": "a"}] and len(many) == 2 and lines == many
    with pytest.raises(DocumentError, match="invalid JSON"):
        load_json_payload('{"body": ', "x")


@pytest.mark.parametrize(
    ("item", "reason"),
    [
        ({"body": "   \n"}, "body is empty"),
        ({"title": "Không có nội dung"}, "missing field 'body'"),
        ({"body": 42}, "body"),
        ({"body": "x", "colour": "đỏ"}, "unknown field 'colour'"),
        ({"body": "x", "date": "23/11/2026"}, "invalid date '23/11/2026'"),
        ({"body": "x", "title": ["a"]}, "title"),
        ("chỉ là chuỗi", "expected a JSON object"),
    ],
)
def test_bad_json_documents_are_rejected_with_the_reason(item, reason) -> None:
    docs, skipped = json_documents([item], "req", "acme", 5_000_000)
    assert docs == [] and reason in skipped[0].reason


def test_oversized_body_is_rejected_and_nothing_stored_changes(make_settings):
    settings = make_settings(max_file_bytes=1000)
    push(settings, [{"body": NGHI_PHEP, "title": "Nghỉ phép"}])
    before = texts(settings)
    (result,) = push(settings, [{"body": "x" * 2000, "title": "Nghỉ phép"}], replace="always")
    assert result.status == "error" and "too large" in result.message
    assert texts(settings) == before and "12 ngày" in before


def test_duplicate_rules_url_then_title_then_body_start(make_settings):
    settings = make_settings()
    body_a = "Văn bản A. " + NGHI_PHEP
    body_b = "Văn bản B, bản sửa đổi. " + NGHI_PHEP_MOI
    body_c = "Văn bản C, viết lại toàn bộ phần mở đầu cho rõ ràng hơn. " + NGHI_PHEP
    first = push(settings, [{"body": body_a, "title": "Nghỉ phép", "sourceUrl": "https://acme.vn/leave"}])[0]
    by_url = push(
        settings,
        [{"body": body_b, "title": "Tên khác", "sourceUrl": "https://acme.vn/leave", "date": "2999-01-01"}],
    )[0]
    assert by_url.status == "replaced" and by_url.document_id == first.document_id
    by_title = push(settings, [{"body": body_c, "title": "  Tên khác ", "date": "2999-02-01"}])[0]
    assert by_title.status == "replaced" and by_title.replaced_document == first.document_id
    by_body = push(settings, [{"body": body_c + "\nThêm một dòng.", "date": "2999-03-01"}])[0]
    assert by_body.status == "replaced" and by_body.document_id == first.document_id
    other = push(
        settings, [{"body": "Quy định về đồng phục: áo trắng, quần tối màu.", "title": "Đồng phục"}]
    )[0]
    assert other.status == "indexed" and other.document_id != first.document_id
    assert [v.version for v in open_store(settings).versions(first.document_id)] == [1, 2, 3, 4]


def test_different_urls_or_generated_titles_are_different_documents(make_settings):
    settings = make_settings()
    intro = [
        {
            "body": "Giới thiệu phòng Nhân sự: tuyển dụng, đào tạo.",
            "title": "Giới thiệu",
            "sourceUrl": "https://a.vn/hr/",
        },
        {
            "body": "Giới thiệu phòng Tài chính: kế toán, thuế.",
            "title": "Giới thiệu",
            "sourceUrl": "https://a.vn/fin/",
        },
    ]
    assert [r.status for r in push(settings, intro)] == ["indexed", "indexed"]
    shared = "Thông báo chung của Công ty ACME gửi toàn thể nhân viên: "  # 58 characters, then different
    untitled = [{"body": shared + "lịch nghỉ Tết."}, {"body": shared + "lịch khám sức khỏe định kỳ."}]
    results = push(settings, untitled)
    assert [r.status for r in results] == ["indexed", "indexed"] and results[0].title == results[1].title
    assert results[0].document_id != results[1].document_id


def test_results_come_back_in_input_order(make_settings):
    settings = make_settings()
    items = [{"body": "Giờ làm việc: 8h30.", "title": "Giờ"}, {"body": ""}, {"body": "Đồng phục: áo trắng."}]
    assert [r.status for r in push(settings, items)] == ["indexed", "error", "indexed"]


def test_replace_policies_newer_always_never_and_unchanged(make_settings):
    settings = make_settings()
    base = {"body": NGHI_PHEP, "title": "Nghỉ phép", "date": "2026-05-01"}
    assert push(settings, [base])[0].status == "indexed"
    assert push(settings, [base])[0].status == "unchanged"
    older = {"body": NGHI_PHEP_MOI, "title": "Nghỉ phép", "date": "2026-01-01"}
    rejected = push(settings, [older])[0]
    assert rejected.status == "rejected_duplicate" and "not newer" in rejected.message
    assert "12 ngày" in texts(settings) and "14 ngày" not in texts(settings)
    assert push(settings, [older], replace="never")[0].status == "rejected_duplicate"
    replaced = push(settings, [older], replace="always")[0]
    assert replaced.status == "replaced" and replaced.version == 2
    assert "14 ngày" in texts(settings) and "12 ngày" not in texts(settings)
    newer = {"body": NGHI_PHEP, "title": "Nghỉ phép", "date": "2026-12-01"}
    assert push(settings, [newer])[0].status == "replaced"


def test_versions_restore_and_delete_reindex_the_document(make_settings):
    settings = make_settings()
    doc_id = push(settings, [{"body": NGHI_PHEP, "title": "Nghỉ phép", "date": "2026-01-01"}])[0].document_id
    push(settings, [{"body": NGHI_PHEP_MOI, "title": "Nghỉ phép", "date": "2026-06-01"}])
    store = open_store(settings)
    assert [(v.version, v.current) for v in store.versions(doc_id)] == [(1, False), (2, True)]
    store.close()
    change_documents(settings, lambda s: s.restore(doc_id, 1))
    assert "12 ngày" in texts(settings)
    change_documents(settings, lambda s: s.delete(doc_id))
    assert doc_id not in IndexStore(settings.index_dir).documents
    with pytest.raises(QuycheError, match="no version 7"):
        change_documents(settings, lambda s: s.restore(doc_id, 7))
    change_documents(settings, lambda s: s.restore(doc_id, 2))
    assert "14 ngày" in texts(settings)


def test_unchanged_text_keeps_its_chunk_ids(make_settings):
    settings = make_settings()
    two = NGHI_PHEP + "\n## Điều 2. Đồng phục\n\nÁo trắng, quần tối màu.\n"
    push(settings, [{"body": two, "title": "Nội quy", "date": "2026-01-01"}])
    before = {c for c in _chunk_ids(settings) if ":dieu-2" in c}
    push(settings, [{"body": two.replace("12 ngày", "13 ngày"), "title": "Nội quy", "date": "2026-02-01"}])
    after = _chunk_ids(settings)
    assert before and before <= after


def _chunk_ids(settings) -> set[str]:
    store = IndexStore(settings.index_dir)
    return {
        c["chunk_id"]
        for d in store.documents
        for c in json.loads((store.dir / "chunks" / f"{d}.json").read_text())
    }


def test_combined_file_with_front_matter_blocks(make_settings, tmp_path: Path):
    settings = make_settings()
    combined = (
        "---\ndoc_id: nghi_phep\ntitle: Nghỉ phép\n---\n"
        + NGHI_PHEP
        + "\n---\ntitle: Đồng phục\n---\n# Đồng phục\n\nÁo trắng.\n\n---\n\nMột đường kẻ ngang không phải front matter.\n"
    )
    docs, skipped = split_combined("gop.md", combined.encode(), "global", settings.max_file_bytes)
    assert [d.title for d in docs] == ["Nghỉ phép", "Đồng phục"] and not skipped
    assert docs[0].doc_id == "nghi_phep" and "đường kẻ ngang" in docs[1].text
    rules = "# Quy định A\n\nNội dung A.\n\n---\nNote: không phải front matter\n---\n\n# Quy định B\n\nNội dung B.\n"
    docs, skipped = split_combined("gop.md", rules.encode(), "global", settings.max_file_bytes)
    assert [d.title for d in docs] == ["Quy định A", "Quy định B"] and not skipped
    results = ingest(settings, docs, origin="combined").results
    assert [r.status for r in results] == ["indexed", "indexed"]


def test_combined_file_without_front_matter_splits_at_h1() -> None:
    text = "Lời nói đầu.\n\n# Nghỉ phép\n\nNội dung A.\n\n```\n# không phải tiêu đề\n```\n\n# Công tác phí\n\nNội dung B.\n"
    docs, _ = split_combined("gop.md", text.encode(), "global", 10_000)
    assert [d.title for d in docs] == ["Nghỉ phép", "Công tác phí"]
    assert docs[0].text.startswith("Lời nói đầu") and "không phải tiêu đề" in docs[0].text


def test_folder_ingest_uses_relative_paths_as_ids_and_skips_bad_files(make_settings, tmp_path: Path):
    folder = tmp_path / "docs"
    (folder / "nhan_su").mkdir(parents=True)
    (folder / "nhan_su" / "Nghỉ phép.md").write_text(NGHI_PHEP, encoding="utf-8")
    (folder / "trong.md").write_text("  \n", encoding="utf-8")
    (folder / "nhi_phan.md").write_bytes(b"\x00\x01\x02")
    (folder / "latin1.md").write_bytes("# Tiêu đề\n\nĐiều".encode("cp1258", errors="replace") + b"\xff\xfe")
    settings = make_settings()
    report = index_folder(settings, folder)
    assert report.added == ["nhan_su_nghi_phep"]
    reasons = {s.path: s.reason for s in report.skipped}
    assert reasons["trong.md"] == "empty file" and "binary" in reasons["nhi_phan.md"]
    assert "not valid UTF-8" in reasons["latin1.md"]


def test_hostile_titles_and_html_are_kept_as_text_inside_the_data_dir(make_settings, tmp_path: Path):
    settings = make_settings()
    body = "<script>alert('x')</script> Quy định <b>đậm</b> về giờ giấc."
    (result,) = push(settings, [{"body": body, "title": "../../etc/passwd"}])
    assert result.status == "indexed" and result.document_id == "etc_passwd"
    assert not (tmp_path / "etc").exists()
    assert "<script>alert('x')</script>" in texts(settings)
    assert all(p.resolve().is_relative_to(settings.data_dir.resolve()) for p in settings.data_dir.rglob("*"))


def test_two_ingests_of_the_same_document_at_once_one_wins(make_settings):
    settings = make_settings()
    push(settings, [{"body": "Giờ làm việc: 8h30 đến 17h30.", "title": "Giờ làm việc"}])
    statuses: list[str] = []

    def run() -> None:
        statuses.extend(r.status for r in push(settings, [{"body": NGHI_PHEP, "title": "Nghỉ phép"}]))

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == ["indexed", "unchanged"]
    store = open_store(settings)
    assert len(store.current_documents("acme")) == 2


def test_crash_mid_ingest_keeps_the_previous_version_stored_and_served(make_settings, monkeypatch):
    settings = make_settings()
    push(settings, [{"body": NGHI_PHEP, "title": "Nghỉ phép", "date": "2026-01-01"}])
    build_before = IndexStore(settings.index_dir).build_id

    def crash(*args, **kwargs):
        raise RuntimeError("mất điện giữa chừng")

    monkeypatch.setattr("indexes.pipeline.build._build_search_indexes", crash)
    with pytest.raises(RuntimeError, match="mất điện"):
        push(settings, [{"body": NGHI_PHEP_MOI, "title": "Nghỉ phép", "date": "2026-06-01"}])
    monkeypatch.undo()
    store = open_store(settings)
    (current,) = store.current_documents("acme")
    assert current.version == 1 and "12 ngày" in current.text
    assert IndexStore(settings.index_dir).build_id == build_before and "12 ngày" in texts(settings)
    assert (
        push(settings, [{"body": NGHI_PHEP_MOI, "title": "Nghỉ phép", "date": "2026-06-01"}])[0].status
        == "replaced"
    )


def test_reingesting_unchanged_documents_publishes_nothing(make_settings):
    settings = make_settings()
    items = [
        {"body": f"Quy định số {i}: nhân viên làm việc {i} giờ.", "title": f"Quy định {i}"} for i in range(5)
    ]
    push(settings, items)
    build = IndexStore(settings.index_dir).build_id
    again = ingest(settings, json_documents(items, "t", "acme", 10_000)[0], origin="push")
    assert {r.status for r in again.results} == {"unchanged"} and not again.index.published
    assert IndexStore(settings.index_dir).build_id == build


def test_folder_documents_keep_their_id_across_delete_tenants_and_unreadable_files(make_settings, tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "leave.md").write_text(NGHI_PHEP, encoding="utf-8")
    settings = make_settings()
    assert index_folder(settings, folder).added == ["leave"]
    change_documents(settings, lambda s: s.delete("leave"))
    again = index_folder(settings, folder)
    assert again.added == ["leave"] and open_store(settings).doc_ids() == ["leave"]
    beta = settings.model_copy(update={"tenant": "beta"})
    for _ in range(2):
        index_folder(beta, folder)
    assert open_store(settings).doc_ids() == ["beta_leave", "leave"]
    (folder / "leave.md").write_text("   \n", encoding="utf-8")  # unreadable now: reported, still served
    report = index_folder(settings, folder)
    assert report.skipped[0].reason == "empty file" and "leave" in IndexStore(settings.index_dir).documents


def test_a_bad_front_matter_date_or_tenant_is_reported_and_the_rest_indexed(make_settings, tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.md").write_text("---\ndate: tuần sau\n---\n# A\n\nNội dung.\n", encoding="utf-8")
    (folder / "b.md").write_text("---\ntenant: Beta Corp\n---\n# B\n\nNội dung.\n", encoding="utf-8")
    (folder / "c.md").write_text("# C\n\nNội dung C.\n", encoding="utf-8")
    settings = make_settings()
    report = index_folder(settings, folder)
    assert report.added == ["c"]
    assert "invalid date 'tuần sau'" in report.skipped[0].reason
    store = open_store(settings)
    assert store.doc_ids() == ["c"]
