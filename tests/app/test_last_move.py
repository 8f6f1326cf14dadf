"""The last move told under the board and marked on it, at the table and in the replay viewer.

Update the pictures after an intended change with
``pytest tests/app/test_last_move.py --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from core.logfile import read_log
from core.timeline import Timeline
from hanatui.app.app import HanaApp
from hanatui.app.screens.replay.screen import ReplayScreen
from hanatui.app.screens.table.screen import TableScreen
from hanatui.store.files import read_log_file
from hanatui.text.words import last_move, last_move_cards, last_move_seat

from .helpers import session_where, settings
from .test_play import settle

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
KOIKOI = REPLAYS / "koikoi-2p-seed6.hana"
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def _timeline(path: Path) -> Timeline:
    return Timeline(read_log(path.read_bytes()).events)


def test_a_play_its_capture_and_the_draw_are_one_sentence():
    t = _timeline(KOIKOI)
    # event 5 is Random 1's play, 6 its draw: the move so far, then the whole move
    assert last_move(t.events, t.states, 5) == "Random 1 plays 07d Bush clover chaff, no match"
    assert last_move(t.events, t.states, 6) == (
        "Random 1 plays 07d Bush clover chaff, no match; draws 03a Curtain, takes 03c"
    )
    assert {c.value for c in last_move_cards(t.events, 6)} == {"07d", "03a", "03c"}
    assert last_move_seat(t.events, 6) == 0
    # a deal is told as itself, and belongs to no seat
    assert last_move(t.events, t.states, 2) == "Round 1: Random 2 deals"
    assert last_move_seat(t.events, 2) is None


def test_a_capture_choice_is_told_as_what_the_card_took():
    from core.events import CaptureChosen

    for path in sorted(REPLAYS.glob("*.hana")):
        t = _timeline(path)
        for i, event in enumerate(t.events):
            if isinstance(event, CaptureChosen) and event.target is not None:
                words = last_move(t.events, t.states, i)
                assert f"takes {event.target.value}" in words, words
                assert "choosing" not in words
                return
    pytest.fail("no capture choice in the sample logs")


def _caption(screen) -> str:
    return str(screen.query_one("#caption", Static).render())


async def test_the_table_tells_and_marks_the_computers_last_move():
    session = session_where("koikoi", 2, lambda s: s.turn_no >= 3)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        events = session.events
        upto = len(events) - 1
        assert last_move_seat(events, upto) == 1  # the computer moved last
        words = last_move(events, session.timeline.states, upto, 0)
        assert words.startswith("CPU")
        # said whole: with the cards' names where they fit, else by the cards' codes alone
        brief = last_move(events, session.timeline.states, upto, 0, brief=True)
        caption = _caption(table)
        assert (words in caption) != (brief in caption), caption
        assert "…" not in caption
        moved = last_move_cards(events, upto)
        on_field = [c for c in table.field_row.cards if c in moved]
        assert table.field_row.marked("-last") == on_field
        # the player moves: the marks follow the computer's reply, never the player's cards
        card = table.hand_row.cards[0]
        table.hand_row.focus_card(0)
        await pilot.press("enter")
        await settle(pilot)
        events = session.events
        assert last_move_seat(events, len(events) - 1) == 1
        assert card not in table.field_row.marked("-last")
        assert table.field_row.marked("-last") == [
            c for c in table.field_row.cards if c in last_move_cards(events, len(events) - 1)
        ]


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_table_caption_and_marks(snap_compare, size):
    session = session_where("koikoi", 2, lambda s: s.turn_no >= 5)

    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.pause()

    app = HanaApp(settings=settings(theme="hana-night"), save=False, session=session)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_replay_caption_and_marks(snap_compare, size):
    async def run_before(pilot) -> None:
        screen = ReplayScreen(read_log_file(KOIKOI), KOIKOI)
        await pilot.app.push_screen(screen)
        await pilot.pause()
        screen.seek(7)
        await pilot.pause()
        await pilot.press("right")  # a step: the caption says the move it made
        await pilot.pause()

    app = HanaApp(settings=settings(theme="hana-night"), save=False)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_stepping_in_the_replay_says_each_move():
    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(read_log_file(KOIKOI), KOIKOI)
        await app.push_screen(screen)
        await pilot.pause()
        screen.seek(7)  # after 7 events: Random 1's play and its draw
        await pilot.pause()
        first = _caption(screen)
        assert "Random 1 plays 07d" in first and "draws 03a" in first
        await pilot.press("right")
        await pilot.pause()
        assert _caption(screen) != first
        assert "Random 2 plays 10c" in _caption(screen)
        # the move's cards that lie on the field are marked
        moved = last_move_cards(screen.timeline.events, screen.position - 1)
        field = screen.query_one("#field")
        assert field.marked("-last") == [c for c in field.cards if c in moved]
        assert field.marked("-last")
