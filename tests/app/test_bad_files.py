"""What the app says about damaged files and journals: the bad-file dialog's words, the notice of
a damaged autosave, and a journal the disk refuses."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from core.logfile import encode_log, header_for
from core.players import Player
from core.rules import find_rules
from hanatui.app.app import HanaApp
from hanatui.app.screens.errors import BadFileDialog
from hanatui.app.screens.replay.opening import open_replay
from hanatui.app.screens.table.screen import TableScreen
from tests.helpers import random_playout

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "fixtures" / "hostile"
SIZE = (120, 40)


def _sample() -> bytes:
    events, _ = random_playout(find_rules("bakappana", rounds=1), 2, 3)
    return encode_log(header_for(events, app="test"), events)


def _messages(app: HanaApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


def _dialog_text(dialog: BadFileDialog) -> str:
    return " ".join(str(w.render()) for w in dialog.query("Static"))


async def test_a_tampered_log_is_not_called_cut_short(tmp_path):
    lines = _sample().splitlines(keepends=True)
    event = json.loads(lines[20])
    event["seat"] = 1 - event.get("seat", 0)  # whole JSON, wrong seat: not a crash artefact
    lines[20] = json.dumps(event).encode() + b"\n"
    path = tmp_path / "tampered.hana"
    path.write_bytes(b"".join(lines))
    async with HanaApp(save=False).run_test(size=SIZE) as pilot:
        open_replay(pilot.app, path)
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, BadFileDialog)
        assert dialog.problem.line == 21 and dialog.problem.torn is False
        text = _dialog_text(dialog)
        assert "cut short" not in text
        assert f"The {dialog.problem.recoverable} events before line 21 can still be read" in text


async def test_a_log_ending_mid_line_is_called_cut_short(tmp_path):
    data = _sample()
    path = tmp_path / "torn.hana"
    path.write_bytes(data[: len(data) - 30])
    async with HanaApp(save=False).run_test(size=SIZE) as pilot:
        open_replay(pilot.app, path)
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, BadFileDialog) and dialog.problem.torn is True
        assert "cut short" in _dialog_text(dialog)


async def test_resuming_a_damaged_autosave_says_what_was_kept_and_where(isolated_dirs):
    journal = isolated_dirs / "autosave" / "current.hana"
    journal.parent.mkdir(parents=True)
    shutil.copy(HOSTILE / "journal-one-bad-byte-line30.hana", journal)
    app = HanaApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert any(isinstance(s, TableScreen) for s in app.screen_stack)
        (notice,) = [m for m in _messages(app) if "damaged" in m]
        assert "The 28 events before it were kept" in notice
        assert "current.hana.damaged-1" in notice
    assert (journal.parent / "current.hana.damaged-1").read_bytes() == (
        HOSTILE / "journal-one-bad-byte-line30.hana"
    ).read_bytes()


async def test_a_game_the_disk_refuses_goes_on_and_says_so(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("HANATUI_DATA_DIR", str(blocker / "data"))
    app = HanaApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_game(
            find_rules("koikoi"), [Player(name="You"), Player(name="CPU", kind="bot", bot="easy")]
        )
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert any(m.startswith("Could not save") for m in _messages(app))
        assert table.session.journal.unsaved == len(table.session.events)
