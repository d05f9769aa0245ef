from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

from indexes.settings import Settings

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).parent / "fixtures"
CORPUS = REPO / "corpus"


@pytest.fixture(scope="session", autouse=True)
def shared_models_dir(tmp_path_factory: pytest.TempPathFactory):
    """One converted embedding model for the whole run (QUYCHE_MODELS_DIR, inherited by CLI and server
    subprocesses): a model folder per data folder would write ~600 MB per test that indexes vectors."""
    folder = tmp_path_factory.mktemp("models")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("QUYCHE_MODELS_DIR", str(folder))
        yield folder


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every outgoing connection fail, as on a machine with no internet."""

    def refuse(*args, **kwargs):
        raise OSError("network disabled in this test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)


@pytest.fixture
def make_settings(tmp_path: Path):
    def make(**overrides) -> Settings:
        overrides.setdefault("data_dir", tmp_path / "data")
        overrides.setdefault("corpus_dir", CORPUS)
        overrides.setdefault("vectors", False)  # fast; vector tests use corpus_settings
        return Settings(_env_file=None, llm_provider="offline", **overrides)

    return make


@pytest.fixture
def fixture_corpus(tmp_path: Path) -> Path:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copy(FIXTURES / "quy_dinh_mau.md", corpus)
    return corpus


@pytest.fixture(scope="session")
def shared_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


TODAY = __import__("datetime").date(2026, 11, 23)


@pytest.fixture(scope="session")
def corpus_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """The bundled corpus, indexed once per test session (real embedder, real Chroma, offline model)."""
    from indexes.pipeline.ingest import index_folder

    data = tmp_path_factory.mktemp("corpus-index")
    settings = Settings(_env_file=None, llm_provider="offline", data_dir=data, corpus_dir=CORPUS)
    index_folder(settings)
    return settings


@pytest.fixture(scope="session")
def probation_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """A small company corpus (a probation table, a counting rule, a factory's weekly rest day), indexed without
    vectors (fast)."""
    from indexes.pipeline.ingest import index_folder

    data = tmp_path_factory.mktemp("probation-index")
    settings = Settings(
        _env_file=None,
        llm_provider="offline",
        data_dir=data,
        corpus_dir=FIXTURES / "probation",
        vectors=False,
    )
    index_folder(settings)
    return settings


@pytest.fixture(scope="session")
def shared_embedder(corpus_settings: Settings):
    from indexes.search.embedder import Embedder

    return Embedder(corpus_settings.cache_dir, models_dir=corpus_settings.model_cache_dir)


@pytest.fixture
def tool_ctx(corpus_settings: Settings, shared_embedder):
    from tools.context import ToolContext

    return ToolContext(corpus_settings, today=TODAY, embedder=shared_embedder)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, seconds: float = 90) -> None:
    """Wait until a server started by a test listens on 127.0.0.1:port (fail if it exits first)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"nothing listening on 127.0.0.1:{port} after {seconds}s")
