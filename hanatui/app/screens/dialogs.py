"""Modal dialogs for the decisions of a turn, the hot-seat hand-over and the results.

Each dialog is driven by the legal actions the engine offers and returns a typed result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Static

from core.actions import CallKoiKoi, CallShobu, ChooseCapture, DeclareHiki
from core.cards import MONTH_NAMES, cards_of, month_mask
from core.events import MatchEnded, RoundEnded
from core.players import Player
from hanatui.app.layout import glyphs
from hanatui.app.widgets import CardRow, CardWidget, TooSmall
from hanatui.session import Threat
from hanatui.words import REASONS, Near, plural, winners_words


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
{name} #dialog > .title {{ text-style: bold; color: $accent; width: auto; margin-bottom: 1; }}
{name} #dialog .buttons {{ height: auto; width: auto; margin-top: 1; }}
{name} #dialog .buttons Button {{ margin-right: 2; }}
{name} #dialog CardRow {{ width: auto; }}
{name} #dialog .hint {{ color: $text-muted; margin-top: 1; }}
"""


def _label(text: str) -> Content:
    return Content(text)


class CaptureDialog(ModalScreen[ChooseCapture]):
    """Which field card the pending card takes: the candidates side by side."""

    TABLE_DIALOG = True  # undo and redo reach the table through it

    DEFAULT_CSS = DIALOG_CSS.format(name="CaptureDialog")
    BINDINGS = [
        Binding("left,h,up", "move(-1)", "Previous", id="capture.previous"),
        Binding("right,l,down", "move(1)", "Next", id="capture.next"),
        Binding("enter,space", "pick", "Take it", id="capture.take"),
        *UNDO_BINDINGS,
    ]

    def __init__(self, choices: Sequence[ChooseCapture], *, ascii_mode: bool = False) -> None:
        super().__init__()
        self.choices = tuple(choices)
        self.ascii_mode = ascii_mode

    def compose(self) -> ComposeResult:
        yield TooSmall()
        card = self.choices[0].card
        with Vertical(id="dialog"):
            yield Static(_label(f"{card.description}: which card does it take?"), classes="title")
            yield CardRow(role="choice", focusable=True, id="choices")
            yield Static(id="choice-name")
            arrows = "<- ->" if self.ascii_mode else "←→"
            dot = glyphs(self.ascii_mode)["dot"]
            yield Static(
                _label(f"{arrows} choose{dot}enter take it{dot}u undo the play{dot}or click"),
                classes="hint",
            )

    def on_mount(self) -> None:
        row = self.query_one(CardRow)
        cards = [c.target for c in self.choices]
        row.show(cards, ascii_mode=self.ascii_mode)
        # a target of None (a wild card laid as an ordinary card) shows as a back
        self.call_after_refresh(self._focus_first)

    def _focus_first(self) -> None:
        widgets = self.query_one(CardRow).cards
        if widgets:
            widgets[0].focus()

    def _index(self) -> int:
        focused = self.focused
        if isinstance(focused, CardWidget):
            return focused.index
        return 0

    def action_move(self, delta: int) -> None:
        widgets = self.query_one(CardRow).cards
        if widgets:
            widgets[(self._index() + delta) % len(widgets)].focus()

    def action_pick(self) -> None:
        self.dismiss(self.choices[self._index()])

    def on_card_widget_picked(self, message: CardWidget.Picked) -> None:
        message.stop()
        self.dismiss(self.choices[message.card_widget.index])

    def on_card_widget_hovered(self, message: CardWidget.Hovered) -> None:
        message.stop()
        w = message.card_widget
        if w is None:
            return
        choice = self.choices[w.index]
        text = (
            f"takes {choice.target.description}"
            if choice.target is not None
            else "no capture: it joins the field"
        )
        self.query_one("#choice-name", Static).update(Content(text))


class KoiKoiDialog(ModalScreen[bool]):
    """Koi-koi or shobu: the yaku made, what stopping scores now, and the risk of playing on:
    the cards left in each hand, what each opponent holds and is near, and what their next yaku
    would score with the multipliers.

    Dismisses with True for koi-koi (play on), False for shobu (stop).
    """

    TABLE_DIALOG = True  # undo and redo reach the table through it

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="KoiKoiDialog")
        + """
    KoiKoiDialog .section { color: $text-muted; margin-top: 1; }
    """
    )
    BINDINGS = [
        Binding("k", "choose(True)", "Koi-koi", id="koikoi.koikoi"),
        Binding("s", "choose(False)", "Shobu", id="koikoi.shobu"),
        *UNDO_BINDINGS,
    ]

    def __init__(
        self,
        *,
        yaku: Sequence[tuple[str, int]],
        preview: RoundEnded | None,
        seat: int,
        players: Sequence[Player],
        near: dict[int, Near],
        hands: Sequence[int],
        threats: Sequence[Threat],
        calls: int,
        ascii_mode: bool = False,
    ) -> None:
        super().__init__()
        self.yaku = tuple(yaku)
        self.preview = preview
        self.seat = seat
        self.players = tuple(players)
        self.near = dict(near)
        self.hands = tuple(hands)
        self.threats = tuple(threats)
        self.calls = calls
        self.ascii_mode = ascii_mode

    def _lines(self) -> list[tuple[str, str]]:
        """(text, class) for each line of the dialog."""
        g = glyphs(self.ascii_mode)
        times = g["times"]
        out: list[tuple[str, str]] = []
        for name, points in self.yaku:
            out.append((f"  {pad(name, 24)} {points:>3}", ""))
        out.append(("If you stop now (shobu):", "section"))
        if self.preview is not None and self.seat < len(self.preview.breakdown):
            for line in self.preview.breakdown[self.seat].lines:
                if line.kind == "multiplier" or line.factor != 1:
                    out.append((f"  {pad(line.label, 40)} {times}{line.factor}", ""))
                elif line.kind != "yaku":
                    out.append((f"  {pad(line.label, 40)} {line.points:>3}", ""))
            points = self.preview.points[self.seat]
            out.append((f"  {pad('you score', 40)} {points:>3}", "total"))
        else:
            out.append(("  (the score of a stop is not known)", ""))
        out.append(("If you play on (koi-koi):", "section"))
        hands = ", ".join(
            f"{self.players[s].name} {plural(n, 'card')}" for s, n in enumerate(self.hands)
        )
        out.append((f"  cards left in hand: {hands}", ""))
        for other, near in self.near.items():
            name = self.players[other].name
            held = g["dot"].join(f"{n} {p}" for n, p in near.held)
            close = g["dot"].join(f"{n} {h}/{k}" for n, h, k in near.near)
            state = f"holds {held}" if held else ""
            if close:
                state += ("; " if state else "") + f"one card from {close}"
            out.append((f"  {name}: {state or 'no yaku within one card'}", ""))
        for threat in self.threats:
            name = self.players[threat.seat].name
            factors = [x for x in threat.lines if x.kind == "multiplier"]
            how = "".join(f", {times}{x.factor} ({x.label.partition(': ')[2]})" for x in factors)
            made = " and ".join(threat.yaku)
            out.append(
                (
                    f"  if {name} makes {made} next: {plural(threat.points, 'point')}"
                    + (f" ({how.removeprefix(', ')})" if how else ""),
                    "",
                )
            )
        if self.calls:
            times_called = plural(self.calls, "time")
            out.append((f"You have called koi-koi {times_called} this round.", "section"))
        return out

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="dialog"):
            yield Static(_label("You made a yaku! Koi-koi or shobu?"), classes="title")
            for text, cls in self._lines():
                yield Static(Content(text), classes=cls)
            with Horizontal(classes="buttons"):
                yield Button(_label("Koi-koi (k): play on"), id="koikoi", variant="warning")
                yield Button(_label("Shobu (s): stop and score"), id="shobu", variant="success")
            yield Static(_label("u: undo the play that made the yaku"), classes="hint")

    def on_mount(self) -> None:
        self.query_one("#shobu", Button).focus()

    def action_choose(self, koikoi: bool) -> None:
        self.dismiss(koikoi)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "koikoi")


class HikiDialog(ModalScreen[DeclareHiki | None]):
    """Sakura's hiki: take the four cards of a month you hold between hand and field, or play on."""

    TABLE_DIALOG = True  # undo and redo reach the table through it

    DEFAULT_CSS = DIALOG_CSS.format(name="HikiDialog")
    BINDINGS = [
        Binding("d", "declare", "Declare hiki", id="hiki.declare"),
        Binding("escape,p", "decline", "Play a card instead", id="hiki.decline"),
        *UNDO_BINDINGS,
    ]

    def __init__(self, choices: Sequence[DeclareHiki], *, ascii_mode: bool = False) -> None:
        super().__init__()
        self.choices = tuple(choices)
        self.ascii_mode = ascii_mode

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="dialog"):
            yield Static(
                _label("Hiki: you hold a whole month between your hand and the field."),
                classes="title",
            )
            for i, choice in enumerate(self.choices):
                row = CardRow(role="hiki", id=f"hiki-cards-{i}")
                yield row
                yield Button(
                    _label(f"Declare hiki of {MONTH_NAMES[choice.month - 1]} (d: take all four)"),
                    id=f"hiki-{i}",
                    variant="warning",
                )
            with Horizontal(classes="buttons"):
                yield Button(_label("Play a card instead (p)"), id="decline")

    def on_mount(self) -> None:
        for i, choice in enumerate(self.choices):
            self.query_one(f"#hiki-cards-{i}", CardRow).show(
                cards_of(month_mask(choice.month)), ascii_mode=self.ascii_mode
            )
        self.query_one("#hiki-0", Button).focus()

    def action_declare(self) -> None:
        """The hiki of the month whose button has the focus (the first one otherwise)."""
        focused = self.focused
        bid = focused.id if isinstance(focused, Button) and focused.id else "hiki-0"
        index = int(bid.removeprefix("hiki-")) if bid.startswith("hiki-") else 0
        self.dismiss(self.choices[index])

    def action_decline(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        bid = event.button.id or ""
        if bid.startswith("hiki-"):
            self.dismiss(self.choices[int(bid.removeprefix("hiki-"))])
        else:
            self.dismiss(None)


class HandOverScreen(Screen[None]):
    """Hot-seat: the table is hidden until the next player is at the keyboard."""

    TABLE_DIALOG = True  # undo and redo reach the table through it

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; background: $hana-felt; }
    HandOverScreen #dialog {
        width: 60; height: auto; border: thick $accent; background: $surface; padding: 1 2;
    }
    HandOverScreen #dialog Static { width: 1fr; content-align: center middle; }
    HandOverScreen #dialog Button { margin-top: 1; width: 1fr; }
    """
    BINDINGS = [Binding("enter,space", "ready", "I am ready", id="handover.ready"), *UNDO_BINDINGS]

    def __init__(self, player: Player, note: str = "") -> None:
        super().__init__()
        self.player = player
        self.note = note

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="dialog"):
            yield Static(
                Content.assemble("Pass the keyboard to ", (self.player.name, "bold $accent"))
            )
            yield Static(_label("The other hands stay hidden until they are ready."))
            if self.note:
                yield Static(Content(self.note))
            yield Button(
                Content.assemble("I am ", self.player.name, ": show my hand"),
                id="ready",
                variant="primary",
            )

    def on_mount(self) -> None:
        self.query_one("#ready", Button).focus()

    def action_ready(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)


def _add_columns(
    table: DataTable[Any], first: str, first_width: int, players: Sequence[Player]
) -> None:
    table.add_column(Content(first), width=first_width)
    for p in players:
        table.add_column(Content(p.name), width=max(cell_len(p.name), 7))


def breakdown_table(table: DataTable[Any], event: RoundEnded, players: Sequence[Player]) -> None:
    """A round's score, line by line, one column a seat."""
    widest = max([cell_len(line.label) for s in event.breakdown for line in s.lines] + [11])
    _add_columns(table, "", min(widest, 40), players)
    # Rows: the union of line labels in order of first appearance.
    labels: list[tuple[str, str]] = []
    cells: dict[tuple[str, str], dict[int, str]] = {}
    for score in event.breakdown:
        for line in score.lines:
            key = (line.kind, line.label)
            if key not in cells:
                labels.append(key)
                cells[key] = {}
            if line.kind == "multiplier" or (line.factor != 1 and not line.points):
                cells[key][score.seat] = f"x{line.factor}"
            else:
                value = f"{line.points:+d}" if line.kind in ("par", "penalty") else str(line.points)
                if line.factor != 1:
                    value += f" x{line.factor}"
                cells[key][score.seat] = value
    for key in labels:
        table.add_row(Text(key[1]), *[Text(cells[key].get(i, "")) for i in range(len(players))])
    table.add_row(Text("round score"), *[Text(f"{p:+d}") for p in event.points])
    table.add_row(Text("match total"), *[Text(str(t)) for t in event.totals])


class RoundResultScreen(ModalScreen[None]):
    """A round is over: the score breakdown line by line, the round score, the match totals."""

    TABLE_DIALOG = True  # undo and redo reach the table through it

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="RoundResultScreen")
        + """
    RoundResultScreen DataTable { height: auto; max-height: 24; width: auto; }
    """
    )
    BINDINGS = [
        Binding("enter,space,escape", "close", "Next round", id="result.next"),
        *UNDO_BINDINGS,
    ]

    def __init__(self, event: RoundEnded, players: Sequence[Player], *, last: bool = False) -> None:
        super().__init__()
        self.event = event
        self.players = tuple(players)
        self.last = last

    def compose(self) -> ComposeResult:
        ev = self.event
        reason = REASONS.get(ev.reason, ev.reason)
        yield TooSmall()
        with Vertical(id="dialog"):
            yield Static(_label(f"Round {ev.round} is over ({reason})"), classes="title")
            yield DataTable(show_cursor=False, zebra_stripes=True)
            best = max(ev.points)
            winners = [self.players[i].name for i, p in enumerate(ev.points) if p == best]
            if best > 0 or len(set(ev.points)) > 1:
                yield Static(Content(f"Best this round: {' and '.join(winners)} ({best:+d})"))
            with Horizontal(classes="buttons"):
                label = "See the match result" if self.last else "Next round"
                yield Button(_label(f"{label} (enter)"), id="next", variant="primary")

    def on_mount(self) -> None:
        breakdown_table(self.query_one(DataTable), self.event, self.players)
        self.query_one("#next", Button).focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)


class MatchResultScreen(ModalScreen[str]):
    """The match is over: final totals, the winner, each round's points; where the log was kept."""

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="MatchResultScreen")
        + """
    MatchResultScreen DataTable { height: auto; max-height: 20; width: auto; }
    MatchResultScreen .winner { text-style: bold; color: $accent; margin-bottom: 1; }
    """
    )
    BINDINGS = [
        Binding("n", "choose('new')", "New game", id="match.new"),
        Binding("w", "choose('replay')", "Watch the replay", id="match.replay"),
        Binding("enter,escape,t", "choose('title')", "Title screen", id="match.title"),
    ]

    def __init__(
        self,
        event: MatchEnded,
        players: Sequence[Player],
        history: Sequence[Sequence[int]],
        saved: str | None,
    ) -> None:
        super().__init__()
        self.event = event
        self.players = tuple(players)
        self.history = tuple(tuple(r) for r in history)
        self.saved = saved

    def compose(self) -> ComposeResult:
        ev = self.event
        yield TooSmall()
        with Vertical(id="dialog"):
            yield Static(_label("The match is over"), classes="title")
            names = [self.players[i].name for i in ev.winners]
            line = winners_words(names, max(ev.totals))
            yield Static(Content(line), classes="winner")
            yield DataTable(show_cursor=False, zebra_stripes=True)
            if self.saved:
                yield Static(Content(f"The game is kept as {self.saved}"))
            with Horizontal(classes="buttons"):
                yield Button(_label("New game (n)"), id="new", variant="primary")
                if self.saved:
                    yield Button(_label("Watch the replay (w)"), id="replay")
                yield Button(_label("Title screen (enter)"), id="title")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        _add_columns(table, "round", 6, self.players)
        for i, points in enumerate(self.history, start=1):
            table.add_row(str(i), *[f"{p:+d}" for p in points])
        table.add_row(Text("total"), *[Text(str(t)) for t in self.event.totals])
        self.query_one("#title", Button).focus()

    def action_choose(self, what: str) -> None:
        if what == "replay" and not self.saved:
            self.app.bell()
            return
        self.dismiss(what)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "title")


class UnfinishedDialog(ModalScreen[str]):
    """A new game while a match is unfinished: resume it, keep it for later, or cancel.

    Dismisses with "resume", "keep" (it is kept among the games played, and the new game
    starts) or "cancel"."""

    DEFAULT_CSS = DIALOG_CSS.format(name="UnfinishedDialog")
    BINDINGS = [
        Binding("c", "choose('resume')", "Resume it", id="unfinished.resume"),
        Binding("k", "choose('keep')", "Keep it for later", id="unfinished.keep"),
        Binding("escape", "choose('cancel')", "Cancel", id="unfinished.cancel"),
    ]

    def __init__(self, summary: str) -> None:
        super().__init__()
        self.summary = summary

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="dialog"):
            yield Static(_label("A match is not finished"), classes="title")
            yield Static(Content(self.summary))
            with Horizontal(classes="buttons"):
                yield Button(_label("Resume it (c)"), id="resume", variant="success")
                yield Button(_label("Keep it for later (k)"), id="keep", variant="warning")
                yield Button(_label("Cancel (esc)"), id="cancel")
            yield Static(
                _label("Kept for later, it waits among your games; replay or play on from it."),
                classes="hint",
            )

    def on_mount(self) -> None:
        self.query_one("#resume", Button).focus()

    def action_choose(self, what: str) -> None:
        self.dismiss(what)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "cancel")


class ScoreSheetScreen(ModalScreen[None]):
    """The match so far: each finished round's points per seat, and the totals."""

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="ScoreSheetScreen")
        + """
    ScoreSheetScreen DataTable { height: auto; max-height: 18; width: auto; }
    """
    )
    BINDINGS = [
        Binding("escape,t,enter,q", "close", "Close", id="scores.close"),
    ]

    def __init__(
        self,
        players: Sequence[Player],
        history: Sequence[Sequence[int]],
        totals: Sequence[int],
    ) -> None:
        super().__init__()
        self.players = tuple(players)
        self.history = tuple(tuple(r) for r in history)
        self.totals = tuple(totals)

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="dialog"):
            done = plural(len(self.history), "round")
            yield Static(_label(f"Score sheet: {done} played"), classes="title")
            yield DataTable(show_cursor=False, zebra_stripes=True)
            yield Static(_label("t or escape: back to the table"), classes="hint")

    def on_mount(self) -> None:
        table: DataTable[Any] = self.query_one(DataTable)
        _add_columns(table, "round", 6, self.players)
        for i, points in enumerate(self.history, start=1):
            table.add_row(str(i), *[f"{p:+d}" for p in points])
        table.add_row(Text("total"), *[Text(str(t)) for t in self.totals])

    def action_close(self) -> None:
        self.dismiss(None)


#: The help's rows: (binding ids, their default keys, what they do). The keys shown are the
#: user's own where the settings remap a binding id.
HELP_KEYS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("table.left", "table.right"), "left right h l", "choose a card in your hand"),
    (("table.play",), "enter space", "play the chosen card"),
    (("table.play1",), "1-9, 0", "play the first to tenth card of your hand"),
    (("table.undo", "table.redo"), "ctrl+z u / ctrl+y r", "undo your last decision / redo it"),
    (("table.hiki",), "d", "declare hiki (Sakura), when you can"),
    (("table.hint",), "i", "a hint: what the strong computer player would do"),
    (("table.scores",), "t", "the score sheet of the match"),
    (("table.log",), "g", "show or fold the game log (folded on a small terminal)"),
    (("table.leave",), "escape", "back to the title screen (the game is saved)"),
    (("table.help",), "?", "this help (ctrl+p: the command palette)"),
    (("capture.previous", "capture.next", "capture.take"), "arrows, enter", "capture choice"),
    (("koikoi.koikoi", "koikoi.shobu"), "k / s", "koi-koi: play on / stop and score"),
    (("hiki.declare", "hiki.decline"), "d / p", "hiki: declare it / play a card instead"),
)

HELP_READING = """\
Reading the table
  A card shows its month kanji and kind (光 bright, 種 animal, 短 ribbon,
  札 chaff) above its code; * marks a poetry ribbon. In ASCII mode the kinds
  are L A R C. Field cards your chosen card would capture light up, and the
  status line names the card. "took" lists captures by kind; "near" lists
  yaku one or two cards away (a Sakura team's captures count together).
  Undo works in every dialog too: it takes back the play that led to it.
"""


def help_text(keymap: dict[str, str], *, ascii_mode: bool = False) -> str:
    """The help, with each binding's keys as the user's keymap sets them."""
    lines = ["Keys"]
    for ids, default, what in HELP_KEYS:
        remapped = [keymap[i] for i in ids if i in keymap]
        keys = " / ".join(remapped) if remapped else default
        lines.append(f"  {pad(keys, 24)} {what}")
    reading = HELP_READING
    if ascii_mode:
        reading = reading.replace("(光 bright, 種 animal, 短 ribbon,\n  札 chaff)", "(L A R C)")
        reading = reading.replace("month kanji and kind", "month number and kind")
        reading = reading.replace(" In ASCII mode the kinds\n  are L A R C.", "")
    return "\n".join(lines) + "\n\n" + reading


class HelpScreen(ModalScreen[None]):
    """Keys and how to read the table."""

    DEFAULT_CSS = DIALOG_CSS.format(name="HelpScreen")
    BINDINGS = [Binding("escape,question_mark,q,enter", "close", "Close", id="help.close")]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="dialog"):
            yield Static(_label("Help"), classes="title")
            settings = getattr(self.app, "settings", None)
            keymap = dict(getattr(settings, "keymap", None) or {})
            ascii_mode = bool(getattr(self.app, "ascii_mode", False))
            yield Static(Content(help_text(keymap, ascii_mode=ascii_mode)))

    def action_close(self) -> None:
        self.dismiss(None)


def koikoi_choice(seat: int, koikoi: bool) -> CallKoiKoi | CallShobu:
    return CallKoiKoi(seat=seat) if koikoi else CallShobu(seat=seat)
