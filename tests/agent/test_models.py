"""Model selection by settings, and the Gemini code path with a fake Gemini-shaped model (no network)."""

from __future__ import annotations

from langchain_core.messages import AIMessage

from agent.assistant import Assistant
from agent.models import make_chat_model
from agent.offline_model import OfflinePlanner
from indexes.settings import Settings
from tests.agent.scripted_model import ScriptedModel, call
from tests.conftest import TODAY


def test_no_key_means_the_offline_planner(monkeypatch, tmp_path):
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)
    settings = Settings(_env_file=None, data_dir=tmp_path)
    assert settings.llm_mode() == "offline" and isinstance(make_chat_model(settings), OfflinePlanner)


def test_a_key_selects_gemini_with_the_configured_model(monkeypatch, tmp_path, no_network):
    from langchain_google_genai import ChatGoogleGenerativeAI

    monkeypatch.setenv("GOOGLE_API_KEY", "test-key-not-real")
    monkeypatch.setenv("QUYCHE_GEMINI_MODEL", "gemini-2.5-flash")
    settings = Settings(_env_file=None, data_dir=tmp_path)
    assert settings.llm_mode() == "gemini"
    model = make_chat_model(settings)  # constructing it must not touch the network
    assert isinstance(model, ChatGoogleGenerativeAI) and "gemini-2.5-flash" in model.model
    bound = model.bind_tools(
        [
            {
                "type": "function",
                "function": {
                    "name": "search",
                    "description": "d",
                    "parameters": {"type": "object", "properties": {}},
                },
            }
        ]
    )
    tools = bound.kwargs["tools"]  # the tool schema reaches the Gemini request, under its name
    assert [t["function"]["name"] if "function" in t else t.get("name") for t in tools] == ["search"]


def test_gemini_shaped_replies_with_content_blocks(corpus_settings, shared_embedder):
    """Gemini returns content as a list of blocks; the graph must read it and cite from it."""
    replies = [
        call("lookup_article", 0, ref="Điều 10", doc_id="noi_quy_lao_dong"),
        AIMessage(
            content=[
                {"type": "text", "text": "Kết hôn: nghỉ 03 ngày "},
                {"type": "text", "text": "[noi_quy_lao_dong:dieu-10]"},
            ]
        ),
    ]
    settings = corpus_settings.model_copy(update={"llm_provider": "gemini"})
    model = ScriptedModel(replies=replies, seen=[])
    answer = Assistant(settings, model=model, today=TODAY, embedder=shared_embedder).ask(
        "Kết hôn được nghỉ mấy ngày?"
    )
    assert answer.llm_mode == "gemini" and answer.answer.startswith("Kết hôn: nghỉ 03 ngày [1]")
    assert answer.citations[0].node_id == "noi_quy_lao_dong:dieu-10" and not answer.ungrounded_numbers
