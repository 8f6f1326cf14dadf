"""Autosave: a real `hanatui` killed with SIGKILL in mid-game resumes exactly where it stopped."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from core.engine import fold
from core.logfile import read_log
from hanatui.app.app import HanaApp
from hanatui.app.screens.table import TableScreen
from hanatui.app.screens.title import TitleMenu

from .test_play import settle

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")


def _events_in(journal: Path) -> int:
    try:
        return max(0, journal.read_bytes().count(b"\n") - 1)
    except FileNotFoundError:
        return 0


def _run_until_killed(data: Path, min_events: int) -> None:
    """Start `hanatui play` on a pseudo-terminal, play by keys, and SIGKILL it in mid-game."""
    (data / "config").mkdir(parents=True, exist_ok=True)
    (data / "config" / "settings.json").write_text(json.dumps({"pace": 0.0}))
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = dict(os.environ, HANATUI_DATA_DIR=str(data), TERM="xterm-256color")
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "hanatui", "play", "bakappana", "--seed", "3"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        close_fds=True,
    )
    os.close(slave)
    stop = threading.Event()

    def drain() -> None:
        while not stop.is_set():
            try:
                if not os.read(master, 65536):
                    break
            except OSError:
                break

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    journal = data / "autosave" / "current.hana"
    try:
        deadline = time.monotonic() + 60
        while _events_in(journal) < min_events:
            assert proc.poll() is None, "hanatui exited early"
            assert time.monotonic() < deadline, "the game did not advance"
            os.write(master, b"1")
            time.sleep(0.25)
            os.write(master, b"\r")  # a capture choice, if one is open
            time.sleep(0.25)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        stop.set()
        os.close(master)
    assert proc.returncode == -signal.SIGKILL


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
