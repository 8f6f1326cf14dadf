"""The table: where a match is played.

The flow of a match is one async worker, `turn_loop`: it deals when due, hands the keyboard over
in hot-seat, waits for the human's card or opens each decision dialog and awaits its answer
(`push_screen_wait`), lets the computer seats think and move at their pace, and shows each round's
result and the match's. Undo and redo cancel the loop (closing any dialog it opened), change the
session, and start it again, so a stale computer move can never land.

The screen draws the `View` of the seat at the keyboard through the shared `TableLayout`.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from functools import partial
from typing import Any

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from core.actions import Action, CallKoiKoi, CallShobu, ChooseCapture, DeclareHiki, PlayCard
from core.cards import Card
from core.engine import legal_actions
from core.events import Dealt, Event, MatchEnded, RoundEnded
from core.games.registry import game_for, same_worth
from hanatui.app.common import HanaFooter, hana_app
from hanatui.app.layout import TABLE_LARGE, TableLayout, TableNote, glyphs
from hanatui.app.screens.table.draw import TableDrawing
from hanatui.app.widgets import CardRow, TooSmall
from hanatui.session.session import Session
from hanatui.session.thinking import think
from hanatui.text.errors import error_text

#: At most this many seconds a computer seat waits for the table's first frame to be drawn.
FIRST_FRAME_WAIT = 0.5


class TableScreen(TableDrawing):
    """A match in progress."""

    DEFAULT_CSS = """
    TableScreen { background: $hana-felt; }
    TableScreen .gamelog { height: 1fr; border: round $panel-lighten-2; background: $surface;
        border-title-color: $text-muted; }
    TableScreen.-ascii .gamelog { border: ascii $panel-lighten-2; }
    /* the table's status is its status line, the screen's width under the board: not
       squeezed (and wrapped) into the strip under the game log */
    TableScreen TableLayout #status { display: none; }
    TableScreen TableLayout #status-line { display: block; }
    /* the field takes the rows the seats leave (120x40 is not two thirds empty), its cards in
       the middle */
    TableScreen TableLayout #field-panel { height: 1fr; min-height: 6; align-vertical: middle; }
    """

    # The hand is focused by the turn loop when the player is to play (`_focus_hand`), never
    # by Textual on its own: a table opened on a decision shows no card chosen behind the dialog.
    AUTO_FOCUS = ""

    BINDINGS = [
        Binding("left,h", "move(-1)", "Choose", id="table.left", show=False),
        Binding("right,l", "move(1)", "Choose", id="table.right", show=False),
        Binding("up", "move(-1)", "Previous", id="table.up", show=False),
        Binding("down", "move(1)", "Next", id="table.down", show=False),
        Binding("enter,space", "play", "Play", id="table.play", key_display="enter"),
        *[
            Binding(
                str(d),
                f"play_index({(d - 1) % 10})",
                f"Play card {d}",
                id=f"table.play{d}",
                show=False,
            )
            for d in range(10)
        ],
        Binding("d", "hiki", "Hiki", id="table.hiki"),
        Binding("i", "hint", "Hint", id="table.hint"),
        Binding("t", "scores", "Scores", id="table.scores"),
        Binding("g", "toggle_log", "Log", id="table.log"),
        Binding("question_mark", "help", "Help", id="table.help"),
        Binding("escape", "leave", "Title", id="table.leave"),
    ]

    def __init__(self, session: Session, *, note: TableNote | None = None) -> None:
        """``note``: what the table says until the first move (`TableNote`)."""
        super().__init__()
        self.session = session
        self._opening_note = note
        self._note: tuple[int, TableNote] | None = None
        humans = session.humans
        self.viewer = humans[0] if humans else 0
        # the seat at the keyboard (hot-seat: None until the first hand-over)
        self.keyboard: int | None = None if len(humans) > 1 else self.viewer
        self._logged = 0
        self._hiki_declined: int | None = None
        self._log_width = 0
        self._last_card: Card | None = None
        self._choice: asyncio.Future[Action] | None = None
        self._dialogs: list[Screen[Any]] = []
        self._deciding = False  # a decision dialog of the loop is open
        self._drawn: tuple[object, ...] | None = None
        self._log_mounting = False
        self._log_mounted = asyncio.Event()
        self._first_frame = asyncio.Event()
        self._resumed = False
        self._result_due = False  # a redone round's end: the loop shows its result first
        self._hint: tuple[int, str] | None = None  # (the session's version it is for, words)

    def post_message(self, message: Message) -> bool:
        if isinstance(message, events.ScreenResume) and not self._resumed:
            # Pushed, the table is made active once its widgets are mounted and styled: Textual
            # would style every one of them again before the first frame (some 8 ms) to the same
            # result. Later resumes (a dialog closed) do restyle.
            self._resumed = True
            message = events.ScreenResume(refresh_styles=False)
        return super().post_message(message)

    # --- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TooSmall()
        n = len(self.session.players)
        yield TableLayout(
            # The game log's box, empty until just after the first frame with the cards in
            # it: Textual's RichLog brings in rich.pretty and attrs, some 13 ms (`_mount_log`).
            side=[Static(id="gamelog-wait", classes="gamelog")],
            hand_focusable=True,
            # the other seats' panels come with the table: its first frame shows the deal
            seats=tuple((self.viewer + k) % n for k in range(1, n)),
            large_from=TABLE_LARGE,
            id="layout",
        )
        yield HanaFooter(show_command_palette=not self.ascii_mode)

    def on_mount(self) -> None:
        self.query_one("#gamelog-wait").border_title = Content("Game")
        # Dealt before the first drawing (the turn loop would deal next): the table's first
        # frame is the dealt table, not an empty one followed by the deal.
        self.session.settle()
        if self._opening_note is not None:
            self._note = (self.session.version, self._opening_note)
        self.refresh_table(force=True)
        self.call_after_refresh(self._drawn_first)
        self.start_loop()

    def _drawn_first(self) -> None:
        """The table's first frame is drawn: the collector goes back to its usual pace, and a
        computer seat may start thinking (`_computer_move`)."""
        from hanatui.app.startup import resume_collection

        resume_collection()
        self._first_frame.set()

    async def _mount_log(self) -> None:
        """Put the game log in its box (after the first frame with the cards in it, or before
        the loop's first dialog covers the table) and write what happened so far."""
        from textual.widgets import RichLog

        if self._log_mounted.is_set() or not self.is_attached:
            return
        if self._log_mounting:  # mounting already (after the first frame): wait for it
            await self._log_mounted.wait()
            return
        self._log_mounting = True
        wait = self.query_one("#gamelog-wait")
        log = RichLog(
            id="gamelog",
            classes="gamelog",
            wrap=True,
            markup=False,
            highlight=False,
            auto_scroll=True,
            min_width=20,
        )
        log.border_title = Content("Game")
        await self.query_one("#side").mount(log, before=wait)
        await wait.remove()
        self.rebuild_log()
        self._log_mounted.set()

    def on_resize(self) -> None:
        self.call_after_refresh(self._after_resize)

    def _after_resize(self) -> None:
        if not self.is_attached:  # left the screen stack before this refresh came
            return
        self._rewrap_log()
        layout = self.layout_widget
        was_compact = layout.has_class("-compact")
        self.refresh_table(force=True)
        if layout.has_class("-compact") != was_compact:
            # the side column just folded or unfolded: the columns take their new widths at the
            # next refresh, and what is cut to a column's width is drawn again then
            self.call_after_refresh(self._after_resize)
        self._focus_hand()

    def _rewrap_log(self) -> None:
        """The log's lines wrap at its width: wrap them again if it changed (a folded log has
        none, and is wrapped when it unfolds)."""
        if not self.is_attached:
            return
        log = self.game_log
        width = log.size.width if log is not None else 0
        if width and width != self._log_width:
            self._log_width = width
            self.rebuild_log()

    def on_table_layout_panels_ready(self, message: TableLayout.PanelsReady) -> None:
        message.stop()
        self.refresh_table(force=True)
        if self._choice is not None:
            # the hand just drawn is the one to play from (hot-seat: after the hand-over)
            self._focus_hand()

    def on_screen_resume(self) -> None:
        self.refresh_table(force=True)
        self._focus_hand()

    # --- the turn loop ------------------------------------------------------------------------
    def start_loop(self) -> None:
        self.turn_loop()

    def stop_loop(self) -> None:
        """Cancel the loop and close every screen it opened."""
        self.workers.cancel_group(self, "turns")
        self.workers.cancel_group(self, "hint")
        if self._choice is not None and not self._choice.done():
            self._choice.cancel()
        self._choice = None
        while self._dialogs:
            dialog = self._dialogs.pop()
            if dialog in self.app.screen_stack:
                while self.app.screen is not dialog:
                    self.app.pop_screen()
                self.app.pop_screen()
        self._deciding = False

    async def _ask(self, screen: Screen[Any], *, deciding: bool = True) -> Any:
        """Open a screen of the loop and await its answer."""
        # A screen under a dialog is not refreshed: the log goes in before it is covered.
        await self._mount_log()
        self._dialogs.append(screen)
        self._deciding = deciding
        if deciding:
            self._highlight_matches()
        try:
            return await self.app.push_screen_wait(screen)
        finally:
            if screen in self._dialogs:
                self._dialogs.remove(screen)
            self._deciding = False

    def _unseen_result(self) -> list[Event]:
        """The round's end the table has not shown yet: redone, the last events end a round
        and the next is not dealt (its result is shown again before the deal)."""
        tail: list[Event] = []
        for ev in reversed(self.session.events):
            if isinstance(ev, Dealt):
                return []
            tail.append(ev)
            if isinstance(ev, RoundEnded):
                return tail[::-1]
        return []

    @work(exclusive=True, group="turns", exit_on_error=True)
    async def turn_loop(self) -> None:
        session = self.session
        if self._result_due:
            self._result_due = False
            await self._after_events(self._unseen_result())
        while self.is_attached:
            session.settle()
            self.refresh_table()
            if session.over:
                await self._match_over()
                return
            seat = session.to_act()
            if seat is None or not session.plays_here(seat):
                # a seat played elsewhere (network play) is to move: wait for its events
                moved = await session.wait_for_others()
                if moved is None:
                    return
                await self._after_events(moved)
                continue
            if session.is_human(seat):
                action = await self._human_decision(seat)
                if action is None:
                    continue
            else:
                action = await self._computer_move(seat)
            events = await session.perform(action)
            await self._after_events(events)

    async def _human_decision(self, seat: int) -> Action | None:
        # Each dialog's module loads when the loop first needs it, not before the first frame.
        session = self.session
        if self.keyboard != seat:
            if len(session.humans) > 1:
                from hanatui.app.screens.decisions import HandOverScreen

                self.refresh_table(force=True)
                await self._ask(HandOverScreen(session.players[seat]), deciding=False)
            self.keyboard = seat
        if self.viewer != seat:
            self.viewer = seat
        self.refresh_table()  # drawn again if the seat at the keyboard changed
        legal = session.legal()
        if legal and all(isinstance(a, ChooseCapture) for a in legal):
            from hanatui.app.screens.decisions import CaptureDialog

            choices = [a for a in legal if isinstance(a, ChooseCapture)]
            same = self._same_choice(choices)
            if same is not None:
                return same  # recorded as a choice all the same (the log's CaptureChosen)
            chosen: Action | None = await self._ask(
                CaptureDialog(choices, ascii_mode=self.ascii_mode)
            )
            return chosen
        if any(isinstance(a, CallKoiKoi | CallShobu) for a in legal):
            from hanatui.app.screens.decisions import KoiKoiDialog, koikoi_choice

            calls = self._koikoi_calls().get(seat, 0)
            dialog = KoiKoiDialog.for_session(session, seat, calls, ascii_mode=self.ascii_mode)
            koikoi = await self._ask(dialog)
            return None if koikoi is None else koikoi_choice(seat, koikoi)
        hiki = [a for a in legal if isinstance(a, DeclareHiki)]
        if hiki and self._hiki_declined != session.version:
            from hanatui.app.screens.decisions import HikiDialog

            declared: DeclareHiki | None = await self._ask(
                HikiDialog(hiki, ascii_mode=self.ascii_mode)
            )
            if declared is None:
                self._hiki_declined = session.version
            return declared
        self._focus_hand()
        self._choice = asyncio.get_running_loop().create_future()
        try:
            return await self._choice
        finally:
            self._choice = None

    def _same_choice(self, choices: list[ChooseCapture]) -> ChooseCapture | None:
        """The choice to make without asking, when the setting is on and every target is worth
        the same under the rules in force (`core.games.registry.same_worth`): the first."""
        settings = getattr(self.app, "settings", None)
        if not getattr(settings, "same_choice_auto", False) or len(choices) < 2:
            return None
        rules = self.session.state.rules
        first = choices[0].target
        if first is None or any(
            c.target is None or c.card != choices[0].card or not same_worth(rules, first, c.target)
            for c in choices
        ):
            return None
        return choices[0]

    async def _computer_move(self, seat: int) -> Action:
        """The computer seat's move, thought out off the UI thread, at the chosen pace."""
        # Not while the table's first frame is being drawn: the thinking (and importing the
        # computer player) on another thread would hold the interpreter meanwhile. (Bounded:
        # a table covered before its first frame is not refreshed until it shows again.)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._first_frame.wait(), FIRST_FRAME_WAIT)
        state = self.session.state
        started = time.monotonic()
        try:
            action = await think(self.session.bot_choice, state)
        except Exception as exc:  # a broken computer player must not end the game: play on
            action = legal_actions(state)[0]
            self.notify(
                f"The computer player failed ({error_text(exc)}); it made the first legal move.",
                markup=False,
                severity="warning",
            )
        pace = float(getattr(self.app, "pace", 0.0))
        rest = pace - (time.monotonic() - started)
        if rest > 0:
            await asyncio.sleep(rest)
        return action

    async def _after_events(self, events: list[Event]) -> None:
        for ev in events:
            card = getattr(ev, "card", None)
            if isinstance(card, Card):
                self._last_card = card
        landed = self._last_card
        self.refresh_table()
        if landed is not None and self.session.state.field & landed.bit:
            self.call_after_refresh(self._flash, landed)
        ended = [e for e in events if isinstance(e, RoundEnded)]
        if ended:
            from hanatui.app.screens.results import RoundResultScreen

            last = any(isinstance(e, MatchEnded) for e in events)
            await self._ask(
                RoundResultScreen(
                    ended[-1], self.session.players, self.session.state.rules, last=last
                ),
                deciding=False,
            )
            self._last_card = None

    async def _match_over(self) -> None:
        from hanatui.app.screens.results import MatchResultScreen

        session = self.session
        saved = session.archive()
        final = next((e for e in reversed(session.events) if isinstance(e, MatchEnded)), None)
        if final is None:
            return
        choice = await self._ask(
            MatchResultScreen(
                final, session.players, session.state.history, str(saved) if saved else None
            ),
            deciding=False,
        )
        app = self.app
        _leave(app)
        if choice == "new":
            await app.run_action("new_game")
        elif choice == "replay" and saved is not None:
            hana_app(app).open_replay(saved)

    @property
    def waiting(self) -> bool:
        """The turn loop waits for a person (a card, a dialog) or has ended."""
        from textual.worker import WorkerState

        running = [
            w
            for w in self.workers
            if w.group == "turns" and w.state in (WorkerState.PENDING, WorkerState.RUNNING)
        ]
        return not running or self._choice is not None or bool(self._dialogs)

    # --- actions ------------------------------------------------------------------------------
    def _my_turn(self) -> bool:
        seat = self.session.to_act()
        return (
            self._choice is not None
            and seat is not None
            and seat == self.viewer
            and self.session.is_human(seat)
            and self.keyboard == seat
        )

    def may_undo(self) -> bool:
        """The seat at the keyboard may take back its own last decision (with only one human at
        the table, that human's; computers' replies go with it)."""
        return self.keyboard is not None and self.session.can_undo(self.keyboard)

    def undo_key_answers(self) -> bool:
        """Whether the undo key does something: at a hot-seat table it also answers when the
        last decision is another player's (it says only they can take it back)."""
        return self.session.can_undo()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hiki":
            if not game_for(self.session.state.rules).offers_hiki:
                return False  # no hiki in this game: the footer does not offer the key
            hiki = any(isinstance(a, DeclareHiki) for a in self.session.legal())
            return True if hiki and self._my_turn() else None
        if action in ("play", "play_index", "hint", "move"):
            return True if self._my_turn() else None
        return True

    def undo(self) -> None:
        """Take back the keyboard seat's last decision, from anywhere (a dialog included)."""
        seat = self.keyboard
        if seat is None or not self.session.can_undo():
            self.app.bell()
            return
        if not self.session.can_undo(seat):
            other = self.session.undo_seat()
            name = self.session.players[other].name if other is not None else "another player"
            self.notify(
                f"Only {name} can take back their own move.", markup=False, severity="warning"
            )
            return
        self.stop_loop()
        self.session.undo(seat)
        self._after_history_change()  # the caption says it: "You took back a move (undo no. 1)"

    def redo(self) -> None:
        if not self.session.can_redo():
            self.app.bell()
            return
        self.stop_loop()
        self.session.redo()
        # a redo that brings back a round's end shows its result again, as the play did
        self._result_due = bool(self._unseen_result())
        self._after_history_change()

    def _after_history_change(self) -> None:
        self._last_card = None
        self._hiki_declined = None
        self.rebuild_log()
        self.refresh_table(force=True)
        self.start_loop()

    def action_move(self, delta: int) -> None:
        hand = self.hand_row
        if not hand.can_focus:
            return
        if hand.has_focus:
            hand.move_cursor(delta)
        else:  # the first arrow brings the focus back to where the cursor was
            hand.focus_card(hand.cursor)

    def action_play(self) -> None:
        card = self._focused_hand_card()
        if card is None:
            self._focus_hand()
            return
        self._play_card(card)

    def action_play_index(self, index: int) -> None:
        hand = self.hand_row
        if 0 <= index < len(hand.cards):
            hand.focus_card(index)
            self._play_card(hand.cards[index])

    def _play_card(self, card: Card | None) -> None:
        if card is None or not self._my_turn() or self._choice is None:
            return
        action = PlayCard(seat=self.viewer, card=card)
        if action not in self.session.legal():
            self.app.bell()
            return
        if not self._choice.done():
            self._choice.set_result(action)

    def on_card_row_picked(self, message: CardRow.Picked) -> None:
        row = message.row
        if row.role == "hand":
            row.focus_card(message.index)
            self._play_card(message.card)

    def on_card_row_hovered(self, message: CardRow.Hovered) -> None:
        row = message.row
        if message.index is None:  # the pointer left: back to the card at the cursor
            under = self.app.mouse_over
            if isinstance(under, CardRow) and under is not row:
                return  # it went to another row, which speaks for itself (maybe first)
            self._highlight_matches()
        elif row.role == "hand":
            self._highlight_matches(message.card, pointed=True)
        else:
            self._status(message.card, row.role)

    def action_hiki(self) -> None:
        if not self._my_turn() or self._choice is None:
            return
        hiki = [a for a in self.session.legal() if isinstance(a, DeclareHiki)]
        if hiki:
            self._hiki_declined = None  # asked for: the loop opens the dialog again
            self.stop_loop()
            self.start_loop()

    def action_hint(self) -> None:
        """Ask the strong computer player what it would do here (off the UI thread)."""
        if not self._my_turn():
            return
        # said on the table (the panel of the seat at the bottom), not in a toast over it: a
        # toast covered the status line, and one landed on the round's result after the turn
        self._hint = (
            self.session.version,
            "thinking about a hint" + glyphs(self.ascii_mode)["more"],
        )
        self.refresh_table(force=True)
        self.hint_worker(self.session.version, self.session.state, self.viewer)

    @work(exclusive=True, group="hint")
    async def hint_worker(self, version: int, state: Any, seat: int) -> None:
        from hanatui.bots.hint import describe_hint, hint

        found = await think(partial(hint, state, seat, seconds=2.0))
        if found is None or version != self.session.version or not self.is_attached:
            return
        action, expected = found
        self._hint = (version, "hint: " + describe_hint(action, expected))
        self.refresh_table(force=True)
        if isinstance(action, PlayCard):
            hand = self.hand_row
            if action.card in hand.cards:
                hand.focus_card(hand.cards.index(action.card))

    def action_scores(self) -> None:
        from hanatui.app.screens.results import ScoreSheetScreen

        state = self.session.state
        self.app.push_screen(ScoreSheetScreen(state.players, state.history, state.totals))

    def action_toggle_log(self) -> None:
        opened = self.layout_widget.toggle_side()
        if opened:
            self.call_after_refresh(self._rewrap_log)
        else:
            self._focus_hand()

    def action_help(self) -> None:
        from hanatui.app.screens.dialogs import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_leave(self) -> None:
        self.stop_loop()
        _leave(self.app)
        refresh = getattr(self.app, "refresh_title", None)
        if refresh is not None:
            refresh()


def _leave(app: Any) -> None:
    """Take the table on top away: `HanaApp.leave_table` puts the title in its place when the
    table is the bottom screen (the app opened on it); another app's table is popped."""
    leave = getattr(app, "leave_table", None)
    if leave is not None:
        leave()
    else:
        app.pop_screen()


__all__ = ["TableNote", "TableScreen"]
