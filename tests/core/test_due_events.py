"""The strict reader checks that every event was due: where the rules make the next event
automatic the log must hold exactly that one, an undo only stands where a human seat could have
taken it, and no list of cards names a card twice."""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace

from core.cards import CARDS, Card
from core.engine import apply, fold, next_auto, to_act
from core.errors import CorruptLogError
from core.events import (
    CaptureChosen,
    CardDrawn,
    CardPlayed,
    DealerDrawn,
    Dealt,
    DrawnToHand,
    Event,
    KoiKoiCalled,
    MatchStarted,
    Redeal,
    ShobuCalled,
    UndoTaken,
)
from core.logfile import read_log
from core.players import Player
from core.rules import find_rules
from core.timeline import Timeline
from tests.helpers import players, random_playout

ROOT = Path(__file__).resolve().parents[2]


def _refused(events: list[Event], words: str) -> CorruptLogError:
    with pytest.raises(CorruptLogError) as err:
        fold(events)
    assert words in err.value.reason, err.value.reason
    return err.value


def _first(events: list[Event], kind: type, start: int = 0) -> int:
    return next(i for i in range(start, len(events)) if isinstance(events[i], kind))


def _sample(name: str) -> list[Event]:
    return read_log((ROOT / "replays" / name).read_bytes()).events


def test_an_automatic_draw_cannot_be_skipped():
    events, _ = random_playout(find_rules("bakappana", rounds=1), 2, 5)
    i = _first(events, CardDrawn)
    _refused(events[:i] + events[i + 1 :], "the next event card_drawn")


def test_a_draw_into_the_hand_cannot_be_skipped_or_changed():
    events = _sample("koikoi-2p-variants-seed5.hana")
    assert events[0].rules.turn_structure == "draw_then_play_two"
    i = _first(events, DrawnToHand)
    _refused(events[:i] + events[i + 1 :], "the next event drawn_to_hand")
    other = next(c for c in CARDS if c != events[i].card)
    _refused([*events[:i], replace(events[i], card=other), *events[i + 1 :]], "card is")


def test_a_forced_shobu_must_be_the_forced_one():
    events = _sample("koikoi-2p-seed6.hana")
    i = next(j for j, e in enumerate(events) if isinstance(e, ShobuCalled) and e.auto)
    seat = events[i].seat
    _refused([*events[:i], ShobuCalled(seat=seat), *events[i + 1 :]], "its auto is False")
    for forged in (KoiKoiCalled(seat=seat), UndoTaken(seat=seat)):
        _refused([*events[:i], forged, *events[i + 1 :]], "the next event shobu_called")


def test_a_void_deal_must_be_redealt():
    rules = find_rules("bakappana", rounds=1)
    month1 = [c for c in CARDS if c.month == 1]
    deck = tuple(month1 + [c for c in CARDS if c.month != 1])  # four of a month on the field
    draws = ((Card.parse("01a"), Card.parse("12d")),)
    events: list[Event] = [
        MatchStarted(rules=rules, players=players(2)),
        DealerDrawn(draws=draws, dealer=0),
        Dealt(round=1, dealer=0, deck=deck),
    ]
    state = fold(events)
    assert next_auto(state) == Redeal(reason="four_of_a_month_on_field")
    _refused([*events, Dealt(round=1, dealer=0, deck=tuple(CARDS))], "the next event redeal")
    _refused([*events, UndoTaken(seat=0)], "the next event redeal")
    fold([*events, Redeal(reason="four_of_a_month_on_field")])  # the due event is accepted


def test_a_score_cannot_skip_the_gaji_claim_nor_claim_a_card_twice():
    from core.events import GajiClaimed

    events = _sample("sakura-2p-seed30.hana")
    i = _first(events, GajiClaimed)
    _refused(events[:i] + events[i + 1 :], "the next event gaji_claimed")
    claim = events[i]
    doubled = replace(claim, captured=(*claim.captured, claim.captured[0]))
    _refused([*events[:i], doubled, *events[i + 1 :]], "gaji_claimed does not follow")


def test_a_capture_listing_a_card_twice_is_refused():
    events, _ = random_playout(find_rules("bakappana", rounds=1), 2, 11)
    i = next(j for j, e in enumerate(events) if isinstance(e, CardPlayed) and len(e.captured) == 2)
    ev = events[i]
    doubled = replace(ev, captured=(ev.captured[0], ev.captured[0], ev.captured[1]))
    _refused([*events[:i], doubled, *events[i + 1 :]], "lists a card twice in captured")


# --- undo -------------------------------------------------------------------------------------


def _with_undo(events: list[Event], at: int, seat: int) -> list[Event]:
    return [*events[:at], UndoTaken(seat=seat), *events[at:]]


def test_undo_stands_at_a_human_seats_own_decision():
    events, states = random_playout(find_rules("bakappana", rounds=1), 2, 3)
    i = _first(events, CardPlayed, 3)
    seat = events[i].seat
    assert to_act(states[i - 1]) == seat
    fold(_with_undo(events, i, seat))  # where the undone play was decided: accepted
    # Where a computer decides, no person's undo can have returned.
    bots = tuple(
        Player(name=p.name, kind="bot", bot="easy") if k == seat else p
        for k, p in enumerate(events[0].players)
    )
    with_bot = [replace(events[0], players=bots), *events[1:]]
    _refused(_with_undo(with_bot, i, 1 - seat), "out of place")


def test_undoing_past_an_earlier_undo_keeps_its_marker():
    """Hot-seat: seat B takes back a play, then seat A takes back the play before it. Both undos
    stay in the log (counted in the state), the log reads back, and redo restores the plays."""
    events, _ = random_playout(find_rules("bakappana", rounds=1), 2, 3)
    a = _first(events, CardPlayed, 3)
    b = next(j for j in range(a + 1, len(events)) if isinstance(events[j], CardPlayed))
    seat_a, seat_b = events[a].seat, events[b].seat
    assert seat_a != seat_b
    timeline = Timeline(events[: b + 1])
    timeline.undo(seat_b)
    timeline.undo(seat_a)
    # B's marker moved back with A's; what both took back is A's variation, as it was played
    assert timeline.events[a:] == [
        UndoTaken(seat=seat_b),
        UndoTaken(seat=seat_a, undone=tuple(events[a : b + 1])),
    ]
    assert sum(timeline.last.undos) == 2
    assert fold(timeline.events) == timeline.last
    timeline.redo()
    timeline.redo()
    # the plays are back, and each undo stands where it was taken
    assert timeline.events[a:] == [
        UndoTaken(seat=seat_a),
        *events[a:b],
        UndoTaken(seat=seat_b),
        events[b],
    ]
    assert fold(timeline.events) == timeline.last


def test_undo_is_refused_during_an_automatic_step_by_a_computer_and_after_the_end():
    events, _ = random_playout(find_rules("bakappana", rounds=1), 2, 3)
    draw = _first(events, CardDrawn)
    _refused(_with_undo(events, draw, events[draw].seat), "the next event card_drawn")
    i = _first(events, CardPlayed, 3)
    seat = events[i].seat
    bots = tuple(
        Player(name=p.name, kind="bot", bot="easy") if k == seat else p
        for k, p in enumerate(events[0].players)
    )
    with_bots = [replace(events[0], players=bots), *events[1:]]
    _refused(_with_undo(with_bots, i, seat), "a computer player")
    _refused([*events, UndoTaken(seat=0)], "undo_taken after the match ended")


def test_undo_and_redo_in_play_still_replay():
    """What the app records (undo back to a decision, redo) reads back, in every game."""
    for game, n in (("bakappana", 3), ("koikoi", 2), ("sakura", 4), ("hana-awase", 3)):
        events, _ = random_playout(find_rules(game, rounds=1), n, 21)
        timeline = Timeline(events[: len(events) // 2])
        for seat in range(n):
            if timeline.last_decision(seat) is not None:
                timeline.undo(seat)
        timeline.redo()
        assert fold(timeline.events) == timeline.last


def test_undo_of_a_forced_shobu_goes_back_to_the_move_before():
    events = _sample("koikoi-2p-seed6.hana")
    events[0] = replace(events[0], players=players(2))  # people, who may undo
    i = next(j for j, e in enumerate(events) if isinstance(e, ShobuCalled) and e.auto)
    timeline = Timeline(events[: i + 1])
    dropped = timeline.undo(events[i].seat)
    assert not isinstance(dropped[0], ShobuCalled)  # the seat's real decision, before it
    assert fold(timeline.events) == timeline.last


# --- Sakura's interrupt ----------------------------------------------------------------------


def test_a_gaji_capture_that_a_hiki_would_stop_is_refused():
    from tests.core.test_sakura import G, Table

    t = Table(2, field=["07c", "07d", "02c"], hands=[["11d", "03c"], ["07a", "07b"]], pile=["10c"])
    t.play(0, "11d")
    forged = CaptureChosen(seat=0, card=G("11d"), target=G("07c"), captured=(G("07c"), G("11d")))
    with pytest.raises(CorruptLogError, match="gaji_interrupted is due"):
        apply(t.state, forged)
