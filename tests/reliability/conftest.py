from __future__ import annotations

import pytest

from indexes.settings import Settings
from tests.conftest import CORPUS


@pytest.fixture(scope="session")
def keyword_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """The bundled corpus indexed without vectors (fast): BM25, trees, rules."""
    from indexes.pipeline.ingest import index_folder

    data = tmp_path_factory.mktemp("keyword-index")
    settings = Settings(
        _env_file=None, llm_provider="offline", data_dir=data, corpus_dir=CORPUS, vectors=False
    )
    index_folder(settings)
    return settings
