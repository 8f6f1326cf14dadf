"""Opening a log in the replay viewer: the viewer, or the bad-file dialog saying why it cannot
be (and offering the readable part of a damaged file). The app opened on one log (``hanatui
replay FILE``) is `hanatui.app.app.replay_app`."""

from __future__ import annotations

import os
from typing import Any


def open_replay(app: Any, path: str | os.PathLike[str]) -> bool:
    """Open a log in the viewer, or the bad-file dialog saying why it cannot be; True if opened."""
    from core.logfile import read_log
    from hanatui.app.screens.errors import BadFileDialog, describe_problem
    from hanatui.app.screens.replay.screen import ReplayScreen
    from hanatui.store.files import read_bytes_capped

    data: bytes | None = None
    try:
        data = read_bytes_capped(path)
        log = read_log(data)
    except Exception as exc:
        problem = describe_problem(path, exc, data)

        def after(choice: str | None) -> None:
            if choice == "recover" and data is not None:
                try:
                    log = read_log(data, recover=True)
                except Exception as exc2:
                    app.push_screen(BadFileDialog(describe_problem(path, exc2, data)))
                    return
                if log.events:
                    app.push_screen(ReplayScreen(log, path))

        app.push_screen(BadFileDialog(problem), after)
        return False
    app.push_screen(ReplayScreen(log, path))
    return True


__all__ = ["open_replay"]
