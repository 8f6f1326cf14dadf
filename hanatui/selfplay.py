"""Headless matches between bots, for `hanatui sim`, tests and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from core.chance import advance
from core.engine import is_chance, is_over, legal_actions, step, to_act
from core.events import MatchStarted
from core.players import Player
from core.rules import AnyRules
from core.timeline import Timeline
from core.view import observe
from hanatui.bots.base import Bot


def bot_players(levels: Sequence[str]) -> tuple[Player, ...]:
    return tuple(
        Player(name=f"{level.capitalize()} {i + 1}", kind="bot", bot=level)
        for i, level in enumerate(levels)
    )


def play_match(
    rules: AnyRules,
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


def seat_rotations(n: int, entries: Sequence[object]) -> list[tuple[int, ...]]:
    """The seatings that balance seats and the deal: rotation r puts entry ``(s + r) % n`` in
    seat s. All rotations when the entries differ; just the one seating when they are all alike."""
    if len(set(map(str, entries))) <= 1:
        return [tuple(range(n))]
    return [tuple((s + r) % n for s in range(n)) for r in range(n)]


def play_rotated(
    rules: AnyRules,
    bots: Sequence[Bot],
    *,
    seed: int,
    rotations: Sequence[tuple[int, ...]] | None = None,
    players: tuple[Player, ...] | None = None,
) -> list[tuple[Timeline, tuple[int, ...]]]:
    """Play the match of ``seed`` once per seating, so every entry of ``bots`` gets every seat
    (and with it the same cards and the same first dealer). Returns each timeline with its
    seating: ``seating[seat]`` is the index in ``bots`` of the bot that sat there."""
    n = len(bots)
    if rotations is None:
        rotations = seat_rotations(n, [b.level for b in bots])
    out = []
    for seating in rotations:
        seated = [bots[i] for i in seating]
        seated_players = None if players is None else tuple(players[i] for i in seating)
        out.append((play_match(rules, seated, seed=seed, players=seated_players), tuple(seating)))
    return out


class DuelResult(NamedTuple):
    """Two levels over seat-swapped hands: per hand, each side's mean points."""

    hands: tuple[tuple[float, float], ...]

    @property
    def hand_count(self) -> int:
        return len(self.hands)

    @property
    def decided(self) -> int:
        return sum(1 for a, b in self.hands if a != b)

    @property
    def won(self) -> tuple[int, int]:
        return (sum(1 for a, b in self.hands if a > b), sum(1 for a, b in self.hands if b > a))

    @property
    def points_per_hand(self) -> tuple[float, float]:
        n = max(1, len(self.hands))
        return (sum(a for a, _ in self.hands) / n, sum(b for _, b in self.hands) / n)

    @property
    def win_rate(self) -> float:
        """The first side's share of the decided hands."""
        return self.won[0] / self.decided if self.decided else 0.5

    def __add__(self, other: object) -> DuelResult:
        assert isinstance(other, DuelResult)
        return DuelResult(self.hands + other.hands)


def duel(
    rules: AnyRules,
    make_a: Callable[[], Bot],
    make_b: Callable[[], Bot],
    *,
    deals: int,
    seed: int = 1,
    players: int = 2,
) -> DuelResult:
    """``deals`` single-round deals, each played once per seating (2 seatings with 2 players),
    the two kinds of bot alternating round the table. ``rules`` should have ``rounds=1`` so that
    every hand is a fresh deal with the same first dealer in each seating."""
    hands: list[tuple[float, float]] = []
    for k in range(deals):
        bots = [make_a() if s % 2 == 0 else make_b() for s in range(players)]
        for timeline, seating in play_rotated(rules, bots, seed=seed + k):
            for points in timeline.last.history:
                sums = [0.0, 0.0]
                counts = [0, 0]
                for s, p in enumerate(points):
                    side = seating[s] % 2
                    sums[side] += p
                    counts[side] += 1
                hands.append((sums[0] / counts[0], sums[1] / max(1, counts[1])))
    return DuelResult(tuple(hands))
