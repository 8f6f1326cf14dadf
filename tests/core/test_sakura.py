"""Sakura (docs/rules.md §6) on scripted decks: the deal, the Gaji, hiki, the interrupt, scoring,
teams.

Every scenario deals a chosen deck (a `Dealt` event: deck[0:field] to the field, then each seat's
hand in seat order, then the draw pile top first) and drives the engine with decide/apply.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from msgspec.structs import replace

from core.actions import ChooseCapture, DeclareHiki, PlayCard
from core.cards import (
    ALL_MASK,
    CARDS,
    MONTH_MASKS,
    SAKURA_POINTS,
    Card,
    cards_of,
    mask_of,
    points_of,
)
from core.engine import apply, fold, legal_actions, step, to_act
from core.errors import CorruptLogError, IllegalActionError
from core.events import (
    CaptureChosen,
    CardDrawn,
    CardPlayed,
    DealerDrawn,
    Dealt,
    GajiClaimed,
    GajiInterrupted,
    HikiDeclared,
    MatchStarted,
    RoundEnded,
)
from core.games.base import DEAL_TABLE
from core.games.registry import evaluate_yaku
from core.games.sakura.game import GAJI, GAME, has_hiki, hiki_months
from core.games.sakura.round import SakuraRound
from core.games.sakura.teams import teams_of
from core.games.sakura.yaku import SAKURA_YAKU
from core.rules import find_rules, option_docs
from core.state import CHOOSE, DECIDE, DRAW, HAND, PLAY, SCORING, State
from core.timeline import Timeline
from core.view import observe
from tests.helpers import assert_replays, check_zones, players

G = Card.parse


# --------------------------------------------------------------------------------------------
# A scripted table
# --------------------------------------------------------------------------------------------


def _filler_order() -> list[Card]:
    """Unlisted cards fill the deal month by month across the deck (01a 02a .. 12a 01b ..), so
    filler rarely makes pairs; the Willows come last (the bottom of the pile)."""
    order = sorted(CARDS, key=lambda c: (c.month == 11, c.value[2], c.month))
    return order


def make_deck(
    n: int,
    field: list[str],
    hands: list[list[str]],
    pile: Sequence[str] = (),
    bottom: Sequence[str] = (),
    hand_size: int | None = None,
) -> tuple[Card, ...]:
    hand, fsize = DEAL_TABLE[n]
    hand = hand_size or hand
    listed = [*field, *(c for h in hands for c in h), *pile, *bottom]
    assert len(set(listed)) == len(listed), "a card is listed twice"
    filler = [c for c in _filler_order() if c.value not in listed]
    take = iter(filler)
    deck = [G(c) for c in field] + [next(take) for _ in range(fsize - len(field))]
    hands = list(hands) + [[] for _ in range(n - len(hands))]
    for h in hands:
        assert len(h) <= hand
        deck += [G(c) for c in h] + [next(take) for _ in range(hand - len(h))]
    deck += [G(c) for c in pile]
    rest = list(take)
    deck += rest + [G(c) for c in bottom]
    assert len(deck) == 48 and len(set(deck)) == 48
    return tuple(deck)


class Table:
    """A Sakura match dealt from a chosen deck, driven action by action."""

    def __init__(
        self, n: int = 2, *, dealer: int = 0, field=(), hands=(), pile=(), bottom=(), **options
    ):
        self.rules = find_rules("sakura", **options)
        hand_size = 10 if n == 2 and self.rules.hand_size_2p == 10 else None
        draw = [CARDS[47 - i] for i in range(n)]  # late months: the dealer's 01a wins
        draw[dealer] = G("01a")
        deck = make_deck(
            n, list(field), [list(h) for h in hands], list(pile), list(bottom), hand_size
        )
        self.events = [
            MatchStarted(rules=self.rules, players=players(n)),
            DealerDrawn(draws=(tuple(draw),), dealer=dealer),
            Dealt(round=1, dealer=dealer, deck=deck),
        ]
        self.state = fold(self.events)
        check_zones(self.state)

    def act(self, action) -> list:
        pairs = step(self.state, action)
        for event, state in pairs:
            check_zones(state)
            self.events.append(event)
        self.state = pairs[-1][1]
        return [e for e, _ in pairs]

    def play(self, seat: int, code: str) -> list:
        return self.act(PlayCard(seat=seat, card=G(code)))

    def choose(self, seat: int, code: str, target: str | None) -> list:
        return self.act(
            ChooseCapture(seat=seat, card=G(code), target=G(target) if target else None)
        )

    def hiki(self, seat: int, month: int) -> list:
        return self.act(DeclareHiki(seat=seat, month=month))

    def targets(self) -> list[str | None]:
        return [
            a.target.value if a.target else None
            for a in legal_actions(self.state)
            if isinstance(a, ChooseCapture)
        ]

    def finish_round(self) -> list:
        """Play on with the first legal action until the round is scored."""
        out = []
        while self.state.rounds_done == 0:
            out += self.act(legal_actions(self.state)[0])
        return out

    def hand(self, seat: int) -> set[str]:
        return {c.value for c in cards_of(self.state.hands[seat])}

    def captures(self, seat: int) -> set[str]:
        return {c.value for c in cards_of(self.state.captures[seat])}

    def field(self) -> set[str]:
        return {c.value for c in cards_of(self.state.field)}

    def check_log(self) -> None:
        assert fold(self.events) == self.state
        assert_replays(self.events, [self.state])


def codes(cards) -> tuple[str, ...]:
    return tuple(c.value for c in cards)


# --------------------------------------------------------------------------------------------
# Rules, deal, values
# --------------------------------------------------------------------------------------------


def test_options_and_defaults_follow_rules_md_section_6():
    rules = find_rules("sakura")
    assert rules.rounds == 12
    assert rules.hand_size_2p == 8
    assert rules.sakura_round_end == "hands_empty"
    assert rules.sakura_yaku_enabled is True and rules.sakura_yaku_penalty == 50
    assert rules.gaji_wild_on_draw is True
    assert rules.gaji_initial_field == "ordinary"
    assert rules.gaji_end_claim == "same_suit"
    assert rules.gaji_blocked == "retarget_or_leave"
    assert rules.teams == "none"
    assert rules.tie_next_dealer == "previous_dealer"
    assert all(doc.explanation and doc.title for doc in option_docs("sakura"))
    assert find_rules("sakura", "beginner").sakura_yaku_enabled is False
    assert find_rules("sakura", "half-year").rounds == 6


@pytest.mark.parametrize(
    ("teams", "n", "ok"),
    [
        ("2x2", 4, True),
        ("2x2", 6, False),
        ("3x2", 6, True),
        ("2x3", 6, True),
        ("3x2", 4, False),
        ("none", 7, True),
        ("none", 8, False),
        ("none", 1, False),
    ],
)
def test_team_layouts_need_their_player_count(teams, n, ok):
    rules = find_rules("sakura", teams=teams)
    if ok:
        GAME.check_players(rules, n)
    else:
        with pytest.raises(IllegalActionError):
            GAME.check_players(rules, n)


@pytest.mark.parametrize("n", range(2, 8))
def test_the_deal_table_for_2_to_7_players(n):
    t = Table(n)
    hand, field = {2: (8, 8), 3: (7, 6), 4: (5, 8), 5: (4, 8), 6: (3, 12), 7: (3, 6)}[n]
    assert [h.bit_count() for h in t.state.hands] == [hand] * n
    assert t.state.field.bit_count() == field
    assert len(t.state.pile) == 48 - field - n * hand


def test_two_players_with_ten_card_hands():
    t = Table(2, hand_size_2p=10)
    assert [h.bit_count() for h in t.state.hands] == [10, 10]
    assert t.state.field.bit_count() == 8 and len(t.state.pile) == 20


def test_sakura_card_values_total_240():
    assert points_of(ALL_MASK, GAME.card_values(find_rules("sakura"))) == 240
    assert (
        G("11a").sakura_points == 5 and G("12b").sakura_points == 10 and G("11d").sakura_points == 0
    )
    assert [points_of(m, SAKURA_POINTS) for m in MONTH_MASKS] == [
        30,
        15,
        30,
        15,
        15,
        15,
        15,
        25,
        15,
        15,
        20,
        30,
    ]


def test_the_dealer_captures_four_of_a_month_dealt_to_the_field():
    t = Table(2, dealer=1, field=["08a", "08b", "08c", "08d", "12a", "12b", "12c", "12d"])
    assert t.state.phase == PLAY and t.state.turn == 1
    assert t.field() == set()
    assert t.captures(1) == {"08a", "08b", "08c", "08d", "12a", "12b", "12c", "12d"}
    assert t.state.extra.dealer_took == MONTH_MASKS[7] | MONTH_MASKS[11]
    # and the dealer then plays onto the empty field: the card stays there
    card = min(t.hand(1))
    events = t.play(1, card)
    assert events[0] == CardPlayed(seat=1, card=G(card), captured=())
    t.check_log()


# --------------------------------------------------------------------------------------------
# The Gaji
# --------------------------------------------------------------------------------------------


def test_gaji_from_the_hand_takes_any_one_field_card_and_keeps_it():
    t = Table(2, field=["01a", "05c", "09c"], hands=[["11d", "02c"], ["03c"]], pile=["10c"])
    events = t.play(0, "11d")
    assert events == [CardPlayed(seat=0, card=G("11d"), captured=())]
    assert t.state.phase == CHOOSE and to_act(t.state) == 0
    targets = t.targets()
    assert set(targets) == t.field() | {None}  # any field card, or as an ordinary Willow card
    assert targets[-1] is None
    events = t.choose(0, "11d", "01a")
    assert events[0] == CaptureChosen(
        seat=0, card=G("11d"), target=G("01a"), captured=(G("01a"), G("11d"))
    )
    assert isinstance(events[1], CardDrawn)  # then the draw, as usual
    assert {"01a", "11d"} <= t.captures(0)
    assert t.state.extra.gaji_owner == 0 and t.state.extra.gaji_pair == G("01a").index
    assert t.state.turn == 1
    t.check_log()


def test_gaji_turned_from_the_draw_pile_is_wild():
    t = Table(2, field=["01a", "05c", "09c"], hands=[["02c"], ["03c"]], pile=["11d"])
    events = t.play(0, "02c")
    assert events[-1] == CardDrawn(seat=0, card=G("11d"), captured=())
    assert t.state.phase == CHOOSE and t.state.pending_from == DRAW
    assert "05c" in t.targets()
    events = t.choose(0, "11d", "05c")
    assert events[0].captured == (G("05c"), G("11d"))
    assert t.state.extra.gaji_owner == 0 and t.state.extra.gaji_pair == G("05c").index
    assert t.state.phase == PLAY and t.state.turn == 1
    t.check_log()


def test_gaji_from_the_draw_pile_is_ordinary_when_the_option_says_so():
    t = Table(
        2,
        field=["01a", "05c", "09c"],
        hands=[["02c"], ["03c"]],
        pile=["11d"],
        gaji_wild_on_draw=False,
    )
    events = t.play(0, "02c")
    assert events[-1] == CardDrawn(seat=0, card=G("11d"), captured=())
    assert t.state.phase == PLAY and t.state.turn == 1  # no choice: it joined the field
    assert "11d" in t.field() and t.state.extra.gaji_owner == -1
    t.check_log()


def test_gaji_played_as_an_ordinary_willow_card():
    t = Table(
        2, field=["01a", "05c", "09c"], hands=[["11d", "02c"], ["11a", "03c"]], pile=["10c", "10d"]
    )
    t.play(0, "11d")
    t.choose(0, "11d", None)
    assert "11d" in t.field() and t.state.extra.gaji_owner == -1
    # on the field it is an ordinary Willow card: another Willow takes it, no wild pairing
    events = t.play(1, "11a")
    assert events[0] == CardPlayed(seat=1, card=G("11a"), captured=(G("11a"), G("11d")))
    assert t.state.extra.gaji_owner == -1
    t.check_log()


def test_gaji_onto_an_empty_field_stays_there():
    t = Table(
        2,
        dealer=1,
        field=["08a", "08b", "08c", "08d", "12a", "12b", "12c", "12d"],
        hands=[[], ["11d"]],
        pile=["10c"],
    )
    events = t.play(1, "11d")
    assert events[0] == CardPlayed(seat=1, card=G("11d"), captured=())
    assert "11d" in t.field()  # the draw (10c) does not take it
    t.check_log()


def test_gaji_with_willows_on_the_field():
    # one Willow there: an ordinary Willow would take it, so there is no "ordinary" option
    t = Table(2, field=["11b", "05c"], hands=[["11d"]], pile=["10c"])
    t.play(0, "11d")
    assert None not in t.targets() and {"05c", "11b"} <= set(t.targets())
    assert len(t.targets()) == 8
    # three Willows there: the fourth (the Gaji) takes all four
    t = Table(2, field=["11a", "11b", "11c", "05c"], hands=[["11d"]], pile=["10c"])
    t.play(0, "11d")
    targets = t.targets()
    assert (
        None not in targets and "11a" in targets and "11b" not in targets and "11c" not in targets
    )
    assert len(targets) == 6  # five other field cards, and the three Willows as one
    events = t.choose(0, "11d", "11a")
    assert codes(events[0].captured) == ("11a", "11b", "11c", "11d")
    t.check_log()


def test_gaji_dealt_to_the_field_is_an_ordinary_willow():
    t = Table(2, field=["11d", "05c"], hands=[["11a"]], pile=["10c"])
    events = t.play(0, "11a")
    assert events[0] == CardPlayed(seat=0, card=G("11a"), captured=(G("11a"), G("11d")))
    assert t.state.extra.gaji_owner == -1
    t.check_log()


def test_gaji_dealt_to_the_field_may_be_discarded():
    t = Table(2, field=["11d", "05c"], gaji_initial_field="discard")
    assert "11d" not in t.field() and t.state.field.bit_count() == 7
    assert t.state.extra.discarded == G("11d").bit
    t.finish_round()
    t.check_log()


def _claim_table(**options) -> Table:
    """P0 (dealer) takes 05c with the Gaji; P1 later plays 05a onto the field. 05b and 05d lie at
    the bottom of the pile, never drawn with two players."""
    t = Table(2, field=["05c", "01c"], hands=[["11d"], ["05a"]], bottom=["05b", "05d"], **options)
    t.play(0, "11d")
    t.choose(0, "11d", "05c")
    return t


def test_the_gajis_owner_takes_the_field_cards_of_its_month_at_the_end():
    t = _claim_table()
    events = t.finish_round()
    claim = [e for e in events if isinstance(e, GajiClaimed)]
    assert claim == [GajiClaimed(seat=0, captured=(G("05a"),))]
    assert events.index(claim[0]) == len(events) - 2  # just before the score
    ended = events[-1]
    assert isinstance(ended, RoundEnded)
    assert "05a" in t.captures(0)
    cards_line = ended.breakdown[0].lines[0]
    assert G("05a") in cards_line.cards and G("05c") in cards_line.cards
    assert cards_line.points == points_of(t.state.captures[0], SAKURA_POINTS)
    t.check_log()


def test_the_gajis_owner_takes_every_card_left_with_all_remaining():
    t = _claim_table(gaji_end_claim="all_remaining")
    events = t.finish_round()
    claim = [e for e in events if isinstance(e, GajiClaimed)]
    assert len(claim) == 1 and G("05a") in claim[0].captured
    assert t.state.field == 0
    t.check_log()


# --------------------------------------------------------------------------------------------
# Hiki
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("in_hand", "on_field"),
    [
        (["06a", "06b", "06c"], ["06d"]),  # 3 + 1
        (["06a", "06b"], ["06c", "06d"]),  # 2 + 2
        (["06a"], ["06b", "06c", "06d"]),  # 1 + 3
        (["06a", "06b", "06c", "06d"], []),  # 4 in hand
    ],
)
def test_hiki_takes_the_four_cards_of_a_month_then_the_draw_follows(in_hand, on_field):
    t = Table(2, field=on_field, hands=[in_hand, ["03c"]], pile=["10c"])
    assert DeclareHiki(seat=0, month=6) in legal_actions(t.state)
    hand_before = t.state.hands[0].bit_count()
    events = t.hiki(0, 6)
    assert events[0] == HikiDeclared(seat=0, month=6, captured=cards_of(MONTH_MASKS[5]))
    assert events[1] == CardDrawn(seat=0, card=G("10c"), captured=events[1].captured)
    assert {"06a", "06b", "06c", "06d"} <= t.captures(0)
    assert t.state.hands[0].bit_count() == hand_before - len(in_hand)
    assert t.state.turn == 1
    t.check_log()


def test_no_hiki_while_a_card_of_the_month_is_elsewhere():
    t = Table(2, field=["06d"], hands=[["06a", "06b"], ["06c"]])
    assert not [a for a in legal_actions(t.state) if isinstance(a, DeclareHiki)]
    with pytest.raises(IllegalActionError):
        t.hiki(0, 6)
    with pytest.raises(IllegalActionError):
        t.hiki(1, 6)  # not seat 1's turn


def test_three_on_the_field_are_taken_by_the_fourth_from_hand_or_pile():
    t = Table(
        2,
        field=["04a", "04b", "04c", "07a", "07b", "07c"],
        hands=[["04d"], ["02c"]],
        pile=["10c", "01c", "07d"],
    )
    events = t.play(0, "04d")
    assert codes(events[0].captured) == ("04a", "04b", "04c", "04d")
    t.play(1, "02c")  # then P1 draws 01c
    t.play(0, min(t.hand(0)))
    drawn = [e for e in t.events if isinstance(e, CardDrawn) and e.card == G("07d")]
    assert drawn and codes(drawn[0].captured) == ("07a", "07b", "07c", "07d")
    t.check_log()


def test_a_player_with_no_hand_cards_only_draws():
    # seven players hold three cards each: P0 empties the hand with a hiki of 3 + 1, and from then
    # on P0's turns are the draw alone while the others still hold cards
    t = Table(7, field=["06d"], hands=[["06a", "06b", "06c"]], pile=["10c"])
    t.hiki(0, 6)
    assert t.state.hands[0] == 0
    start = len(t.events)
    for _ in range(6):  # seats 1..6 play; then seat 0's draw-only turn runs by itself
        t.act(legal_actions(t.state)[0])
    later = t.events[start:]
    assert not [e for e in later if isinstance(e, CardPlayed) and e.seat == 0]
    assert [e for e in later if isinstance(e, CardDrawn) and e.seat == 0]
    assert t.state.turn == 1 and to_act(t.state) == 1
    t.check_log()


# --------------------------------------------------------------------------------------------
# The hiki interrupt of a Gaji
# --------------------------------------------------------------------------------------------


def _blocked_table(**options) -> Table:
    """P0 aims the Gaji at 07c; P1 holds 07a 07b, so with 07c 07d on the field that is P1's hiki."""
    t = Table(
        2,
        field=["07c", "07d", "02c"],
        hands=[["11d", "03c"], ["07a", "07b"]],
        pile=["10c"],
        **options,
    )
    t.play(0, "11d")
    events = t.choose(0, "11d", "07c")
    assert events == [GajiInterrupted(seat=0, target=G("07c"), by=1, month=7)]
    assert t.state.phase == DECIDE and to_act(t.state) == 1
    assert legal_actions(t.state) == (DeclareHiki(seat=1, month=7),)
    with pytest.raises(IllegalActionError):
        t.act(ChooseCapture(seat=0, card=G("11d"), target=G("02c")))  # seat 1 decides now
    events = t.hiki(1, 7)
    assert events[0] == HikiDeclared(seat=1, month=7, captured=cards_of(MONTH_MASKS[6]))
    assert {"07a", "07b", "07c", "07d"} <= t.captures(1)
    return t


def test_a_blocked_gaji_takes_another_card():
    t = _blocked_table()
    assert t.state.phase == CHOOSE and to_act(t.state) == 0
    targets = t.targets()
    assert "07c" not in targets and "02c" in targets and targets[-1] is None
    events = t.choose(0, "11d", "02c")
    assert events[0].captured == (G("02c"), G("11d"))
    assert t.state.extra.gaji_owner == 0 and t.state.extra.gaji_pair == G("02c").index
    assert isinstance(events[1], CardDrawn) and t.state.turn == 1
    t.check_log()


def test_a_blocked_gaji_may_be_left_on_the_field():
    t = _blocked_table()
    events = t.choose(0, "11d", None)
    assert events[0] == CaptureChosen(seat=0, card=G("11d"), target=None, captured=())
    assert "11d" in t.field() and t.state.extra.gaji_owner == -1
    t.check_log()


def test_a_blocked_gaji_goes_back_to_the_hand_and_another_card_is_played():
    t = _blocked_table(gaji_blocked="return_to_hand")
    assert t.state.phase == PLAY and t.state.stage == HAND and to_act(t.state) == 0
    assert "11d" in t.hand(0)
    plays = [a.card.value for a in legal_actions(t.state) if isinstance(a, PlayCard)]
    assert "11d" not in plays and "03c" in plays
    with pytest.raises(IllegalActionError):
        t.play(0, "11d")
    t.play(0, "03c")
    assert t.state.turn == 1 and "11d" in t.hand(0)
    t.check_log()
    # a log that plays the Gaji again at once is refused
    index = next(i for i, e in enumerate(t.events) if isinstance(e, HikiDeclared))
    state = fold(t.events[: index + 1])
    with pytest.raises(CorruptLogError):
        apply(state, CardPlayed(seat=0, card=G("11d"), captured=()))


def test_a_gaji_taken_back_may_be_played_again_when_it_is_the_only_card():
    t = _blocked_table(gaji_blocked="return_to_hand")
    lone = replace(t.state, hands=(G("11d").bit, t.state.hands[1]))
    assert GAME.playable(lone) == G("11d").bit
    assert GAME.playable(t.state) == t.state.hands[0] & ~G("11d").bit


def test_a_blocked_gaji_from_the_draw_pile_retargets_even_with_return_to_hand():
    t = Table(
        2,
        field=["07c", "07d", "02c"],
        hands=[["03c"], ["07a", "07b"]],
        pile=["11d"],
        gaji_blocked="return_to_hand",
    )
    t.play(0, "03c")
    assert t.state.phase == CHOOSE and t.state.pending_from == DRAW
    t.choose(0, "11d", "07d")
    t.hiki(1, 7)
    assert t.state.phase == CHOOSE and to_act(t.state) == 0 and "11d" not in t.hand(0)
    t.choose(0, "11d", "02c")
    t.check_log()


def test_a_blocked_gaji_facing_an_empty_field_can_only_be_left_there():
    # seven players, field of six: the dealer takes the four 08s, so 07c 07d are all that is left
    t = Table(
        7,
        field=["08a", "08b", "08c", "08d", "07c", "07d"],
        hands=[["11d"], ["07a", "07b"]],
        pile=["10c"],
    )
    assert t.field() == {"07c", "07d"}
    t.play(0, "11d")
    assert t.targets() == ["07c", "07d", None]
    t.choose(0, "11d", "07d")
    t.hiki(1, 7)
    assert t.field() == set() and t.targets() == [None]
    t.choose(0, "11d", None)
    assert t.field() == {"11d", "10c"}  # left there; then the draw (10c) joined it
    t.check_log()


def test_undo_of_the_interrupting_hiki_returns_to_that_decision():
    t = _blocked_table()
    timeline = Timeline(t.events)
    timeline.undo(1)
    assert timeline.last.phase == DECIDE and to_act(timeline.last) == 1


def test_a_forged_interrupt_is_refused():
    t = Table(
        2,
        field=["07c", "07d", "02c"],
        hands=[["11d", "03c"], ["07a"]],
        pile=["10c"],
        bottom=["07b"],
    )
    t.play(0, "11d")
    # seat 1 holds only 07a: 07b is in the pile, so there is no hiki to interrupt with
    assert t.choose(0, "11d", "07c")[0].captured == (G("07c"), G("11d"))
    t2 = Table(
        2,
        field=["07c", "07d", "02c"],
        hands=[["11d", "03c"], ["07a"]],
        pile=["10c"],
        bottom=["07b"],
    )
    t2.play(0, "11d")
    with pytest.raises(CorruptLogError):
        apply(t2.state, GajiInterrupted(seat=0, target=G("07c"), by=1, month=7))


# --------------------------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------------------------


def _scoring_state(n: int, captures: list[str], **options) -> State:
    """A dealt state whose captures are replaced, at the moment of scoring."""
    t = Table(n, **options)
    caps = tuple(mask_of(c.split()) for c in captures)
    rest = ALL_MASK
    for c in caps:
        rest &= ~c
    hands = tuple(0 for _ in range(n))
    return replace(
        t.state,
        hands=hands,
        field=rest,
        pile=(),
        captures=caps,
        phase=SCORING,
        end_reason="cards_exhausted",
    )


def test_the_spanish_rule_books_example():
    # player 1 holds one yaku, player 2 two, player 3 none: 3 loses 150, 1 loses 100, 2 loses 50
    state = _scoring_state(3, ["03a 08a 09a", "01b 02b 03b 06b 09b 10b", "11c"])
    ended = GAME.score_round(state)
    cards = [s.lines[0].points for s in ended.breakdown]
    assert cards == [45, 60, 10]
    penalties = [sum(x.points for x in s.lines if x.kind == "penalty") for s in ended.breakdown]
    assert penalties == [-100, -50, -150]
    assert ended.points == (45 - 100, 60 - 50, 10 - 150)
    yaku = [[x.id for x in s.lines if x.kind == "yaku"] for s in ended.breakdown]
    assert yaku == [["nomi"], ["akatan", "aotan"], []]
    p3 = ended.breakdown[2]
    assert [(x.seat, x.id, codes(x.cards)) for x in p3.lines if x.kind == "penalty"] == [
        (0, "nomi", ("03a", "08a", "09a")),
        (1, "akatan", ("01b", "02b", "03b")),
        (1, "aotan", ("06b", "09b", "10b")),
    ]
    # what each holder's own line says it costs the others
    assert [(x.id, x.points, x.value) for x in ended.breakdown[0].lines if x.kind == "yaku"] == [
        ("nomi", 0, 50)
    ]
    assert all(s.points == sum(x.points for x in s.lines) for s in ended.breakdown)
    assert ended.next_dealer == 1


def test_yaku_off_and_another_penalty():
    state = _scoring_state(3, ["03a 08a 09a", "01b 02b 03b", ""], sakura_yaku_enabled=False)
    assert GAME.score_round(state).points == (45, 30, 0)
    state = _scoring_state(3, ["03a 08a 09a", "01b 02b 03b", ""], sakura_yaku_penalty=30)
    assert GAME.score_round(state).points == (45 - 30, 30 - 30, -60)


def test_a_card_serves_several_yaku():
    hits = evaluate_yaku(find_rules("sakura"), ["03a", "08a", "09a", "06a", "10a", "07a", "08b"])
    assert [h.id for h in hits] == ["nomi", "blue_animals", "inoshikagan"]
    assert [h.id for h in SAKURA_YAKU] == [
        "nomi",
        "omote_sugawara",
        "akatan",
        "aotan",
        "blue_animals",
        "kusatan",
        "grass_animals",
        "inoshikagan",
    ]
    # the Willow ribbon is not a grass ribbon
    assert evaluate_yaku(find_rules("sakura"), ["04b", "05b", "11c"]) == ()
    assert [h.points for h in hits] == [50, 50, 50]


def test_teams_pool_captures_and_yaku_and_share_one_score():
    # 4 players, 2x2: seats 0 and 2 against 1 and 3. Akatan is split between seats 0 and 2.
    state = _scoring_state(4, ["01b 02b 01a", "06b 09b", "03b", "10b 12a"], teams="2x2")
    assert teams_of("2x2", 4) == ((0, 2), (1, 3))
    ended = GAME.score_round(state)
    # team A: 01b 02b 01a 03b = 10+10+20+10 = 50, minus aotan of team B (06b 09b 10b split 1/3)
    # team B: 06b 09b 10b 12a = 10+10+10+20 = 50, minus akatan of team A
    assert ended.points == (0, 0, 0, 0)
    a = ended.breakdown[0]
    assert a.lines[0].points == 50 and set(codes(a.lines[0].cards)) == {"01a", "01b", "02b", "03b"}
    assert [x.id for x in a.lines if x.kind == "yaku"] == ["akatan"]
    assert [(x.id, x.seat) for x in a.lines if x.kind == "penalty"] == [("aotan", 1)]
    assert [(x.id, x.seat) for x in a.lines if x.kind == "note"] == [("team_pool", 0)]
    assert ended.breakdown[2].lines == a.lines
    # the captures stay per seat in the state
    assert state.captures[2] == mask_of(["03b"])


def test_team_score_and_which_member_deals_next():
    state = _scoring_state(6, ["01a", "", "08a 01b", "03a", "", ""], teams="2x3")
    assert teams_of("2x3", 6) == ((0, 2, 4), (1, 3, 5))
    ended = GAME.score_round(replace(state, dealer=0))
    assert ended.points == (50, 20, 50, 20, 50, 20)
    assert ended.next_dealer == 2
    state = _scoring_state(6, ["01a 01b", "", "", "03a", "", ""], teams="3x2")
    assert teams_of("3x2", 6) == ((0, 3), (1, 4), (2, 5))
    ended = GAME.score_round(replace(state, dealer=0))
    assert ended.points == (50, 0, 0, 50, 0, 0)
    assert ended.next_dealer == 3  # the winning team's member after the previous dealer (0)
    ended = GAME.score_round(replace(state, dealer=4))
    assert ended.next_dealer == 0


def test_next_dealer_and_the_tie_rule():
    state = _scoring_state(3, ["01a", "03a", "01b"])  # 20, 20, 10: a tie of seats 0 and 1
    assert GAME.score_round(replace(state, dealer=2)).next_dealer == 2  # the previous dealer
    turn_order = _scoring_state(3, ["01a", "03a", "01b"], tie_next_dealer="turn_order")
    assert GAME.score_round(replace(turn_order, dealer=2)).next_dealer == 0
    assert GAME.score_round(replace(turn_order, dealer=1)).next_dealer == 1
    state = _scoring_state(3, ["01a", "03a 01b", ""])
    assert GAME.score_round(replace(state, dealer=0)).next_dealer == 1  # the best score


def test_negative_scores_are_allowed():
    state = _scoring_state(2, ["03a 08a 09a 01a 02a", "01c"])
    ended = GAME.score_round(state)
    assert ended.points[1] == -100 and ended.totals[1] == -100


# --------------------------------------------------------------------------------------------
# Hidden hands
# --------------------------------------------------------------------------------------------


def test_a_teammates_hand_is_absent_from_observe():
    t = Table(4, teams="2x2")
    for seat in range(4):
        mate = (seat + 2) % 4
        view = observe(t.state, seat)
        assert view.hand.mask == t.state.hands[seat]
        assert view.hand.mask & t.state.hands[mate] == 0
        assert view.unseen.mask & t.state.hands[mate] == t.state.hands[mate]
        shown = view.field.mask | view.hand.mask
        for c in view.captures:
            shown |= c.mask
        assert shown & t.state.hands[mate] == 0
        # nothing in the view's public extra leaks a hand either
        assert isinstance(view.extra, SakuraRound)
        assert view.extra.discarded & t.state.hands[mate] == 0


def test_round_end_options():
    # hands_empty: two players leave 8 cards in the draw pile
    t = Table(2)
    t.finish_round()
    assert len(t.state.pile) == 8 and t.events[-1].reason == "hands_empty"
    t = Table(2, sakura_round_end="hands_and_deck_empty")
    t.finish_round()
    ended = next(e for e in t.events if isinstance(e, RoundEnded))
    assert len(t.state.pile) == 0 and ended.reason == "cards_exhausted"
    t.check_log()


def test_gaji_constant():
    assert CARDS[GAJI] == G("11d")


def test_has_hiki_says_whether_hiki_months_names_one():
    rng = random.Random(11)
    found = 0
    for _ in range(3000):
        # Some whole months among random cards, each card dealt to the hand or the field.
        months = rng.sample(range(12), rng.randrange(0, 3))
        cards = {4 * m + k for m in months for k in range(4)} | set(rng.sample(range(48), 8))
        hand = field = 0
        for i in cards:
            if rng.random() < 0.5:
                hand |= 1 << i
            else:
                field |= 1 << i
        assert has_hiki(hand, field) == bool(hiki_months(hand, field))
        found += has_hiki(hand, field)
    assert 500 < found < 2500
