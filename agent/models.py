"""Chat models, chosen by settings: Gemini (GOOGLE_API_KEY), any ``provider:model`` LangChain integration that is
installed, or the embedded offline planner (the default with no key)."""

from __future__ import annotations

from langchain_core.language_models.chat_models import BaseChatModel

from indexes.settings import Settings


def make_chat_model(settings: Settings) -> BaseChatModel:
    mode = settings.llm_mode()
    match mode:
        case "offline":
            from agent.offline_model import OfflinePlanner

            return OfflinePlanner(min_coverage=settings.answer_min_coverage)
        case "gemini":
            from langchain_google_genai import ChatGoogleGenerativeAI

            if settings.google_api_key is None:
                raise ValueError("llm_provider 'gemini' needs GOOGLE_API_KEY")
            return ChatGoogleGenerativeAI(
                model=settings.gemini_model,
                google_api_key=settings.google_api_key.get_secret_value(),
                temperature=0,
                timeout=settings.llm_timeout_s,
                max_retries=settings.llm_retries,
            )
        case _:
            from langchain.chat_models import (
                init_chat_model,  # optional: `pip install langchain <integration>`
            )

            provider, _, model = mode.partition(":")
            return init_chat_model(model, model_provider=provider, temperature=0)
