"""The planner's chat model, as the model registry (``indexes/models.py``) chooses it: the embedded offline
planner by default, Gemini with GOOGLE_API_KEY, or a ``provider:model`` LangChain integration."""

from __future__ import annotations

from langchain_core.language_models.chat_models import BaseChatModel

from agent.offline_model import OfflinePlanner
from indexes.models import chat_model, choose
from indexes.settings import Settings


def make_chat_model(settings: Settings) -> BaseChatModel:
    if choose("planner", settings).kind == "offline":
        return OfflinePlanner(
            min_coverage=settings.answer_min_coverage, max_id_retries=settings.max_id_retries
        )
    return chat_model(settings)
