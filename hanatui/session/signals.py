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
All of it is undone when the run ends (`QuitSignals` is a context manager): the handlers and the
wake-up fd are as before the run, so a second run of the app in the same process, or an arena's
worker processes forked after it (`hanatui.arena.selfplay`), start as in a fresh process.
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
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

#: The signals that end the app as a quit does (SIGHUP where the platform has it).
QUIT_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name)
)


class QuitSignals:
    """The quit signals of one run of the app: ``received`` is the first that came (or None).

    Used as a context manager around the run: leaving it gives every quit signal back the
    handler it had on entering, and the wake-up fd too (the loop's handling sets one)."""

    def __init__(self) -> None:
        self.received: signal.Signals | None = None
        #: The quit signals to handle: those not ignored from the start (`nohup`).
        self.handled = tuple(s for s in QUIT_SIGNALS if signal.getsignal(s) != signal.SIG_IGN)
        self._saved: ProcessSignals | None = None

    def __enter__(self) -> QuitSignals:
        self._saved = ProcessSignals.save()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._saved is not None:
            self._saved.restore()
            self._saved = None

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
        for the last work after the app (a write interrupted by it is resumed). On the running
        loop, the loop's own handling is taken off first: closing the loop would otherwise give
        each signal its default action, and a late one would end the process mid-rescue."""
        with contextlib.suppress(RuntimeError):  # no loop running: nothing of it to take off
            loop = asyncio.get_running_loop()
            for sig in self.handled:
                with contextlib.suppress(ValueError, RuntimeError):
                    loop.remove_signal_handler(sig)
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


class ProcessSignals:
    """The Python-level handler of every signal and the wake-up fd, as they are now: what
    `restore` gives back. Outside the main thread nothing can be read or set: both do nothing.
    ``with ProcessSignals.save():`` keeps them for a block (an asyncio loop's own signal
    handling, for one, leaves each signal it handled at its default action when it closes)."""

    def __init__(self, handlers: dict[int, Any], wakeup_fd: int | None) -> None:
        self.handlers = handlers
        self.wakeup_fd = wakeup_fd

    @classmethod
    def save(cls) -> ProcessSignals:
        handlers: dict[int, Any] = {}
        wakeup_fd = None
        with contextlib.suppress(ValueError):  # not the main thread
            wakeup_fd = signal.set_wakeup_fd(-1)  # the only way to read it: set it back now
            signal.set_wakeup_fd(wakeup_fd)
            for sig in handleable_signals():
                handlers[sig] = signal.getsignal(sig)
        return cls(handlers, wakeup_fd)

    def __enter__(self) -> ProcessSignals:
        return self

    def __exit__(self, *exc: object) -> None:
        self.restore()

    def restore(self) -> None:
        with contextlib.suppress(ValueError):
            for sig, handler in self.handlers.items():
                if signal.getsignal(sig) is not handler and handler is not None:
                    signal.signal(sig, handler)
            if self.wakeup_fd is not None:
                signal.set_wakeup_fd(self.wakeup_fd)


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised in a headless command as ctrl+c raises KeyboardInterrupt
    (`stopping_signals`): ``signal`` says which."""

    def __init__(self, sig: signal.Signals) -> None:
        super().__init__(sig.name)
        self.signal = sig


def exit_status_of(interruption: KeyboardInterrupt) -> int:
    """128 + the number of the signal that stopped a command: 130 for ctrl+c."""
    sig = interruption.signal if isinstance(interruption, Stopped) else signal.SIGINT
    return 128 + int(sig)


@contextlib.contextmanager
def stopping_signals() -> Iterator[None]:
    """Within the block, in a headless command (`hanatui sim`): ctrl+c raises KeyboardInterrupt
    and SIGTERM or SIGHUP raise `Stopped`, where the main thread is, so the command ends as on
    ctrl+c (its ``finally`` blocks run, its worker processes are stopped). Only the first
    raises: a later one, while the command winds up, is ignored. A signal ignored from the
    start (`nohup`) stays ignored. The handlers are as before when the block ends."""
    raised: list[bool] = []

    def stop(signum: int, frame: FrameType | None) -> None:
        if raised:
            return
        raised.append(True)
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        raise Stopped(signal.Signals(signum))

    with ProcessSignals.save():
        for sig in (signal.SIGINT, *QUIT_SIGNALS):
            if signal.getsignal(sig) != signal.SIG_IGN:
                with contextlib.suppress(ValueError):  # not the main thread: as they are
                    signal.signal(sig, stop)
        yield


def quit_signals_blocked_to_the_end() -> None:
    """For a process about to exit because a quit signal ended its work: further quit signals
    are held back (blocked) for the little that is left, so that a late SIGHUP cannot end it
    by its default action and change the exit status the first signal gave. Only the console
    entry point calls it, as its last step."""
    with contextlib.suppress(AttributeError, ValueError):  # no pthread_sigmask (Windows)
        signal.pthread_sigmask(signal.SIG_BLOCK, QUIT_SIGNALS)


def handleable_signals() -> list[int]:
    """The signals a handler can be set for (SIGKILL and SIGSTOP cannot be caught)."""
    cannot = {getattr(signal, name, None) for name in ("SIGKILL", "SIGSTOP")}
    return sorted(s for s in signal.valid_signals() if s not in cannot)


def fresh_process_signals() -> None:
    """In a process forked from this one (an arena's worker): every signal to which a Python
    handler was set goes back to its default action, as in a fresh process, and no wake-up fd
    is kept (the parent's loop's pipe is not this process's to write to). A signal ignored
    (``SIG_IGN``) stays so, as it would through ``exec``. Only in the main thread."""
    signal.set_wakeup_fd(-1)
    for sig in handleable_signals():
        if callable(signal.getsignal(sig)):
            signal.signal(sig, signal.SIG_DFL)


__all__ = [
    "QUIT_SIGNALS",
    "ProcessSignals",
    "QuitSignals",
    "Stopped",
    "exit_status_of",
    "fresh_process_signals",
    "handleable_signals",
    "quit_signals_blocked_to_the_end",
    "stopping_signals",
]
