"""Undo and redo, the capture choice, koi-koi both ways, hot-seat hand-over, names as plain text."""

from __future__ import annotations

import pytest

from core.actions import PlayCard
from core.cards import MONTH_MASKS
from core.events import CaptureChosen, CardPlayed, KoiKoiCalled, ShobuCalled, UndoTaken
from core.logfile import read_log
from hanatui.app.app import HanaApp
from hanatui.app.layout import SeatPanel
from hanatui.app.screens.dialogs import (
    CaptureDialog,
    HandOverScreen,
    KoiKoiDialog,
    RoundResultScreen,
)
from hanatui.app.screens.table.screen import TableScreen
from hanatui.app.widgets import CardRow

from .helpers import new_session, players, session_where, settings
from .test_play import settle


def _two_match_card(state):
    """A card in the hand of the seat to act that matches exactly two field cards."""
    hand = state.hands[state.turn]
    for i in range(48):
        if hand >> i & 1 and (state.field & MONTH_MASKS[i >> 2]).bit_count() == 2:
            return i
    return None


async def test_undo_and_redo(isolated_dirs):
    from core.rules import find_rules

    app = HanaApp(settings=settings(), play=(find_rules("bakappana"), players(2), 21))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        session = table.session
        # nothing to undo yet: the binding is greyed out
        assert app.check_action("undo", ()) is None
        assert app.check_action("redo", ()) is None
        while not table._my_turn():
            await pilot.pause()
        events_before = len(session.events)
        await pilot.press("1")
        await settle(pilot)
        for _ in range(10):
            if isinstance(app.screen, CaptureDialog):
                await pilot.press("enter")
                await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert len(session.events) > events_before
        assert app.check_action("undo", ()) is True
        after = session.state
        # the state just before the human's last decision is where undo goes back to
        before = session.timeline.states[session.timeline.last_decision(0) - 1]
        await pilot.press("u")
        await settle(pilot)
        # back to before the play, with the undo recorded
        assert isinstance(session.events[-1], UndoTaken)
        assert session.state.hands == before.hands and session.state.field == before.field
        assert session.state.pile == before.pile and session.state.phase == before.phase
        assert session.state.undos[0] == 1
        assert app.check_action("redo", ()) is True
        # the journal was rewritten to match
        journal = read_log((isolated_dirs / "autosave" / "current.hana").read_bytes())
        assert journal.events == session.events
        if isinstance(app.screen, CaptureDialog):  # undo went back to a capture choice
            app.screen.dismiss(None)
            await pilot.pause()
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert session.state.hands == after.hands and session.state.field == after.field
        assert app.check_action("redo", ()) is None
        journal = read_log((isolated_dirs / "autosave" / "current.hana").read_bytes())
        assert journal.events == session.events
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert session.state.undos[0] == 2
        assert "took back a move (undo no. 2)" in "".join(
            str(line.text) for line in table.query_one("#gamelog").lines
        )


async def test_capture_choice_by_keys():
    session = session_where(
        "bakappana", 2, lambda s: s.phase == "play" and _two_match_card(s) is not None
    )
    card_index = _two_match_card(session.state)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        cards = table.query_one("#hand", CardRow).cards
        position = next(i for i, c in enumerate(cards) if c.index == card_index)
        await pilot.press(str(position + 1))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CaptureDialog)
        targets = [c.target for c in dialog.choices]
        assert len(targets) == 2
        await pilot.press("right", "enter")
        await settle(pilot)
        chosen = [e for e in session.events if isinstance(e, CaptureChosen) and e.seat == 0][-1]
        assert chosen.target == targets[1]


async def test_capture_choice_by_click():
    session = session_where(
        "bakappana",
        2,
        lambda s: s.phase == "play" and _two_match_card(s) is not None,
        seeds=range(50, 400),
    )
    card_index = _two_match_card(session.state)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        hand = table.query_one("#hand", CardRow)
        position = next(i for i, c in enumerate(hand.cards) if c.index == card_index)
        await pilot.click(hand, offset=hand.card_offset(position))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CaptureDialog)
        choices = dialog.query_one(CardRow)
        await pilot.click(choices, offset=choices.card_offset(0))
        await settle(pilot)
        chosen = [e for e in session.events if isinstance(e, CaptureChosen) and e.seat == 0][-1]
        assert chosen.target == dialog.choices[0].target


async def test_the_second_click_of_a_double_click_chooses_no_capture():
    """A double-click on a hand card: the first click plays it and the capture dialog opens
    over the hand; the second click (a click chained to the first, at the same place) landed
    on the dialog's card there and took it unseen. It is not a choice: the dialog waits."""
    from textual import events
    from textual.geometry import Offset

    session = new_session("koikoi", 2, seed=16)  # a hand card under the dialog's first card
    app = HanaApp(settings=settings(pace=0.6), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        hand = table.hand_row
        index = max(i for i, c in enumerate(hand.cards) if c and len(table._targets(c)) == 2)
        where = hand.card_region(index).offset + Offset(3, 2)
        await pilot.click(offset=where)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CaptureDialog)
        choices = dialog.query_one(CardRow)
        # the second click at the dialog's first card (where the pointer is depends on the
        # table's layout at this size, which the chained click must not depend on)
        where = choices.region.offset + Offset(3, 2)
        before = len(session.events)
        x, y = where - choices.content_region.offset
        args = (choices, x, y, 0, 0, 1, False, False, False, where.x, where.y)
        choices.post_message(events.Click(*args, chain=2))
        await pilot.pause()
        await pilot.pause()
        assert app.screen is dialog and len(session.events) == before
        choices.post_message(events.Click(*args, chain=1))  # a click of its own takes it
        await settle(pilot)
        assert isinstance(session.events[before], CaptureChosen)


@pytest.mark.parametrize("key,event_type", [("k", KoiKoiCalled), ("s", ShobuCalled)])
async def test_koikoi_dialog(key, event_type):
    session = session_where("koikoi", 2, lambda s: s.phase == "decide")
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, KoiKoiDialog)
        assert dialog.yaku, "the dialog names the yaku made"
        assert dialog.preview is not None
        await pilot.press(key)
        await settle(pilot)
        decisions = [e for e in session.events if isinstance(e, (KoiKoiCalled, ShobuCalled))]
        assert isinstance(decisions[0], event_type)
        if key == "s":
            assert isinstance(app.screen, RoundResultScreen)
            assert app.screen.event.points[0] == dialog.preview.points[0]


async def test_hot_seat_hands_over_between_humans():
    session = new_session("bakappana", 2, humans=2, seed=8, names=("Aki", "Ben"))
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        first = session.to_act()
        assert isinstance(app.screen, HandOverScreen)
        assert app.screen.player.name == session.players[first].name
        # the table underneath shows no faces while the hand-over screen is up
        table = app.screen_stack[-2]
        assert isinstance(table, TableScreen)
        hand = table.query_one("#hand", CardRow)
        assert hand.cards and all(c is None for c in hand.cards)
        assert not hand.can_focus, "a hidden hand offers no card to choose"
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is table and table.viewer == first
        assert hand.cards and all(c is not None for c in hand.cards)
        await pilot.press("1")
        await settle(pilot)
        while isinstance(app.screen, CaptureDialog):
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, HandOverScreen)
        assert app.screen.player.name == session.players[1 - first].name
        await pilot.press("enter")
        await settle(pilot)
        assert table.viewer == 1 - first


MARKUP_NAME = "[@click=app.quit]x[/]"


async def test_markup_in_a_name_is_shown_literally_and_does_nothing():
    session = new_session("bakappana", 2, seed=2, names=("You", MARKUP_NAME))
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        panel = table.query_one(SeatPanel)
        svg = app.export_screenshot()
        assert "[@click=app.quit]x[/]" in svg.replace("&#160;", " ")
        # click along the panel's title and the top bar: nothing quits
        for x in range(panel.region.x + 2, panel.region.x + 30, 3):
            await pilot.click(offset=(x, panel.region.y))
        topbar = table.query_one("#topbar")
        for x in range(0, 100, 5):
            await pilot.click(topbar, offset=(x, 0))
        await pilot.pause()
        assert app.is_running
        assert app.return_value is None


async def test_names_with_control_characters_are_refused():
    from textual.widgets import Input

    from hanatui.app.screens.newgame import NewGameScreen

    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#seat-name-0", Input).value = "evil\x1b[31mname"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert any("control" in str(n.message) for n in app._notifications)


async def test_new_game_screen_starts_a_game():
    from hanatui.app.screens.newgame import NewGameScreen

    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        keys = [w.id for w in app.screen.query(".option .editor")]
        assert "opt-rounds" in keys
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert (
            isinstance(app.screen, (TableScreen, HandOverScreen, CaptureDialog))
            or app.screen_stack[-1]
        )
        assert any(isinstance(s, TableScreen) for s in app.screen_stack)


async def test_hint_names_a_legal_move_and_focuses_its_card():
    session = new_session("koikoi", 2, seed=5)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        while not table._my_turn():
            await pilot.pause()
        await pilot.press("i")
        you = table.query_one("#you")
        for _ in range(400):
            await pilot.pause(0.02)
            if str(you.border_subtitle).startswith("hint: "):
                break
        # said on the table, in the panel of the seat at the bottom: no toast over the table
        assert str(you.border_subtitle).startswith("hint: ") and "play" in str(you.border_subtitle)
        assert not any(n.title == "Hint" for n in app._notifications)
        # and in the caption line, which every size shows (80x24 draws no panel note)
        caption = str(table.query_one("#caption").render())
        assert caption.startswith("hint  ") and "play" in caption
        focused = app.focused
        assert isinstance(focused, CardRow) and focused.cursor_card is not None
        assert PlayCard(seat=table.viewer, card=focused.cursor_card) in session.legal()


async def test_a_failing_computer_player_does_not_end_the_game(monkeypatch):
    from hanatui.session.session import Session

    def broken(self, state=None, events=None):
        raise RuntimeError("bot exploded")

    monkeypatch.setattr(Session, "bot_choice", broken)
    session = new_session("bakappana", 2, seed=6)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(3):
            table = app.screen
            if isinstance(table, TableScreen) and table._my_turn():
                await pilot.press("1")
            elif isinstance(app.screen, CaptureDialog):
                await pilot.press("enter")
            await settle(pilot)
        assert app.is_running
        assert any(isinstance(e, CardPlayed) and e.seat == 1 for e in session.events)


async def test_a_capture_dialog_closed_before_its_first_refresh_is_left_alone():
    """A quick enter can take a card and close the capture dialog before the refresh after
    which it focuses its first card: that late step then finds no cards and does nothing (it
    crashed the app during a fast hot-seat match)."""
    session = session_where("bakappana", 2, lambda s: s.phase == "choose")
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, CaptureDialog)
        await pilot.press("enter")
        await settle(pilot)
        assert dialog is not app.screen and not dialog.query(CardRow)
        dialog._focus_first()  # what the late callback does: nothing, and no error
        assert any(isinstance(e, CaptureChosen) for e in session.events)
