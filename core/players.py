"""Who sits at the table. Names are shown to other people, so they are validated text."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.errors import HanaError
from core.messages import N_

# Control and bidi characters are refused in every text field of a log (see `core.text`).
from core.text import SAFE_TEXT_PATTERN, UNSAFE_TEXT

Name = Annotated[
    str,
    msgspec.Meta(
        min_length=1,
        max_length=40,
        pattern=SAFE_TEXT_PATTERN,
        description="A display name: 1-40 characters, no control or bidi-override characters.",
    ),
]

#: A computer player's level as a log records it: validated text like a name.
BotLevel = Annotated[
    str,
    msgspec.Meta(
        min_length=1,
        max_length=40,
        pattern=SAFE_TEXT_PATTERN,
        description="A computer player's level: 1-40 characters, no control or bidi characters.",
    ),
]


class Player(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A seat's occupant: a human or a computer player with its level."""

    name: Name
    kind: Literal["human", "bot"] = "human"
    bot: BotLevel | None = None


def check_name(name: str) -> str:
    """Return ``name`` if it is a valid display name, else raise `HanaError` saying why."""
    if not isinstance(name, str) or not name.strip():
        raise HanaError(N_("invalid name: {name} (empty)"), name=repr(name))
    if len(name) > 40:
        raise HanaError(N_("invalid name: {name} (longer than 40 characters)"), name=repr(name))
    if UNSAFE_TEXT.search(name):
        raise HanaError(
            N_("invalid name: {name} (control or bidi-override character)"), name=repr(name)
        )
    return name


def seat_label(seat: int) -> str:
    """A seat as a person reads it, counting from 1: ``seat_label(0) == "seat 1"`` (logs count
    seats from 0)."""
    return f"seat {seat + 1}"


def logged_seat(seat: int) -> str:
    """A seat a log names, for a message about the log: ``seat 7 (6 in the log, which counts
    seats from 0)``."""
    return f"{seat_label(seat)} ({seat} in the log, which counts seats from 0)"
