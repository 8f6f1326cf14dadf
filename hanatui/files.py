"""Reading and writing log files safely: size caps before reading, atomic writes, a journal
that is flushed and fsynced per event so a crash loses at most the event being written."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from core.errors import CorruptLogError, HanaError
from core.events import Event
from core.logfile import (
    MAX_BYTES,
    Header,
    LogRead,
    encode_event,
    encode_header,
    encode_log,
    read_log,
)


class FileProblem(HanaError):
    """A file that cannot be read at all: missing, a directory, unreadable, too large."""


def read_bytes_capped(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file, refusing anything larger than ``max_bytes`` before reading."""
    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise FileProblem(f"{p}: no such file") from None
    except OSError as exc:
        raise FileProblem(f"{p}: cannot read ({exc.strerror})") from None
    if p.is_dir():
        raise FileProblem(f"{p}: is a directory, not a log file")
    if not p.is_file():
        raise FileProblem(f"{p}: not a regular file")
    if st.st_size > max_bytes:
        raise CorruptLogError(f"file too large: {st.st_size} bytes (the limit is {max_bytes})", 1)
    try:
        with p.open("rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise FileProblem(f"{p}: cannot read ({exc.strerror})") from None
    if len(data) > max_bytes:
        raise CorruptLogError(f"file too large: more than {max_bytes} bytes", 1)
    return data


def read_log_file(path: str | os.PathLike[str], *, recover: bool = False) -> LogRead:
    """Read and replay a log file (see `core.logfile.read_log`)."""
    return read_log(read_bytes_capped(path), recover=recover)


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write a whole file so that readers see either the old or the new content, never half."""
    p = Path(path)
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


def write_log_file(path: str | os.PathLike[str], header: Header, events: Iterable[Event]) -> None:
    write_atomic(path, encode_log(header, list(events)))


class Journal:
    """The log of a game in progress, appended one event at a time and synced to disk each time."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)

    def start(self, header: Header, events: Iterable[Event] = ()) -> None:
        """Begin the journal (replacing any old one) with a header and the events so far."""
        write_atomic(self.path, encode_log(header, list(events)))

    def append(self, events: Iterable[Event]) -> None:
        data = b"".join(encode_event(e) for e in events)
        if not data:
            return
        with self.path.open("ab") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())

    def rewrite(self, header: Header, events: Iterable[Event]) -> None:
        """Replace the journal's content atomically (after an undo dropped events)."""
        write_atomic(self.path, encode_header(header) + b"".join(encode_event(e) for e in events))

    def discard(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
