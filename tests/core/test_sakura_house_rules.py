"""Sakura's options from the rule books' variants (docs/rules.md §6.2, §6.4): the Gaji's
``transfer_during_play``, ``hiki_mode`` and ``sakura_victory_scoring``. Each is a scripted deal
or a scored pile whose result changes exactly as the rule says, with the option on and off. The
driver (`Table`) and `_scoring_state` are those of test_sakura.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from core.actions import DeclareHiki
from core.engine import legal_actions
from core.errors import IllegalActionError
from core.events import CardDrawn, GajiClaimed, GajiInterrupted, HikiDeclared, RoundEnded
from core.games.sakura.game import GAME
from core.games.sakura.round import SakuraRound
from core.rules import find_rules
from core.state import CHOOSE, HAND, PLAY
from tests.core.test_sakura import G, Table, _scoring_state


def extra(t: Table) -> SakuraRound:
    ex = t.state.extra
    assert isinstance(ex, SakuraRound)
    return ex


# ---- transfer_during_play ---------------------------------------------------------------------


def _gaji_took_05c(**options: Any) -> Table:
    """P0 (dealer) takes 05c with the Gaji; 05d lies on the field; P1 holds 05a (5 points) and
    turns 05b (10 points) from the pile after P0's draw (02d)."""
    t = Table(
        2,
        field=["05c", "05d", "01c"],
        hands=[["11d", "03c"], ["05a", "04c"]],
        pile=["02d", "05b"],
        **options,
    )
    t.play(0, "11d")
    t.choose(0, "11d", "05c")
    return t


def test_transfer_during_play_takes_the_next_point_card_captured_by_another() -> None:
    t = _gaji_took_05c(gaji_end_claim="transfer_during_play")
    t.play(1, "05a")  # takes 05d; 05a is a point card of the Gaji's month: it goes to P0
    assert "05a" in t.captures(0) and "05a" not in t.captures(1)
    assert "05d" in t.captures(1)
    assert extra(t).transferred == G("05a").index
    # The right is spent: 05b, which P1 then turned up, stays on the field.
    assert "05b" in t.field()
    t.finish_round()
    ended = next(e for e in t.events if isinstance(e, RoundEnded))
    assert not any(isinstance(e, GajiClaimed) for e in t.events)  # no end claim either
    assert G("05a") in ended.breakdown[0].lines[0].cards
    t.check_log()
    # Without the option P1 keeps its capture.
    t = _gaji_took_05c()
    t.play(1, "05a")
    assert {"05a", "05d"} <= t.captures(1) and "05a" not in t.captures(0)


# No other May card on the field: P1's draw of 05b would join it. P0's draw 02d takes 02c.
TURNED_UP: dict[str, Any] = {
    "field": ["05c", "01c", "02c", "03d", "06c", "07c", "08c", "09c"],
    "hands": [["11d", "03c"], ["04c", "06d"]],
    "pile": ["02d", "05b"],
}


def test_transfer_during_play_takes_a_point_card_turned_up_from_the_pile() -> None:
    t = Table(2, **TURNED_UP, gaji_end_claim="transfer_during_play")
    t.play(0, "11d")
    t.choose(0, "11d", "05c")
    events = t.play(1, "04c")  # then P1 turns up 05b: no May card on the field, it would join it
    assert CardDrawn(seat=1, card=G("05b"), captured=()) in events
    assert "05b" in t.captures(0) and "05b" not in t.field()
    t.check_log()
    t = Table(2, **TURNED_UP)
    t.play(0, "11d")
    t.choose(0, "11d", "05c")
    t.play(1, "04c")
    assert "05b" in t.field()  # by default it lies there (the end claim may take it later)


def test_transfer_during_play_is_spent_when_the_owner_takes_it() -> None:
    t = Table(
        2,
        field=["05c", "05d", "01c"],
        hands=[["11d", "05a", "03c"], ["04c", "06c", "05b"]],
        pile=["02d", "08c"],
        gaji_end_claim="transfer_during_play",
    )
    t.play(0, "11d")
    t.choose(0, "11d", "05c")
    t.play(1, "04c")
    t.play(0, "05a")  # P0 takes 05d with its own 05a: that was the next point card
    assert extra(t).transfer_spent and extra(t).transferred == -1
    t.play(1, "06c")
    assert "05b" in t.hand(1)


# ---- hiki_mode ----------------------------------------------------------------------------------


def test_hiki_at_any_moment_keeps_the_play() -> None:
    def table(mode: str) -> Table:
        return Table(
            2,
            field=["06d", "02a"],
            hands=[["06a", "06b", "06c", "02c"], ["03c"]],
            pile=["10c"],
            hiki_mode=mode,
        )

    t = table("any_moment")
    events = t.hiki(0, 6)
    assert events == [HikiDeclared(seat=0, month=6, captured=events[0].captured)]
    assert t.state.phase == PLAY and t.state.turn == 0 and t.state.stage == HAND
    t.play(0, "02c")  # the turn's play still follows, and takes 02a
    assert {"06a", "06b", "06c", "06d", "02a", "02c"} <= t.captures(0)
    assert t.state.turn == 1
    t.check_log()
    t = table("any_combination")
    events = t.hiki(0, 6)
    assert isinstance(events[1], CardDrawn) and t.state.turn == 1  # the hiki was the play
    assert "02a" in t.field() and "02c" in t.hand(0)


def test_hiki_at_any_moment_with_nothing_left_in_hand_goes_on_to_the_draw() -> None:
    # Six players hold three cards each: P0's hiki of 3 + 1 empties the hand.
    t = Table(6, field=["06d"], hands=[["06a", "06b", "06c"]], pile=["10c"], hiki_mode="any_moment")
    events = t.hiki(0, 6)
    assert isinstance(events[0], HikiDeclared)
    assert events[1] == CardDrawn(seat=0, card=G("10c"), captured=events[1].captured)
    assert t.state.hands[0] == 0 and t.state.turn == 1
    t.check_log()


@pytest.mark.parametrize(
    ("in_hand", "on_field", "allowed"),
    [
        (["06a", "06b", "06c"], ["06d"], True),
        (["06a", "06b"], ["06c", "06d"], False),
        (["06a"], ["06b", "06c", "06d"], False),
        (["06a", "06b", "06c", "06d"], [], False),
    ],
)
def test_hiki_hand3_field1(in_hand: list[str], on_field: list[str], allowed: bool) -> None:
    t = Table(2, field=on_field, hands=[in_hand, ["03c"]], pile=["10c"], hiki_mode="hand3_field1")
    assert (DeclareHiki(seat=0, month=6) in legal_actions(t.state)) is allowed
    if not allowed:
        with pytest.raises(IllegalActionError):
            t.hiki(0, 6)
    default = Table(2, field=on_field, hands=[in_hand, ["03c"]], pile=["10c"])
    assert DeclareHiki(seat=0, month=6) in legal_actions(default.state)


def test_hand3_field1_interrupts_only_a_three_and_one_hiki() -> None:
    """P0 aims the Gaji at 07c; P1 holds 07a 07b with 07c 07d on the field: by default that is
    P1's hiki and P1 interrupts; under hand3_field1 it is no hiki, and the Gaji takes 07c."""
    for mode, stopped in (("any_combination", True), ("hand3_field1", False)):
        t = Table(
            2,
            field=["07c", "07d", "02c"],
            hands=[["11d", "03c"], ["07a", "07b"]],
            pile=["10c"],
            hiki_mode=mode,
        )
        t.play(0, "11d")
        assert t.state.phase == CHOOSE
        events = t.choose(0, "11d", "07c")
        assert isinstance(events[0], GajiInterrupted) is stopped
        if not stopped:
            assert "07c" in t.captures(0)
    t = Table(
        2,
        field=["07d", "02c"],
        hands=[["11d", "03c"], ["07a", "07b", "07c"]],
        pile=["10c"],
        hiki_mode="hand3_field1",
    )
    t.play(0, "11d")
    assert isinstance(t.choose(0, "11d", "07d")[0], GajiInterrupted)


# ---- victory scoring ----------------------------------------------------------------------------

# Three players' piles: 45 - 100 = -55, 60 - 50 = 10, 10 - 150 = -140 (the Spanish example).
EXAMPLE = ["03a 08a 09a", "01b 02b 03b 06b 09b 10b", "11c"]
HUNDRED = "01a 03a 08a 12a 01b 02b"
NINETY = "01a 03a 08a 12a 01b"


@pytest.mark.parametrize(
    ("mode", "captures", "points"),
    [
        ("off", EXAMPLE, (-55, 10, -140)),
        ("round_wins", EXAMPLE, (0, 1, 0)),  # a lead of 65
        ("chu", EXAMPLE, (0, 2, 0)),  # 65 >= 50
        ("basa", EXAMPLE, (0, 1, 0)),  # 65 < 100
        ("chu_basa", EXAMPLE, (0, 2, 0)),
        # four brights and two ribbons, 100, against 0 and 0 (no yaku): a lead of 100
        ("basa", [HUNDRED, "", ""], (2, 0, 0)),
        ("chu_basa", [HUNDRED, "", ""], (3, 0, 0)),
        ("chu_basa", [NINETY, "", ""], (2, 0, 0)),
        ("basa", [NINETY, "", ""], (1, 0, 0)),
        ("round_wins", ["01a", "03a", ""], (0, 0, 0)),  # a tie for the best: nobody wins
    ],
)
def test_victory_scoring(mode: str, captures: list[str], points: tuple[int, ...]) -> None:
    state = _scoring_state(3, captures, sakura_victory_scoring=mode)
    ended = GAME.score_round(state)
    assert ended.points == points
    assert all(s.points == sum(x.points for x in s.lines) for s in ended.breakdown)
    # The next dealer is still the best round score.
    plain = GAME.score_round(_scoring_state(3, captures))
    assert ended.next_dealer == plain.next_dealer


def test_victory_scoring_counts_rounds_in_the_match_totals() -> None:
    rules = find_rules("sakura", sakura_victory_scoring="round_wins")
    assert rules.options()["sakura_victory_scoring"] == "round_wins"
    state = _scoring_state(3, EXAMPLE, sakura_victory_scoring="round_wins")
    ended = GAME.score_round(state)
    assert ended.totals == (0, 1, 0)
    won = ended.breakdown[1].lines[-1]
    assert (won.kind, won.id, won.points) == ("bonus", "victory", 1)
