"""The new-game form read whole: Start (ctrl+s) pressed before the form's rows are mounted
waits for them, instead of reading choices that have no value yet."""

from __future__ import annotations

from typing import Any

from textual.widgets import Select

from core.rules import find_rules
from hanatui.app.app import HanaApp
from hanatui.app.screens.newgame import NewGameScreen
from hanatui.app.screens.table.screen import TableScreen

from .helpers import settings


def _errors(app: HanaApp) -> list[str]:
    """The messages the app notified as errors."""
    return [n.message for n in app._notifications if n.severity == "error"]


async def test_start_at_once_plays_the_standard_rules():
    """Pressing n then ctrl+s at once: the house rules' choices (a `Select` has no value until it is
    mounted) and the yaku-points fields are read once mounted, so the game starts with the
    standard rules, not with "Lucky hands: Expected `str`, got `NoSelection`" (or a crash on a
    field not mounted yet)."""
    app = HanaApp(settings=settings(last_game="koikoi"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = NewGameScreen()
        await app.push_screen(form)
        await form.run_action("start")  # ctrl+s, before the rows built in its on_mount are mounted
        await pilot.pause()
        assert _errors(app) == []
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.session.state.rules == find_rules("koikoi", "standard")
        assert [p.name for p in table.session.players] == ["You", "CPU"]


async def test_start_just_after_changing_the_players_counts_every_seat():
    """The seats' rows built again for a new player count are read once they are mounted: the
    match has the count chosen, each seat as the form says."""
    app = HanaApp(settings=settings(last_game="hana-awase"), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        players: Select[Any] = form.query_one("#players", Select)
        players.value = 4
        await pilot.pause(0)  # the change is handled: the seats' rows are being built again
        await form.run_action("start")
        await pilot.pause()
        assert _errors(app) == []
        table = app.screen
        assert isinstance(table, TableScreen)
        seats = table.session.players
        assert len(seats) == 4
        assert [p.kind for p in seats] == ["human", "bot", "bot", "bot"]
        assert len({p.name for p in seats}) == 4


def _typed_at_once(app: HanaApp, *keys: tuple[str, str]) -> None:
    """Keys as a terminal sends them in one read (tmux send-keys, a fast typist): all queued
    before the app handles the first. `Pilot.press` waits for each key to be handled."""
    from textual import events

    assert app._driver is not None
    for key, character in keys:
        event = events.Key(key, character)
        event.set_sender(app)
        app._driver.send_message(event)


async def test_a_number_field_keeps_every_key_typed_at_once():
    """New game, Tab to Rounds, backspace backspace 2 sent at once: the field ended empty ("a
    whole number, please"). The input typed the 2 as soon as its key came, and erased it with
    the backspaces, which ran later, once their keys had bubbled up to the app."""
    from textual.widgets import Input, Static

    app = HanaApp(settings=settings(last_game="koikoi"), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        form = NewGameScreen()
        await app.push_screen(form)
        await pilot.pause()
        rounds = form.query_one("#opt-rounds", Input)
        rounds.focus()  # as Tab does: the field's text is selected
        await pilot.pause()
        assert rounds.value == "12" and rounds.selection == (0, 2)
        _typed_at_once(app, ("backspace", "\x7f"), ("backspace", "\x7f"), ("2", "2"))
        for _ in range(5):
            await pilot.pause()
        assert rounds.value == "2"
        assert "2 rounds" in str(form.query_one("#unit-rounds", Static).content)
        # editing keys among characters: each where it was typed
        _typed_at_once(
            app, ("1", "1"), ("left", None), ("backspace", "\x7f"), ("5", "5"), ("end", None)
        )
        _typed_at_once(app, ("0", "0"))
        for _ in range(5):
            await pilot.pause()
        assert rounds.value == "510"


async def test_the_seats_and_house_rules_come_with_the_screen():
    """Seats and house rules were mounted after the screen's first frame and showed 1 to 3 s
    later. They are composed with it: there as soon as the screen is mounted."""
    app = HanaApp(settings=settings(last_game="koikoi"), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        form = NewGameScreen()
        await app.push_screen(form)  # mounted: nothing has been drawn after it yet
        for wid in ("#seat-kind-0", "#seat-name-1", "#opt-rounds", "#opt-lucky_hands"):
            assert form.query_one(wid).is_mounted, wid
        assert form._mounting == {}  # nothing left to mount later
        assert app.focused is form.query_one("#game", Select)
