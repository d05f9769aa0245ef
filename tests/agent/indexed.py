"""An offline assistant over a small fixture corpus, indexed once per test module (BM25 only, no vectors)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from agent.assistant import Assistant
from indexes.settings import Settings


def indexed_assistant(tmp_path_factory: pytest.TempPathFactory, corpus: Path, today: dt.date) -> Assistant:
    from indexes.pipeline.ingest import index_folder

    data = tmp_path_factory.mktemp(f"{corpus.name}-index")
    settings = Settings(
        _env_file=None, llm_provider="offline", data_dir=data, corpus_dir=corpus, vectors=False
    )
    index_folder(settings)
    return Assistant(settings, today=today)
