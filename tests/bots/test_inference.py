"""The strong level's reading of the opponent's hand from its public plays (`inference`)."""

from __future__ import annotations

import random

from core.actions import PlayCard
from core.cards import BRIGHTS, MONTH_MASKS, iter_bits
from core.chance import advance
from core.engine import apply, is_chance, is_over, legal_actions, step, to_act
from core.events import MatchStarted
from core.rules import find_rules
from core.state import HAND, PLAY
from core.view import observe
from hanatui.bots.inference import Reader, WeightedDealer
from tests.helpers import players

RULES = find_rules("koikoi", rounds=1)


def _hand_play(state) -> bool:
    return state.phase == PLAY and state.stage == HAND and len(legal_actions(state)) > 0


def _rounds(seeds):
    """Per seed, a round played at random: each decision's state and the action taken."""
    for seed in seeds:
        rng = random.Random(seed)
        trace = []
        state = apply(None, MatchStarted(rules=RULES, players=players(2)))
        while not is_over(state):
            if is_chance(state):
                state = advance(state, rng)[-1][1]
                continue
            legal = legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            trace.append((state, action))
            state = step(state, action)[-1][1]
        yield trace


def test_every_opponent_turn_read_includes_what_really_happened():
    read = 0
    for trace in _rounds(range(40)):
        reader = Reader()
        truth = []
        for state, action in trace:
            seat = to_act(state)
            if seat == 1 and _hand_play(state) and isinstance(action, PlayCard):
                truth.append((state.field, action.card.index))
            if seat != 0:
                continue
            view = observe(state, 0)
            before = len(reader.readings)
            reader.observe(view)
            if len(reader.readings) > before:
                readings = {(r.field, r.card) for r in reader.readings[-1]}
                assert truth[-1] in readings
                read += 1
    assert read > 100  # most of the opponent's turns are read


def test_a_reader_starts_afresh_on_a_new_round():
    trace = next(_rounds([3]))
    reader = Reader()
    for state, _ in trace:
        if to_act(state) == 0:
            view = observe(state, 0)
            reader.observe(view)
    assert reader.readings
    other = next(_rounds([4]))
    first = next(s for s, _ in other if to_act(s) == 0)
    reader.observe(observe(first, 0))
    assert reader.readings == [] and reader.weights(observe(first, 0)) is None


def _after_a_skipped_bright():
    """A seat-0 view whose last opponent turn left a bright it could have taken on the
    field: the opponent played a card of another month, which did not capture."""
    for trace in _rounds(range(200)):
        reader = Reader()
        for state, _ in trace:
            if to_act(state) != 0:
                continue
            view = observe(state, 0)
            reader.observe(view)
            if reader.readings and len(reader.readings[-1]) == 1 and view.turn_no > 4:
                r = reader.readings[-1][0]
                brights = list(iter_bits(r.field & BRIGHTS))
                hidden = view.unseen.mask
                for b in brights:
                    month = list(iter_bits(MONTH_MASKS[b >> 2] & hidden))
                    if month and r.card >> 2 != b >> 2:
                        return reader, view, month
    raise AssertionError("no skipped bright found")


def test_a_card_that_would_have_taken_a_skipped_bright_is_rarely_dealt_to_the_opponent():
    reader, view, month = _after_a_skipped_bright()
    weights = reader.weights(view)
    assert weights is not None
    others = [w for i, w in weights.items() if i not in month]
    assert all(weights[i] < sorted(others)[len(others) // 2] for i in month)
    deal = WeightedDealer(view, weights)
    rng = random.Random(1)
    opp = 1 - view.seat
    held = sum(any(deal(rng).hands[opp] >> i & 1 for i in month) for _ in range(400))
    uniform = 1 - 1.0
    k, n = view.hand_counts[opp], view.unseen.mask.bit_count()
    # the uniform deal's chance that the opponent holds at least one of these cards
    p_none = 1.0
    for j in range(len(month)):
        p_none *= (n - k - j) / (n - j)
    uniform = 1 - p_none
    assert held / 400 < 0.6 * uniform


def test_a_weighted_deal_agrees_with_the_view():
    reader, view, _ = _after_a_skipped_bright()
    deal = WeightedDealer(view, reader.weights(view))
    rng = random.Random(2)
    for _ in range(20):
        st = deal(rng)
        assert observe(st, view.seat) == view


def test_a_reader_keeps_what_it_learned_through_the_round():
    """Its other decisions (a capture to choose, koi-koi or shobu) and a decision asked twice
    keep the round's readings; each opponent turn is read once."""
    kept = 0
    for trace in _rounds(range(20)):
        reader = Reader()
        for state, _ in trace:
            if to_act(state) != 0:
                continue
            view = observe(state, 0)
            before = list(reader.readings)
            reader.observe(view)
            assert reader.readings[: len(before)] == before
            assert len(reader.readings) <= len(before) + 1
            if len(reader.readings) == len(before) + 1:
                again = list(reader.readings)
                reader.observe(view)
                assert reader.readings == again
            kept += bool(before) and not (view.phase == PLAY and view.stage == HAND)
    assert kept > 5
