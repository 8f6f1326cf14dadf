"""The full-screen Textual app (imported only when the app runs: start-up stays lean)."""

from __future__ import annotations

from typing import Any


def run_app(**kwargs: Any) -> None:
    from hanatui.app.app import HanaApp

    HanaApp(**kwargs).run()
