"""FastMCP server: in-process client over every tool, HTTP with and without the token, stdio subprocess."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys

import httpx
import pytest
from fastmcp import Client
from fastmcp.client.transports import StdioTransport, StreamableHttpTransport
from fastmcp.exceptions import ToolError

from agent.assistant import Assistant
from indexes.location import Location
from tests.conftest import REPO, TODAY, free_port, wait_for_port
from ui.mcp_server import build_server, check_bind


@pytest.fixture
def server(corpus_settings, shared_embedder):
    return build_server(corpus_settings, Assistant(corpus_settings, today=TODAY, embedder=shared_embedder))


def test_in_process_client_lists_and_calls_every_tool(server):
    async def scenario():
        async with Client(server) as client:
            tools = {t.name: t for t in await client.list_tools()}
            assert set(tools) == {
                "navigate_tree",
                "expand_node",
                "lookup_rules",
                "search",
                "lookup_article",
                "calculate_leave",
                "calculate_probation_end",
                "calculate_probation_pay",
                "calculate_overtime_pay",
                "calculate_night_work_pay",
                "calculate_personal_leave",
                "calculate_notice_end",
                "calculate_carry_over",
                "calculate_trip_allowance",
                "calculate_loan_repayment",
                "calculate_loan_limit",
                "calculate_loan_eligibility",
                "calculate_advance",
                "calculate_trip_support",
                "calculate_training_repayment",
                "calculate_unit_amount",
                "calculate_daily_pay",
                "calculate_thirteenth_month",
                "ask",
            }
            assert tools["expand_node"].input_schema["required"] == ["node_id"]
            # typed results: every tool publishes the output schema of its result model
            assert {"hits", "expansions"} <= set(tools["search"].output_schema["properties"])
            assert "citations" in tools["ask"].output_schema["properties"]
            assert "remaining_days" in tools["calculate_leave"].output_schema["properties"]
            assert {"end", "ended", "days_left"} <= set(
                tools["calculate_probation_end"].output_schema["properties"]
            )
            calls = {
                "navigate_tree": {},
                "expand_node": {"node_id": "noi_quy_lao_dong:dieu-3"},
                "lookup_rules": {"query": "kết hôn nghỉ mấy ngày"},
                "search": {"query": "giờ làm việc buổi sáng"},
                "lookup_article": {"ref": "Điều 5", "doc_id": "quy_che_cho_vay"},
                "calculate_leave": {
                    "probation_start": "tháng 7",
                    "confirmation_date": "tháng 9",
                    "as_of": "tháng 9",
                },
                "calculate_probation_end": {"probation_start": "01/10/2026", "duration": 60},
                "calculate_overtime_pay": {
                    "monthly_wage": "10,4 triệu",
                    "hours": 2,
                    "day_kind": "weekly_rest",
                },
                "calculate_personal_leave": {"event": "funeral", "relation": "parent", "distance_km": 800},
                "calculate_carry_over": {"unused_days": 4, "year": 2026},
                "calculate_trip_allowance": {"employee": "nhân viên", "destination": "Đà Nẵng", "days": 3},
                "calculate_loan_repayment": {"amount": 36_000_000, "months": 12},
                "calculate_trip_support": {"service_months": 8, "spouse": True, "children_ages": [6]},
                "ask": {"question": "Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?"},
            }
            out = {
                name: (await client.call_tool(name, args)).structured_content for name, args in calls.items()
            }
            assert "8 giờ 30" in out["expand_node"]["text"]
            assert out["calculate_leave"]["usable_days"] == 2
            assert (
                out["calculate_probation_end"]["end"] == "2026-11-29"
                and not out["calculate_probation_end"]["ended"]
            )
            # 10.400.000 / 26 / 8 = 50.000 an hour (the law's divisor: the bundled rules state none) × 2 × 200%
            assert out["calculate_overtime_pay"]["amount"] == 200_000
            assert (
                out["calculate_personal_leave"]["total_days"] == 3
            )  # Điều 10 c); the bundled rules give no travel day
            assert out["calculate_overtime_pay"]["policy_sources"]["day:weekly_rest"]["source"] == "corpus"
            # the bundled Điều 8 states no cap: all 4 days move over, to be used by its 31/3
            carry = out["calculate_carry_over"]
            assert carry["carried_days"] == 4 and carry["use_by"] == "2027-03-31"
            assert carry["policy_sources"]["carryover_until"]["node_id"] == "noi_quy_lao_dong:dieu-8"
            # Nhóm 3's 250.000 a day for 3 days, and 2 nights at the 800.000 cap outside Hà Nội and TP. HCM
            # the bundled Điều 7 states 0%/năm and Điều 9 equal monthly instalments: 3.000.000 a month
            loan = out["calculate_loan_repayment"]
            assert (
                loan["first_instalment"] == loan["last_instalment"] == 3_000_000
                and loan["total_interest"] == 0
            )
            assert loan["policy_sources"]["loan_rate"]["source"] == "corpus"
            # the bundled Điều 4: 3.000.000 from 6 to 12 months; relatives get 50% of the trip's cost (not given)
            support = out["calculate_trip_support"]
            assert support["employee_support"] == 3_000_000 and support["total"] == 3_000_000
            assert support["policy_sources"]["trip_support_level"]["node_id"].startswith("quy_che_du_lich:")
            assert [r["support"] for r in support["relatives"]] == [None, None]
            trip = out["calculate_trip_allowance"]
            assert (trip["per_diem_total"], trip["hotel_total"], trip["total"]) == (
                750_000,
                1_600_000,
                2_350_000,
            )
            assert trip["policy_sources"]["hotel"]["line_start"] > 0
            assert out["search"]["hits"][0]["node_id"] == "noi_quy_lao_dong:dieu-3"
            assert "50.000.000" in out["lookup_article"]["matches"][0]["text"]
            assert out["ask"]["citations"][0]["node_id"] == "noi_quy_lao_dong:dieu-3"
            with pytest.raises(ToolError, match="unknown_node_id"):
                await client.call_tool("expand_node", {"node_id": "noi_quy_lao_dong:dieu-99"})
            resources = [str(r.uri) for r in await client.list_resources()]
            assert "quyche://documents" in resources
            tree = json.loads((await client.read_resource("quyche://tree/noi_quy_lao_dong"))[0].text)
            assert tree["node_id"] == "noi_quy_lao_dong" and tree["children"]

    asyncio.run(scenario())


@pytest.mark.slow
def test_http_server_requires_the_token_and_serves_retrieve(corpus_settings):
    port = free_port()
    env = {
        **os.environ,
        "QUYCHE_DATA_DIR": str(corpus_settings.data_dir),
        "QUYCHE_MCP_TOKEN": "s3cret-token",
        "QUYCHE_LLM_PROVIDER": "offline",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "mcp", "--transport", "http", "--port", str(port)],
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_for_port(port, proc)
        base = f"http://127.0.0.1:{port}"

        async def scenario():
            good = StreamableHttpTransport(f"{base}/mcp", headers={"Authorization": "Bearer s3cret-token"})
            async with Client(good) as client:
                result = await client.call_tool(
                    "lookup_article", {"ref": "Điều 3", "doc_id": "noi_quy_lao_dong"}
                )
                assert result.structured_content["matches"][0]["node_id"] == "noi_quy_lao_dong:dieu-3"
            for headers in ({}, {"Authorization": "Bearer wrong"}):
                with pytest.raises(Exception):  # noqa: B017 - refused before any MCP exchange
                    async with Client(StreamableHttpTransport(f"{base}/mcp", headers=headers)) as client:
                        await client.list_tools()

        asyncio.run(scenario())
        auth = {"Authorization": "Bearer s3cret-token"}
        http = httpx.Client(timeout=180)  # the first query loads the embedding model
        ok = http.post(f"{base}/retrieve", json={"query": "Giờ làm việc buổi sáng", "top_k": 3}, headers=auth)
        assert ok.status_code == 200
        hits = ok.json()["hits"]
        assert len(hits) == 3 and hits[0]["node_id"] == "noi_quy_lao_dong:dieu-3"
        assert set(hits[0]) == set(Location.model_fields) | {"id", "score"}
        tree = http.post(
            f"{base}/retrieve", json={"query": "giờ làm việc", "mode": "tree"}, headers=auth
        ).json()
        assert tree["hits"][0]["node_id"].startswith("noi_quy_lao_dong:")
        assert http.post(f"{base}/retrieve", json={"query": "x"}).status_code == 401
        assert (
            http.post(
                f"{base}/retrieve", json={"query": "x"}, headers={"Authorization": "Bearer no"}
            ).status_code
            == 401
        )
        for body, needle in [
            (b"{not json", "malformed JSON"),
            (json.dumps({"top_k": 3}).encode(), "'query' is required"),
            (json.dumps({"query": "a", "top_k": 0}).encode(), "'top_k'"),
            (json.dumps({"query": "a", "top_k": 500}).encode(), "'top_k'"),
            (json.dumps({"query": "a", "mode": "magic"}).encode(), "'mode'"),
        ]:
            bad = http.post(
                f"{base}/retrieve", content=body, headers={**auth, "Content-Type": "application/json"}
            )
            assert bad.status_code == 400 and needle in bad.json()["message"], body
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_binding_beyond_loopback_without_a_token_is_refused(corpus_settings):
    with pytest.raises(ValueError, match="QUYCHE_MCP_TOKEN"):
        check_bind("0.0.0.0", corpus_settings)
    check_bind("127.0.0.1", corpus_settings)


@pytest.mark.slow
def test_stdio_round_trip_with_the_readme_config(corpus_settings):
    """The desktop-client config from the README: command `quyche mcp` over stdio."""
    env = {
        "QUYCHE_DATA_DIR": str(corpus_settings.data_dir),
        "QUYCHE_MODELS_DIR": str(corpus_settings.model_cache_dir),
        "QUYCHE_LLM_PROVIDER": "offline",
        "PATH": os.environ.get("PATH", ""),
        "HOME": os.environ.get("HOME", "/tmp"),
    }
    quyche = os.path.join(os.path.dirname(sys.executable), "quyche")
    transport = StdioTransport(command=quyche, args=["mcp"], env=env, cwd=str(REPO))

    async def scenario():
        async with Client(transport) as client:
            names = {t.name for t in await client.list_tools()}
            assert "calculate_leave" in names
            result = await client.call_tool(
                "calculate_leave", {"confirmation_date": "tháng 9", "as_of": "tháng 10"}
            )
            assert result.structured_content["usable_days"] == 3

    asyncio.run(scenario())
