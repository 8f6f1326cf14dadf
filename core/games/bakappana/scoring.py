"""Scoring by card points (docs/rules.md §3): each seat's card total, less par when zero-sum.

Hana-awase scores the same card points and adds its yaku, so it uses these functions too; they
read only the options its rules share with bakappana's (`CardPointRules`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from core.cards import ALL_MASK, STANDARD_POINTS, cards_of, points_of
from core.events import RoundEnded, RoundEndReason, ScoreLine, SeatScore
from core.games.base import DEAL_TABLE, highest_deals, round_ended
from core.state import State


class CardPointRules(Protocol):
    """The options of a game scored by card points (bakappana's, and hana-awase's)."""

    @property
    def scoring(self) -> str: ...

    @property
    def chaff_value(self) -> int: ...

    @property
    def hand_size_2p(self) -> int: ...

    @property
    def end_at_empty_hands(self) -> bool: ...


def card_values(rules: CardPointRules) -> tuple[int, ...]:
    """Each card's points: the standard ones, with the chaff counted as ``chaff_value``."""
    chaff = rules.chaff_value
    if chaff == 1:
        return STANDARD_POINTS
    return tuple(p if p != 1 else chaff for p in STANDARD_POINTS)


def deal_sizes(rules: CardPointRules, n: int) -> tuple[int, int]:
    """The common deal sizes, with ``hand_size_2p`` cards in each hand of a 2-player game."""
    hand, field = DEAL_TABLE[n]
    if n == 2 and rules.hand_size_2p == 10:
        hand = 10
    return hand, field


def round_over(state: State, rules: CardPointRules) -> RoundEndReason | None:
    """Once every hand is empty, the round ends, unless the draw pile is played out first (the
    default; ``end_at_empty_hands`` leaves it)."""
    if any(state.hands):
        return None
    if not state.pile:
        return "cards_exhausted"
    return "hands_empty" if rules.end_at_empty_hands else None


def card_lines(state: State, rules: CardPointRules, seat: int) -> list[ScoreLine]:
    """A seat's card total line, and its par line under zero-sum scoring."""
    values = card_values(rules)
    captured = state.captures[seat]
    lines = [ScoreLine(kind="cards", points=points_of(captured, values), cards=cards_of(captured))]
    if rules.scoring == "zero_sum":
        par = points_of(ALL_MASK, values) // state.num_players
        lines.append(ScoreLine(kind="par", points=-par))
    return lines


def round_result(state: State, breakdown: Sequence[SeatScore]) -> RoundEnded:
    """The round's `RoundEnded` from each seat's breakdown; the best score deals next."""
    return round_ended(state, breakdown, highest_deals(state, [s.points for s in breakdown]))


def score_by_cards(state: State, rules: CardPointRules) -> RoundEnded:
    """Bakappana's round score: card points (less par when zero-sum), nothing else."""
    breakdown = []
    for seat in range(state.num_players):
        lines = card_lines(state, rules, seat)
        breakdown.append(
            SeatScore(seat=seat, lines=tuple(lines), points=sum(x.points for x in lines))
        )
    return round_result(state, breakdown)
