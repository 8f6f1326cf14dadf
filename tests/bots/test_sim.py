"""`hanatui sim` balances seats and dealer: each deal is played in every seating, and the JSON
lists one entry per bot in command-line order with win rates, intervals and points per hand."""

from __future__ import annotations

import json

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
