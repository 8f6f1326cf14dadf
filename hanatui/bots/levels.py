"""The bot levels by name (`BOTS`) and `make_bot`, above every bot.

A level's module is imported when the level is first asked for (an arena of random bots never
loads the search), so `BOTS` maps names to classes lazily. This module sits above the levels it
names: no bot imports it (a bot needs only `hanatui.bots.base`).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from core.errors import HanaError
from core.messages import N_
from hanatui.bots.base import Bot, strong_seconds

#: Each level: the module and the class that play it.
LEVELS: dict[str, tuple[str, str]] = {
    "random": ("hanatui.bots.simple", "RandomBot"),
    "easy": ("hanatui.bots.simple", "EasyBot"),
    "normal": ("hanatui.bots.normal", "NormalBot"),
    "strong": ("hanatui.bots.strong", "StrongBot"),
}

#: Each level's name as a player reads it (marked for the catalogs: bots/ holds no gettext; the
#: app translates it where it shows it, `hanatui.text.i18n._`).
LEVEL_NAMES: dict[str, str] = {
    # TRANSLATORS: a computer player's level, shown beside its name: "CPU (random)"
    "random": N_("random"),
    # TRANSLATORS: a computer player's level, shown beside its name: "CPU (easy)"
    "easy": N_("easy"),
    # TRANSLATORS: a computer player's level, shown beside its name: "CPU (normal)"
    "normal": N_("normal"),
    # TRANSLATORS: a computer player's level, shown beside its name: "CPU (strong)"
    "strong": N_("strong"),
}

#: What a player gets at each level, as each level's class says it (`Bot.description`; a test
#: keeps them equal), marked for the catalogs: the app shows ``_(LEVEL_DESCRIPTIONS[level])``
#: without importing the levels' classes.
LEVEL_DESCRIPTIONS: dict[str, str] = {
    "random": N_("plays any legal move at random"),
    "easy": N_("takes the most valuable capture it sees; koi-koi or shobu at random"),
    "normal": N_("plays for points and yaku, blocks the others', minds the match standing"),
    "strong": N_("plays each move out on many guesses of the hidden cards"),
}


class _Levels(Mapping[str, type[Bot]]):
    """The levels by name, in order of strength; a level's class is imported on first use."""

    def __getitem__(self, level: str) -> type[Bot]:
        module, name = LEVELS[level]
        cls: type[Bot] = getattr(importlib.import_module(module), name)
        return cls

    def __iter__(self) -> Iterator[str]:
        return iter(LEVELS)

    def __len__(self) -> int:
        return len(LEVELS)


BOTS: Mapping[str, type[Bot]] = _Levels()


def make_bot(level: str) -> Bot:
    """A bot of the named level; raises `HanaError` listing the levels otherwise. The strong
    level thinks for the time set by `base.set_strong_seconds`, if any."""
    seconds = strong_seconds()
    if level == "strong" and seconds > 0:
        from hanatui.bots.strong import StrongBot

        return StrongBot.timed(seconds)
    try:
        return BOTS[level]()
    except KeyError:
        raise HanaError(f"unknown bot level: {level!r} (known: {', '.join(BOTS)})") from None
