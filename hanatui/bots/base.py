"""The interface every computer player implements."""

from __future__ import annotations

import random
from typing import ClassVar

from core.actions import Action
from core.errors import HanaError
from core.view import View


class Bot:
    """A computer player: sees a View and the legal actions, returns one of them."""

    level: str = ""  # the level's name (a wrapper around a bot takes the wrapped bot's)
    description: ClassVar[str] = ""

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        raise NotImplementedError


def make_bot(level: str) -> Bot:
    """A bot of the named level; raises `HanaError` listing the levels otherwise."""
    from hanatui.bots import BOTS

    try:
        return BOTS[level]()
    except KeyError:
        raise HanaError(f"unknown bot level: {level!r} (known: {', '.join(BOTS)})") from None
