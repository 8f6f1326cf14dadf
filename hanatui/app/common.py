"""Small pieces every screen uses, kept free of engine imports so the first frame comes fast."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, runtime_checkable

from rich.cells import cell_len
from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from hanatui.text.i18n import N_, _

if TYPE_CHECKING:
    from textual.geometry import Spacing
    from textual.screen import Screen
    from textual.style import Style as VisualStyle

    from hanatui.session.session import Unfinished
    from hanatui.store.settings import Settings


@runtime_checkable
class ScreensApp(Protocol):
    """What the screens use of the running app (`hanatui.app.app.HanaApp`): its settings, games
    and actions. Screens see the app through this, so that no screen imports the app module."""

    settings: Settings
    ascii_mode: bool

    def save_settings(self) -> None: ...
    def set_ascii(self, on: bool) -> None: ...
    def recheck_journal(self) -> bool: ...
    def unfinished(self) -> Unfinished | None: ...
    def tell_autosave_problem(self) -> None: ...
    def start_game(
        self, rules: Any, players: Sequence[Any], *, seed: int | None = None, ask: bool = True
    ) -> None: ...
    def resume_game(self) -> None: ...
    def join_table(self, address: str, name: str, ssl_context: Any = None) -> None: ...
    async def host_table(self, rules: Any, players: Sequence[Any]) -> None: ...
    def action_new_game(self) -> None: ...
    def action_host(self) -> None: ...
    def action_join(self) -> None: ...
    def action_history(self) -> None: ...
    def action_settings(self) -> None: ...
    def action_rules(self) -> None: ...
    def open_replay(self, path: str | os.PathLike[str]) -> bool: ...


def hana_app(app: object) -> ScreensApp:
    """The running app as the `HanaApp` it is (its settings, games and actions)."""
    if not isinstance(app, ScreensApp):
        raise TypeError(f"hanatui's screens run in a HanaApp, not in {type(app).__name__}")
    return app


def game_title(game: str) -> str:
    """The game's title from `hanatui.text.words` (imported when first needed, so that the title
    screen's first frame does not wait for the engine)."""
    from hanatui.text.words import game_title as title

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
        super().__init__(
            Content(
                _("Please enlarge the terminal to at least {size} to play.").format(size="80x24")
            )
        )


class ShownKey(NamedTuple):
    """One key the footer shows: where it is (``left`` to ``right``) and what it does."""

    key: str
    enabled: bool
    tooltip: str
    left: int
    right: int


_Drawn = tuple[Binding, bool, str, Content]


def _whole_keys(drawn: list[_Drawn], room: int) -> list[_Drawn]:
    """The keys that fit ``room`` cells, whole (the last may lose its trailing padding): when
    they do not all fit, the first ones in order that do, and the help key (action ``help``)
    after them, so that the keys left out can still be looked up. Textual's footer cuts the
    last key it draws in the middle instead."""

    def full(d: _Drawn) -> int:
        return d[3].cell_length

    def bare(d: _Drawn) -> int:
        return cell_len(d[3].plain.rstrip())

    if not drawn or sum(map(full, drawn[:-1])) + bare(drawn[-1]) <= room:
        return drawn
    help_key = next((d for d in drawn if d[0].action == "help"), None)
    kept: list[_Drawn] = []
    used = 0
    for d in drawn:
        if d is help_key:
            continue
        need = used + (bare(d) if help_key is None else full(d) + bare(help_key))
        if need > room:
            break
        kept.append(d)
        used += full(d)
    if help_key is not None and used + bare(help_key) <= room:
        kept.append(help_key)
    return kept


#: Textual's symbols for keys (a dialog's arrows, backspace) in ASCII mode's footer.
ASCII_KEYS = {
    "\u2190": "left",
    "\u2192": "right",
    "\u2191": "up",
    "\u2193": "down",
    "\u2190\u2192": "left/right",  # a pair of arrows, as the replay viewer's footer shows them
    "\u2191\u2193": "up/down",
    "\u232b": "bksp",
}


#: The words of Textual's own keys that the footer shows (a binding's description is looked up
#: in the catalogs as it is drawn): marked here so that the catalogs hold them too.
TEXTUAL_KEYS = (
    # TRANSLATORS: the escape key's word in the footer while the command palette is open
    N_("Exit the command palette"),
)


class HanaFooter(Widget, can_focus=False):
    """Textual's footer drawn as one widget: the same keys, colours, spacing and behaviour (a
    click presses the key, a disabled key rings the bell, the hovered key lights up, the
    command palette's key sits on the right after a thin bar), without a widget per key.

    Textual's `Footer` mounts, styles and draws a widget for each key, and composes them all
    again after every focus change and `refresh_bindings`: before the title's first frame that
    was a third of the CPU the title took beyond a bare app's. Here a change of bindings is a
    repaint. The spacing is read from the component classes' padding, so the stylesheet's
    narrow-terminal rules (hanatui/hanatui.tcss) apply as they did to Textual's keys. Binding
    groups, which hanatui does not use, are shown key by key.
    """

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    HanaFooter {
        dock: bottom; height: 1; text-wrap: nowrap;
        color: $footer-foreground; background: $footer-background;
    }
    HanaFooter > .hana-footer--item { background: $footer-item-background; }
    HanaFooter > .hana-footer--hover {
        color: $footer-key-foreground; background: $block-hover-background;
    }
    HanaFooter > .hana-footer--disabled { text-style: dim; }
    HanaFooter > .hana-footer--key {
        color: $footer-key-foreground; background: $footer-key-background; text-style: bold;
        padding: 0 1;
    }
    HanaFooter > .hana-footer--description {
        color: $footer-description-foreground; background: $footer-description-background;
        padding: 0 1 0 0;
    }
    HanaFooter > .hana-footer--palette-key { padding: 0; }
    HanaFooter > .hana-footer--palette-description { padding: 0 0 0 1; }
    HanaFooter > .hana-footer--palette { padding: 0 1 0 0; }
    HanaFooter > .hana-footer--separator { color: $foreground 20%; }
    """
    COMPONENT_CLASSES = {
        "hana-footer--item",
        "hana-footer--hover",
        "hana-footer--disabled",
        "hana-footer--key",
        "hana-footer--description",
        "hana-footer--palette-key",
        "hana-footer--palette-description",
        "hana-footer--palette",
        "hana-footer--separator",
    }

    def __init__(self, *, show_command_palette: bool = True) -> None:
        super().__init__()
        self.show_command_palette = show_command_palette
        #: The keys as last drawn, and the one under the mouse.
        self._shown: list[ShownKey] = []
        self._hover: str | None = None
        #: Styles looked up while drawing, by component classes (most keys share them).
        self._footer_styles: dict[tuple[str, ...], VisualStyle] = {}
        self._footer_paddings: dict[str, Spacing] = {}
        #: The dialog over this footer's screen whose keys it shows (None: its own screen's).
        self._dialog: Screen[object] | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.app.screen_change_signal.subscribe(self, self.screen_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)
        self.app.screen_change_signal.unsubscribe(self)
        self._watch_dialog(None)

    def bindings_changed(self, screen: Screen[object]) -> None:
        shown = self._dialog or self.screen
        if screen.app.app_focus and self.is_attached and screen is shown:
            self.refresh()

    def screen_changed(self, _screen: Screen[object]) -> None:
        """A dialog (a modal screen, which has no footer of its own) opened over this footer's
        screen or closed: the footer shows the keys that answer now, the dialog's. (The stack
        is read now: the screen the signal names may have gone by the time it is handled.)"""
        if not self.is_attached:
            return
        stack = self.app.screen_stack
        top = stack[-1]
        mine = self.screen
        dialog = None
        if top is not mine and mine in stack:
            above = stack[stack.index(mine) + 1 :]
            if above and all(s.is_modal and not s.query(HanaFooter) for s in above):
                dialog = top
        if dialog is not self._dialog:
            self._watch_dialog(dialog)
            self.refresh()

    def _watch_dialog(self, dialog: Screen[object] | None) -> None:
        if self._dialog is not None:
            self._dialog.bindings_updated_signal.unsubscribe(self)
        self._dialog = dialog
        if dialog is not None:
            dialog.bindings_updated_signal.subscribe(self, self.bindings_changed)

    # --- drawing --------------------------------------------------------------------------------
    def _footer_keys(
        self,
    ) -> tuple[list[tuple[Binding, bool, str]], tuple[Binding, bool, str] | None]:
        """The keys to show, the first binding of each action as Textual's footer has it, and
        the command palette's key (None: not shown)."""
        active = (self._dialog or self.screen).active_bindings
        keys: dict[str, tuple[Binding, bool, str]] = {}
        for _node, binding, enabled, tooltip in active.values():
            if binding.show:
                keys.setdefault(binding.action, (binding, enabled, tooltip))
        palette = None
        app = self.app
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
            found = active.get(app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _node, binding, enabled, _tooltip = found
                palette = (binding, enabled, _(binding.tooltip or binding.description))
        return list(keys.values()), palette

    def _key(self, binding: Binding, enabled: bool, *, palette: bool) -> Content:
        """One key and its description, styled."""
        classes = ["hana-footer--item"]
        if binding.key == self._hover:
            classes.append("hana-footer--hover")
        if not enabled:
            classes.append("hana-footer--disabled")
        key_style = self._style_of(*classes, "hana-footer--key")
        text_style = self._style_of(*classes, "hana-footer--description")
        prefix = "hana-footer--palette-" if palette else "hana-footer--"
        key_pad = self._padding(f"{prefix}key")
        text_pad = self._padding(f"{prefix}description")
        key = self.app.get_key_display(binding)
        if key == "\u23ce":  # enter, named as the table's own "enter" key is
            key = "enter"
        elif hana_app(self.app).ascii_mode:  # ASCII mode prints ASCII only
            key = ASCII_KEYS.get(key, key)
        parts = [(" " * key_pad.left + key + " " * key_pad.right, key_style)]
        if binding.description:
            # the description in the player's language (BINDINGS mark theirs with N_)
            text = " " * text_pad.left + _(binding.description) + " " * text_pad.right
            parts.append((text, text_style))
        return Content.assemble(*parts)

    def _style_of(self, *classes: str) -> VisualStyle:
        """The style of these component classes, looked up once a drawing (most keys share it)."""
        found = self._footer_styles.get(classes)
        if found is None:
            found = self._footer_styles[classes] = self.get_visual_style(*classes)
        return found

    def _padding(self, component: str) -> Spacing:
        found = self._footer_paddings.get(component)
        if found is None:
            found = self._footer_paddings[component] = self.get_component_styles(component).padding
        return found

    def render(self) -> Content:
        self._footer_styles.clear()
        self._footer_paddings.clear()
        keys, palette = self._footer_keys()
        width = self.size.width
        tail: Content | None = None
        if palette is not None:
            tail = self._palette(*palette)
        room = width if tail is None else max(0, width - tail.cell_length)
        drawn = [
            (binding, enabled, tooltip, self._key(binding, enabled, palette=False))
            for binding, enabled, tooltip in keys
        ]
        shown: list[ShownKey] = []
        parts: list[Content] = []
        column = 0
        for binding, enabled, tooltip, content in _whole_keys(drawn, room):
            shown.append(
                ShownKey(binding.key, enabled, tooltip, column, column + content.cell_length)
            )
            parts.append(content)
            column += content.cell_length
        line = Content.assemble(*parts)
        if tail is None or palette is None:
            self._shown = shown
            return line
        line = line.truncate(room).extend_right(room - min(room, line.cell_length))
        shown = [k._replace(right=min(k.right, room)) for k in shown]
        shown.append(ShownKey(palette[0].key, palette[1], palette[2], room, width))
        self._shown = shown
        return line + tail

    def _palette(self, binding: Binding, enabled: bool, tooltip: str) -> Content:
        """The command palette's key at the right end, after a thin bar."""
        right: list[Content] = []
        separator = self.get_component_styles("hana-footer--separator")
        if separator.display != "none":
            right.append(Content.styled("▏", self.get_visual_style("hana-footer--separator")))
        right.append(self._key(binding, enabled, palette=True))
        pad = self.get_component_styles("hana-footer--palette").padding.right
        classes = ["hana-footer--item"] + (
            ["hana-footer--hover"] if binding.key == self._hover else []
        )
        right.append(Content.styled(" " * pad, self.get_visual_style(*classes)))
        return Content.assemble(*right)

    # --- the mouse ------------------------------------------------------------------------------
    def _at(self, x: int) -> ShownKey | None:
        return next((k for k in self._shown if k.left <= x < k.right), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        found = self._at(event.x)
        hover = None if found is None else found.key
        if hover != self._hover:
            self._hover = hover
            self.tooltip = found.tooltip if found is not None and found.tooltip else None
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.tooltip = None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        found = self._at(event.x)
        if found is None:
            return
        if found.enabled:
            self.app.simulate_key(found.key)
        else:
            self.app.bell()
