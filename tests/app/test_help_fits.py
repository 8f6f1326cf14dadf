"""The help dialogs (the table's and the replay viewer's) are read whole: their text is never
wrapped, at the smallest terminal the app supports or a large one."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.widgets import Static

from hanatui.app.app import HanaApp
from hanatui.app.screens.dialog_base import HELP_COLUMNS
from hanatui.app.screens.dialogs import HelpScreen, help_text
from hanatui.app.screens.replay.dialogs import REPLAY_HELP, ReplayHelp

from .helpers import settings


def _widest(text: str) -> int:
    return max(cell_len(line) for line in text.splitlines())


@pytest.mark.parametrize("ascii_mode", [False, True])
def test_the_help_texts_stay_within_their_columns(ascii_mode):
    assert _widest(help_text({}, ascii_mode=ascii_mode)) <= HELP_COLUMNS
    assert _widest(REPLAY_HELP) <= HELP_COLUMNS


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("dialog", [HelpScreen, ReplayHelp])
async def test_a_help_dialog_has_room_for_its_widest_line(dialog, size):
    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=size) as pilot:
        await app.push_screen(dialog())
        await pilot.pause()
        text = app.screen.query(Static).last()
        assert text.content_region.width >= HELP_COLUMNS
        # one line on the screen for each line of the text: none was wrapped
        assert text.size.height == str(text.render()).count("\n") + 1


def test_the_help_names_every_key_that_chooses_a_card():
    # Up and down choose a card too (they are not in the footer), and the help left them out.
    from textual.binding import Binding

    from hanatui.app.screens.dialogs import HELP_KEYS
    from hanatui.app.screens.table.screen import TableScreen

    in_help = {i for ids, _, _ in HELP_KEYS for i in ids}
    moving = {
        b.id for b in TableScreen.BINDINGS if isinstance(b, Binding) and b.action.startswith("move")
    }
    assert moving == {"table.left", "table.right", "table.up", "table.down"}
    assert moving <= in_help
