"""What one seat may see: `observe(state, seat)`. Bots and the table UI only ever get a View."""

from __future__ import annotations

from typing import Any

import msgspec

from core.cards import CardSet
from core.players import Player
from core.rules import Rules
from core.state import Phase, Source, State


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
    extra: Any = None  # the game's public round state

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
