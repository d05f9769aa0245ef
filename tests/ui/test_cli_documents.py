"""``quyche ingest / documents / versions / delete / restore`` run as a user would."""

from __future__ import annotations

import json

import pytest

from tests.ui.test_cli import run

BODY_V1 = "# Công tác phí\n\nPhụ cấp lưu trú 200.000 đồng/ngày khi đi công tác tỉnh."
BODY_V2 = "# Công tác phí\n\nPhụ cấp lưu trú 250.000 đồng/ngày khi đi công tác tỉnh."


@pytest.mark.slow  # builds its own index or spawns CLI processes
def test_ingest_versions_delete_restore(tmp_path):
    env = {"QUYCHE_DATA_DIR": str(tmp_path / "data"), "QUYCHE_VECTORS": "false"}
    first = tmp_path / "v1.json"
    first.write_text(
        json.dumps({"body": BODY_V1, "title": "Công tác phí", "date": "2026-01-01"}), encoding="utf-8"
    )
    second = tmp_path / "v2.jsonl"
    second.write_text(
        json.dumps({"body": BODY_V2, "title": "Công tác phí", "date": "2026-06-01"})
        + "\n"
        + '{"body": ""}\n',
        encoding="utf-8",
    )
    out = run("ingest", str(first), "--tenant", "acme", env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[:2] == ["indexed", "cong_tac_phi"]
    out = run("ingest", str(second), "--tenant", "acme", "--json", env=env)
    assert out.returncode == 1  # one of the two documents was bad: said, and the other still stored
    results = json.loads(out.stdout)
    assert [r["status"] for r in results] == ["replaced", "error"]
    assert "body is empty" in results[1]["message"]
    versions = run("versions", "cong_tac_phi", env=env)
    assert (
        versions.returncode == 0 and versions.stdout.count("\n") == 2 and versions.stdout.startswith("  v1")
    )
    assert run("delete", "cong_tac_phi", env=env).returncode == 0
    assert "cong_tac_phi" not in run("documents", env=env).stdout
    restored = run("restore", "cong_tac_phi", "1", env=env)
    assert restored.returncode == 0, restored.stderr
    search = run(
        "tool", "search", "--tenant", "acme", "--args", '{"query": "phụ cấp lưu trú công tác"}', env=env
    )
    assert "200.000" in search.stdout and "250.000" not in search.stdout
    missing = run("restore", "khong_co", "1", env=env)
    assert missing.returncode == 1 and "unknown document id 'khong_co'" in missing.stderr
    bad_tenant = run("ingest", str(first), "--tenant", "../x", env=env)
    assert bad_tenant.returncode == 1 and "invalid tenant" in bad_tenant.stderr
