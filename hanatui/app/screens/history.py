"""The games played: a sortable list of the kept logs, and statistics over them.

The list opens any game in the replay viewer, opens any other .hana file by its path, and deletes
a game after asking. The statistics are those of `hanatui.store.history`, as tables and bar charts.
Logs are read in a worker thread, so a long history never freezes the screen.
"""

from __future__ import annotations

import contextlib
import datetime
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from rich.cells import cell_len, chop_cells
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Input, Static, TabbedContent, TabPane

from core.logfile import LogRead
from hanatui.app.common import HanaFooter
from hanatui.app.screens.errors import printable
from hanatui.app.widgets import TooSmall
from hanatui.net.words import level_name
from hanatui.store.history import (
    GameSummary,
    Record,
    Statistics,
    bar,
    history_logs,
    scan,
    statistics,
)
from hanatui.text.i18n import N_, _, ngettext, pgettext
from hanatui.text.names import yaku_title
from hanatui.text.words import and_list, game_title, is_you, shown_name

#: Sort orders of the list: (label, key of a summary, newest/largest first by default); the
#: labels are marked with `N_` and translated where shown.
SORTS: dict[str, tuple[str, bool]] = {
    # TRANSLATORS: the games list's columns (its headings, and what it is sorted by).
    "date": (N_("date"), True),
    "game": (N_("game"), False),
    "players": (N_("players"), False),
    "result": (N_("result"), False),
    "length": (N_("length"), True),
}
#: The columns' headings where they differ from the sort orders' labels.
HEADINGS = {"players": N_("players and points")}


def _sort_key(column: str, s: GameSummary) -> tuple[object, ...]:
    if column == "game":
        return (s.game, s.created)
    if column == "players":
        return (", ".join(s.players).lower(), s.created)
    if column == "result":
        return (s.result, s.created)
    if column == "length":
        return (s.rounds_played, s.events, s.created)
    return (s.created, s.path)


def when(created: str) -> str:
    """A log's creation time as a local date and time, or a dash."""
    try:
        moment = datetime.datetime.fromisoformat(created)
    except ValueError:
        return "—"
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def result_words(s: GameSummary) -> str:
    """Who won, in words ("You win", "Aki wins", "Aki and Ben tie", "unfinished")."""
    if s.error:
        return _("unreadable")
    if not s.finished:
        return _("unfinished")
    names = [shown_name(s.players[i]) for i in s.winners]
    if len(names) > 1:
        return _("{players} tie").format(players=and_list(names))
    name = names[0] if names else "?"
    if is_you(name):
        return _("You win")
    return _("{player} wins").format(player=name)


def _opponent_words(level: str) -> str:
    """An opponent level of the statistics in words: a computer level's name, or people."""
    # TRANSLATORS: the statistics' opponents: games against people, not the computer
    return _("people") if level == "human" else level_name(level)


def length_words(s: GameSummary) -> str:
    """How long a game was: "2 rounds, 96 moves", "3 of 12 rounds, 140 moves"."""
    if s.rounds_played >= s.rounds:
        rounds = ngettext("{n} round", "{n} rounds", s.rounds_played).format(n=s.rounds_played)
    else:
        rounds = ngettext("{played} of {n} round", "{played} of {n} rounds", s.rounds).format(
            played=s.rounds_played, n=s.rounds
        )
    moves = ngettext("{n} move", "{n} moves", s.events).format(n=s.events)
    # TRANSLATORS: a game's length in the games list: "2 rounds, 96 moves".
    return _("{rounds}, {moves}").format(rounds=rounds, moves=moves)


#: The games list's columns and their widths: what is longer is wrapped (a row grows).
COLUMN_WIDTHS = {"date": 16, "game": 10, "players": 36, "result": 20, "length": 20}
#: The columns on a terminal too narrow for those (112 columns with each cell's padding of 2):
#: 64 + 10, so with the scrollbar they fit the 76 columns inside the screen's box at 80. The
#: date takes two lines, the result and the length two or three.
NARROW_COLUMN_WIDTHS = {"date": 10, "game": 10, "players": 21, "result": 12, "length": 11}
#: The narrowest terminal the wide columns fit: 112, the scrollbar 2, the box's border and
#: padding 4.
WIDE_FROM = 118


def column_widths(terminal_width: int) -> dict[str, int]:
    """The games list's column widths on a terminal ``terminal_width`` columns wide."""
    return COLUMN_WIDTHS if terminal_width >= WIDE_FROM else NARROW_COLUMN_WIDTHS


def wrap_names(parts: list[str], width: int) -> str:
    """``parts`` joined by commas, broken into lines of at most ``width`` terminal cells (the
    comma that ends a line included); a part longer than a line breaks as `wrap_words` does."""
    lines: list[str] = []
    line = ""
    for i, part in enumerate(parts):
        comma = "," if i < len(parts) - 1 else ""
        candidate = f"{line}, {part}" if line else part
        if cell_len(candidate + comma) <= width:
            line = candidate
            continue
        if line:
            lines.append(line + ",")
        # the part on lines of its own, its last with room for the comma
        *whole, line = wrap_words(part, width - len(comma)).split("\n")
        lines.extend(whole)
    return "\n".join([*lines, line])


def wrap_words(text: str, width: int) -> str:
    """``text`` broken between words into lines of at most ``width`` terminal cells (a word
    longer than that is broken itself, so nothing is cut off)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and cell_len(candidate) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
        if cell_len(line) > width:  # a single word too long for a line
            *whole, line = chop_cells(line, max(1, width))
            lines.extend(whole)
    return "\n".join([*lines, line])


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question; dismisses with True for yes."""

    DEFAULT_CSS = """
    ConfirmDialog { align: center middle; background: $background 60%; }
    ConfirmDialog > #dialog {
        width: 70; max-width: 100%; height: auto; border: thick $error; background: $surface;
        padding: 1 2;
    }
    ConfirmDialog .title { text-style: bold; color: $error; margin-bottom: 1; }
    ConfirmDialog .buttons { height: auto; margin-top: 1; }
    ConfirmDialog .buttons Button { margin-right: 2; }
    """
    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes"), id="confirm.yes"),
        Binding("n,escape", "answer(False)", N_("No"), id="confirm.no"),
    ]

    def __init__(self, question: str, detail: str = "", yes: str = N_("Delete")) -> None:
        """``yes``: the button's word, marked with `N_` (translated where shown)."""
        super().__init__()
        self.question = question
        self.detail = detail
        self.yes = yes

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Content(self.question), classes="title")
            if self.detail:
                yield Static(Content(self.detail))
            with Horizontal(classes="buttons"):
                yield Button(Content(f"{_(self.yes)} (y)"), id="yes", variant="error")
                yield Button(Content(_("Keep it (n)")), id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")


class OpenFileDialog(ModalScreen[str | None]):
    """Open any .hana file by its path."""

    DEFAULT_CSS = """
    OpenFileDialog { align: center middle; background: $background 60%; }
    OpenFileDialog > #dialog {
        width: 84; max-width: 100%; height: auto; border: thick $accent; background: $surface;
        padding: 1 2;
    }
    OpenFileDialog .title { text-style: bold; color: $accent; margin-bottom: 1; }
    OpenFileDialog .hint { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="open.cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Content(_("Open a game log (.hana)")), classes="title")
            yield Input(placeholder=_("path, e.g. ~/Downloads/game.hana"), id="path")
            # TRANSLATORS: enter and esc are keys' names; ~ stands for the home folder.
            hint = _("enter open · esc cancel · ~ is your home folder")
            yield Static(Content(hint), classes="hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if text:
            self.dismiss(os.path.expanduser(text))

    def action_cancel(self) -> None:
        self.dismiss(None)


class HistoryScreen(Screen[None]):
    """The games kept in the data directory, and statistics over them."""

    DEFAULT_CSS = """
    HistoryScreen { background: $hana-felt; align: center top; }
    HistoryScreen #body {
        width: 118; max-width: 100%; height: 1fr; background: $surface; border: round $accent;
        padding: 0 1;
    }
    HistoryScreen #games { height: 1fr; }
    HistoryScreen .note { color: $text-muted; height: auto; }
    HistoryScreen .heading { text-style: bold; color: $accent; margin-top: 1; }
    HistoryScreen #stats DataTable { height: auto; max-height: 16; width: auto; }
    HistoryScreen #stats Static { height: auto; }
    """
    BINDINGS = [
        Binding("enter", "open_selected", N_("Open"), id="history.open", show=False),
        Binding("o", "open_path", N_("Open file..."), id="history.open_path"),
        Binding("d,delete", "delete", N_("Delete"), id="history.delete"),
        Binding("s", "cycle_sort", N_("Sort"), id="history.sort"),
        Binding("r", "reverse_sort", N_("Reverse"), id="history.reverse"),
        Binding("t", "toggle_tab", N_("Games/stats"), id="history.tab"),
        Binding("escape,q", "back", N_("Back"), id="history.back"),
    ]

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        super().__init__()
        from hanatui.store.settings import games_dir

        self.directory = Path(directory) if directory is not None else games_dir()
        self.summaries: list[GameSummary] = []
        self.logs: list[LogRead] = []
        self.sort_column = "date"
        self.sort_reverse = SORTS["date"][1]
        self.loaded = False
        self.widths: dict[str, int] = {}

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="body"), TabbedContent(id="tabs"):
            with TabPane(_("Games"), id="tab-games"):
                yield Static(id="games-note", classes="note")
                yield Static(id="games-file", classes="note")
                yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
            with TabPane(_("Statistics"), id="tab-stats"):
                yield VerticalScroll(id="stats")
        yield HanaFooter()

    def on_mount(self) -> None:
        table = self.query_one("#games", DataTable)
        self._set_columns()
        self._note(_("Reading the games kept in {folder}...").format(folder=self.directory))
        table.focus()
        self.load()

    def _set_columns(self) -> bool:
        """Give the list the columns for the terminal's width, if it has not them yet (its rows
        go with the old ones: refill it); whether they changed."""
        widths = column_widths(self.app.size.width)
        if widths is self.widths:
            return False
        self.widths = widths
        table = self.query_one("#games", DataTable)
        table.clear(columns=True)
        for key, width in widths.items():
            heading = _(HEADINGS.get(key, SORTS[key][0]))
            if cell_len(heading) > width:  # a longer language's heading: the short one
                heading = _(SORTS[key][0])
            table.add_column(Text(heading), key=key, width=width)
        return True

    def on_resize(self, event: events.Resize) -> None:
        if self.loaded and column_widths(self.app.size.width) is not self.widths:
            self._fill()

    def on_screen_resume(self) -> None:
        if self.loaded:
            self.load()

    def _note(self, text: str) -> None:
        self.query_one("#games-note", Static).update(Content(printable(text, 300)))

    # --- reading ------------------------------------------------------------------------------
    @work(thread=True, exclusive=True, group="history")
    def load(self) -> None:
        """Read every kept log (off the UI thread) and show them."""
        pairs = scan(self.directory)
        self.app.call_from_thread(self._show_loaded, pairs)

    def _show_loaded(self, pairs: Sequence[tuple[GameSummary, LogRead | None]]) -> None:
        self.run_worker(self._loaded(pairs), group="history-show")

    async def _loaded(self, pairs: Sequence[tuple[GameSummary, LogRead | None]]) -> None:
        self.loaded = True
        self.summaries = [s for s, _ in pairs]
        self.logs = history_logs(pairs)
        self._fill()
        await self._fill_statistics(statistics(self.logs))

    def _sorted(self) -> list[GameSummary]:
        """The games in the chosen order; unreadable files last, by name, whatever the order."""
        games = [s for s in self.summaries if not s.error]
        broken = sorted((s for s in self.summaries if s.error), key=lambda s: s.path)
        return (
            sorted(games, key=lambda s: _sort_key(self.sort_column, s), reverse=self.sort_reverse)
            + broken
        )

    def _fill(self) -> None:
        table = self.query_one("#games", DataTable)
        selected = self.selected()
        if not self._set_columns():
            table.clear()
        widths = self.widths
        for s in self._sorted():
            name = Path(s.path).name
            if s.error:
                cells = [
                    Content("—"),
                    Content("?"),
                    Content(wrap_words(printable(name, 80), widths["players"])),
                    Content.styled(_("unreadable"), "$error"),
                    Content(""),
                ]
            else:
                # wrapped to the column (a row grows), so seven players are never cut off
                players = wrap_names(
                    [f"{shown_name(p)} {t}" for p, t in zip(s.players, s.totals, strict=False)],
                    widths["players"],
                )
                cells = [
                    Content(wrap_words(when(s.created), widths["date"])),
                    Content(game_title(s.game)),
                    Content(players),
                    Content(wrap_words(result_words(s), widths["result"])),
                    Content(wrap_words(length_words(s), widths["length"])),
                ]
            table.add_row(*cells, key=s.path, height=None)
        count = len(self.summaries)
        column = _(SORTS[self.sort_column][0])
        if count and self.sort_reverse:
            note = ngettext(
                "{n} game in {folder}, sorted by {column} (descending). "
                "Enter opens one; click a heading or press s to sort.",
                "{n} games in {folder}, sorted by {column} (descending). "
                "Enter opens one; click a heading or press s to sort.",
                count,
            )
        elif count:
            note = ngettext(
                "{n} game in {folder}, sorted by {column} (ascending). "
                "Enter opens one; click a heading or press s to sort.",
                "{n} games in {folder}, sorted by {column} (ascending). "
                "Enter opens one; click a heading or press s to sort.",
                count,
            )
        else:
            note = _(
                "No games yet: finished games are kept in {folder}. "
                "Press o to open a game log (.hana) by its path, such as one shared with you."
            )
        self._note(note.format(n=count, folder=self.directory, column=column))
        if selected is not None:
            with contextlib.suppress(Exception):
                table.move_cursor(row=table.get_row_index(selected))

    def selected(self) -> str | None:
        """The path of the highlighted game."""
        table = self.query_one("#games", DataTable)
        if not table.row_count:
            return None
        try:
            row_key, _ = table.coordinate_to_cell_key(table.cursor_coordinate)
        except Exception:
            return None
        return str(row_key.value) if row_key.value is not None else None

    # --- statistics ---------------------------------------------------------------------------
    async def _fill_statistics(self, stats: Statistics) -> None:
        box = self.query_one("#stats", VerticalScroll)
        await box.remove_children()
        widgets: list[Static | DataTable] = []
        if not stats.games:
            widgets.append(
                Static(
                    Content(_("No finished games yet: statistics appear after your first match."))
                )
            )
            await box.mount_all(widgets)
            return
        widgets.append(Static(Content(_("Games played and won")), classes="heading"))
        widgets.append(
            self._record_table(
                "stats-games", _("game"), {game_title(k): v for k, v in stats.games.items()}
            )
        )
        if stats.by_opponent:
            widgets.append(Static(Content(_("Against each opponent level")), classes="heading"))
            widgets.append(
                # TRANSLATORS: a statistics table's heading: the computer player's level.
                self._record_table(
                    "stats-opponents",
                    _("opponent"),
                    {_opponent_words(k): v for k, v in stats.by_opponent.items()},
                )
            )
        widgets.append(Static(Content(_("Points per round")), classes="heading"))
        widgets.append(Static(self._points_chart(stats), id="stats-points"))
        # TRANSLATORS: a statistics table's heading: how many times.
        times = _("times")
        if stats.yaku:
            widgets.append(Static(Content(_("Yaku you made")), classes="heading"))
            top = max(stats.yaku.values())
            table: DataTable[Any] = DataTable(
                id="stats-yaku", show_cursor=False, zebra_stripes=True
            )
            # TRANSLATORS: a statistics table's heading: the yaku's names.
            table.add_column(Text(_("yaku")), width=26)
            table.add_column(Text(times), width=max(6, cell_len(times)))
            table.add_column(Text(""), width=22)
            for yid, count in stats.yaku.most_common():
                table.add_row(
                    Content(yaku_title(yid)),
                    Content(str(count)),
                    Content.styled(bar(count, top), "$accent"),
                )
            widgets.append(table)
        if stats.koikoi_calls:
            o = stats.koikoi_outcomes
            widgets.append(
                Static(Content(_("Your koi-koi calls and how the round ended")), classes="heading")
            )
            table = DataTable(id="stats-koikoi", show_cursor=False, zebra_stripes=True)
            outcomes = (
                # TRANSLATORS: how a round ended after your koi-koi call (a table's rows).
                (pgettext("round", "won"), "won", "$success"),
                (pgettext("round", "lost"), "lost", "$error"),
                (pgettext("round", "drawn"), "draw", "dim"),
            )
            # TRANSLATORS: a statistics table's row: how many koi-koi calls in all.
            calls = _("calls")
            # TRANSLATORS: a statistics table's heading: how a round ended after a koi-koi call.
            heading = pgettext("statistics", "round")
            width = max(
                10, cell_len(heading), cell_len(calls), *(cell_len(w) for w, _k, _s in outcomes)
            )
            table.add_column(Text(heading), width=width)
            table.add_column(Text(times), width=max(6, cell_len(times)))
            table.add_column(Text(""), width=22)
            for label, key, style in outcomes:
                table.add_row(
                    Content(label),
                    Content(str(o[key])),
                    Content.styled(bar(o[key], stats.koikoi_calls), style),
                )
            table.add_row(Content(calls), Content(str(stats.koikoi_calls)), Content(""))
            widgets.append(table)
        widgets.append(
            Static(
                Content(
                    _(
                        "Counted from your seat (the first human seat) in finished games; "
                        "bot-only games count in the games table only."
                    )
                ),
                classes="note",
            )
        )
        await box.mount_all(widgets)

    @staticmethod
    def _record_table(table_id: str, label: str, records: Mapping[str, Record]) -> DataTable[Any]:
        table: DataTable[Any] = DataTable(id=table_id, show_cursor=False, zebra_stripes=True)
        table.add_column(Text(label), width=max(12, cell_len(label)))
        # TRANSLATORS: a statistics table's headings: games played, games won, the share won.
        headings = ((_("played"), 7), (pgettext("games", "won"), 5), (_("win %"), 6))
        for name, least in headings:
            table.add_column(Text(name), width=max(least, cell_len(name)))
        table.add_column(Text(""), width=22)
        for name, rec in sorted(records.items()):
            rate = rec.rate
            table.add_row(
                Content(name),
                Content(str(rec.played)),
                Content(str(rec.won)),
                Content(f"{rate * 100:.0f}%"),
                Content.styled(bar(rate, 1.0), "$success"),
            )
        return table

    @staticmethod
    def _points_chart(stats: Statistics) -> Content:
        points = stats.round_points
        if not points:
            return Content(_("Rounds played: {n}").format(n=stats.rounds))
        lines = [
            Content(
                ngettext(
                    "{n} round · average {average} · best {best} · worst {worst}",
                    "{n} rounds · average {average} · best {best} · worst {worst}",
                    stats.rounds,
                ).format(
                    n=stats.rounds,
                    # TRANSLATORS: the decimal mark of a number such as 2.4 (a comma in many
                    # languages)
                    average=f"{stats.points_per_round:+.1f}".replace(
                        ".", pgettext("decimal mark", ".")
                    ),
                    best=f"{max(points):+d}",
                    worst=f"{min(points):+d}",
                )
            )
        ]
        # a histogram of round scores in up to eight buckets of whole points, each named by
        # the points it holds (equal buckets of fractional edges named "+0 to +1" and "+1 to
        # +2" both, the +1 rounds in the first only)
        lo, hi = min(points), max(points)
        size = -(-(hi - lo + 1) // 8)  # points a bucket (rounded up)
        counts = [0] * -(-(hi - lo + 1) // size)
        for p in points:
            counts[(p - lo) // size] += 1
        top = max(counts)
        for i, count in enumerate(counts):
            start = lo + size * i
            end = min(hi, start + size - 1)
            label = (
                f"{start:+d}"
                if start == end
                # TRANSLATORS: a bucket of round scores in a histogram: "+0 to +2" points.
                else _("{low} to {high}").format(low=f"{start:+d}", high=f"{end:+d}")
            )
            lines.append(
                Content.assemble(f"  {label:>16}  ", (bar(count, top, 30), "$accent"), f"  {count}")
            )
        return Content("\n").join(lines)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        path = str(event.row_key.value) if event.row_key.value is not None else ""
        summary = next((s for s in self.summaries if s.path == path), None)
        # TRANSLATORS: the games list's line under it: the highlighted game's file.
        text = _("file  {path}").format(path=path)
        if summary is not None and summary.error:
            text += f"  ({summary.error})"
        self.query_one("#games-file", Static).update(Content(printable(text, 300)))

    # --- actions --------------------------------------------------------------------------------
    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.row_key.value is not None:
            self.open(str(event.row_key.value))

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        event.stop()
        column = str(event.column_key.value)
        if column not in SORTS:
            return
        if column == self.sort_column:
            self.sort_reverse = not self.sort_reverse
        else:
            self.sort_column = column
            self.sort_reverse = SORTS[column][1]
        self._fill()

    def open(self, path: str) -> None:
        from hanatui.app.screens.replay.opening import open_replay

        open_replay(self.app, path)

    #: The actions on the games list, out of sight (and out of the footer) on the statistics tab.
    LIST_ACTIONS = frozenset({"open_selected", "delete", "cycle_sort", "reverse_sort"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.LIST_ACTIONS:
            tabs = self.query("#tabs")
            if tabs and cast("TabbedContent", tabs.first()).active == "tab-stats":
                return False
        return True

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self.refresh_bindings()

    def action_open_selected(self) -> None:
        path = self.selected()
        if path is not None:
            self.open(path)

    def action_open_path(self) -> None:
        def done(path: str | None) -> None:
            if path:
                self.open(path)

        self.app.push_screen(OpenFileDialog(), done)

    def action_delete(self) -> None:
        path = self.selected()
        if path is None:
            return
        summary = next((s for s in self.summaries if s.path == path), None)
        name = Path(path).name
        if summary is not None and not summary.error:
            detail = _("{file}: {game}, {players}, {date}. The file is removed from the disk.")
            detail = detail.format(
                file=name,
                game=game_title(summary.game),
                players=", ".join(shown_name(p) for p in summary.players),
                date=when(summary.created),
            )
        else:
            detail = _("{file}. The file is removed from the disk.").format(file=name)

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                Path(path).unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                self.notify(
                    _("Could not delete {path}: {error}").format(
                        path=printable(path), error=exc.strerror
                    ),
                    markup=False,
                    severity="error",
                )
                return
            self.summaries = [s for s in self.summaries if s.path != path]
            self.notify(
                _("Deleted {file}").format(file=printable(Path(path).name)),
                markup=False,
                timeout=3,
            )
            self._fill()
            self.load()

        self.app.push_screen(ConfirmDialog(_("Delete this game?"), printable(detail)), done)

    def action_cycle_sort(self) -> None:
        columns = list(SORTS)
        self.sort_column = columns[(columns.index(self.sort_column) + 1) % len(columns)]
        self.sort_reverse = SORTS[self.sort_column][1]
        self._fill()

    def action_reverse_sort(self) -> None:
        self.sort_reverse = not self.sort_reverse
        self._fill()

    def action_toggle_tab(self) -> None:
        tabs = self.query_one("#tabs", TabbedContent)
        tabs.active = "tab-stats" if tabs.active == "tab-games" else "tab-games"
        self.query_one("#games" if tabs.active == "tab-games" else "#stats").focus()

    def action_back(self) -> None:
        self.app.pop_screen()


__all__ = ["ConfirmDialog", "HistoryScreen", "OpenFileDialog", "when"]
