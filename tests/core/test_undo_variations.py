"""Undos as variations: an `UndoTaken` keeps what it took back (`undone`), the log reads it back
and checks it, the engine folds the marker alone, and older logs, redacted copies and redo keep
their meaning."""

from __future__ import annotations

import json

import msgspec
import pytest
from msgspec.structs import replace

from core import timeline as timeline_module
from core.cards import CARDS
from core.engine import apply, fold
from core.errors import CorruptLogError
from core.events import DECISION_EVENTS, CardPlayed, Event, UndoTaken
from core.logfile import VERSION, encode_log, header_for, read_log
from core.redact import redact
from core.rules import find_rules
from core.timeline import MAX_NESTING, MAX_TAKEN_BACK, Timeline, taken_back
from tests.helpers import playout_with_undos

RULES = find_rules("bakappana", rounds=1)


def _decisions(events: list[Event]) -> list[int]:
    """The indexes of seat 0's decisions."""
    return [i for i, e in enumerate(events) if isinstance(e, DECISION_EVENTS) and e.seat == 0]


def _played(decisions: int) -> list[Event]:
    """A match of random play stopped where the person (seat 0) is to make its decision number
    ``decisions`` (from 0)."""
    for seed in range(50):
        full = playout_with_undos(RULES, seed, undos=0).events
        mine = _decisions(full)
        if len(mine) > decisions:
            return full[: mine[decisions]]
    raise AssertionError("no match with enough decisions of seat 0")


def _timeline_at_second_play() -> Timeline:
    return Timeline(_played(1))


def _main_line(events: list[Event]) -> list[Event]:
    return [e for e in events if not isinstance(e, UndoTaken)]


def _log(events: list[Event]) -> bytes:
    return encode_log(header_for(events, app="test", created=""), events)


def test_an_undo_keeps_what_it_took_back_and_folds_as_the_marker_alone():
    timeline = _timeline_at_second_play()
    before = list(timeline.events)
    mine = _decisions(before)[-1]
    dropped = timeline.undo(0)
    marker = timeline.events[-1]
    assert isinstance(marker, UndoTaken) and marker.seat == 0
    assert list(marker.undone) == dropped == before[mine:]
    # the variation changes no state: the board is the one before the play taken back
    assert (
        replace(timeline.last, undos=timeline.states[mine - 1].undos) == (timeline.states[mine - 1])
    )
    without = [*timeline.events[:-1], UndoTaken(seat=0)]
    assert fold(timeline.events) == fold(without) == timeline.last
    # written and read back whole
    back = read_log(_log(timeline.events))
    assert back.events == timeline.events
    assert back.states[-1] == timeline.last


def test_the_reader_refuses_a_variation_that_could_not_have_been_played():
    timeline = _timeline_at_second_play()
    timeline.undo(0)
    marker = timeline.events[-1]
    assert isinstance(marker, UndoTaken)
    play = marker.undone[0]
    assert isinstance(play, CardPlayed)
    lines = _log(timeline.events).decode().splitlines()
    # a card that seat 0 did not hold
    held = timeline.last.hands[0]
    other = next(c for c in range(48) if not held >> c & 1)
    forged = replace(play, card=CARDS[other], captured=())
    bad = replace(marker, undone=(forged, *marker.undone[1:]))
    events = [*timeline.events[:-1], bad]
    with pytest.raises(CorruptLogError) as err:
        read_log(_log(events))
    assert err.value.line == len(lines)
    assert "event 1 of what it took back (card_played) does not follow" in err.value.reason
    # a variation that does not open with a decision of the seat that undid
    bad = replace(marker, undone=marker.undone[1:])
    with pytest.raises(CorruptLogError, match="must open with a decision of that seat"):
        fold([*timeline.events[:-1], bad])


def test_an_older_log_without_variations_still_reads():
    """Version 3 wrote no `undone`: such a log reads as it stands, its undos with nothing to
    show."""
    timeline = _timeline_at_second_play()
    timeline.undo(0)
    plain = [*timeline.events[:-1], UndoTaken(seat=0)]
    lines = [json.loads(line) for line in _log(plain).splitlines()]
    assert "undone" not in lines[-1]  # omitted when empty
    lines[0]["version"] = 3
    old = b"".join(json.dumps(line, separators=(",", ":")).encode() + b"\n" for line in lines)
    log = read_log(old)
    assert log.header.version == VERSION
    assert log.events == plain and log.states[-1] == fold(timeline.events)


def test_a_redacted_copy_holds_no_variation():
    timeline = playout_with_undos(RULES, 3, undos=4, rate=0.5, redo=0.0)
    assert any(isinstance(e, UndoTaken) and e.undone for e in timeline.events)
    copy = redact(timeline.events, 0)
    assert all(not e.undone for e in copy if isinstance(e, UndoTaken))
    assert sum(isinstance(e, UndoTaken) for e in copy) == sum(
        isinstance(e, UndoTaken) for e in timeline.events
    )


def test_two_undos_in_a_row_keep_one_line_in_the_order_it_was_played():
    played = _played(2)
    first_decision = _decisions(played)[0]
    timeline = Timeline(played)
    timeline.undo(0)
    timeline.undo(0)
    first, second = timeline.events[-2:]
    assert isinstance(first, UndoTaken) and not first.undone  # moved: its line is in the second
    assert isinstance(second, UndoTaken)
    assert list(second.undone) == played[first_decision:]
    assert read_log(_log(timeline.events)).events == timeline.events


def test_redo_puts_the_line_back_and_the_undos_where_they_were():
    played = _played(2)
    mine = _decisions(played)
    timeline = Timeline(played)
    timeline.undo(0)
    timeline.undo(0)
    timeline.redo()
    timeline.redo()
    # the main line is what was played; each undo stands where it was taken, both emptied
    assert _main_line(timeline.events) == played
    markers = [(i, e) for i, e in enumerate(timeline.events) if isinstance(e, UndoTaken)]
    assert [e for _, e in markers] == [UndoTaken(seat=0), UndoTaken(seat=0)]
    assert [i for i, _ in markers] == [mine[0], mine[1] + 1]
    assert fold(timeline.events) == timeline.last
    assert sum(timeline.last.undos) == 2


def test_a_variation_is_bounded_in_length_bytes_and_nesting(monkeypatch):
    full = playout_with_undos(RULES, 1, undos=0)
    long = [e for e in full.events[2:] if not isinstance(e, UndoTaken)]
    assert len(taken_back(long * 40)) == MAX_TAKEN_BACK
    # a line that would not fit a log's line is cut to its start
    monkeypatch.setattr(timeline_module, "MAX_TAKEN_BACK_BYTES", 2000)
    short = taken_back(long)
    assert 0 < len(msgspec.json.encode(short)) <= 2000
    assert list(short) == long[: len(short)]
    monkeypatch.undo()
    nested: Event = UndoTaken(seat=0, undone=(long[1],))
    for _ in range(MAX_NESTING + 3):
        nested = UndoTaken(seat=0, undone=(long[1], nested))
    line = taken_back([long[1], nested, UndoTaken(seat=0, undone=(long[1],))])
    depth, inner = 0, line
    while any(isinstance(e, UndoTaken) and e.undone for e in inner):
        inner = next(e for e in inner if isinstance(e, UndoTaken) and e.undone).undone
        depth += 1
    assert depth <= MAX_NESTING


def test_random_matches_with_undos_read_back_and_their_main_line_is_complete():
    for seed in range(6):
        timeline = playout_with_undos(RULES, seed)
        log = read_log(_log(timeline.events))
        assert log.events == timeline.events
        # folding the main line alone, without any marker, gives the same board
        state = None
        for e in _main_line(timeline.events):
            state = apply(state, e)
        assert state is not None and replace(state, undos=timeline.last.undos) == timeline.last


def test_playing_on_from_a_log_with_variations_leaves_them_behind():
    """A fork of a log whose undos kept their lines starts without them (a reshuffled future
    would not let them replay), its undos still counted."""
    import random

    from core.fork import fork_events

    timeline = playout_with_undos(RULES, 3, undos=4, rate=0.5, redo=0.0)
    events = timeline.events
    last = max(i for i, e in enumerate(events) if isinstance(e, UndoTaken) and e.undone)
    at = last + 2
    assert fold(events[:at]).phase != "over"
    for mode in ("same_future", "reshuffled"):
        forked = fork_events(
            events, at, players=events[0].players, seat=0, mode=mode, rng=random.Random(1)
        )
        markers = [e for e in forked if isinstance(e, UndoTaken)]
        assert markers and not any(e.undone for e in markers)
        assert fold(forked).undos == fold(events[:at]).undos


def test_playing_on_as_another_seat_from_a_log_with_undos():
    """The person undid at seat 0; playing on as seat 1, seat 0 is a computer: its undos stay
    with the source (only people undo), the new match starts ("undo by seat 1, a computer
    player" refused it)."""
    from core.fork import fork_events
    from core.players import Player

    timeline = playout_with_undos(RULES, 3, undos=4, rate=0.5, redo=0.0)
    events = timeline.events
    at = max(i for i, e in enumerate(events) if isinstance(e, UndoTaken)) + 2
    players = (Player(name="CPU", kind="bot", bot="easy"), Player(name="You"))
    forked = fork_events(events, at, players=players, seat=1)
    assert not any(isinstance(e, UndoTaken) for e in forked)
    assert fold(forked).undos == (0, 0)
