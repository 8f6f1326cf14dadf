"""The suite's guard (tests/conftest.py) sees each kind of process-wide change it promises to."""

from __future__ import annotations

import logging
import os
import signal
import sys

from tests.conftest import changes, process_state


def test_a_changed_signal_handler_is_named_and_so_is_its_return():
    before = process_state()
    old = signal.signal(signal.SIGUSR2, lambda *a: None)
    try:
        found = changes(before, process_state())
    finally:
        signal.signal(signal.SIGUSR2, old)
    assert len(found) == 1 and "signal handlers (SIGUSR2:" in found[0]
    assert changes(before, process_state()) == []


def test_the_environment_cwd_umask_excepthook_and_logging_are_watched(tmp_path):
    before = process_state()
    old_cwd, old_hook = os.getcwd(), sys.excepthook
    handler = logging.NullHandler()
    os.environ["HANATUI_GUARD_CHECK"] = "1"
    os.chdir(tmp_path)
    mask = os.umask(0o077)
    sys.excepthook = lambda *a: None
    logging.getLogger().addHandler(handler)
    try:
        found = changes(before, process_state())
    finally:
        del os.environ["HANATUI_GUARD_CHECK"]
        os.chdir(old_cwd)
        os.umask(mask)
        sys.excepthook = old_hook
        logging.getLogger().removeHandler(handler)
    named = [line.split(" ")[0] for line in found]
    assert named == ["sys.excepthook:", "working", "environment", "umask:", "root"]
    assert changes(before, process_state()) == []


def test_a_kept_wakeup_fd_is_named():
    before = process_state()
    reader, writer = os.pipe()
    os.set_blocking(writer, False)
    old = signal.set_wakeup_fd(writer)
    try:
        found = changes(before, process_state())
    finally:
        signal.set_wakeup_fd(old)
        os.close(reader)
        os.close(writer)
    assert found == [f"wake-up fd: {old} -> {writer}"]
