"""One writer for the autosave journal: an OS file lock held while hanatui runs.

The lock is taken on ``current.hana.lock`` beside the journal with ``fcntl.flock`` on POSIX
systems and ``msvcrt.locking`` on Windows, without waiting, and kept until the process ends (the
OS releases it even after a crash or ``kill -9``). A second hanatui on the same data directory
gets `JournalInUse` and never writes the journal. On a file system that offers no locks (some
network mounts) the lock cannot be enforced and the journal is written unlocked.

Kept free of the engine's imports: the app takes the lock while it starts.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from pathlib import Path

LOCK_SUFFIX = ".lock"

#: Journals this process has locked: the journal's absolute path -> the open lock file.
_LOCKS: dict[Path, int] = {}


class JournalInUse(OSError):
    """Another hanatui process holds the journal's lock (``holder`` names it, if known, and
    ``pid`` is its process id). Its message is English; `in_use_text` says it to a player."""

    def __init__(self, message: str, holder: str = "", pid: int | None = None) -> None:
        super().__init__(errno.EBUSY, message)
        self.holder = holder
        self.pid = pid

    def __str__(self) -> str:
        return str(self.strerror)


def lock_path(journal: Path) -> Path:
    return journal.with_name(journal.name + LOCK_SUFFIX)


def _try_lock(fd: int) -> bool:
    """Take the exclusive lock on an open file without waiting; False if another has it."""
    try:
        if sys.platform == "win32":  # pragma: no cover - Windows
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        # a file system without locks: there is nothing to enforce one writer with
    return True


def _key(journal: str | os.PathLike[str]) -> Path:
    return Path(os.path.abspath(journal))


def lock(journal: str | os.PathLike[str]) -> None:
    """Make this process the journal's only writer, for as long as it runs (idempotent).

    Raises `JournalInUse` if another process holds the lock, and another `OSError` if the lock
    file cannot be made (a folder that cannot be written, where nobody can write the journal).
    """
    path = _key(journal)
    if path in _LOCKS:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o644)
    if not _try_lock(fd):
        os.close(fd)
        pid = _holder_pid(path)
        holder = "" if pid is None else f" (process {pid})"
        raise JournalInUse(
            f"the game is open in another hanatui{holder}: this one can browse replays "
            "and settings but not play",
            holder,
            pid,
        )
    _LOCKS[path] = fd
    if sys.platform != "win32":  # who holds it, for the other instance's message (POSIX only:
        # os.pwrite, and Windows' lock covers the byte it would write)
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)


def _holder_pid(journal: Path) -> int | None:
    try:
        return int(lock_path(journal).read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        return None


def in_use_text(exc: JournalInUse) -> str:
    """Why this instance may not play, in the player's language (the title and the table's
    refusals say it)."""
    from hanatui.text.i18n import _

    if exc.pid is None:
        return _(
            "The game is open in another hanatui: this one can browse replays and settings but "
            "not play."
        )
    return _(
        "The game is open in another hanatui (process {pid}): this one can browse replays and "
        "settings but not play."
    ).format(pid=exc.pid)


def unlock(journal: str | os.PathLike[str]) -> None:
    """Give the lock up (the OS does it anyway when the process ends)."""
    fd = _LOCKS.pop(_key(journal), None)
    if fd is not None:
        os.close(fd)
