"""Computer players. A bot decides from `core.observe(state, seat)` and the legal actions only.

Every bot has the same interface: ``choose(view, legal, rng) -> Action``; ``rng`` is the bot's own
`random.Random`, so a seeded run is reproducible. Levels are looked up by name in `BOTS`:

- ``random``: any legal move.
- ``easy``: the most valuable capture now; koi-koi or shobu at random (it does not weigh them).
- ``normal``: a heuristic that plays for yaku, denies the opponents' and weighs koi-koi risk.
- ``strong``: determinized Monte Carlo search over the unseen cards, with normal-policy playouts.
"""

from __future__ import annotations

from hanatui.bots.base import Bot, make_bot
from hanatui.bots.normal import NormalBot
from hanatui.bots.simple import EasyBot, RandomBot
from hanatui.bots.strong import StrongBot

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "strong": StrongBot,
}

__all__ = ["BOTS", "Bot", "EasyBot", "NormalBot", "RandomBot", "StrongBot", "make_bot"]
