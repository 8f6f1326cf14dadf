"""SIGHUP and SIGTERM end the app as the player's quit does, not in the middle of anything.

Python's default action for both ends the process at once: the app never returns, what the
journal could not write is never rescued (`hanatui.session.journal.rescue_unsaved`), and a terminal
left in raw mode stays so. A terminal closed (its window, a lost SSH connection) sends SIGHUP;
`kill PID` and a system shutting down send SIGTERM.

While the app runs, both are handled on its asyncio loop (`loop.add_signal_handler`): the
handler runs between the loop's callbacks, so never inside a journal write (the loop's thread
makes every one), and it quits the app as the player's quit does (`HanaApp.quit_when_ready`).
A later signal, while the app is quitting, is only noted. Once the app has ended, while what
it could not save is rescued and until the process ends, a signal is noted too (`hold`): the
rescue finishes either way.
The exit status is then 128 + the signal's number, as a shell reports a process a signal ended
(and as `hanatui` ends with 130 on Ctrl+C): the app did not end by the player's quit.

A signal ignored when hanatui started (`nohup hanatui`) stays ignored, as the one who started
it asked. Before the app's loop runs, the default action stays: nothing is begun then (no
journal, the terminal as it was). Windows has no SIGHUP, and its asyncio loop no
`add_signal_handler`: there, SIGTERM keeps its default action.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable
from types import FrameType

#: The signals that end the app as a quit does (SIGHUP where the platform has it).
QUIT_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name)
)


class QuitSignals:
    """The quit signals of one run of the app: ``received`` is the first that came (or None)."""

    def __init__(self) -> None:
        self.received: signal.Signals | None = None
        #: The quit signals to handle: those not ignored from the start (`nohup`).
        self.handled = tuple(s for s in QUIT_SIGNALS if signal.getsignal(s) != signal.SIG_IGN)

    def listen(self, quit: Callable[[], None]) -> None:
        """On the running loop, from now on: the first quit signal calls ``quit`` (on the loop,
        between its callbacks); the next ones are only noted. Where the loop cannot handle
        signals (Windows, a thread other than the main one) they keep their default action."""
        loop = asyncio.get_running_loop()
        for sig in self.handled:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, self._on_loop, sig, quit)

    def _on_loop(self, sig: signal.Signals, quit: Callable[[], None]) -> None:
        if self.received is None:
            self.received = sig
            quit()

    def hold(self) -> None:
        """From now on a quit signal is only noted, at once, in whatever the main thread does:
        for the last work after the app (a write interrupted by it is resumed). Python's
        handler replaces the loop's own, which writes the signal to the loop's wake-up pipe
        and nothing else, with no instant between the two under the default action."""
        for sig in self.handled:
            with contextlib.suppress(ValueError):  # not the main thread: the default stays
                signal.signal(sig, self._noted)

    def _noted(self, signum: int, frame: FrameType | None) -> None:
        if self.received is None:
            self.received = signal.Signals(signum)

    @property
    def exit_status(self) -> int | None:
        """128 + the first quit signal's number, or None if none came."""
        return None if self.received is None else 128 + int(self.received)


__all__ = ["QUIT_SIGNALS", "QuitSignals"]
