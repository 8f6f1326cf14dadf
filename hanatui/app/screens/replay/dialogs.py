"""The replay viewer's dialogs: play on from here, share, go to a move, its keys."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import msgspec
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, RadioButton, RadioSet, Select, Static

from core.errors import HanaError
from core.logfile import LogRead
from core.players import Player
from hanatui.app.common import hana_app
from hanatui.app.screens.dialog_base import HELP_CSS
from hanatui.app.widgets import TooSmall
from hanatui.text.errors import error_text

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


class Choice(RadioButton):
    """A radio button whose mark tells the chosen one without colour: Textual draws the same
    dot for both and colours it, which a monochrome terminal or NO_COLOR cannot show. Chosen
    ● (ASCII *), not chosen ○ (ASCII a space between the brackets)."""

    def on_mount(self) -> None:
        self._mark()

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
    ForkDialog Select { width: 40; }
    """
    )
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="fork.cancel")]

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
                title = f"Play on from before move {self.position + 1}"
            else:
                title = f"Play on from move {self.position}"
            yield Static(Content(title), classes="title")
            if self.before:
                hint = (
                    "A new game starts just before this move, so that it can be made again: you "
                    "take one seat, the computer plays the others. The new log records which "
                    "game and move it came from."
                )
            else:
                hint = (
                    "A new game starts from this position: you take one seat, the computer "
                    "plays the others. The new log records which game and move it came from."
                )
            yield Static(Content(hint), classes="hint")
            with Horizontal(classes="row"):
                yield Static(Content("Your seat"), classes="label")
                yield Select(
                    [(Content(f"{i + 1}. {p.name}"), i) for i, p in enumerate(self.players)],
                    value=self.seat,
                    allow_blank=False,
                    disabled=self.redacted,
                    id="seat",
                )
            with Horizontal(classes="row"):
                yield Static(Content("The cards to come"), classes="label")
                with RadioSet(id="mode"):
                    yield Choice(
                        Content("the same future: the cards as recorded"),
                        value=not self.redacted,
                        disabled=self.redacted,
                        id="same_future",
                    )
                    yield Choice(
                        Content("reshuffled: shuffle the cards you cannot see"),
                        value=self.redacted,
                        id="reshuffled",
                    )
            with Horizontal(classes="row"):
                yield Static(Content("Computer level"), classes="label")
                level = self.level if self.level in BOTS else next(iter(BOTS))
                yield Select(
                    [(Content(b), b) for b in BOTS], value=level, allow_blank=False, id="level"
                )
            if self.redacted:
                yield Static(
                    Content("This copy has no record of the hidden cards: they are reshuffled."),
                    classes="hint",
                )
            with Horizontal(classes="buttons"):
                yield Button(Content("Play"), id="play", variant="primary")
                yield Button(Content("Cancel (esc)"), id="cancel")

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
    BINDINGS = [Binding("escape", "close", "Close", id="share.close")]

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
            yield Static(Content("Share this game"), classes="title")
            with Horizontal(classes="row"):
                yield Static(Content("Anonymised copy"), classes="label")
                yield Input(str(defaults["anonymised"]), id="anonymised-path")
                yield Button(Content("Save"), id="anonymised", variant="primary")
            with Horizontal(classes="row"):
                yield Static(Content("Text record"), classes="label")
                yield Input(str(defaults["text"]), id="text-path")
                yield Button(Content("Export"), id="text")
            with Horizontal(classes="row"):
                yield Static(Content("Seat view"), classes="label")
                yield Input(str(defaults["seat"]), id="seat-path")
                yield Button(Content("Save"), id="seat")
            yield Static(
                Content.assemble(
                    "The anonymised copy names the players by seat. The text record reads round by "
                    "round in words. The seat view is what ",
                    (name, "bold"),
                    " saw: every card they could not see is left out.",
                ),
                classes="hint",
            )
            yield Static(id="result")
            with Horizontal(classes="buttons"):
                yield Button(Content("Close (esc)"), id="close")

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
            result.update(Content.styled("Give a file name first.", "$error"))
            return None
        path = Path(os.path.expanduser(text))
        if path.exists():
            result.update(Content.styled(f"{path} already exists: choose another name.", "$error"))
            return None
        try:
            write_atomic(path, self.data_for(what))
        except (OSError, HanaError) as exc:
            result.update(Content.styled(f"Could not write {path}: {error_text(exc)}", "$error"))
            return None
        result.update(Content.styled(f"Saved {path}", "$success"))
        self.notify(f"Saved {path}", markup=False, timeout=4)
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
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="goto.cancel")]
    HINT = "enter go · esc cancel"

    def __init__(self, position: int, total: int) -> None:
        super().__init__()
        self.position = position
        self.total = total

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="dialog"):
            yield Static(Content(f"Go to move (1 to {self.total})"), classes="title")
            yield Input(str(self.position), type="integer", id="move")
            yield Static(Content(self.HINT), classes="hint", id="hint")

    def on_mount(self) -> None:
        field = self.query_one(Input)
        field.focus()
        field.select_all()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.query_one("#hint", Static).update(Content(self.HINT))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            n = int(event.value)
        except ValueError:  # an empty field, or a lone sign: say what to type
            self.query_one("#hint", Static).update(
                Content.styled(f"Type a move number, 1 to {self.total}.", "$error")
            )
            self.app.bell()
            return
        self.dismiss(max(1, min(n, self.total)))

    def action_cancel(self) -> None:
        self.dismiss(None)


REPLAY_HELP = """\
Moving through the game
  ← → h l          one move back / forward
  ↑ ↓ k j          to the end of the previous / next turn
  PgUp PgDn        to the start of this or the previous round / the next
  Home End         the start / the end of the game
  space            autoplay on or off;  + -  faster / slower
  g, or ^p "120"   go to move 120
  click a line     in the move list, go there (a round's line opens it);
                   the list holds the game up to the cursor, no more

Seeing
  v                all hands face up / one seat's view (the default:
                   hidden cards stay backs, and moves not yet made name
                   no card)
  s                the view from the next seat
  u                the moves undos took back, in the move list beside
                   the moves that replaced them (folded, a move that
                   replaced some is marked ↶); click one, or U on
                   the move marked, to step into its line (escape
                   comes back)
  A copy redacted for one seat shows that seat's view only.

Reviewing
  a                analyse: the strong player judges every decision
                   of the seat in view or of every seat (in the
                   background; x stops it); moves get marks ?!
                   inaccuracy, ? mistake, ?? blunder, the lines under
                   the board name the better move, and the evaluation
                   graph shows beside the scores (m on a small screen)
  n p              the next / previous mistake or blunder
  click the graph  go to the decision drawn there
  t                learn from your mistakes: each mistake of the seat
                   in view again, from before it: find a better move
                   (judged by the analysis), or see the solution; f
                   there plays on from before it
  c                comment on this move;  C  on the whole game (saved
                   in the file; a commented move is marked in the move
                   list)

Doing
  f                play on from here: a new game from this position
                   (on a move someone decided, from just before it: the
                   move made and the analysis's better one are marked)
  e                share: an anonymised copy, a text record, one seat's
                   view
  escape           back
"""


class ReplayHelp(ModalScreen[None]):
    """The viewer's keys."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ReplayHelp") + HELP_CSS.format(name="ReplayHelp")
    BINDINGS = [Binding("escape,question_mark,q,enter", "close", "Close", id="replayhelp.close")]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="dialog"):
            yield Static(Content("Replay keys"), classes="title")
            yield Static(Content(REPLAY_HELP))

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = [
    "ForkChoice",
    "ForkDialog",
    "GotoDialog",
    "ReplayHelp",
    "ShareDialog",
    "share_dir",
]
