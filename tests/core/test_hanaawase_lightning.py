"""Hana-awase's ``lightning_wild`` (Mushi's wild Lightning, docs/rules.md §4.3): a scripted deal
or table for each clause, whose captures and score change exactly as the rule says with the option
on, and not with it off; the end claims; the strict reader; random play with the option on."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from core.actions import ChooseCapture, PlayCard
from core.cards import ALL_MASK, CARDS, STANDARD_POINTS, Card, cards_of, mask_of, points_of
from core.engine import apply, fold, legal_actions, run_auto, step
from core.errors import CorruptLogError
from core.events import (
    CardDrawn,
    DealerDrawn,
    Dealt,
    Event,
    LightningClaimed,
    MatchStarted,
    RoundEnded,
)
from core.games.hanaawase.game import GAME, MUSHI
from core.games.hanaawase.scoring import HanaAwaseRound
from core.games.registry import game_for
from core.logfile import encode_log, header_for, read_log
from core.rules import find_rules
from core.state import CHOOSE, DRAW, PLAY, SCORING, State
from tests.core.test_sakura import make_deck
from tests.helpers import assert_replays, check_zones, players, random_playout

G = Card.parse


class Table:
    """A hana-awase round dealt from a chosen deck (seat 0 deals and plays first)."""

    def __init__(self, *, field=(), hands=(), pile=(), bottom=(), n: int = 2, **options: Any):
        self.rules = find_rules("hana-awase", rounds=1, scoring="plain", **options)
        draw = [CARDS[47 - i] for i in range(n)]
        draw[0] = G("01a")
        deck = make_deck(n, list(field), [list(h) for h in hands], list(pile), list(bottom))
        self.events: list[Event] = [
            MatchStarted(rules=self.rules, players=players(n)),
            DealerDrawn(draws=(tuple(draw),), dealer=0),
            Dealt(round=1, dealer=0, deck=deck),
        ]
        self.states: list[State] = []
        state = None
        for event in self.events:
            state = apply(state, event)
            self.states.append(state)
        self.state = self.states[-1]

    def act(self, action) -> list[Event]:
        pairs = step(self.state, action)
        for event, state in pairs:
            check_zones(state)
            self.events.append(event)
            self.states.append(state)
        self.state = pairs[-1][1]
        return [e for e, _ in pairs]

    def play(self, seat: int, code: str) -> list[Event]:
        return self.act(PlayCard(seat=seat, card=G(code)))

    def choose(self, seat: int, code: str, target: str | None) -> list[Event]:
        return self.act(
            ChooseCapture(seat=seat, card=G(code), target=G(target) if target else None)
        )

    def targets(self) -> set[str | None]:
        return {
            a.target.value if a.target else None
            for a in legal_actions(self.state)
            if isinstance(a, ChooseCapture)
        }

    def captures(self, seat: int) -> set[str]:
        return {c.value for c in cards_of(self.state.captures[seat])}

    def points(self, seat: int) -> int:
        return points_of(self.state.captures[seat], STANDARD_POINTS)

    def field(self) -> set[str]:
        return {c.value for c in cards_of(self.state.field)}

    def pair(self) -> tuple[str | None, int]:
        extra = self.state.extra
        assert isinstance(extra, HanaAwaseRound)
        at = extra.lightning_pair
        return (CARDS[at].value if at >= 0 else None), extra.lightning_user


# No Willow among these eight field cards; 03a (a bright, 20) is the prize.
FIELD = ["01a", "02a", "03a", "04a", "05c", "06a", "07a", "08a"]
WILLOW_FIELD = ["01a", "02a", "03a", "04a", "05c", "06a", "07a", "11a"]
LIGHTNING_FIELD = ["01a", "02a", "03a", "04a", "05c", "06a", "07a", "11d"]


def test_the_option_is_off_by_default_and_plays_with_the_mushi_hooks_only_when_on():
    rules = find_rules("hana-awase")
    assert rules.lightning_wild is False
    assert game_for(rules) is GAME and not GAME.overrides & {"capture_targets", "landed"}
    assert game_for(rules.replace(lightning_wild=True)) is MUSHI
    # recorded in the log header like every other option
    t = Table(field=FIELD, lightning_wild=True)
    assert header_for(t.events).rules.lightning_wild is True


# ---- from a hand -------------------------------------------------------------------------------


@pytest.mark.parametrize("on", [True, False])
def test_the_lightning_from_a_hand_takes_any_one_non_willow_card(on: bool):
    t = Table(field=FIELD, hands=[["11d"], ["09c"]], pile=["10c"], lightning_wild=on)
    t.play(0, "11d")
    if on:
        # any one field card, or played as an ordinary Willow (no Willow here: it joins the field)
        assert t.state.phase == CHOOSE and t.targets() == {*FIELD, None}
        t.choose(0, "11d", "03a")
        assert t.captures(0) == {"11d", "03a"} and t.points(0) == 21
        assert t.pair() == ("03a", 0)
    else:
        assert t.captures(0) == set() and "11d" in t.field() and t.points(0) == 0
    assert_replays(t.events, t.states)


def test_the_lightning_from_a_hand_may_join_the_field_instead():
    t = Table(field=FIELD, hands=[["11d"], ["09c"]], pile=["10c"], lightning_wild=True)
    t.play(0, "11d")
    events = t.choose(0, "11d", None)
    # it joined the field, so the card turned up next (10c, no Willow) takes it at once
    assert events[0].captured == () and isinstance(events[1], CardDrawn)
    assert t.captures(0) == {"10c", "11d"} and t.pair() == ("10c", 0)


@pytest.mark.parametrize("on", [True, False])
def test_the_lightning_from_a_hand_played_as_an_ordinary_willow(on: bool):
    t = Table(field=WILLOW_FIELD, hands=[["11d"], ["09c"]], pile=["10c"], lightning_wild=on)
    t.play(0, "11d")
    if on:
        # the Willow by the month match, or any other card; never the field (a Willow is there)
        assert t.targets() == set(WILLOW_FIELD)
        t.choose(0, "11d", "11a")
        assert t.pair() == (None, -1)  # no wild pair: no odd card to claim at the end
    # the same as the ordinary month match with the option off
    assert t.captures(0) == {"11d", "11a"} and t.points(0) == 21


# ---- turned from the draw pile -----------------------------------------------------------------


@pytest.mark.parametrize("on", [True, False])
def test_the_drawn_lightning_must_take_a_non_willow_card(on: bool):
    t = Table(field=FIELD, hands=[["12c"], ["09c"]], pile=["11d"], lightning_wild=on)
    t.play(0, "12c")  # no December on the field: it joins it
    if on:
        assert t.state.phase == CHOOSE and t.state.pending == G("11d").index
        assert t.targets() == {*FIELD, "12c"}  # no None: it must take one
        t.choose(0, "11d", "03a")
        assert t.captures(0) == {"11d", "03a"} and t.points(0) == 21
        assert t.pair() == ("03a", 0)
    else:
        assert t.captures(0) == set() and "11d" in t.field()
    assert_replays(t.events, t.states)


def _drawing(
    rules_on: bool, field: int, pile: tuple[int, ...], hands: tuple[int, int] | None = None
) -> State:
    """Seat 0 is about to turn the top of ``pile`` onto ``field`` (two players, by default hands
    of one card; seat 1 holds every other card in its captures)."""
    rules = find_rules("hana-awase", rounds=1, scoring="plain", lightning_wild=rules_on)
    if hands is None:
        hands = (G("12a").bit, G("12b").bit)
    rest = ALL_MASK & ~field & ~hands[0] & ~hands[1]
    for i in pile:
        rest &= ~(1 << i)
    state = State(
        rules=rules,
        hooks=game_for(rules),
        players=players(2),
        phase=PLAY,
        stage=DRAW,
        dealer=0,
        totals=(0, 0),
        round=1,
        hands=hands,
        field=field,
        pile=pile,
        captures=(0, rest),
        turn=0,
        extra=HanaAwaseRound() if rules_on else None,
    )
    check_zones(state)
    return state


@pytest.mark.parametrize("on", [True, False])
def test_the_drawn_lightning_with_only_willows_on_the_field_joins_it(on: bool):
    pile = (G("11d").index, G("12c").index, G("12d").index)
    state = _drawing(on, G("11a").bit, pile)
    (drawn, after), *_ = run_auto(state)
    assert isinstance(drawn, CardDrawn) and drawn.card == G("11d")
    if on:
        assert drawn.captured == () and after.field == G("11a").bit | G("11d").bit
        assert after.captures[0] == 0
    else:
        assert set(drawn.captured) == {G("11a"), G("11d")}
        assert points_of(after.captures[0], STANDARD_POINTS) == 21


def _the_last_draw(on: bool) -> tuple[Table, State, CardDrawn]:
    """Two players, the Lightning at the bottom of the pile; play the first legal action until
    it is turned: the table, the state before that draw and the draw."""
    t = Table(bottom=["11d"], lightning_wild=on)
    while True:
        start = len(t.events)
        t.act(legal_actions(t.state)[0])
        for k in range(start, len(t.events)):
            event = t.events[k]
            if isinstance(event, CardDrawn) and event.card == G("11d"):
                return t, t.states[k - 1], event


def _finish(t: Table) -> RoundEnded:
    while t.state.rounds_done == 0:
        t.act(legal_actions(t.state)[0])
    return next(e for e in reversed(t.events) if isinstance(e, RoundEnded))


@pytest.mark.parametrize("on", [True, False])
def test_the_lightning_turned_last_takes_every_card_left_on_the_field(on: bool):
    # Constructed: with every card played, the last draw finds on the field only the odd
    # Willow (every other month is complete), so this table is one the rule books imagine.
    field = mask_of(["03a", "05c", "11a"])
    state = _drawing(on, field, (G("11d").index,), hands=(0, 0))
    (drawn, after), *_ = run_auto(state)
    assert isinstance(drawn, CardDrawn)
    if on:
        assert mask_of(drawn.captured) == field | G("11d").bit and after.field == 0
        assert points_of(after.captures[0], STANDARD_POINTS) == 20 + 1 + 20 + 1
    else:  # the month match: the Rain Man only
        assert set(drawn.captured) == {G("11a"), G("11d")} and after.field == mask_of(
            ["03a", "05c"]
        )


def test_the_lightning_turned_last_in_a_dealt_round():
    """Dealt at the bottom of the pile, the Lightning is turned last and takes the field: the odd
    Willow, as its month match would (no claim follows: the field is empty)."""
    for on in (True, False):
        t, before, drawn = _the_last_draw(on)
        ended = _finish(t)
        assert_replays(t.events, t.states)
        assert not before.pile[1:] and before.field.bit_count() == 1
        assert before.field & mask_of(["11a", "11b", "11c"])
        assert mask_of(drawn.captured) == before.field | G("11d").bit
        assert not any(isinstance(e, LightningClaimed) for e in t.events)
        assert ended.reason == "cards_exhausted"


# ---- on the field ------------------------------------------------------------------------------


@pytest.mark.parametrize("on", [True, False])
def test_the_lightning_on_the_field_goes_to_the_first_non_willow_drawn(on: bool):
    t = Table(field=LIGHTNING_FIELD, hands=[["12c"], ["09c"]], pile=["03c"], lightning_wild=on)
    t.play(0, "12c")  # from a hand, a card leaves the Lightning where it is
    if on:
        # 03c takes the Lightning instead of the Curtain (03a, 20)
        assert t.captures(0) == {"03c", "11d"} and "03a" in t.field() and t.points(0) == 2
        assert t.pair() == ("03c", 0)
    else:
        assert t.captures(0) == {"03c", "03a"} and "11d" in t.field() and t.points(0) == 21
    assert_replays(t.events, t.states)


@pytest.mark.parametrize("on", [True, False])
def test_a_willow_leaves_the_lightning_on_the_field(on: bool):
    t = Table(
        field=LIGHTNING_FIELD,
        hands=[["11b"], ["09c"]],
        pile=["11a", "10c"],
        lightning_wild=on,
    )
    t.play(0, "11b")  # a Willow from a hand
    if on:
        # the Lightning is no Willow to match: 11b joins the field, then 11a (drawn) takes it
        assert t.captures(0) == {"11a", "11b"} and "11d" in t.field()
        t.play(1, "09c")  # from a hand: it joins the field; 10c, turned up, takes the Lightning
        assert t.captures(1) == {"10c", "11d"} and t.pair() == ("10c", 1)
    else:
        # 11b takes the Lightning; 11a drawn joins the field
        assert t.captures(0) == {"11b", "11d"} and "11a" in t.field()
    assert_replays(t.events, t.states)


# ---- the end claims ----------------------------------------------------------------------------


def _scoring(on: bool, n: int, captures: list[str], field: str, pair: str, user: int) -> State:
    """A round over (hands empty, the pile left under ``end_at_empty_hands``) with ``field`` left
    on it; seat i captured ``captures[i]`` and the last seat every other card."""
    rules = find_rules(
        "hana-awase", rounds=1, scoring="plain", end_at_empty_hands=True, lightning_wild=on
    )
    masks = [mask_of(c.split()) for c in captures] + [0] * (n - len(captures))
    masks[-1] |= ALL_MASK & ~mask_of(field.split()) & ~sum(masks)
    extra = HanaAwaseRound(lightning_pair=G(pair).index, lightning_user=user) if on else None
    state = State(
        rules=rules,
        hooks=game_for(rules),
        players=players(n),
        phase=SCORING,
        dealer=0,
        totals=(0,) * n,
        round=1,
        hands=(0,) * n,
        field=mask_of(field.split()),
        pile=(),
        captures=tuple(masks),
        turn=0,
        end_reason="cards_exhausted",
        extra=extra,
    )
    check_zones(state)
    return state


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_odd_willow_and_the_odd_card_of_the_pair_month_are_claimed(n: int):
    # Seat 0 took two plain Willows; seat 1 paired the Lightning with 05c. Left on the field: the
    # odd Willow 11c (5) and 05d (1).
    caps = ["11a 11b 01a", "11d 05c 05a 05b"]
    on = run_auto(_scoring(True, n, caps, "11c 05d", "05c", 1))
    off = run_auto(_scoring(False, n, caps, "11c 05d", "05c", 1))
    claims = [e for e, _ in on if isinstance(e, LightningClaimed)]
    assert claims == [
        LightningClaimed(seat=0, captured=(G("11c"),)),
        LightningClaimed(seat=1, captured=(G("05d"),)),
    ]
    assert not any(isinstance(e, LightningClaimed) for e, _ in off)
    ended_on = next(e for e, _ in on if isinstance(e, RoundEnded))
    ended_off = next(e for e, _ in off if isinstance(e, RoundEnded))
    gains = [ended_on.points[s] - ended_off.points[s] for s in range(n)]
    assert gains == [5, 1] + [0] * (n - 2)
    assert ended_on.breakdown[0].lines[0].cards == tuple(
        cards_of(mask_of(["11a", "11b", "11c", "01a"]))
    )
    assert on[-1][1].field == 0 and off[-1][1].field == mask_of(["11c", "05d"])


def test_no_willow_claim_when_the_other_two_willows_are_split():
    caps = ["11a 01a", "11b 11d 05c"]
    on = run_auto(_scoring(True, 2, caps, "11c 05d", "05c", 1))
    claims = [e for e, _ in on if isinstance(e, LightningClaimed)]
    assert claims == [LightningClaimed(seat=1, captured=(G("05d"),))]
    assert on[-1][1].field == G("11c").bit  # left on the field, scored by nobody


# ---- the log -----------------------------------------------------------------------------------


def _claiming_match() -> list[Event]:
    rules = find_rules("hana-awase", rounds=1, lightning_wild=True)
    for seed in range(50):
        events, _ = random_playout(rules, 2, seed)
        if sum(isinstance(e, LightningClaimed) for e in events) == 2:
            return events
    raise AssertionError("no random match with both claims in 50 seeds")


def test_the_strict_reader_refuses_a_log_that_skips_or_forges_the_end_claim():
    events = _claiming_match()
    state = fold(events)
    assert read_log(encode_log(header_for(events), events)).state == state
    i = next(j for j, e in enumerate(events) if isinstance(e, LightningClaimed))
    skipped = [e for e in events if not isinstance(e, LightningClaimed)]
    with pytest.raises(CorruptLogError, match="the next event lightning_claimed"):
        read_log(encode_log(header_for(skipped), skipped))
    one_skipped = events[:i] + events[i + 1 :]  # the second claim where the first is due
    with pytest.raises(CorruptLogError, match="lightning_claimed does not follow"):
        read_log(encode_log(header_for(one_skipped), one_skipped))
    claim = events[i]
    assert isinstance(claim, LightningClaimed)
    other = 1 - claim.seat
    for forged in (
        replace(claim, seat=other),
        replace(claim, captured=(*claim.captured, claim.captured[0])),
    ):
        with pytest.raises(CorruptLogError):
            fold([*events[:i], forged, *events[i + 1 :]])
    # nor may it come where it is not due (the apply hook checks it too)
    before = fold(events[:i])
    with pytest.raises(CorruptLogError):
        MUSHI.apply_extra(replace(before, phase=PLAY), claim)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_play_with_the_wild_lightning_keeps_every_card_and_replays(n: int):
    claimed = 0
    for seed in range(6):
        rules = find_rules(
            "hana-awase", rounds=2, lightning_wild=True, end_at_empty_hands=seed % 3 == 0
        )
        events, states = random_playout(rules, n, seed, check=lambda e, s: check_zones(s))
        for before, event, after in zip(states[:-1], events[1:], states[1:], strict=True):
            assert apply(before, event) == after
        assert_replays(events, states)
        assert read_log(encode_log(header_for(events), events)).state == states[-1]
        claimed += sum(isinstance(e, LightningClaimed) for e in events)
    assert claimed > 0
