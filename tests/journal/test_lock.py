"""One writer: while one hanatui process has the game open, a second one on the same data
directory cannot write the journal; it may browse read-only."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from core.players import Player
from core.rules import find_rules
from hanatui.session.lock import JournalInUse, lock_path
from hanatui.session.session import JOURNAL_NAME, Session

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes and flock")

ROOT = Path(__file__).resolve().parents[2]

#: The first process: starts a game with its journal, says so, and keeps running until told.
FIRST = textwrap.dedent(
    """
    import sys
    from core.players import Player
    from core.rules import find_rules
    from hanatui.session.session import Session

    session = Session.new(
        find_rules("bakappana", rounds=1),
        [Player(name="A"), Player(name="B", kind="bot", bot="easy")],
        seed=2,  # its first move leaves a plain position (seed 1: a capture to choose)
    )
    session.settle()
    print(len(session.events), flush=True)
    sys.stdin.readline()
    session.act(session.legal()[0])  # it still writes, after the second process gave up
    print(len(session.events), flush=True)
    """
)


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("HANATUI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def _env(data: Path) -> dict[str, str]:
    return dict(os.environ, HANATUI_DATA_DIR=str(data), PYTHONPATH=str(ROOT))


#: Another process holding the journal's lock until told to end (a line on its input).
HOLD = (
    "import sys; from hanatui.session.lock import lock; lock(sys.argv[1]); print('ok', flush=True);"
    " sys.stdin.readline()"
)


def _python(data: Path, script: str, *args: str) -> subprocess.Popen[str]:
    """Another hanatui process on ``data``: ``script`` run with ``args``, spoken to by lines."""
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=_env(data),
        cwd=ROOT,
    )


def test_a_second_process_cannot_write_the_journal(data):
    first = _python(data, FIRST)
    try:
        assert first.stdout is not None and first.stdin is not None
        events = int(first.stdout.readline())
        journal = data / "autosave" / JOURNAL_NAME
        written = journal.read_bytes()
        assert written.count(b"\n") == events + 1

        # a second process: `hanatui play` refuses in one line, before any screen
        second = subprocess.run(
            [sys.executable, "-m", "hanatui", "play", "koikoi"],
            capture_output=True,
            text=True,
            env=_env(data),
            cwd=ROOT,
            timeout=60,
        )
        assert second.returncode == 1
        assert second.stderr.count("\n") == 1
        assert f"open in another hanatui (process {first.pid})" in second.stderr
        assert "Traceback" not in second.stderr

        # this test's own process is another one too: no new game, no resume, no retiring
        players = [Player(name="C"), Player(name="D", kind="bot", bot="easy")]
        with pytest.raises(JournalInUse):
            Session.new(find_rules("koikoi"), players, seed=2)
        with pytest.raises(JournalInUse):
            Session.resume()
        assert Session.unfinished() is not None  # reading is allowed
        assert journal.read_bytes() == written  # not a byte written by the others

        first.stdin.write("\n")
        first.stdin.flush()
        assert int(first.stdout.readline()) > events  # the first one writes on
        assert first.wait(timeout=60) == 0
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    # once the first process is gone, the lock is free
    session = Session.resume()
    assert session.journal is not None and session.journal.problem is None
    assert lock_path(journal).exists()


async def test_the_app_of_a_second_process_browses_read_only(data):
    """The app started while another process holds the lock: it says so, offers no resume and
    no new game, and never touches the journal; replays and settings still open."""
    holder = _python(data, HOLD, str(data / "autosave" / JOURNAL_NAME))
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ok"
        from hanatui.app.app import HanaApp
        from hanatui.app.screens.info import SettingsScreen
        from hanatui.app.screens.title import TitleScreen

        app = HanaApp()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert app.read_only is not None and "another hanatui" in app.read_only
            assert app.unfinished() is None
            await pilot.press("n")  # new game
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            app.start_game(
                find_rules("koikoi"), [Player(name="X"), Player(name="Y", kind="bot", bot="easy")]
            )
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            await pilot.press("s")  # settings still open
            await pilot.pause()
            assert isinstance(app.screen, SettingsScreen)
        assert not (data / "autosave" / JOURNAL_NAME).exists()
    finally:
        holder.kill()
        holder.wait()


async def test_once_the_other_process_is_gone_the_second_app_plays(data):
    """The app that started read-only kept refusing to play after the other hanatui had
    closed, still saying the game was open in it (a process gone). It asks for the lock
    again when the player tries, and plays once it gets it."""
    holder = _python(data, HOLD, str(data / "autosave" / JOURNAL_NAME))
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ok"
        from hanatui.app.app import HanaApp
        from hanatui.app.screens.newgame import NewGameScreen
        from hanatui.app.screens.title import TitleScreen

        app = HanaApp()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert app.read_only is not None
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)  # still held: refused
            assert holder.stdin is not None
            holder.stdin.write("\n")
            holder.stdin.flush()
            assert holder.wait(timeout=30) == 0
            await pilot.press("n")
            await pilot.pause()
            assert app.read_only is None
            assert isinstance(app.screen, NewGameScreen)
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()


@pytest.mark.parametrize("back", ["title shown again", "terminal focused"])
async def test_the_read_only_title_offers_resume_once_the_other_process_is_gone(data, back):
    """The title of an app that started read-only showed Resume only after the player tried
    to play once the other hanatui had closed. It asks for the journal again when it is shown
    again (back from Settings) and when the terminal gets the focus back."""
    first = _python(data, FIRST)
    try:
        assert first.stdout is not None and first.stdin is not None
        int(first.stdout.readline())  # its game started, its journal written
        from textual import events

        from hanatui.app.app import HanaApp
        from hanatui.app.screens.title import TitleMenu, TitleScreen

        app = HanaApp()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert app.read_only is not None
            menu = app.screen.query_one(TitleMenu)
            assert menu.resume_info is None
            first.stdin.write("\n")
            first.stdin.flush()
            assert first.wait(timeout=60) == 0  # closed, its game unfinished
            if back == "title shown again":
                await pilot.press("s")
                await pilot.pause()
                assert not isinstance(app.screen, TitleScreen)
                await pilot.press("escape")
            else:
                app.post_message(events.AppFocus())
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            assert app.read_only is None
            menu = app.screen.query_one(TitleMenu)
            assert menu.resume_info is not None and menu.cursor == "resume"
            assert any("can play now" in n.message for n in app._notifications)
            await pilot.press("c")
            await pilot.pause()
            assert type(app.screen).__name__ == "TableScreen"  # the game the other one left
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()


async def test_play_on_from_a_replay_in_the_read_only_app_says_why_it_cannot(data):
    """In the app that started read-only, play on from a replay is reached by keys alone at
    80x24 (tab round the dialog to Play, enter) and says why no game starts."""
    holder = _python(data, HOLD, str(data / "autosave" / JOURNAL_NAME))
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ok"
        from hanatui.app.app import HanaApp
        from hanatui.app.screens.replay.opening import open_replay
        from hanatui.app.screens.replay.screen import ForkDialog, ReplayScreen

        app = HanaApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.read_only is not None
            assert open_replay(app, ROOT / "replays" / "koikoi-2p-seed6.hana")
            await pilot.pause()
            await pilot.press("f")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, ForkDialog)
            await pilot.press("tab")  # from Play: round the whole dialog and back to it
            for _ in range(len(dialog.focus_chain) - 1):
                await pilot.press("tab")
            assert app.focused is not None and app.focused.id == "play"
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)  # no table
            said = [str(n.message) for n in app._notifications]
            assert any(
                m.startswith("Cannot play on from here:") and "another hanatui" in m for m in said
            ), said
        assert not (data / "autosave" / JOURNAL_NAME).exists()
    finally:
        holder.kill()
        holder.wait()
