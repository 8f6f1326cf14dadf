"""Play on from here: same future or a fair reshuffle of what the seat could not see."""

from __future__ import annotations

import random

import pytest

from core.engine import fold
from core.errors import HanaError
from core.events import Dealt
from core.fork import fork_events
from core.players import Player
from core.rules import find_rules
from core.view import observe
from tests.helpers import random_playout

YOU = (
    Player(name="You"),
    Player(name="CPU", kind="bot", bot="easy"),
    Player(name="CPU 2", kind="bot", bot="easy"),
)


@pytest.fixture(scope="module")
def match():
    return random_playout(find_rules("bakappana", rounds=2), 3, 21)


def test_same_future_keeps_the_recorded_deck(match):
    events, states = match
    index = 30
    forked = fork_events(events, index, players=YOU, seat=0)
    state = fold(forked)
    assert state.players == YOU
    assert state.hands == states[index - 1].hands and state.pile == states[index - 1].pile


def test_reshuffle_moves_only_cards_the_seat_could_not_see(match):
    events, states = match
    index = 30
    before = states[index - 1]
    unseen = observe(before, 0).unseen.mask
    changed = False
    for seed in range(5):
        forked = fork_events(
            events, index, players=YOU, seat=0, mode="reshuffled", rng=random.Random(seed)
        )
        state = fold(forked)
        assert state.hands[0] == before.hands[0] and state.field == before.field
        assert state.captures == before.captures
        others = state.hands[1] | state.hands[2]
        pile = sum(1 << i for i in state.pile)
        assert others | pile == unseen  # the same unseen cards, maybe elsewhere
        assert [h.bit_count() for h in state.hands] == [h.bit_count() for h in before.hands]
        changed |= state.pile != before.pile
        # dealt events of earlier rounds are untouched
        old_deals = [e for e in events[:index] if isinstance(e, Dealt)]
        new_deals = [e for e in forked if isinstance(e, Dealt)]
        assert old_deals[:-1] == new_deals[:-1]
    assert changed


def test_fork_refuses_bad_positions(match):
    events, _ = match
    with pytest.raises(HanaError, match="cannot fork"):
        fork_events(events, len(events) + 1, players=YOU, seat=0)
    with pytest.raises(HanaError, match="over"):
        fork_events(events, len(events), players=YOU, seat=0)
    with pytest.raises(HanaError, match="seats"):
        fork_events(events, 10, players=YOU[:2], seat=0)
