"""The endgame solve (`hanatui.bots.fast.endgame`) against a brute-force minimax over the engine, on
small endgames of random deals in every koi-koi preset and the options the koi-koi playout
plays; the strong level's ``solve`` option decides from its seat's view alone, and the default
player never solves."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from core.actions import Action
from core.chance import advance
from core.engine import apply, is_chance, is_over, legal_actions, step, to_act
from core.events import MatchStarted, RoundEnded
from core.rules import AnyRules, find_rules, presets
from core.state import HAND, PLAY, State
from core.view import observe
from hanatui.bots import strong
from hanatui.bots.fast import endgame
from hanatui.bots.fast.calls import POLICIES
from hanatui.bots.fast.chance import Ties
from hanatui.bots.fast.playout import play_out_score
from hanatui.bots.fast.rounds import round_for
from hanatui.bots.rollout import rollout_policy
from hanatui.bots.strong import StrongBot
from tests.bots.conftest import decision_points, rules_for
from tests.bots.test_hidden_information import permuted_choices
from tests.bots.test_playout import KK_OPTIONS
from tests.helpers import players


def brute(state: State, seat: int) -> int:
    """The round's value for ``seat`` when both seats play their best knowing every card:
    minimax over every legal action of the engine, to the RoundEnded event's points."""
    actor = to_act(state)
    assert actor is not None
    values = [brute_after(state, a, actor) for a in legal_actions(state)]
    return max(values) if actor == seat else -max(values)


def brute_after(state: State, action: Action, seat: int) -> int:
    out = step(state, action)
    for event, _ in out:
        if type(event) is RoundEnded:
            return event.points[seat] - event.points[1 - seat]
    return brute(out[-1][1], seat)


def endgames(rules: AnyRules, cards: int, seeds: int) -> Iterator[State]:
    """Every decision (a card, a capture, a call) of two-seat deals played forward, where both
    hands hold at most ``cards`` cards. The deals are played by the playout policy and at
    random by turns, so the calls go both ways and the piles are not only random ones."""
    for seed in range(seeds):
        rng = random.Random(seed)
        state = apply(None, MatchStarted(rules=rules, players=players(2)))
        while not is_over(state):
            if is_chance(state):
                state = advance(state, rng)[-1][1]
                continue
            seat = to_act(state)
            assert seat is not None
            legal = legal_actions(state)
            if max(h.bit_count() for h in state.hands) <= cards:
                yield state
            if rng.random() < 0.5:
                action = legal[rng.randrange(len(legal))]
            else:
                action = rollout_policy(state, seat, legal, rng)
            state = step(state, action)[-1][1]


def check(rules: AnyRules, cards: int = 4, seeds: int = 6) -> int:
    """The solve's values of each endgame and of each action in it against `brute`: how many
    endgames were compared."""
    compared = 0
    for state in endgames(rules, cards, seeds):
        if round_for(state) is None:
            assert endgame.value(state, 0) is None
            continue
        seat = to_act(state)
        assert seat is not None
        assert endgame.value(state, seat) == brute(state, seat)
        assert endgame.value(state, 1 - seat) == -brute(state, seat)
        for action in legal_actions(state):
            assert endgame.value_after(state, action, seat) == brute_after(state, action, seat)
        compared += 1
    return compared


@pytest.mark.parametrize("preset", presets("koikoi"))
def test_the_solve_is_the_engines_minimax_in_every_preset(preset):
    assert check(find_rules("koikoi", preset, rounds=3)) >= 40


@pytest.mark.parametrize("options", KK_OPTIONS, ids=str)
def test_the_solve_is_the_engines_minimax_under_options(options):
    assert check(find_rules("koikoi", rounds=3, **options)) >= 20


def test_the_solve_is_the_engines_minimax_with_five_cards():
    assert check(find_rules("koikoi", rounds=2), cards=5, seeds=1) >= 10


def test_the_solve_leaves_what_the_playout_does_not_play():
    rules = find_rules("koikoi", turn_structure="draw_then_play_two")
    state = next(s for s in decision_points(rules, 2, 1) if s.phase == PLAY)
    assert endgame.value(state, 0) is None
    assert endgame.value_after(state, legal_actions(state)[0], 0) is None


def test_the_solve_counts_its_nodes_and_cuts():
    """A four-card solve searches far fewer turns than the tree holds (alpha-beta and the
    table): well under the 4*4*3*3*2*2 orders of the cards alone."""
    rules = find_rules("koikoi", rounds=2)
    stats = endgame.Stats()
    for state in endgames(rules, 4, 3):
        if state.phase == PLAY and min(h.bit_count() for h in state.hands) == 4:
            for action in legal_actions(state):
                endgame.value_after(state, action, state.turn, stats)
    assert stats.solves >= 8
    assert 4 <= stats.nodes / stats.solves < 300


def tail_reference(state: State, action: Action, seat: int, cards: int, ties: Ties) -> int:
    """A playout with an exact end, by the engine: ``action``, then the playout policy (with
    the mixed call) for both seats until a turn from the hand where both hands hold at most
    ``cards`` cards, then `brute` from there."""
    policy = POLICIES["mixed"]
    out = step(state, action)
    while True:
        for event, _ in out:
            if type(event) is RoundEnded:
                return event.points[seat] - event.points[1 - seat]
        st = out[-1][1]
        if st.phase == PLAY and st.stage == HAND and max(h.bit_count() for h in st.hands) <= cards:
            return brute(st, seat)
        actor = to_act(st)
        assert actor is not None
        out = step(st, policy(st, actor, legal_actions(st), ties))


@pytest.mark.parametrize(
    "options", [{}, {"koikoi_requires_new_yaku": True, "raise_allows_shobu": True}], ids=str
)
def test_a_playout_with_an_exact_end_is_the_engines(options):
    """`fast.playout.play_out_score` with a `Finisher`: the greedy playout to the first turn
    where both hands are small, then the solve; its points differ by the reference's value."""
    rules = find_rules("koikoi", rounds=3, **options)
    compared = solved = 0
    for k, state in enumerate(endgames(rules, 6, 4)):
        seat = to_act(state)
        assert seat is not None
        for action in legal_actions(state):
            finish = endgame.Finisher(3)
            points = play_out_score(state, action, Ties(k), "mixed", finish)
            assert points is not None
            want = tail_reference(state, action, seat, 3, Ties(k))
            assert points[seat] - points[1 - seat] == want, action
            compared += 1
            solved += finish.stats.solves
    assert compared >= 100
    assert solved >= 50


def test_the_solve_option_never_depends_on_unseen_cards(monkeypatch):
    """As test_hidden_information.py asks of every level, with the solve on: dealing the
    hidden cards again changes no decision and no estimate; and the solve did decide."""
    solves = [0]

    def counted(state: State, action: Action, seat: int) -> int | None:
        solves[0] += 1
        return endgame.value_after(state, action, seat)

    monkeypatch.setattr(strong, "value_after", counted)
    checked = 0
    for bots, choices in permuted_choices(
        rules_for("koikoi", {}),
        2,
        lambda: StrongBot(playouts=12, solve=3, solve_playouts=20, solve_tail=2),
        random.Random(97),
        seeds=4,
        every=1,
    ):
        assert choices[0] == choices[1]
        assert bots[0].last == bots[1].last
        checked += 1
    assert checked > 10
    assert solves[0] > 100


def test_the_default_player_never_solves(monkeypatch):
    """Off by default: the solve is never asked, and ``solve=0`` chooses as the default."""

    def refuse(state: State, action: Action, seat: int) -> int | None:
        raise AssertionError("the default player solved")

    monkeypatch.setattr(strong, "value_after", refuse)
    rules = rules_for("koikoi", {})
    seen = 0
    for k, state in enumerate(decision_points(rules, 2, 5, limit=80)):
        seat = to_act(state)
        legal = legal_actions(state)
        if seat is None or len(legal) < 2 or k % 2:
            continue
        view = observe(state, seat)
        a = StrongBot(playouts=15).choose(view, legal, random.Random(k))
        b = StrongBot(playouts=15, solve=0).choose(view, legal, random.Random(k))
        assert a == b
        seen += 1
    assert seen > 5


def test_a_solved_decision_spends_its_own_budget():
    """``solve_playouts`` is the budget of a solved decision: the candidates' samples add up
    to it (successive halving), where the unsolved decisions keep theirs."""
    rules = rules_for("koikoi", {})
    for state in endgames(rules, 3, 4):
        seat = to_act(state)
        legal = legal_actions(state)
        if state.phase == PLAY and len(legal) == 3 and seat is not None:
            break
    else:
        raise AssertionError("no three-card play found")
    bot = StrongBot(playouts=10, solve=3, solve_playouts=60)
    bot.choose(observe(state, seat), legal, random.Random(1))
    assert sum(e.playouts for e in bot.last) == 60  # 10 each, then 15 each for the best two
    spent = []
    for solve in (0, 2):  # three cards: not solved, the decision's budget of playouts
        bot = StrongBot(playouts=10, solve=solve, solve_playouts=60)
        bot.choose(observe(state, seat), legal, random.Random(1))
        spent.append(sum(e.playouts for e in bot.last))
    assert spent[0] == spent[1] < 60
