"""The model registry: one place says which model plays each role in each mode."""

from __future__ import annotations

from indexes.models import ROLES, choose, describe
from indexes.settings import Settings
from indexes.tree.chooser import OfflineTreeChooser, chooser_for


def _settings(monkeypatch, tmp_path, **env) -> Settings:
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return Settings(_env_file=None, data_dir=tmp_path)


def test_offline_mode_uses_the_embedded_models_for_every_role(monkeypatch, tmp_path):
    settings = _settings(monkeypatch, tmp_path)
    assert [c.kind for c in describe(settings)] == ["offline"] * len(ROLES)
    assert isinstance(chooser_for(settings), OfflineTreeChooser)


def test_gemini_plays_every_role_with_a_key(monkeypatch, tmp_path):
    settings = _settings(monkeypatch, tmp_path, GOOGLE_API_KEY="test-key-not-real")
    assert {(c.kind, c.name) for c in describe(settings)} == {("gemini", settings.gemini_model)}


def test_a_langchain_provider_plans_but_rules_stay_offline(monkeypatch, tmp_path):
    settings = _settings(monkeypatch, tmp_path, QUYCHE_LLM_PROVIDER="ollama:qwen2.5")
    assert choose("planner", settings).name == "ollama:qwen2.5"
    assert choose("tree_chooser", settings).kind == "provider"
    assert choose("rule_extractor", settings).kind == "offline"  # langextract has no LangChain provider
