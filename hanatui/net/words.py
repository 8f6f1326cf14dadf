"""What the other side of a table says, in this player's language; and the computer levels' words.

The protocol carries no language (docs/network.md): the server's refusals, its undo answers, its
notices and the reasons it closes a connection travel in English, as the log records its notices.
Each program says them in its own player's language: `server_text` finds a sentence among those
the server says (below, in the server's own English, with the player's words beside it) and
gives it translated, its values filled in; a sentence it does not know (a newer server's) is
shown as it came. Everything here is plain text: the caller shows it without markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hanatui.bots.levels import LEVEL_DESCRIPTIONS, LEVEL_NAMES
from hanatui.text.i18n import N_, _


def level_name(level: str) -> str:
    """A computer level's name in the player's language (an unknown one as it is); the words
    are the levels' own, marked for the catalogs beside them (`hanatui.bots.levels`)."""
    name = LEVEL_NAMES.get(level)
    return _(name) if name is not None else level


def level_description(level: str, english: str) -> str:
    """What a level plays like, in the player's language (``english``: the bot's own words,
    shown as they are if they are not the ones translated here)."""
    said = LEVEL_DESCRIPTIONS.get(level)
    if said is None or said != english:
        return english
    return _(said)


def _same(value: str) -> str:
    return value


#: The server's sentences: its English (a pattern, each ``{value}`` any text) and the player's
#: words (a message of the catalogs, with the same values but those only English needs, such as
#: the ``{a}`` of "a" or "an"). Values named ``level`` are computer levels, said by `level_name`.
SERVER_SENTENCES: tuple[tuple[str, str], ...] = (
    # refusals of a move or a request
    ("the match has not started yet", N_("the match has not started yet")),
    (
        "the table changed before your move arrived: it was not played",
        N_("the table changed before your move arrived: it was not played"),
    ),
    ("it is not your turn", N_("it is not your turn")),
    ("that move is not allowed now ({move})", N_("that move is not allowed now ({move})")),
    (
        "another undo request is waiting for answers",
        N_("another undo request is waiting for answers"),
    ),
    (
        "there is no move of yours to take back (only your last one, while no other player has "
        "decided since)",
        N_(
            "there is no move of yours to take back (only your last one, while no other player "
            "has decided since)"
        ),
    ),
    ("that undo request is no longer open", N_("that undo request is no longer open")),
    (
        "only another player's seat can be handed over",
        N_("only another player's seat can be handed over"),
    ),
    (
        "that seat is already played by a computer player",
        N_("that seat is already played by a computer player"),
    ),
    ("that player is at the table", N_("that player is at the table")),
    (
        "that player has been away {away} s; wait until {after} s",
        N_("that player has been away {away} s; wait until {after} s"),
    ),
    ("no computer player of level {level}", N_("no computer player of level {level}")),
    # why an undo was not granted
    ("not every player answered in time", N_("not every player answered in time")),
    ("nothing to undo", N_("nothing to undo")),
    ("{name} said no", N_("{name} said no")),
    # notices (the log keeps them, in English, as comments)
    (
        "{by} handed seat {seat} ({name}, away {away} s) to {a} {level} computer player",
        N_("{by} handed seat {seat} ({name}, away {away} s) to the {level} computer player"),
    ),
    # why the table closed a connection
    ("no hello in time", N_("no hello in time")),
    ("the first message must be hello", N_("the first message must be hello")),
    (
        "protocol version {version} is not spoken here (this table: {ours})",
        N_("protocol version {version} is not spoken here (this table: {ours})"),
    ),
    ("unknown seat token", N_("unknown seat token")),
    ("too many messages (over {n} a second)", N_("too many messages (over {n} a second)")),
    ("not reading its messages", N_("not reading its messages")),
    (
        "this seat joined from another connection",
        N_("this seat joined from another connection"),
    ),
    ("hello twice", N_("hello twice")),
    ("the table is closing", N_("the table is closing")),
    ("left the table", N_("left the table")),
)

_VALUES: dict[str, Callable[[str], str]] = {"level": level_name}


def _pattern(english: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", english)
    regex = "".join(
        f"(?P<{part}>.+?)" if i % 2 else re.escape(part) for i, part in enumerate(parts)
    )
    return re.compile(f"{regex}\\Z", re.S)


_COMPILED: list[tuple[re.Pattern[str], str]] | None = None


def server_text(text: str) -> str:
    """What the server said (``text``, its English) in the player's language; unknown, as it
    came."""
    global _COMPILED
    if _COMPILED is None:
        _COMPILED = [(_pattern(english), message) for english, message in SERVER_SENTENCES]
    for pattern, message in _COMPILED:
        found = pattern.match(text)
        if found is None:
            continue
        said = _(message)
        if said == message:  # English, or not translated: as the server put it
            return text
        values = {k: _VALUES.get(k, _same)(v) for k, v in found.groupdict().items()}
        return said.format(**values)
    return text


__all__ = ["SERVER_SENTENCES", "level_description", "level_name", "server_text"]
