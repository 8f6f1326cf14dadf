"""The replay viewer: a saved game, event by event, as it looked at the table.

The screen holds a `Timeline` of the log's events (with the states the log reader already folded)
and a cursor, and draws the table after the event at the cursor with the table's own layout
(`hanatui.app.layout`), from one seat's point of view (hidden cards stay backs) or with every
hand face up. What the move list says and what a seat may know come from `hanatui.text.story`; the
drawing from `replay_draw` (the chart and the move list widget from `replay_render`); running
the analysis from `replay_analysis`; what it found and the comments from `replay_review`; the
dialogs from `replay_dialogs` and `replay_review_dialogs`; opening a file from `replay_open`.

Text from the file (player names, the file name) is only ever shown through `Content`, never
parsed as markup.
"""

from __future__ import annotations

import os
import random
from functools import partial
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.timer import Timer
from textual.widgets import DataTable, OptionList, Static

from core.errors import HanaError
from core.events import RoundEnded
from core.logfile import LogRead, Origin
from core.players import Player
from core.timeline import Timeline
from hanatui.app.common import HanaFooter
from hanatui.app.layout import TableLayout
from hanatui.app.screens.replay.analysis import ReplayAnalysis
from hanatui.app.screens.replay.dialogs import (
    ForkChoice,
    ForkDialog,
    GotoDialog,
    ReplayHelp,
    ShareDialog,
)
from hanatui.app.screens.replay.draw import DEFAULT_SPEED, SPEEDS, ReplayCommands
from hanatui.app.screens.replay.playon import ForkPoint, fork_note, fork_players, fork_point
from hanatui.app.screens.replay.render import MoveList, ScoreChart, score_chart
from hanatui.app.widgets import TooSmall
from hanatui.text.errors import error_text
from hanatui.text.i18n import N_, _
from hanatui.text.story import Story, safe_text
from hanatui.text.words import is_you


class ReplayScreen(ReplayAnalysis):
    """A saved game, move by move."""

    DEFAULT_CSS = """
    ReplayScreen { background: $hana-felt; }
    ReplayScreen TableLayout #side { width: 37%; max-width: 44; min-width: 30; }
    ReplayScreen #result { height: auto; border: round $accent; padding: 0 1; display: none; }
    ReplayScreen #result.-shown { display: block; }
    ReplayScreen #result-table { height: auto; width: auto; max-height: 20; }
    ReplayScreen #charts { height: auto; }
    ReplayScreen #chart, ReplayScreen #evaluation {
        width: 1fr; height: auto; border: round $panel-lighten-2; background: $surface;
        padding: 0 1;
    }
    /* the compact table's side column, opened with m, takes the whole width: the charts side
       by side */
    ReplayScreen TableLayout.-compact.-side-open #side { width: 1fr; max-width: 100%; }
    ReplayScreen TableLayout.-compact.-side-open #charts { layout: horizontal; }
    ReplayScreen #evaluation { text-wrap: nowrap; text-overflow: clip; }
    ReplayScreen #review { height: auto; border: round $panel-lighten-2; padding: 0 1; }
    ReplayScreen TableLayout.-compact #review { border: none; border-top: round $panel-lighten-2; }
    ReplayScreen TableLayout #status { height: 3; }
    ReplayScreen.-ascii #moves, ReplayScreen.-ascii #chart, ReplayScreen.-ascii #evaluation,
    ReplayScreen.-ascii #review { border: ascii $panel-lighten-2; }
    ReplayScreen.-ascii TableLayout.-compact #review {
        border: none; border-top: ascii $panel-lighten-2;
    }
    ReplayScreen.-ascii #result { border: ascii $accent; }
    /* scroll bars draw their thumbs with block glyphs: none in ASCII mode (the move list
       follows the cursor, the mouse wheel still scrolls) */
    ReplayScreen.-ascii #moves, ReplayScreen.-ascii TableLayout #left {
        scrollbar-size-vertical: 0;
    }
    """

    COMMANDS = {ReplayCommands}
    AUTO_FOCUS = None  # nothing takes the keys from the viewer

    BINDINGS = [
        Binding("left,h", "step(-1)", N_("Back"), id="replay.back", show=False),
        Binding("right,l", "step(1)", N_("Move"), id="replay.forward", key_display="←→"),
        Binding("up,k", "turn(-1)", N_("Turn back"), id="replay.turn_back", show=False),
        Binding("down,j", "turn(1)", N_("Turn"), id="replay.turn_forward", key_display="↑↓"),
        Binding("pageup", "round(-1)", N_("Round back"), id="replay.round_back", show=False),
        Binding(
            "pagedown", "round(1)", N_("Round"), id="replay.round_forward", key_display="PgUp/Dn"
        ),
        Binding("home", "start", N_("Beginning"), id="replay.start", show=False),
        Binding("end", "end", N_("End"), id="replay.end", show=False),
        Binding("space", "autoplay", N_("Autoplay"), id="replay.autoplay", key_display="space"),
        Binding("plus,equals_sign", "speed(1)", N_("Faster"), id="replay.faster", show=False),
        Binding("minus", "speed(-1)", N_("Slower"), id="replay.slower", show=False),
        Binding("v", "toggle_view", N_("All hands"), id="replay.view"),
        Binding("s", "next_seat", N_("Seat"), id="replay.seat"),
        Binding("g", "goto", N_("Go to"), id="replay.goto", show=False),
        Binding("m", "toggle_moves", N_("Moves"), id="replay.moves", show=False),
        Binding("u", "toggle_variations", N_("Undos"), id="replay.variations"),
        Binding(
            "U",
            "enter_variation",
            N_("Into the line taken back"),
            id="replay.into_line",
            show=False,
        ),
        Binding("f", "fork", N_("Play on"), id="replay.fork"),
        Binding("e", "share", N_("Share"), id="replay.share"),
        Binding("question_mark", "help", N_("Keys"), id="replay.help"),
        Binding("a", "analyse", N_("Analyse"), id="replay.analyse"),
        Binding("x", "stop_analysis", N_("Stop the analysis"), id="replay.stop_analysis"),
        Binding("n", "mistake(1)", N_("Next mistake"), id="replay.next_mistake", show=False),
        Binding(
            "p", "mistake(-1)", N_("Previous mistake"), id="replay.previous_mistake", show=False
        ),
        Binding("t", "learn", N_("Learn"), id="replay.learn"),
        Binding("c", "comment", N_("Comment"), id="replay.comment", show=False),
        Binding(
            "C", "comment(True)", N_("Comment on the game"), id="replay.game_comment", show=False
        ),
        Binding("escape,q", "leave", N_("Back"), id="replay.leave", show=False),
    ]

    def __init__(
        self,
        log: LogRead,
        path: str | os.PathLike[str] | None = None,
        *,
        seat: int | None = None,
        budget: int | None = None,
    ) -> None:
        """``budget``: the analysis's playouts per decision (None: the default, or those of the
        analysis cached beside the log)."""
        super().__init__()
        self.game_log = log
        self.path = Path(path) if path is not None else None
        self.timeline = Timeline()
        self.timeline.extend(zip(log.events, log.states, strict=True))
        self.story = Story(self.timeline.events, self.timeline.states)
        self.locked_seat = log.header.redacted_for
        players = log.header.players
        if self.locked_seat is not None:
            seat = self.locked_seat
        elif seat is None:
            seat = next((i for i, p in enumerate(players) if p.kind == "human"), 0)
        self.seat = seat
        self.all_hands = False
        self.show_variations = False  # the lines undos took back, beside the moves they replaced
        self.speed = DEFAULT_SPEED
        self._timer: Timer | None = None
        self._list_key: tuple[object, ...] | None = None
        self._rows: list[tuple[str, int]] = []  # per option: ("event", index), ("round", segment)
        self._row_steps: list[int] = []  # per option: the move of a taken-back line it shows
        self.taken_back_from: int | None = None  # a viewer of a taken-back line: where it was
        self._prompts = []
        self._could_fork = True
        self._result_shown: RoundEnded | None = None
        self.init_review()
        self.init_analysis(budget)
        self.timeline.seek(self.story.opening())

    # --- layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TooSmall()
        table: DataTable[Any] = DataTable(id="result-table", show_cursor=False, zebra_stripes=True)
        table.can_focus = False  # the keys are the viewer's
        charts = Vertical(ScoreChart(id="chart"), Static(id="evaluation"), id="charts")
        yield TableLayout(
            side=[MoveList(id="moves", markup=False), charts],
            extra=[Static(id="review"), Vertical(table, id="result")],
            id="layout",
        )
        yield HanaFooter(show_command_palette=not self.ascii_mode)

    def on_mount(self) -> None:
        self.query_one("#moves", MoveList).border_title = Content(_("Moves"))
        self.query_one("#chart", Static).border_title = Content(_("Scores"))
        self.query_one("#review", Static).display = False
        self.query_one("#evaluation", Static).display = False
        self.load_cached_analysis()
        self.call_after_refresh(self.refresh_view)

    def on_resize(self) -> None:
        self.call_after_refresh(self._after_resize)

    def _after_resize(self) -> None:
        if not self.is_attached:  # left the screen stack before this refresh came
            return
        layout = self.query_one("#layout", TableLayout)
        was_compact = layout.has_class("-compact")
        self.refresh_view()
        if layout.has_class("-compact") != was_compact:
            # the table just turned compact or wide: the side column takes its new width at
            # the next refresh, and the charts drawn to the old one are drawn again then
            self.call_after_refresh(self.refresh_view)

    def on_screen_resume(self) -> None:
        self.refresh_view()  # the settings (ASCII cards) may have changed meanwhile

    def on_table_layout_panels_ready(self, message: TableLayout.PanelsReady) -> None:
        message.stop()
        self.refresh_view()

    def on_unmount(self) -> None:
        self._stop_autoplay()
        self.stop_analysis()  # its thread would go on computing for nothing

    # --- moving through the game ----------------------------------------------------------------
    def seek(self, position: int) -> None:
        """Show the table after ``position`` events (clamped to the log, on the main line)."""
        self.timeline.seek(self.story.settle(position))
        self.refresh_view()

    def action_step(self, delta: int) -> None:
        self.seek(self.story.step(self.position, delta))

    def action_turn(self, delta: int) -> None:
        story = self.story
        self.seek(
            story.next_turn(self.position) if delta > 0 else story.previous_turn(self.position)
        )

    def action_round(self, delta: int) -> None:
        story = self.story
        self.seek(
            story.next_round(self.position) if delta > 0 else story.previous_round(self.position)
        )

    def action_start(self) -> None:
        self.seek(1)

    def action_end(self) -> None:
        self.seek(len(self.story))

    def action_autoplay(self) -> None:
        if self._timer is not None:
            self._stop_autoplay()
        else:
            if self.timeline.at_end:
                self.seek(self.story.opening())
            self._start_autoplay()
        self.refresh_view()

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self._timer is not None:
            self._stop_autoplay()
            self._start_autoplay()
        self.notify(
            _("Autoplay: {seconds} s per move").format(seconds=f"{SPEEDS[self.speed]:g}"),
            markup=False,
            timeout=1.5,
        )
        self._draw_topbar()

    def _start_autoplay(self) -> None:
        self._timer = self.set_interval(SPEEDS[self.speed], self._tick, name="autoplay")

    def _tick(self) -> None:
        if self.timeline.at_end:
            self._stop_autoplay()
            self.refresh_view()
            return
        self.seek(self.story.step(self.position, 1))
        if self.timeline.at_end:
            self._stop_autoplay()
            self._draw_topbar()

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        message.stop()
        index = message.option_index
        if not 0 <= index < len(self._rows):
            return
        what, value = self._rows[index]
        if what == "event":
            self.seek(value + 1)
        elif what == "round":
            self.seek(self.story.segment_start(value))
        else:
            self.open_taken_back(value, self._row_steps[index])

    def action_enter_variation(self) -> None:
        """Step into the line taken back beside the move at the cursor (the first, if several)."""
        lines = [v for v in self.story.variations_at(self.position - 1) if v.marker < self.position]
        if not lines:
            self.notify(_("No move was taken back here."), markup=False, timeout=2)
            return
        self.open_taken_back(lines[0].marker, 0)

    def open_taken_back(self, marker: int, step: int) -> None:
        """Step into what the undo whose marker is event ``marker`` took back: a viewer of that
        line (the game up to the undo, then the moves taken back), at its move ``step``; escape
        comes back here."""
        line = self.story.variation(marker)
        if not line.events:
            return
        self._stop_autoplay()
        log = LogRead(
            header=self.game_log.header,
            events=[*self.timeline.events[:marker], *line.events],
            states=[*self.timeline.states[:marker], *line.states],
        )
        viewer = ReplayScreen(log, None, seat=self.seat)
        viewer.all_hands = self.all_hands
        viewer.taken_back_from = marker + 1
        viewer.timeline.seek(marker + 1 + min(step, len(line.events) - 1))
        self.app.push_screen(viewer)

    # --- perspective ----------------------------------------------------------------------------
    def _locked_notice(self) -> bool:
        if self.locked_seat is None:
            return False
        name = self.game_log.header.players[self.locked_seat].name
        self.notify(
            (
                _("This copy was redacted for you: only your view can be shown.")
                if is_you(name)
                else _("This copy was redacted for {player}: only their view can be shown.")
            ).format(player=name),
            markup=False,
            severity="warning",
            timeout=4,
        )
        return True

    def action_toggle_view(self) -> None:
        if self._locked_notice():
            return
        self.all_hands = not self.all_hands
        self.refresh_view()

    def action_next_seat(self) -> None:
        if self._locked_notice():
            return
        self.seat = (self.seat + 1) % len(self.game_log.header.players)
        self.refresh_view()
        self.refresh_bindings()  # learning is for an analysed seat

    def action_toggle_variations(self) -> None:
        """Show (or fold away) what undos took back, beside the moves that replaced it."""
        self.show_variations = not self.show_variations
        self.refresh_view()

    def action_toggle_moves(self) -> None:
        self.query_one("#layout", TableLayout).toggle_side()
        self.call_after_refresh(self.refresh_view)  # the charts fit their new widths

    # --- play on, share, go to ------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "fork":
            return True if self.can_fork() else None
        if action == "stop_analysis":
            return self.analysing  # shown only while it runs
        if action in ("toggle_variations", "enter_variation"):
            return self.story.has_variations  # offered where an undo kept what it took back
        if action == "learn":
            # shown once the seat in view is analysed (the help names the key before then)
            return self.analysis is not None and self.seat in self.analysis.seats
        return True

    def fork_point(self) -> ForkPoint:
        """Where play on starts from the cursor: just before the decision shown there (so it
        can be made again), else the cursor's position (`playon.fork_point`)."""
        return fork_point(self.timeline, self.position)

    def action_fork(self) -> None:
        if not self.can_fork():
            self.notify(
                _("The match is over here: there is nothing to play on from."),
                markup=False,
                severity="warning",
            )
            return
        self._stop_autoplay()
        point = self.fork_point()
        seat = self.seat
        if point.seat is not None and self.locked_seat is None:
            seat = point.seat  # from the deciding seat's side
        self.app.push_screen(
            ForkDialog(
                self.game_log.header.players,
                seat=seat,
                position=point.position,
                redacted=self.locked_seat is not None,
                level=str(getattr(getattr(self.app, "settings", None), "bot_level", "easy")),
                before=point.decision is not None,
            ),
            partial(self._fork, point),
        )

    def fork_session(
        self,
        choice: ForkChoice,
        *,
        autosave: bool,
        seed: int | None = None,
        point: ForkPoint | None = None,
    ) -> Any:
        """The session of a new game from ``point`` (default: `fork_point`), see
        `core.fork.fork_events`."""
        from core.fork import fork_events
        from hanatui.session.session import Session

        if point is None:
            point = self.fork_point()
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        events = fork_events(
            self.timeline.events,
            point.position,
            players=self.fork_players(choice),
            seat=choice.seat,
            mode=choice.mode,
            rng=random.Random(f"{seed}:fork"),
        )
        source = safe_text(self.path.name if self.path is not None else "replay")
        origin = Origin(source=source, event=point.position, mode=choice.mode)
        return Session.from_events(events, seed=seed, autosave=autosave, origin=origin)

    def fork_players(self, choice: ForkChoice) -> tuple[Player, ...]:
        """The new game's players: you at the chosen seat, the computer at the others."""
        from hanatui.text.said import player_name

        name = player_name(getattr(self.app, "settings", None))
        count = len(self.game_log.header.players)
        return fork_players(count, name=name, seat=choice.seat, level=choice.level)

    def _fork(self, point: ForkPoint, choice: ForkChoice | None) -> None:
        if choice is None:
            return
        from hanatui.app.screens.table.screen import TableScreen

        try:
            session = self.fork_session(
                choice, autosave=bool(getattr(self.app, "_save", True)), point=point
            )
        except (HanaError, OSError) as exc:
            self.notify(
                _("Cannot play on from here: {error}").format(error=error_text(exc)),
                markup=False,
                severity="error",
            )
            return
        note = fork_note(point, seat=choice.seat, players=session.players, analysis=self.analysis)
        self.app.push_screen(TableScreen(session, note=note))

    def action_share(self) -> None:
        self._stop_autoplay()
        self.app.push_screen(ShareDialog(self.game_log, self.path, seat=self.seat))

    def action_goto(self) -> None:
        self._stop_autoplay()

        def done(n: int | None) -> None:
            if n is not None:
                self.seek(n)

        self.app.push_screen(GotoDialog(self.position, len(self.story)), done)

    def action_help(self) -> None:
        self.app.push_screen(ReplayHelp())

    def action_leave(self) -> None:
        self._stop_autoplay()
        self.app.pop_screen()


__all__ = [
    "SPEEDS",
    "ForkChoice",
    "ForkDialog",
    "GotoDialog",
    "MoveList",
    "ReplayHelp",
    "ReplayScreen",
    "ShareDialog",
    "Story",
    "score_chart",
]
