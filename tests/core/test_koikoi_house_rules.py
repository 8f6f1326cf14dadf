"""Koi-koi's options beyond P1-P33 (docs/rules.md §5.5, the rows without a P-number): each one a
scripted deal or a scored pile whose result changes exactly as the rule says, with the option on
and off. The helpers (fixed decks, the `Table` driver, `scored`) are those of test_koikoi.py.
"""

from __future__ import annotations

from random import Random

import pytest

from core.actions import CallKoiKoi, CallShobu
from core.cards import mask_of
from core.chance import draw_dealer
from core.engine import apply, fold, legal_actions, run_auto
from core.errors import CorruptLogError, RulesError
from core.events import (
    DealerDrawn,
    Dealt,
    Event,
    KoiKoiCalled,
    MatchStarted,
    Redeal,
    RoundEnded,
    ShobuCalled,
)
from core.games.koikoi.game import GAME
from core.games.koikoi.lucky import lucky_kind
from core.games.koikoi.round import KoiKoiRound, round_of
from core.games.koikoi.rules import KoiKoiRules
from core.rules import find_rules
from core.state import DEAL, DECIDE, NEXT_TURN, PLAY, State
from tests.core.test_koikoi import (
    CHAFF10,
    FIELD,
    HAND0,
    HAND1,
    HAND_PLAIN,
    HAND_PLAIN2,
    KUTTSUKI,
    PILE,
    PLAYERS,
    TESHI,
    C,
    Table,
    _after_turn,
    deck_of,
    ids,
    scored,
)

FIELD_PLAIN = "09a 09b 10b 11a 11b 12a 06b 07b"
# Four of May and two pairs: teshi, and four pairs when the four counts as two.
TESHI_AND_PAIRS = "05a 05b 05c 05d 06a 06c 07a 07c"


# The deal ------------------------------------------------------------------------------------


def test_field_three_redeal() -> None:
    three = deck_of("09a 09b 09c 10c 11a 11b 12a 06d", HAND_PLAIN, HAND_PLAIN2)
    assert Table(find_rules("koikoi"), three).state.phase == PLAY
    t = Table(find_rules("koikoi", field_three_redeal=True), three)
    assert t.events[-1] == Redeal(reason="three_of_a_month_on_field")
    assert t.state.phase == DEAL and t.state.rounds_done == 0
    # Two of a month are no reason to redeal.
    two = deck_of("09a 09b 10c 10d 11a 12a 06d 05d", HAND_PLAIN, HAND_PLAIN2)
    assert Table(find_rules("koikoi", field_three_redeal=True), two).state.phase == PLAY


def test_kuttsuki_enabled() -> None:
    deck = deck_of(FIELD_PLAIN, KUTTSUKI, "05a 05b 06c 07c 08a 08c 10c 12c")
    ended = Table(find_rules("koikoi"), deck).ended()
    assert (ended.reason, ended.points) == ("lucky_hand", (6, 0))
    t = Table(find_rules("koikoi", kuttsuki_enabled=False), deck)
    assert t.state.phase == PLAY and not any(isinstance(e, RoundEnded) for e in t.events)
    # Under `redeal` four pairs void the deal only while kuttsuki counts.
    assert Table(find_rules("koikoi", lucky_hands="redeal"), deck).events[-1] == Redeal(
        reason="lucky_hand"
    )
    t = Table(find_rules("koikoi", lucky_hands="redeal", kuttsuki_enabled=False), deck)
    assert t.state.phase == PLAY
    # Four of a month stays lucky either way.
    teshi = deck_of(FIELD_PLAIN, TESHI, HAND_PLAIN2.replace("05a", "04a").replace("05c", "04b"))
    assert Table(find_rules("koikoi", kuttsuki_enabled=False), teshi).ended().points == (6, 0)


def test_lucky_hands_stack() -> None:
    hand = mask_of(TESHI_AND_PAIRS.split())
    assert lucky_kind(hand) == "teshi"
    assert lucky_kind(hand, stack=True) == "both"
    assert lucky_kind(hand, stack=True, kuttsuki=False) == "teshi"
    assert lucky_kind(mask_of(TESHI.split()), stack=True) == "teshi"  # one pair: not four
    deck = deck_of(FIELD_PLAIN, TESHI_AND_PAIRS, "01a 01b 02c 03c 04c 08a 08c 10c")
    ended = Table(find_rules("koikoi"), deck).ended()
    assert ended.points == (6, 0)
    assert [x.id for x in ended.breakdown[0].lines if x.kind == "yaku"] == ["teshi"]
    ended = Table(find_rules("koikoi", lucky_hands_stack=True), deck).ended()
    assert ended.points == (12, 0)
    lines = [x for x in ended.breakdown[0].lines if x.kind == "yaku"]
    assert [(x.id, x.points) for x in lines] == [("teshi", 6), ("kuttsuki", 6)]
    assert " ".join(c.value for c in lines[0].cards) == "05a 05b 05c 05d"


def test_first_dealer_coin_flip() -> None:
    flip = find_rules("koikoi", first_dealer="coin_flip")
    seen = set()
    for seed in range(20):
        event = draw_dealer(flip, 2, Random(seed))
        assert event.draws == ()
        seen.add(event.dealer)
    assert seen == {0, 1}  # both seats get picked
    assert draw_dealer(find_rules("koikoi"), 2, Random(0)).draws  # the default draws cards
    start = apply(None, MatchStarted(rules=flip, players=PLAYERS))
    assert apply(start, DealerDrawn(draws=(), dealer=1)).dealer == 1
    with pytest.raises(CorruptLogError, match="coin flip"):
        apply(start, DealerDrawn(draws=((C("01a"), C("02a")),), dealer=0))
    with pytest.raises(CorruptLogError, match="seats"):
        apply(start, DealerDrawn(draws=(), dealer=2))
    standard = apply(None, MatchStarted(rules=find_rules("koikoi"), players=PLAYERS))
    with pytest.raises(CorruptLogError):
        apply(standard, DealerDrawn(draws=(), dealer=0))


# Yaku ------------------------------------------------------------------------------------------

BOTH_SETS = "01b 02b 03b 06b 09b 10b"


def test_akatan_aotan_stack() -> None:
    classic = find_rules("koikoi", ribbon_animal_system="classic")
    stacked = find_rules("koikoi", ribbon_animal_system="classic", akatan_aotan_stack=True)
    assert ids(BOTH_SETS, classic) == {"akatan": 5, "aotan": 5, "tan": 2}
    assert ids(BOTH_SETS, stacked) == {"akatan_aotan": 10, "akatan": 5, "aotan": 5, "tan": 2}
    # No extras on the combination in the older system: a seventh ribbon raises tan only.
    assert ids(BOTH_SETS + " 04b", stacked) == {
        "akatan_aotan": 10,
        "akatan": 5,
        "aotan": 5,
        "tan": 3,
    }
    assert ids("01b 02b 03b 06b 09b", stacked) == {"akatan": 5, "tan": 1}
    double = find_rules("koikoi", double_at_7=False)
    assert scored(classic.replace(double_at_7=False), BOTH_SETS).points == (12, 0)
    assert scored(stacked.replace(double_at_7=False), BOTH_SETS).points == (22, 0)
    assert scored(double, BOTH_SETS).points == (10, 0)  # modern: exclusive, 10 alone
    with pytest.raises(RulesError, match="only with the older yaku"):
        find_rules("koikoi", akatan_aotan_stack=True)


def test_viewing_after_koikoi() -> None:
    rules = find_rules("koikoi", viewing_after_koikoi=3)
    hanami = "03a 09a"
    assert scored(find_rules("koikoi"), hanami, koikoi=(1, 0)).points == (5, 0)
    assert scored(rules, hanami).points == (5, 0)  # no call: the table's value
    ended = scored(rules, hanami, koikoi=(1, 0))
    assert ended.points == (3, 0)
    viewing = ended.breakdown[0].lines[0]
    assert (viewing.id, viewing.points, viewing.value) == ("hanamizake", 3, 1)  # after 1 call
    # The opponent's calls do not change the winner's viewing yaku.
    assert scored(rules, hanami, koikoi=(0, 2), winner=0).points == (10, 0)  # 5, x2 opponent
    both = find_rules("koikoi", viewing_after_koikoi=3, yaku_points={"hanamizake": 1})
    assert scored(both, "03a 08a 09a", koikoi=(1, 0), winner=0).points == (6, 0)
    assert scored(both, "03a 08a 09a").points == (6, 0)  # 1 + 5 before any call


# Decisions -------------------------------------------------------------------------------------


def test_raise_allows_shobu() -> None:
    p22 = find_rules("koikoi", koikoi_requires_new_yaku=True)
    allow = p22.replace(raise_allows_shobu=True)
    raised = CHAFF10 + " 06c"
    assert _after_turn(p22, CHAFF10, raised) == NEXT_TURN  # P22: a raise gives nothing
    assert _after_turn(allow, CHAFF10, raised) == DECIDE  # this reading: stop or play on
    with pytest.raises(RulesError, match='needs "only a new yaku decides"'):
        find_rules("koikoi", raise_allows_shobu=True)
    # The decision on a raise: shobu scores; playing on is no new call.
    state = _decide_on_raise(allow, CHAFF10, raised, calls=(1, 0))
    assert legal_actions(state) == (CallKoiKoi(seat=0), CallShobu(seat=0))
    event = GAME.decide_extra(state, CallKoiKoi(seat=0))
    assert event == KoiKoiCalled(seat=0, play_on=True)
    after, _ = GAME.apply_extra(state, event)
    assert round_of(after).koikoi == (1, 0)  # not counted
    with pytest.raises(CorruptLogError, match="play-on"):
        GAME.apply_extra(state, KoiKoiCalled(seat=0))
    # A new yaku under the same rules is a real call, counted.
    state = _decide_on_raise(allow, CHAFF10, CHAFF10 + " 02a 04a 05a 08b 11b", calls=(1, 0))
    event = GAME.decide_extra(state, CallKoiKoi(seat=0))
    assert event == KoiKoiCalled(seat=0)
    assert round_of(GAME.apply_extra(state, event)[0]).koikoi == (2, 0)


def _decide_on_raise(rules: KoiKoiRules, before: str, now: str, calls: tuple[int, int]) -> State:
    """Seat 0 in its decision after ending a turn with ``now``, having held ``before`` at its
    last koi-koi (``calls`` made so far)."""
    from core.games.koikoi.yaku import compiled_yaku

    standing = compiled_yaku(rules, None).standing(mask_of(before.split()), 0)
    state = State(
        rules=rules,
        hooks=GAME,
        players=PLAYERS,
        phase=PLAY,
        dealer=0,
        totals=(0, 0),
        round=1,
        hands=(mask_of(["12a"]), mask_of(["12b"])),
        pile=(C("12c").index, C("12d").index),
        captures=(mask_of(now.split()), 0),
        turn=0,
        turn_no=5,
        extra=KoiKoiRound(decided=(standing, ()), seen=(standing, ()), koikoi=calls),
    )
    after, then = GAME.after_turn(state)
    assert then == DECIDE
    from msgspec.structs import replace

    return replace(after, phase=DECIDE)


def test_koikoi_once() -> None:
    """Seat 0 makes hanamizake and calls koi-koi; seat 1 then makes sanko. By default seat 1
    decides; under koikoi_once its yaku ends the round at once (an automatic shobu)."""
    deck = deck_of(FIELD, HAND0, HAND1, PILE)
    for once, auto in ((False, False), (True, True)):
        t = Table(find_rules("koikoi", koikoi_once=once), deck)
        t.play("03b")
        assert t.state.phase == DECIDE and legal_actions(t.state)  # the first yaku: a choice
        t.koikoi()
        t.play("01b")
        t.play("02c")
        events = t.play("12b")
        if auto:
            assert ShobuCalled(seat=1, auto=True) in events
        else:
            assert t.state.phase == DECIDE and legal_actions(t.state)
            t.shobu()
        assert t.ended().points == (0, 10)


def test_koikoi_once_stops_the_callers_own_raise() -> None:
    """The caller's own next yaku ends the round too: seat 0 calls koi-koi on hanamizake, then
    takes the Moon (tsukimizake)."""
    deck = deck_of(FIELD, "03b 02c 08b 07a 11a 11b 10a 06a", HAND1, "09b 04d 03c")
    for once in (False, True):
        t = Table(find_rules("koikoi", koikoi_once=once), deck)
        t.play("03b")
        t.koikoi()
        t.play("01b")
        events = t.play("08b")
        if once:
            assert ShobuCalled(seat=0, auto=True) in events
        else:
            assert t.state.phase == DECIDE
            t.shobu()
        assert t.ended().points == (20, 0)


# Scores ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("calls", "points"), [(0, 5), (1, 6), (2, 7), (3, 8), (4, 10), (5, 15), (6, 20)]
)
def test_koikoi_call_bonus(calls: int, points: int) -> None:
    """+1 per own call up to three; with four or more the points are multiplied by calls - 2."""
    rules = find_rules("koikoi", koikoi_call_bonus=True, koikoi_multiplier="none")
    ended = scored(rules, "01a 03a 08a", koikoi=(calls, 0))
    assert ended.points == (points, 0)
    assert sum(x.points for x in ended.breakdown[0].lines) == points
    off = find_rules("koikoi", koikoi_multiplier="none")
    assert scored(off, "01a 03a 08a", koikoi=(calls, 0)).points == (5, 0)
    # The opponent's calls give the winner no bonus.
    assert scored(rules, "01a 03a 08a", koikoi=(0, calls)).points == (5, 0)


def test_zero_sum_cap() -> None:
    rules = find_rules("koikoi", match_scoring="zero_sum", zero_sum_start=6)
    assert scored(rules, "01a 03a 08a 12a", totals=(6, 6)).points == (6, -6)  # capped: 16 -> 6
    uncapped = rules.replace(zero_sum_cap=False)
    ended = scored(uncapped, "01a 03a 08a 12a", totals=(6, 6))
    assert ended.points == (16, -16) and ended.totals == (22, -10)
    assert not any(x.id == "zero_sum_cap" for b in ended.breakdown for x in b.lines)
    state = State(
        rules=uncapped, hooks=GAME, players=PLAYERS, totals=ended.totals, history=((16, -16),)
    )
    assert GAME.match_over(state)  # a total at or below zero ends the match


def test_new_options_are_written_to_the_log() -> None:
    from core.logfile import encode_log, header_for, read_log

    rules = find_rules(
        "koikoi",
        field_three_redeal=True,
        kuttsuki_enabled=False,
        koikoi_once=True,
        zero_sum_cap=False,
        viewing_after_koikoi=3,
    )
    events: list[Event] = [
        MatchStarted(rules=rules, players=PLAYERS),
        DealerDrawn(draws=((C("01a"), C("02a")),), dealer=0),
        Dealt(round=1, dealer=0, deck=deck_of(FIELD, HAND0, HAND1, PILE)),
    ]
    state = fold(events)
    events += [e for e, _ in run_auto(state)]
    data = encode_log(header_for(events), events)
    for key in NEW_KEYS:
        assert f'"{key}"'.encode() in data.splitlines()[0]
    log = read_log(data)
    assert log.state is not None and log.state.rules == rules
    # An old header without the new keys reads with today's behaviour.
    old = {k: v for k, v in find_rules("koikoi").options().items() if k not in NEW_KEYS}
    assert KoiKoiRules.from_options(old) == find_rules("koikoi")


NEW_KEYS = (
    "field_three_redeal",
    "kuttsuki_enabled",
    "lucky_hands_stack",
    "first_dealer",
    "akatan_aotan_stack",
    "raise_allows_shobu",
    "koikoi_once",
    "koikoi_call_bonus",
    "viewing_after_koikoi",
    "zero_sum_cap",
)
