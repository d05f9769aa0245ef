"""One writer at a time per data dir: an ingest (or a repair) holds an exclusive file lock, waiting at most
``Settings.ingest_lock_timeout_s`` for another one to finish."""

from __future__ import annotations

import fcntl
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from indexes.errors import QuycheError


@contextmanager
def ingest_lock(data_dir: Path, timeout_s: float) -> Iterator[None]:
    """One ingest at a time per data dir (across threads and processes)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    with open(data_dir / "ingest.lock", "w") as handle:
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise QuycheError(
                        f"another ingest has held {data_dir} for over {timeout_s:.0f}s; try again later"
                    ) from None
                time.sleep(0.05)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
