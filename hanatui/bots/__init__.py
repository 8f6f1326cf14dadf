"""Computer players. A bot decides from `core.observe(state, seat)` and the legal actions only.

Every bot has the same interface: ``choose(view, legal, rng) -> Action``; ``rng`` is the bot's own
`random.Random`, so a seeded run is reproducible. Levels are looked up by name in `BOTS`:

- ``random``: any legal move.
- ``easy``: the most valuable capture now; koi-koi or shobu at random (it does not weigh them).
- ``normal``: a heuristic that plays for yaku, denies the opponents' and weighs koi-koi risk.
- ``strong``: determinized Monte Carlo search over the unseen cards, with normal-policy playouts.

The levels and `make_bot` live in `hanatui.bots.levels`; `hanatui.bots.fast` is the fast koi-koi
engine behind the strong level.

bots/ may import core/ only (and bots/fast/, which may import core/ and the bot knowledge below
the levels); never store/, text/, session/, analysis/, net/, app/ or cli/: a bot reads nothing
but its view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hanatui.bots.base import Bot
from hanatui.bots.levels import BOTS, LEVELS, make_bot

if TYPE_CHECKING:
    from hanatui.bots.normal import NormalBot
    from hanatui.bots.simple import EasyBot, RandomBot
    from hanatui.bots.strong import StrongBot


def __getattr__(name: str) -> Any:
    for level, (_, cls) in LEVELS.items():
        if cls == name:
            return BOTS[level]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["BOTS", "Bot", "EasyBot", "NormalBot", "RandomBot", "StrongBot", "make_bot"]
