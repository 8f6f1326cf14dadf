"""Koi-koi (docs/rules.md §5): scripted deals with fixed decks, played to known scores, and one test
per option (docs/rules.md §5.5, P1-P33 and the extra options) showing what it changes.

A scripted deal is a `Dealt` whose deck order is chosen: deck[0:8] is the field, then seat 0's
hand, then seat 1's hand, then the draw pile with its top first (docs/replay-format.md, "The deal").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from core.actions import Action, CallKoiKoi, CallShobu, ChooseCapture, PlayCard
from core.cards import CARDS, Card, mask_of
from core.engine import apply, fold, legal_actions, run_auto, step, to_act
from core.errors import IllegalActionError, RulesError
from core.events import (
    CardDrawn,
    CardPlayed,
    DealerDrawn,
    Dealt,
    DrawnToHand,
    Event,
    KoiKoiCalled,
    MatchEnded,
    MatchStarted,
    Redeal,
    RoundEnded,
    RoundEndReason,
    ShobuCalled,
)
from core.games.koikoi.game import GAME
from core.games.koikoi.lucky import lucky_kind
from core.games.koikoi.round import KoiKoiRound, round_of
from core.games.koikoi.rules import KoiKoiRules
from core.games.registry import evaluate_yaku
from core.players import Player
from core.rules import find_rules, option_docs
from core.state import CHOOSE, DEAL, DECIDE, DRAW, HAND, NEXT_TURN, OVER, PLAY, SCORING, State, Then

PLAYERS = (Player(name="Ann"), Player(name="Bo"))


# ------------------------------------------------------------------------------------------
# Helpers: fixed decks and a driver
# ------------------------------------------------------------------------------------------


def C(code: str) -> Card:
    return Card.parse(code)


def deck_of(field: str, hand0: str, hand1: str, pile: str = "") -> tuple[Card, ...]:
    """A 48-card deck: the given field, hands and pile top; the unused cards follow in the pile."""
    codes = field.split() + hand0.split() + hand1.split() + pile.split()
    assert len(set(codes)) == len(codes), "a card is listed twice"
    rest = [c.value for c in CARDS if c.value not in codes]
    return tuple(C(c) for c in codes + rest)


def deck_from_codes(text: str) -> tuple[Card, ...]:
    cards = tuple(C(c) for c in text.split())
    assert len(set(cards)) == 48
    return cards


class Table:
    """A match driven by hand: the events so far and the state after them."""

    def __init__(self, rules: KoiKoiRules, deck: Sequence[Card], dealer: int = 0) -> None:
        draw = (C("01a"), C("02a")) if dealer == 0 else (C("02a"), C("01a"))
        self.events: list[Event] = [
            MatchStarted(rules=rules, players=PLAYERS),
            DealerDrawn(draws=(draw,), dealer=dealer),
            Dealt(round=1, dealer=dealer, deck=tuple(deck)),
        ]
        self.state = fold(self.events)
        self._auto()

    def _auto(self) -> None:
        for event, state in run_auto(self.state):
            self.events.append(event)
            self.state = state

    def act(self, action: Action) -> list[Event]:
        pairs = step(self.state, action)
        for event, state in pairs:
            self.events.append(event)
            self.state = state
        return [e for e, _ in pairs]

    def play(self, code: str, target: str | None = None) -> list[Event]:
        seat = to_act(self.state)
        assert seat is not None and self.state.phase == PLAY, self.state.phase
        out = self.act(PlayCard(seat=seat, card=C(code)))
        if target is not None:
            assert self.state.phase == CHOOSE
            out += self.act(
                ChooseCapture(seat=seat, card=CARDS[self.state.pending], target=C(target))
            )
        return out

    def koikoi(self) -> list[Event]:
        return self.act(CallKoiKoi(seat=self.state.turn))

    def shobu(self) -> list[Event]:
        return self.act(CallShobu(seat=self.state.turn))

    def deal(self, deck: Sequence[Card]) -> None:
        """The next round's deal (the state must wait for one)."""
        s = self.state
        assert s.phase == DEAL, s.phase
        self.events.append(Dealt(round=s.rounds_done + 1, dealer=s.dealer, deck=tuple(deck)))
        self.state = apply(s, self.events[-1])
        self._auto()

    def ended(self) -> RoundEnded:
        return [e for e in self.events if isinstance(e, RoundEnded)][-1]

    def check(self) -> None:
        assert fold(self.events) == self.state


def first_legal(state: State) -> Action:
    """A fixed policy: the first legal action (the lowest card; koi-koi over shobu)."""
    return legal_actions(state)[0]


def play_out(table: Table, policy: Callable[[State], Action] = first_legal) -> None:
    """Play the round in progress to its end with ``policy``."""
    while table.state.phase not in ("deal", "match_end", "over"):
        table.act(policy(table.state))


def mirrored(deck: Sequence[Card], dealer: int) -> tuple[Card, ...]:
    """The deck with the two hands swapped when seat 1 deals, so the dealer holds the same cards."""
    deck = tuple(deck)
    return deck if dealer == 0 else deck[:8] + deck[16:24] + deck[8:16] + deck[24:]


def codes(cards: Sequence[Card]) -> str:
    return " ".join(c.value for c in cards)


# ------------------------------------------------------------------------------------------
# Scripted deals with known scores
# ------------------------------------------------------------------------------------------

# Field: the Curtain, Sake Cup, Crane, Moon and Phoenix, and three odd cards of other months.
FIELD = "03a 09a 01a 08a 12a 05a 06c 10c"
HAND0 = "03b 02c 04a 07a 11a 11b 10a 06a"
HAND1 = "01b 12b 04c 05c 07b 10b 11c 02a"
# Seat 0 draws 09b (takes the Sake Cup), seat 1 draws 08c (takes the Moon), then two misses.
PILE = "09b 08c 04d 03c"


def test_koikoi_then_the_opponents_shobu_doubles() -> None:
    t = Table(find_rules("koikoi"), deck_of(FIELD, HAND0, HAND1, PILE))
    t.play("03b")  # takes the Curtain; the draw 09b takes the Sake Cup: hanamizake
    assert t.state.phase == DECIDE and t.state.turn == 0
    assert legal_actions(t.state) == (CallKoiKoi(seat=0), CallShobu(seat=0))
    assert t.koikoi()[0] == KoiKoiCalled(seat=0)
    t.play("01b")  # seat 1 takes the Crane; the draw 08c takes the Moon
    assert t.state.phase == PLAY and t.state.turn == 0
    t.play("02c")  # seat 0 misses, and so does its draw 04d
    t.play("12b")  # seat 1 takes the Phoenix: sanko; its draw 03c misses
    assert t.state.phase == DECIDE and t.state.turn == 1
    events = t.shobu()
    assert events[0] == ShobuCalled(seat=1, auto=False)
    ended = t.ended()
    assert ended.reason == "shobu"
    assert ended.points == (0, 10)  # sanko 5, x2 for the opponent's koi-koi
    lines = ended.breakdown[1].lines
    assert [(x.kind, x.id, x.points, x.factor) for x in lines] == [
        ("yaku", "sanko", 5, 1),
        ("multiplier", "opponent_flat", 5, 2),
    ]
    assert lines[1].seat == 0  # the opponent, who called koi-koi
    assert [c.value for c in lines[0].cards] == ["01a", "08a", "12a"]
    assert ended.next_dealer == 1
    assert ended.totals == (0, 10)
    t.check()


def test_seven_points_double_and_own_koikoi_does_not_count_for_opponent_flat() -> None:
    # Seat 0 makes hanamizake (5), calls koi-koi, then takes the Moon: tsukimizake, 10 points.
    deck = deck_of(FIELD, "03b 02c 08b 07a 11a 11b 10a 06a", HAND1, "09b 04d 03c")
    t = Table(find_rules("koikoi"), deck)
    t.play("03b")
    t.koikoi()
    t.play("01b")  # seat 1 takes the Crane; the draw 04d misses
    t.play("08b")  # seat 0 takes the Moon; the draw 03c misses
    assert t.state.phase == DECIDE
    t.shobu()
    ended = t.ended()
    assert ended.points == (20, 0)  # 10 points, x2 for 7 or more; seat 0's own koi-koi: no x2
    assert [(x.kind, x.factor, x.points) for x in ended.breakdown[0].lines] == [
        ("yaku", 1, 5),
        ("yaku", 1, 5),
        ("multiplier", 2, 10),
    ]
    # With the Spanish seed's self koi-koi doubling, the same play is worth 40.
    t = Table(find_rules("koikoi", koikoi_multiplier="self_flat"), deck)
    for action in ("03b", "koikoi", "01b", "08b", "shobu"):
        t.koikoi() if action == "koikoi" else t.shobu() if action == "shobu" else t.play(action)
    assert t.ended().points == (40, 0)
    # Below the threshold nothing doubles: double_threshold 11 leaves the 10 points alone.
    t = Table(find_rules("koikoi", double_threshold=11), deck)
    for action in ("03b", "koikoi", "01b", "08b", "shobu"):
        t.koikoi() if action == "koikoi" else t.shobu() if action == "shobu" else t.play(action)
    assert t.ended().points == (10, 0)


# Decks found by search (random shuffles), replayed with the first-legal policy (always koi-koi):
# nobody ever forms a yaku in this deal, so it ends in an exhaustive draw.
NO_YAKU_DECK = (
    "12c 05d 08b 10d 05a 12a 06b 12b 03d 07c 10b 11b 08c 07b 05c 11c "
    "04a 10a 01c 04d 09b 11a 01d 05b 02d 04c 09d 03b 09a 01a 06d 03a "
    "07a 07d 08d 06c 11d 08a 01b 04b 02a 10c 03c 09c 12d 02c 06a 02b"
)
# Seat 0 makes sanko and calls koi-koi, raises it to ameshiko (and tan) and calls koi-koi again;
# nothing more happens and the hands run out.
KOIKOI_THEN_DRAW_DECK = (
    "03d 09c 03b 11a 07c 09a 11d 06b 12c 10b 06a 12b 10c 11c 07b 08a "
    "05b 05d 04c 02a 01c 07d 04a 02b 03a 04b 08d 09d 01a 10a 05c 02c "
    "07a 12d 08c 06d 02d 03c 01d 04d 08b 01b 09b 11b 12a 06c 05a 10d"
)
# The dealer's first yaku (tan) comes with its last card: an automatic shobu.
LAST_MOVE_DECK = (
    "11d 09c 05d 11a 04b 03a 02a 04d 07d 01b 08b 10b 11c 12b 08d 05a "
    "09a 01c 09d 03d 01d 06a 05c 05b 06c 10a 07b 12c 07c 10c 09b 08a "
    "12d 06d 03b 06b 02b 02d 03c 04a 01a 02c 08c 10d 12a 04c 07a 11b"
)


def test_exhaustive_draw_scores_nothing_and_the_dealer_deals_again() -> None:
    for dealer in (0, 1):
        t = Table(
            find_rules("koikoi"), mirrored(deck_from_codes(NO_YAKU_DECK), dealer), dealer=dealer
        )
        play_out(t)
        ended = t.ended()
        assert ended.reason == "exhaustive_draw"
        assert ended.points == (0, 0) and ended.totals == (0, 0)
        assert ended.next_dealer == dealer
        assert not any(isinstance(e, (KoiKoiCalled, ShobuCalled)) for e in t.events)
        assert sum(isinstance(e, CardPlayed) for e in t.events) == 16
        assert len(t.state.pile) == 0 or t.state.phase == DEAL
        t.check()


def test_koikoi_then_the_deck_runs_out_scores_nothing() -> None:
    t = Table(find_rules("koikoi"), deck_from_codes(KOIKOI_THEN_DRAW_DECK))
    play_out(t)
    assert [e for e in t.events if isinstance(e, KoiKoiCalled)] == [KoiKoiCalled(seat=0)] * 2
    ended = t.ended()
    assert (ended.reason, ended.points, ended.next_dealer) == ("exhaustive_draw", (0, 0), 0)


def test_a_yaku_on_the_last_move_is_an_automatic_shobu() -> None:
    t = Table(find_rules("koikoi"), deck_from_codes(LAST_MOVE_DECK))
    play_out(t)
    shobu = [e for e in t.events if isinstance(e, ShobuCalled)]
    assert shobu == [ShobuCalled(seat=0, auto=True)]
    assert not any(isinstance(e, KoiKoiCalled) for e in t.events)
    index = t.events.index(shobu[0])
    state = fold(t.events[:index])
    assert state.phase == DECIDE and state.hands[0] == 0 and state.hands[1] != 0
    assert legal_actions(state) == ()  # nobody chooses: the engine stops the round
    with pytest.raises(IllegalActionError):
        step(state, CallKoiKoi(seat=0))
    ended = t.ended()
    assert (ended.reason, ended.points, ended.next_dealer) == ("shobu", (1, 0), 0)
    assert [x.id for x in ended.breakdown[0].lines] == ["tan"]
    t.check()


def test_lucky_hand_worth_six_not_multiplied() -> None:
    # Seat 1 holds all four Pine cards (teshi); the field holds three brights.
    deck = deck_of(
        "03a 08a 12a 05a 06c 10c 02b 04b",
        HAND0.replace("11a", "09c"),
        "01a 01b 01c 01d 07b 10b 11c 02a",
    )
    rules = find_rules("koikoi", field_bright_multiplier="per_bright")
    t = Table(rules, deck)
    ended = t.ended()
    assert ended.reason == "lucky_hand"
    assert ended.points == (0, 6)
    assert ended.next_dealer == 1
    line = ended.breakdown[1].lines[0]
    assert (line.id, line.points, codes(line.cards)) == ("teshi", 6, "01a 01b 01c 01d")
    assert not any(x.kind == "multiplier" for x in ended.breakdown[1].lines)
    t.check()


def test_zero_sum_match_ends_early_when_a_player_reaches_zero() -> None:
    rules = find_rules("koikoi", match_scoring="zero_sum", zero_sum_start=10)
    t = Table(rules, deck_of(FIELD, HAND0, HAND1, PILE))
    assert t.events and fold(t.events[:1]).totals == (10, 10)
    for action in ("03b", "koikoi", "01b", "02c", "12b", "shobu"):
        t.koikoi() if action == "koikoi" else t.shobu() if action == "shobu" else t.play(action)
    ended = t.ended()
    assert ended.points == (-10, 10) and ended.totals == (0, 20)
    assert sum(ended.totals) == 2 * 10
    assert isinstance(t.events[-1], MatchEnded)
    assert t.events[-1].winners == (1,)
    assert t.state.phase == OVER and t.state.rounds_done == 1
    t.check()


def test_zero_sum_payment_is_capped_at_what_the_loser_has() -> None:
    rules = find_rules("koikoi", match_scoring="zero_sum", zero_sum_start=6)
    t = Table(rules, deck_of(FIELD, HAND0, HAND1, PILE))
    for action in ("03b", "koikoi", "01b", "02c", "12b", "shobu"):
        t.koikoi() if action == "koikoi" else t.shobu() if action == "shobu" else t.play(action)
    ended = t.ended()
    assert ended.points == (-6, 6) and ended.totals == (0, 12)
    assert sum(x.points for x in ended.breakdown[1].lines) == 6
    cap = [(x.id, x.seat, x.value) for x in ended.breakdown[1].lines if x.kind == "note"]
    assert cap == [("zero_sum_cap", 0, 6)]  # the loser, seat 0, had 6 left
    assert t.state.phase == OVER


# ------------------------------------------------------------------------------------------
# One test per option
# ------------------------------------------------------------------------------------------


def scored(
    rules: KoiKoiRules,
    winner_cards: str,
    loser_cards: str = "",
    *,
    winner: int = 0,
    koikoi: tuple[int, int] = (0, 0),
    field_brights: int = 0,
    field: str = "",
    reason: RoundEndReason = "shobu",
    round_no: int = 1,
    last_yaku: int = -1,
    dealer: int = 0,
    totals: tuple[int, int] | None = None,
) -> RoundEnded:
    """The score of a round that ends with these captures (``koikoi``: calls per seat)."""
    caps = [mask_of(winner_cards.split()), mask_of(loser_cards.split())]
    if winner == 1:
        caps.reverse()
    state = State(
        rules=rules,
        hooks=GAME,
        players=PLAYERS,
        phase=SCORING,
        dealer=dealer,
        totals=totals if totals is not None else GAME.initial_totals(rules, 2),
        round=round_no,
        hands=(0, 0),
        field=mask_of(field.split()),
        pile=(),
        captures=(caps[0], caps[1]),
        turn=winner,
        end_reason=reason,
        extra=KoiKoiRound(
            koikoi=koikoi, field_brights=field_brights, winner=winner, last_yaku=last_yaku
        ),
    )
    return GAME.score_round(state)


def _targets(state: State) -> list[str | None]:
    """The codes of the field cards the pending card may take (None: no capture)."""
    return [
        a.target.value if a.target else None
        for a in legal_actions(state)
        if isinstance(a, ChooseCapture)
    ]


def ids(
    cards: str, rules: KoiKoiRules | None = None, *, field: str = "", month: int | None = None
) -> dict[str, int]:
    hits = evaluate_yaku(
        rules or find_rules("koikoi"),
        cards.split(),
        field=field.split() if field else None,
        month=month,
    )
    return {h.id: h.points for h in hits}


CHAFF9 = "01c 01d 02c 02d 03c 03d 04c 04d 05c"
CHAFF10 = CHAFF9 + " 05d"


# P1, P2: lucky hands ---------------------------------------------------------------------

KUTTSUKI = "01a 01b 02a 02b 03a 03b 04a 04b"
TESHI = "05a 05b 05c 05d 06a 07a 08b 10a"
FIELD_PLAIN = "09a 09b 10b 11a 11b 12a 06b 07b"  # two pairs only
HAND_PLAIN = "01a 01b 02c 03c 04c 04d 08c 12c"
HAND_PLAIN2 = "05a 05c 06c 07c 08a 02a 03a 03d"


def test_lucky_hands_win_6_kuttsuki_and_teshi() -> None:
    assert lucky_kind(mask_of(KUTTSUKI.split())) == "kuttsuki"
    assert lucky_kind(mask_of(TESHI.split())) == "teshi"
    assert lucky_kind(mask_of(HAND0.split())) == ""
    t = Table(
        find_rules("koikoi"), deck_of(FIELD_PLAIN, KUTTSUKI, "05a 05b 06c 07c 08a 08c 10c 12c")
    )
    ended = t.ended()
    assert (ended.reason, ended.points, ended.next_dealer) == ("lucky_hand", (6, 0), 0)
    assert ended.breakdown[0].lines[0].id == "kuttsuki"


def test_lucky_patterns_by_month_count() -> None:
    from random import Random

    from core.cards import MONTH_MASKS

    rng = Random(3)
    for _ in range(3000):
        hand = mask_of(CARDS[i].value for i in rng.sample(range(48), rng.choice([8, 10, 14])))
        counts = [(hand & m).bit_count() for m in MONTH_MASKS]
        expected = "teshi" if 4 in counts else "kuttsuki" if counts.count(2) >= 4 else ""
        assert lucky_kind(hand) == expected


def test_both_players_lucky_is_a_draw_with_the_same_dealer() -> None:
    deck = deck_of(FIELD_PLAIN, KUTTSUKI, TESHI)
    for dealer in (0, 1):
        ended = Table(find_rules("koikoi"), deck, dealer=dealer).ended()
        assert (ended.reason, ended.points, ended.next_dealer) == ("both_lucky", (0, 0), dealer)
    # P18 gives the dealer its privilege on this draw too; P19 passes the deal on.
    ended = Table(
        find_rules("koikoi", draw_dealer_points=1, draw_next_dealer="other"), deck
    ).ended()
    assert (ended.points, ended.next_dealer) == ((1, 0), 1)


def test_lucky_hands_redeal_voids_the_deal_and_off_ignores_it() -> None:
    deck = deck_of(FIELD_PLAIN, HAND_PLAIN, TESHI)
    t = Table(find_rules("koikoi", lucky_hands="redeal"), deck)
    assert t.events[-1] == Redeal(reason="lucky_hand")
    assert t.state.phase == DEAL and t.state.rounds_done == 0 and t.state.dealer == 0
    t = Table(find_rules("koikoi", lucky_hands="off"), deck)
    assert t.state.phase == PLAY and not any(isinstance(e, RoundEnded) for e in t.events)


# P3: field patterns ------------------------------------------------------------------------


def test_field_lucky_pattern_redeal() -> None:
    pairs_field = "09a 09b 10b 10c 11a 11b 12a 12b"  # four pairs
    deck = deck_of(pairs_field, HAND_PLAIN, HAND_PLAIN2)
    t = Table(find_rules("koikoi"), deck)
    assert t.events[-1] == Redeal(reason="lucky_pattern_on_field")
    t = Table(find_rules("koikoi", field_lucky_pattern_redeal=False), deck)
    assert t.state.phase == PLAY
    # Four of a month on the field is a misdeal whatever the option says (docs/rules.md §2.6).
    four = deck_of("09a 09b 09c 09d 10c 11a 11b 12b", HAND_PLAIN, HAND_PLAIN2)
    for flag in (True, False):
        t = Table(find_rules("koikoi", field_lucky_pattern_redeal=flag), four)
        assert t.events[-1] == Redeal(reason="four_of_a_month_on_field")


# P4: hand size -----------------------------------------------------------------------------


def test_hand_size_10() -> None:
    deck = deck_from_codes(NO_YAKU_DECK)
    t = Table(find_rules("koikoi", hand_size=10), deck)
    assert [h.bit_count() for h in t.state.hands] == [10, 10]
    assert t.state.field == mask_of(c.value for c in deck[:8])
    assert t.state.hands[0] == mask_of(c.value for c in deck[8:18])
    assert len(t.state.pile) == 20
    t = Table(find_rules("koikoi"), deck)
    assert [h.bit_count() for h in t.state.hands] == [8, 8] and len(t.state.pile) == 24


# P5-P11, P14: what the yaku are ------------------------------------------------------------


def test_ribbon_animal_system_classic() -> None:
    classic = find_rules("koikoi", ribbon_animal_system="classic")
    five_animals = "06a 07a 10a 02a 04a"
    assert ids(five_animals) == {"inoshikacho": 7}
    assert ids(five_animals, classic) == {"inoshikacho": 5, "tane": 1}
    six_ribbons = "01b 02b 03b 06b 09b 10b"
    assert ids(six_ribbons) == {"akatan_aotan": 10}
    assert ids(six_ribbons, classic) == {"akatan": 5, "aotan": 5, "tan": 2}
    assert ids("01b 02b 03b 04b", classic) == {"akatan": 5}


def test_inoshikacho_enabled() -> None:
    off = find_rules("koikoi", inoshikacho_enabled=False)
    assert ids("06a 07a 10a") == {"inoshikacho": 5}
    assert ids("06a 07a 10a", off) == {}
    assert ids("06a 07a 10a 02a 04a", off) == {"tane": 1}


def test_viewing_yaku_off_and_require_other_yaku() -> None:
    off = find_rules("koikoi", viewing_yaku="off")
    other = find_rules("koikoi", viewing_yaku="require_other_yaku")
    assert ids("03a 09a") == {"hanamizake": 5}
    assert ids("03a 09a", off) == {}
    assert ids("03a 09a", other) == {}
    assert ids("03a 08a 09a", other) == {}
    assert ids("03a 09a " + CHAFF9, other) == {
        "hanamizake": 5,
        "kasu": 1,
    }  # the cup is the 10th chaff
    assert ids("01a 03a 08a 09a", other) == {"sanko": 5, "hanamizake": 5, "tsukimizake": 5}


def test_viewing_weather_block() -> None:
    weather = find_rules("koikoi", viewing_weather_block=True)
    cards = "03a 08a 09a"
    assert ids(cards, weather) == {"hanamizake": 5, "tsukimizake": 5}
    assert ids(cards, weather, field="11b 02c") == {"tsukimizake": 5}  # rain: a Willow on the field
    assert ids(cards, weather, field="12c") == {"hanamizake": 5}  # fog: a Paulownia on the field
    assert ids(cards, weather, field="11d 12a") == {}
    assert ids(cards, field="11b 12c") == {"hanamizake": 5, "tsukimizake": 5}  # option off


def test_weather_block_in_play_is_judged_on_the_field_at_the_shobu() -> None:
    # Seat 0 takes the Curtain and the Sake Cup while a Willow card lies on the field.
    field = "03a 09a 11b 01a 12a 05a 06c 10c"
    rules = find_rules("koikoi", viewing_weather_block=True)
    t = Table(rules, deck_of(field, HAND0.replace("11b", "02d"), HAND1, PILE))
    t.play("03b")
    assert t.state.phase == PLAY and t.state.turn == 1  # rained out: no decision
    t = Table(find_rules("koikoi"), deck_of(field, HAND0.replace("11b", "02d"), HAND1, PILE))
    t.play("03b")
    assert t.state.phase == DECIDE


def test_rain_man_voids_viewing() -> None:
    rain = find_rules("koikoi", rain_man_voids_viewing=True)
    assert ids("03a 09a 11a") == {"hanamizake": 5}
    assert ids("03a 09a 11a", rain) == {}
    assert ids("01a 03a 08a 09a 11a", rain) == {"ameshiko": 7}
    assert ids("03a 08a 09a", rain) == {"hanamizake": 5, "tsukimizake": 5}


def test_sake_cup_role() -> None:
    either = find_rules("koikoi", sake_cup_role="either")
    animal = find_rules("koikoi", sake_cup_role="animal_only")
    four_animals = "02a 04a 05a 08b"
    cards = f"09a {four_animals} {CHAFF9}"
    assert ids(cards) == {"tane": 1, "kasu": 1}  # both: animal and chaff
    assert ids(cards, either) == {"tane": 1}  # one role only (a tie: the animal)
    assert ids(f"09a {CHAFF9}", either) == {"kasu": 1}  # the role that scores
    assert ids(f"09a {four_animals}", either) == {"tane": 1}
    assert ids(cards, animal) == {"tane": 1}  # never chaff
    assert ids(f"09a {CHAFF9}", animal) == {}
    assert ids(f"09a {four_animals}", animal) == {"tane": 1}


@pytest.mark.parametrize(
    ("card", "option"), [("09a", "sake_cup"), ("11d", "lightning"), ("12b", "yellow_paulownia")]
)
def test_double_chaff_cards(card: str, option: str) -> None:
    eight = "01c 01d 02c 02d 03c 03d 04c 04d"
    double = find_rules("koikoi", double_chaff_cards=(option,))
    assert ids(f"{card} {eight}") == {}
    hits = evaluate_yaku(double, f"{card} {eight}".split())
    assert [(h.id, h.points) for h in hits] == [("kasu", 1)]
    assert card in [c.value for c in hits[0].cards]
    assert ids(f"{card} {eight} 05c", double) == {"kasu": 2}
    # Only kasu counts the card twice: the Sake Cup stays one animal for tane.
    assert ids("09a 02a 04a 05a", double) == {}


def test_double_sake_cup_needs_the_cup_to_be_chaff() -> None:
    rules = find_rules("koikoi", double_chaff_cards=("sake_cup",), sake_cup_role="animal_only")
    assert ids("09a 01c 01d 02c 02d 03c 03d 04c 04d", rules) == {}


def test_all_double_chaff_cards_together() -> None:
    rules = find_rules("koikoi", double_chaff_cards=("sake_cup", "lightning", "yellow_paulownia"))
    assert ids("09a 11d 12b 01c 01d 02c 02d", rules) == {"kasu": 1}  # 3 x 2 + 4 = 10
    assert ids("09a 11d 12b 01c 01d 02c", rules) == {}


def test_yaku_values_and_overrides() -> None:
    common = find_rules("koikoi", preset="common")
    assert ids("01a 03a 08a 11a 12a", common) == {"goko": 15}
    assert ids("01a 03a 08a", common) == {"sanko": 6}
    assert ids("01a 03a 08a 12a", common) == {"shiko": 8}
    custom = find_rules("koikoi", yaku_points={"hanamizake": 3, "tsukimizake": 3})
    assert ids("03a 08a 09a", custom) == {"hanamizake": 3, "tsukimizake": 3}
    assert ids("03a 08a 09a 01a", custom) == {"sanko": 5, "hanamizake": 3, "tsukimizake": 3}
    zero = find_rules("koikoi", yaku_points={"hanamizake": 0})
    assert ids("03a 09a", zero) == {}
    with pytest.raises(RulesError, match=r"^Single yaku values: hanami is not one of its names$"):
        find_rules("koikoi", yaku_points={"hanami": 3})
    with pytest.raises(RulesError, match=r"^Single yaku values: must be at most 1000$"):
        find_rules("koikoi", yaku_points={"kasu": 1001})
    # An override is written to a log as the plain object it was given as, and reads back equal.
    assert custom.options()["yaku_points"] == {"hanamizake": 3, "tsukimizake": 3}
    assert custom.replace(rounds=3).yaku_points == custom.yaku_points


def test_tsukifuda() -> None:
    on = find_rules("koikoi", tsukifuda_enabled=True)
    pine = "01a 01b 01c 01d"
    assert ids(pine, on, month=1) == {"tsukifuda": 4}
    assert ids(pine, on, month=2) == {}
    assert ids(pine, month=1) == {}
    assert ids(pine, on) == {}  # no month given: not evaluated
    ended = scored(on, pine + " 02c", round_no=13)  # round 13 is January again
    assert [x.id for x in ended.breakdown[0].lines if x.kind == "yaku"] == ["tsukifuda"]


# P12, P13: the wild Lightning --------------------------------------------------------------

WILD_FIELD = "01a 02b 03c 04a 05b 06c 07a 08c"  # no Willow; 08c: a Pampas card


def test_lightning_wild_always_takes_any_field_card() -> None:
    hand0 = "11d 09a 09b 10a 10b 12a 12b 12c"
    deck = deck_of(WILD_FIELD, hand0, "01b 02c 03d 04b 05c 06d 07b 08d", "09c 10c")
    t = Table(find_rules("koikoi", lightning_wild="always"), deck)
    t.play("11d")
    assert t.state.phase == CHOOSE
    assert _targets(t.state) == WILD_FIELD.split()
    t.act(ChooseCapture(seat=0, card=C("11d"), target=C("01a")))
    assert t.state.captures[0] == mask_of(["01a", "11d"])
    t.check()
    t = Table(find_rules("koikoi"), deck)
    t.play("11d")
    assert t.state.field & C("11d").bit and not t.state.captures[0] & C("11d").bit


def test_lightning_wild_on_the_draw_and_with_three_willows() -> None:
    field = "11a 11b 11c 01a 02b 03c 04a 05b"
    deck = deck_of(
        field, "06a 09a 09b 10a 10b 12a 12b 12c", "01b 02c 03d 04b 05c 06d 07b 08d", "11d"
    )
    t = Table(find_rules("koikoi", lightning_wild="always"), deck)
    t.play("06a")  # joins the field; the draw is the Lightning
    assert t.state.phase == CHOOSE and t.state.pending_from == DRAW
    targets = _targets(t.state)
    # Taking the three Willows (all four) stands in for taking one of them.
    assert targets == ["01a", "02b", "03c", "04a", "05b", "06a", "11a"]
    t.act(ChooseCapture(seat=0, card=C("11d"), target=C("11a")))
    assert t.state.captures[0] == mask_of(["11a", "11b", "11c", "11d"])


def test_lightning_wild_if_susuki_on_initial_field() -> None:
    rules = find_rules("koikoi", lightning_wild="if_susuki_on_initial_field")
    hand0 = "11d 09a 09b 10a 10b 12a 12b 12c"
    hand1 = "01b 02c 03d 04b 05c 06d 07b 08d"
    t = Table(rules, deck_of(WILD_FIELD, hand0, hand1, "09c"))
    assert round_of(t.state).wild
    t.play("11d")
    assert t.state.phase == CHOOSE
    no_susuki = WILD_FIELD.replace("08c", "06b")
    t = Table(rules, deck_of(no_susuki, hand0, hand1.replace("08d", "08c"), "09c"))
    assert not round_of(t.state).wild
    t.play("11d")
    assert t.state.field & C("11d").bit


# P15-P17: turn variants --------------------------------------------------------------------


def test_play_out_draw_pile() -> None:
    rules = find_rules("koikoi", play_out_draw_pile=True)
    t = Table(rules, deck_from_codes(NO_YAKU_DECK))
    play_out(t)
    round_events = t.events[3:]
    played = [i for i, e in enumerate(round_events) if isinstance(e, CardPlayed)]
    after_hands = round_events[played[-1] + 2 :]
    draw_only = [e for e in after_hands if isinstance(e, CardDrawn)]
    assert len(played) == 16 and draw_only, "draw-only turns follow the empty hands"
    assert {e.seat for e in draw_only} <= {0, 1}
    ended = t.ended()
    if ended.reason == "exhaustive_draw":
        assert len(draw_only) == 8
    else:
        assert ended.reason == "shobu"
    t.check()


def test_play_out_keeps_the_last_hand_move_open_to_koikoi() -> None:
    # With the pile played out, the dealer's yaku on its last hand card is not its last move.
    t = Table(find_rules("koikoi", play_out_draw_pile=True), deck_from_codes(LAST_MOVE_DECK))
    play_out(t)
    decisions = [e for e in t.events if isinstance(e, (KoiKoiCalled, ShobuCalled))]
    assert decisions[0] == KoiKoiCalled(seat=0)  # a free choice: the first-legal policy plays on
    before = fold(t.events[: t.events.index(decisions[0])])
    assert before.hands[0] == 0 and len(before.pile) > 1


def test_draw_then_play_two() -> None:
    rules = find_rules("koikoi", turn_structure="draw_then_play_two")
    t = Table(rules, deck_from_codes(NO_YAKU_DECK))
    # The turn starts with the top of the pile (02d) going into the dealer's hand.
    assert t.events[3:] == [DrawnToHand(seat=0, card=C("02d"), reason="draw_then_play_two")]
    assert t.state.hands[0].bit_count() == 9 and t.state.phase == PLAY and t.state.turn == 0
    assert PlayCard(seat=0, card=C("02d")) in legal_actions(t.state)
    t.play("02d")  # no Plum on the field: it joins it, and no card is turned over
    assert t.state.turn == 0 and t.state.stage == HAND and t.state.hands[0].bit_count() == 8
    events = t.play("03d")  # the second card ends the turn; seat 1 draws into its hand
    assert [type(e) for e in events] == [CardPlayed, DrawnToHand]
    assert events[1] == DrawnToHand(seat=1, card=C("04c"), reason="draw_then_play_two")
    assert t.state.turn == 1 and [h.bit_count() for h in t.state.hands] == [7, 9]
    assert len(t.state.pile) == 22
    play_out(t)
    assert not any(isinstance(e, CardDrawn) for e in t.events)
    t.check()


def test_unmatched_draw_to_hand() -> None:
    rules = find_rules("koikoi", unmatched_draw_to_hand=True)
    # Seat 0 plays 03b (takes the Curtain); the draw 04d matches nothing on the field.
    t = Table(rules, deck_of(FIELD, HAND0, HAND1, "04d 08c"))
    t.play("03b")
    assert t.events[-1] == DrawnToHand(seat=0, card=C("04d"), reason="unmatched_draw")
    assert t.state.turn == 0 and t.state.stage == HAND and t.state.hands[0] & C("04d").bit
    legal = legal_actions(t.state)
    assert PlayCard(seat=0, card=C("04d")) not in legal  # another card plays in its place
    assert PlayCard(seat=0, card=C("04a")) in legal
    t.play("04a")  # the replacement: it joins the field (no month 4 there), no second draw
    assert t.state.turn == 1 and t.state.stage == HAND
    assert t.state.pile[0] == C("08c").index
    assert t.state.field & C("04a").bit
    t.check()
    # A matching draw is resolved as usual.
    t = Table(rules, deck_of(FIELD, HAND0, HAND1, "09b"))
    t.play("03b")
    assert t.events[-1] == CardDrawn(seat=0, card=C("09b"), captured=(C("09a"), C("09b")))
    assert t.state.phase == DECIDE  # hanamizake
    with pytest.raises(RulesError):
        find_rules("koikoi", unmatched_draw_to_hand=True, turn_structure="draw_then_play_two")


# P18-P20: draws ----------------------------------------------------------------------------


def test_draw_dealer_points_and_draw_next_dealer() -> None:
    deck = deck_from_codes(NO_YAKU_DECK)
    t = Table(find_rules("koikoi", draw_dealer_points=6), deck)
    play_out(t)
    ended = t.ended()
    assert (ended.reason, ended.points, ended.next_dealer) == ("exhaustive_draw", (6, 0), 0)
    assert ended.breakdown[0].lines[-1].kind == "bonus"
    t = Table(find_rules("koikoi", draw_next_dealer="other"), deck)
    play_out(t)
    assert (t.ended().points, t.ended().next_dealer) == ((0, 0), 1)
    t = Table(find_rules("koikoi", draw_dealer_points=6, match_scoring="zero_sum"), deck)
    play_out(t)
    assert t.ended().points == (6, -6) and t.ended().totals == (36, 24)


def test_exhaustive_draw_last_yaku_scores() -> None:
    t = Table(
        find_rules("koikoi", exhaustive_draw_last_yaku_scores=True),
        deck_from_codes(KOIKOI_THEN_DRAW_DECK),
    )
    play_out(t)
    ended = t.ended()
    assert ended.reason == "exhaustive_draw" and ended.next_dealer == 0
    yaku = [(x.id, x.points) for x in ended.breakdown[0].lines if x.kind == "yaku"]
    assert yaku == [("ameshiko", 7), ("tan", 1)]
    assert ended.points == (16, 0)  # 8, x2 for 7 or more; its own koi-koi calls do not count
    t = Table(
        find_rules("koikoi", exhaustive_draw_last_yaku_scores=True), deck_from_codes(NO_YAKU_DECK)
    )
    play_out(t)
    assert t.ended().points == (0, 0)  # nobody made a yaku: an ordinary draw


# P21, P22: calling koi-koi -------------------------------------------------------------------


def test_koikoi_min_points() -> None:
    deck = deck_of(FIELD, HAND0, HAND1, PILE)
    t = Table(find_rules("koikoi", koikoi_min_points=6), deck)
    t.play("03b")  # hanamizake, 5 points: below the minimum, the shobu is automatic
    assert t.events[-2] == ShobuCalled(seat=0, auto=True)
    assert t.ended().points == (5, 0)
    t = Table(find_rules("koikoi", koikoi_min_points=5), deck)
    t.play("03b")
    assert t.state.phase == DECIDE and legal_actions(t.state)


def _after_turn(rules: KoiKoiRules, before: str, now: str) -> Then:
    """What follows when seat 0 ends a turn holding ``now``, having held ``before`` at its last
    decision: a decision (`DECIDE`) or the next turn."""
    from core.games.koikoi.yaku import compiled_yaku

    table = compiled_yaku(rules, None)
    standing = table.standing(mask_of(before.split()), 0)
    state = State(
        rules=rules,
        hooks=GAME,
        players=PLAYERS,
        phase=PLAY,
        dealer=0,
        totals=(0, 0),
        round=1,
        hands=(mask_of(["12a"]), mask_of(["12b"])),
        field=0,
        pile=(C("12c").index, C("12d").index),
        captures=(mask_of(now.split()), 0),
        turn=0,
        turn_no=5,
        extra=KoiKoiRound(decided=(standing, ()), seen=(standing, ())),
    )
    after, then = GAME.after_turn(state)
    assert round_of(after).seen[0] != standing  # the new standing is seen
    return then


def test_koikoi_requires_new_yaku() -> None:
    new = find_rules("koikoi", koikoi_requires_new_yaku=True)
    std = find_rules("koikoi")
    # Kasu 10 -> 11: a raise. Decision by default; none under P22.
    assert _after_turn(std, CHAFF10, CHAFF10 + " 06c") == DECIDE
    assert _after_turn(new, CHAFF10, CHAFF10 + " 06c") == NEXT_TURN
    # A new yaku (tane beside kasu) is a decision either way.
    five = " 02a 04a 05a 08b 11b"
    assert _after_turn(new, CHAFF10, CHAFF10 + five) == DECIDE
    # Sanko -> shiko names a new yaku.
    assert _after_turn(new, "01a 03a 08a", "01a 03a 08a 12a") == DECIDE


# P23-P28, P30-P33: multipliers and counting ----------------------------------------------------


def test_double_at_7_and_threshold() -> None:
    shiko = "01a 03a 08a 12a"
    assert scored(find_rules("koikoi"), shiko).points == (16, 0)
    assert scored(find_rules("koikoi", double_at_7=False), shiko).points == (8, 0)
    assert scored(find_rules("koikoi", double_threshold=9), shiko).points == (8, 0)
    assert scored(find_rules("koikoi", double_threshold=5), "01a 03a 08a").points == (10, 0)
    assert scored(find_rules("koikoi"), "01a 03a 08a").points == (5, 0)


@pytest.mark.parametrize(
    ("mode", "calls", "factor"),
    [
        ("none", (2, 2), 1),
        ("self_flat", (0, 2), 1),
        ("self_flat", (1, 0), 2),
        ("self_flat", (3, 0), 2),
        ("opponent_flat", (2, 0), 1),
        ("opponent_flat", (0, 1), 2),
        ("opponent_flat", (1, 3), 2),
        ("any_flat", (0, 0), 1),
        ("any_flat", (1, 0), 2),
        ("any_flat", (0, 1), 2),
        ("any_flat", (2, 2), 2),
        ("opponent_count", (3, 0), 1),
        ("opponent_count", (0, 1), 2),
        ("opponent_count", (5, 2), 3),
        ("any_count", (0, 0), 1),
        ("any_count", (1, 0), 2),
        ("any_count", (1, 2), 4),
    ],
)
def test_koikoi_multiplier(mode: str, calls: tuple[int, int], factor: int) -> None:
    rules = find_rules("koikoi", koikoi_multiplier=mode)
    for winner in (0, 1):
        koikoi = calls if winner == 0 else (calls[1], calls[0])
        ended = scored(rules, "01a 03a 08a", winner=winner, koikoi=koikoi)
        assert ended.points[winner] == 5 * factor
        mult = [x for x in ended.breakdown[winner].lines if x.kind == "multiplier"]
        assert [x.factor for x in mult] == ([factor] if factor > 1 else [])


def test_multipliers_multiply_together_after_the_7_check() -> None:
    rules = find_rules(
        "koikoi", koikoi_multiplier="opponent_count", field_bright_multiplier="double_if_any"
    )
    ended = scored(rules, "01a 03a 08a 12a", koikoi=(0, 2), field_brights=1)
    assert ended.points == (8 * 2 * 3 * 2, 0)
    assert [x.factor for x in ended.breakdown[0].lines if x.kind == "multiplier"] == [2, 3, 2]
    assert sum(x.points for x in ended.breakdown[0].lines) == 96
    # 5 points stay below 7 even when the koi-koi doubling makes them 10.
    assert scored(find_rules("koikoi"), "01a 03a 08a", koikoi=(0, 1)).points == (10, 0)


def test_field_bright_multiplier() -> None:
    assert scored(find_rules("koikoi"), "01a 03a 08a", field_brights=2).points == (5, 0)
    assert scored(
        find_rules("koikoi", field_bright_multiplier="double_if_any"),
        "01a 03a 08a",
        field_brights=2,
    ).points == (10, 0)
    assert scored(
        find_rules("koikoi", field_bright_multiplier="per_bright"), "01a 03a 08a", field_brights=2
    ).points == (15, 0)
    assert scored(
        find_rules("koikoi", field_bright_multiplier="per_bright"), "01a 03a 08a", field_brights=0
    ).points == (5, 0)
    # The count comes from the initial field: FIELD holds the Curtain, Crane, Moon and Phoenix.
    t = Table(
        find_rules("koikoi", field_bright_multiplier="per_bright"),
        deck_of(FIELD, HAND0, HAND1, PILE),
    )
    assert round_of(t.state).field_brights == 4


def test_yaku_count_mode_best_only() -> None:
    cards = "01a 03a 08a 12a 09a"  # shiko 8, hanamizake 5, tsukimizake 5
    assert scored(find_rules("koikoi"), cards).points == (36, 0)
    ended = scored(find_rules("koikoi", yaku_count_mode="best_only"), cards)
    assert ended.points == (16, 0)
    assert [x.id for x in ended.breakdown[0].lines if x.kind == "yaku"] == ["shiko"]


def test_winner_scores_opponent_yaku() -> None:
    rules = find_rules("koikoi", winner_scores_opponent_yaku=True, double_at_7=False)
    ended = scored(rules, "01a 03a 08a", "02a 04a 05a 08b 11b", winner=1)
    assert ended.points == (0, 6)
    assert [x.id for x in ended.breakdown[1].lines] == ["sanko", "tane"]
    assert scored(
        find_rules("koikoi", double_at_7=False), "01a 03a 08a", "02a 04a 05a 08b 11b"
    ).points == (5, 0)


# P29: match scoring --------------------------------------------------------------------------


def test_match_scoring_modes() -> None:
    zero = find_rules("koikoi", match_scoring="zero_sum")
    assert GAME.initial_totals(zero, 2) == (30, 30)
    assert GAME.initial_totals(find_rules("koikoi"), 2) == (0, 0)
    ended = scored(zero, "01a 03a 08a", winner=1, totals=(30, 30))
    assert ended.points == (-5, 5) and ended.totals == (25, 35)
    es = find_rules("koikoi", preset="spanish")
    assert (es.match_scoring, es.zero_sum_start, es.koikoi_multiplier) == (
        "zero_sum",
        50,
        "self_flat",
    )
    assert GAME.initial_totals(es, 2) == (50, 50)

    def over(rules: KoiKoiRules, totals: tuple[int, int], rounds: int = 1) -> bool:
        state = State(
            rules=rules, hooks=GAME, players=PLAYERS, totals=totals, history=((0, 0),) * rounds
        )
        return GAME.match_over(state)

    assert over(zero, (0, 60)) and not over(zero, (1, 59))
    target = find_rules("koikoi", match_scoring="target", target_score=50)
    assert over(target, (50, 3)) and not over(target, (49, 3))
    assert not over(find_rules("koikoi"), (500, 0)) and over(
        find_rules("koikoi"), (0, 0), rounds=12
    )


def test_target_match_ends_at_the_target() -> None:
    rules = find_rules("koikoi", match_scoring="target", target_score=10)
    t = Table(rules, deck_of(FIELD, HAND0, HAND1, PILE))
    for action in ("03b", "koikoi", "01b", "02c", "12b", "shobu"):
        t.koikoi() if action == "koikoi" else t.shobu() if action == "shobu" else t.play(action)
    assert t.state.phase == OVER and t.state.totals == (0, 10)


# Presets, option docs, decisions -------------------------------------------------------------


def test_presets_and_option_docs() -> None:
    from core.rules import presets

    assert set(presets("koikoi")) >= {"standard", "nintendo", "common", "spanish"}
    assert find_rules("koikoi", preset="nintendo") == find_rules("koikoi")
    # The preset's old name still works (a script may hold it); menus list the new name only.
    assert find_rules("koikoi", preset="seed-es") == find_rules("koikoi", preset="spanish")
    assert "seed-es" not in presets("koikoi")
    docs = {doc.key: (doc.default, doc.explanation) for doc in option_docs("koikoi")}
    keys = [
        "lucky_hands",
        "field_lucky_pattern_redeal",
        "hand_size",
        "ribbon_animal_system",
        "inoshikacho_enabled",
        "viewing_yaku",
        "viewing_weather_block",
        "sake_cup_role",
        "lightning_wild",
        "double_chaff_cards",
        "play_out_draw_pile",
        "turn_structure",
        "unmatched_draw_to_hand",
        "draw_dealer_points",
        "draw_next_dealer",
        "exhaustive_draw_last_yaku_scores",
        "koikoi_min_points",
        "koikoi_requires_new_yaku",
        "double_at_7",
        "double_threshold",
        "koikoi_multiplier",
        "match_scoring",
        "zero_sum_start",
        "target_score",
        "field_bright_multiplier",
        "yaku_count_mode",
        "winner_scores_opponent_yaku",
        "yaku_values",
        "yaku_points",
        "tsukifuda_enabled",
        "rain_man_voids_viewing",
    ]
    defaults = {
        "lucky_hands": "win_6",
        "field_lucky_pattern_redeal": True,
        "hand_size": 8,
        "ribbon_animal_system": "modern",
        "inoshikacho_enabled": True,
        "viewing_yaku": "on",
        "viewing_weather_block": False,
        "sake_cup_role": "both",
        "lightning_wild": "off",
        "double_chaff_cards": (),
        "play_out_draw_pile": False,
        "turn_structure": "standard",
        "unmatched_draw_to_hand": False,
        "draw_dealer_points": 0,
        "draw_next_dealer": "same",
        "exhaustive_draw_last_yaku_scores": False,
        "koikoi_min_points": 0,
        "koikoi_requires_new_yaku": False,
        "double_at_7": True,
        "double_threshold": 7,
        "koikoi_multiplier": "opponent_flat",
        "match_scoring": "cumulative",
        "zero_sum_start": 30,
        "target_score": 50,
        "field_bright_multiplier": "off",
        "yaku_count_mode": "all",
        "winner_scores_opponent_yaku": False,
        "yaku_values": "nintendo",
        "yaku_points": {},
        "tsukifuda_enabled": False,
        "rain_man_voids_viewing": False,
    }
    for key in keys:
        assert key in docs, key
        assert docs[key][0] == defaults[key], key
        assert docs[key][1], f"{key} has no description"


def test_decisions_are_checked() -> None:
    t = Table(find_rules("koikoi"), deck_of(FIELD, HAND0, HAND1, PILE))
    with pytest.raises(IllegalActionError):
        step(t.state, CallKoiKoi(seat=0))  # no decision is due
    t.play("03b")
    with pytest.raises(IllegalActionError):
        step(t.state, CallShobu(seat=1))  # not seat 1's decision
    with pytest.raises(IllegalActionError):
        step(t.state, PlayCard(seat=0, card=C("02c")))
    from core.errors import CorruptLogError

    with pytest.raises(CorruptLogError):
        apply(t.state, ShobuCalled(seat=0, auto=True))  # a free choice is no automatic shobu
    with pytest.raises(CorruptLogError):
        apply(t.state, KoiKoiCalled(seat=1))
    before = t.state
    t.koikoi()
    with pytest.raises(CorruptLogError):
        apply(t.state, KoiKoiCalled(seat=1))  # the decision has been made
    assert round_of(before).koikoi == (0, 0) and round_of(t.state).koikoi == (1, 0)


# ------------------------------------------------------------------------------------------
# The sample logs in replays/
# ------------------------------------------------------------------------------------------


def test_sample_replays_show_the_koikoi_situations() -> None:
    from pathlib import Path

    from core.logfile import read_log

    root = Path(__file__).resolve().parents[2] / "replays"
    log = read_log((root / "koikoi-2p-seed6.hana").read_bytes())
    reasons = set()
    koikoi_by: set[int] = set()
    koikoi_then_opponent_shobu = []
    for event in log.events:
        if isinstance(event, Dealt):
            koikoi_by = set()
        elif isinstance(event, KoiKoiCalled):
            koikoi_by.add(event.seat)
        elif isinstance(event, ShobuCalled) and 1 - event.seat in koikoi_by:
            koikoi_then_opponent_shobu.append(event)
        elif isinstance(event, RoundEnded):
            reasons.add(event.reason)
    assert koikoi_then_opponent_shobu
    assert {"shobu", "exhaustive_draw", "lucky_hand"} <= reasons
    variants = read_log((root / "koikoi-2p-variants-seed5.hana").read_bytes())
    assert any(isinstance(e, DrawnToHand) for e in variants.events)
    three = read_log((root / "hana-awase-3p-seed3.hana").read_bytes())
    assert three.state is not None and three.state.num_players == 3 and three.state.phase == OVER


def test_same_worth_comes_from_the_rules_of_each_game():
    """Two cards are worth the same only where every yaku and value of the rules in force treats
    them alike: two koi-koi chaff of a month are; the Sake Cup (animal and chaff) and a chaff are
    not, nor are a poetry ribbon and a chaff."""
    from core.cards import Card
    from core.games.registry import same_worth
    from core.rules import find_rules

    koikoi = find_rules("koikoi")
    assert same_worth(koikoi, Card.parse("12c"), Card.parse("12d"))
    assert not same_worth(koikoi, Card.parse("09a"), Card.parse("09c"))
    assert not same_worth(koikoi, Card.parse("01b"), Card.parse("01c"))
    assert same_worth(koikoi, Card.parse("09c"), Card.parse("09d"))
    # symmetric, and never across months
    assert same_worth(koikoi, Card.parse("12d"), Card.parse("12c"))
    assert not same_worth(koikoi, Card.parse("11c"), Card.parse("12c"))
