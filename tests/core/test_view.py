"""`observe`: a seat sees its own hand and everything public, never another hand or the pile."""

from __future__ import annotations

from core.cards import ALL_MASK
from core.rules import find_rules
from core.state import PLAY
from core.view import observe
from tests.helpers import random_playout


def test_a_view_holds_only_what_the_seat_may_see():
    _, states = random_playout(find_rules("bakappana", rounds=1), 3, 5)
    checked = 0
    for state in states:
        if state.phase != PLAY:
            continue
        for seat in range(3):
            view = observe(state, seat)
            assert view.hand.mask == state.hands[seat]
            assert view.hand_counts == tuple(h.bit_count() for h in state.hands)
            assert view.pile_count == len(state.pile)
            hidden = 0
            for other, hand in enumerate(state.hands):
                if other != seat:
                    hidden |= hand
            for i in state.pile:
                hidden |= 1 << i
            assert view.unseen.mask == hidden
            assert view.unseen.mask & (view.hand.mask | view.field.mask) == 0
            public = view.field.mask | view.hand.mask | view.unseen.mask
            for c in view.captures:
                public |= c.mask
            assert public | (1 << state.pending if state.pending >= 0 else 0) == ALL_MASK
            checked += 1
    assert checked > 50
