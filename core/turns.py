"""The turn flow of the fishing core (docs/rules.md §2), public for the engine and the games.

A turn: the seat plays a card from its hand, which takes a field card of its month or joins the
field (`capture_targets`, `land`); then the top card of the draw pile is turned over the same
way; then the next seat with cards moves, until the round is over. A game varies the turn with
its hooks, which return a `Then` instruction; `proceed` carries it out. Games may ask the
questions here (`capture_targets`) but never call the flow itself: they return instructions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from core.cards import MONTH_MASKS, single_bits
from core.games.base import Game
from core.state import (
    CHOOSE,
    DECIDE,
    DRAW,
    END_ROUND,
    END_TURN,
    HAND,
    HAND_DONE,
    NEXT_TURN,
    PLAY,
    SCORING,
    Source,
    State,
    Then,
)

__all__ = [
    "Then",
    "capture_targets",
    "draw",
    "end_turn",
    "hand_done",
    "land",
    "next_turn",
    "play",
    "proceed",
    "turn_over",
]


def capture_targets(state: State, card: int, source: Source) -> tuple[int, ...]:
    """The field masks a card (a bit index) landing from ``source`` may take.

    () the card joins the field; one mask: it takes that mask; several: the player chooses. Two
    field cards of its month are a choice; three are taken together with it (docs/rules.md §2.4).
    """
    game: Game[Any] = state.hooks
    if game.wild_cards >> card & 1:
        special = game.capture_targets(state, card, source)
        if special is not None:
            return special
    matches = state.field & MONTH_MASKS[card >> 2]
    count = matches.bit_count()
    if count == 0:
        return ()
    if count == 2:
        return single_bits(matches)
    return (matches,)


def land(state: State, seat: int, card: int, captured: int, source: Source) -> State:
    """The state after ``card`` (already out of the hand or the pile) lands and ``seat`` takes
    ``captured`` with it (0: it joins the field)."""
    if captured:
        caps = list(state.captures)
        caps[seat] |= captured
        state = replace(state, field=state.field & ~captured, captures=tuple(caps))
    else:
        state = replace(state, field=state.field | 1 << card)
    game: Game[Any] = state.hooks
    if game.wild_cards >> card & 1 and "landed" in game.overrides:
        return game.landed(state, seat, card, captured, source)
    return state


def proceed(state: State, then: Then) -> State:
    """Carry out an instruction: the state the match moves to."""
    return _STEPS[then](state)


def play(state: State) -> State:
    """`PLAY`: the seat whose turn it is plays a card from its hand."""
    return replace(state, phase=PLAY, stage=HAND, pending=-1, pending_from=None)


def hand_done(state: State) -> State:
    """`HAND_DONE`: the card from the hand is dealt with; the game's `after_hand_step` may
    vary what follows, else the draw."""
    game: Game[Any] = state.hooks
    if "after_hand_step" in game.overrides:
        state, then = game.after_hand_step(state)
        return _STEPS[then](state)
    if state.pile:  # `draw`, inline on the engine's hottest path
        return replace(state, phase=PLAY, stage=DRAW, pending=-1, pending_from=None)
    return end_turn(state)


def draw(state: State) -> State:
    """`DRAW`: the top card of the pile is turned next, or the turn ends without one."""
    if state.pile:
        return replace(state, phase=PLAY, stage=DRAW, pending=-1, pending_from=None)
    return end_turn(state)


def end_turn(state: State) -> State:
    """`END_TURN`: the turn of ``state.turn`` is over; the game may stop for a decision of
    its own (`after_turn`), else the turn passes on."""
    return turn_over(replace(state, phase=PLAY, stage=HAND, pending=-1, pending_from=None))


def turn_over(state: State) -> State:
    """`end_turn` of a state already back in the PLAY phase, stage HAND, with no pending card
    (the engine's draw gets there in the same copy that lands the card)."""
    game: Game[Any] = state.hooks
    if "after_turn" in game.overrides:
        state, then = game.after_turn(state)
        return _STEPS[then](state)
    return next_turn(state)


def next_turn(state: State) -> State:
    """Pass the turn on to the next seat with a card to play or draw, or end the round when it
    is over."""
    hooks: Game[Any] = state.hooks
    reason = hooks.round_over(state)
    if reason:
        return replace(state, phase=SCORING, end_reason=reason, stage=HAND, pending=-1)
    n = len(state.players)
    seat = state.turn
    hands = state.hands
    for _ in range(n):
        seat = (seat + 1) % n
        if hands[seat]:
            return replace(state, phase=PLAY, turn=seat, turn_no=state.turn_no + 1, stage=HAND)
        if state.pile:
            return replace(state, phase=PLAY, turn=seat, turn_no=state.turn_no + 1, stage=DRAW)
    return replace(state, phase=SCORING, end_reason="cards_exhausted", stage=HAND, pending=-1)


def _choose(state: State) -> State:
    return replace(state, phase=CHOOSE)


def _decide(state: State) -> State:
    return replace(state, phase=DECIDE)


def _end_round(state: State) -> State:
    return replace(state, phase=SCORING)


_STEPS: dict[Then, Callable[[State], State]] = {
    PLAY: play,
    CHOOSE: _choose,
    DECIDE: _decide,
    HAND_DONE: hand_done,
    DRAW: draw,
    END_TURN: end_turn,
    NEXT_TURN: next_turn,
    END_ROUND: _end_round,
}
