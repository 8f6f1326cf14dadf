"""What a player sees at 80x24 (and after resizing to it): nothing the table says is cut off
where a word or a number of it is lost."""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Static

from hanatui.app.app import HanaApp
from hanatui.app.screens.table import TableScreen

from .helpers import new_session, settings
from .test_play import settle


def _row(app: HanaApp, y: int) -> str:
    """Screen row ``y`` as drawn."""
    return app.screen._compositor.render_strips()[y].text


async def test_the_status_line_keeps_what_the_card_takes_whole_at_80_columns():
    """The compact table's status line joins the card's name (with its Japanese name) and what
    it takes: when both do not fit, the name gives way, never the end of what it takes."""
    app = HanaApp(settings=settings(), save=False, session=new_session("koikoi", 2, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        line = table.query_one("#status-line", Static)
        long_seen = False
        for _ in range(8):  # every card of the hand
            name, takes = str(table.query_one("#status", Static).content).split("\n")
            drawn = _row(app, line.region.y).rstrip()
            assert drawn.endswith(takes), (drawn, takes)
            if cell_len(name) + 3 + cell_len(takes) > line.content_region.width:
                long_seen = True
                assert "…" in drawn
            else:
                assert drawn.strip() == f"{name}   {takes}"
            await pilot.press("right")
            await pilot.pause()
        assert long_seen  # the hand has a card whose line is too long
