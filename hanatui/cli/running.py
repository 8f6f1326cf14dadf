"""Running the app until it ends: the signals that quit it, then the rescue of what the journal
could not write, and the exit status. Imports no parser, so the network commands run the app
through it too."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from hanatui.cli.common import EXIT_INVALID, EXIT_OK
from hanatui.text.i18n import _

if TYPE_CHECKING:
    from hanatui.app.app import HanaApp
    from hanatui.session.signals import QuitSignals


def run_app(make_app: Callable[[], HanaApp], *, ascii: bool = False) -> int:
    """Run the app ``make_app`` builds; then save what the journal could not (or say where a
    copy went): the exit status is non-zero if the app failed or a game could not be saved
    where it belongs, and 128 + the signal's number if SIGHUP or SIGTERM ended the app
    (`hanatui.session.signals`). With ``ascii`` the app draws in ASCII (``HANATUI_ASCII``, set
    for this run only).

    Whatever the run changes of the process (the signal handlers, the wake-up fd, the
    environment) is as before when it returns: the app can run again, or an arena after it,
    as in a new process."""
    import asyncio

    from hanatui.session.signals import QuitSignals

    with QuitSignals() as signals, _environment(HANATUI_ASCII="1" if ascii else None):
        # On a loop of its own, as `App.run` runs it; the rescue runs on it too, so the loop's
        # handling of the quit signals covers both.
        status = asyncio.run(_app_then_rescue(make_app(), signals))
        signals.hold()  # noted to the end (`hold` on the loop kept the loop from resetting them)
        return status


@contextlib.contextmanager
def _environment(**values: str | None) -> Iterator[None]:
    """The environment variables given (those not None) set for the ``with`` block only."""
    import os

    saved = {name: os.environ.get(name) for name, value in values.items() if value is not None}
    try:
        for name in saved:
            os.environ[name] = values[name] or ""
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


async def _app_then_rescue(app: HanaApp, signals: QuitSignals) -> int:
    signals.listen(app.quit_when_ready)  # a signal quits the app as the player's quit does
    await app.run_async()
    signals.hold()  # the app has ended: a signal now lets the rescue finish
    from hanatui.session.journal import rescue_unsaved  # after the app: the title is drawn sooner

    status = EXIT_OK if not app.return_code else EXIT_INVALID
    lines = rescue_unsaved()
    if signals.received is not None:
        _tell(_("quit on {signal}").format(signal=signals.received.name))
    for line in lines:
        _tell(line)
        status = EXIT_INVALID
    return signals.exit_status or status


def _tell(line: str) -> None:
    """One line on stderr after the app, dropped if the terminal is gone (it fails every write)."""
    with contextlib.suppress(OSError):
        print(_("hanatui: {reason}").format(reason=line), file=sys.stderr, flush=True)
