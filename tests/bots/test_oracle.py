"""`lab/strong_ab.py`'s oracle: the strong player told the opponent's hand, not the pile's
order. Its decisions follow the opponent's true hand and never the order of the pile."""

from __future__ import annotations

import random

import msgspec
import pytest

from core.engine import legal_actions, to_act
from core.view import observe
from tests.bots.conftest import decision_points, rules_for
from tests.bots.test_hidden_information import permute_hidden
from tests.helpers import lab_script

#: Tests of a study in lab/, run by `make lab-test` (tests/conftest.py).
pytestmark = pytest.mark.lab


@pytest.fixture(scope="module")
def strong_ab():
    with lab_script("strong_ab") as module:
        yield module


def _positions(limit: int = 24):
    rules = rules_for("koikoi", {})
    for seed in range(3):
        for k, state in enumerate(decision_points(rules, 2, seed)):
            seat = to_act(state)
            legal = legal_actions(state)
            if seat is not None and len(legal) > 1 and state.pile and k < limit:
                yield seed * 1000 + k, state, seat, legal


def test_the_oracle_never_reads_the_pile_order(strong_ab):
    checked = 0
    for key, state, seat, legal in _positions():
        pile = list(state.pile)
        random.Random(key).shuffle(pile)
        other = msgspec.structs.replace(state, pile=tuple(pile))
        bots = [strong_ab.make_bot({"oracle": True, "playouts": 16}) for _ in range(2)]
        for bot, s in zip(bots, (state, other), strict=True):
            bot.choose(observe(s, seat), legal, random.Random(key))
        assert bots[0].last == bots[1].last
        checked += 1
    assert checked > 10


def test_the_oracle_reads_the_opponents_hand(strong_ab):
    """Dealing the hidden cards again changes some of its estimates (today's player's never)."""
    shuffler = random.Random(5)
    moved = 0
    for key, state, seat, legal in _positions():
        other = permute_hidden(state, seat, shuffler)
        bots = [strong_ab.make_bot({"oracle": True, "playouts": 16}) for _ in range(2)]
        for bot, s in zip(bots, (state, other), strict=True):
            bot.choose(observe(s, seat), legal, random.Random(key))
        moved += bots[0].last != bots[1].last
    assert moved > 3
    assert type(strong_ab.make_bot({"playouts": 16})) is not type(
        strong_ab.make_bot({"oracle": True})
    )
