"""What each game declares for the words, the rules pages and the bots' quick playouts: the
queries of `Game` (card points of a scoring unit, yaku held) answer as the game scores."""

from __future__ import annotations

from core.cards import ALL_MASK, SAKURA_POINTS, mask_of, points_of
from core.games.registry import GAMES, evaluate_yaku, game_of
from core.rules import find_rules


def test_card_points_are_none_only_where_cards_do_not_score():
    for game_id, game in GAMES.items():
        rules = find_rules(game_id)
        points = game.card_points(rules, ALL_MASK)
        if game_id == "koikoi":
            assert points is None and not game.cards_score
        else:
            assert points == points_of(ALL_MASK, game.card_values(rules)) > 0
    assert game_of("sakura").card_points(find_rules("sakura"), ALL_MASK) == sum(SAKURA_POINTS)


def test_a_team_scores_its_pooled_captures():
    sakura = game_of("sakura")
    rules = find_rules("sakura").replace(teams="2x2")
    teams = sakura.teams(rules, 4)
    assert any(len(team) == 2 for team in teams)  # two teams of two
    first, mate = next(team for team in teams if len(team) == 2)
    captures = [0, 0, 0, 0]
    captures[first] = mask_of(["01a"])
    captures[mate] = mask_of(["01b", "02a"])
    assert sakura.unit_of(rules, 4, mate) == (first, mate)
    assert sakura.unit_points(rules, captures, first) == 20 + 10 + 5
    alone = game_of("bakappana")
    assert alone.unit_of(find_rules("bakappana"), 3, 1) == (1,)
    assert alone.unit_points(find_rules("bakappana"), [0, mask_of(["01a", "01c"]), 0], 1) == 21


def test_yaku_held_is_the_games_evaluation():
    for game_id, game in GAMES.items():
        rules = find_rules(game_id)
        pile = mask_of(["01a", "03a", "08a", "01b", "02b", "03b", "09a"])
        assert game.yaku_held(rules, pile) == evaluate_yaku(rules, pile)
        assert game.has_yaku(rules) == bool(game.yaku_specs(rules))


def test_each_game_says_which_playout_hooks_it_refines():
    assert game_of("bakappana").refines == frozenset()
    assert game_of("koikoi").refines == {"wild_now", "turn_changes_nothing"}
    assert game_of("sakura").refines == {"play_extra_possible"}
    mushi = game_of("hana-awase").for_rules(find_rules("hana-awase").replace(lightning_wild=True))
    assert mushi.refines == {"wild_now"} and game_of("hana-awase").refines == frozenset()
    for game in GAMES.values():
        assert game.playout_hooks is not None and game.overrides <= game.playout_hooks
