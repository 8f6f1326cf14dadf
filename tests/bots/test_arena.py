"""A small fixed-seed arena whose results are asserted, so a strength regression shows.

The thresholds sit well below what these seeds give today (in the comments), and well above
what the next level down gets: a bot that lost its edge fails here.
"""

from __future__ import annotations

from core.rules import find_rules
from hanatui.bots import EasyBot, NormalBot, RandomBot
from hanatui.bots.strong import StrongBot
from hanatui.selfplay import duel


def test_koikoi_levels_are_ordered():
    rules = find_rules("koikoi", rounds=1)
    easy_random = duel(rules, EasyBot, RandomBot, deals=60, seed=1000)
    assert easy_random.hand_count == 120
    assert easy_random.win_rate >= 0.65, easy_random.win_rate  # 0.75 today
    ppH = easy_random.points_per_hand
    assert ppH[0] - ppH[1] >= 2.5, ppH  # +4.7 today

    normal_easy = duel(rules, NormalBot, EasyBot, deals=150, seed=2000)
    assert normal_easy.win_rate >= 0.52, normal_easy.win_rate  # 0.57 today
    ppH = normal_easy.points_per_hand
    assert ppH[0] - ppH[1] >= 1.0, ppH  # +2.0 today


def test_strong_beats_random_even_on_a_tiny_budget():
    rules = find_rules("koikoi", rounds=1)
    result = duel(rules, lambda: StrongBot(playouts=24), RandomBot, deals=10, seed=3000)
    assert result.win_rate >= 0.6, result.win_rate  # 0.74 today
    ppH = result.points_per_hand
    assert ppH[0] > ppH[1] + 1.0, ppH  # +3.0 today


def test_normal_beats_random_in_every_game():
    for game, players, options in (
        ("bakappana", 2, {}),
        ("hana-awase", 2, {}),
        ("sakura", 2, {}),
        ("sakura", 4, {"teams": "2x2"}),
    ):
        rules = find_rules(game, rounds=1, **options)
        result = duel(rules, NormalBot, RandomBot, deals=20, seed=4000, players=players)
        ppH = result.points_per_hand
        assert result.win_rate >= 0.6 and ppH[0] > ppH[1], (game, result.win_rate, ppH)
