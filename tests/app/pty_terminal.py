"""A real `hanatui` on a pseudo-terminal, for the tests that need a real terminal and process:
play it by keys, kill it, or close its terminal."""

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

from hanatui.session.lock import lock, unlock

#: Ample on a loaded machine for hanatui to end once told to (or once its terminal is gone).
EXIT_SECONDS = 20


class Terminal:
    """A pseudo-terminal of 120x40 with `hanatui` on it, whose output is read as it comes."""

    def __init__(self, data: Path, *args: str, stdin: int | None = None) -> None:
        (data / "config").mkdir(parents=True, exist_ok=True)
        (data / "config" / "settings.json").write_text(json.dumps({"pace": 0.0}))
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        env = dict(os.environ, HANATUI_DATA_DIR=str(data), TERM="xterm-256color")
        env.pop("NO_COLOR", None)
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

    def play_until(self, journal: Path, events: int, pause: float) -> None:
        """Play the first card of the hand (and take a capture choice's first target) until
        ``journal`` holds at least ``events`` events; fails if hanatui ends or the game stalls
        first. ``pause``: the wait after each key."""
        deadline = time.monotonic() + 60
        while events_in(journal) < events:
            assert self.proc.poll() is None, "hanatui exited early"
            assert time.monotonic() < deadline, "the game did not advance"
            self.type(b"1")
            time.sleep(pause)
            self.type(b"\r")  # a capture choice, if one is open
            time.sleep(pause)

    def close(self) -> None:
        """Close the terminal, as a closed window does."""
        self._stop.set()
        self._reader.join()
        os.close(self.master)

    def stop(self) -> None:
        """Kill hanatui if it still runs: the cleanup of a test that failed before it ended."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def kill(self) -> int:
        """SIGKILL hanatui, as a crash or a power cut ends it; its exit status."""
        self.proc.kill()
        return self.proc.wait(timeout=EXIT_SECONDS)

    def wait_exit(self) -> int:
        """The exit status, once hanatui has ended (killed, and the test failed, if it does not
        end in time)."""
        try:
            return self.proc.wait(timeout=EXIT_SECONDS)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            pytest.fail(f"hanatui still ran {EXIT_SECONDS} s after its terminal went away")


def events_in(journal: Path) -> int:
    try:
        return max(0, journal.read_bytes().count(b"\n") - 1)
    except FileNotFoundError:
        return 0


def lock_is_free(journal: Path) -> bool:
    """Whether the journal's lock can be taken: no hanatui holds the game any more."""
    try:
        lock(journal)
    except OSError:
        return False
    unlock(journal)
    return True
