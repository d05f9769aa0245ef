"""The one typed settings object. Created at the edge (CLI, UI, MCP) and passed down.

Environment variables use the ``QUYCHE_`` prefix (``QUYCHE_DATA_DIR``, ``QUYCHE_LLM_PROVIDER``, ...);
a ``.env`` file in the working directory is read too. ``GOOGLE_API_KEY`` is read under its usual name.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


@dataclass(frozen=True)
class ChunkSizes:
    """Chunk sizes in characters (see ``Settings.chunk_*_chars``)."""

    target: int
    minimum: int
    overlap: int


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="QUYCHE_", env_file=".env", env_file_encoding="utf-8", extra="ignore"
    )

    # Where things live
    data_dir: Path = Field(Path(".quyche"), description="Indexes, caches, traces; git-ignored.")
    corpus_dir: Path = Field(Path("corpus"), description="Folder of regulation documents (markdown).")
    models_dir: Path | None = Field(
        None,
        description="Folder of the converted embedding model (about 600 MB); default <data_dir>/cache/models. "
        "Point several data folders (tenants, test runs) at one folder to keep a single copy.",
    )
    tenant: str = Field("global", description="Tenant whose documents a query may see (plus global).")

    # Language model
    llm_provider: str = Field(
        "auto",
        description="auto (Gemini when GOOGLE_API_KEY is set, else offline), offline, gemini, or a LangChain "
        "'provider:model' string such as 'ollama:qwen2.5' (its integration package must be installed).",
        pattern=r"^(auto|offline|gemini|[a-z_-]+:[\w.:/-]+)$",
    )
    gemini_model: str = "gemini-2.5-flash"
    google_api_key: SecretStr | None = Field(
        None, validation_alias=AliasChoices("GOOGLE_API_KEY", "QUYCHE_GOOGLE_API_KEY")
    )
    llm_timeout_s: float = Field(60.0, gt=0)
    llm_retries: int = Field(
        2, ge=0, le=10, description="Retries of a failed model call before the fallback."
    )

    # Limits
    max_steps: int = Field(8, ge=1, le=50, description="Agent step budget (model turns).")
    max_file_bytes: int = Field(5_000_000, ge=1, description="Larger corpus files are skipped.")
    max_tool_output_chars: int = Field(6_000, ge=200)
    max_question_chars: int = Field(
        2_000, ge=10, description="Longer questions and /retrieve queries are refused with a message (400)."
    )
    max_top_k: int = Field(50, ge=1, description="Most hits a retrieval request may ask for.")
    max_chunks_per_document: int = Field(
        2_000, ge=1, description="A document cut into more chunks than this is rejected (too many sections)."
    )
    max_headings_per_document: int = Field(
        5_000, ge=1, description="A document with more headings than this is rejected."
    )
    max_json_depth: int = Field(64, ge=2, le=1000, description="Deepest nesting accepted in a JSON payload.")
    answer_min_coverage: float = Field(
        0.2,
        ge=0,
        le=1,
        description="Share of the question's topic words the best passage must hold, else refuse.",
    )
    max_id_retries: int = Field(
        2, ge=0, le=10, description="Retries after an unknown node id before the fallback."
    )
    max_threads: int = Field(
        10_000,
        ge=1,
        description="Conversations kept in <data_dir>/conversations.sqlite; the least recently used beyond this "
        "are deleted (each keeps only its latest state).",
    )
    max_traces: int = Field(
        10_000, ge=1, description="Trace files kept in <data_dir>/traces; the oldest beyond this are deleted."
    )

    # Chunking (characters; sized for e5-small's 512-token window)
    chunk_target_chars: int = Field(900, ge=100)
    chunk_min_chars: int = Field(200, ge=0)
    chunk_overlap_chars: int = Field(120, ge=0)

    vectors: bool = Field(True, description="Build and search the vector index (off: BM25/tree only).")
    query_engine: Literal["onnx", "onnx-int8", "numpy", "torch"] = Field(
        "onnx",
        description="How questions are embedded: the e5 weights on onnxruntime (default; numpy if it cannot "
        "load), onnxruntime with int8 matrix products (faster, approximate), in numpy (no onnxruntime), or "
        "through sentence-transformers (the index is always built with sentence-transformers).",
    )

    # Vector store: embedded Chroma under the data dir, or a `chroma run` server when a host is set
    chroma_host: str | None = None
    chroma_port: int = Field(8000, ge=1, le=65535)

    # Retrieval
    rrf_k: int = Field(60, ge=1, description="Reciprocal Rank Fusion constant.")
    candidate_pool: int = Field(30, ge=1, description="Sections taken from each retriever before fusion.")
    fusion_weights: dict[str, dict[str, float]] = Field(
        default_factory=lambda: {
            "vi": {"keyword": 0.35, "vector": 0.65},
            "en": {"keyword": 0.3, "vector": 0.7},
        },
        description="Hybrid fusion: weight of each retriever's min-max scaled scores per query language (vi, "
        "en); chosen on the dev fold of the real-law set by evals/real_law_tuning.py (recorded in "
        "evals/real_law/fusion_weights.json), never on its test fold.",
    )

    title_bonus: float = Field(
        0.05,
        ge=0,
        le=1,
        description="Hybrid fusion: added to a section's fused score (0..1 per retriever) times the share of "
        "its title's words the query contains; chosen on the real-law dev fold (evals/real_law_tuning.py).",
    )

    title_kind_bonus: float = Field(
        0.2,
        ge=0,
        le=1,
        description="Hybrid fusion: added to a section whose title states the kind of rule the question asks "
        "for ('Mức …' for 'bao nhiêu phần trăm', 'Điều kiện …' for 'có được … không'; indexes/search/"
        "title_kinds.py); chosen on the real-law dev fold (evals/real_law_tuning.py).",
    )

    contrast_penalty: float = Field(
        0.7,
        ge=0,
        le=1,
        description="Hybrid fusion: subtracted from a section whose title names only siblings of what the "
        "question names (another kind of insurance, leave, contract; abroad for in the country; indexes/search/"
        "contrasts.py); chosen on the real-law dev fold (evals/real_law_tuning.py).",
    )

    # Ingestion and tenants
    ingest_lock_timeout_s: float = Field(
        600.0, gt=0, description="How long an ingest waits for another one on the same data dir."
    )
    min_tenant_results: int = Field(
        2, ge=0, description="Fewer relevant hits than this in the tenant's own documents: fill from global."
    )
    tenant_relevance: float = Field(
        0.5,
        ge=0,
        le=1,
        description="A tenant hit is relevant when its BM25 score is at least this share of the best score.",
    )

    # Tree retriever: a model reasons down the heading trees (indexes/tree/retriever.py)
    tree_max_depth: int = Field(
        4, ge=1, le=10, description="Tree levels the traversal descends below documents."
    )
    tree_max_nodes: int = Field(
        40, ge=1, le=1000, description="Nodes shown to the model per query, all steps."
    )
    tree_beam: int = Field(4, ge=1, le=20, description="Nodes the model may open at each level.")
    tree_cache: bool = Field(True, description="Cache traversal decisions per (query, index build).")

    # Serving (MCP over HTTP, /retrieve and /documents)
    mcp_token: SecretStr | None = Field(None, description="Bearer token required by the HTTP server.")
    mcp_tokens: dict[str, str] = Field(
        default_factory=dict,
        description="Bearer token -> tenant (JSON in QUYCHE_MCP_TOKENS); a token only reaches its tenant + global.",
    )
    mcp_tokens_file: Path | None = Field(
        None, description="A JSON or YAML file mapping bearer tokens to tenants (merged with mcp_tokens)."
    )
    mcp_ingest: bool = Field(False, description="Offer the MCP tool ingest_document (off by default).")
    max_request_bytes: int = Field(50_000_000, ge=1, description="Largest POST /documents body.")
    mcp_allowed_origins: list[str] = Field(
        default_factory=list,
        description="Browser origins (scheme://host[:port]) allowed besides loopback ones; others get 403.",
    )
    serve_workers: int = Field(
        4, ge=1, le=64, description="Retrievals and answers the HTTP server runs at once (the rest queue)."
    )
    request_timeout_s: float = Field(
        120.0, gt=0, description="A /retrieve request still running after this answers 503."
    )
    mcp_host: str = "127.0.0.1"
    mcp_port: int = Field(8765, ge=1, le=65535)

    # Tokens
    token_encoding: str = Field("o200k_base", description="tiktoken encoding for token counts.")

    @field_validator("mcp_token", mode="before")
    @classmethod
    def _blank_token_is_none(cls, value: object) -> object:
        """``QUYCHE_MCP_TOKEN=`` (empty or blank) means no token, never "the empty token"."""
        raw = value.get_secret_value() if isinstance(value, SecretStr) else value
        return None if isinstance(raw, str) and not raw.strip() else value

    @field_validator("models_dir", mode="before")
    @classmethod
    def _blank_models_dir_is_none(cls, value: object) -> object:
        """``QUYCHE_MODELS_DIR=`` (empty) means the default folder, never the working directory."""
        return None if isinstance(value, str) and not value.strip() else value

    def token_tenants(self) -> dict[str, str]:
        """Every bearer token the HTTP server accepts, and the tenant it belongs to."""
        import yaml

        tokens: dict[str, str] = {}
        if self.mcp_token is not None:
            tokens[self.mcp_token.get_secret_value()] = self.tenant
        if self.mcp_tokens_file is not None:
            data = yaml.safe_load(self.mcp_tokens_file.read_text(encoding="utf-8")) or {}
            if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
                raise ValueError(f"{self.mcp_tokens_file}: expected a mapping of token: tenant")
            tokens.update({str(k): v for k, v in data.items()})
        tokens.update(self.mcp_tokens)
        return {token: tenant for token, tenant in tokens.items() if token.strip()}  # blank is no token

    @property
    def index_dir(self) -> Path:
        """The live index (a symlink swapped atomically by re-indexing)."""
        return self.data_dir / "index"

    @property
    def cache_dir(self) -> Path:
        return self.data_dir / "cache"

    @property
    def model_cache_dir(self) -> Path:
        """Where the embedding model is converted and loaded from."""
        return self.models_dir if self.models_dir is not None else self.cache_dir / "models"

    @property
    def chunk_sizes(self) -> ChunkSizes:
        return ChunkSizes(self.chunk_target_chars, self.chunk_min_chars, self.chunk_overlap_chars)

    def llm_mode(self) -> str:
        """'offline', 'gemini' or a 'provider:model' string."""
        if self.llm_provider == "auto":
            return "gemini" if self.google_api_key else "offline"
        return self.llm_provider
