"""Small pieces every screen uses, kept free of engine imports so the first frame comes fast."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content
from textual.widgets import Static

if TYPE_CHECKING:
    from hanatui.app.app import HanaApp


def hana_app(app: object) -> HanaApp:
    """The running app as the `HanaApp` it is (its settings, games and actions)."""
    from hanatui.app.app import HanaApp

    if not isinstance(app, HanaApp):
        raise TypeError(f"hanatui's screens run in a HanaApp, not in {type(app).__name__}")
    return app


def game_title(game: str) -> str:
    """The game's title from `hanatui.words` (imported when first needed, so that the title
    screen's first frame does not wait for the engine)."""
    from hanatui.words import game_title as title

    return title(game)


class TooSmall(Static):
    """Shown instead of everything else when the terminal is below 80x24."""

    SCOPED_CSS = False  # selects on the app's -too-small class
    DEFAULT_CSS = """
    TooSmall {
        display: none; width: 1fr; height: 1fr; content-align: center middle; text-style: bold;
    }
    .-too-small TooSmall { display: block; }
    """

    def __init__(self) -> None:
        super().__init__(Content("Please enlarge the terminal to at least 80x24 to play."))
