"""The replay viewer's dialogs: play on from here, share, go to a move, its keys."""

from __future__ import annotations

import os
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import msgspec
from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, RadioButton, RadioSet, Select, Static

from core.errors import HanaError
from core.logfile import LogRead
from core.players import Player
from hanatui.app.common import hana_app
from hanatui.app.screens.dialog_base import HELP_COLUMNS, HELP_CSS
from hanatui.app.widgets import TooSmall
from hanatui.net.words import level_name
from hanatui.text.errors import error_text
from hanatui.text.i18n import N_, _
from hanatui.text.words import is_you, shown_name

DIALOG_CSS = """
{name} {{ align: center middle; background: $background 60%; }}
{name} > #dialog {{
    width: 84; max-width: 100%; height: auto; max-height: 90%;
    border: thick $accent; background: $surface; padding: 1 2;
}}
{name} #dialog > .title {{ text-style: bold; color: $accent; margin-bottom: 1; }}
{name} .row {{ height: auto; margin-bottom: 1; }}
{name} .row > .label {{ width: 18; padding-top: 1; }}
{name}.-short .row > .label {{ padding-top: 0; }}
{name} .hint {{ color: $text-muted; }}
{name} .buttons {{ height: auto; margin-top: 1; }}
{name} .buttons Button {{ margin-right: 2; }}
"""


def with_bold(template: str, **values: str) -> Content:
    """A translated sentence with its ``{named}`` values in bold, as plain text (a player's
    name is never read as markup)."""
    parts: list[str | tuple[str, str]] = []
    rest = template
    while rest:
        start = rest.find("{")
        end = rest.find("}", start)
        if start < 0 or end < 0 or rest[start + 1 : end] not in values:
            parts.append(rest)
            break
        parts.append(rest[:start])
        parts.append((values[rest[start + 1 : end]], "bold"))
        rest = rest[end + 1 :]
    return Content.assemble(*(p for p in parts if p))


class Choice(RadioButton):
    """A radio button whose mark tells the chosen one without colour: Textual draws the same
    dot for both and colours it, which a monochrome terminal or NO_COLOR cannot show. Chosen
    ● (ASCII *), not chosen ○ (ASCII a space between the brackets)."""

    def on_mount(self) -> None:
        self._mark()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One line, or as many as its words take where the CSS lets it wrap (Textual's
        toggle buttons hold one line: a longer language's label was cut)."""
        if self.styles.text_wrap != "wrap":
            return 1
        return max(1, len(self.render().wrap(max(1, width))))

    def watch_value(self) -> None:
        super().watch_value()
        self._mark()

    def _mark(self) -> None:
        ascii_mode = hana_app(self.app).ascii_mode
        self.BUTTON_INNER = (
            ("*" if ascii_mode else "●") if self.value else (" " if ascii_mode else "○")
        )
        self.refresh()


#: Below this many lines the dialogs' bordered fields and buttons pushed the buttons out of
#: the dialog (at 80x24 "Play" was focused but never drawn): they go without borders.
SHORT = 32


def fit_height(screen: Screen[Any]) -> None:
    """Borderless fields and buttons on a short terminal, so that the dialog holds them all
    (its box scrolls too, to whatever has the focus, if it still does not)."""
    short = screen.app.size.height < SHORT
    screen.set_class(short, "-short")  # the labels beside them lose their top line too
    for widget in screen.query("#dialog Select, #dialog Input, #dialog RadioSet, #dialog Button"):
        if isinstance(widget, Select | Input | RadioSet | Button):
            widget.compact = short


class ForkChoice(msgspec.Struct, frozen=True, kw_only=True):
    """How to play on: which seat is yours, same future or reshuffled, the computer's level."""

    seat: int
    mode: Literal["same_future", "reshuffled"]
    level: str


class ForkDialog(ModalScreen[ForkChoice | None]):
    """Play on from here: your seat, the future (recorded or reshuffled), the computer's level."""

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="ForkDialog")
        + """
    ForkDialog RadioSet { width: 1fr; }
    /* a longer language's choice wraps under its mark rather than being cut */
    ForkDialog RadioSet > Choice { width: 1fr; height: auto; text-wrap: wrap; }
    ForkDialog Select { width: 40; }
    """
    )
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="fork.cancel")]

    def __init__(
        self,
        players: Sequence[Player],
        *,
        seat: int,
        position: int,
        redacted: bool,
        level: str,
        before: bool = False,
    ) -> None:
        """``position``: the events the new game starts after; ``before``: it starts before the
        decision shown at the next one (move ``position + 1``)."""
        super().__init__()
        self.players = tuple(players)
        self.seat = seat
        self.position = position
        self.before = before
        self.redacted = redacted
        self.level = level

    def compose(self) -> ComposeResult:
        from hanatui.bots import BOTS

        yield TooSmall()
        with VerticalScroll(id="dialog", can_focus=False):  # its fields scroll it to them
            if self.before:
                title = _("Play on from before move {move}").format(move=self.position + 1)
            else:
                title = _("Play on from move {move}").format(move=self.position)
            yield Static(Content(title), classes="title")
            if self.before:
                hint = _(
                    "A new game starts just before this move, so that it can be made again: you "
                    "take one seat, the computer plays the others. The new log records which "
                    "game and move it came from."
                )
            else:
                hint = _(
                    "A new game starts from this position: you take one seat, the computer "
                    "plays the others. The new log records which game and move it came from."
                )
            yield Static(Content(hint), classes="hint")
            with Horizontal(classes="row"):
                yield Static(Content(_("Your seat")), classes="label")
                yield Select(
                    [
                        (Content(f"{i + 1}. {shown_name(p.name)}"), i)
                        for i, p in enumerate(self.players)
                    ],
                    value=self.seat,
                    allow_blank=False,
                    disabled=self.redacted,
                    id="seat",
                )
            with Horizontal(classes="row"):
                yield Static(Content(_("The cards to come")), classes="label")
                with RadioSet(id="mode"):
                    yield Choice(
                        Content(_("the same future: the cards as recorded")),
                        value=not self.redacted,
                        disabled=self.redacted,
                        id="same_future",
                    )
                    yield Choice(
                        Content(_("reshuffled: shuffle the cards you cannot see")),
                        value=self.redacted,
                        id="reshuffled",
                    )
            with Horizontal(classes="row"):
                yield Static(Content(_("Computer level")), classes="label")
                level = self.level if self.level in BOTS else next(iter(BOTS))
                yield Select(
                    [(Content(level_name(b)), b) for b in BOTS],
                    value=level,
                    allow_blank=False,
                    id="level",
                )
            if self.redacted:
                yield Static(
                    Content(_("This copy has no record of the hidden cards: they are reshuffled.")),
                    classes="hint",
                )
            with Horizontal(classes="buttons"):
                yield Button(Content(_("Play")), id="play", variant="primary")
                yield Button(Content(_("Cancel (esc)")), id="cancel")

    def on_mount(self) -> None:
        fit_height(self)
        self.query_one("#play", Button).focus()

    def on_resize(self) -> None:
        fit_height(self)

    def choice(self) -> ForkChoice:
        seat = self.query_one("#seat", Select).value
        level = self.query_one("#level", Select).value
        pressed = self.query_one("#mode", RadioSet).pressed_button
        mode: Literal["same_future", "reshuffled"] = "reshuffled"
        if pressed is not None and pressed.id == "same_future" and not self.redacted:
            mode = "same_future"
        return ForkChoice(
            seat=seat if isinstance(seat, int) else self.seat,
            mode=mode,
            level=level if isinstance(level, str) else "easy",
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "play":
            self.dismiss(self.choice())
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


def share_dir() -> Path:
    """Where shared copies go by default: a folder of their own in the data directory, so a copy
    never lands among the kept games (the history would count it twice)."""
    from hanatui.store.settings import data_dir

    return data_dir() / "shared"


class ShareDialog(ModalScreen[None]):
    """Sharing a game: a copy with names anonymised, a readable text record, one seat's view."""

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="ShareDialog")
        + """
    ShareDialog .row > Input { width: 1fr; }
    ShareDialog .row > Button { margin-left: 1; min-width: 16; }
    ShareDialog #result { margin-top: 1; height: auto; }
    """
    )
    BINDINGS = [Binding("escape", "close", N_("Close"), id="share.close")]

    def __init__(self, log: LogRead, source: Path | None, *, seat: int) -> None:
        super().__init__()
        self.game_log = log
        self.source = source
        self.seat = seat

    def defaults(self) -> dict[str, Path]:
        from hanatui.store.files import free_path

        stem = self.source.stem if self.source is not None else "game"
        folder = share_dir()
        return {
            "anonymised": free_path(folder / f"{stem}-anonymised.hana"),
            "text": free_path(folder / f"{stem}.txt"),
            "seat": free_path(folder / f"{stem}-seat{self.seat + 1}.hana"),
        }

    def compose(self) -> ComposeResult:
        defaults = self.defaults()
        name = self.game_log.header.players[self.seat].name
        yield TooSmall()
        with VerticalScroll(id="dialog", can_focus=False):  # its fields scroll it to them
            yield Static(Content(_("Share this game")), classes="title")
            with Horizontal(classes="row"):
                yield Static(Content(_("Anonymised copy")), classes="label")
                yield Input(str(defaults["anonymised"]), id="anonymised-path")
                yield Button(Content(_("Save")), id="anonymised", variant="primary")
            with Horizontal(classes="row"):
                yield Static(Content(_("Text record")), classes="label")
                yield Input(str(defaults["text"]), id="text-path")
                yield Button(Content(_("Export")), id="text")
            with Horizontal(classes="row"):
                yield Static(Content(_("Seat view")), classes="label")
                yield Input(str(defaults["seat"]), id="seat-path")
                yield Button(Content(_("Save")), id="seat")
            hint = (
                _(
                    "The anonymised copy names the players by seat. The text record reads round "
                    "by round in words. The seat view is what you saw: every card you could not "
                    "see is left out."
                )
                if is_you(name)
                else _(
                    "The anonymised copy names the players by seat. The text record reads round "
                    "by round in words. The seat view is what {player} saw: every card they "
                    "could not see is left out."
                )
            )
            yield Static(with_bold(hint, player=name), classes="hint")
            yield Static(id="result")
            with Horizontal(classes="buttons"):
                yield Button(Content(_("Close (esc)")), id="close")

    def on_mount(self) -> None:
        fit_height(self)
        self.query_one("#anonymised", Button).focus()

    def on_resize(self) -> None:
        fit_height(self)

    def data_for(self, what: str) -> bytes:
        from hanatui.text.export import anonymise, player_view, text_record

        if what == "anonymised":
            return anonymise(self.game_log)
        if what == "text":
            return text_record(self.game_log).encode("utf-8")
        return player_view(self.game_log, self.seat)

    def save(self, what: str) -> Path | None:
        """Write one kind of copy to the path in its field; None (and a message) if it failed."""
        from hanatui.store.files import free_path, write_atomic

        result = self.query_one("#result", Static)
        text = self.query_one(f"#{what}-path", Input).value.strip()
        if not text:
            result.update(Content.styled(_("Give a file name first."), "$error"))
            return None
        path = Path(os.path.expanduser(text))
        if path.exists():
            result.update(
                Content.styled(
                    _("{path} already exists: choose another name.").format(path=path), "$error"
                )
            )
            return None
        try:
            write_atomic(path, self.data_for(what))
        except (OSError, HanaError) as exc:
            result.update(
                Content.styled(
                    _("Could not write {path}: {error}").format(path=path, error=error_text(exc)),
                    "$error",
                )
            )
            return None
        saved = _("Saved {path}").format(path=path)
        result.update(Content.styled(saved, "$success"))
        self.notify(saved, markup=False, timeout=4)
        self.query_one(f"#{what}-path", Input).value = str(free_path(path))
        return path

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        bid = event.button.id or ""
        if bid == "close":
            self.dismiss(None)
        elif bid in ("anonymised", "text", "seat"):
            self.save(bid)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        what = (event.input.id or "").removesuffix("-path")
        if what in ("anonymised", "text", "seat"):
            self.save(what)

    def action_close(self) -> None:
        self.dismiss(None)


class GotoDialog(ModalScreen[int | None]):
    """Go to move N."""

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="GotoDialog")
        + """
    GotoDialog > #dialog { width: 44; }
    """
    )
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="goto.cancel")]
    # TRANSLATORS: the keys of the "go to move" dialog: enter and esc are keys' names.
    HINT = N_("enter go · esc cancel")

    def __init__(self, position: int, total: int) -> None:
        super().__init__()
        self.position = position
        self.total = total

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="dialog"):
            yield Static(
                Content(_("Go to move (1 to {moves})").format(moves=self.total)), classes="title"
            )
            yield Input(str(self.position), type="integer", id="move")
            yield Static(Content(_(self.HINT)), classes="hint", id="hint")

    def on_mount(self) -> None:
        field = self.query_one(Input)
        field.focus()
        field.select_all()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.query_one("#hint", Static).update(Content(_(self.HINT)))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            n = int(event.value)
        except ValueError:  # an empty field, or a lone sign: say what to type
            self.query_one("#hint", Static).update(
                Content.styled(
                    _("Type a move number, 1 to {moves}.").format(moves=self.total), "$error"
                )
            )
            self.app.bell()
            return
        self.dismiss(max(1, min(n, self.total)))

    def action_cancel(self) -> None:
        self.dismiss(None)


# TRANSLATORS: keys of the replay's help: g, or ctrl+p and typing "120".
GOTO_KEYS = N_('g, or ^p "120"')
# TRANSLATORS: the replay's help: what the mouse does (in the keys' column).
CLICK_LINE = N_("click a line")
# TRANSLATORS: the replay's help: what the mouse does (in the keys' column).
CLICK_GRAPH = N_("click the graph")
#: The help's keys in words (translated); the others are keys' names, as the keyboard says.
_KEY_WORDS = frozenset({GOTO_KEYS, CLICK_LINE, CLICK_GRAPH})

#: The viewer's keys: sections of (keys, what they do), each marked with `N_` and translated
#: where shown; the line breaks of a text are kept where every line fits its column, else it is
#: wrapped to the column (a translation needs none). A row of no keys is a line of its own.
HELP_SECTIONS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        N_("Moving through the game"),
        (
            ("← → h l", N_("one move back / forward")),
            ("↑ ↓ k j", N_("to the end of the previous / next turn")),
            ("PgUp PgDn", N_("to the start of this or the previous round / the next")),
            ("Home End", N_("the start / the end of the game")),
            ("space", N_("autoplay on or off;  + -  faster / slower")),
            (GOTO_KEYS, N_("go to move 120")),
            (
                CLICK_LINE,
                N_(
                    "in the move list, go there (a round's line opens it);\n"
                    "the list holds the game up to the cursor, no more"
                ),
            ),
        ),
    ),
    (
        N_("Seeing"),
        (
            (
                "v",
                N_(
                    "all hands face up / one seat's view (the default:\n"
                    "hidden cards stay backs, and moves not yet made name\n"
                    "no card)"
                ),
            ),
            ("s", N_("the view from the next seat")),
            (
                "u",
                N_(
                    "the moves undos took back, in the move list beside\n"
                    "the moves that replaced them (folded, a move that\n"
                    "replaced some is marked ↶); click one, or U on\n"
                    "the move marked, to step into its line (escape\n"
                    "comes back)"
                ),
            ),
            ("", N_("A copy redacted for one seat shows that seat's view only.")),
        ),
    ),
    (
        N_("Reviewing"),
        (
            (
                "a",
                N_(
                    "analyse: the strong player judges every decision\n"
                    "of the seat in view or of every seat (in the\n"
                    "background; x stops it); moves get marks ?!\n"
                    "inaccuracy, ? mistake, ?? blunder, the lines under\n"
                    "the board name the better move, and the evaluation\n"
                    "graph shows beside the scores (m on a small screen)"
                ),
            ),
            ("n p", N_("the next / previous mistake or blunder")),
            (CLICK_GRAPH, N_("go to the decision drawn there")),
            (
                "t",
                N_(
                    "learn from your mistakes: each mistake of the seat\n"
                    "in view again, from before it: find a better move\n"
                    "(judged by the analysis), or see the solution; f\n"
                    "there plays on from before it"
                ),
            ),
            (
                "c",
                N_(
                    "comment on this move;  C  on the whole game (saved\n"
                    "in the file; a commented move is marked in the move\n"
                    "list)"
                ),
            ),
        ),
    ),
    (
        N_("Doing"),
        (
            (
                "f",
                N_(
                    "play on from here: a new game from this position\n"
                    "(on a move someone decided, from just before it: the\n"
                    "move made and the analysis's better one are marked)"
                ),
            ),
            (
                "e",
                N_("share: an anonymised copy, a text record, one seat's\nview"),
            ),
            ("escape", N_("back")),
        ),
    ),
)


def _lines(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells: its own line breaks if every line fits,
    else wrapped between words (a word longer than a line broken)."""
    own = text.split("\n")
    if all(cell_len(line) <= width for line in own):
        return own
    return textwrap.wrap(" ".join(text.split()), max(10, width)) or [""]


def _keys(keys: str) -> str:
    """The help's keys as shown: words translated, keys' names as they are."""
    return _(keys) if keys in _KEY_WORDS else keys


def replay_help(columns: int = HELP_COLUMNS) -> str:
    """The viewer's keys in the player's language, within ``columns`` cells a line."""
    shown = [_keys(keys) for _title, section in HELP_SECTIONS for keys, _text in section]
    # the keys' column: 17 cells, or the widest keys and a space
    key_width = max(17, *(cell_len(keys) + 1 for keys in shown))
    room = columns - 2 - key_width
    out: list[str] = []
    for title, section in HELP_SECTIONS:
        if out:
            out.append("")
        out.append(_(title))
        for keys, text in section:
            if not keys:
                out.extend("  " + line for line in _lines(_(text), columns - 2))
                continue
            first, *more = _lines(_(text), room)
            name = _keys(keys)
            out.append("  " + name + " " * (key_width - cell_len(name)) + first)
            out.extend(" " * (2 + key_width) + line for line in more)
    return "\n".join(out) + "\n"


def __getattr__(name: str) -> str:
    """``REPLAY_HELP``: the viewer's keys in the current language (`replay_help`)."""
    if name == "REPLAY_HELP":
        return replay_help()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class ReplayHelp(ModalScreen[None]):
    """The viewer's keys."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ReplayHelp") + HELP_CSS.format(name="ReplayHelp")
    BINDINGS = [
        Binding("escape,question_mark,q,enter", "close", N_("Close"), id="replayhelp.close")
    ]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="dialog"):
            yield Static(Content(_("Replay keys")), classes="title")
            yield Static(Content(replay_help()))

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = [
    "ForkChoice",
    "ForkDialog",
    "GotoDialog",
    "ReplayHelp",
    "ShareDialog",
    "replay_help",
    "share_dir",
]
