"""The strong player's early stop (`Settle`): a search stops once its choice is settled, spends
its whole budget on a close call, never more than its budget, and stays deterministic."""

from __future__ import annotations

import random

import pytest

from core.engine import legal_actions, to_act
from core.view import observe
from hanatui.bots import strong
from hanatui.bots.strong import KOIKOI_SCALE, Settle, StrongBot, evaluate, search, settled
from tests.bots.conftest import decision_points, rules_for


def _position(min_legal: int = 3):
    rules = rules_for("koikoi", {})
    for state in decision_points(rules, 2, 4):
        legal = legal_actions(state)
        if len(legal) >= min_legal:
            seat = to_act(state)
            assert seat is not None
            return observe(state, seat), legal
    raise AssertionError("no position with enough choices")


def _fake_playout(best: float):
    """A playout whose result is noise (sd 1, independent per candidate) plus ``best`` for the
    first legal action: a clear choice with ``best`` large, a close one with ``best`` 0."""

    def play(det, action, seat, policy, rng, model, reply, call):
        legal = legal_actions(det)
        noise = random.Random(rng.getrandbits(32) * 31 + legal.index(action))
        return noise.gauss(0.0, 1.0) + (best if action == legal[0] else 0.0)

    return play


@pytest.mark.parametrize("prior_first", [True, False])
def test_a_clear_choice_stops_early(monkeypatch, prior_first):
    """Whether the prior is the clear best or is clearly beaten, the search stops at its
    first check once every candidate has its minimum of samples."""
    view, legal = _position()
    monkeypatch.setattr(strong, "playout", _fake_playout(2.0))
    rule = Settle(z_stop=3.0, min_samples=48, every=16)
    prior = legal[0] if prior_first else legal[1]
    result = evaluate(view, legal, random.Random(1), playouts=4000, keep=prior, settle=rule)
    spent = sum(len(v) for v in result.values)
    assert spent < 4000 // 4
    assert max(len(v) for v in result.values) == 48
    estimates = search(view, legal, random.Random(1), playouts=4000, prior=prior, settle=rule)
    assert estimates[0].action == legal[0]


def test_a_close_choice_spends_the_whole_budget(monkeypatch):
    view, legal = _position()
    monkeypatch.setattr(strong, "playout", _fake_playout(0.0))
    rule = Settle(z_stop=3.0, min_samples=48, every=16)
    budget = 1200
    stopped = evaluate(view, legal, random.Random(1), playouts=budget, keep=legal[0], settle=rule)
    full = evaluate(view, legal, random.Random(1), playouts=budget, keep=legal[0])
    assert stopped.values == full.values
    assert budget - len(legal) <= sum(len(v) for v in full.values) <= budget


def test_a_margin_settles_a_tie():
    """Candidates that measure the same on every sample never beat each other: with no
    margin the choice is not settled; with one, a tie is as good as settled."""
    same = [[float(x % 5) for x in range(64)] for _ in range(3)]
    assert not settled(same, [0, 1, 2], 0, 1.0, Settle(z_stop=2.0))
    assert settled(same, [0, 1, 2], 0, 1.0, Settle(z_stop=2.0, margin=0.1))


def test_the_stopped_search_is_the_full_one_cut_short():
    """On the same random numbers the early stop plays a prefix of the full search's samples,
    never more than the budget, and the bot chooses the same on the same seed every time."""
    view, legal = _position(2)
    budget = 300
    stopped_some = 0
    for k in range(6):
        full = evaluate(view, legal, random.Random(k), playouts=budget, keep=legal[0])
        cut = evaluate(
            view, legal, random.Random(k), playouts=budget, keep=legal[0], settle=Settle(2.0)
        )
        for a, b in zip(cut.values, full.values, strict=True):
            assert a == b[: len(a)]
        stopped_some += cut.values != full.values
    assert stopped_some
    bot = StrongBot(playouts=budget, settle=2.0)
    for k in range(4):
        a = bot.choose(view, legal, random.Random(k))
        first = bot.last
        assert bot.choose(view, legal, random.Random(k)) == a and bot.last == first
        assert sum(e.playouts for e in first) <= budget * KOIKOI_SCALE + len(legal)


def test_a_time_budget_still_ends_the_search():
    view, legal = _position()
    bot = StrongBot(playouts=strong.TIMED_PLAYOUTS, seconds=0.05, settle=50.0)
    bot.choose(view, legal, random.Random(3))
    assert 0 < sum(e.playouts for e in bot.last) < strong.TIMED_PLAYOUTS


def test_the_scale_raises_the_cap_of_a_search_that_may_stop():
    """``settle_scale`` multiplies the budget of a bot that stops early (a search that never
    settles spends the larger cap, and no more), and nothing without the early stop."""
    view, legal = _position()
    cap = round(round(40 * KOIKOI_SCALE) * 2.0)
    never = StrongBot(playouts=40, settle=50.0, settle_scale=2.0)
    never.choose(view, legal, random.Random(2))
    assert cap - len(legal) <= sum(e.playouts for e in never.last) <= cap
    plain = StrongBot(playouts=40, settle_scale=2.0)
    plain.choose(view, legal, random.Random(2))
    assert sum(e.playouts for e in plain.last) <= round(40 * KOIKOI_SCALE)


def test_the_early_stop_is_for_two_seat_koikoi_only():
    """The other games search as they did (same estimates, same choices) with the option set;
    two-seat koi-koi stops some searches short."""
    for game in ("bakappana", "hana-awase", "sakura", "koikoi"):
        rules = rules_for(game, {})
        shorter = 0
        for k, state in enumerate(decision_points(rules, 2, 6, limit=30)):
            seat = to_act(state)
            legal = legal_actions(state)
            if len(legal) < 2:
                continue
            view = observe(state, seat)
            stop = StrongBot(playouts=80, settle=1.0, settle_margin=0.5)
            plain = StrongBot(playouts=80)
            a = stop.choose(view, legal, random.Random(k))
            b = plain.choose(view, legal, random.Random(k))
            if game != "koikoi":
                assert a == b and stop.last == plain.last
            spent = sum(e.playouts for e in stop.last)
            shorter += spent < sum(e.playouts for e in plain.last)
        assert (shorter > 0) == (game == "koikoi")


def test_a_dropped_candidates_samples_pair_with_the_finalists_first(monkeypatch):
    """Each sample's playout randomness is shared by all candidates searched on it, so the
    difference of two candidates on one sample is their offsets alone; a dropped candidate's
    list must line up with the first samples of a finalist's, and `_beats` compares them so."""
    view, legal = _position(min_legal=4)
    offsets = {a: float(i) for i, a in enumerate(legal)}

    def play(det, action, seat, policy, rng, model, reply, call):
        return rng.random() * 100.0 + offsets[action]

    monkeypatch.setattr(strong, "playout", play)
    result = evaluate(view, legal, random.Random(3), playouts=400, keep=legal[0])
    dropped = [i for i in range(len(legal)) if i not in result.finalists]
    assert dropped
    f = result.finalists[0]
    for i in dropped:
        n = len(result.values[i])
        assert 0 < n < len(result.values[f])
        diffs = [x - y for x, y in zip(result.values[f][:n], result.values[i], strict=True)]
        assert diffs == pytest.approx([offsets[legal[f]] - offsets[legal[i]]] * n)
        # ... so a difference of a hundredth of the noise is seen with no error at all.
        better, worse = (f, i) if offsets[legal[f]] > offsets[legal[i]] else (i, f)
        assert strong._beats(result.values[better], result.values[worse], 5.0)
        assert not strong._beats(result.values[worse], result.values[better], 5.0)
