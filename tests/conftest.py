"""What every test shares: no test may leave the process changed.

The suite runs many tests in one process (a pytest-xdist worker), in a random order
(pytest-randomly). A test that left a signal handler, the wake-up fd, an excepthook, the working
directory, an environment variable, the umask, a logging handler or the language changed would
change what the tests after it do -- an arena's worker processes inherited such a handler once
and the suite hung. `process_state_kept` fails the test that does, naming what it changed.
"""

from __future__ import annotations

import faulthandler
import gc
import logging
import os
import re
import signal
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from hanatui.session.signals import handleable_signals
from hanatui.text.i18n import language


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:  # a real-time signal
        return f"signal {number}"


def _timeout_handler(number: int, handler: object) -> bool:
    """SIGALRM as pytest-timeout leaves it: its handler through the test, put back to the
    default as soon as the test fails (before our check runs), never set before the first test.
    None of these is a test's doing, so a failing test is not also reported as having changed it."""
    if getattr(handler, "__module__", None) == "pytest_timeout":
        return True
    return number == signal.SIGALRM and handler in (None, signal.SIG_DFL)


def _wakeup_fd() -> int:
    fd = signal.set_wakeup_fd(-1)  # the only way to read it: set it, then back
    signal.set_wakeup_fd(fd)
    return fd


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _logging_handlers() -> list[logging.Handler]:
    """The root logger's handlers and level, less those pytest's logging plugin puts there
    around each phase of a test (they differ between setup and teardown by design)."""
    handlers = logging.getLogger().handlers
    return [h for h in handlers if not type(h).__module__.startswith("_pytest.")]


def process_state() -> dict[str, Any]:
    """The process-wide state a test must leave as it found it."""
    return {
        "signal handlers": {
            _signal_name(s): handler
            for s in handleable_signals()
            if not _timeout_handler(s, handler := signal.getsignal(s))
        },
        "wake-up fd": _wakeup_fd(),
        "sys.excepthook": sys.excepthook,
        "threading.excepthook": threading.excepthook,
        "working directory": os.getcwd(),
        # less pytest's own note of the test and phase running
        "environment": {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"},
        "umask": _umask(),
        "root logging handlers": _logging_handlers(),
        "root logging level": logging.getLogger().level,
        "language": language(),
        # `hanatui play` defers the collector until its table is drawn (hanatui/app/startup.py)
        "gc thresholds": gc.get_threshold(),
        "gc frozen objects": gc.get_freeze_count(),
    }


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What differs, in words: for a dict, each key that changed."""
    found = []
    for what, old in before.items():
        new = after[what]
        if old == new:
            continue
        if isinstance(old, dict):
            keys = sorted(set(old) | set(new))
            diff = [
                f"{k}: {old.get(k)!r} -> {new.get(k)!r}" for k in keys if old.get(k) != new.get(k)
            ]
            found.append(f"{what} ({'; '.join(diff)})")
        else:
            found.append(f"{what}: {old!r} -> {new!r}")
    return found


def _stop_signals_as_a_terminal_gives_them() -> None:
    """A suite started under ``nohup`` or from a shell's background job inherits SIGHUP or
    SIGINT ignored, and every program it starts would too: the app and the arenas keep an
    ignored stop signal ignored on purpose, so the tests that send one would see nothing
    happen. The suite runs with them as a terminal gives them (SIGINT raises
    KeyboardInterrupt, SIGHUP and SIGTERM end), before the first test, so that the per-test
    check below sees the same state throughout."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    for number in (signal.SIGHUP, signal.SIGTERM):
        if signal.getsignal(number) == signal.SIG_IGN:
            signal.signal(number, signal.SIG_DFL)


def pytest_configure(config: pytest.Config) -> None:
    """With ``HANATUI_SUITE_SECONDS`` set (CI sets it), a run that has not ended by then prints
    every thread's stack of each of its processes and ends: the log says where it stopped."""
    _stop_signals_as_a_terminal_gives_them()
    # The tests read the program's English, whatever the machine's locale (a test of another
    # language says so); the programs the tests start inherit it.
    os.environ["LANGUAGE"] = "en"
    seconds = os.environ.get("HANATUI_SUITE_SECONDS")
    if seconds:
        faulthandler.dump_traceback_later(float(seconds), exit=True)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--lab",
        action="store_true",
        help="also run the tests of the lab's studies (marked lab; `make lab-test`)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``lab`` (of the studies in lab/, not of shipped code) are deselected unless
    ``--lab`` is given or the ``-m`` expression names the marker (``-m lab``, ``-m "lab and
    not slow"``). A hook rather than ``-m "not lab"`` in addopts: a user's own ``-m`` would
    replace that one and bring the lab tests back unasked."""
    if config.getoption("lab") or re.search(r"\blab\b", config.getoption("markexpr") or ""):
        return
    lab = [item for item in items if item.get_closest_marker("lab") is not None]
    if lab:
        config.hook.pytest_deselected(items=lab)
        items[:] = [item for item in items if item.get_closest_marker("lab") is None]


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """The random order's seed, last, even under -q (which hides the header that names it)."""
    seed = getattr(config.option, "randomly_seed", None)
    if isinstance(seed, int):
        terminalreporter.write_line(f"tests in random order: --randomly-seed={seed} replays it")


@pytest.fixture(autouse=True)
def process_state_kept() -> Iterator[None]:
    """Fails the test that leaves the process's signals, environment and the rest changed
    (a fixture's teardown, such as monkeypatch's, has run by then)."""
    before = process_state()
    yield
    changed = changes(before, process_state())
    if changed:
        pytest.fail("the test left the process changed: " + "; ".join(changed), pytrace=False)
