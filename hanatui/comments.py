"""Comments on a game as the replay viewer uses them, without Textual: which comments belong to
a position, adding and removing one (validated like names), and saving them into the log.

A comment's ``after`` is the index of the event it is on; the viewer's position p (p events
applied, as `Timeline.seek` takes it) shows the comments with ``after == p - 1``. Comments with
no ``after`` are on the whole game. See `core.logfile.Comment` and docs/replay-format.md.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from core.errors import HanaError
from core.logfile import Comment, LogRead, check_comment, encode_log
from core.redact import redact


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
        raise HanaError(f"there is no seat {seat + 1}: the seats are 1 to {n}")
    after = None
    if position is not None:
        if not 1 <= position <= len(log.events):
            raise HanaError(f"no position {position}: the log has {len(log.events)} events")
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
    from hanatui.files import write_atomic

    write_atomic(path, log_with_comments(log, comments), make_dirs=False)
