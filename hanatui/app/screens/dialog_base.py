"""What every dialog of the table shares: its frame, undo and redo inside it, text padding."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button

#: Undo and redo inside the table's dialogs (a modal screen keeps the app's bindings from its
#: keys); the same binding ids as at the table, so a remapped key works everywhere.
UNDO_BINDINGS = [
    Binding("ctrl+z,u", "app.undo", "Undo", id="table.undo"),
    Binding("ctrl+y,r", "app.redo", "Redo", id="table.redo"),
]


def pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal cells (double-width names line up)."""
    return text + " " * max(0, width - cell_len(text))


DIALOG_CSS = """
{name} {{ align: center middle; background: $background 60%; }}
{name} > #dialog {{
    width: auto; min-width: 44; max-width: 96; height: auto; max-height: 90%;
    border: thick $accent; background: $surface; padding: 1 2;
}}
{name} #dialog > .title {{
    text-style: bold; color: $accent; width: auto; max-width: 100%; margin-bottom: 1;
}}
{name} #dialog .buttons {{ height: auto; width: auto; margin-top: 1; }}
{name} #dialog .buttons Button {{ margin-right: 2; }}
{name} #dialog CardRow {{ width: auto; }}
{name} #dialog .hint {{ color: $text-muted; margin-top: 1; }}
"""

#: The help's text stays within this many columns, so that it is never wrapped in its dialog
#: (`HELP_CSS`) on the smallest terminal the app supports.
HELP_COLUMNS = 72
#: The help dialogs' width: their text's, with the dialog's border and padding, or the screen's.
HELP_CSS = """
{name} > #dialog {{ width: 80; max-width: 100%; }}
"""


def label(text: str) -> Content:
    return Content(text)


#: The dialog's widest (`DIALOG_CSS`), and what its border, padding and a scroll bar take.
DIALOG_WIDTH = 96
DIALOG_GUTTER = 8


def fit_buttons(screen: Screen[Any]) -> None:
    """Each row of buttons of a dialog side by side where they fit, one above the other where
    they do not (longer words in another language, a narrow terminal): a button is never cut.
    Call it once the dialog is laid out, and again on each resize."""
    room = min(DIALOG_WIDTH, screen.size.width) - DIALOG_GUTTER
    for row in screen.query(".buttons"):
        buttons = list(row.query(Button))
        need = sum(b.outer_size.width + b.styles.margin.width for b in buttons)
        layout = "vertical" if need > room else "horizontal"
        if row.styles.layout is None or row.styles.layout.name != layout:
            row.styles.layout = layout
            screen.call_after_refresh(_show_focused, screen)


def _show_focused(screen: Screen[Any]) -> None:
    """The focused button in sight once its row is laid out anew."""
    if screen.focused is not None:
        screen.focused.scroll_visible(animate=False)


__all__ = [
    "DIALOG_CSS",
    "HELP_COLUMNS",
    "HELP_CSS",
    "UNDO_BINDINGS",
    "fit_buttons",
    "label",
    "pad",
]
