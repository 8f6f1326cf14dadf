"""A real `hanatui` whose terminal goes away ends, as a quit does, with its game saved.

A closed pseudo-terminal stands for a terminal window closed (or an SSH connection lost) with no
SIGHUP reaching hanatui: its input is at end of file, its output fails. Textual's own driver
read that end of file for ever at 100% of a core; `hanatui.app.driver` ends the app instead.
"""

from __future__ import annotations

import os
import sys

import pytest

from core.logfile import read_log

from .pty_terminal import Terminal, events_in, lock_is_free

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")


def test_closing_the_terminal_ends_hanatui_with_the_game_saved(isolated_dirs):
    data = isolated_dirs
    journal = data / "autosave" / "current.hana"
    terminal = Terminal(data, "play", "bakappana", "--seed", "3")
    try:
        terminal.play_until(journal, 8, pause=0.2)  # the deal, and moves played by keys
        at_close = events_in(journal)
        terminal.close()
        assert terminal.wait_exit() == 0  # a normal quit
    finally:
        terminal.stop()
    # Saved as a quit leaves it: every line whole (nothing to recover), the game unfinished and
    # the journal free for the next hanatui to resume.
    log = read_log(journal.read_bytes())
    assert len(log.events) >= at_close
    assert log.state is not None and log.state.phase != "over"
    assert lock_is_free(journal)


def test_a_terminal_closed_while_hanatui_starts_ends_it(isolated_dirs):
    # Gone before the first frame: the output fails from the start and the terminal cannot
    # tell its size. The app quits once its first screen is laid out.
    terminal = Terminal(isolated_dirs, "play", "bakappana", "--seed", "3")
    terminal.close()
    assert terminal.wait_exit() == 0
    assert lock_is_free(isolated_dirs / "autosave" / "current.hana")


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
