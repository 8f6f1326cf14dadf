"""How the arena (`hanatui.arena.selfplay`) seats the two levels and `lab/arena.py` counts their
hands (the tests marked lab, run by `make lab-test`): each distinct seating
once, teams one level each (Sakura's three teams of two included), records made with repeated
seatings counted once, and a row extended by a run on fresh deals pooled as one sample."""

from __future__ import annotations

import importlib.util
import math
import random
import statistics
from pathlib import Path

import pytest

from core.rules import find_rules
from hanatui.arena import selfplay
from hanatui.bots import BOTS
from hanatui.bots.heuristics import team_numbers

_PATH = Path(__file__).resolve().parents[2] / "lab" / "arena.py"
_spec = importlib.util.spec_from_file_location("lab_arena_seating", _PATH)
assert _spec and _spec.loader
arena = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(arena)


def layouts(teams: str | None, players: int) -> list[tuple[int, ...]]:
    rules = find_rules("sakura", rounds=1, **({"teams": teams} if teams else {}))
    side = selfplay.sides(rules, players)
    return [
        tuple(side[i] for i in rotation)
        for rotation in selfplay.seatings(side, team_numbers(rules, players))
    ]


@pytest.mark.parametrize(
    ("teams", "players", "count"),
    [(None, 2, 2), (None, 3, 3), (None, 4, 2), (None, 5, 5), (None, 6, 2), (None, 7, 7)],
)
def test_each_layout_of_the_levels_is_played_once_and_every_seat_by_both(teams, players, count):
    seen = layouts(teams, players)
    assert len(seen) == count == len(set(seen))
    for seat in range(players):
        assert {layout[seat] for layout in seen} == {0, 1}


@pytest.mark.parametrize(("teams", "players"), [("2x2", 4), ("2x3", 6), ("3x2", 6)])
def test_with_teams_each_team_is_one_level_and_takes_both_parts(teams, players):
    rules = find_rules("sakura", rounds=1, teams=teams)
    team = team_numbers(rules, players)
    seen = layouts(teams, players)
    for layout in seen:
        for t in set(team):
            assert len({layout[s] for s in range(players) if team[s] == t}) == 1
    for t in set(team):
        seat = team.index(t)
        assert {layout[seat] for layout in seen} == {0, 1}
    if teams == "3x2":
        # two teams of the first level against one of the second, each team in turn
        assert len(seen) == 3
        assert all(sorted(layout) == [0, 0, 0, 0, 1, 1] for layout in seen)


def test_a_seating_that_splits_a_team_is_refused():
    team = (0, 1, 2, 0, 1, 2)
    with pytest.raises(ValueError, match="one team"):
        selfplay.seatings((0, 1, 0, 1, 0, 1), team)


def test_an_even_table_plays_no_game_twice():
    rules = find_rules("sakura", rounds=1)
    result = selfplay.duel(rules, BOTS["normal"], BOTS["easy"], deals=3, seed=1, players=4)
    assert result.hand_count == 6
    # the two seatings of a deal differ (the levels swapped), and no hand repeats the one before
    assert all(result.hands[i] != result.hands[i + 1] for i in range(0, 6, 2))


def test_two_bots_of_one_level_are_still_seat_swapped():
    """Two normal players with different weights (`lab/tune_normal.py`) are two sides: each
    deal is played with each in the first seat, not once as if the table were all alike."""
    rules = find_rules("koikoi", rounds=1)
    result = selfplay.duel(rules, BOTS["normal"], BOTS["normal"], deals=3, seed=1)
    assert result.hand_count == 6
    # the same bot on both sides: swapping the seats swaps the points of each deal
    assert all(result.hands[i] == result.hands[i + 1][::-1] for i in range(0, 6, 2))


@pytest.mark.lab
def test_a_record_with_repeated_seatings_is_counted_once():
    old = {
        "game": "sakura",
        "a": "strong",
        "b": "normal",
        "players": 6,
        "hands": 402,
        "decided": 384,
        "deals": 67,
        "hands_won": [198, 186],
        "diff_ci95": [0.38, 3.31],
        "win_rate": 0.5156,
    }
    new = arena.drop_repeats(old)
    assert (new["hands"], new["decided"], new["hands_won"]) == (134, 128, [66, 62])
    assert new["seatings"] == 2 and new["diff_ci95"] == old["diff_ci95"]
    lo, hi = new["win_rate_ci95"]
    assert hi - lo > 0.16  # 128 decided hands, not 384
    assert arena.drop_repeats(new) == new
    odd = dict(old, players=5, hands=400, deals=80)
    assert arena.drop_repeats(odd)["hands"] == 400


def record(seed: int, deal_diffs: list[float], players: int = 3) -> dict:
    mean = statistics.fmean(deal_diffs)
    sd = statistics.stdev(deal_diffs)
    half = 1.96 * sd / math.sqrt(len(deal_diffs))
    hands = len(deal_diffs) * players
    return {
        "game": "sakura",
        "a": "strong",
        "b": "normal",
        "players": players,
        "seatings": players,
        "strong_budget": {"playouts": 1000},
        "seed": seed,
        "deals": len(deal_diffs),
        "hands": hands,
        "decided": hands - 2,
        "hands_won": [hands // 2, hands // 2 - 2],
        "points_per_hand": [30.0 + mean, 30.0],
        "diff_per_hand": mean,
        "diff_ci95": [mean - half, mean + half],
        "recorded": f"2026-11-30 0{seed % 10}:00 UTC",
        "workers": 1,
        "seconds": 10.0,
        "cpu_seconds": 9.0,
    }


@pytest.mark.lab
def test_extending_pools_the_deals_as_one_sample():
    rng = random.Random(3)
    first = [rng.gauss(1.0, 6.0) for _ in range(50)]
    second = [rng.gauss(2.0, 5.0) for _ in range(80)]
    old = record(801, first)  # no sd per deal: read back from its interval, as for old records
    both = arena.extend(old, {**record(100001, second), "sd_per_deal": statistics.stdev(second)})
    every = first + second
    half = 1.96 * statistics.stdev(every) / math.sqrt(len(every))
    assert both["deals"] == 130 and both["hands"] == 390
    assert both["diff_per_hand"] == pytest.approx(statistics.fmean(every), abs=1e-3)
    assert both["diff_ci95"][0] == pytest.approx(statistics.fmean(every) - half, abs=1e-3)
    assert both["hands_won"] == [75 + 120, 73 + 118]
    assert [run["seed"] for run in both["runs"]] == [801, 100001]
    assert "deals 801 to 850 (150 hands)" in arena._fmt_run(both["runs"][0], seeds=True)


@pytest.mark.lab
def test_extending_refuses_deals_counted_twice_or_another_budget():
    old = record(801, [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="overlap"):
        arena.extend(old, record(803, [1.0, 2.0]))
    with pytest.raises(ValueError, match="strong_budget"):
        arena.extend(old, {**record(900, [1.0, 2.0]), "strong_budget": {"playouts": 200}})
    unknown = {k: v for k, v in old.items() if k != "seed"}
    with pytest.raises(ValueError, match="seed"):
        arena.extend(unknown, record(900, [1.0, 2.0]))
