"""The converted e5-small folder's forward pass in numpy: query-time embeddings without torch.

Importing sentence-transformers costs ~5-7 s (torch, transformers, scikit-learn); a question needs one short
forward pass. :class:`NumpyE5` runs the very same BertModel (the folder :func:`indexes.search.e5_model.
ensure_e5_model_dir` writes: fp32 safetensors, ``tokenizer.json``, mean pooling, normalisation) with numpy
and the ``tokenizers`` library only, so its vectors equal sentence-transformers' up to float rounding (cosine
> 0.9999, checked in the tests). The weights are memory-mapped: only the embedding rows a text uses are read.

A query costs ~18 ms of streaming the 85 MB of layer weights plus ~0.65 ms per token of arithmetic on one
core (2-core machine, 2026-11): query, key and value are one product, and the element-wise steps work in place
(the same float32 operations in the same order, so the vectors are bit for bit those of the plain version).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from tokenizers import Tokenizer

log = logging.getLogger(__name__)
_SAFETENSORS_DTYPES = {"F32": np.float32}
_MASKED = np.float32(-1e9)  # additive attention mask for padding (softmax weight 0)


def _memmap_safetensors(path: Path) -> dict[str, np.ndarray]:
    """Every tensor of a safetensors file as a read-only memory map (no copy, no safetensors import)."""
    with path.open("rb") as f:
        header_len = int.from_bytes(f.read(8), "little")
        header = json.loads(f.read(header_len))
    header.pop("__metadata__", None)
    raw = np.memmap(path, dtype=np.uint8, mode="r")
    start = 8 + header_len
    out: dict[str, np.ndarray] = {}
    for name, entry in header.items():
        begin, end = entry["data_offsets"]
        dtype = _SAFETENSORS_DTYPES[entry["dtype"]]
        out[name] = raw[start + begin : start + end].view(dtype).reshape(entry["shape"])
    return out


def _erf(x: np.ndarray) -> np.ndarray:
    """erf to ~1.5e-7 (Abramowitz & Stegun 7.1.26), so GELU matches torch's exact one without scipy.

    ``sign * (1 - t·(a1 + t·(a2 + t·(a3 + t·(a4 + t·a5)))) · exp(-a²))`` with ``t = 1 / (1 + p·|x|)``, computed
    in place (the same float32 operations in the same order as the nested expression, fewer temporaries)."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 0.3275911 * a
    t += 1.0
    np.divide(1.0, t, out=t)
    poly = t * 1.061405429
    for coefficient in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
        poly += coefficient
        poly *= t
    np.multiply(a, a, out=a)
    np.negative(a, out=a)
    np.exp(a, out=a)
    poly *= a
    np.subtract(1.0, poly, out=poly)
    poly *= sign
    return poly


def _gelu(x: np.ndarray) -> np.ndarray:
    """``0.5·x·(1 + erf(x/√2))``, torch's exact GELU."""
    erf = _erf(x * np.float32(0.7071067811865476))
    erf += 1.0
    half = 0.5 * x
    half *= erf
    return half.astype(np.float32, copy=False)


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    centred = x - mean
    var = (centred * centred).mean(-1, keepdims=True)
    var += eps
    np.sqrt(var, out=var)
    centred /= var
    centred *= weight
    centred += bias
    return centred


def padded(batch: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Token ids padded to the batch's longest (int64) and the mask of real tokens (float32, 1.0 / 0.0)."""
    width = max(len(ids) for ids in batch)
    tokens = np.zeros((len(batch), width), np.int64)
    mask = np.zeros((len(batch), width), np.float32)
    for row, ids in enumerate(batch):
        tokens[row, : len(ids)] = ids
        mask[row, : len(ids)] = 1.0
    return tokens, mask


class BatchedE5:
    """What the numpy and onnxruntime engines share: the e5 prompts, tokenizing, batching by length; each
    engine's ``_forward`` embeds one padded batch (mean-pooled, normalised)."""

    prompts: dict[str, str]
    tokenizer: Tokenizer
    word_embeddings: np.ndarray

    def encode_query(self, texts: Sequence[str], batch_size: int = 16) -> np.ndarray:
        return self.encode([self.prompts["query"] + t for t in texts], batch_size)

    def encode_document(self, texts: Sequence[str], batch_size: int = 16) -> np.ndarray:
        return self.encode([self.prompts["document"] + t for t in texts], batch_size)

    def encode(self, texts: Sequence[str], batch_size: int = 16) -> np.ndarray:
        """Normalised (len(texts), hidden) float32 vectors; batches of similar length waste no padding."""
        ids = [e.ids for e in self.tokenizer.encode_batch(list(texts), add_special_tokens=True)]
        out = np.zeros((len(texts), self.word_embeddings.shape[1]), np.float32)
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        for i in range(0, len(order), batch_size):
            part = order[i : i + batch_size]
            out[part] = self._forward([ids[j] for j in part])
        return out

    def _forward(self, batch: list[list[int]]) -> np.ndarray:
        raise NotImplementedError


class NumpyE5(BatchedE5):
    """Encodes texts with the converted e5 folder (BertModel -> mean pooling -> L2 normalisation)."""

    def __init__(self, folder: Path, blas_threads: int | None = 1) -> None:
        from threadpoolctl import threadpool_limits
        from tokenizers import Tokenizer  # small (Rust) import; loading the 17 MB vocabulary takes ~0.5 s

        # A question is a few tiny matrix products: a second BLAS thread gains nothing, and on a busy machine
        # its spin-waiting made one query 20x slower (2.6 s vs 0.13 s measured with other work running).
        # Process-wide for numpy's BLAS (torch keeps its own pool); None leaves the BLAS default.
        if blas_threads is not None:
            threadpool_limits(limits=blas_threads, user_api="blas")

        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        prompts = json.loads((folder / "config_sentence_transformers.json").read_text(encoding="utf-8"))
        st_config = json.loads((folder / "sentence_bert_config.json").read_text(encoding="utf-8"))
        self.prompts: dict[str, str] = prompts["prompts"]
        self.heads: int = config["num_attention_heads"]
        self.layers: int = config["num_hidden_layers"]
        self.eps: float = config["layer_norm_eps"]
        self.max_length: int = min(st_config["max_seq_length"], config["max_position_embeddings"])
        mapped = _memmap_safetensors(folder / "model.safetensors")
        # Matrices are copied once, transposed and aligned, so BLAS runs on them (an unaligned memory map
        # falls back to numpy's slow loop); the 250k-row word table stays mapped and is only gathered from.
        self.weights = {
            name: np.ascontiguousarray(t.T if t.ndim == 2 and "embeddings" not in name else t)
            for name, t in mapped.items()
            if name != "embeddings.word_embeddings.weight"
        }
        self._fuse_qkv()
        self.word_embeddings = mapped["embeddings.word_embeddings.weight"]
        self.tokenizer: Tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(self.max_length)
        self.tokenizer.no_padding()

    def _fuse_qkv(self) -> None:
        """Each layer's query, key and value weights as one (hidden × 3·hidden) product: one pass over the
        layer's input instead of three (each output column is the same dot product as before)."""
        for layer in range(self.layers):
            prefix = f"encoder.layer.{layer}.attention.self."
            for kind in ("weight", "bias"):
                parts = [self.weights.pop(f"{prefix}{part}.{kind}") for part in ("query", "key", "value")]
                self.weights[f"{prefix}qkv.{kind}"] = np.concatenate(parts, axis=-1)

    def _forward(self, batch: list[list[int]]) -> np.ndarray:
        """BertModel over one padded batch, mean-pooled over real tokens and normalised."""
        w = self.weights
        tokens, mask = padded(batch)
        width = tokens.shape[1]
        x = (
            self.word_embeddings[tokens]
            + w["embeddings.position_embeddings.weight"][:width]
            + w["embeddings.token_type_embeddings.weight"][0]
        )
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], self.eps)
        # padding gets -1e9 before the softmax; a batch without padding (one question) adds nothing
        additive = ((1.0 - mask) * _MASKED)[:, None, None, :] if not mask.all() else None
        for layer in range(self.layers):
            x = self._layer(x, f"encoder.layer.{layer}.", additive)
        pooled = (x * mask[:, :, None]).sum(1) / mask.sum(1, keepdims=True)
        return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)

    def _linear(self, x: np.ndarray, name: str) -> np.ndarray:
        """``x @ W.T + b`` on the last axis, as one 2-D product (weights are stored transposed)."""
        flat = x.reshape(-1, x.shape[-1]) @ self.weights[name + ".weight"]
        flat += self.weights[name + ".bias"]
        return flat.reshape(*x.shape[:-1], flat.shape[-1])

    def _layer(self, x: np.ndarray, prefix: str, additive: np.ndarray | None) -> np.ndarray:
        batch, width, hidden = x.shape
        head_dim = hidden // self.heads

        def split(t: np.ndarray) -> np.ndarray:  # (batch, heads, width, head_dim)
            return t.reshape(batch, width, self.heads, head_dim).transpose(0, 2, 1, 3)

        qkv = self._linear(x, prefix + "attention.self.qkv")
        q, k, v = (split(qkv[..., i * hidden : (i + 1) * hidden]) for i in range(3))
        scores = q @ k.transpose(0, 1, 3, 2)
        scores /= np.float32(np.sqrt(head_dim))
        if additive is not None:
            scores += additive
        scores -= scores.max(-1, keepdims=True)
        np.exp(scores, out=scores)
        scores /= scores.sum(-1, keepdims=True)
        context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, width, hidden)
        w = self.weights
        ln = prefix + "attention.output.LayerNorm"
        dense = self._linear(context, prefix + "attention.output.dense")
        dense += x
        x = _layer_norm(dense, w[ln + ".weight"], w[ln + ".bias"], self.eps)
        inner = _gelu(self._linear(x, prefix + "intermediate.dense"))
        out = self._linear(inner, prefix + "output.dense")
        out += x
        ln = prefix + "output.LayerNorm"
        return _layer_norm(out, w[ln + ".weight"], w[ln + ".bias"], self.eps)
