"""The full-screen Textual app (imported only when the app runs: start-up stays lean)."""

from __future__ import annotations


def run_app(**kwargs: object) -> None:
    from hanatui.app.app import HanaApp

    HanaApp(**kwargs).run()  # type: ignore[arg-type]
