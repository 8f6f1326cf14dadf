"""The two simplest levels: `random` and `easy` (greedy: the most valuable capture now)."""

from __future__ import annotations

import random

from core.actions import Action, ChooseCapture, DeclareHiki, PlayCard
from core.cards import MONTH_MASKS, STANDARD_POINTS, points_of
from core.games.registry import game_for
from core.view import View
from hanatui.bots.base import Bot


class RandomBot(Bot):
    level = "random"
    description = "plays any legal move at random"

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def _points_table(view: View) -> tuple[int, ...]:
    """Card points as the game counts them (Sakura has its own column); in koi-koi, where cards
    do not score, their customary worth."""
    return game_for(view.rules).card_values(view.rules)


def capture_value(view: View, action: Action, table: tuple[int, ...] = STANDARD_POINTS) -> int:
    """Card points an action takes at once (before the draw); minus the card's own points when
    it only joins the field, so the cheapest card is given away."""
    field = view.field.mask
    if isinstance(action, PlayCard):
        card = action.card
        matches = field & MONTH_MASKS[card.month - 1]
        count = matches.bit_count()
        if count == 0:
            return -table[card.index]
        if count == 2:
            # the better of the two field cards we will then choose between
            best = max(table[i] for i in range(48) if matches >> i & 1)
            return table[card.index] + best
        return table[card.index] + points_of(matches, table)
    if isinstance(action, ChooseCapture):
        if action.target is None:
            return 0
        return table[action.card.index] + table[action.target.index]
    if isinstance(action, DeclareHiki):
        month = MONTH_MASKS[action.month - 1]
        return points_of(month & (field | view.hand.mask), table)
    return 0  # koi-koi or shobu: easy does not weigh them, and picks either at random


class EasyBot(Bot):
    level = "easy"
    description = "takes the most valuable capture it sees; koi-koi or shobu at random"

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        table = _points_table(view)
        values = [capture_value(view, a, table) for a in legal]
        best = max(values)
        options = [a for a, v in zip(legal, values, strict=True) if v == best]
        return options[rng.randrange(len(options))]
