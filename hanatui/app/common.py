"""Small pieces every screen uses, kept free of engine imports so the first frame comes fast."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content
from textual.widgets import Footer, Static

if TYPE_CHECKING:
    from textual.screen import Screen

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


class HanaFooter(Footer):
    """Textual's footer, rebuilt only when the keys it shows change.

    Textual's footer composes all its keys again each time the screen's bindings may have
    changed: after every focus change and every `refresh_bindings`, once per call. Before the
    table's first frame that was four times, each mounting and styling a dozen keys; after every
    move, again. Here the calls that come before the next refresh are one, and the keys are
    composed again only if what they would show (key, label, enabled, tooltip) differs.
    """

    def __init__(self, *, show_command_palette: bool = True) -> None:
        super().__init__(show_command_palette=show_command_palette)
        self._pending = False
        self._shown: tuple[object, ...] | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._pending:
            self._pending = True
            self.call_after_refresh(self._recompose_if_changed)

    def _keys(self) -> tuple[object, ...]:
        """What `Footer.compose` would show, as a comparable value."""
        app = self.app
        shown = tuple(
            (binding, enabled, tooltip, app.get_key_display(binding))
            for _node, binding, enabled, tooltip in self.screen.active_bindings.values()
            if binding.show
        )
        return (shown, self.show_command_palette, app.ENABLE_COMMAND_PALETTE)

    async def _recompose_if_changed(self) -> None:
        self._pending = False
        if not self.is_attached:
            return
        keys = self._keys()
        if keys != self._shown:
            self._shown = keys
            await self.recompose()
