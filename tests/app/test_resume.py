"""Autosave: a real `hanatui` killed with SIGKILL in mid-game resumes exactly where it stopped."""

from __future__ import annotations

import re
import signal
import sys
from pathlib import Path

import pytest

from core.engine import fold
from core.logfile import read_log
from hanatui.app.app import HanaApp
from hanatui.app.screens.table.screen import TableScreen
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


async def test_an_autosave_that_cannot_be_read_is_named_on_the_title_not_passed_over(
    isolated_dirs,
):
    """An autosave written by a newer hanatui (or unreadable from its first line): the title
    offers no Resume for it, and said nothing either, so the game seemed lost. It says once
    why it cannot be resumed and where a new game keeps it; the file is left as it was."""
    log = Path(__file__).resolve().parents[2] / "replays" / "bakappana-3p-seed30.hana"
    journal = isolated_dirs / "autosave" / "current.hana"
    journal.parent.mkdir(parents=True)
    lines = log.read_bytes().splitlines(keepends=True)[:40]  # a match not finished
    header, changed = re.subn(rb'"version":\d+,', b'"version":99,', lines[0], count=1)
    assert changed == 1
    newer = b"".join([header, *lines[1:]])
    journal.write_bytes(newer)
    app = HanaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "resume" not in app.screen.query_one(TitleMenu).items
        told = [n.message for n in app._notifications if "autosave" in n.message]
        assert len(told) == 1
        assert "cannot be resumed" in told[0] and "log format version 99" in told[0]
        assert "current.hana.damaged-N" in told[0]
        await pilot.press("s")  # the title again later: not told twice
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert len([n for n in app._notifications if "autosave" in n.message]) == 1
    assert journal.read_bytes() == newer
