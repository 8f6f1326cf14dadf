"""The interface every computer player implements, and the strong player's time setting.

Every bot module imports this one; it imports no bot (`hanatui.bots.levels` names the levels
and builds them)."""

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


#: The strong player's optional time budgets per decision offered in the settings, in seconds.
STRONG_TIMES = (0.2, 1.0, 3.0)

#: The strong player's time per decision for the bots `make_bot` builds (0: its playout budget).
_strong_seconds = 0.0


def set_strong_seconds(seconds: float) -> None:
    """Give the strong player ``seconds`` per decision (0: its default playout budget); the app
    sets it from the settings, `hanatui play --think` from the command line."""
    global _strong_seconds
    if not 0 <= seconds <= 60:
        raise HanaError(f"the strong player's time must be 0 to 60 seconds, not {seconds:g}")
    _strong_seconds = float(seconds)


def strong_seconds() -> float:
    """The strong player's time per decision set by `set_strong_seconds` (0: none)."""
    return _strong_seconds
