"""Pictures of a game played on from before a mistake of a replay: the position before it, the
card played there and the analysis's better card marked, the caption saying both, the player
asked; and of learning from that mistake.

Update after an intended change with
``pytest tests/app/test_fork_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

import pytest

from hanatui.app.app import HanaApp
from hanatui.app.screens.replay.learn import LearnScreen
from hanatui.app.screens.replay.screen import ReplayScreen
from hanatui.app.screens.table.screen import TableScreen
from hanatui.store.files import read_log_file

from .helpers import settings
from .test_replay_snapshots import analysed_copy

pytestmark = pytest.mark.slow  # pictures: deselect with -m "not slow"

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def _app() -> HanaApp:
    return HanaApp(settings=settings(theme="hana-night"), save=False)


async def _at_first_mistake(pilot, path) -> ReplayScreen:
    screen = ReplayScreen(read_log_file(path), path)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    await pilot.press("n")  # the first mistake, where its verdict shows
    await pilot.pause()
    return screen


@pytest.mark.parametrize("size", SIZES)
def test_play_on_from_before_a_mistake(snap_compare, tmp_path, size):
    path = analysed_copy(tmp_path)

    async def run_before(pilot) -> None:
        await _at_first_mistake(pilot, path)
        await pilot.press("f")
        await pilot.pause()
        await pilot.click("#play")
        await pilot.pause()
        table = pilot.app.screen
        assert isinstance(table, TableScreen)
        for _ in range(50):  # the hand focused for the player's move
            if table._choice is not None:
                break
            await pilot.pause(0.02)
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_learn_from_a_mistake(snap_compare, tmp_path, size):
    path = analysed_copy(tmp_path)

    async def run_before(pilot) -> None:
        await _at_first_mistake(pilot, path)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(pilot.app.screen, LearnScreen)
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=size, run_before=run_before)
