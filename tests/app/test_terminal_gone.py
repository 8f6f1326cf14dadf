"""A real `hanatui` whose terminal goes away ends, as a quit does, with its game saved.

A closed pseudo-terminal stands for a terminal window closed (or an SSH connection lost) with no
SIGHUP reaching hanatui: its input is at end of file, its output fails. Textual's own driver
read that end of file for ever at 100% of a core; `hanatui.app.driver` ends the app instead.
"""

from __future__ import annotations

import fcntl
import json
import os
import select
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from core.logfile import read_log
from hanatui.lock import lock, unlock

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")

#: Ample on a loaded machine (the app ends within a second or two after its terminal closes);
#: before the fix, the process never ended.
EXIT_SECONDS = 20


class Terminal:
    """A pseudo-terminal of 120x40 with `hanatui` on it, whose output is read as it comes."""

    def __init__(self, data: Path, *args: str, stdin: int | None = None) -> None:
        (data / "config").mkdir(parents=True, exist_ok=True)
        (data / "config" / "settings.json").write_text(json.dumps({"pace": 0.0}))
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        env = dict(os.environ, HANATUI_DATA_DIR=str(data), TERM="xterm-256color")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "hanatui", *args],
            stdin=slave if stdin is None else stdin,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.output = bytearray()
        self._stop = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        # Waits a little at a time: the terminal is closed only once this thread has stopped
        # reading it (a read in progress would keep it open).
        while not self._stop.is_set():
            if select.select([self.master], [], [], 0.05)[0]:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    return  # the program and its terminal side are gone
                if not chunk:
                    return
                self.output += chunk

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def close(self) -> None:
        """Close the terminal, as a closed window does."""
        self._stop.set()
        self._reader.join()
        os.close(self.master)

    def wait_exit(self) -> int:
        """The exit status, once hanatui has ended (killed, and the test failed, if it does not
        end in time)."""
        try:
            return self.proc.wait(timeout=EXIT_SECONDS)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            pytest.fail(f"hanatui still ran {EXIT_SECONDS} s after its terminal went away")


def _events_in(journal: Path) -> int:
    try:
        return max(0, journal.read_bytes().count(b"\n") - 1)
    except FileNotFoundError:
        return 0


def _lock_is_free(journal: Path) -> bool:
    try:
        lock(journal)
    except OSError:
        return False
    unlock(journal)
    return True


def test_closing_the_terminal_ends_hanatui_with_the_game_saved(isolated_dirs):
    data = isolated_dirs
    journal = data / "autosave" / "current.hana"
    terminal = Terminal(data, "play", "bakappana", "--seed", "3")
    try:
        deadline = time.monotonic() + 60
        while _events_in(journal) < 8:  # the deal, and moves played by keys
            assert terminal.proc.poll() is None, "hanatui exited early"
            assert time.monotonic() < deadline, "the game did not advance"
            terminal.type(b"1")
            time.sleep(0.2)
            terminal.type(b"\r")  # a capture choice, if one is open
            time.sleep(0.2)
        at_close = _events_in(journal)
        terminal.close()
        assert terminal.wait_exit() == 0  # a normal quit
    finally:
        if terminal.proc.poll() is None:
            terminal.proc.kill()
            terminal.proc.wait()
    # Saved as a quit leaves it: every line whole (nothing to recover), the game unfinished and
    # the journal free for the next hanatui to resume.
    log = read_log(journal.read_bytes())
    assert len(log.events) >= at_close
    assert log.state is not None and log.state.phase != "over"
    assert _lock_is_free(journal)


def test_a_terminal_closed_while_hanatui_starts_ends_it(isolated_dirs):
    # Gone before the first frame: the output fails from the start and the terminal cannot
    # tell its size. The app quits once its first screen is laid out.
    terminal = Terminal(isolated_dirs, "play", "bakappana", "--seed", "3")
    terminal.close()
    assert terminal.wait_exit() == 0
    assert _lock_is_free(isolated_dirs / "autosave" / "current.hana")


def test_input_at_end_of_file_ends_hanatui_and_restores_the_terminal(isolated_dirs):
    # Input from an empty file, output to a terminal that stays: the app quits at once and
    # gives the terminal back as it found it (it leaves the alternate screen).
    with open(os.devnull, "rb") as empty:
        terminal = Terminal(isolated_dirs, stdin=empty.fileno())
        status = terminal.wait_exit()
    terminal.close()
    assert status == 0
    assert b"\x1b[?1049h" in terminal.output
    assert terminal.output.rfind(b"\x1b[?1049l") > terminal.output.rfind(b"\x1b[?1049h")
