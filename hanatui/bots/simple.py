"""The two simplest levels: `random` and `easy` (greedy: the most valuable capture now)."""

from __future__ import annotations

import random

from core.actions import Action, ChooseCapture, PlayCard
from core.cards import MONTH_MASKS, STANDARD_POINTS, points_of
from core.view import View
from hanatui.bots.base import Bot


class RandomBot(Bot):
    level = "random"
    description = "plays any legal move at random"

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def _capture_value(view: View, action: Action) -> int:
    """Card points an action takes from the field at once (before the draw)."""
    field = view.field.mask
    if isinstance(action, PlayCard):
        card = action.card
        matches = field & MONTH_MASKS[card.month - 1]
        count = matches.bit_count()
        if count == 0:
            return -card.points  # giving a card away: prefer giving the cheapest
        if count == 2:
            # the better of the two field cards we will then choose between
            best = max(STANDARD_POINTS[i] for i in range(48) if matches >> i & 1)
            return card.points + best
        return card.points + points_of(matches)
    if isinstance(action, ChooseCapture):
        return action.target.points if action.target is not None else 0
    return 0


class EasyBot(Bot):
    level = "easy"
    description = "takes the most valuable capture it sees"

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        best = max(_capture_value(view, a) for a in legal)
        options = [a for a in legal if _capture_value(view, a) == best]
        return options[rng.randrange(len(options))]
