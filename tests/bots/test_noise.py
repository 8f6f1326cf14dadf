"""Noise in koi-koi's own playout (`fast.rounds.Style.epsilon`, `.temperature`, `.opponent_only`;
`StrongBot(epsilon=..., temperature=..., noise_opponent=...)`): off, today's playouts exactly and
not one random number more; on, the playouts change, the random cards are the hand's, and the
round still scores as stepping the engine with the same noisy policy does."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from core.actions import Action, PlayCard
from core.engine import legal_actions, to_act
from core.rules import find_rules
from core.state import HAND, PLAY, State
from hanatui.bots import rollout
from hanatui.bots.fast import playout as fast_playout
from hanatui.bots.fast.calls import POLICIES
from hanatui.bots.fast.chance import Ties
from hanatui.bots.fast.playout import play_out_score
from hanatui.bots.fast.policy import card_values, noisy_card
from hanatui.bots.fast.rounds import PLAIN_STYLE, Style, greedy, round_for
from hanatui.bots.strong import StrongBot
from tests.bots.conftest import decision_points
from tests.bots.test_imitate import _views
from tests.bots.test_playout import KK_OPTIONS, engine_points, kk_round, random_table


def positions(options: dict[str, Any], deals: int, every: int = 3) -> list[State]:
    """Every ``every``-th decision of ``deals`` two-seat deals that koi-koi's playout plays."""
    rules = find_rules("koikoi", rounds=3, **options)
    out = []
    for seed in range(deals):
        for k, state in enumerate(decision_points(rules, 2, seed, limit=60)):
            if k % every == 0 and round_for(state) is not None:
                out.append(state)
    return out


def test_no_noise_is_todays_playout_and_draws_nothing_more():
    """A style whose noise is zero is the plain style itself (the same compiled round), and the
    playouts of the plain weights give the same points with the same random numbers used."""
    assert Style(epsilon=0.0, temperature=0.0) == PLAIN_STYLE
    assert greedy(PLAIN_STYLE) is PLAIN_STYLE
    compared = 0
    for k, state in enumerate(positions({}, 3)):
        assert round_for(state).noisy is False
        for action in legal_actions(state):
            ours, today = Ties(k), Ties(k)
            got = play_out_score(state, action, ours, "mixed", None, Style())
            assert got == play_out_score(state, action, today, "mixed")
            assert ours._state == today._state
            compared += 1
    assert compared > 50


def test_the_strong_player_without_noise_searches_as_today():
    """``StrongBot(epsilon=0, temperature=0)`` is the default player (the same estimates);
    each kind of noise changes the playouts' values; out-of-range noise is refused."""
    changed = {"epsilon": 0, "temperature": 0, "opponent": 0}
    for k, (view, legal) in enumerate(_views(4)):
        today = StrongBot(playouts=60)
        off = StrongBot(playouts=60, epsilon=0.0, temperature=0.0, noise_opponent=True)
        assert off.style is PLAIN_STYLE
        noisy = {
            "epsilon": StrongBot(playouts=60, epsilon=0.25),
            "temperature": StrongBot(playouts=60, temperature=0.5),
            "opponent": StrongBot(playouts=60, epsilon=0.25, noise_opponent=True),
        }
        for bot in (today, off, *noisy.values()):
            bot.choose(view, legal, random.Random(k))
        assert off.last == today.last
        for name, bot in noisy.items():
            changed[name] += bot.last != today.last
    assert all(n >= 3 for n in changed.values()), changed
    for bad in ({"epsilon": -0.1}, {"epsilon": 1.5}, {"temperature": -1.0}):
        with pytest.raises(ValueError):
            StrongBot(**bad)


def noisy_policy(call: str, noisy: set[int]):
    """The reference: the playout policy of ``call`` stepped on the engine, where a seat of
    ``noisy`` plays a card from the hand at random (epsilon 1: the draw that decides it, then
    a card of the hand evenly, none with one card left), as koi-koi's playout does."""
    base = POLICIES[call]

    def policy(state: State, seat: int, legal: tuple[Action, ...], rng: random.Random) -> Action:
        hand = state.hands[seat]
        if state.phase == PLAY and state.stage == HAND and seat in noisy and hand & (hand - 1):
            assert rng.random() < 1.0
            cards = rollout.INDEXES[hand]
            card = cards[rng.randrange(len(cards))]
            return next(a for a in legal if type(a) is PlayCard and a.card.index == card)
        return base(state, seat, legal, rng)

    return policy


@pytest.mark.parametrize("options", KK_OPTIONS[:4], ids=str)
@pytest.mark.parametrize("opponent_only", [False, True], ids=["both", "opponent"])
def test_random_cards_score_as_the_engine_does(monkeypatch, options, opponent_only):
    """Epsilon 1 (every card from the hand at random): each card played is in the mover's
    hand, and the round's points are the engine's with the same random cards (the same random
    numbers used); opponent-only, the searching seat's cards stay the greedy policy's."""
    played = []
    real = noisy_card

    def recorded(kk, hand, field, mine, theirs, op_cards, rng):
        card = real(kk, hand, field, mine, theirs, op_cards, rng)
        assert hand >> card & 1
        played.append(card)
        return card

    monkeypatch.setattr(fast_playout, "noisy_card", recorded)
    style = Style(epsilon=1.0, opponent_only=opponent_only)
    compared = 0
    for k, state in enumerate(positions(options, 3, every=5)):
        seat = to_act(state)
        assert seat is not None
        noisy = {1 - seat} if opponent_only else {0, 1}
        for action in legal_actions(state):
            for call in ("normal", "mixed"):
                ours, engine = random.Random(k), random.Random(k)
                got = play_out_score(state, action, ours, call, None, style)
                assert got is not None
                assert got == engine_points(state, action, engine, noisy_policy(call, noisy))
                assert ours.getstate() == engine.getstate()
                compared += 1
    assert compared >= 40 and len(played) > 2 * compared


def test_the_softmax_draws_by_the_cards_values():
    """With a temperature, the card is drawn with the softmax of `card_values` at that
    temperature: the frequencies on a table agree with it; near zero it is the greedy choice
    (a highest valued card), very hot every card about evenly."""
    kk, state = kk_round(find_rules("koikoi", rounds=1))
    rng = random.Random(21)
    checked = 0
    while checked < 3:
        hand, field, mine, theirs = random_table(rng)[:4]
        values = card_values(state, hand, field, mine, theirs)
        assert values is not None
        spread = max(values.values()) - min(values.values())
        if len(values) < 4 or not 0.5 < spread < 3.0:
            continue
        for heat in (1e-6, 0.5, 1e6):
            noisy = round_for(state, Style(temperature=heat))
            assert noisy is not None and noisy.noisy and noisy.values is kk.values
            draws = 20_000 if heat == 0.5 else 2_000
            counts = dict.fromkeys(values, 0)
            ties = Ties(checked)
            for _ in range(draws):
                counts[noisy_card(noisy, hand, field, mine, theirs, 0, ties)] += 1
            top = max(values.values())
            weights = {c: math.exp((v - top) / heat) for c, v in values.items()}
            total = sum(weights.values())
            for c, n in counts.items():
                want = weights[c] / total
                # about four standard errors of a share of ``draws``
                tolerance = 4 * math.sqrt(want * (1 - want) / draws) + 1e-3
                assert abs(n / draws - want) < tolerance, (heat, c, n / draws, want)
            if heat == 1e-6:
                assert all(values[c] > top - 1e-9 for c, n in counts.items() if n)
        checked += 1


def test_ties_draws_even_floats():
    """`Ties.random()`: floats in [0, 1), the same from the same seed, spread evenly."""
    ties, again = Ties(9), Ties(9)
    xs = [ties.random() for _ in range(20_000)]
    assert xs == [again.random() for _ in range(20_000)]
    assert all(0.0 <= x < 1.0 for x in xs)
    for k in range(10):
        assert 1800 < sum(1 for x in xs if k / 10 <= x < (k + 1) / 10) < 2200
