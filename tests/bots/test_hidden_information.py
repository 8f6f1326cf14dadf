"""Bots decide from what their seat can see: permuting the cards it cannot see never changes
their decision under a fixed seed, for every level and every game."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import msgspec
import pytest

from core.actions import Action
from core.engine import legal_actions, to_act
from core.rules import AnyRules
from core.state import State
from core.view import determinize, observe
from hanatui.bots import BOTS
from hanatui.bots.strong import KOIKOI_SCALE, StrongBot
from tests.bots.conftest import STANDARD, decision_points, option_id, rules_for


def make(level: str):
    if level == "strong":
        return StrongBot(playouts=12)
    return BOTS[level]()


def permute_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The same table with the cards ``seat`` cannot see (other hands, the draw pile) dealt
    again at random among those zones, each keeping its count."""
    hidden: list[int] = [i for i in state.pile]
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden += [i for i in range(48) if hand >> i & 1]
    rng.shuffle(hidden)
    hands = list(state.hands)
    pos = 0
    for s, hand in enumerate(state.hands):
        if s == seat:
            continue
        count = hand.bit_count()
        mask = 0
        for i in hidden[pos : pos + count]:
            mask |= 1 << i
        hands[s] = mask
        pos += count
    pile = tuple(hidden[pos:])
    return msgspec.structs.replace(state, hands=tuple(hands), pile=pile)


def permuted_choices(
    rules: AnyRules,
    n: int,
    make_bot: Callable[[], StrongBot],
    shuffler: random.Random,
    seeds: int = 3,
    every: int = 3,
) -> Iterator[tuple[list[StrongBot], list[Action]]]:
    """At every ``every``-th decision with a real choice of ``seeds`` self-played deals, two
    bots from ``make_bot`` choose with the same generator: one from the seat's view of the
    table, one from the same table with its hidden cards dealt again (`permute_hidden`).
    Yields the two bots, after they chose, and their choices."""
    for seed in range(seeds):
        for k, state in enumerate(decision_points(rules, n, seed)):
            seat = to_act(state)
            legal = legal_actions(state)
            if seat is None or k % every or len(legal) < 2:
                continue
            other = permute_hidden(state, seat, shuffler)
            assert other != state or not state.pile
            bots = [make_bot() for _ in range(2)]
            choices = [
                bot.choose(observe(s, seat), legal, random.Random(seed * 1000 + k))
                for bot, s in zip(bots, (state, other), strict=True)
            ]
            yield bots, choices


@pytest.mark.parametrize("level", sorted(BOTS))
@pytest.mark.parametrize("entry", STANDARD, ids=option_id)
def test_permuting_unseen_cards_never_changes_a_decision(level, entry):
    game, n, options = entry
    rules = rules_for(game, options)
    shuffler = random.Random(99)
    checked = 0
    for seed in range(3):
        for k, state in enumerate(decision_points(rules, n, seed)):
            if level == "strong" and k % 3:
                continue  # keep the strong level's share of the test quick
            seat = to_act(state)
            legal = legal_actions(state)
            if len(legal) < 2:
                continue
            other = permute_hidden(state, seat, shuffler)
            assert other != state or not state.pile
            other_legal = legal_actions(other)
            assert other_legal == legal
            first = make(level).choose(observe(state, seat), legal, random.Random(seed * 1000 + k))
            second = make(level).choose(
                observe(other, seat), other_legal, random.Random(seed * 1000 + k)
            )
            assert first == second, (
                f"{level} decided differently after a permutation of hidden cards"
            )
            checked += 1
    assert checked > 3


@pytest.mark.parametrize("entry", STANDARD, ids=option_id)
def test_a_determinization_looks_exactly_like_the_view(entry):
    game, n, options = entry
    rules = rules_for(game, options)
    rng = random.Random(5)
    for state in decision_points(rules, n, seed=11):
        seat = to_act(state)
        view = observe(state, seat)
        sample = determinize(view, rng)
        assert observe(sample, seat) == view
        assert legal_actions(sample) == legal_actions(state)


# Matches of several rounds, the later rounds only: the totals differ between the seats, so the
# match-aware decisions (koi-koi or shobu from the standing, the risk a player ahead takes) are
# made; koi-koi's target and zero-sum ends too.
MATCHES = [
    ("koikoi", 2, {}),
    ("koikoi", 2, {"match_scoring": "target", "target_score": 30}),
    ("koikoi", 2, {"match_scoring": "zero_sum"}),
    ("bakappana", 2, {}),
    ("hana-awase", 2, {}),
    ("hana-awase", 3, {}),
    ("sakura", 2, {}),
    ("sakura", 4, {"teams": "2x2"}),
]


@pytest.mark.parametrize("level", ["normal", "strong"])
@pytest.mark.parametrize("entry", MATCHES, ids=option_id)
def test_match_aware_decisions_never_depend_on_unseen_cards(level, entry):
    game, n, options = entry
    rules = rules_for(game, options, rounds=4)
    shuffler = random.Random(7)
    checked = standing = 0
    for seed in range(2):
        for k, state in enumerate(decision_points(rules, n, seed)):
            if state.rounds_done == 0 or (level == "strong" and k % 4):
                continue
            seat = to_act(state)
            legal = legal_actions(state)
            if len(legal) < 2:
                continue
            standing += len(set(state.totals)) > 1
            other = permute_hidden(state, seat, shuffler)
            rng_seed = seed * 1000 + k
            first = make(level).choose(observe(state, seat), legal, random.Random(rng_seed))
            second = make(level).choose(
                observe(other, seat), legal_actions(other), random.Random(rng_seed)
            )
            assert first == second, f"{level} decided differently after hidden cards moved"
            checked += 1
    assert checked > 3 and standing > 0


def test_reading_the_opponents_plays_never_depends_on_unseen_cards():
    """The strong level that reads the opponent's hand from its public plays remembers what its
    seat saw across the round: fed the same views, but states whose hidden cards were dealt
    again at every one of its decisions, it learns the same and decides the same."""
    rules = rules_for("koikoi", {})
    shuffler = random.Random(3)
    checked = learned = 0
    for seed in range(4):
        one = StrongBot(playouts=16, infer=True)
        two = StrongBot(playouts=16, infer=True)
        for k, state in enumerate(decision_points(rules, 2, seed)):
            if state.round > 1:
                break
            seat = to_act(state)
            if seat != 0:
                continue
            legal = legal_actions(state)
            other = permute_hidden(state, seat, shuffler)
            first = one.choose(observe(state, seat), legal, random.Random(seed * 1000 + k))
            second = two.choose(
                observe(other, seat), legal_actions(other), random.Random(seed * 1000 + k)
            )
            assert first == second, "the reading strong player used a card it cannot see"
            reader = one._readers[0]
            assert reader.readings == two._readers[0].readings
            learned += bool(reader.readings)
            checked += 1
    assert checked > 10 and learned > 3


@pytest.mark.parametrize("entry", [e for e in STANDARD if e[0] == "koikoi"], ids=option_id)
def test_the_strong_playout_options_never_depend_on_unseen_cards(entry):
    """The koi-koi playout options (blocking, the normal level's reply)
    play out determinizations of the view: permuting the hidden cards changes no decision."""
    game, n, options = entry
    checked = 0
    for bots, choices in permuted_choices(
        rules_for(game, options),
        n,
        lambda: StrongBot(playouts=12, block=True, reply=1),
        random.Random(98),
    ):
        assert choices[0] == choices[1]
        assert bots[0].last == bots[1].last
        checked += 1
    assert checked > 3


@pytest.mark.parametrize("call", ["table", "mixed"])
@pytest.mark.parametrize("entry", [e for e in STANDARD if e[0] == "koikoi"], ids=option_id)
def test_koikoi_own_playout_never_depends_on_unseen_cards(entry, call):
    """Koi-koi's own playout (`fast.playout`: its call table, its dealer, its tie-breaks) plays
    out deals of the view alone: permuting the hidden cards changes no decision."""
    game, n, options = entry
    checked = 0
    for bots, choices in permuted_choices(
        rules_for(game, options), n, lambda: StrongBot(playouts=12, kk=call), random.Random(99)
    ):
        assert choices[0] == choices[1]
        assert bots[0].last == bots[1].last
        checked += 1
    assert checked > 3


@pytest.mark.parametrize("entry", [e for e in STANDARD if e[0] == "koikoi"], ids=option_id)
def test_the_strong_early_stop_never_depends_on_unseen_cards(entry):
    """The early stop (`Settle`) decides from the playouts of deals of the view alone: with a
    budget large enough for it to stop, permuting the hidden cards changes no decision and no
    number of playouts spent."""
    game, n, options = entry
    checked = stopped = 0
    for bots, choices in permuted_choices(
        rules_for(game, options),
        n,
        lambda: StrongBot(playouts=120, settle=1.5),
        random.Random(97),
        seeds=2,
        every=4,
    ):
        assert choices[0] == choices[1]
        assert bots[0].last == bots[1].last
        checked += 1
        stopped += sum(e.playouts for e in bots[0].last) < round(120 * KOIKOI_SCALE)
    assert checked > 3 and stopped > 0
