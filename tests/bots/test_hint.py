"""The hint for a human seat: the strong bot's move and its expected points, from the seat's
view only."""

from __future__ import annotations

import random

from core.actions import Action
from core.engine import legal_actions, to_act
from core.view import observe
from hanatui.bots.hint import describe_hint, hint, legal_for
from tests.bots.conftest import STANDARD, decision_points, rules_for


def test_hint_is_a_legal_move_with_its_expected_points():
    for game, n, options in STANDARD:
        rules = rules_for(game, options)
        for k, state in enumerate(decision_points(rules, n, seed=4)):
            if k % 5:
                continue
            seat = to_act(state)
            result = hint(state, seat, budget=16)
            assert result is not None
            action, expected = result
            assert isinstance(action, Action) and action in legal_actions(state)
            assert isinstance(expected, float)
            assert describe_hint(action, expected)
            # the same from the view, and reproducible
            assert hint(observe(state, seat), budget=16) == result


def test_the_seat_not_to_act_gets_no_hint():
    rules = rules_for("koikoi", {})
    state = next(iter(decision_points(rules, 2, seed=1)))
    other = 1 - to_act(state)
    assert hint(state, other, budget=8) is None
    assert legal_for(observe(state, other)) == ()


def test_legal_for_a_view_matches_the_engine():
    rng = random.Random(2)
    for game, n, options in STANDARD:
        rules = rules_for(game, options)
        for state in decision_points(rules, n, seed=rng.randrange(1000)):
            seat = to_act(state)
            assert legal_for(observe(state, seat)) == legal_actions(state)


def test_the_hint_is_what_the_strong_bot_plays():
    from hanatui.bots.strong import StrongBot

    rules = rules_for("koikoi", {})
    for k, state in enumerate(decision_points(rules, 2, seed=9)):
        legal = legal_actions(state)
        if len(legal) < 2 or k % 2:
            continue
        view = observe(state, to_act(state))
        action, expected = hint(view, budget=40, seed=k)
        bot = StrongBot(playouts=40)
        assert action == bot.choose(view, legal, random.Random(k))
        # the same search, not only the same move: the same playouts give the same estimate
        assert expected == round(bot.last[0].mean, 2)
