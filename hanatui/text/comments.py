"""Comments on a game as the replay viewer uses them, without Textual: which comments belong to
a position, adding and removing one (validated like names), and saving them into the log.

`edit_file` is how the viewer writes: it reads the file again, refuses to write if the game in
it is not the one on screen, and writes the file with the one edit atomically.

A comment's ``after`` is the index of the event it is on; the viewer's position p (p events
applied, as `Timeline.seek` takes it) shows the comments with ``after == p - 1``. Comments with
no ``after`` are on the whole game. See `core.logfile.Comment` and docs/replay-format.md.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from core.errors import CorruptLogError, HanaError
from core.logfile import Comment, LogRead, check_comment, comment_sort_key, encode_log, read_log
from core.redact import redact
from hanatui.text.errors import error_text
from hanatui.text.i18n import _, ngettext


def game_comments(comments: Iterable[Comment]) -> list[Comment]:
    """The comments on the whole game, in order."""
    return [c for c in comments if c.after is None]


def comments_at(comments: Iterable[Comment], position: int) -> list[Comment]:
    """The comments on the move that leads to viewer position ``position`` (p events applied:
    those on event p - 1), in order."""
    return [c for c in comments if c.after is not None and c.after == position - 1]


def positions_with_comments(comments: Iterable[Comment]) -> set[int]:
    """The viewer positions that have comments (for marks in the move list)."""
    return {c.after + 1 for c in comments if c.after is not None}


def add_comment(
    log: LogRead,
    comments: Sequence[Comment],
    text: str,
    *,
    position: int | None,
    seat: int | None,
) -> list[Comment]:
    """``comments`` with a new one: on the move leading to viewer ``position`` (None: on the
    game), written by ``seat`` (None: someone not at the table). Raises `HanaError` with a
    reason a person can act on if the text or the place is not allowed."""
    text = check_comment(text)
    n = len(log.header.players)
    if seat is not None and not 0 <= seat < n:
        raise HanaError(
            _("there is no seat {seat}: the seats are 1 to {n}").format(seat=seat + 1, n=n)
        )
    after = None
    if position is not None:
        if not 1 <= position <= len(log.events):
            raise HanaError(
                ngettext(
                    "no position {position}: the log has {n} event",
                    "no position {position}: the log has {n} events",
                    len(log.events),
                ).format(position=position, n=len(log.events))
            )
        after = position - 1
    return [*comments, Comment(text=text, after=after, seat=seat)]


def remove_comment(comments: Sequence[Comment], comment: Comment) -> list[Comment]:
    """``comments`` without the first one equal to ``comment``."""
    out = list(comments)
    out.remove(comment)
    return out


def log_with_comments(log: LogRead, comments: Sequence[Comment]) -> bytes:
    """The log's file with these comments: the same header and events (a log redacted for one
    seat stays redacted: the cards its reader filled in are blanked again)."""
    events = list(log.events)
    if log.header.redacted_for is not None:
        events = redact(events, log.header.redacted_for)
    return encode_log(log.header, events, comments)


def save_comments(path: str | os.PathLike[str], log: LogRead, comments: Sequence[Comment]) -> None:
    """Rewrite the log at ``path`` with these comments, atomically (readers see the old file or
    the new one, never half)."""
    from hanatui.store.files import write_atomic

    write_atomic(path, log_with_comments(log, comments), make_dirs=False)


class CommentEdit:
    """One change to a log's comments: a comment to add (``text`` on the move leading to viewer
    ``position``, None: on the game, by ``seat``) or one to remove (``remove``)."""

    def __init__(
        self,
        *,
        text: str | None = None,
        position: int | None = None,
        seat: int | None = None,
        remove: Comment | None = None,
    ) -> None:
        if (text is None) == (remove is None):
            raise ValueError("a comment edit adds a text or removes a comment")
        self.text = text
        self.position = position
        self.seat = seat
        self.remove = remove

    def apply(self, log: LogRead, comments: Sequence[Comment]) -> list[Comment]:
        if self.remove is not None:
            if self.remove not in comments:
                raise HanaError(_("that comment is no longer in the file"))
            return remove_comment(comments, self.remove)
        assert self.text is not None
        return add_comment(log, comments, self.text, position=self.position, seat=self.seat)


def edit_file(path: str | os.PathLike[str], log: LogRead, edit: CommentEdit) -> list[Comment]:
    """Apply ``edit`` to the comments of the log file at ``path``, which holds the game ``log``
    (as the viewer read it), and return the comments now in the file.

    The file is read again first, so comments written meanwhile (another viewer, a tool) are
    kept. Nothing is written, and `HanaError` says why, when ``log`` was read only in part (the
    rest of the file would be lost), when the file cannot be read in full now or holds another
    game than ``log`` (it changed since it was opened), when the edit is not allowed (see
    `add_comment`), or when the new file would not read back as the same game with these
    comments. The write is atomic: readers see the old file or the new one, never half. A
    symbolic link is followed (the file it points to is rewritten). `OSError` if the place
    cannot be written.
    """
    from hanatui.store.files import read_bytes_capped, write_atomic

    if log.error is not None:
        raise HanaError(
            _(
                "only part of this file could be read (it breaks at line {line}): comments are "
                "not written into it, so nothing in it is lost"
            ).format(line=log.error.line)
        )
    target = os.path.realpath(path)
    try:
        now = read_log(read_bytes_capped(target))
    except HanaError as exc:
        raise HanaError(
            _("the file cannot be read again, so it is left as it is: {reason}").format(
                reason=error_text(exc)
            )
        ) from None
    if now.header != log.header or now.events != log.events:
        raise HanaError(
            _("the file has changed since it was opened: open it again to comment on it")
        )
    comments = edit.apply(now, now.comments)
    data = log_with_comments(now, comments)
    try:
        back = read_log(data)
    except CorruptLogError as exc:
        raise HanaError(
            _("the file with this comment could not be read back ({reason})").format(
                reason=error_text(exc)
            )
        ) from None
    written = sorted(comments, key=comment_sort_key)  # the order a log file keeps them in
    if back.events != now.events or back.comments != written or back.header != now.header:
        raise HanaError(_("the file with this comment would not read back as the same game"))
    write_atomic(target, data, make_dirs=False)
    return back.comments
