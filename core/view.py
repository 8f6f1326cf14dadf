"""What one seat may see, and back: `observe(state, seat)` gives a seat's `View` (bots and the
table only ever get one); `determinize(view, rng)` samples a full `State` that agrees with it.

A determinization deals the seat's ``unseen`` cards at random into the other hands (with the
counts the view shows) and the draw pile (in a random order). Everything the seat can see, the
phase, the scores and the game's public round state are copied from the view, so the sampled
state is one the seat cannot tell apart from the real one.
"""

from __future__ import annotations

import random

import msgspec

from core.cards import CardSet, iter_bits
from core.games.options import Rules
from core.games.registry import game_for
from core.players import Player, seat_label
from core.state import Phase, RoundState, Source, State

__all__ = ["View", "determinize", "hidden_indexes", "observe"]


class View(msgspec.Struct, frozen=True, kw_only=True):
    """A seat's view of the table: its own hand, everything public, counts of the hidden zones."""

    seat: int
    rules: Rules
    players: tuple[Player, ...]
    phase: Phase
    round: int
    dealer: int
    turn: int
    turn_no: int
    stage: Source
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    hand: CardSet
    hand_counts: tuple[int, ...]
    field: CardSet
    captures: tuple[CardSet, ...]
    pile_count: int
    pending: int  # the card awaiting a capture choice (public: it is on the table)
    pending_from: Source | None
    unseen: CardSet  # cards this seat cannot see: other hands and the draw pile
    extra: RoundState | None = None  # the game's public round state

    @property
    def num_players(self) -> int:
        return len(self.players)


def observe(state: State, seat: int) -> View:
    """The view of ``seat``: never another seat's hand or the draw pile's order."""
    pile_mask = 0
    for i in state.pile:
        pile_mask |= 1 << i
    hidden = pile_mask
    for s, h in enumerate(state.hands):
        if s != seat:
            hidden |= h
    return View(
        seat=seat,
        rules=state.rules,
        players=state.players,
        phase=state.phase,
        round=state.round,
        dealer=state.dealer,
        turn=state.turn,
        turn_no=state.turn_no,
        stage=state.stage,
        totals=state.totals,
        history=state.history,
        hand=CardSet(state.hands[seat] if state.hands else 0),
        hand_counts=tuple(h.bit_count() for h in state.hands),
        field=CardSet(state.field),
        captures=tuple(CardSet(c) for c in state.captures),
        pile_count=len(state.pile),
        pending=state.pending,
        pending_from=state.pending_from,
        unseen=CardSet(hidden),
        extra=state.extra,
    )


def hidden_indexes(view: View) -> list[int]:
    """The bit indexes of the cards the seat cannot see, lowest first."""
    return list(iter_bits(view.unseen.mask))


def determinize(view: View, rng: random.Random, *, hidden: list[int] | None = None) -> State:
    """A full state that agrees with ``view`` on everything ``view.seat`` can see.

    The cards of ``view.unseen`` are shuffled with ``rng`` and dealt to the other hands (as many
    as ``view.hand_counts`` says each holds) and to the draw pile (``view.pile_count`` cards).
    ``hidden`` may pass `hidden_indexes(view)` precomputed when sampling many times.
    """
    cards = list(hidden_indexes(view) if hidden is None else hidden)
    rng.shuffle(cards)
    seat = view.seat
    counts = view.hand_counts
    need = sum(c for s, c in enumerate(counts) if s != seat) + view.pile_count
    if need != len(cards):
        raise ValueError(
            f"view of {seat_label(seat)} is inconsistent: {len(cards)} unseen cards, but the "
            f"other hands and the pile hold {need}"
        )
    hands = []
    pos = 0
    for s, count in enumerate(counts):
        if s == seat:
            hands.append(view.hand.mask)
            continue
        h = 0
        for i in cards[pos : pos + count]:
            h |= 1 << i
        hands.append(h)
        pos += count
    return State(
        rules=view.rules,
        hooks=game_for(view.rules),
        players=view.players,
        phase=view.phase,
        dealer=view.dealer,
        totals=view.totals,
        history=view.history,
        round=view.round,
        hands=tuple(hands),
        field=view.field.mask,
        pile=tuple(cards[pos:]),
        captures=tuple(c.mask for c in view.captures),
        turn=view.turn,
        turn_no=view.turn_no,
        stage=view.stage,
        pending=view.pending,
        pending_from=view.pending_from,
        undos=(0,) * len(view.players),
        extra=view.extra,
    )
