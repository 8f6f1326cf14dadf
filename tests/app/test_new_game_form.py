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
