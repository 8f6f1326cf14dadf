"""The table's dialogs, gathered: the help here; the decisions of a turn in `decisions`; results
and records in `results`."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping

from rich.cells import cell_len
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
from hanatui.app.screens.dialog_base import DIALOG_CSS, HELP_COLUMNS, HELP_CSS, pad
from hanatui.app.screens.dialog_base import label as _label
from hanatui.app.screens.results import (
    MatchResultScreen,
    RoundResultScreen,
    ScoreSheetScreen,
    UnfinishedDialog,
    breakdown_table,
)
from hanatui.app.widgets import TooSmall
from hanatui.text.i18n import N_, _

#: The help's rows: (binding ids, their default keys, what they do). The keys shown are the
#: user's own where the settings remap a binding id.
HELP_KEYS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (
        ("table.left", "table.right", "table.up", "table.down"),
        # TRANSLATORS: keys: the arrow keys, and h and l (left as they are).
        N_("arrows h l"),
        N_("choose a card in your hand"),
    ),
    (("table.play",), "enter space", N_("play the chosen card")),
    (("table.play1",), "1-9, 0", N_("play the first to tenth card of your hand")),
    (
        ("table.undo", "table.redo"),
        "ctrl+z u / ctrl+y r",
        N_("undo your last decision / redo it"),
    ),
    (("table.hiki",), "d", N_("declare hiki (Sakura), when you can")),
    (("table.hint",), "i", N_("a hint: what the strong computer player would do")),
    (("table.scores",), "t", N_("the score sheet of the match")),
    (("table.log",), "g", N_("show or fold the game log (small screens fold it)")),
    (("table.leave",), "escape", N_("back to the title screen (the game is saved)")),
    (("table.help",), "?", N_("this help (ctrl+p: the command palette)")),
    (
        ("capture.previous", "capture.next", "capture.take"),
        # TRANSLATORS: keys: the arrow keys, and enter (left as it is).
        N_("arrows, enter"),
        N_("capture choice"),
    ),
    (("koikoi.koikoi", "koikoi.shobu"), "k / s", N_("koi-koi: play on / stop and score")),
    (("hiki.declare", "hiki.decline"), "d / p", N_("hiki: declare it / play a card instead")),
)
#: The default keys of `HELP_KEYS` said with a word ("arrows"): the others are keys' names.
_WORDED_KEYS = frozenset({"arrows h l", "arrows, enter"})

# TRANSLATORS: the help's last paragraph; keep each line within 72 columns (with its indent).
_HELP_REST = N_("""\
  Field cards your chosen card would capture light up, and the status
  line names the card. "took" lists captures by kind; "near" lists yaku
  one or two cards away (a Sakura team's captures count together). Undo
  works in every dialog too: it takes back the play that led to it.
""")
# TRANSLATORS: a paragraph of the help; keep each line within 72 columns (with its indent).
_HELP_CARDS = N_("""\
Reading the table
  A card shows its month's flower in kanji (松 Pine ... 桐 Paulownia)
  above its kind (光 bright, 種 animal, 短 ribbon, 素 chaff, from カス
  or 素札) and its code; * marks a poetry ribbon. The rules (r on the
  title screen) name every month and card.
""")
#: The same in ASCII mode, whose cards show the month's number and a letter for the kind.
# TRANSLATORS: a paragraph of the help; keep each line within 72 columns (with its indent).
_HELP_CARDS_ASCII = N_("""\
Reading the table
  A card shows its month's number and its kind (L bright, A animal,
  R ribbon, C chaff) above its code; * marks a poetry ribbon. The rules
  (r on the title screen) name every month and card.
""")
#: How to read the table, in English (`help_text` says it in the player's language).
HELP_READING = _HELP_CARDS + _HELP_REST
HELP_READING_ASCII = _HELP_CARDS_ASCII + _HELP_REST


def _help_row(keys: str, what: str) -> str:
    """A row of the help's keys: what they do in a column after them, wrapped under itself
    where a longer language would pass the help's columns."""
    indent = " " * 23
    lines = textwrap.wrap(what, HELP_COLUMNS - len(indent)) or [""]
    first = f"  {pad(keys, 20)} {lines[0]}"
    return "\n".join([first, *(indent + line for line in lines[1:])])


def _within_columns(text: str) -> str:
    """``text`` with each line wider than the help's columns wrapped under its own indent (a
    translation said longer than its English)."""
    out: list[str] = []
    for line in text.splitlines():
        if cell_len(line) <= HELP_COLUMNS:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")))
        out.extend(
            textwrap.wrap(line, HELP_COLUMNS, subsequent_indent=indent, break_long_words=True)
        )
    return "\n".join(out) + "\n"


def help_text(
    keymap: dict[str, str], *, ascii_mode: bool = False, own: Mapping[str, str] | None = None
) -> str:
    """The help, with each binding's keys as the user's keymap sets them; ``own``: each binding
    id's own keys, named in a row where another binding of it is remapped."""
    own = own or {}
    lines = [_("Keys")]
    for ids, default, what in HELP_KEYS:
        remapped = any(i in keymap for i in ids)
        # a row of several bindings with one remapped: each its keys, the others' their own
        if remapped:
            keys = " / ".join(keymap.get(i, own.get(i, "")) for i in ids)
        else:
            keys = _(default) if default in _WORDED_KEYS else default
        lines.append(_help_row(keys, _(what)))
    reading = _within_columns(_(_HELP_CARDS_ASCII if ascii_mode else _HELP_CARDS) + _(_HELP_REST))
    return "\n".join(lines) + "\n\n" + reading


class HelpScreen(ModalScreen[None]):
    """Keys and how to read the table."""

    DEFAULT_CSS = DIALOG_CSS.format(name="HelpScreen") + HELP_CSS.format(name="HelpScreen")
    BINDINGS = [Binding("escape,question_mark,q,enter", "close", N_("Close"), id="help.close")]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="dialog"):
            yield Static(_label(_("Help")), classes="title")
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
