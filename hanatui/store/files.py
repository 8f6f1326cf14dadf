"""Reading and writing log files safely: size caps before reading, atomic writes, free names.
The autosave journal of the game in progress is `hanatui.session.journal`."""

from __future__ import annotations

import contextlib
import datetime
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from core.errors import CorruptLogError, HanaError
from core.events import Event
from core.logfile import MAX_BYTES, Comment, Header, LogRead, encode_log, read_log
from core.messages import N_
from core.text import printable_path


class FileProblem(HanaError):
    """A file that cannot be read at all: missing, a directory, unreadable, too large."""


def read_bytes_capped(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file, refusing anything larger than ``max_bytes`` before reading."""
    p = Path(path)
    shown = printable_path(p)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise FileProblem(f"{shown}: no such file") from None
    except OSError as exc:
        raise FileProblem(f"{shown}: cannot read ({exc.strerror})") from None
    if p.is_dir():
        raise FileProblem(f"{shown}: is a directory, not a log file")
    if not p.is_file():
        raise FileProblem(f"{shown}: not a regular file")
    if st.st_size > max_bytes:
        raise CorruptLogError(
            N_("file too large: {size} bytes (the limit is {limit})"),
            1,
            size=st.st_size,
            limit=max_bytes,
        )
    try:
        with p.open("rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise FileProblem(f"{shown}: cannot read ({exc.strerror})") from None
    if len(data) > max_bytes:
        raise CorruptLogError(N_("file too large: more than {limit} bytes"), 1, limit=max_bytes)
    return data


def read_log_file(path: str | os.PathLike[str], *, recover: bool = False) -> LogRead:
    """Read and replay a log file (see `core.logfile.read_log`)."""
    return read_log(read_bytes_capped(path), recover=recover)


def write_atomic(path: str | os.PathLike[str], data: bytes, *, make_dirs: bool = True) -> None:
    """Write a whole file so that readers see either the old or the new content, never half
    (its folder is made first unless ``make_dirs`` is False)."""
    p = Path(path)
    if make_dirs:
        p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        try:
            mode = p.stat().st_mode & 0o777
        except FileNotFoundError:
            mode = 0o644
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_log_file(
    path: str | os.PathLike[str],
    header: Header,
    events: Iterable[Event],
    comments: Iterable[Comment] = (),
) -> None:
    """Write a whole log atomically, with its comments (each after the event it is on)."""
    write_atomic(path, encode_log(header, list(events), list(comments)))


def free_path(path: Path) -> Path:
    """``path``, or the same name with -2, -3... if it exists: nothing written over."""
    found, n = path, 2
    while found.exists():
        found = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return found


def free_log_name(directory: Path, game: str) -> Path:
    """A new file name for a kept game in ``directory`` (made if missing): date, time, game."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    directory.mkdir(parents=True, exist_ok=True)
    return free_path(directory / f"{stamp}-{game}.hana")
