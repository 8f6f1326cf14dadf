"""The normal level decides in well under 10 ms (median over real choices, every game)."""

from __future__ import annotations

import random
import statistics
import time

from core.engine import legal_actions, to_act
from core.view import observe
from hanatui.bots import NormalBot
from tests.bots.conftest import STANDARD, decision_points, rules_for


def test_normal_decides_in_under_10_ms():
    bot = NormalBot()
    rng = random.Random(1)
    for game, n, options in STANDARD:
        times = []
        for state in decision_points(rules_for(game, options), n, seed=21):
            legal = legal_actions(state)
            if len(legal) < 2:
                continue
            view = observe(state, to_act(state))
            start = time.perf_counter()
            bot.choose(view, legal, rng)
            times.append(time.perf_counter() - start)
        assert times
        assert statistics.median(times) < 0.010, (game, statistics.median(times))
