"""Sakura random playouts for 2-7 players and every team layout, with the engine invariants;
the sample replays; and `hanatui sim sakura` totals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.cards import ALL_MASK, SAKURA_POINTS, points_of
from core.events import GajiClaimed, GajiInterrupted, HikiDeclared, RoundEnded
from core.games.sakura.teams import teams_of
from core.logfile import read_log
from core.rules import find_rules
from core.state import OVER
from core.timeline import Timeline
from core.view import observe
from hanatui.cli import main
from tests.helpers import assert_replays, check_zones, random_playout, zone_masks

ROOT = Path(__file__).resolve().parents[2]

LAYOUTS = [(n, "none") for n in range(2, 8)] + [(4, "2x2"), (6, "3x2"), (6, "2x3")]

VARIANTS: list[dict[str, Any]] = [
    {},
    {
        "gaji_blocked": "return_to_hand",
        "gaji_initial_field": "discard",
        "gaji_end_claim": "all_remaining",
    },
    {
        "sakura_round_end": "hands_and_deck_empty",
        "tie_next_dealer": "turn_order",
        "gaji_wild_on_draw": False,
    },
    {"sakura_yaku_enabled": False, "hand_size_2p": 10},
    {"sakura_yaku_penalty": 30, "gaji_blocked": "return_to_hand"},
]


def check_round(rules, state, event: RoundEnded) -> bool:
    """The score follows from the cards; returns whether every card was captured."""
    n = state.num_players
    assert sum(points_of(m, SAKURA_POINTS) for m in zone_masks(state)) == 240
    units = teams_of(rules.teams, n)
    pools = []
    for unit in units:
        mask = 0
        for s in unit:
            mask |= state.captures[s]
        pools.append(mask)
    yaku = []
    for unit, pool in zip(units, pools, strict=True):
        lines = event.breakdown[unit[0]].lines
        assert lines[0].kind == "cards" and lines[0].points == points_of(pool, SAKURA_POINTS)
        yaku.append(len([x for x in lines if x.kind == "yaku"]))
        for s in unit:  # one team, one score
            assert event.breakdown[s].lines == lines
            assert event.points[s] == event.points[unit[0]]
    penalty = rules.sakura_yaku_penalty
    for u, unit in enumerate(units):
        cards = points_of(pools[u], SAKURA_POINTS)
        assert event.points[unit[0]] == cards - penalty * (sum(yaku) - yaku[u])
    for score in event.breakdown:
        assert score.points == sum(x.points for x in score.lines)
    everything = 0
    for pool in pools:
        everything |= pool
    if everything == ALL_MASK:
        assert sum(points_of(p, SAKURA_POINTS) for p in pools) == 240
        return True
    return False


@pytest.mark.parametrize(("n", "teams"), LAYOUTS)
def test_random_playouts_keep_every_invariant(n: int, teams: str) -> None:
    seen: dict[str, int] = {}
    for seed in range(100):
        rules = find_rules(
            "sakura", teams=teams, rounds=1 + seed % 3, **VARIANTS[seed % len(VARIANTS)]
        )
        totals = [0] * n

        def check(event, state, rules=rules, totals=totals):
            check_zones(state)
            name = type(event).__name__
            seen[name] = seen.get(name, 0) + 1
            if isinstance(event, RoundEnded):
                if check_round(rules, state, event):
                    seen["all_captured"] = seen.get("all_captured", 0) + 1
                for s in range(n):
                    totals[s] += event.points[s]
                assert list(event.totals) == totals

        events, states = random_playout(rules, n, seed, check=check)
        assert states[-1].phase == OVER and states[-1].rounds_done == rules.rounds
        assert_replays(events, states)
    assert seen.get("RoundEnded", 0) >= 40
    assert seen.get("CaptureChosen", 0) > 0


def test_every_sakura_event_shows_up_in_random_play():
    counts = {GajiInterrupted: 0, HikiDeclared: 0, GajiClaimed: 0}
    for seed in range(120):
        n, teams = LAYOUTS[seed % len(LAYOUTS)]
        rules = find_rules("sakura", teams=teams, rounds=2, **VARIANTS[seed % len(VARIANTS)])
        events, _states = random_playout(rules, n, 1000 + seed)
        for e in events:
            if type(e) in counts:
                counts[type(e)] += 1
    assert all(counts.values()), counts


def test_observe_never_shows_a_teammates_hand_in_team_play():
    for n, teams in [(4, "2x2"), (6, "3x2"), (6, "2x3")]:
        rules = find_rules("sakura", teams=teams, rounds=1)
        _events, states = random_playout(rules, n, 3)
        for state in states[::7]:
            if not state.hands:
                continue
            for seat in range(n):
                view = observe(state, seat)
                assert view.hand.mask == state.hands[seat]
                for other in range(n):
                    if other != seat:
                        assert view.hand.mask & state.hands[other] == 0
                        assert view.unseen.mask & state.hands[other] == state.hands[other]


def test_undo_in_sakura_reproduces_the_cached_states():
    for seed in range(10):
        events, states = random_playout(find_rules("sakura", rounds=1), 2 + seed % 6, seed)
        timeline = Timeline(events)
        for _ in range(5):
            seat = next(
                (s for s in range(states[0].num_players) if timeline.last_decision(s) is not None),
                None,
            )
            if seat is None:
                break
            timeline.undo(seat)
            assert Timeline(timeline.events).last == timeline.last


SAMPLES = {
    "sakura-2p-seed30.hana": (2, "none"),
    "sakura-4p-teams-2x2-seed13.hana": (4, "2x2"),
    "sakura-7p-seed27.hana": (7, "none"),
}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_sample_replays_verify(name):
    n, teams = SAMPLES[name]
    log = read_log((ROOT / "replays" / name).read_bytes())
    state = log.state
    assert state is not None and state.phase == OVER
    assert state.rules.game == "sakura" and state.rules.teams == teams
    assert state.num_players == n
    assert main(["verify", str(ROOT / "replays" / name)]) == 0


def test_sim_seven_players_500_hands_totals_add_up(tmp_path, capsys):
    assert (
        main(
            ["sim", "sakura", "--players", "7", "--hands", "500", "--json", "--save", str(tmp_path)]
        )
        == 0
    )
    result = json.loads(capsys.readouterr().out)
    assert result["hands"] == 500 and result["players"] == 7
    totals = [0] * 7
    hands = 0
    for path in sorted(tmp_path.glob("*.hana")):
        log = read_log(path.read_bytes())
        for event in log.events:
            if isinstance(event, RoundEnded):
                hands += 1
                for s in range(7):
                    totals[s] += event.points[s]
        assert list(log.state.totals) == [
            sum(e.points[s] for e in log.events if isinstance(e, RoundEnded)) for s in range(7)
        ]
    assert hands == 500
    assert [seat["total_points"] for seat in result["seats"]] == totals


@pytest.mark.parametrize("teams", ["2x2", "3x2", "2x3"])
def test_sim_plays_team_games(teams, capsys):
    n = 4 if teams == "2x2" else 6
    args = [
        "sim",
        "sakura",
        "--players",
        str(n),
        "--hands",
        "12",
        "--json",
        "--option",
        f"teams={teams}",
    ]
    assert main([*args, "--bots", "random,easy"]) == 0
    result = json.loads(capsys.readouterr().out)
    points = [seat["total_points"] for seat in result["seats"]]
    for unit in teams_of(teams, n):
        assert len({points[s] for s in unit}) == 1
