"""`hanatui sim` balances seats and dealer: each deal is played in every seating, and the JSON
lists one entry per bot in command-line order with win rates, intervals and points per hand."""

from __future__ import annotations

import json

import pytest

from hanatui.arena import selfplay
from hanatui.cli import main


def sim(capsys, *args: str) -> dict:
    assert main(["sim", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_seats_are_listed_per_bot_with_rates_and_intervals(capsys):
    result = sim(capsys, "koikoi", "--bots", "normal,easy", "--hands", "40", "--seed", "3")
    for key in ("game", "hands", "seconds", "hands_per_second", "seats"):
        assert key in result
    assert result["game"] == "koikoi" and result["hands"] == 40 and result["seatings"] == 2
    assert [s["bot"] for s in result["seats"]] == ["normal", "easy"]
    decided = result["hands_decided"]
    for s in result["seats"]:
        assert set(s) >= {
            "bot",
            "total_points",
            "hands_won",
            "win_rate",
            "win_rate_ci95",
            "points_per_hand",
        }
        low, high = s["win_rate_ci95"]
        assert 0 <= low <= s["win_rate"] <= high <= 1
        assert s["win_rate"] == round(s["hands_won"] / decided, 4)
        assert s["points_per_hand"] == round(s["total_points"] / 40, 3)


def test_swapping_the_bots_on_the_command_line_mirrors_the_result(capsys):
    """Every deal is played with the seats swapped, so the order given changes nothing."""
    ab = sim(capsys, "koikoi", "--bots", "normal,random", "--hands", "30", "--seed", "8")
    ba = sim(capsys, "koikoi", "--bots", "random,normal", "--hands", "30", "--seed", "8")
    assert ab["seats"][0]["total_points"] == ba["seats"][1]["total_points"]
    assert ab["seats"][1]["total_points"] == ba["seats"][0]["total_points"]
    assert ab["seats"][0]["hands_won"] == ba["seats"][1]["hands_won"]


def test_tables_of_teams_rotate_every_bot_through_every_seat(capsys):
    result = sim(
        capsys,
        "sakura",
        "--players",
        "4",
        "--option",
        "teams=2x2",
        "--bots",
        "normal,easy",
        "--hands",
        "8",
    )
    assert [s["bot"] for s in result["seats"]] == ["normal", "easy", "normal", "easy"]
    assert result["hands"] == 8


TIMINGS = ("seconds", "hands_per_second", "cpu_seconds")


def without_timings(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in TIMINGS}


@pytest.mark.parametrize(
    "args",
    [
        # a hands target: the last deal's matches are cut short (4 rounds of 12 left)
        ("koikoi", "--bots", "normal,easy", "--hands", "32", "--seed", "5"),
        ("sakura", "--players", "3", "--bots", "easy,random,normal", "--matches", "2"),
    ],
    ids=["hands", "matches"],
)
def test_two_processes_give_the_same_result_as_one(capsys, monkeypatch, args):
    """`--jobs 2` spreads the matches over worker processes (here even a short arena is shared
    out) and reports exactly what `--jobs 1` does for the same seed."""
    shared = []
    real_pool = selfplay._Pool

    def spy(*a, **k):
        shared.append(True)
        return real_pool(*a, **k)

    monkeypatch.setattr(selfplay, "POOL_SECONDS", 0.0)
    monkeypatch.setattr(selfplay, "_Pool", spy)
    one = sim(capsys, *args, "--jobs", "1")
    assert not shared
    two = sim(capsys, *args, "--jobs", "2")
    assert shared, "the arena was not shared out"
    assert without_timings(two) == without_timings(one)
    assert one["hands"] >= 32 or one["matches"] == 2 * one["seatings"]


def test_a_shared_arena_saves_the_same_logs(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(selfplay, "POOL_SECONDS", 0.0)
    args = ["bakappana", "--bots", "easy,random", "--hands", "20", "--option", "rounds=3"]
    for jobs in ("1", "2"):
        sim(capsys, *args, "--jobs", jobs, "--save", str(tmp_path / jobs))
    names = sorted(p.name for p in (tmp_path / "1").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "2").iterdir()) and len(names) >= 6
    for name in names:
        one = (tmp_path / "1" / name).read_text().splitlines()
        two = (tmp_path / "2" / name).read_text().splitlines()
        assert one[1:] == two[1:]  # every event; the headers differ only in their times


def test_jobs_must_be_positive(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["sim", "koikoi", "--jobs", "0"])
    assert exc.value.code == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err


def test_a_table_that_repeats_itself_plays_each_game_once(tmp_path, capsys):
    """Four seats of `normal,easy` rotated by two seat the same levels as before: that seating
    would replay the same games bot for bot and count their hands twice, so it is played once."""
    result = sim(
        capsys,
        "sakura",
        "--players",
        "4",
        "--bots",
        "normal,easy",
        "--matches",
        "1",
        "--option",
        "rounds=2",
        "--save",
        str(tmp_path),
    )
    assert result["seatings"] == 2 and result["matches"] == 2
    games = [p.read_text().splitlines()[1:] for p in sorted(tmp_path.iterdir())]
    assert len(games) == 2 and games[0] != games[1]
    # each level still sits in every seat once
    rotations = selfplay.seat_rotations(4, ["normal", "easy", "normal", "easy"])
    for seat in range(4):
        assert {("normal", "easy")[r[seat] % 2] for r in rotations} == {"normal", "easy"}


def test_a_table_of_distinct_entries_plays_every_rotation():
    assert len(selfplay.seat_rotations(3, ["strong", "normal", "easy"])) == 3
    assert len(selfplay.seat_rotations(3, ["normal", "normal", "easy"])) == 3
    assert selfplay.seat_rotations(4, ["easy"] * 4) == [(0, 1, 2, 3)]
