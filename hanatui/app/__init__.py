"""The full-screen Textual app (imported only when the app runs: start-up stays lean): `app.py`
the App, `keymap.py` the key bindings by id, `common.py` what every screen shares, `layout.py`
and `widgets.py` the table's drawing, `screens/` one screen a file (the table in
`screens/table/`, the replay viewer in `screens/replay/`), each screen's dialogs beside it.

app/ may import every part but cli/; no screen imports the app module (`common.ScreensApp` is
what screens know of it), and no other part imports app/ but cli/ (which runs it).
"""

from __future__ import annotations

from typing import Any


def run_app(**kwargs: Any) -> None:
    from hanatui.app.app import HanaApp

    HanaApp(**kwargs).run()
