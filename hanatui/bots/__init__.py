"""Computer players. A bot decides from `core.observe(state, seat)` and the legal actions only.

Every bot has the same interface: ``choose(view, legal, rng) -> Action``; ``rng`` is the bot's own
`random.Random`, so a seeded run is reproducible. Levels are looked up by name in `BOTS`:

- ``random``: any legal move.
- ``easy``: the most valuable capture now; koi-koi or shobu at random (it does not weigh them).
- ``normal``: a heuristic that plays for yaku, denies the opponents' and weighs koi-koi risk.
- ``strong``: determinized Monte Carlo search over the unseen cards, with normal-policy playouts.

A level's module is imported when the level is first asked for (an arena of random bots never
loads the search), so `BOTS` maps names to classes lazily.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from hanatui.bots.base import Bot, make_bot

if TYPE_CHECKING:
    from hanatui.bots.normal import NormalBot
    from hanatui.bots.simple import EasyBot, RandomBot
    from hanatui.bots.strong import StrongBot

#: Each level: the module and the class that play it.
_LEVELS: dict[str, tuple[str, str]] = {
    "random": ("hanatui.bots.simple", "RandomBot"),
    "easy": ("hanatui.bots.simple", "EasyBot"),
    "normal": ("hanatui.bots.normal", "NormalBot"),
    "strong": ("hanatui.bots.strong", "StrongBot"),
}


class _Levels(Mapping[str, type[Bot]]):
    """The levels by name, in order of strength; a level's class is imported on first use."""

    def __getitem__(self, level: str) -> type[Bot]:
        module, name = _LEVELS[level]
        cls: type[Bot] = getattr(importlib.import_module(module), name)
        return cls

    def __iter__(self) -> Iterator[str]:
        return iter(_LEVELS)

    def __len__(self) -> int:
        return len(_LEVELS)


BOTS: Mapping[str, type[Bot]] = _Levels()


def __getattr__(name: str) -> Any:
    for module, cls in _LEVELS.values():
        if cls == name:
            return getattr(importlib.import_module(module), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["BOTS", "Bot", "EasyBot", "NormalBot", "RandomBot", "StrongBot", "make_bot"]
