"""Autosave: a real `hanatui` killed with SIGKILL in mid-game resumes exactly where it stopped."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

from core.engine import fold
from core.logfile import read_log
from hanatui.app.app import HanaApp
from hanatui.app.screens.table import TableScreen
from hanatui.app.screens.title import TitleMenu

from .pty_terminal import Terminal
from .test_play import settle

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")


def _run_until_killed(data: Path, min_events: int) -> None:
    """Start `hanatui play` on a pseudo-terminal, play by keys, and SIGKILL it in mid-game."""
    terminal = Terminal(data, "play", "bakappana", "--seed", "3")
    journal = data / "autosave" / "current.hana"
    try:
        terminal.play_until(journal, min_events, pause=0.25)
    finally:
        status = terminal.kill()
        terminal.close()
    assert status == -signal.SIGKILL


async def test_killed_game_resumes_exactly(isolated_dirs):
    data = isolated_dirs
    _run_until_killed(data, min_events=12)
    journal = data / "autosave" / "current.hana"
    at_kill = read_log(journal.read_bytes(), recover=True)
    assert len(at_kill.events) >= 12
    assert at_kill.state is not None and at_kill.state.phase != "over"

    app = HanaApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "resume" in app.screen.query_one(TitleMenu).items  # the title offers to resume
        await pilot.press("c")
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        session = table.session
        assert session.events[: len(at_kill.events)] == at_kill.events
        assert session.timeline.states[len(at_kill.events) - 1] == at_kill.state
        assert fold(session.events[: len(at_kill.events)]) == at_kill.state
        # and it plays on from there
        await settle(pilot)
        before = len(session.events)
        if table._my_turn():
            await pilot.press("1")
            await settle(pilot)
            assert len(session.events) > before
