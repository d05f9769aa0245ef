from __future__ import annotations

import unicodedata

from indexes.tokens import TokenCounter, get_encoding


def test_token_counting_works_with_the_network_unreachable(no_network, tmp_path):
    get_encoding.cache_clear()
    counter = TokenCounter("o200k_base", tmp_path)
    text = "Người lao động được nghỉ hằng năm 12 ngày làm việc, hưởng nguyên lương."
    n = counter.count(text)
    assert 10 < n < 40
    # NFD input is normalised first, so it costs the same tokens as NFC.
    assert counter.count(unicodedata.normalize("NFD", text)) == n
    encoding = get_encoding("o200k_base", tmp_path / "tiktoken")
    assert encoding.decode(encoding.encode(text)) == text


def test_cl100k_also_offline_and_corrupt_cache_is_repaired(no_network, tmp_path):
    get_encoding.cache_clear()
    counter = TokenCounter("cl100k_base", tmp_path)
    assert counter.count("hello world") == 2
    get_encoding.cache_clear()
    for cached in (tmp_path / "tiktoken").iterdir():
        cached.write_bytes(b"garbage")
    assert TokenCounter("cl100k_base", tmp_path).count("hello world") == 2
