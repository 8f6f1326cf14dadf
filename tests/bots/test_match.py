"""Match-aware play: the standing (public totals and rounds left) changes the koi-koi call as a
player would want, and a one-round game is played for points alone."""

from __future__ import annotations

import random

import msgspec

from core.actions import CallKoiKoi, CallShobu
from core.engine import legal_actions, to_act
from core.rules import find_rules
from core.state import DECIDE, State
from hanatui.bots.match import standing, win_chance
from hanatui.bots.normal import Params, koikoi_choice
from tests.bots.conftest import decision_points


def seat_of(state: State) -> int:
    seat = to_act(state)
    assert seat is not None
    return seat


def decide_states(rounds: int, limit: int = 40) -> list[State]:
    """Koi-koi-or-shobu decisions of random play (both calls legal)."""
    rules = find_rules("koikoi", rounds=rounds)
    out = []
    for seed in range(60):
        for state in decision_points(rules, 2, seed):
            legal = legal_actions(state)
            if state.phase == DECIDE and CallKoiKoi(seat=seat_of(state)) in legal:
                out.append(state)
                break
        if len(out) >= limit:
            break
    return out


def in_last_round(state: State, lead: int) -> State:
    """The same table as the last round of 12, the seat to act ``lead`` points ahead."""
    seat = seat_of(state)
    totals = [20, 20]
    totals[seat] += lead
    history = ((0, 0),) * 11
    return msgspec.structs.replace(state, totals=tuple(totals), history=history)


def calls(states: list[State], lead: int, params: Params) -> int:
    """How many of ``states`` the normal policy plays on (koi-koi) at that lead."""
    n = 0
    for state in states:
        st = in_last_round(state, lead)
        action = koikoi_choice(st, seat_of(st), legal_actions(st), params)
        n += isinstance(action, CallKoiKoi)
    return n


def test_behind_in_the_last_round_plays_on_and_ahead_stops():
    states = decide_states(rounds=12)
    assert len(states) >= 20
    aware = Params()
    behind, ahead = calls(states, -6, aware), calls(states, 15, aware)
    blind = calls(states, -6, Params(match_aware=False))
    # Blind to the standing, the lead changes nothing.
    assert blind == calls(states, 15, Params(match_aware=False))
    assert behind > blind, (behind, blind)
    assert ahead == 0, ahead


def test_a_single_round_has_no_standing_and_the_match_values_are_monotone():
    state = decide_states(rounds=1, limit=1)[0]
    assert standing(state, to_act(state)) is None
    st = standing(in_last_round(decide_states(rounds=12, limit=1)[0], 0), 0)
    assert st is not None and st.rounds_left == 0
    values = [win_chance(st, d) for d in range(-20, 21, 2)]
    assert values == sorted(values) and values[0] < 0.05 and values[-1] > 0.95


def test_target_scoring_stops_when_the_points_in_hand_end_the_match():
    rules = find_rules("koikoi", rounds=12, match_scoring="target", target_score=30)
    for seed in range(80):
        for state in decision_points(rules, 2, seed):
            seat = to_act(state)
            legal = legal_actions(state)
            if state.phase != DECIDE or CallKoiKoi(seat=seat) not in legal:
                continue
            totals = [0, 0]
            totals[seat] = 29  # any score now reaches the target
            st = msgspec.structs.replace(state, totals=tuple(totals))
            assert isinstance(koikoi_choice(st, seat, legal), CallShobu)
            return
    raise AssertionError("no koi-koi decision found")


def test_strong_weighs_koikoi_by_the_match_too():
    from core.view import observe
    from hanatui.bots.strong import StrongBot

    states = decide_states(rounds=12, limit=12)
    koi_ahead = koi_behind = 0
    for k, state in enumerate(states):
        for lead in (15, -6):
            st = in_last_round(state, lead)
            seat = to_act(st)
            action = StrongBot(playouts=60).choose(
                observe(st, seat), legal_actions(st), random.Random(k)
            )
            if isinstance(action, CallKoiKoi):
                koi_ahead += lead > 0
                koi_behind += lead < 0
    assert koi_ahead == 0 and koi_behind >= 3, (koi_ahead, koi_behind)
