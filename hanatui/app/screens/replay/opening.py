"""Opening a log in the replay viewer: the viewer, or the bad-file dialog saying why it cannot
be (and offering the readable part of a damaged file); and the app opened on one log
(``hanatui replay FILE``). `hanatui.app.screens.replay.screen` imports these for its callers."""

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


def replay_app(path: str | os.PathLike[str], **kwargs: Any) -> Any:
    """The app, opened on the viewer of ``path`` (over the title screen, where escape leads)."""
    from hanatui.app import app as app_module

    class ReplayApp(app_module.HanaApp):
        # the app's stylesheet path is relative to the module that defines the app, not this one
        _BASE_PATH = app_module.__file__

        def on_ready(self) -> None:
            open_replay(self, path)

    return ReplayApp(**kwargs)


__all__ = ["open_replay", "replay_app"]
