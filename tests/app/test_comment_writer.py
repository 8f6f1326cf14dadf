"""The comment dialog's writer: what it shows as chosen is who the comment is saved as (it listed
"a reviewer (not at the table)" first and saved the comment as "You")."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select

from core.logfile import encode_log, header_for
from core.rules import find_rules
from hanatui.app.app import HanaApp
from hanatui.app.screens.replay.review_dialogs import REVIEWER, CommentDialog
from hanatui.app.screens.replay.screen import ReplayScreen
from hanatui.store.files import read_log_file
from tests.helpers import playout_with_undos

from .helpers import settings


def _log(tmp_path: Path) -> Path:
    """A match of one person (You, seat 1) against the computer."""
    timeline = playout_with_undos(find_rules("koikoi", rounds=1), 2, undos=0)
    path = tmp_path / "mine.hana"
    path.write_bytes(
        encode_log(header_for(timeline.events, app="test", created=""), timeline.events)
    )
    return path


async def _dialog(pilot, text: str) -> CommentDialog:
    await pilot.press("c")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, CommentDialog)
    dialog.query_one("#text", Input).value = text
    return dialog


def _shown(dialog: CommentDialog) -> str:
    """The writer the choice shows (its current line)."""
    return str(dialog.query_one("#author", Select).query_one("SelectCurrent Static").render())


async def test_the_writer_shown_is_the_writer_saved(tmp_path):
    path = _log(tmp_path)
    app = HanaApp(settings=settings(theme="hana-night"), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(ReplayScreen(read_log_file(path), path))
        await pilot.pause()
        dialog = await _dialog(pilot, "A good start")
        assert "You" in _shown(dialog) and "reviewer" not in _shown(dialog)
        await pilot.press("enter")
        await pilot.pause()
        saved = read_log_file(path).comments
        assert [(c.text, c.seat) for c in saved] == [("A good start", 0)]
        # a reviewer chosen: shown, and saved as nobody at the table
        assert isinstance(app.screen, ReplayScreen)
        dialog = await _dialog(pilot, "Seen from outside")
        dialog.query_one("#author", Select).value = REVIEWER
        await pilot.pause()
        assert "reviewer" in _shown(dialog)
        await pilot.press("enter")
        await pilot.pause()
        saved = read_log_file(path).comments
        assert ("Seen from outside", None) in [(c.text, c.seat) for c in saved]
