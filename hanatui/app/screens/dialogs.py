"""Modal dialogs for the decisions of a turn, the hot-seat hand-over and the results.

Each dialog is driven by the legal actions the engine offers and returns a typed result.
"""

from __future__ import annotations

from collections.abc import Sequence

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
from hanatui.app.describe import REASONS, conjugate
from hanatui.app.widgets import CardRow, CardWidget, TooSmall

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

    DEFAULT_CSS = DIALOG_CSS.format(name="CaptureDialog")
    BINDINGS = [
        Binding("left,h,k,up", "move(-1)", "Previous", id="capture.previous"),
        Binding("right,l,j,down", "move(1)", "Next", id="capture.next"),
        Binding("enter,space", "pick", "Take it", id="capture.take"),
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
            yield Static(_label("←→ choose · enter take it · or click a card"), classes="hint")

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
    """Koi-koi or shobu: the yaku made, what stopping scores now, what the opponent is near.

    Dismisses with True for koi-koi (play on), False for shobu (stop).
    """

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="KoiKoiDialog")
        + """
    KoiKoiDialog .section { color: $text-muted; margin-top: 1; }
    """
    )
    BINDINGS = [
        Binding("k", "choose(True)", "Koi-koi", id="koikoi.koikoi"),
        Binding("s", "choose(False)", "Shobu", id="koikoi.shobu"),
    ]

    def __init__(
        self,
        *,
        yaku: Sequence[tuple[str, int]],
        preview: RoundEnded | None,
        seat: int,
        threats: Sequence[str],
        calls: int,
    ) -> None:
        super().__init__()
        self.yaku = tuple(yaku)
        self.preview = preview
        self.seat = seat
        self.threats = tuple(threats)
        self.calls = calls

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="dialog"):
            yield Static(_label("You made a yaku! Koi-koi or shobu?"), classes="title")
            for name, points in self.yaku:
                yield Static(Content(f"  {name:<22} {points:>3}"))
            yield Static(_label("If you stop now (shobu):"), classes="section")
            if self.preview is not None:
                mine = (
                    self.preview.breakdown[self.seat]
                    if self.seat < len(self.preview.breakdown)
                    else None
                )
                if mine is not None:
                    for line in mine.lines:
                        if line.kind == "multiplier" or line.factor != 1:
                            yield Static(Content(f"  {line.label:<22} ×{line.factor}"))
                        elif line.kind != "yaku":
                            yield Static(Content(f"  {line.label:<22} {line.points:>3}"))
                points = self.preview.points[self.seat]
                yield Static(Content(f"  {'you score':<22} {points:>3}"), classes="total")
            else:
                yield Static(_label("  (the score of a stop is not known)"))
            yield Static(_label("The opponent is near:"), classes="section")
            yield Static(
                Content("  " + (" · ".join(self.threats) if self.threats else "nothing yet"))
            )
            if self.calls:
                yield Static(
                    Content(f"You have called koi-koi {self.calls}× this round."), classes="section"
                )
            with Horizontal(classes="buttons"):
                yield Button(_label("Koi-koi (k): play on"), id="koikoi", variant="warning")
                yield Button(_label("Shobu (s): stop and score"), id="shobu", variant="success")

    def on_mount(self) -> None:
        self.query_one("#shobu", Button).focus()

    def action_choose(self, koikoi: bool) -> None:
        self.dismiss(koikoi)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "koikoi")


class HikiDialog(ModalScreen[DeclareHiki | None]):
    """Sakura's hiki: take the four cards of a month you hold between hand and field, or play on."""

    DEFAULT_CSS = DIALOG_CSS.format(name="HikiDialog")
    BINDINGS = [Binding("escape,p", "decline", "Play a card instead", id="hiki.decline")]

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
                    _label(f"Declare hiki of {MONTH_NAMES[choice.month - 1]} (take all four)"),
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

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; background: $hana-felt; }
    HandOverScreen #dialog { width: 60; height: auto; border: thick $accent; background: $surface; padding: 1 2; }
    HandOverScreen #dialog Static { width: 1fr; content-align: center middle; }
    HandOverScreen #dialog Button { margin-top: 1; width: 1fr; }
    """
    BINDINGS = [Binding("enter,space", "ready", "I am ready", id="handover.ready")]

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


def _add_columns(table: DataTable, first: str, first_width: int, players: Sequence[Player]) -> None:
    table.add_column(Content(first), width=first_width)
    for p in players:
        table.add_column(Content(p.name), width=max(len(p.name), 7))


def _breakdown_table(table: DataTable, event: RoundEnded, players: Sequence[Player]) -> None:
    widest = max([len(line.label) for s in event.breakdown for line in s.lines] + [11])
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
                cells[key][score.seat] = f"×{line.factor}"
            else:
                value = f"{line.points:+d}" if line.kind in ("par", "penalty") else str(line.points)
                if line.factor != 1:
                    value += f" ×{line.factor}"
                cells[key][score.seat] = value
    for key in labels:
        table.add_row(Text(key[1]), *[Text(cells[key].get(i, "")) for i in range(len(players))])
    table.add_row(Text("round score"), *[Text(f"{p:+d}") for p in event.points])
    table.add_row(Text("match total"), *[Text(str(t)) for t in event.totals])


class RoundResultScreen(ModalScreen[None]):
    """A round is over: the score breakdown line by line, the round score, the match totals."""

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="RoundResultScreen")
        + """
    RoundResultScreen DataTable { height: auto; max-height: 24; width: auto; }
    """
    )
    BINDINGS = [Binding("enter,space,escape", "close", "Next round", id="result.next")]

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
        _breakdown_table(self.query_one(DataTable), self.event, self.players)
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
            if len(names) == 1:
                line = f"{conjugate(names[0], 'win')} with {max(ev.totals)} points"
            else:
                line = f"{' and '.join(names)} share the win with {max(ev.totals)} points"
            yield Static(Content(line), classes="winner")
            yield DataTable(show_cursor=False, zebra_stripes=True)
            if self.saved:
                yield Static(Content(f"The game is kept as {self.saved}"))
            with Horizontal(classes="buttons"):
                yield Button(_label("New game (n)"), id="new", variant="primary")
                yield Button(_label("Title screen (enter)"), id="title")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        _add_columns(table, "round", 6, self.players)
        for i, points in enumerate(self.history, start=1):
            table.add_row(str(i), *[f"{p:+d}" for p in points])
        table.add_row(Text("total"), *[Text(str(t)) for t in self.event.totals])
        self.query_one("#title", Button).focus()

    def action_choose(self, what: str) -> None:
        self.dismiss(what)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "title")


HELP_TEXT = """\
Playing
  ← → h l  (or ↑ ↓ j k)   choose a card in your hand
  enter / space            play the chosen card
  1-9, 0                   play the first to tenth card of your hand
  click a card             play it
  u, ctrl+z / ctrl+y, r    undo your last decision / redo it
  d                        declare hiki (Sakura), when you can
  i                        a hint: what the strong computer player would do
  escape                   back to the title screen (the game is saved)
  ? / ctrl+p               this help / the command palette

Reading the table
  A card shows its month kanji and kind (光 bright, 種 animal, 短 ribbon,
  札 chaff) above its code; * marks a poetry ribbon. In ASCII mode the kinds
  are L A R C. Field cards your chosen card would capture light up, and the
  status line under the log names the card.
  "took" lists captures by kind; "near" lists yaku one or two cards away.

Dialogs
  capture choice: arrows and enter, or click the card to take
  koi-koi: k to play on, s to stop and score
"""


class HelpScreen(ModalScreen[None]):
    """Keys and how to read the table."""

    DEFAULT_CSS = DIALOG_CSS.format(name="HelpScreen")
    BINDINGS = [Binding("escape,question_mark,q,enter", "close", "Close", id="help.close")]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="dialog"):
            yield Static(_label("Help"), classes="title")
            yield Static(Content(HELP_TEXT))

    def action_close(self) -> None:
        self.dismiss(None)


def koikoi_choice(seat: int, koikoi: bool) -> CallKoiKoi | CallShobu:
    return CallKoiKoi(seat=seat) if koikoi else CallShobu(seat=seat)
