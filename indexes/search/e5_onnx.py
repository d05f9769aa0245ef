"""The converted e5-small folder's forward pass on onnxruntime: query embeddings without torch, faster than numpy.

:func:`ensure_onnx_graph` writes, once per model folder, an ONNX graph of the same BertModel (built from the
fp32 safetensors with the ``onnx`` helper API, no torch): positions + layer norm, 12 encoder layers, mean
pooling over the attention mask and L2 normalisation. The 250k-row word table (384 MB) is not in the graph:
:class:`OnnxE5` gathers the rows a text uses from the memory-mapped safetensors, as :class:`~indexes.search.
e5_numpy.NumpyE5` does, and feeds them in. The file lies under the model folder (``onnx/``), written to a
temporary name and renamed into place, so a reader never sees half of it (~1 s to build, 86 MB).

onnxruntime fuses the graph at session start (bias + GELU, the transposed and scaled Q·Kᵀ product) and runs
it on one thread: as for numpy's BLAS, a second thread on the shared 2-core machine gained nothing (12.1 vs
13.3 ms p50 per question, interleaved, load average 3.5). Per question it takes ~0.55 of numpy's time (12.5 vs 21.8 ms
p50, 22 vs 35 ms p95, the same 30 golden questions interleaved in one process, 2026-11) with equal vectors up
to float rounding (cosine ≥ 0.9999994 on all golden and real-law dev questions; no top-10 ranking changed).

``int8`` is the same graph with its matrix products dynamically quantised (``quantize_dynamic``, per-channel
int8 weights, 8-bit activations) except the feed-forward output ones (:func:`_keeps_fp32`): ~2/3 of fp32's
time per question, but approximate (cosine ≥ 0.998, yet most top-10 lists reorder: hybrid 126 of 176 golden and
78 of 91 real-law dev questions), so it is opt-in (``QUYCHE_QUERY_ENGINE=onnx-int8``).
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import numpy as np

from indexes.search.e5_numpy import BatchedE5, _memmap_safetensors, padded

if TYPE_CHECKING:
    import onnx
    from tokenizers import Tokenizer

log = logging.getLogger(__name__)

Precision = Literal["fp32", "int8"]
GRAPH_VERSION = 1  # bump when the graph changes: a new file name, so an old cached graph is never read
OPSET = 17  # LayerNormalization is a standard op from 17 on


def graph_path(folder: Path, precision: Precision = "fp32") -> Path:
    return folder / "onnx" / f"e5-v{GRAPH_VERSION}-{precision}.onnx"


def ensure_onnx_graph(folder: Path, precision: Precision = "fp32") -> Path:
    """Return the ONNX graph of ``folder``'s BertModel, building it first if it is not there yet.

    The build reads the fp32 safetensors (and, for ``int8``, quantises the fp32 graph); the result is written
    beside its final name and renamed into place, so concurrent builders and readers are safe."""
    target = graph_path(folder, precision)
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    for stale in target.parent.glob(".*.tmp"):  # left by a killed build (a build takes ~1 s, not minutes)
        if time.time() - stale.stat().st_mtime > 600:
            stale.unlink(missing_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        if precision == "fp32":
            import onnx

            model = build_graph(folder)
            onnx.checker.check_model(model, full_check=True)
            onnx.save_model(model, str(tmp))
        else:
            import onnx
            from onnxruntime.quantization import QuantType, quantize_dynamic

            fp32 = ensure_onnx_graph(folder, "fp32")
            quantize_dynamic(
                fp32,
                tmp,
                weight_type=QuantType.QInt8,
                per_channel=True,
                nodes_to_exclude=[n.name for n in onnx.load(str(fp32)).graph.node if _keeps_fp32(n.name)],
            )
        tmp.chmod(0o644)
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    log.info("wrote %s", target)
    return target


def _keeps_fp32(node_name: str) -> bool:
    """The feed-forward output products stay fp32 in the int8 graph: their input, the GELU output, has a few
    large values, and one 8-bit scale per tensor for it caused most of int8's error (cosine to fp32 ≥ 0.975
    with every product int8, ≥ 0.998 with these kept; per question 6.4 → 8.4 ms p50 against fp32's 12.5)."""
    return node_name.endswith(".output.dense.matmul") and ".attention." not in node_name


def build_graph(folder: Path) -> onnx.ModelProto:
    """The BertModel of ``folder`` as ONNX: inputs ``inputs_embeds`` (batch, width, hidden) float32 word
    embeddings and ``attention_mask`` (batch, width) float32 1/0; output ``embedding`` (batch, hidden),
    mean-pooled over the mask and L2-normalised."""
    from onnx import TensorProto, helper, numpy_helper

    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    hidden, heads = config["hidden_size"], config["num_attention_heads"]
    eps = float(config["layer_norm_eps"])
    mapped = _memmap_safetensors(folder / "model.safetensors")
    nodes: list = []
    inits: dict[str, np.ndarray] = {}

    def init(name: str, value: np.ndarray) -> str:
        inits[name] = np.ascontiguousarray(value)
        return name

    def node(op: str, inputs: list[str], output: str, **attrs) -> str:
        nodes.append(helper.make_node(op, inputs, [output], name=output, **attrs))
        return output

    def linear(x: str, name: str, weight: np.ndarray, bias: np.ndarray) -> str:
        """``x @ weight.T + bias`` (torch stores Linear weights as (out, in))."""
        product = node("MatMul", [x, init(f"{name}.weight", weight.T)], f"{name}.matmul")
        return node("Add", [product, init(f"{name}.bias", bias)], f"{name}.out")

    def layer_norm(x: str, name: str) -> str:
        w, b = init(f"{name}.weight", mapped[f"{name}.weight"]), init(f"{name}.bias", mapped[f"{name}.bias"])
        return node("LayerNormalization", [x, w, b], f"{name}.out", axis=-1, epsilon=eps)

    head_dim = hidden // heads
    init("heads_shape", np.array([0, 0, heads, head_dim], np.int64))
    init("hidden_shape", np.array([0, 0, hidden], np.int64))
    init("qkv_split", np.array([hidden] * 3, np.int64))
    init("one", np.array(1.0, np.float32))
    init("half", np.array(0.5, np.float32))
    init("sqrt2", np.array(np.sqrt(2.0), np.float32))
    init("masked", np.array(-1e9, np.float32))  # additive attention mask for padding (softmax weight 0)
    init("scale", np.array(np.sqrt(head_dim), np.float32))
    init("axes_1", np.array([1], np.int64))
    init("axes_1_2", np.array([1, 2], np.int64))
    init("axes_2", np.array([2], np.int64))
    init("zero", np.array([0], np.int64))

    # embeddings: word rows (fed in) + position rows [0, width) + token type 0, then layer norm
    width = node("Shape", ["inputs_embeds"], "width", start=1, end=2)
    table = (
        mapped["embeddings.position_embeddings.weight"] + mapped["embeddings.token_type_embeddings.weight"][0]
    )
    positions = node("Slice", [init("positions", table), "zero", width, "zero"], "position_rows")
    x = layer_norm(node("Add", ["inputs_embeds", positions], "embedded"), "embeddings.LayerNorm")
    keep = node("Unsqueeze", ["attention_mask", "axes_1_2"], "mask_4d")  # (batch, 1, 1, width)
    additive = node("Mul", [node("Sub", ["one", keep], "padding"), "masked"], "additive_mask")

    for layer in range(config["num_hidden_layers"]):
        p = f"encoder.layer.{layer}."
        a = p + "attention.self."
        qkv_w = np.concatenate([mapped[f"{a}{part}.weight"] for part in ("query", "key", "value")])
        qkv_b = np.concatenate([mapped[f"{a}{part}.bias"] for part in ("query", "key", "value")])
        qkv = linear(x, a + "qkv", qkv_w, qkv_b)
        nodes.append(
            helper.make_node("Split", [qkv, "qkv_split"], [a + s for s in "qkv"], axis=-1, name=a + "split")
        )
        q, k, v = (node("Reshape", [a + s, "heads_shape"], f"{a}{s}.heads") for s in "qkv")
        q = node("Transpose", [q], a + "q.t", perm=[0, 2, 1, 3])
        k = node("Transpose", [k], a + "k.t", perm=[0, 2, 3, 1])
        v = node("Transpose", [v], a + "v.t", perm=[0, 2, 1, 3])
        scores = node("Div", [node("MatMul", [q, k], a + "qk"), "scale"], a + "scores")
        probs = node("Softmax", [node("Add", [scores, additive], a + "masked")], a + "probs", axis=-1)
        context = node(
            "Transpose", [node("MatMul", [probs, v], a + "context")], a + "context.t", perm=[0, 2, 1, 3]
        )
        context = node("Reshape", [context, "hidden_shape"], a + "context.flat")
        o = p + "attention.output."
        dense = linear(context, o + "dense", mapped[o + "dense.weight"], mapped[o + "dense.bias"])
        x = layer_norm(node("Add", [dense, x], o + "residual"), o + "LayerNorm")
        i = p + "intermediate.dense"
        inner = linear(x, i, mapped[i + ".weight"], mapped[i + ".bias"])
        # GELU, 0.5·x·(1 + erf(x/√2)), as exported BertModels write it (onnxruntime fuses it into one op)
        erf = node("Erf", [node("Div", [inner, "sqrt2"], i + ".scaled")], i + ".erf")
        erf = node("Add", [erf, "one"], i + ".erf1")
        inner = node("Mul", [node("Mul", [inner, erf], i + ".xerf"), "half"], i + ".gelu")
        o = p + "output."
        out = linear(inner, o + "dense", mapped[o + "dense.weight"], mapped[o + "dense.bias"])
        x = layer_norm(node("Add", [out, x], o + "residual"), o + "LayerNorm")

    # mean pooling over real tokens, then L2 normalisation
    mask_3d = node("Unsqueeze", ["attention_mask", "axes_2"], "mask_3d")
    summed = node("ReduceSum", [node("Mul", [x, mask_3d], "masked_tokens"), "axes_1"], "summed", keepdims=0)
    count = node("ReduceSum", ["attention_mask", "axes_1"], "count", keepdims=1)
    pooled = node("Div", [summed, count], "pooled")
    norm = node("ReduceL2", [pooled], "norm", axes=[1], keepdims=1)  # axes an input only from opset 18
    node("Div", [pooled, norm], "embedding")

    graph = helper.make_graph(
        nodes,
        "multilingual-e5-small",
        [
            helper.make_tensor_value_info("inputs_embeds", TensorProto.FLOAT, ["batch", "width", hidden]),
            helper.make_tensor_value_info("attention_mask", TensorProto.FLOAT, ["batch", "width"]),
        ],
        [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, ["batch", hidden])],
        [numpy_helper.from_array(value, name) for name, value in inits.items()],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="quyche")
    model.ir_version = 8  # readable by any onnxruntime since 1.14
    return model


class OnnxE5(BatchedE5):
    """Encodes texts with the converted e5 folder on onnxruntime (BertModel -> mean pooling -> L2 norm)."""

    def __init__(self, folder: Path, precision: Precision = "fp32", threads: int = 1) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        prompts = json.loads((folder / "config_sentence_transformers.json").read_text(encoding="utf-8"))
        st_config = json.loads((folder / "sentence_bert_config.json").read_text(encoding="utf-8"))
        self.prompts: dict[str, str] = prompts["prompts"]
        self.precision = precision
        self.max_length: int = min(st_config["max_seq_length"], config["max_position_embeddings"])
        self.word_embeddings = _memmap_safetensors(folder / "model.safetensors")[
            "embeddings.word_embeddings.weight"
        ]
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.log_severity_level = 3
        self.session = ort.InferenceSession(
            str(ensure_onnx_graph(folder, precision)), options, providers=["CPUExecutionProvider"]
        )
        self.tokenizer: Tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(self.max_length)
        self.tokenizer.no_padding()

    def _forward(self, batch: list[list[int]]) -> np.ndarray:
        tokens, mask = padded(batch)
        feed = {"inputs_embeds": self.word_embeddings[tokens], "attention_mask": mask}
        return self.session.run(["embedding"], feed)[0]
