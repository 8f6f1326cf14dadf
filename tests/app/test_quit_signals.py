"""A real `hanatui` sent SIGHUP (its terminal hung up) or SIGTERM (`kill PID`) quits as the player's
quit does (`hanatui.session.signals`): the game saved and readable, what the journal could not write
rescued with its line on stderr, the terminal given back, and the exit status 128 + the signal's
number. Python's default action ended it at once, with none of that."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core.engine import to_act
from core.errors import CorruptLogError
from core.logfile import read_log
from hanatui.session.signals import QUIT_SIGNALS

from .pty_terminal import Terminal, events_in, lock_is_free

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")

#: Leaving and entering the alternate screen: the app's first and last words to the terminal.
ALT_SCREEN_ON, ALT_SCREEN_OFF = b"\x1b[?1049h", b"\x1b[?1049l"


def _wait_for(terminal: Terminal, text: bytes, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while text not in terminal.output:
        assert terminal.proc.poll() is None, "hanatui exited early"
        assert time.monotonic() < deadline, f"{text!r} never appeared"
        time.sleep(0.05)


@pytest.mark.parametrize("sig", QUIT_SIGNALS, ids=lambda sig: sig.name)
def test_a_quit_signal_ends_hanatui_as_a_quit_does(isolated_dirs, sig):
    data = isolated_dirs
    journal = data / "autosave" / "current.hana"
    terminal = Terminal(data, "play", "bakappana", "--seed", "3")
    try:
        terminal.play_until(journal, 8, pause=0.1)  # the deal, and moves played by keys
        at_signal = events_in(journal)
        terminal.proc.send_signal(sig)
        status = terminal.wait_exit()
    finally:
        terminal.stop()
        terminal.close()
    assert status == 128 + sig  # ended, and not by the player's quit
    # Saved as a quit leaves it: every line whole, the game unfinished and the journal free
    # for the next hanatui to resume.
    log = read_log(journal.read_bytes())
    assert len(log.events) >= at_signal >= 8
    assert log.state is not None and log.state.phase != "over"
    assert lock_is_free(journal)
    # The terminal is given back (the alternate screen left last), then the line says why.
    assert terminal.output.rfind(ALT_SCREEN_OFF) > terminal.output.rfind(ALT_SCREEN_ON) > 0
    assert f"hanatui: quit on {sig.name}".encode() in terminal.output


@pytest.mark.parametrize("sig", QUIT_SIGNALS, ids=lambda sig: sig.name)
def test_what_the_journal_could_not_write_is_rescued(isolated_dirs, tmp_path, monkeypatch, sig):
    data = isolated_dirs
    journal = data / "autosave" / "current.hana"
    rescued = tmp_path / "tmp"
    rescued.mkdir()
    monkeypatch.setenv("TMPDIR", str(rescued))  # where the rescue writes its copy
    terminal = Terminal(data, "play", "bakappana", "--seed", "3")
    saved = data / "autosave" / "saved.hana"
    try:
        terminal.play_until(journal, 8, pause=0.1)
        # The journal can no longer be written (a directory in its place refuses root too),
        # and the next move stays in memory; then the signal.
        journal.rename(saved)
        journal.mkdir()
        at_break = events_in(saved)
        deadline = time.monotonic() + 20
        while b"Could not save" not in terminal.output:  # the app's word that a move was not
            assert terminal.proc.poll() is None, "hanatui exited early"
            assert time.monotonic() < deadline, "no move was played after the journal broke"
            terminal.type(b"1")
            time.sleep(0.1)
            terminal.type(b"\r")
            time.sleep(0.1)
        terminal.proc.send_signal(sig)
        status = terminal.wait_exit()
    finally:
        terminal.stop()
        terminal.close()
    assert status == 128 + sig
    # What was saved before reads back whole; the copy holds it and the moves after.
    before = read_log(saved.read_bytes())
    assert len(before.events) == at_break
    text = terminal.output.decode(errors="replace")
    found = re.search(r"hanatui: the last (\d+) events of the game could not be saved", text)
    assert found is not None, text[-2000:]
    (copy,) = rescued.glob("hanatui-unsaved-*.hana")
    assert f"a copy is in {copy}" in text
    rescue = read_log(copy.read_bytes())
    assert rescue.events[: len(before.events)] == before.events
    assert len(rescue.events) == len(before.events) + int(found.group(1)) > len(before.events)


def _wait_delivered(pid: int, sig: signal.Signals, seconds: float = 10) -> None:
    """Until ``sig`` is no longer pending for process ``pid`` (Linux's /proc says; elsewhere a
    short wait)."""
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        time.sleep(0.5)
        return
    bit = 1 << (int(sig) - 1)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        fields = dict(
            line.split(":\t", 1) for line in status.read_text().splitlines() if ":\t" in line
        )
        pending = int(fields.get("SigPnd", "0"), 16) | int(fields.get("ShdPnd", "0"), 16)
        if not pending & bit:
            return
        time.sleep(0.01)
    raise AssertionError(f"{sig.name} still pending after {seconds} s")


def test_more_signals_while_quitting_change_nothing(isolated_dirs):
    # Back to back: the first quits the app, the others come while it quits and are only
    # noted. The journal is as one signal leaves it, and the status names the first.
    data = isolated_dirs
    journal = data / "autosave" / "current.hana"
    terminal = Terminal(data, "play", "bakappana", "--seed", "3")
    try:
        terminal.play_until(journal, 8, pause=0.1)
        at_signal = events_in(journal)
        os.kill(terminal.proc.pid, signal.SIGTERM)
        # Delivered before the next are sent: the kernel hands pending signals over lowest
        # number first, so a SIGHUP sent while this SIGTERM waits would arrive before it.
        _wait_delivered(terminal.proc.pid, signal.SIGTERM)
        for sig in (*QUIT_SIGNALS, signal.SIGTERM):
            os.kill(terminal.proc.pid, sig)
        status = terminal.wait_exit()
    finally:
        terminal.stop()
        terminal.close()
    assert status == 128 + signal.SIGTERM
    log = read_log(journal.read_bytes())
    assert len(log.events) >= at_signal
    assert log.state is not None and log.state.phase != "over"
    assert lock_is_free(journal)
    assert terminal.output.count(b"hanatui: quit on") == 1


def test_a_signal_as_hanatui_starts_ends_it(isolated_dirs):
    # Sent as soon as the app takes the terminal, before its first screen is drawn (on a
    # loaded machine perhaps just after): the app's loop listens from its start, and the quit
    # waits for the first screen (a quit in mid-start-up would cut it short).
    terminal = Terminal(isolated_dirs, "play", "bakappana", "--seed", "3")
    try:
        _wait_for(terminal, ALT_SCREEN_ON)
        terminal.proc.send_signal(signal.SIGTERM)
        status = terminal.wait_exit()
    finally:
        terminal.stop()
        terminal.close()
    assert status == 128 + signal.SIGTERM
    assert terminal.output.rfind(ALT_SCREEN_OFF) > terminal.output.rfind(ALT_SCREEN_ON)
    assert lock_is_free(isolated_dirs / "autosave" / "current.hana")


IGNORED_FROM_THE_START = """
import asyncio, os, signal
from hanatui.session.signals import QuitSignals

signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as `nohup` starts a command
signals = QuitSignals()
quits = []

async def main():
    signals.listen(lambda: quits.append(True))
    os.kill(os.getpid(), signal.SIGHUP)
    await asyncio.sleep(0.2)
    print(len(quits), signals.received)
    os.kill(os.getpid(), signal.SIGTERM)
    await asyncio.sleep(0.2)
    print(len(quits), signals.received.name)

asyncio.run(main())
"""


def test_a_signal_ignored_from_the_start_stays_ignored():
    # `nohup hanatui`: whoever started it asked for SIGHUP to be ignored; SIGTERM still quits.
    done = subprocess.run(
        [sys.executable, "-c", IGNORED_FROM_THE_START], capture_output=True, text=True, timeout=20
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "None", "1", "SIGTERM"]


def test_a_quit_does_not_wait_for_the_computer_to_finish_thinking(isolated_dirs):
    # The strong player given twenty seconds a decision is thinking when the player quits: the
    # app ends at once (its thinking thread is not waited for), and the game is saved.
    journal = isolated_dirs / "autosave" / "current.hana"
    terminal = Terminal(
        isolated_dirs, "play", "koikoi", "--seed", "4", "--bot", "strong", "--think", "20"
    )
    try:
        terminal.play_until(journal, 3, pause=0.3)  # the deal and the player's first card
        deadline = time.monotonic() + 30
        while (seat := _to_act(journal)) != 1:  # the rest of the player's turn, if any
            assert time.monotonic() < deadline, f"seat {seat} still to act"
            if seat == 0:
                terminal.type(b"\r")  # a capture choice of the draw
            time.sleep(0.3)
        played = events_in(journal)  # the computer's turn has begun: it thinks for 20 s
        quit_at = time.monotonic()
        terminal.type(b"\x11")  # ctrl+q
        status = terminal.wait_exit()
        took = time.monotonic() - quit_at
    finally:
        terminal.stop()
        terminal.close()
    assert status == 0
    assert took < 8, f"the quit took {took:.1f} s"
    log = read_log(journal.read_bytes())
    assert len(log.events) == played and lock_is_free(journal)


def _to_act(journal) -> int | None:
    """The seat to act in the game the journal holds now (None: nobody, or not readable yet)."""
    try:
        state = read_log(journal.read_bytes()).state
    except CorruptLogError:  # a line being written: asked again
        return None
    return None if state is None else to_act(state)
