"""Messages (toasts) never cover the table's caption and status line, nor a round's result: at the
bottom right they cut the status line (a stray ``)`` was left at its edge) and, at 80x24, a
message at the round's end landed on its result. They show at the top right, under the score
bar; an undo is told by the caption, with no message over the table."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widgets._toast import Toast

from core.events import RoundEnded
from hanatui.app.app import HanaApp
from hanatui.app.screens.results import RoundResultScreen
from hanatui.app.screens.table.screen import TableScreen

from .helpers import new_session, settings
from .test_play import play_round, settle


def _toast_regions(app: HanaApp) -> list[Region]:
    return [t.region for t in app.screen.query(Toast) if t.region.area]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_message_leaves_the_caption_and_the_status_line_in_view(size):
    session = new_session("koikoi", seed=3)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        table.notify("The computer player failed (a test); it made the first legal move.")
        await pilot.pause()
        await pilot.pause()
        toasts = _toast_regions(app)
        assert toasts
        covered = [table.query_one(wid).region for wid in ("#caption", "#status-line", "#topbar")]
        for toast in toasts:
            for region in covered:
                assert not toast.overlaps(region), (toast, region)
        # an undo says so in the caption, not in a message over the table
        for toast in table.query(Toast):
            toast.remove()
        await pilot.press("enter")  # play a card
        await settle(pilot)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not _toast_regions(app)
        assert "took back a move" in str(table.query_one("#caption").render())


async def test_a_message_at_the_round_s_end_leaves_its_result_in_view():
    session = new_session("bakappana", seed=4)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        result = await play_round(pilot, by="keys")
        assert isinstance(result, RoundEnded)
        dialog = app.screen
        assert isinstance(dialog, RoundResultScreen)
        dialog.notify("A message while the result is shown.")
        await pilot.pause()
        await pilot.pause()
        box = dialog.query_one("#dialog").region
        toasts = _toast_regions(app)
        assert toasts
        for toast in toasts:
            # the result's lines stay readable: the message stands above its score table
            assert toast.y < box.y + 3 or not toast.overlaps(box), (toast, box)
