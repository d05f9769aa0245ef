"""Leases on build folders: a reader holds a shared lock on the build it opened, so a publish never removes a
build from under it.

Every build folder has an empty ``.lease`` file. A reader (an ``IndexStore``) takes a shared ``flock`` on it for
as long as it lives; the garbage collector (``indexes/pipeline/garbage.py``) removes a build only after taking
an exclusive lock without waiting, so a leased build is kept and collected at a later run. Locks belong to the
open file, so they work across processes and threads alike, and a process that dies releases its leases.
"""

from __future__ import annotations

import fcntl
import logging
import os
import weakref
from pathlib import Path

from indexes.errors import IndexMissingError

log = logging.getLogger(__name__)
LEASE_FILE = ".lease"
_ATTEMPTS = 20  # each failed attempt means a publish and a collection ran in between: rare
_UNLEASABLE = -1  # the lease file cannot be created (a read-only data dir)


class BuildLease:
    """A held lease (``fd`` None: a data dir where no lease file can be written, which nothing can collect
    either). Released by ``release()`` or when the lease is garbage-collected."""

    def __init__(self, fd: int | None) -> None:
        self._fd = fd
        self._finalizer = weakref.finalize(self, _close, fd)

    @property
    def held(self) -> bool:
        return self._finalizer.alive and self._fd is not None

    def release(self) -> None:
        self._finalizer()


def _close(fd: int | None) -> None:
    if fd is not None:
        os.close(fd)


def _same_file(path: Path, fd: int) -> bool:
    try:
        return os.stat(path).st_ino == os.fstat(fd).st_ino
    except FileNotFoundError:
        return False


def _open_lease_file(build_dir: Path) -> int | None:
    """The build's lease file, opened; None when the build is gone. Builds published before leases existed
    get their lease file now."""
    path = build_dir / LEASE_FILE
    try:
        return os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        if not build_dir.is_dir():
            return None
    try:
        return os.open(path, os.O_RDONLY | os.O_CREAT, 0o644)
    except FileNotFoundError:
        return None  # removed meanwhile
    except OSError as exc:  # a read-only data dir: nothing can collect the build either
        log.debug("no lease on %s: %s", build_dir, exc)
        return _UNLEASABLE


def lease_build(build_dir: Path) -> BuildLease | None:
    """A shared lease on ``build_dir``; None when the build is gone or being removed."""
    fd = _open_lease_file(build_dir)
    if fd is None:
        return None
    if fd == _UNLEASABLE:
        return BuildLease(None)
    fcntl.flock(fd, fcntl.LOCK_SH)  # waits only while a collector renames the build away
    if not _same_file(build_dir / LEASE_FILE, fd):
        os.close(fd)
        return None
    return BuildLease(fd)


def lease_published(index_link: Path) -> tuple[Path, BuildLease]:
    """The published build's folder, resolved through ``index_link`` once, and a lease on it. Retried when a
    publish and a collection swap the build between the two steps."""
    for _ in range(_ATTEMPTS):
        build_dir = index_link.resolve()
        if not build_dir.is_dir():
            if index_link.resolve() != build_dir:  # published and collected meanwhile: look again
                continue
            raise IndexMissingError(str(index_link))
        lease = lease_build(build_dir)
        if lease is not None:
            return build_dir, lease
    raise IndexMissingError(str(index_link))


def claim_unleased(build_dir: Path) -> int | None:
    """An exclusive lock on the build's lease file when no reader holds one (the caller removes the build,
    then closes the returned fd); None when a reader holds it."""
    try:
        fd = os.open(build_dir / LEASE_FILE, os.O_RDONLY | os.O_CREAT, 0o644)
    except FileNotFoundError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


def create_lease_file(build_dir: Path) -> None:
    (build_dir / LEASE_FILE).touch()


def is_leased(build_dir: Path) -> bool:
    fd = claim_unleased(build_dir)
    if fd is None:
        return True
    os.close(fd)
    return False
