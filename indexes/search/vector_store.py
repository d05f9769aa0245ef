"""Chunk vectors in Chroma: embedded (PersistentClient under the data dir) or a ``chroma run`` server.

Each index build writes its own collection (named after the build), so publishing a build switches the
vectors atomically with everything else; older collections are dropped after the switch. We always pass our
own embeddings: Chroma never tries to download its default model.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from indexes.search.chunking import Chunk
from indexes.settings import Settings

log = logging.getLogger(__name__)
COLLECTION_PREFIX = "quyche-"
_ADD_BATCH = 1000


def open_client(settings: Settings):
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    chroma_settings = ChromaSettings(anonymized_telemetry=False)
    if settings.chroma_host:
        return chromadb.HttpClient(
            host=settings.chroma_host, port=settings.chroma_port, settings=chroma_settings
        )
    path = settings.data_dir / "chroma"
    path.mkdir(parents=True, exist_ok=True)
    return chromadb.PersistentClient(path=str(path), settings=chroma_settings)


def collection_name(build_id: str) -> str:
    return f"{COLLECTION_PREFIX}{build_id}"


def write_collection(client, name: str, chunks: Sequence[Chunk], vectors: np.ndarray) -> None:
    collection = client.get_or_create_collection(
        name, embedding_function=None, configuration={"hnsw": {"space": "cosine"}}
    )
    for i in range(0, len(chunks), _ADD_BATCH):
        part = chunks[i : i + _ADD_BATCH]
        collection.add(
            ids=[c.chunk_id for c in part],
            embeddings=vectors[i : i + _ADD_BATCH].tolist(),
            documents=[c.text for c in part],
            metadatas=[
                {
                    "doc_id": c.doc_id,
                    "node_id": c.node_id,
                    "title": c.title,
                    "title_path": " › ".join(c.title_path),
                    "line_start": c.line_start,
                    "line_end": c.line_end,
                    "tenant": c.tenant,
                }
                for c in part
            ],
        )


def drop_other_collections(client, keep: str) -> None:
    for collection in client.list_collections():
        name = collection if isinstance(collection, str) else collection.name
        if name.startswith(COLLECTION_PREFIX) and name != keep:
            client.delete_collection(name)


@dataclass(frozen=True)
class VectorHit:
    chunk_id: str
    score: float  # cosine similarity


def open_collection(client, name: str):
    """A build's collection, opened once and queried many times (opening it costs a Chroma round-trip)."""
    return client.get_collection(name, embedding_function=None)


def query_collection(collection, vector: np.ndarray, k: int, tenants: Sequence[str]) -> list[VectorHit]:
    where = {"tenant": tenants[0]} if len(tenants) == 1 else {"tenant": {"$in": list(tenants)}}
    result = collection.query(
        query_embeddings=[vector.tolist()], n_results=k, where=where, include=["distances"]
    )
    ids, distances = result["ids"][0], result["distances"][0]
    return [VectorHit(i, 1.0 - d) for i, d in zip(ids, distances, strict=True)]
