"""Computer players. A bot decides from `core.observe(state, seat)` and the legal actions only.

Every bot has the same interface: ``choose(view, legal, rng) -> Action``; ``rng`` is the bot's own
`random.Random`, so a seeded run is reproducible. Levels are looked up by name in `BOTS`.
"""

from __future__ import annotations

from hanatui.bots.base import Bot, make_bot
from hanatui.bots.simple import EasyBot, RandomBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "easy": EasyBot}

__all__ = ["BOTS", "Bot", "EasyBot", "RandomBot", "make_bot"]
