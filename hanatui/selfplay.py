"""Headless matches between bots, for `hanatui sim`, tests and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from core.chance import advance
from core.engine import is_chance, is_over, legal_actions, step, to_act
from core.events import MatchStarted
from core.players import Player
from core.rules import Rules
from core.timeline import Timeline
from core.view import observe
from hanatui.bots.base import Bot


def bot_players(levels: Sequence[str]) -> tuple[Player, ...]:
    return tuple(
        Player(name=f"{level.capitalize()} {i + 1}", kind="bot", bot=level)
        for i, level in enumerate(levels)
    )


def play_match(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    seed: int,
    players: tuple[Player, ...] | None = None,
    on_round: Callable[[Timeline], None] | None = None,
) -> Timeline:
    """Play one whole match between ``bots`` (one per seat) and return its timeline.

    The deal and every bot draw from their own generators seeded from ``seed``, so the same seed
    gives the same match.
    """
    if players is None:
        players = bot_players([b.level for b in bots])
    chance_rng = random.Random(seed)
    bot_rngs = [random.Random(seed * 7919 + 104729 * (i + 1)) for i in range(len(bots))]
    timeline = Timeline([MatchStarted(rules=rules, players=players)])
    state = timeline.last
    rounds_seen = 0
    while not is_over(state):
        if is_chance(state):
            timeline.extend(advance(state, chance_rng))
        else:
            seat = to_act(state)
            assert seat is not None, f"stuck in phase {state.phase}"
            legal = legal_actions(state)
            action = bots[seat].choose(observe(state, seat), legal, bot_rngs[seat])
            timeline.extend(step(state, action))
        state = timeline.last
        if on_round is not None and state.rounds_done != rounds_seen:
            rounds_seen = state.rounds_done
            on_round(timeline)
    return timeline
