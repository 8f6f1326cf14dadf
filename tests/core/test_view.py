"""`observe`: a seat sees its own hand and everything public, never another hand or the pile."""

from __future__ import annotations

import msgspec
import pytest

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


def test_a_view_is_read_only_and_equal_to_any_view_showing_the_same():
    _, states = random_playout(find_rules("koikoi", rounds=1), 2, 7)
    state = next(s for s in states if s.phase == PLAY and s.pile)
    view = observe(state, 0)
    for name in ("hand", "field", "unseen", "seat", "phase"):
        with pytest.raises(AttributeError):
            setattr(view, name, None)
    # The other seat's hand and the pile's order change; the seat sees the same table.
    pile = tuple(reversed(state.pile))
    other = msgspec.structs.replace(state, pile=pile)
    assert observe(other, 0) == view and hash(observe(other, 0)) == hash(view)
    assert observe(state, 1) != view
    moved = msgspec.structs.replace(state, field=state.field ^ (1 << state.pile[0]))
    assert observe(moved, 0) != view
    assert repr(view).startswith("View(seat=0, ") and "State(" not in repr(view)
