"""The strong player's koi-koi call has search settings of its own (budget, rollout, z): they
govern the koi-koi/shobu decisions and nothing else."""

from __future__ import annotations

import random

from core.actions import CallKoiKoi, PlayCard
from core.engine import legal_actions, to_act
from core.rules import find_rules
from core.state import DECIDE
from core.view import observe
from hanatui.bots.strong import KOIKOI_CALL, KOIKOI_SCALE, StrongBot
from tests.bots.conftest import decision_points, rules_for


def _first(kind: type, limit: int = 60):
    rules = find_rules("koikoi", rounds=1)
    for seed in range(limit):
        for state in decision_points(rules, 2, seed):
            seat = to_act(state)
            legal = legal_actions(state)
            if len(legal) < 2 or not any(type(a) is kind for a in legal):
                continue
            if kind is CallKoiKoi and state.phase != DECIDE:
                continue
            return state, seat, legal
    raise AssertionError(f"no decision with {kind.__name__} found")


def _spent(bot: StrongBot, kind: type) -> int:
    state, seat, legal = _first(kind)
    bot.choose(observe(state, seat), legal, random.Random(7))
    return sum(e.playouts for e in bot.last)


def test_the_koikoi_budget_applies_to_the_call_only():
    bot = StrongBot(playouts=40, koikoi_playouts=400, kk=None)
    # The call searches koi-koi alone (shobu scores the same on every sample: one playout).
    assert _spent(bot, CallKoiKoi) >= 400
    assert _spent(bot, PlayCard) <= 40 + 8
    plain = StrongBot(playouts=40, kk=None)
    assert _spent(plain, CallKoiKoi) < 100


def test_koikois_own_playout_gets_more_playouts_for_the_same_time():
    """By default two-seat koi-koi plays its own, cheaper playout with KOIKOI_SCALE times each
    decision's budget; ``kk_playouts`` sets it outright; a time budget is the time alone."""
    assert StrongBot().kk == KOIKOI_CALL is not None
    scaled = _spent(StrongBot(playouts=40), PlayCard)
    assert 40 * KOIKOI_SCALE - 8 <= scaled <= 40 * KOIKOI_SCALE + 8
    assert _spent(StrongBot(playouts=40, koikoi_playouts=400), CallKoiKoi) >= 400 * KOIKOI_SCALE
    assert _spent(StrongBot(playouts=40, kk_playouts=100), PlayCard) >= 100 - 8
    assert StrongBot.timed(0.05).kk_playouts is None


def test_the_koikoi_settings_default_to_the_others():
    bot = StrongBot(playouts=50, z=1.5, rollout="normal")
    assert bot.koikoi_playouts == 50 and bot.koikoi_z == 1.5 and bot.koikoi_policy is bot.policy


def test_reading_the_opponent_is_for_two_seat_koikoi_only():
    """Other games (and koi-koi's reading switched off) deal the hidden cards uniformly: the
    same choices as without the option, and nothing remembered."""
    for game, infer_games in (("bakappana", 0), ("hana-awase", 0), ("koikoi", 1)):
        rules = rules_for(game, {})
        reading = StrongBot(playouts=16, infer=True)
        plain = StrongBot(playouts=16, infer=False)
        for k, state in enumerate(decision_points(rules, 2, 5, limit=40)):
            seat = to_act(state)
            legal = legal_actions(state)
            view = observe(state, seat)
            a = reading.choose(view, legal, random.Random(k))
            b = plain.choose(view, legal, random.Random(k))
            if not infer_games:
                assert a == b
        assert bool(reading._readers) == bool(infer_games)
        assert not plain._readers


def test_the_playout_options_are_for_koikoi_only():
    """Blocking and the normal level's reply change the koi-koi search's estimates, and
    leave the other games' searches exactly as they were (same estimates, same choices)."""
    for game in ("bakappana", "hana-awase", "sakura", "koikoi"):
        rules = rules_for(game, {})
        changed = 0
        for k, state in enumerate(decision_points(rules, 2, 6, limit=30)):
            seat = to_act(state)
            legal = legal_actions(state)
            if len(legal) < 2:
                continue
            view = observe(state, seat)
            tuned = StrongBot(playouts=24, block=True, reply=1)
            plain = StrongBot(playouts=24)
            a = tuned.choose(view, legal, random.Random(k))
            b = plain.choose(view, legal, random.Random(k))
            if game != "koikoi":
                assert a == b and tuned.last == plain.last
            changed += tuned.last != plain.last
        assert (changed > 0) == (game == "koikoi")


def test_koikoi_own_playout_is_for_two_seat_koikoi_only():
    """``kk`` (koi-koi's own playout) and its budget ``kk_playouts`` change the koi-koi search,
    and leave the other games' searches exactly as they were."""
    for game in ("bakappana", "hana-awase", "sakura", "koikoi"):
        rules = rules_for(game, {})
        changed = 0
        spent = []
        for k, state in enumerate(decision_points(rules, 2, 6, limit=30)):
            seat = to_act(state)
            legal = legal_actions(state)
            if len(legal) < 2:
                continue
            view = observe(state, seat)
            own = StrongBot(playouts=24, kk="table", kk_playouts=48)
            plain = StrongBot(playouts=24, kk=None)
            a = own.choose(view, legal, random.Random(k))
            b = plain.choose(view, legal, random.Random(k))
            if game != "koikoi":
                assert a == b and own.last == plain.last
            changed += own.last != plain.last
            spent.append(sum(e.playouts for e in own.last))
        assert (changed > 0) == (game == "koikoi")
        assert (max(spent) > 24 + 8) == (game == "koikoi")
