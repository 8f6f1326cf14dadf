"""Pictures of the replay viewer at the start, in the middle of a round and at the end, from one
seat's view and with all hands shown; and of its dialogs.

Update after an intended change with
``pytest tests/app/test_replay_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hanatui.app.app import HanaApp
from hanatui.app.screens.errors import BadFileDialog, describe_problem
from hanatui.app.screens.replay import ForkDialog, ReplayScreen
from hanatui.files import read_log_file

from .helpers import settings

pytestmark = pytest.mark.slow  # whole rounds or pictures: deselect with -m "not slow"

LOG = Path(__file__).resolve().parents[2] / "replays" / "bakappana-3p-seed30.hana"
SIZE = (120, 40)


def _app() -> HanaApp:
    return HanaApp(settings=settings(theme="hana-night"), save=False)


def _at(where: str, all_hands: bool):
    async def run_before(pilot) -> None:
        screen = ReplayScreen(read_log_file(LOG), LOG)
        await pilot.app.push_screen(screen)
        await pilot.pause()
        if where == "mid-round":
            screen.seek(screen.story.segment_start(3) + 12)
        elif where == "end":
            screen.seek(len(screen.story))
        if all_hands:
            await pilot.press("v")
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("all_hands", [False, True], ids=["seat-view", "all-hands"])
@pytest.mark.parametrize("where", ["start", "mid-round", "end"])
def test_viewer(snap_compare, where, all_hands):
    assert snap_compare(_app(), terminal_size=SIZE, run_before=_at(where, all_hands))


def test_fork_dialog(snap_compare):
    async def run_before(pilot) -> None:
        await _at("mid-round", False)(pilot)
        await pilot.press("f")
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


def test_bad_file_dialog(snap_compare):
    from core.errors import UnsupportedVersionError

    problem = describe_problem(
        "/games/from-the-future.hana",
        UnsupportedVersionError("written by a newer hanatui (log format version 3)", 1),
        b'{"format":"hanatui","version":3}\n',
    )

    async def run_before(pilot) -> None:
        await pilot.app.push_screen(BadFileDialog(problem))
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


__all__ = ["ForkDialog"]
