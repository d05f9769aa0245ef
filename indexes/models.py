"""The model registry: which model plays each role, in each mode, in one place.

| role           | offline (default, no key)                                  | gemini (GOOGLE_API_KEY)        | provider:model           |
|----------------|------------------------------------------------------------|--------------------------------|--------------------------|
| planner        | OfflinePlanner, a deterministic tool-calling planner       | Gemini chat model              | LangChain `init_chat_model` |
|                | (agent/offline_model.py + agent/offline_policy.py)        |                                |                          |
| tree_chooser   | OfflineTreeChooser, BM25 over titles and summaries         | Gemini chat model (strict JSON)| the same chat model      |
|                | (indexes/tree/chooser.py)                                  |                                |                          |
| rule_extractor | langextract's offline provider: pattern rules              | langextract with Gemini        | offline provider (langextract has no generic LangChain provider) |
|                | (indexes/rules/patterns.py)                                |                                |                          |

``choose(role, settings)`` says which; ``chat_model(settings)`` builds the online chat model (Gemini or a
``provider:model`` LangChain integration). The offline models are built by their own packages from the choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from indexes.settings import Settings

if TYPE_CHECKING:  # annotations only: langchain's chat models are imported when an online model is built
    from langchain_core.language_models.chat_models import BaseChatModel

Role = Literal["planner", "tree_chooser", "rule_extractor"]
ROLES: tuple[Role, ...] = ("planner", "tree_chooser", "rule_extractor")

OFFLINE_MODELS: dict[Role, str] = {
    "planner": "offline planner (agent/offline_model.py)",
    "tree_chooser": "offline tree chooser: BM25 over titles and summaries (indexes/tree/chooser.py)",
    "rule_extractor": "langextract offline provider: pattern rules (indexes/rules/patterns.py)",
}


@dataclass(frozen=True)
class ModelChoice:
    role: Role
    kind: Literal["offline", "gemini", "provider"]
    name: str  # what runs: the offline model's description, the Gemini model id, or "provider:model"


def choose(role: Role, settings: Settings) -> ModelChoice:
    """The model that plays ``role`` under ``settings`` (``llm_provider``, ``GOOGLE_API_KEY``)."""
    mode = settings.llm_mode()
    if mode == "gemini":
        return ModelChoice(role, "gemini", settings.gemini_model)
    if mode == "offline" or role == "rule_extractor":
        return ModelChoice(role, "offline", OFFLINE_MODELS[role])
    return ModelChoice(role, "provider", mode)


def describe(settings: Settings) -> list[ModelChoice]:
    """Every role's model (``quyche models``)."""
    return [choose(role, settings) for role in ROLES]


def chat_model(settings: Settings) -> BaseChatModel:
    """The online chat model of the settings: Gemini, or any installed ``provider:model`` LangChain integration."""
    mode = settings.llm_mode()
    if mode == "offline":
        raise ValueError("no online model is configured (llm_provider is offline); use the offline model")
    if mode == "gemini":
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
    from langchain.chat_models import init_chat_model  # optional: `pip install langchain <integration>`

    provider, _, model = mode.partition(":")
    return init_chat_model(model, model_provider=provider, temperature=0)
