"""The analysis of a seat never uses cards that seat could not see at that moment.

As for the bots (tests/bots/test_hidden_information.py): permuting the cards a seat cannot see
never changes the verdict on its decision. Here at two levels: the verdict on a position, and
the whole runner over a log, where the permuted log also has a different future (other draws,
other plays after the decision), which the analysis of that decision must not look at either.
"""

from __future__ import annotations

import random

import pytest

from core.engine import apply, is_chance, is_over, legal_actions, step, to_act
from core.errors import CorruptLogError
from core.fork import fork_events
from core.logfile import LogRead, header_for
from core.view import observe
from hanatui.analysis import Analyser, analyse_position, decision_points, move_of
from tests.bots.conftest import STANDARD, option_id, rules_for
from tests.bots.conftest import decision_points as random_positions
from tests.bots.test_hidden_information import permute_hidden
from tests.helpers import random_playout

BUDGET = 24


@pytest.mark.parametrize("entry", STANDARD, ids=option_id)
def test_permuting_unseen_cards_never_changes_a_verdict(entry):
    game, n, options = entry
    rules = rules_for(game, options)
    shuffler = random.Random(7)
    checked = 0
    for k, state in enumerate(random_positions(rules, n, seed=2)):
        if k % 3:
            continue
        seat = to_act(state)
        legal = legal_actions(state)
        if len(legal) < 2:
            continue
        other = permute_hidden(state, seat, shuffler)
        assert other != state or not state.pile
        move = legal[k % len(legal)]
        first = analyse_position(observe(state, seat), move, index=k, budget=BUDGET)
        second = analyse_position(observe(other, seat), move, index=k, budget=BUDGET)
        assert first == second, f"the verdict changed after a permutation of hidden cards ({k})"
        checked += 1
    assert checked >= 3


def _log(events) -> LogRead:
    states = []
    state = None
    for e in events:
        state = apply(state, e)
        states.append(state)
    return LogRead(header=header_for(events), events=list(events), states=states)


def _play_on(events, seed: int) -> list:
    """The events played on to the end of the match with random legal moves and deals."""
    from core.chance import advance
    from core.engine import run_auto

    rng = random.Random(seed)
    events = list(events)
    state = _log(events).states[-1]
    while not is_over(state):
        if is_chance(state):
            pairs = advance(state, rng)
        elif to_act(state) is None:
            pairs = run_auto(state)  # the draw or the score due after the decision
        else:
            legal = legal_actions(state)
            pairs = step(state, legal[rng.randrange(len(legal))])
        events += [e for e, _ in pairs]
        state = pairs[-1][1]
    return events


@pytest.mark.parametrize("entry", STANDARD, ids=option_id)
def test_the_runner_sees_neither_hidden_cards_nor_the_future(entry):
    """Log B is log A up to a decision with the cards the deciding seat could not see dealt
    differently among their places, the same decision, then another future: the analysis of
    that decision is the same in both."""
    game, n, options = entry
    rules = rules_for(game, options)
    events, _ = random_playout(rules, n, seed=31)
    log_a = _log(events)
    points = decision_points(log_a)
    checked = 0
    for p in points[1 :: max(1, len(points) // 4)]:
        decision = events[p.index]
        prefix = fork_events(
            events,
            p.index,
            players=log_a.header.players,
            seat=p.seat,
            mode="reshuffled",
            rng=random.Random(p.index),
        )
        try:
            log_b = _log(_play_on([*prefix, decision], seed=p.index))
        except CorruptLogError:
            continue  # the decision depended on hidden cards (a Gaji stopped by a hiki)
        assert log_b.events[: p.index] != events[: p.index] or not log_a.states[p.index].pile
        assert move_of(log_b.events[p.index], observe(log_b.states[p.index - 1], p.seat))
        a = Analyser(log_a, seats=[p.seat], budget=BUDGET, indexes=[p.index]).run()
        b = Analyser(log_b, seats=[p.seat], budget=BUDGET, indexes=[p.index]).run()
        assert a.at(p.index) is not None
        assert a.at(p.index) == b.at(p.index), f"event {p.index}: the verdict saw hidden cards"
        checked += 1
    assert checked >= 2
