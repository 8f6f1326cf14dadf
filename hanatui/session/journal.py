"""The autosave journal of the game in progress: one writer, nothing lost, nothing destroyed.

- **One writer.** The journal's directory is locked with an OS file lock (``fcntl.flock`` on
  POSIX, ``msvcrt.locking`` on Windows) held by the process for as long as it runs; a second
  hanatui on the same data directory gets `JournalInUse` and never writes the journal. (Where
  the file system offers no lock at all, the journal is written unlocked.)
- **Appends are all or nothing.** Each append is written and fsynced; if the write fails
  (a full disk) the file is cut back to its previous length, so it never ends in a torn line.
- **Disk errors are not fatal.** A journal that cannot be written (read-only directory, full
  disk, permission denied) keeps the game in memory, says so once through ``on_problem``, and
  tries again with every later move: the first write that succeeds saves everything. At exit,
  `rescue_unsaved` writes what is still unsaved to the temporary directory and says where.
- **Nothing destroyed.** Before a damaged journal is cut back to its readable part, or an
  unreadable one is replaced by a new game, the original is kept beside it as
  ``current.hana.damaged-N`` and the player is told how many events were kept and where the
  original is. A last line torn by a crash is the one damage repaired silently.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import weakref
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import msgspec

from core.errors import HanaError
from core.events import Event
from core.logfile import VERSION, Comment, Header, LogRead, encode_event, encode_log, read_log
from core.text import printable, printable_path
from hanatui.session.lock import JournalInUse, lock, unlock
from hanatui.store.files import free_log_name, read_bytes_capped, write_atomic, write_log_file
from hanatui.text.errors import error_reason, error_text
from hanatui.text.i18n import _, ngettext

__all__ = [
    "Journal",
    "JournalInUse",
    "damaged_path",
    "keep_damaged",
    "lock",
    "read_seed",
    "rescue_unsaved",
    "retire",
    "unlock",
]

SIDECAR_SUFFIX = ".json"


class Sidecar(msgspec.Struct, kw_only=True):
    """What the log format has no place for: the session's seed."""

    seed: int


# --------------------------------------------------------------------------------------------
# The journal
# --------------------------------------------------------------------------------------------

#: Every journal of this process, for `rescue_unsaved` at exit.
_JOURNALS: weakref.WeakSet[Journal] = weakref.WeakSet()


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


class Journal:
    """The log of the game in progress, written to disk as it happens (see the module docstring).

    ``problem`` is set while the disk refuses the journal (the game goes on in memory);
    ``notice`` says once what was done to an old or damaged journal when this one began;
    ``on_problem`` (set by the app) is told each time saving fails or works again.
    """

    def __init__(self, path: str | os.PathLike[str], *, seed: int | None = None) -> None:
        self.path = Path(path)
        self.seed = seed
        self.problem: str | None = None
        self.notice: str | None = None
        self.on_problem: Callable[[str], None] | None = None
        self._header: Header | None = None
        self._events: list[Event] = []
        self._comments: list[Comment] = []
        self._saved = 0  # events known to be on disk (-1: the file must be rewritten whole)
        self._detached = False  # the path holds a game that must not be overwritten
        try:
            lock(self.path)
        except JournalInUse:
            raise
        except OSError as exc:
            self._failed(
                _("cannot lock {folder} ({why})").format(
                    folder=printable_path(self.path.parent), why=_reason(exc)
                )
            )
        _JOURNALS.add(self)

    # --- opening --------------------------------------------------------------------------
    @classmethod
    def begin(cls, path: str | os.PathLike[str], *, seed: int, games: Path) -> Journal:
        """A journal for a new game at ``path``: an unfinished game there is kept among the
        finished ones (in ``games``) first, an unreadable one as ``path.damaged-N``."""
        journal = cls(path, seed=seed)
        if journal.problem is not None:
            journal._detached = journal.path.exists()  # never over a game not kept first
        else:
            try:
                journal.notice = retire(journal.path, games)
            except OSError as exc:
                journal._detached = True
                journal._failed(
                    _(
                        "cannot keep the unfinished game in {path} ({why}), so this game is not "
                        "saved there"
                    ).format(path=printable_path(journal.path), why=_reason(exc))
                )
        return journal

    @classmethod
    def resume(cls, path: str | os.PathLike[str]) -> tuple[LogRead, Journal]:
        """The journal at ``path`` and what it holds, repaired: a torn last line is dropped
        silently; other damage is cut off after keeping the original (see ``notice``)."""
        journal = cls(path)
        data = read_bytes_capped(journal.path)
        log = read_log(data, recover=True)
        if not log.events:
            error = log.error
            shown = printable_path(journal.path)
            if error is None:
                raise HanaError(_("{path}: the autosave holds no events").format(path=shown))
            raise HanaError(
                _("{path}: the autosave holds no events (line {line}: {reason})").format(
                    path=shown, line=error.line, reason=error_reason(error)
                )
            )
        journal.seed = read_seed(journal.path)
        journal._header = log.header
        journal._events = list(log.events)
        journal._comments = list(log.comments)
        journal._saved = len(log.events)
        if log.error is not None and not log.torn:
            try:
                kept = keep_damaged(journal.path, data)
            except OSError as exc:
                journal._failed(
                    _(
                        "cannot keep a copy of the damaged autosave ({why}), so it is left as it "
                        "is and this game is not saved there"
                    ).format(why=_reason(exc))
                )
                journal._detached = True
                return log, journal
            journal.notice = ngettext(
                "The autosave was damaged at line {line} ({reason}). The {n} event before it "
                "was kept; the original file is {path}.",
                "The autosave was damaged at line {line} ({reason}). The {n} events before it "
                "were kept; the original file is {path}.",
                len(log.events),
            ).format(
                line=log.error.line,
                reason=error_reason(log.error),
                n=len(log.events),
                path=printable_path(kept),
            )
        if log.error is not None or not data.endswith(b"\n") or log.written_in != VERSION:
            # repaired, or brought up to this format version: the events appended next must
            # follow a header of their own version
            journal._saved = -1
            journal._write()
        return log, journal

    # --- writing --------------------------------------------------------------------------
    def start(self, header: Header, events: Iterable[Event] = ()) -> None:
        """Begin the journal (replacing any old one) with a header and the events so far."""
        self._header = header
        self._events = list(events)
        self._comments = []
        self._saved = -1
        if self.seed is not None and not self._detached:
            # without it a resumed game draws a new seed; the moves are what matter
            with contextlib.suppress(OSError):
                write_atomic(_sidecar_path(self.path), msgspec.json.encode(Sidecar(seed=self.seed)))
        self._write()

    def append(self, events: Iterable[Event]) -> None:
        new = list(events)
        if not new:
            return
        self._events.extend(new)
        self._write()

    def rewrite(self, header: Header, events: Sequence[Event]) -> None:
        """Replace the journal's content (after an undo dropped events); comments on the events
        that are gone go with them."""
        self._header = header
        self._events = list(events)
        self._comments = [c for c in self._comments if c.after is None or c.after < len(events)]
        self._saved = -1
        self._write()

    def comment(self, comment: Comment) -> None:
        """Record a comment line (e.g. a network table's seat handed to a computer player): the
        journal is written again whole, which comments are rare enough to afford."""
        self._comments.append(comment)
        self._saved = -1
        self._write()

    @property
    def comments(self) -> list[Comment]:
        return list(self._comments)

    def discard(self) -> None:
        """The game is kept elsewhere: the journal and its seed go."""
        self._events = []
        self._saved = 0
        if self._detached:
            return
        for p in (self.path, _sidecar_path(self.path)):
            with contextlib.suppress(FileNotFoundError):
                p.unlink()

    @property
    def unsaved(self) -> int:
        """Events recorded in memory but not on disk."""
        if self._header is None:
            return 0
        return len(self._events) - max(self._saved, 0)

    def flush(self) -> bool:
        """Try once more to save everything; True if nothing is left unsaved."""
        if self.unsaved:
            self._write()
        return not self.unsaved

    def _write(self) -> None:
        if self._header is None or self._detached:
            return
        try:
            if self._saved < 0 or self.problem is not None:
                write_atomic(self.path, encode_log(self._header, self._events, self._comments))
            else:
                _append(self.path, b"".join(encode_event(e) for e in self._events[self._saved :]))
        except OSError as exc:  # `_saved` still counts what is on disk (an append is cut back)
            self._failed(
                _("cannot save the game to {path} ({why})").format(
                    path=printable_path(self.path), why=_reason(exc)
                )
            )
            return
        self._saved = len(self._events)
        if self.problem is not None:
            self.problem = None
            self._tell(
                _("Saving works again: the game is saved to {path}.").format(
                    path=printable_path(self.path)
                )
            )

    def _failed(self, what: str) -> None:
        first = self.problem is None
        self.problem = what
        if first:
            self._tell(
                _("Could not save: {problem}. The game goes on and is kept in memory.").format(
                    problem=what
                )
            )

    def _tell(self, message: str) -> None:
        if self.on_problem is not None:
            self.on_problem(message)

    # --- the last resort ------------------------------------------------------------------
    def rescue(self, directory: str | os.PathLike[str] | None = None) -> Path | None:
        """Write the whole game to a new file in ``directory`` (the temporary directory by
        default); its path, or None if that fails too."""
        if self._header is None:
            return None
        directory = Path(directory or tempfile.gettempdir())
        try:
            fd, name = tempfile.mkstemp(prefix="hanatui-unsaved-", suffix=".hana", dir=directory)
            with os.fdopen(fd, "wb") as fh:
                fh.write(encode_log(self._header, self._events, self._comments))
                fh.flush()
                os.fsync(fh.fileno())
        except OSError:
            return None
        return Path(name)


def _append(path: Path, data: bytes) -> None:
    """Append ``data`` and sync it; on failure cut the file back to its length before, so a
    full disk never leaves a torn line behind."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    try:
        size = os.fstat(fd).st_size
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, size)
            raise
    finally:
        os.close(fd)


def rescue_unsaved() -> list[str]:
    """At exit: save what every journal still holds only in memory, or copy it to the
    temporary directory; one line per journal that could not be saved where it belongs."""
    lines = []
    for journal in list(_JOURNALS):
        if journal.flush():
            continue
        copy = journal.rescue()
        if copy is not None:
            line = ngettext(
                "the last {n} event of the game could not be saved ({problem}); a copy is in "
                "{path}",
                "the last {n} events of the game could not be saved ({problem}); a copy is in "
                "{path}",
                journal.unsaved,
            )
        else:
            line = ngettext(
                "the last {n} event of the game could not be saved ({problem}); no copy could "
                "be written either",
                "the last {n} events of the game could not be saved ({problem}); no copy could "
                "be written either",
                journal.unsaved,
            )
        lines.append(
            line.format(
                n=journal.unsaved,
                problem=journal.problem,
                path=printable_path(copy) if copy is not None else "",
            )
        )
    return lines


# --------------------------------------------------------------------------------------------
# Old and damaged journals
# --------------------------------------------------------------------------------------------


def _sidecar_path(journal: Path) -> Path:
    return journal.with_suffix(SIDECAR_SUFFIX)


def read_seed(journal: Path) -> int | None:
    """The seed saved beside a journal, or None if there is none readable."""
    try:
        data = _sidecar_path(journal).read_bytes()
        if len(data) > 4096:
            return None
        return msgspec.json.decode(data, type=Sidecar).seed
    except (OSError, msgspec.DecodeError, RecursionError):
        return None


def damaged_path(journal: Path) -> Path:
    """The first free ``journal.damaged-N``."""
    n = 1
    while True:
        path = journal.with_name(f"{journal.name}.damaged-{n}")
        if not path.exists():
            return path
        n += 1


def keep_damaged(journal: Path, data: bytes) -> Path:
    """Keep a copy of a damaged journal's bytes beside it; its path."""
    path = damaged_path(journal)
    write_atomic(path, data)
    return path


def retire(journal: Path, games: Path) -> str | None:
    """Move an old journal out of the way of a new game without losing it: its readable events
    go among the finished games, and a journal that is damaged (anything but a torn last line)
    or unreadable is also kept as ``journal.damaged-N``. A message for the player, or None when
    there was nothing worth saying. Raises `OSError` if it cannot be kept."""
    if not journal.exists():
        return None
    lock(journal)
    try:
        data = read_bytes_capped(journal)
    except HanaError:
        data = b""
    problem = ""
    try:
        log: LogRead | None = read_log(data, recover=True)
    except HanaError as exc:
        log, problem = None, printable(error_text(exc))
    kept: Path | None = None
    archived: Path | None = None
    if log is None or (log.error is not None and not log.torn):
        kept = damaged_path(journal)
        os.replace(journal, kept)
    if log is not None and log.events:
        archived = free_log_name(games, log.states[-1].rules.game)
        write_log_file(archived, log.header, log.events)
    if kept is None:
        journal.unlink(missing_ok=True)
    _sidecar_path(journal).unlink(missing_ok=True)
    if log is None:
        return _("The autosave could not be read ({problem}); it was kept as {path}.").format(
            problem=problem, path=printable_path(kept)
        )
    if kept is not None:
        assert log.error is not None
        n = len(log.events)
        if archived is not None:
            text = ngettext(
                "The unfinished game's autosave was damaged at line {line}: its {n} readable "
                "event was kept among your games as {archived}, and the original file as "
                "{path}.",
                "The unfinished game's autosave was damaged at line {line}: its {n} readable "
                "events were kept among your games as {archived}, and the original file as "
                "{path}.",
                n,
            )
        else:
            text = ngettext(
                "The unfinished game's autosave was damaged at line {line}: its {n} readable "
                "event was kept among your games, and the original file as {path}.",
                "The unfinished game's autosave was damaged at line {line}: its {n} readable "
                "events were kept among your games, and the original file as {path}.",
                n,
            )
        return text.format(
            line=log.error.line,
            n=n,
            archived=printable_path(archived) if archived is not None else "",
            path=printable_path(kept),
        )

    return None
