"""Running the app until it ends: the signals that quit it, then the rescue of what the journal
could not write, and the exit status. Imports no parser, so the network commands run the app
through it too."""

from __future__ import annotations

import contextlib
import sys
from typing import TYPE_CHECKING

from hanatui.cli.common import EXIT_INVALID, EXIT_OK

if TYPE_CHECKING:
    from hanatui.app.app import HanaApp
    from hanatui.session.signals import QuitSignals


def run_app(app: HanaApp) -> int:
    """Run the app; then save what the journal could not (or say where a copy went): the exit
    status is non-zero if the app failed or a game could not be saved where it belongs, and
    128 + the signal's number if SIGHUP or SIGTERM ended the app (`hanatui.session.signals`)."""
    import asyncio

    from hanatui.session.signals import QuitSignals

    signals = QuitSignals()
    # On a loop of its own, as `App.run` runs it; the rescue runs on it too, so the loop's
    # handling of the quit signals covers both.
    status = asyncio.run(_app_then_rescue(app, signals))
    signals.hold()  # closing the loop gave them their default action back, for the exit
    return status


async def _app_then_rescue(app: HanaApp, signals: QuitSignals) -> int:
    signals.listen(app.quit_when_ready)  # a signal quits the app as the player's quit does
    await app.run_async()
    signals.hold()  # the app has ended: a signal now lets the rescue finish
    from hanatui.session.journal import rescue_unsaved  # after the app: the title is drawn sooner

    status = EXIT_OK if not app.return_code else EXIT_INVALID
    lines = rescue_unsaved()
    if signals.received is not None:
        _tell(f"quit on {signals.received.name}")
    for line in lines:
        _tell(line)
        status = EXIT_INVALID
    return signals.exit_status or status


def _tell(line: str) -> None:
    """One line on stderr after the app, dropped if the terminal is gone (it fails every write)."""
    with contextlib.suppress(OSError):
        print(f"hanatui: {line}", file=sys.stderr, flush=True)
