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


def _play_scores(rules, n, feed, seed=5, limit=60):
    """The normal level's scores of each play decision of a random match, with a feed weight."""
    from core.engine import legal_actions, to_act
    from core.state import DECIDE
    from hanatui.bots.normal import params_for, score_actions

    params = params_for("sakura")._replace(feed=feed)
    out = []
    for state in decision_points(rules, n, seed=seed, limit=limit):
        legal = legal_actions(state)
        if len(legal) < 2 or state.phase == DECIDE:
            continue
        out.append(score_actions(state, to_act(state), legal, params))
    return out


def test_a_seat_counts_what_it_leaves_its_teammate():
    # Four seats in two teams: the teammate who plays after the next opponent may take what a
    # play leaves on the field, so feeding it raises a play's score, and changes some.
    rules = find_rules("sakura", teams="2x2", rounds=1)
    state = next(iter(decision_points(rules, 4, seed=3, limit=1)))
    assert read_table(state, 0).mate_hand == state.hands[2].bit_count() > 0
    fed = _play_scores(rules, 4, feed=1.0)
    alone = _play_scores(rules, 4, feed=0.0)
    assert len(fed) == len(alone) > 10
    pairs = [
        (f, a) for fs, als in zip(fed, alone, strict=True) for f, a in zip(fs, als, strict=True)
    ]
    assert all(f >= a - 1e-9 for f, a in pairs)
    assert sum(f > a + 1e-6 for f, a in pairs) > len(pairs) // 10


def test_without_a_teammate_nothing_is_fed():
    for n, layout in ((2, "none"), (5, "none")):
        rules = find_rules("sakura", teams=layout, rounds=1)
        state = next(iter(decision_points(rules, n, seed=3, limit=1)))
        assert read_table(state, 0).mate_hand == 0
        assert _play_scores(rules, n, feed=1.0) == _play_scores(rules, n, feed=0.0)


def test_a_capture_that_breaks_the_other_teams_yaku_scores_higher():
    # Blocking counts the opposing team's pooled captures: the denial weight only ever adds.
    rules = find_rules("sakura", teams="2x2", rounds=1)
    from core.engine import legal_actions, to_act
    from core.state import DECIDE
    from hanatui.bots.normal import params_for, score_actions

    base = params_for("sakura")
    raised = 0
    for state in decision_points(rules, 4, seed=11, limit=80):
        legal = legal_actions(state)
        if len(legal) < 2 or state.phase == DECIDE:
            continue
        seat = to_act(state)
        with_block = score_actions(state, seat, legal, base)
        blind = score_actions(state, seat, legal, base._replace(denial=0.0))
        assert all(w >= b - 1e-9 for w, b in zip(with_block, blind, strict=True))
        raised += any(w > b + 1e-6 for w, b in zip(with_block, blind, strict=True))
    assert raised > 0
