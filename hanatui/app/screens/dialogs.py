"""The table's dialogs, gathered: the help here; the decisions of a turn in `decisions`; results
and records in `results`."""

from __future__ import annotations

from collections.abc import Mapping

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from hanatui.app.screens.decisions import (
    CaptureDialog,
    HandOverScreen,
    HikiDialog,
    KoiKoiDialog,
    koikoi_choice,
)
from hanatui.app.screens.dialog_base import DIALOG_CSS, HELP_CSS, pad
from hanatui.app.screens.dialog_base import label as _label
from hanatui.app.screens.results import (
    MatchResultScreen,
    RoundResultScreen,
    ScoreSheetScreen,
    UnfinishedDialog,
    breakdown_table,
)
from hanatui.app.widgets import TooSmall

#: The help's rows: (binding ids, their default keys, what they do). The keys shown are the
#: user's own where the settings remap a binding id.
HELP_KEYS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (
        ("table.left", "table.right", "table.up", "table.down"),
        "arrows h l",
        "choose a card in your hand",
    ),
    (("table.play",), "enter space", "play the chosen card"),
    (("table.play1",), "1-9, 0", "play the first to tenth card of your hand"),
    (("table.undo", "table.redo"), "ctrl+z u / ctrl+y r", "undo your last decision / redo it"),
    (("table.hiki",), "d", "declare hiki (Sakura), when you can"),
    (("table.hint",), "i", "a hint: what the strong computer player would do"),
    (("table.scores",), "t", "the score sheet of the match"),
    (("table.log",), "g", "show or fold the game log (small screens fold it)"),
    (("table.leave",), "escape", "back to the title screen (the game is saved)"),
    (("table.help",), "?", "this help (ctrl+p: the command palette)"),
    (("capture.previous", "capture.next", "capture.take"), "arrows, enter", "capture choice"),
    (("koikoi.koikoi", "koikoi.shobu"), "k / s", "koi-koi: play on / stop and score"),
    (("hiki.declare", "hiki.decline"), "d / p", "hiki: declare it / play a card instead"),
)

_HELP_REST = """\
  Field cards your chosen card would capture light up, and the status
  line names the card. "took" lists captures by kind; "near" lists yaku
  one or two cards away (a Sakura team's captures count together). Undo
  works in every dialog too: it takes back the play that led to it.
"""
HELP_READING = (
    """\
Reading the table
  A card shows its month's flower in kanji (松 Pine ... 桐 Paulownia)
  above its kind (光 bright, 種 animal, 短 ribbon, 素 chaff, from カス
  or 素札) and its code; * marks a poetry ribbon. The rules (r on the
  title screen) name every month and card.
"""
    + _HELP_REST
)
#: The same in ASCII mode, whose cards show the month's number and a letter for the kind.
HELP_READING_ASCII = (
    """\
Reading the table
  A card shows its month's number and its kind (L bright, A animal,
  R ribbon, C chaff) above its code; * marks a poetry ribbon. The rules
  (r on the title screen) name every month and card.
"""
    + _HELP_REST
)


def help_text(
    keymap: dict[str, str], *, ascii_mode: bool = False, own: Mapping[str, str] | None = None
) -> str:
    """The help, with each binding's keys as the user's keymap sets them; ``own``: each binding
    id's own keys, named in a row where another binding of it is remapped."""
    own = own or {}
    lines = ["Keys"]
    for ids, default, what in HELP_KEYS:
        remapped = any(i in keymap for i in ids)
        # a row of several bindings with one remapped: each its keys, the others' their own
        keys = " / ".join(keymap.get(i, own.get(i, "")) for i in ids) if remapped else default
        lines.append(f"  {pad(keys, 20)} {what}")
    reading = HELP_READING_ASCII if ascii_mode else HELP_READING
    return "\n".join(lines) + "\n\n" + reading


class HelpScreen(ModalScreen[None]):
    """Keys and how to read the table."""

    DEFAULT_CSS = DIALOG_CSS.format(name="HelpScreen") + HELP_CSS.format(name="HelpScreen")
    BINDINGS = [Binding("escape,question_mark,q,enter", "close", "Close", id="help.close")]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="dialog"):
            yield Static(_label("Help"), classes="title")
            settings = getattr(self.app, "settings", None)
            keymap = dict(getattr(settings, "keymap", None) or {})
            ascii_mode = bool(getattr(self.app, "ascii_mode", False))
            own_keys = getattr(self.app, "own_keys", None)
            own = own_keys() if callable(own_keys) and keymap else {}
            yield Static(Content(help_text(keymap, ascii_mode=ascii_mode, own=own)))

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = [
    "CaptureDialog",
    "HandOverScreen",
    "HelpScreen",
    "HikiDialog",
    "KoiKoiDialog",
    "MatchResultScreen",
    "RoundResultScreen",
    "ScoreSheetScreen",
    "UnfinishedDialog",
    "breakdown_table",
    "help_text",
    "koikoi_choice",
]
