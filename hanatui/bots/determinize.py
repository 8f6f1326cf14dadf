"""Sampling the cards a seat cannot see into a full `State` consistent with its `View`.

A determinization deals the seat's ``unseen`` cards at random into the other hands (with the
counts the view shows) and the draw pile (in a random order). Everything the seat can see, the
phase, the scores and the game's public round state are copied from the view, so the sampled
state is one the seat cannot tell apart from the real one.
"""

from __future__ import annotations

import random

from core.state import State
from core.view import View

__all__ = ["determinize", "hidden_indexes"]


def hidden_indexes(view: View) -> list[int]:
    """The bit indexes of the cards the seat cannot see, lowest first."""
    mask = view.unseen.mask
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


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
            f"view of seat {seat} is inconsistent: {len(cards)} unseen cards, but the other hands "
            f"and the pile hold {need}"
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
    pile = tuple(cards[pos:])
    n = len(view.players)
    return State(
        rules=view.rules,
        players=view.players,
        phase=view.phase,
        dealer=view.dealer,
        totals=view.totals,
        history=view.history,
        round=view.round,
        hands=tuple(hands),
        field=view.field.mask,
        pile=pile,
        captures=tuple(c.mask for c in view.captures),
        turn=view.turn,
        turn_no=view.turn_no,
        stage=view.stage,
        pending=view.pending,
        pending_from=view.pending_from,
        undos=(0,) * n,
        extra=view.extra,
    )
