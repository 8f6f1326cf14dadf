"""The strong level's deeper search in two-seat koi-koi (`ismcts`, ``StrongBot(tree=...)``):
deterministic under a seeded generator, within its budget, sees what its seat sees (the
hidden-information pattern of test_hidden_information.py), and finds a clearly winning play."""

from __future__ import annotations

import random
import time

import msgspec
import pytest

from core.actions import CallShobu, ChooseCapture, PlayCard
from core.cards import CARDS, Card, mask_of
from core.engine import legal_actions, step, to_act
from core.state import HAND, PLAY, State
from core.view import observe
from hanatui.bots.fast.chance import Dealer, Ties
from hanatui.bots.fast.policy import greedy_card
from hanatui.bots.ismcts import Tree, TreeSettings
from hanatui.bots.rollout import rollout_policy
from hanatui.bots.strong import (
    StrongBot,
    search,
    tree_play,
    tree_playout,
    tree_search,
)
from tests.bots.conftest import decision_points, rules_for
from tests.bots.test_hidden_information import permuted_choices

TREES = ["ucb", "flat"]


def _plays(limit: int = 12, seeds: int = 6):
    """Card plays of two-seat koi-koi with a real choice."""
    rules = rules_for("koikoi", {})
    found = 0
    for seed in range(seeds):
        for state in decision_points(rules, 2, seed):
            legal = legal_actions(state)
            if state.phase == PLAY and len(legal) > 1 and type(legal[0]) is PlayCard:
                yield state, to_act(state), legal
                found += 1
                if found >= limit:
                    return


def test_the_greedy_card_is_the_playout_policys():
    """The tree's prior at its nodes (`fast.policy.greedy_card`, on integers) is the card the
    playout policy plays, ties broken by the same random numbers."""
    checked = 0
    for state, seat, legal in _plays(limit=200, seeds=30):
        for k in range(3):
            card = greedy_card(state, random.Random(k))
            assert card is not None
            assert rollout_policy(state, seat, legal, random.Random(k)) == PlayCard(
                seat=seat, card=CARDS[card]
            )
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("tree", TREES)
def test_the_tree_search_is_deterministic_under_a_seed(tree):
    for k, (state, seat, legal) in enumerate(_plays(limit=4)):
        bots = [StrongBot(tree=tree, tree_playouts=60) for _ in range(2)]
        choices = [bot.choose(observe(state, seat), legal, random.Random(k)) for bot in bots]
        assert choices[0] == choices[1]
        assert bots[0].last == bots[1].last
        assert sum(e.playouts for e in bots[0].last) > 0


@pytest.mark.parametrize("tree", TREES)
def test_the_tree_search_never_depends_on_unseen_cards(tree):
    """As test_hidden_information.py asks of every level: the cards its seat cannot see
    dealt again among the hidden zones change no decision and no estimate."""
    checked = 0
    for bots, choices in permuted_choices(
        rules_for("koikoi", {}),
        2,
        lambda: StrongBot(playouts=12, tree=tree, tree_playouts=40),
        random.Random(96),
    ):
        assert choices[0] == choices[1]
        assert bots[0].last == bots[1].last
        checked += 1
    assert checked > 3


def test_the_ucb_search_spends_its_iterations_exactly():
    for state, seat, legal in _plays(limit=3):
        estimates = tree_search(observe(state, seat), legal, random.Random(1), iterations=77)
        assert sum(e.playouts for e in estimates) == 77
        assert {e.action for e in estimates} == set(legal)


def test_the_flat_tree_search_keeps_to_its_playouts():
    for state, seat, legal in _plays(limit=3):
        bot = StrongBot(tree="flat", tree_playouts=90)
        bot.choose(observe(state, seat), legal, random.Random(2))
        assert sum(e.playouts for e in bot.last) <= 90 + len(legal)


@pytest.mark.parametrize("tree", TREES)
def test_a_time_budget_ends_the_tree_search(tree):
    state, seat, legal = next(_plays(limit=1))
    bot = StrongBot(playouts=1_000_000, seconds=0.05, tree=tree)
    start = time.perf_counter()
    bot.choose(observe(state, seat), legal, random.Random(3))
    assert time.perf_counter() - start < 0.05 + 0.2  # one iteration or sample may overrun
    assert 0 < sum(e.playouts for e in bot.last) < 1_000_000


def test_the_koikoi_call_keeps_the_flat_search():
    rules = rules_for("koikoi", {})
    for seed in range(40):
        for state in decision_points(rules, 2, seed):
            legal = legal_actions(state)
            if any(type(a) is CallShobu for a in legal):
                seat = to_act(state)
                tree = StrongBot(playouts=30, tree="ucb")
                flat = StrongBot(playouts=30)
                view = observe(state, seat)
                assert tree.choose(view, legal, random.Random(4)) == flat.choose(
                    view, legal, random.Random(4)
                )
                assert tree.last == flat.last
                return
    raise AssertionError("no koi-koi call found")


def _moon_position() -> State:
    """Seat 0, holding two brights, has played its August chaff onto the moon and the geese:
    taking the moon makes three brights (sanko), taking the geese leaves the moon to whoever
    plays or draws the last August card."""
    rules = rules_for("koikoi", {})
    base = next(
        s
        for s in decision_points(rules, 2, 0)
        if s.phase == PLAY and s.stage == HAND and s.turn == 0 and s.round == 1
    )
    hand0 = mask_of(["08c", "02c", "05c", "12c"])
    field = mask_of(["08a", "08b", "04c", "10c"])
    caps0 = mask_of(["01a", "01c", "03a", "03c"])
    caps1 = mask_of(["07c", "07d"])
    rest = [i for i in range(48) if not (hand0 | field | caps0 | caps1) >> i & 1]
    random.Random(0).shuffle(rest)
    state = msgspec.structs.replace(
        base,
        hands=(hand0, mask_of([CARDS[i] for i in rest[:4]])),
        field=field,
        captures=(caps0, caps1),
        pile=tuple(rest[4:]),
    )
    return step(state, PlayCard(seat=0, card=Card("08c")))[-1][1]


@pytest.mark.parametrize("tree", TREES)
def test_the_tree_search_takes_the_moon_for_three_brights(tree):
    state = _moon_position()
    view = observe(state, 0)
    legal = legal_actions(state)
    moon = ChooseCapture(seat=0, card=Card("08c"), target=Card("08a"))
    assert moon in legal and len(legal) == 2
    if tree == "ucb":
        estimates = tree_search(view, legal, random.Random(5), iterations=200, prior=None)
    else:
        trees = [Tree(0, tree_play(0, "mixed")) for _ in legal]
        estimates = search(view, legal, random.Random(5), playouts=200, call="mixed", trees=trees)
    assert estimates[0].action == moon
    assert estimates[0].mean > estimates[1].mean + 2.0


def test_an_unknown_tree_search_is_refused():
    with pytest.raises(ValueError, match="unknown tree search: 'deep'"):
        StrongBot(tree="deep")


def test_a_node_widens_beyond_the_greedy_card_only_as_it_is_visited():
    """Progressive widening: with a threshold no node reaches, every card a node tries is the
    greedy policy's in some deal; with none, the opponent's node tries its other cards too."""
    state, seat, legal = next(_plays(limit=1))
    view = observe(state, seat)
    tried = {}
    for widen in (0, 10**9):
        tree = Tree(seat, tree_play(seat, "mixed"), TreeSettings(widen=widen))
        deal = Dealer(view, random.Random(6))
        rng = random.Random(6)
        for _ in range(60):
            tree_playout(tree, deal(rng), legal[0], Ties(rng.getrandbits(32)))
        tried[widen] = len(tree.root.children)
    assert tried[0] > tried[10**9] >= 1
