"""In Sakura with teams a bot plays for its team: captures are pooled, results are the team's."""

from __future__ import annotations

from core.games.sakura.teams import teams_of
from core.rules import find_rules
from hanatui.bots.heuristics import profile_for, team_numbers
from hanatui.bots.normal import read_table, relative_points
from tests.bots.conftest import decision_points


def test_the_bots_teams_are_the_engines_scoring_units():
    for n, layout in ((4, "2x2"), (6, "3x2"), (6, "2x3"), (5, "none")):
        rules = find_rules("sakura", teams=layout)
        mine = team_numbers(rules, n)
        for unit in teams_of(layout, n):
            assert len({mine[s] for s in unit}) == 1
        assert len(set(mine)) == len(teams_of(layout, n))


def test_a_seat_counts_its_teammates_captures_and_shares_their_result():
    rules = find_rules("sakura", teams="2x2", rounds=1)
    assert profile_for(rules, 4).teams == (0, 1, 0, 1)
    for state in decision_points(rules, 4, seed=3, limit=12):
        table = read_table(state, 0)
        assert table.mine == state.captures[0] | state.captures[2]
        assert table.opps == (state.captures[1] | state.captures[3],)
    points = (100, 40, 100, 40)
    assert relative_points(state, points, 0) == relative_points(state, points, 2) == 60
    assert relative_points(state, points, 1) == -60
