"""Results and records: a round's score, the match's end, the score sheet, and the question
asked before a new game replaces an unfinished one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Static

from core.events import MatchEnded, RoundEnded
from core.games.options import Rules
from core.players import Player
from hanatui.app.screens.dialog_base import DIALOG_CSS, UNDO_BINDINGS, fit_buttons
from hanatui.app.screens.dialog_base import label as _label
from hanatui.app.widgets import TooSmall
from hanatui.text.i18n import N_, _, ngettext, pgettext
from hanatui.text.words import (
    and_list,
    breakdown_cards,
    breakdown_rows,
    reason_words,
    shown_name,
    winners_words,
)


def _add_columns(
    table: DataTable[Any],
    first: str,
    first_width: int,
    players: Sequence[Player],
    cells: Sequence[Sequence[str]] = (),
) -> None:
    """The columns of a table of scores: ``first`` (the rows' words), then a seat's each, as
    wide as its player's name and its widest cell of ``cells`` (the rows)."""
    table.add_column(Text(first), width=max(first_width, cell_len(first)))
    for i, p in enumerate(players):
        widest = max((cell_len(row[i]) for row in cells if i < len(row)), default=0)
        table.add_column(
            Text(shown_name(p.name)), width=max(cell_len(shown_name(p.name)), 7, widest)
        )


#: The widest the words of a breakdown line are shown on one line (longer ones wrap).
LABEL_WIDTH = 40


def breakdown_table(
    table: DataTable[Any], event: RoundEnded, players: Sequence[Player], rules: Rules
) -> None:
    """A round's score, line by line, one column a seat: a row per line, in words naming the
    players (the same words in several columns share a row: Sakura's yaku held by one player
    and paid by the others)."""
    names = [shown_name(p.name) for p in players]
    rows = breakdown_rows(event, rules, names)
    made_of = breakdown_cards(event, rules, names)
    codes = {words: "  " + " ".join(c.value for c in cards) for words, cards in made_of.items()}
    score, total = _("round score"), _("match total")
    widths = [cell_len(words) for words, _cells in rows] + [cell_len(c) for c in codes.values()]
    width = min(max([*widths, cell_len(score), cell_len(total), 11]), LABEL_WIDTH)
    _add_columns(table, "", width, players, [cells for _words, cells in rows])
    for words, cells in rows:
        label = Text(words)
        cards = codes.get(words)
        if cards:  # the yaku's cards under its name, dim: what made it, at a glance
            label.append("\n" + cards, style="dim")
        # a longer line wraps onto a second row line rather than being cut
        table.add_row(
            label,
            *[Text(cell) for cell in cells],
            height=1 if cell_len(words) <= width and not cards else None,
        )
    table.add_row(Text(score), *[Text(f"{p:+d}") for p in event.points])
    table.add_row(Text(total), *[Text(str(t)) for t in event.totals])


def best_words(event: RoundEnded, names: Sequence[str]) -> str | None:
    """Under a round's score, who scored best ("Best this round: Aki (+12)"), where the table
    does not already say it: None when no one scored, and when a line of the breakdown names the
    round's winner (koi-koi's "You won the round": a line more would repeat it)."""
    points = event.points
    best = max(points)
    if best <= 0 and len(set(points)) == 1:
        return None
    if any(line.id == "opponent_won" for score in event.breakdown for line in score.lines):
        return None
    winners = [names[i] for i, p in enumerate(points) if p == best]
    return _("Best this round: {players} ({points})").format(
        players=and_list(winners), points=f"{best:+d}"
    )


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
        Binding(
            "enter,space,escape", "close", N_("Next round"), id="result.next", key_display="enter"
        ),
        # the last round's: the footer says what the button says
        Binding(
            "enter,space,escape",
            "close_last",
            N_("See the match result"),
            id="result.next",  # one key, remapped as one
            key_display="enter",
        ),
        *UNDO_BINDINGS,
    ]

    def __init__(
        self, event: RoundEnded, players: Sequence[Player], rules: Rules, *, last: bool = False
    ) -> None:
        super().__init__()
        self.event = event
        self.players = tuple(players)
        self.rules = rules
        self.last = last

    def compose(self) -> ComposeResult:
        ev = self.event
        reason = reason_words(ev.reason)
        yield TooSmall()
        with Vertical(id="dialog"):
            title = _("Round {round} is over ({reason})").format(round=ev.round, reason=reason)
            yield Static(_label(title), classes="title")
            yield DataTable(show_cursor=False, zebra_stripes=True)
            best = best_words(ev, [shown_name(p.name) for p in self.players])
            if best is not None:
                yield Static(Content(best))
            with Horizontal(classes="buttons"):
                if self.last:
                    label = _("See the match result ({key})").format(key="enter")
                else:
                    label = _("Next round ({key})").format(key="enter")
                yield Button(_label(label), id="next", variant="primary")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close":
            return not self.last
        if action == "close_last":
            return self.last
        return True

    def on_resize(self) -> None:
        fit_buttons(self)

    def on_mount(self) -> None:
        self.call_after_refresh(fit_buttons, self)
        breakdown_table(self.query_one(DataTable), self.event, self.players, self.rules)
        self.query_one("#next", Button).focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_close_last(self) -> None:
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
        Binding("n", "choose('new')", N_("New game"), id="match.new"),
        Binding("w", "choose('replay')", N_("Watch the replay"), id="match.replay"),
        Binding("enter,escape,t", "choose('title')", N_("Title screen"), id="match.title"),
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
        with VerticalScroll(id="dialog"):
            yield Static(_label(_("The match is over")), classes="title")
            names = [shown_name(self.players[i].name) for i in ev.winners]
            line = winners_words(names, max(ev.totals))
            yield Static(Content(line), classes="winner")
            yield DataTable(show_cursor=False, zebra_stripes=True)
            if self.saved:
                yield Static(Content(_("The game is kept as {file}").format(file=self.saved)))
            with Horizontal(classes="buttons"):
                new = _("New game ({key})").format(key="n")
                yield Button(_label(new), id="new", variant="primary")
                if self.saved:
                    replay = _("Watch the replay ({key})").format(key="w")
                    yield Button(_label(replay), id="replay")
                yield Button(_label(_("Title screen ({key})").format(key="enter")), id="title")

    def on_mount(self) -> None:
        self.call_after_refresh(self._fit_all)
        table = self.query_one(DataTable)
        _add_columns(table, pgettext("column", "round"), 6, self.players)
        for i, points in enumerate(self.history, start=1):
            table.add_row(str(i), *[f"{p:+d}" for p in points])
        table.add_row(Text(pgettext("row", "total")), *[Text(str(t)) for t in self.event.totals])
        self.query_one("#title", Button).focus()
        self._fit()

    def on_resize(self) -> None:
        self._fit_all()

    def _fit(self) -> None:
        """The rounds' table scrolls where the terminal is short, so the file's name and the
        buttons stay in sight (at 80x24 a 12-round table would push them out)."""
        table = self.query_one(DataTable)
        dialog = self.query_one("#dialog")
        # the dialog's frame, title, winner, where it was kept and the buttons: 18 lines, or
        # more where longer words wrap or the buttons stand one above the other
        measured = dialog.styles.gutter.height + sum(
            child.outer_size.height + child.styles.margin.height
            for child in dialog.children
            if child is not table
        )
        others = max(18, measured + 2)
        table.styles.max_height = max(4, min(20, self.app.size.height - others))

    def _fit_all(self) -> None:
        fit_buttons(self)
        self.call_after_refresh(self._fit)

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
        Binding("c", "choose('resume')", N_("Resume it"), id="unfinished.resume"),
        Binding("k", "choose('keep')", N_("Keep it for later"), id="unfinished.keep"),
        Binding("escape", "choose('cancel')", N_("Cancel"), id="unfinished.cancel"),
    ]

    def __init__(self, summary: str) -> None:
        super().__init__()
        self.summary = summary

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="dialog"):
            yield Static(_label(_("A match is not finished")), classes="title")
            yield Static(Content(self.summary))
            with Horizontal(classes="buttons"):
                resume = _("Resume it ({key})").format(key="c")
                yield Button(_label(resume), id="resume", variant="success")
                keep = _("Keep it for later ({key})").format(key="k")
                yield Button(_label(keep), id="keep", variant="warning")
                yield Button(_label(_("Cancel ({key})").format(key="esc")), id="cancel")
            yield Static(
                _label(_("Kept for later, it waits among your games; replay or play on from it.")),
                classes="hint",
            )

    def on_resize(self) -> None:
        fit_buttons(self)

    def on_mount(self) -> None:
        self.call_after_refresh(fit_buttons, self)
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
        Binding("escape,t,enter,q", "close", N_("Close"), id="scores.close"),
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
            n = len(self.history)
            title = ngettext(
                "Score sheet: {n} round played", "Score sheet: {n} rounds played", n
            ).format(n=n)
            yield Static(_label(title), classes="title")
            yield DataTable(show_cursor=False, zebra_stripes=True)
            yield Static(_label(_("t or escape: back to the table")), classes="hint")

    def on_mount(self) -> None:
        table: DataTable[Any] = self.query_one(DataTable)
        _add_columns(table, pgettext("column", "round"), 6, self.players)
        for i, points in enumerate(self.history, start=1):
            table.add_row(str(i), *[f"{p:+d}" for p in points])
        table.add_row(Text(pgettext("row", "total")), *[Text(str(t)) for t in self.totals])

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = [
    "MatchResultScreen",
    "RoundResultScreen",
    "ScoreSheetScreen",
    "UnfinishedDialog",
    "breakdown_table",
]
