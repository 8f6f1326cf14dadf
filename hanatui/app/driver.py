"""The app's terminal driver on Linux and macOS: Textual's, made to end when its terminal goes.

Textual 8.2.8's `LinuxDriver` reads the terminal in a thread that takes end of file for "nothing
yet": when the terminal goes away and no SIGHUP reaches hanatui (a `make` or another parent that
outlives the hangup keeps it from hanatui), every read returns at once with nothing, and the
thread spins a core for as long as the process lives. Here the input thread stops at end of file,
or when the terminal can no longer be read, and tells the app (`TerminalDriver.InputEnded`);
hanatui then quits as the player's quit does (`HanaApp.on_terminal_driver_input_ended`): the
journal already holds every move, and the quit saves what it could not write. Writes to a
terminal that is gone are dropped rather than left to block the quit.

Only the input loop, the writes and the size of a terminal that cannot tell differ. Textual's
other drivers (Windows, the web's, another named in `TEXTUAL_DRIVER`) stay as they are: see
`HanaApp.get_driver_class`.
"""

from __future__ import annotations

import os
import selectors
import shutil
from codecs import getincrementaldecoder

from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

#: The most bytes taken from the terminal at a time (Textual's own figure).
READ_SIZE = 4096


class TerminalDriver(LinuxDriver):
    """Textual's Linux and macOS driver, which tells the app when its input ends."""

    def run_input_thread(self) -> None:
        """Turn the terminal's bytes into Textual's events until the driver stops (`exit_event`)
        or the input ends."""
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode
        # select(), as Textual's driver: poll() does not wait on a terminal on macOS.
        with selectors.SelectSelector() as selector:
            selector.register(self.fileno, selectors.EVENT_READ)
            while not self.exit_event.is_set():
                if selector.select(0.1):
                    try:
                        data = os.read(self.fileno, READ_SIZE)
                    except BlockingIOError:
                        continue  # ready, yet nothing to read after all
                    except OSError:
                        data = b""  # EIO: the terminal is gone (macOS says so this way)
                    if not data:
                        self.input_ended()
                        return
                    text = decode(data)
                    if text:  # empty while a character's bytes come in several reads
                        for message in parser.feed(text):
                            self.process_message(message)
                for message in parser.tick():  # a lone escape key, once it has waited enough
                    self.process_message(message)

    class InputEnded(Message):
        """The terminal will send nothing more (posted to the app, which decides what follows)."""

    def input_ended(self) -> None:
        """Tell the app that its input has ended (from the input thread: `post_message` hands
        the message to the app's own loop)."""
        self._app.post_message(self.InputEnded())

    # A terminal that is gone fails every write, and Textual's output thread ends at the first
    # failure; its queue holds 30 writes, so the app's next ones (its last frames, the restoring
    # of the terminal as it quits) would wait for ever. Written to nobody, they are dropped.
    def write(self, data: str) -> None:
        if self._output_open():
            super().write(data)

    def close(self) -> None:
        if self._output_open():
            super().close()  # the output thread writes what is queued and ends

    def _get_terminal_size(self) -> tuple[int, int]:
        """The terminal's size; when it cannot tell (it is gone), 80 by 25, as Textual's driver
        means and as Rich's console, the app's first size, says. (Textual's driver answers with
        `shutil`'s 80 by 24 instead: the first screen was then laid out for each size in turn,
        for ever, and never shown.)"""
        columns, lines = shutil.get_terminal_size(fallback=(0, 0))
        return columns or 80, lines or 25

    def _output_open(self) -> bool:
        """False once the output thread has ended on a failed write."""
        writer = self._writer_thread
        return writer is None or writer.is_alive()


__all__ = ["READ_SIZE", "TerminalDriver"]
