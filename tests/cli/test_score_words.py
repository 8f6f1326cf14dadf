"""The words of a round's score name the right player, in every game (issue: "seat 1 holds Yaku 2"
in Easy 1's column was Easy 2's yaku, seats counted from 0).

Each game scores a scripted round; the lines are worded with players whose names differ from
any seat number, and every sentence is checked whole.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from msgspec.structs import replace

from core.cards import ALL_MASK, mask_of
from core.events import RoundEnded, ScoreLine
from core.games.options import Rules
from core.games.registry import game_for
from core.games.sakura.game import GAME as SAKURA
from core.logfile import read_log
from core.rules import find_rules
from hanatui.text.export import text_record
from hanatui.text.words import breakdown_rows, score_line_text, score_line_words
from tests.core.test_hanaawase import AKA
from tests.core.test_hanaawase import scored as hanaawase_scored
from tests.core.test_koikoi import scored as koikoi_scored
from tests.core.test_sakura import _scoring_state as sakura_state

NAMES = ("Aki", "Ben", "Cho", "Dan")
SAMPLES = sorted((Path(__file__).resolve().parents[2] / "replays").glob("*.hana"))


def words(ended: RoundEnded, seat: int, game: str, **options) -> list[str]:
    rules = find_rules(game, **options)
    names = NAMES[: len(ended.breakdown)]
    return [score_line_words(x, seat, rules, names) for x in ended.breakdown[seat].lines]


def test_bakappana_names_no_player_and_counts_par():
    from core.games.bakappana.game import GAME
    from core.state import SCORING, State
    from tests.core.test_hanaawase import players

    rules = find_rules("bakappana", scoring="zero_sum")
    piles = [mask_of(AKA.split()), mask_of(["02a"])]
    piles.append(ALL_MASK & ~piles[0] & ~piles[1])
    state = State(
        rules=rules,
        hooks=GAME,
        players=players(3),
        phase=SCORING,
        dealer=0,
        totals=(0, 0, 0),
        round=1,
        hands=(0, 0, 0),
        field=0,
        pile=(),
        captures=tuple(piles),
        turn=0,
        end_reason="cards_exhausted",
    )
    ended = GAME.score_round(state)
    assert words(ended, 1, "bakappana", scoring="zero_sum") == [
        "card points (1 card)",
        "par: 264 shared by 3 players",
    ]
    assert score_line_text(ended.breakdown[1].lines[1], 1, rules, NAMES[:3]) == (
        "par: 264 shared by 3 players -88"
    )


def test_hanaawase_zero_sum_says_whose_yaku_each_player_pays():
    # Aki holds Poetry Ribbons, Cho every other card (and many yaku), Ben nothing
    ended = hanaawase_scored(find_rules("hana-awase", scoring="zero_sum"), AKA, "02a", "")
    aki, ben, cho = (words(ended, s, "hana-awase", scoring="zero_sum") for s in range(3))
    assert aki[:4] == [
        "card points (23 cards)",
        "par: 264 shared by 3 players",
        "Poetry Ribbons",
        "yaku paid by each other player",
    ]
    assert aki[-1] == "pays Cho's yaku"
    assert ben[-2:] == ["pays Aki's yaku", "pays Cho's yaku"]
    assert cho[-1] == "pays Aki's yaku"


def test_hanaawase_teyaku_fuke_and_willows_name_their_player():
    from core.games.hanaawase.scoring import HanaAwaseRound

    six = mask_of(["01c", "01d", "02c", "02d", "03c", "03d"])
    seven = mask_of(["04c", "04d", "05c", "05d", "06c", "06d", "07c"])
    teyaku = hanaawase_scored(
        find_rules("hana-awase", teyaku_chaff=True),
        AKA,
        "02a",
        "",
        extra=HanaAwaseRound(shown=(six, 0, seven)),
    )
    ben = words(teyaku, 1, "hana-awase", teyaku_chaff=True)
    assert ben[-2:] == ["pays Aki's teyaku", "pays Cho's teyaku"]
    assert words(teyaku, 2, "hana-awase", teyaku_chaff=True)[-2:] == [
        "pays Aki's teyaku",
        "teyaku: 7 chaff in the opening hand",
    ]
    fuke = hanaawase_scored(find_rules("hana-awase", fuke_threshold=20), AKA, "02a", "")
    assert words(fuke, 0, "hana-awase", fuke_threshold=20) == [
        "fuke: Ben took only 10 card points (20 or fewer), so nobody scores"
    ]
    willows = "11a 11b 11c 11d"
    owner = hanaawase_scored(find_rules("hana-awase", willow_row="owner_only"), AKA, willows, "")
    assert "Ben holds the four Willows: the others' yaku do not count" in words(
        owner, 2, "hana-awase", willow_row="owner_only"
    )
    cancel = hanaawase_scored(find_rules("hana-awase", willow_row="cancel_all"), AKA, willows, "")
    assert "Ben holds the four Willows: no yaku counts this round" in words(
        cancel, 0, "hana-awase", willow_row="cancel_all"
    )
    paid = hanaawase_scored(
        find_rules("hana-awase", scoring="plain", compensation=True), "01a 01b", "12a", ""
    )
    opts = {"scoring": "plain", "compensation": True}
    assert words(paid, 2, "hana-awase", **opts)[-2:] == [
        "pays Aki's compensation",
        "pays Ben's compensation",
    ]
    assert words(paid, 0, "hana-awase", **opts)[-2:] == [
        "compensation: only 2 cards taken",
        "pays Ben's compensation",
    ]


def test_koikoi_names_who_called_who_won_and_who_pays():
    # Ben (seat 1) stops with Three Brights after Aki called koi-koi
    ended = koikoi_scored(find_rules("koikoi"), "01a 08a 12a", winner=1, koikoi=(1, 0))
    assert words(ended, 1, "koikoi") == ["Three Brights", "Aki called koi-koi"]
    assert words(ended, 0, "koikoi") == ["Ben won the round"]
    # the winner's own calls, and a count of the opponent's
    own = koikoi_scored(
        find_rules("koikoi", koikoi_multiplier="self_flat"), "01a 08a 12a", koikoi=(2, 1)
    )
    assert words(own, 0, "koikoi", koikoi_multiplier="self_flat")[-1] == "Aki called koi-koi"
    count = koikoi_scored(
        find_rules("koikoi", koikoi_multiplier="opponent_count"), "01a 08a 12a", koikoi=(0, 2)
    )
    assert words(count, 0, "koikoi", koikoi_multiplier="opponent_count")[-1] == (
        "Ben called koi-koi twice"
    )
    # zero-sum: the loser pays the winner, capped at what the loser has
    zero = {"match_scoring": "zero_sum", "zero_sum_start": 6}
    capped = koikoi_scored(find_rules("koikoi", **zero), "01a 03a 08a 12a", winner=1, totals=(6, 6))
    assert words(capped, 1, "koikoi", **zero) == [
        "Four Brights",
        "8 points, 7 or more",
        "capped: Aki has only 6 left",
    ]
    assert words(capped, 0, "koikoi", **zero) == ["paid to Ben"]
    # the export's line of a multiplier says what it adds
    double = capped.breakdown[1].lines[1]
    assert score_line_text(double, 1, find_rules("koikoi", **zero), NAMES[:2]) == (
        "8 points, 7 or more ×2 = +8"
    )
    # the winner also scores the opponent's yaku (P33): whose they are
    both = koikoi_scored(
        find_rules("koikoi", winner_scores_opponent_yaku=True),
        "01a 08a 12a",
        "02a 04a 05a 06a 07a",
        winner=1,
    )
    assert words(both, 1, "koikoi", winner_scores_opponent_yaku=True)[:2] == [
        "Three Brights",
        "Aki's Animals",
    ]


def test_sakura_names_the_holder_of_each_yaku_and_the_team():
    # the Spanish guide's example: Aki one yaku, Ben two, Cho none
    ended = SAKURA.score_round(sakura_state(3, ["03a 08a 09a", "01b 02b 03b 06b 09b 10b", "11c"]))
    assert words(ended, 2, "sakura") == [
        "card points (1 card)",
        "Aki holds Drinking",
        "Ben holds Poetry Ribbons",
        "Ben holds Blue Ribbons",
    ]
    assert words(ended, 0, "sakura")[:2] == ["card points (3 cards)", "Aki holds Drinking"]
    rules = find_rules("sakura")
    held = ended.breakdown[0].lines[1]
    assert score_line_text(held, 0, rules, NAMES[:3]) == (
        "Aki holds Drinking: each opponent loses 50"
    )
    # one row a yaku in the round's table: held by its holder, -50 for each other seat
    # the table's near line: a yaku held costs the others, it earns nothing
    from hanatui.text.words import near_of

    near = near_of(rules, [mask_of(["03a", "08a", "09a"]), 0, 0], 0)
    assert near.held_text() == "Drinking (others -50 each)"
    rows = dict(breakdown_rows(ended, rules, NAMES[:3]))
    assert rows["Aki holds Drinking"] == ("held", "-50", "-50")
    assert rows["Ben holds Blue Ribbons"] == ("-50", "held", "-50")
    # teams of two: Aki and Cho against Ben and Dan
    teams = SAKURA.score_round(
        sakura_state(4, ["01b 02b 01a", "06b 09b", "03b", "10b 12a"], teams="2x2")
    )
    aki = words(teams, 0, "sakura", teams="2x2")
    assert aki == [
        "the team's card points (4 cards)",
        "Aki and Cho pool their captures",
        "Aki and Cho hold Poetry Ribbons",
        "Ben and Dan hold Blue Ribbons",
    ]
    assert dict(breakdown_rows(teams, find_rules("sakura", teams="2x2"), NAMES))[
        "Aki and Cho hold Poetry Ribbons"
    ] == ("held", "-50", "held", "-50")


def test_the_issues_round_names_easy_2_for_easy_2s_yaku():
    """replays/sakura-2p-seed30.hana round 3, in the app's table and in export --text."""
    path = next(p for p in SAMPLES if p.name == "sakura-2p-seed30.hana")
    log = read_log(path.read_bytes())
    ended = [e for e in log.events if isinstance(e, RoundEnded)][2]
    names = [p.name for p in log.header.players]
    rows = dict(breakdown_rows(ended, log.header.rules, names))
    assert rows["Easy 2 holds Spring"] == ("-50", "held")
    record = text_record(log)
    assert "Easy 1: card points (17 cards) +100; Easy 1 holds Poetry Ribbons: each" in record
    assert "Easy 2 holds Spring -50" in record.split("Round 3 over")[1].split("totals")[0]
    assert "seat" not in record.split("Round 3 over")[1].split("totals")[0]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_every_score_line_of_every_sample_names_its_own_player(path: Path):
    """A line about another player names that player; no line says "seat"."""
    log = read_log(path.read_bytes())
    rules = log.header.rules
    names = [f"Player{chr(65 + i)}" for i in range(len(log.header.players))]
    seen = 0
    for ended in (e for e in log.events if isinstance(e, RoundEnded)):
        for score in ended.breakdown:
            for line in score.lines:
                said = score_line_words(line, score.seat, rules, names)
                assert "seat" not in said and not re.search(r"\bP\d", said), said
                named = set(re.findall(r"Player[A-G]", said))
                whose = _whose(line, score.seat, rules.game)
                if whose is not None:
                    seen += 1
                    assert names[whose] in named, (said, line)
                allowed = {names[s] for s in _allowed(line, score.seat, rules, len(names))}
                assert named <= allowed, (said, line)
    if rules.game in ("koikoi", "sakura"):  # every sample of these has such lines
        assert seen


def _whose(line: ScoreLine, owner: int, game: str) -> int | None:
    """The seat a line must name, if any: its own seat, or the holder of a Sakura yaku."""
    if line.seat is not None:
        return line.seat
    if game == "sakura" and line.kind == "yaku":
        return owner
    return None


def _allowed(line: ScoreLine, owner: int, rules: Rules, n: int) -> set[int]:
    """Seats a line may name: its owner and its own seat, with their teammates (Sakura)."""
    seats = {owner} if line.seat is None else {line.seat, owner}
    return {member for s in seats for member in game_for(rules).unit_of(rules, n, s)}


def test_a_koikoi_line_can_be_worded_without_its_value():
    """A hand-made line (a tool's, say) without the data a sentence wants still reads."""
    line = ScoreLine(kind="multiplier", id="double_at_7", factor=2, points=8)
    assert score_line_words(line, 0, find_rules("koikoi"), NAMES[:2]) == "0 points, 7 or more"
    unknown = replace(line, id="something_new")
    assert score_line_words(unknown, 0, find_rules("koikoi"), NAMES[:2]) == "something new"


@pytest.mark.parametrize("game", ["koikoi", "hana-awase", "sakura"])
def test_a_seat_near_a_yaku_holds_one_of_its_cards_so_an_empty_pile_is_near_none(game):
    """The table's near line only names yaku the seat has a card of (`Game.near_yaku` shows none
    without), which is why a seat that has captured nothing is answered at once."""
    from core.cards import CARDS

    rules = find_rules(game)
    near_yaku = game_for(rules).near_yaku
    assert near_yaku(rules, 0, 0) == () and near_yaku(rules, 0, mask_of(["01a", "03a"])) == ()
    seen = 0
    for card in CARDS[::5]:
        near = near_yaku(rules, card.bit, 0)
        assert all(have >= 1 for _name, have, _need in near), (card, near)
        seen += len(near)
    assert seen > 0  # single cards do make seats near yaku
