"""The table: where a match is played.

The screen draws the `View` of the seat at the keyboard and turns keys and clicks into actions.
Everything stateful goes through the `Session`; computer seats move in an exclusive worker.
"""

from __future__ import annotations

import time

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static
from textual.worker import get_current_worker

from core.actions import Action, CallKoiKoi, CallShobu, ChooseCapture, DeclareHiki, PlayCard
from core.cards import ALL_MASK, MONTH_MASKS, Card, cards_of
from core.engine import legal_actions
from core.events import Dealt, Event, KoiKoiCalled, MatchEnded, RoundEnded
from core.view import View
from hanatui.app.describe import (
    describe_event,
    game_title,
    has_yaku,
    month_of_round,
    near_yaku,
    yaku_of,
)
from hanatui.app.screens.dialogs import (
    CaptureDialog,
    HandOverScreen,
    HelpScreen,
    HikiDialog,
    KoiKoiDialog,
    MatchResultScreen,
    RoundResultScreen,
    koikoi_choice,
)
from hanatui.app.widgets import (
    CardRow,
    CardWidget,
    SeatPanel,
    TooSmall,
    captures_content,
    show_field,
)
from hanatui.session import Session


class TableScreen(Screen[None]):
    """A match in progress."""

    DEFAULT_CSS = """
    TableScreen { background: $hana-felt; }
    TableScreen #topbar { height: 1; background: $panel; color: $foreground; padding: 0 1; }
    TableScreen #main { height: 1fr; }
    TableScreen #left { width: 1fr; height: 1fr; scrollbar-size-vertical: 1; }
    TableScreen #side { width: 36; height: 1fr; }
    TableScreen #opponents { height: auto; }
    TableScreen #opponents.-compact { border: round $panel-lighten-2; height: auto; }
    TableScreen #field-panel { height: auto; border: round $panel-lighten-2; padding: 0 1; }
    TableScreen #field-panel .rowwrap { height: auto; }
    TableScreen #you { height: auto; border: round $panel-lighten-2; padding: 0 1; }
    TableScreen #you.-to-act { border: round $accent; }
    TableScreen #gamelog { height: 1fr; border: round $panel-lighten-2; background: $surface; }
    TableScreen #status { height: 4; padding: 0 1; background: $panel; }
    TableScreen .line { height: auto; }
    """

    BINDINGS = [
        Binding("left,h", "move(-1)", "Choose", id="table.left", show=False),
        Binding("right,l", "move(1)", "Choose", id="table.right", show=False),
        Binding("up,k", "move(-1)", "Previous", id="table.up", show=False),
        Binding("down,j", "move(1)", "Next", id="table.down", show=False),
        Binding("enter,space", "play", "Play", id="table.play"),
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
        Binding("ctrl+z,u", "undo", "Undo", id="table.undo"),
        Binding("ctrl+y,r", "redo", "Redo", id="table.redo"),
        Binding("d", "hiki", "Hiki", id="table.hiki"),
        Binding("i", "hint", "Hint", id="table.hint"),
        Binding("question_mark", "help", "Help", id="table.help"),
        Binding("escape", "leave", "Title", id="table.leave"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        humans = session.humans
        self.viewer = humans[0] if humans else 0
        self._handed_over: int | None = None if len(humans) > 1 else self.viewer
        self._busy = False  # a dialog or a result screen is open
        self._logged = 0
        self._hiki_declined: int | None = None
        self._result_shown = False
        self._last_card: Card | None = None
        self._panels: dict[int, SeatPanel] = {}
        self._panels_viewer = -1
        self._hand_cursor = -1
        self._drawn: tuple[object, ...] | None = None

    # --- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield Static(id="topbar")
        with Horizontal(id="main"):
            with VerticalScroll(id="left"):
                yield Vertical(id="opponents")
                with Vertical(id="field-panel"):
                    yield Vertical(classes="rowwrap", id="field-rows")
                with Vertical(id="you"):
                    yield Static(classes="line", id="you-took")
                    yield Static(classes="line", id="you-near")
                    yield CardRow(role="hand", focusable=True, id="hand")
            with Vertical(id="side"):
                yield RichLog(
                    id="gamelog",
                    wrap=True,
                    markup=False,
                    highlight=False,
                    auto_scroll=True,
                    min_width=20,
                )
                yield Static(id="status")
        yield Footer()

    @property
    def _marker(self) -> str:
        return "> " if self.ascii_mode else "▶ "

    @property
    def ascii_mode(self) -> bool:
        return bool(getattr(self.app, "ascii_mode", False))

    def on_mount(self) -> None:
        self.query_one("#gamelog", RichLog).border_title = Content("Game")
        self._build_opponents()
        self.call_after_refresh(self.drive)

    def _build_opponents(self) -> None:
        """One panel per other seat, in seat order after the viewer's."""
        n = self.session.state.num_players
        opponents = [(self.viewer + k) % n for k in range(1, n)]
        box = self.query_one("#opponents", Vertical)
        box.set_class(len(opponents) > 2, "-compact")
        for panel in self._panels.values():
            panel.remove()
        self._panels = {}
        for seat in opponents:
            panel = SeatPanel(classes=f"seat-{seat}")
            panel.set_class(len(opponents) > 2, "-compact")
            self._panels[seat] = panel
        box.mount_all(self._panels.values())
        self._panels_viewer = self.viewer

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_table, True)

    # --- drawing ------------------------------------------------------------------------------
    def refresh_table(self, force: bool = False) -> None:
        if not self.is_attached:
            return
        key = (
            self.session.version,
            len(self.session.events),
            self.viewer,
            self._handed_over,
            self.ascii_mode,
            self.size,
            self._busy,
        )
        if key == self._drawn and not force:
            return
        self._drawn = key
        session = self.session
        state = session.state
        view = session.view(self.viewer)
        show_hand = self._handed_over == self.viewer
        ascii_mode = self.ascii_mode
        to_act = session.to_act()
        self._draw_topbar(view)
        taken = 0
        for c in view.captures:
            taken |= c.mask
        yaku_game = has_yaku(state.rules)
        # opponents: panels in turn order from the viewer, rebuilt when the viewer changes
        if self._panels_viewer != self.viewer:
            self._build_opponents()
            self.call_after_refresh(self.refresh_table, True)
            return
        if any(not panel.is_mounted for panel in self._panels.values()):
            self.call_after_refresh(self.refresh_table, True)
            return
        for seat, panel in self._panels.items():
            player = view.players[seat]
            level = f" ({player.bot})" if player.kind == "bot" and player.bot else ""
            marker = (
                self._marker if to_act == seat or (state.turn == seat and to_act is None) else ""
            )
            dealer = " · dealer" if view.dealer == seat else ""
            team = self._team_label(view, seat)
            title = Content.assemble(
                marker, (player.name, "bold"), f"{level} · {view.totals[seat]} pts{dealer}{team}"
            )
            near = self._near_content(view, seat, taken) if yaku_game else None
            if (
                near is not None
                and panel.has_class("-compact")
                and near.plain.rstrip().endswith("—")
                and "yaku" not in near.plain
            ):
                near = None
            panel.show(
                title=title,
                count=view.hand_counts[seat] if view.hand_counts else 0,
                took=captures_content(
                    view.captures[seat] if view.captures else (), ascii_mode=ascii_mode
                ),
                near=near,
                to_act=to_act == seat,
                ascii_mode=ascii_mode,
            )
        # field
        field_panel = self.query_one("#field-panel", Vertical)
        field_panel.border_title = Content("Field")
        field_panel.border_subtitle = Content(f"pile {view.pile_count}")
        self._draw_field(view, ascii_mode)
        # you
        you = self.query_one("#you", Vertical)
        me = view.players[self.viewer]
        marker = self._marker if to_act == self.viewer else ""
        dealer = " · dealer" if view.dealer == self.viewer else ""
        team = self._team_label(view, self.viewer)
        you.border_title = Content.assemble(
            marker, (me.name, "bold"), f" · {view.totals[self.viewer]} pts{dealer}{team}"
        )
        you.set_class(to_act == self.viewer, "-to-act")
        you.border_subtitle = Content(self._prompt(view, to_act))
        self.query_one("#you-took", Static).update(
            Content("took  ")
            + captures_content(
                view.captures[self.viewer] if view.captures else (), ascii_mode=ascii_mode
            )
        )
        near_widget = self.query_one("#you-near", Static)
        near_widget.display = yaku_game
        if yaku_game:
            near_widget.update(self._near_content(view, self.viewer, taken))
        hand_row = self.query_one("#hand", CardRow)
        if show_hand:
            hand = list(view.hand)
            classes = {}
            field_months = {c.month for c in view.field}
            for c in hand:
                if c.month in field_months:
                    classes[c] = "-capturer"
            hand_row.show(hand, ascii_mode=ascii_mode, classes=classes)
        else:
            hand_row.show(
                [None] * (view.hand_counts[self.viewer] if view.hand_counts else 0),
                ascii_mode=ascii_mode,
            )
        self._highlight_matches()
        self._sync_log()
        self.refresh_bindings()

    def _draw_topbar(self, view: View) -> None:
        state = self.session.state
        parts: list[str | tuple[str, str]] = [
            ("hanatui", "bold $accent"),
            f" · {game_title(view.rules.game)}",
        ]
        if view.round:
            parts.append(f" · Round {view.round} of {view.rules.rounds}")
            if view.rules.game == "koikoi":
                parts.append(f" ({month_of_round(state)})")
        if 0 <= view.dealer < view.num_players:
            parts.append(" · dealer: ")
            parts.append(view.players[view.dealer].name)
        calls = self._koikoi_calls()
        for seat, n in calls.items():
            parts.append(" · koi-koi: ")
            parts.append(view.players[seat].name)
            parts.append(f" ×{n}")
        parts.append("   ")
        for seat, p in enumerate(view.players):
            parts.append(("  ", ""))
            parts.append((p.name, "bold" if seat == self.viewer else ""))
            parts.append(f" {view.totals[seat]}")
        self.query_one("#topbar", Static).update(Content.assemble(*parts))

    def _team_label(self, view: View, seat: int) -> str:
        """' · team A (yours)' when the rules seat teams, else ''."""
        from core.games.registry import game_for

        units = game_for(view.rules).teams(view.rules, view.num_players)
        for i, unit in enumerate(units):
            if seat in unit and len(unit) > 1:
                yours = " (yours)" if self.viewer in unit and seat != self.viewer else ""
                return f" · team {'ABCDEFG'[i]}{yours}"
        return ""

    def _flash(self, card: Card) -> None:
        """A short flash on the card that just landed on the field (if animations are on)."""
        if self.app.animation_level == "none" or not self.is_attached:
            return
        for row in self.query("#field-rows CardRow").results(CardRow):
            for widget in row.cards:
                if widget.card is card:
                    widget.add_class("-flash")
                    self.set_timer(0.6, lambda w=widget: w.remove_class("-flash"))

    def _koikoi_calls(self) -> dict[int, int]:
        calls: dict[int, int] = {}
        for ev in reversed(self.session.events):
            if isinstance(ev, Dealt):
                break
            if isinstance(ev, KoiKoiCalled) and not ev.play_on:
                calls[ev.seat] = calls.get(ev.seat, 0) + 1
        return calls

    def _near_content(self, view: View, seat: int, taken: int) -> Content:
        mine = view.captures[seat].mask if view.captures else 0
        held = yaku_of(view.rules, mine)
        near = near_yaku(view.rules, mine, taken)
        parts: list[str | tuple[str, str]] = []
        if held:
            parts.append(("yaku  ", "bold"))
            parts.append(" · ".join(f"{n} {p}" for n, p in held))
            parts.append("   ")
        parts.append("near  ")
        parts.append(
            " · ".join(f"{n} {have}/{need}" for n, have, need in near[:4]) if near else "—"
        )
        return Content.assemble(*parts)

    def _draw_field(self, view: View, ascii_mode: bool) -> None:
        rows_box = self.query_one("#field-rows", Vertical)
        width = max(rows_box.size.width, self.query_one("#left").size.width - 4, 7)
        show_field(rows_box, width, view.field, ascii_mode=ascii_mode, last=self._last_card)

    def _prompt(self, view: View, to_act: int | None) -> str:
        session = self.session
        if session.over:
            return "the match is over"
        if to_act is None:
            return ""
        if to_act == self.viewer and session.is_human(to_act):
            if view.phase == "choose":
                return "choose a capture"
            if view.phase == "decide":
                return "koi-koi or shobu?"
            return "your turn: ←→ choose · enter play"
        return f"{view.players[to_act].name} is playing…"

    def _focused_hand_card(self) -> CardWidget | None:
        focused = self.focused
        if isinstance(focused, CardWidget) and focused.role == "hand":
            return focused
        return None

    def _highlight_matches(self, widget: CardWidget | None = None) -> None:
        widget = widget or self._focused_hand_card()
        month = widget.card.month if widget is not None and widget.card is not None else None
        for row in self.query("#field-rows CardRow").results(CardRow):
            for w in row.cards:
                w.set_class(
                    month is not None and w.card is not None and w.card.month == month, "-match"
                )
        self._status(widget)

    def _status(self, widget: CardWidget | None) -> None:
        status = self.query_one("#status", Static)
        if widget is None or widget.card is None:
            status.update(Content(""))
            return
        card = widget.card
        ja = "" if self.ascii_mode else f"  ({card.name_ja})"
        line1 = Content.assemble((card.description, f"bold {_var(card)}"), ja)
        if widget.role == "hand":
            matches = cards_of(self.session.state.field & MONTH_MASKS[card.month - 1])
            if not matches:
                line2 = "no match: it joins the field"
            elif len(matches) == 2:
                line2 = "two matches: you choose " + " or ".join(c.value for c in matches)
            else:
                line2 = "captures " + " ".join(c.value for c in matches) + " on the field"
        else:
            line2 = f"{card.month_name}, {card.kind.label}"
        status.update(line1 + Content("\n" + line2))

    def _sync_log(self) -> None:
        log = self.query_one("#gamelog", RichLog)
        events = self.session.events
        states = self.session.timeline.states
        if self._logged > len(events):
            log.clear()
            self._logged = 0
        for i in range(self._logged, len(events)):
            line = describe_event(events[i], states[i - 1] if i else None, states[i], self.viewer)
            if line:
                log.write(Text(line))
        self._logged = len(events)

    def rebuild_log(self) -> None:
        self.query_one("#gamelog", RichLog).clear()
        self._logged = 0
        self._sync_log()

    # --- the flow of play ---------------------------------------------------------------------
    def drive(self) -> None:
        """Move the game on: deal when due, show results, hand over, prompt, or let a bot move."""
        if self._busy or not self.is_attached:
            return
        session = self.session
        session.settle()
        self.refresh_table()
        if session.over:
            self._show_match_result()
            return
        seat = session.to_act()
        if seat is None:
            return
        if session.is_human(seat):
            if self._handed_over != seat:
                if len(session.humans) > 1:
                    self._busy = True
                    self.app.push_screen(
                        HandOverScreen(session.players[seat]), self._after_handover(seat)
                    )
                    return
                self._handed_over = seat
            if self.viewer != seat:
                self.viewer = seat
                self.refresh_table()
            self._prompt_decision(seat)
            self._focus_hand()
        else:
            self.bot_move(session.version, session.state, len(session.events))

    def _after_handover(self, seat: int):  # type: ignore[no-untyped-def]
        def done(_: None) -> None:
            self._busy = False
            self._handed_over = seat
            self.viewer = seat
            self.refresh_table()
            self.drive()

        return done

    def _focus_hand(self) -> None:
        def focus() -> None:
            if self._focused_hand_card() is None:
                cards = self.query_one("#hand", CardRow).cards
                if cards and cards[0].can_focus:
                    cards[0].focus()

        self.call_after_refresh(focus)

    def _prompt_decision(self, seat: int) -> None:
        legal = self.session.legal()
        if legal and all(isinstance(a, ChooseCapture) for a in legal):
            self._busy = True
            choices = [a for a in legal if isinstance(a, ChooseCapture)]
            self.app.push_screen(
                CaptureDialog(choices, ascii_mode=self.ascii_mode), self._after_dialog
            )
            return
        if any(isinstance(a, (CallKoiKoi, CallShobu)) for a in legal):
            self._busy = True
            self.app.push_screen(self._koikoi_dialog(seat), self._after_koikoi(seat))
            return
        hiki = [a for a in legal if isinstance(a, DeclareHiki)]
        if hiki and self._hiki_declined != self.session.version:
            self._busy = True
            self.app.push_screen(HikiDialog(hiki, ascii_mode=self.ascii_mode), self._after_hiki)

    def _koikoi_dialog(self, seat: int) -> KoiKoiDialog:
        view = self.session.view(seat)
        mine = view.captures[seat].mask
        taken = 0
        for c in view.captures:
            taken |= c.mask
        threats: list[str] = []
        for other in range(view.num_players):
            if other == seat:
                continue
            theirs = view.captures[other].mask
            threats += [f"{n} {p}" for n, p in yaku_of(view.rules, theirs)]
            threats += [f"{n} {h}/{k}" for n, h, k in near_yaku(view.rules, theirs, taken, 1)]
        return KoiKoiDialog(
            yaku=yaku_of(view.rules, mine),
            preview=self.session.preview_shobu(),
            seat=seat,
            threats=threats,
            calls=self._koikoi_calls().get(seat, 0),
        )

    def _after_koikoi(self, seat: int):  # type: ignore[no-untyped-def]
        def done(koikoi: bool | None) -> None:
            self._busy = False
            if koikoi is None:
                return
            self.apply_action(koikoi_choice(seat, koikoi))

        return done

    def _after_dialog(self, action: Action | None) -> None:
        self._busy = False
        if action is not None:
            self.apply_action(action)

    def _after_hiki(self, action: DeclareHiki | None) -> None:
        self._busy = False
        if action is None:
            self._hiki_declined = self.session.version
            self._focus_hand()
            return
        self.apply_action(action)

    def apply_action(self, action: Action) -> None:
        events = self.session.act(action)
        self._after_events(events)

    def _after_events(self, events: list[Event]) -> None:
        for ev in events:
            card = getattr(ev, "card", None)
            if isinstance(card, Card):
                self._last_card = card
        landed = self._last_card
        if landed is not None and self.session.state.field & landed.bit:
            self.call_after_refresh(self._flash, landed)
        ended = [e for e in events if isinstance(e, RoundEnded)]
        self.refresh_table()
        if ended:
            self._busy = True
            last = any(isinstance(e, MatchEnded) for e in events)
            self.app.push_screen(
                RoundResultScreen(ended[-1], self.session.players, last=last), self._after_round
            )
            return
        self.drive()

    def _after_round(self, _: None) -> None:
        self._busy = False
        self._last_card = None
        self.drive()

    def _show_match_result(self) -> None:
        if self._result_shown:
            return
        self._result_shown = True
        session = self.session
        saved = session.archive()
        final = next((e for e in reversed(session.events) if isinstance(e, MatchEnded)), None)
        if final is None:
            return
        self._busy = True
        self.app.push_screen(
            MatchResultScreen(
                final, session.players, session.state.history, str(saved) if saved else None
            ),
            self._after_match,
        )

    def _after_match(self, choice: str | None) -> None:
        self._busy = False
        app = self.app
        app.pop_screen()
        if choice == "new":
            app.action_new_game()  # type: ignore[attr-defined]

    @work(exclusive=True, group="bot", thread=True)
    def bot_move(self, version: int, state, events: int) -> None:  # type: ignore[no-untyped-def]
        """A computer seat thinks (off the UI thread) and moves at the chosen pace."""
        worker = get_current_worker()
        started = time.monotonic()
        try:
            action = self.session.bot_choice(state, events)
        except Exception as exc:  # a broken computer player must not end the game: play on
            legal = legal_actions(state)
            if not legal:
                return
            action = legal[0]
            self.app.call_from_thread(
                self.notify,
                Content(f"The computer player failed ({exc}); it made the first legal move."),
                severity="warning",
            )
        pace = float(getattr(self.app, "pace", 0.0))
        while not worker.is_cancelled and time.monotonic() - started < pace:
            time.sleep(0.02)
        if worker.is_cancelled:
            return
        self.app.call_from_thread(self._apply_bot, version, action)

    def _apply_bot(self, version: int, action: Action) -> None:
        if version != self.session.version or self._busy or not self.is_attached:
            return
        self.apply_action(action)

    # --- actions ------------------------------------------------------------------------------
    def _my_turn(self) -> bool:
        seat = self.session.to_act()
        return (
            not self._busy
            and seat is not None
            and seat == self.viewer
            and self.session.is_human(seat)
            and self._handed_over == seat
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self.session.can_undo() else None
        if action == "redo":
            return True if self.session.can_redo() else None
        if action == "hiki":
            return True if any(isinstance(a, DeclareHiki) for a in self.session.legal()) else False
        if action in ("play", "play_index", "hint"):
            return True if self._my_turn() else None
        return True

    def action_move(self, delta: int) -> None:
        cards = [w for w in self.query_one("#hand", CardRow).cards if w.can_focus and w.is_mounted]
        if not cards:
            return
        current = self._focused_hand_card()
        if current in cards:
            index = cards.index(current)
        else:
            index = min(self._hand_cursor, len(cards) - 1) - delta if self._hand_cursor >= 0 else -1
        cards[(index + delta) % len(cards)].focus()

    def action_play(self) -> None:
        widget = self._focused_hand_card()
        if widget is not None:
            self._play_card(widget.card)

    def action_play_index(self, index: int) -> None:
        cards = self.query_one("#hand", CardRow).cards
        if 0 <= index < len(cards):
            cards[index].focus()
            self._play_card(cards[index].card)

    def _play_card(self, card: Card | None) -> None:
        if card is None or not self._my_turn():
            return
        action = PlayCard(seat=self.viewer, card=card)
        if action not in self.session.legal():
            self.app.bell()
            return
        self.apply_action(action)

    def on_card_widget_picked(self, message: CardWidget.Picked) -> None:
        widget = message.card_widget
        if widget.role == "hand":
            if widget.can_focus:
                widget.focus()
            self._play_card(widget.card)

    def on_card_widget_hovered(self, message: CardWidget.Hovered) -> None:
        widget = message.card_widget
        if widget is not None and widget.role == "hand" and widget.has_focus:
            self._hand_cursor = widget.index
        if widget is None:
            widget = self._focused_hand_card()
        if widget is not None and widget.role == "hand":
            self._highlight_matches(widget)
        else:
            self._status(widget)

    def action_undo(self) -> None:
        if self._busy or not self.session.can_undo():
            return
        self.workers.cancel_group(self, "bot")
        self.session.undo()
        self._last_card = None
        self._hiki_declined = None
        self.rebuild_log()
        self.refresh_table()
        self.notify("Took back your last move", timeout=2)
        self.refresh_bindings()
        self.drive()

    def action_redo(self) -> None:
        if self._busy or not self.session.can_redo():
            return
        self.workers.cancel_group(self, "bot")
        self.session.redo()
        self.rebuild_log()
        self.refresh_bindings()
        self.drive()

    def action_hiki(self) -> None:
        if not self._my_turn():
            return
        hiki = [a for a in self.session.legal() if isinstance(a, DeclareHiki)]
        if hiki:
            self._busy = True
            self.app.push_screen(HikiDialog(hiki, ascii_mode=self.ascii_mode), self._after_hiki)

    def action_hint(self) -> None:
        """Ask the strong computer player what it would do here (off the UI thread)."""
        if not self._my_turn():
            return
        self.notify(Content("Thinking about a hint…"), timeout=2)
        self.hint_worker(self.session.version, self.session.state, self.viewer)

    @work(exclusive=True, group="hint", thread=True)
    def hint_worker(self, version: int, state, seat: int) -> None:  # type: ignore[no-untyped-def]
        try:
            from hanatui.bots.hint import describe_hint, hint
        except ImportError:
            self.app.call_from_thread(
                self.notify, Content("No hints in this version."), severity="warning"
            )
            return
        found = hint(state, seat, seconds=2.0)
        if found is None or get_current_worker().is_cancelled:
            return
        action, expected = found
        self.app.call_from_thread(self._show_hint, version, action, describe_hint(action, expected))

    def _show_hint(self, version: int, action: Action, text: str) -> None:
        if version != self.session.version or not self.is_attached:
            return
        self.notify(Content(text), title="Hint", timeout=8)
        if isinstance(action, PlayCard):
            for widget in self.query_one("#hand", CardRow).cards:
                if widget.card is action.card and widget.can_focus:
                    widget.focus()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_leave(self) -> None:
        self.workers.cancel_group(self, "bot")
        self.app.pop_screen()
        refresh = getattr(self.app, "refresh_title", None)
        if refresh is not None:
            refresh()


def _var(card: Card) -> str:
    from hanatui.app.describe import card_variable

    return card_variable(card)


__all__ = ["ALL_MASK", "TableScreen"]
