"""The playout policy's values of its candidates (`fast.policy.card_values`, `capture_values`),
their weights as functions (`lab/imitate.py`: the tests marked lab, run by `make lab-test`),
and the strong player's playout style."""

from __future__ import annotations

import random

import pytest

from core.actions import PlayCard
from core.engine import legal_actions
from core.rules import find_rules
from core.view import observe
from hanatui.bots import rollout
from hanatui.bots.fast.chance import Ties
from hanatui.bots.fast.policy import capture_values, card_values, choose_card, choose_target
from hanatui.bots.fast.rounds import PLAIN_STYLE, STYLES, VALUEFIT_STYLE, Style, round_for
from hanatui.bots.strong import StrongBot
from tests.bots.conftest import decision_points
from tests.bots.test_playout import kk_round, random_table
from tests.helpers import lab_script

#: Weights far from the plain ones, every entry changed.
ODD = Style(
    near=(0.4, 0.6, 0.05),
    deny=(0.3, 0.1, 0.4),
    risk=(0.2, 1.1, 0.9, 2.5),
    mate=0.7,
    urgency=(0.3, 0.8, 1.2),
)


@pytest.fixture(scope="module")
def imitate():
    with lab_script("imitate") as module:
        yield module


def _tied(values: dict[int, float]) -> set[int]:
    top = max(values.values())
    return {i for i, v in values.items() if v > top - 1e-9}


@pytest.mark.parametrize(
    "style", [PLAIN_STYLE, ODD, VALUEFIT_STYLE], ids=["plain", "odd", "valuefit"]
)
def test_the_values_are_those_the_policy_chooses_by(style):
    """The card `_choose` plays is one of the highest valued by `card_values` (the one, unless
    tied), and `_target` takes the higher of `capture_values`'s two, on random tables."""
    _, state = kk_round(find_rules("koikoi", rounds=1))
    kk = round_for(state, style)
    assert kk is not None and kk.style is style
    # The plain urgency (all 1.0) and no fitted input are left out of the loop: today's
    # playouts exactly.
    fitted = (style.own, style.wait, style.discard) != (0.0, 0.0, 0.0)
    assert (kk.fitted is None) == (not fitted)
    assert (kk.urgency is None) == (style.urgency == PLAIN_STYLE.urgency and not fitted)
    rng = random.Random(5)
    ties = 0
    targets = 0
    for k in range(1500):
        hand, field, mine, theirs, other = random_table(rng)
        op_cards = other.bit_count()
        values = card_values(state, hand, field, mine, theirs, style, op_cards)
        assert values is not None and set(values) == set(rollout.INDEXES[hand])
        tied = _tied(values)
        ties += len(tied) > 1
        for seed in range(2 if len(tied) > 1 else 1):
            got = choose_card(kk, hand, field, mine, theirs, op_cards, Ties(k + seed))
            assert got in tied
        for card in rollout.INDEXES[hand]:
            matches = field & rollout.MONTHS[card]
            if matches.bit_count() == 2:
                a, b = capture_values(state, card, matches, mine, theirs, style) or (0, 0)
                got = choose_target(kk, 1 << card, matches, mine, theirs, Ties(k))
                low = matches & -matches
                if abs(a - b) > 1e-9:
                    assert got == (low if a > b else matches ^ low)
                targets += 1
    assert ties > 10 and targets > 100


@pytest.mark.lab
def test_the_forms_give_the_policys_values_under_any_weights(imitate):
    """`imitate.forms_of` (a recorded decision as functions of the weights): under random
    weights its values are `card_values`'s and `capture_values`'s, and its gradient is the
    values' slope."""
    state = imitate.table_state()
    kk = round_for(state)
    rng = random.Random(6)
    checked = 0
    for _ in range(300):
        hand, field, mine, theirs, _ = random_table(rng)
        weights = [rng.uniform(-1.0, 2.0) for _ in imitate.NAMES]
        style = imitate.unflat(weights)
        record = {"kind": "card", "hand": hand, "field": field, "mine": mine, "theirs": theirs}
        cards = rollout.INDEXES[hand]
        decision = imitate.forms_of(kk, {**record, "choice": cards[0]})
        want = card_values(state, hand, field, mine, theirs, style)
        assert want is not None
        for card, form in zip(cards, decision.forms, strict=True):
            got, grad = imitate.value(form, weights)
            assert got == pytest.approx(want[card], abs=1e-9)
            # The gradient: a small step of each weight moves the value by its slope (the
            # best capture may change at a kink: then only the value is checked).
            for k, slope in grad:
                moved = list(weights)
                moved[k] += 1e-6
                assert imitate.value(form, moved)[0] - got == pytest.approx(slope * 1e-6, abs=1e-9)
            checked += 1
        for card in cards:
            matches = field & rollout.MONTHS[card]
            if matches.bit_count() == 2:
                targets = list(rollout.INDEXES[matches])
                rec = {**record, "kind": "target", "card": card, "targets": targets}
                decision = imitate.forms_of(kk, {**rec, "choice": targets[1]})
                assert decision.choice == 1
                pair = capture_values(state, card, matches, mine, theirs, style)
                got_pair = tuple(imitate.value(f, weights)[0] for f in decision.forms)
                assert got_pair == pytest.approx(pair, abs=1e-9)
    assert checked > 1000


@pytest.mark.lab
def test_the_fit_moves_the_weights_toward_the_choices_made(imitate):
    """Choices made by known weights are fitted by weights that agree with them more than the
    plain ones do, and the likelihood's gradient is its slope."""
    state = imitate.table_state()
    kk = round_for(state)
    rng = random.Random(7)
    data = []
    while len(data) < 150:
        hand, field, mine, theirs, _ = random_table(rng)
        values = card_values(state, hand, field, mine, theirs, ODD)
        assert values is not None
        if len(values) < 2 or len(_tied(values)) > 1:
            continue
        choice = max(values, key=values.__getitem__)
        rec = {"kind": "card", "hand": hand, "field": field, "mine": mine, "theirs": theirs}
        data.append(imitate.forms_of(kk, {**rec, "choice": choice}))
    plain = imitate.flat(PLAIN_STYLE)
    ll, grad, grad_t = imitate.loglik(data, plain, 0.0)
    for k in (0, 6, 8, 10):
        moved = list(plain)
        moved[k] += 1e-5
        assert (imitate.loglik(data, moved, 0.0)[0] - ll) / 1e-5 == pytest.approx(grad[k], rel=1e-2)
    assert (imitate.loglik(data, plain, 1e-5)[0] - ll) / 1e-5 == pytest.approx(grad_t, rel=1e-2)
    weights, _, fitted_ll = imitate.fit(data, PLAIN_STYLE, 120)
    assert fitted_ll > ll
    agree = sum(imitate.agreement(d, weights) for d in data)
    assert agree > sum(imitate.agreement(d, plain) for d in data) + 10


def _views(limit: int):
    rules = find_rules("koikoi", rounds=1)
    found = 0
    for seed in range(20):
        for state in decision_points(rules, 2, seed):
            legal = legal_actions(state)
            if len(legal) > 2 and type(legal[0]) is PlayCard:
                yield observe(state, state.turn), legal
                found += 1
                if found >= limit:
                    return


@pytest.mark.parametrize("name", ["odd", "imitate", "agree", "valuefit"])
def test_the_plain_style_is_todays_player_and_another_style_changes_the_playouts(monkeypatch, name):
    """``StrongBot(style="plain")`` searches exactly as the default player (the same
    estimates); a style of other weights (the fitted one among them) changes the playouts'
    values."""
    monkeypatch.setitem(STYLES, "odd", ODD)
    assert STYLES["plain"] is PLAIN_STYLE
    changed = 0
    for k, (view, legal) in enumerate(_views(4)):
        bots = [StrongBot(playouts=60), StrongBot(playouts=60, style="plain")]
        bots.append(StrongBot(playouts=60, style=name))
        for bot in bots:
            bot.choose(view, legal, random.Random(k))
        assert bots[0].last == bots[1].last
        changed += bots[2].last != bots[0].last
    assert changed >= 3
    with pytest.raises(ValueError):
        StrongBot(style="nonesuch")
