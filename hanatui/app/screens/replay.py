"""The replay viewer: a saved game, event by event, as it looked at the table.

The screen holds a `Timeline` of the log's events (with the states the log reader already folded)
and a cursor. It draws the table after the event at the cursor with the app's table widgets, from
one seat's point of view (hidden cards stay backs) or with every hand face up. A move list in words
follows the cursor and seeks where clicked; a score chart shows the whole match round by round.

From any position a new game can be played on ("play on from here", `core.fork`), and the game can
be shared (an anonymised copy, a text record, the view of one seat).

Text from the file (player names, the file name) is only ever shown through `Content`, never
parsed as markup.
"""

from __future__ import annotations

import bisect
import os
import random
import re
import textwrap
from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import msgspec
from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widget import AwaitMount
from textual.widgets import (
    Button,
    DataTable,
    Footer,
    Input,
    OptionList,
    RadioButton,
    RadioSet,
    Select,
    Static,
)
from textual.widgets.option_list import Option

from core.cards import CARDS, Card, cards_of
from core.errors import HanaError
from core.events import (
    CaptureChosen,
    CardDrawn,
    CardPlayed,
    Dealt,
    DrawnToHand,
    Event,
    GajiClaimed,
    GajiInterrupted,
    HikiDeclared,
    KoiKoiCalled,
    MatchEnded,
    MatchStarted,
    RoundEnded,
    ShobuCalled,
)
from core.logfile import LogRead, Origin
from core.players import UNSAFE_TEXT, Player
from core.state import State
from core.text import printable_path
from core.timeline import Timeline
from core.view import View, observe
from hanatui.app.describe import (
    REASONS,
    card_variable,
    describe_event,
    game_title,
    has_yaku,
    month_of_round,
    near_yaku,
    yaku_of,
)
from hanatui.app.widgets import (
    CardRow,
    CardWidget,
    SeatPanel,
    TooSmall,
    captures_content,
    show_field,
)

#: Autoplay speeds, seconds per event, slowest first.
SPEEDS = (2.0, 1.2, 0.8, 0.5, 0.3, 0.15, 0.1)
DEFAULT_SPEED = 3

_CODE = re.compile(r"(?<![0-9A-Za-z])(0[1-9]|1[0-2])[a-d](?![0-9A-Za-z])")

#: What a seat's future decision is called while its cards are still hidden.
_FUTURE_VERBS: dict[type, str] = {
    CardPlayed: "plays a card",
    CardDrawn: "draws",
    CaptureChosen: "chooses a capture",
    HikiDeclared: "declares hiki",
    DrawnToHand: "draws a card into hand",
    GajiInterrupted: "aims the Gaji",
    GajiClaimed: "claims with the Gaji",
    KoiKoiCalled: "decides",
    ShobuCalled: "decides",
}


# --- reading a log as a story --------------------------------------------------------------------


class Story:
    """The log cut into rounds, the turn boundaries, and the words for each event.

    Positions are counts of events applied, 1..len(events), as `Timeline.seek` takes them.
    """

    def __init__(self, events: Sequence[Event], states: Sequence[State]) -> None:
        self.events = events
        self.states = states
        # round segments: segment 0 is what comes before the first deal
        starts = [0]
        last_round = 0
        for i, e in enumerate(events):
            if isinstance(e, Dealt) and e.round != last_round and i > 0:
                starts.append(i)
                last_round = e.round
        self.starts = starts
        # positions where a turn (or a round, or the match) has just ended
        marks = [1]
        for k in range(2, len(events) + 1):
            if self._turn_key(states[k - 1]) != self._turn_key(states[k - 2]):
                marks.append(k)
        if marks[-1] != len(events):
            marks.append(len(events))
        self.turn_marks = marks
        self._words: dict[int, str] = {}

    @staticmethod
    def _turn_key(s: State) -> tuple[object, ...]:
        return (s.round, s.turn_no, s.rounds_done, s.phase == "over")

    def __len__(self) -> int:
        return len(self.events)

    def segment_of(self, position: int) -> int:
        """The segment holding the last event applied at ``position``."""
        return bisect.bisect_right(self.starts, max(position, 1) - 1) - 1

    def segment_range(self, segment: int) -> range:
        end = self.starts[segment + 1] if segment + 1 < len(self.starts) else len(self.events)
        return range(self.starts[segment], end)

    def segment_start(self, segment: int) -> int:
        """The position that opens a segment: just after its deal (or the match's first event)."""
        return self.starts[segment] + 1

    def words(self, index: int) -> str:
        """The move list's line for event ``index``, in full."""
        text = self._words.get(index)
        if text is None:
            before = self.states[index - 1] if index else None
            event = self.events[index]
            text = describe_event(event, before, self.states[index]) or ""
            self._words[index] = text
        return text

    def summary(self, segment: int) -> str:
        """One line for a whole round (or for the start of the match)."""
        events = [self.events[i] for i in self.segment_range(segment)]
        players = self.states[-1].players
        if segment == 0:
            first = events[0] if events else None
            if isinstance(first, MatchStarted):
                return self.words(0)
            return "The match begins"
        dealt = events[0]
        assert isinstance(dealt, Dealt)
        text = f"Round {dealt.round}"
        ended = next((e for e in events if isinstance(e, RoundEnded)), None)
        if ended is None:
            return text + ": not finished in this log"
        if not any(ended.points):
            reason = REASONS.get(ended.reason, ended.reason)
            text += ": " + (reason if "nobody" in reason else f"nobody scores ({reason})")
        else:
            text += ": " + ", ".join(
                f"{players[i].name} {p:+d}" for i, p in enumerate(ended.points)
            )
        final = next((e for e in events if isinstance(e, MatchEnded)), None)
        if final is not None:
            winners = " and ".join(players[i].name for i in final.winners)
            text += f". Match over: {winners} {'wins' if len(final.winners) == 1 else 'tie'}"
        return text

    def next_turn(self, position: int) -> int:
        i = bisect.bisect_right(self.turn_marks, position)
        return self.turn_marks[i] if i < len(self.turn_marks) else len(self.events)

    def previous_turn(self, position: int) -> int:
        i = bisect.bisect_left(self.turn_marks, position) - 1
        return self.turn_marks[i] if i >= 0 else 1

    def next_round(self, position: int) -> int:
        segment = self.segment_of(position)
        if segment + 1 < len(self.starts):
            return self.segment_start(segment + 1)
        return len(self.events)

    def previous_round(self, position: int) -> int:
        segment = self.segment_of(position)
        start = self.segment_start(segment)
        if position > start or segment == 0:
            return start
        return self.segment_start(segment - 1)

    def opening(self) -> int:
        """Where the viewer opens: the first deal, so there is a table to look at."""
        return self.segment_start(1) if len(self.starts) > 1 else 1


def hidden_from(state: State, seat: int) -> int:
    """The mask of the cards ``seat`` cannot see in ``state``."""
    if not state.hands:
        return 0
    return observe(state, seat).unseen.mask


def mentions_hidden(text: str, hidden: int) -> bool:
    """True if ``text`` names (by code) a card of the ``hidden`` mask."""
    if not hidden:
        return False
    for m in _CODE.finditer(text):
        if Card(m.group()).bit & hidden:
            return True
    return False


def future_words(event: Event, states: Sequence[State], index: int) -> str:
    """A future event as a seat may know of it: who moves, but not with which card."""
    seat = getattr(event, "seat", None)
    players = states[index].players
    if isinstance(seat, int) and 0 <= seat < len(players):
        verb = _FUTURE_VERBS.get(type(event), "moves")
        return f"{players[seat].name} {verb}"
    before = states[index - 1] if index else None
    return describe_event(event, before, states[index]) or ""


def faces_content(cards: Iterable[Card], *, ascii_mode: bool) -> Content:
    """A hand face up, compactly: each card's kind and code in its colour."""
    cards = list(cards)
    parts: list[str | tuple[str, str]] = []
    for c in cards:
        if parts:
            parts.append(" ")
        symbol = c.kind.letter if ascii_mode else c.kind.kanji
        parts.append((f"{symbol}{c.value}", card_variable(c)))
    noun = "card" if len(cards) == 1 else "cards"
    parts.append((f"  {len(cards)} {noun}", "$foreground"))
    return Content.assemble(*parts)


def near_content(view: View, seat: int, taken: int, *, quiet: bool = False) -> Content | None:
    """The yaku a seat holds and those it is one or two cards from (``quiet``: None if neither)."""
    mine = view.captures[seat].mask if view.captures else 0
    held = yaku_of(view.rules, mine)
    near = near_yaku(view.rules, mine, taken)
    if quiet and not held and not near:
        return None
    parts: list[str | tuple[str, str]] = []
    if held:
        parts.append(("yaku  ", "bold"))
        parts.append(" · ".join(f"{n} {p}" for n, p in held))
        parts.append("   ")
    parts.append("near  ")
    parts.append(" · ".join(f"{n} {have}/{need}" for n, have, need in near[:5]) if near else "—")
    return Content.assemble(*parts)


_BLOCKS = "▁▂▃▄▅▆▇█"


def score_chart(
    players: Sequence[Player],
    history: Sequence[Sequence[int]],
    rounds: int,
    *,
    done: int,
    current: int,
    totals: Sequence[int],
    ascii_mode: bool = False,
    width: int = 38,
) -> Content:
    """Rounds x players: one cell per round whose height is the points (green won, red lost),
    the rounds after the cursor dimmed, the cursor's round marked, and each running total."""
    rounds = max(rounds, len(history), 1)
    top = max((abs(p) for r in history for p in r), default=0) or 1
    longest = max(4, min(10, max(len(p.name) for p in players)))
    room = width - 6  # the total column
    # the widest cells that fit with the whole names, else with names cut to fit (4 at least)
    cell, name_width = 1, 4
    for c in (3, 2, 1):
        if longest + 1 + c * rounds <= room:
            cell, name_width = c, longest
            break
        if c < 3 and 4 + 1 + c * rounds <= room:
            cell, name_width = c, room - 1 - c * rounds
            break
    lines: list[Content] = []
    header: list[str | tuple[str, str]] = [" " * (name_width + 1)]
    for r in range(1, rounds + 1):
        label = f"{r:>2} " if cell == 3 else f"{r % 10}" + " " * (cell - 1)
        header.append((label, "bold $accent" if r == current else "dim"))
    header.append((" total" if cell == 1 else "total", "dim"))
    lines.append(Content.assemble(*header))
    for seat, player in enumerate(players):
        name = (
            player.name if len(player.name) <= name_width else player.name[: name_width - 1] + "…"
        )
        parts: list[str | tuple[str, str]] = [f"{name:<{name_width}} "]
        pad = " " * max(0, cell - 2)
        gap = " " if cell > 1 else ""
        for r in range(1, rounds + 1):
            if r > len(history):
                parts.append((pad + "·", "dim"))
            else:
                p = history[r - 1][seat] if seat < len(history[r - 1]) else 0
                if p == 0:
                    glyph, colour = "·", "dim"
                else:
                    level = min(len(_BLOCKS) - 1, max(0, round((len(_BLOCKS) - 1) * abs(p) / top)))
                    glyph = ("+" if p > 0 else "-") if ascii_mode else _BLOCKS[level]
                    colour = "$success" if p > 0 else "$error"
                style = colour if r <= done else f"{colour} dim"
                if r == current:
                    style += " reverse"
                parts.append((pad + glyph, style))
            parts.append(gap)
        total = totals[seat] if seat < len(totals) else 0
        parts.append((f"{total:>{6 if cell == 1 else 5}}", "bold"))
        lines.append(Content.assemble(*parts))
    return Content("\n").join(lines)


def safe_text(text: str, limit: int = 200) -> str:
    """Text from outside made fit for a log's text field: no control characters, not too long."""
    return UNSAFE_TEXT.sub("?", text)[:limit]


# --- the move list ------------------------------------------------------------------------------


def move_line(number: str, text: str, style: str, width: int) -> Content:
    """One line of the move list: the move number in a gutter, the words wrapped beside it."""
    lines = textwrap.wrap(text, max(10, width - 4)) or [""]
    body = "\n".join([lines[0], *("    " + line for line in lines[1:])])
    return Content.assemble((f"{number:>3} ", "dim"), (body, style) if style else body)


class MoveList(OptionList, can_focus=False):
    """The game in words: past rounds one line each, the cursor's round event by event."""

    DEFAULT_CSS = """
    MoveList { height: 1fr; max-height: 100%; border: round $panel-lighten-2; background: $surface; padding: 0; scrollbar-size-vertical: 1; }
    MoveList > .option-list--option-highlighted { background: $accent 35%; color: $foreground; text-style: bold; }
    """


class ReplayCommands(Provider):
    """The viewer's commands in the palette, and "go to move N" for any number typed."""

    def _viewer(self) -> ReplayScreen | None:
        screen = self.screen
        return screen if isinstance(screen, ReplayScreen) else None

    def _commands(self, viewer: ReplayScreen) -> list[tuple[str, str, Any]]:
        commands = [
            ("Go to move…", "Type a move number, e.g. 120", viewer.action_goto),
            ("Autoplay: start or pause", "Space; + and - change the speed", viewer.action_autoplay),
            ("Go to the start", "Home", viewer.action_start),
            ("Go to the end", "End", viewer.action_end),
            (
                "Share this game…",
                "An anonymised copy, a text record, one seat's view",
                viewer.action_share,
            ),
            ("Replay keys", "How to move through the game", viewer.action_help),
        ]
        if viewer.locked_seat is None:
            commands.append(("All hands / one seat's view", "v", viewer.action_toggle_view))
            commands.append(("View from the next seat", "s", viewer.action_next_seat))
        if viewer.can_fork():
            commands.append(
                (
                    "Play on from here",
                    "A new game from this position, you against the computer",
                    viewer.action_fork,
                )
            )
        return commands

    async def discover(self) -> Hits:
        viewer = self._viewer()
        if viewer is None:
            return
        for name, help_text, callback in self._commands(viewer):
            yield DiscoveryHit(Content(name), callback, text=name, help=help_text)

    async def search(self, query: str) -> Hits:
        viewer = self._viewer()
        if viewer is None:
            return
        number = re.search(r"\d+", query)
        if number is not None:
            n = int(number.group())
            total = len(viewer.story)
            target = max(1, min(n, total))
            name = f"Go to move {target}"
            yield Hit(
                1.0,
                Content(name),
                partial(viewer.seek, target),
                text=name,
                help=f"of {total} moves",
            )
        matcher = self.matcher(query)
        for name, help_text, callback in self._commands(viewer):
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, text=name, help=help_text)


# --- the viewer ---------------------------------------------------------------------------------


class ReplayScreen(Screen[None]):
    """A saved game, move by move."""

    DEFAULT_CSS = """
    ReplayScreen { background: $hana-felt; }
    ReplayScreen #topbar { height: 1; background: $panel; color: $foreground; padding: 0 1; }
    ReplayScreen #main { height: 1fr; }
    ReplayScreen #left { width: 1fr; height: 1fr; scrollbar-size-vertical: 1; }
    ReplayScreen #side { width: 37%; max-width: 44; min-width: 30; height: 1fr; }
    ReplayScreen #opponents { height: auto; }
    ReplayScreen #opponents.-compact { border: round $panel-lighten-2; height: auto; }
    ReplayScreen #field-panel { height: auto; border: round $panel-lighten-2; padding: 0 1; }
    ReplayScreen #field-rows { height: auto; }
    ReplayScreen #you { height: auto; border: round $panel-lighten-2; padding: 0 1; }
    ReplayScreen #you.-to-act { border: round $accent; }
    ReplayScreen .line { height: auto; }
    ReplayScreen #result { height: auto; border: round $accent; padding: 0 1; display: none; }
    ReplayScreen #result.-shown { display: block; }
    ReplayScreen #result-table { height: auto; width: auto; max-height: 20; }
    ReplayScreen #chart { width: 1fr; height: auto; border: round $panel-lighten-2; background: $surface; padding: 0 1; }
    ReplayScreen #status { height: 3; padding: 0 1; background: $panel; }
    ReplayScreen.-ascii #moves, ReplayScreen.-ascii #chart { border: ascii $panel-lighten-2; }
    ReplayScreen.-ascii #result, ReplayScreen.-ascii #you.-to-act { border: ascii $accent; }
    """

    COMMANDS = {ReplayCommands}
    AUTO_FOCUS = None  # nothing takes the keys from the viewer

    BINDINGS = [
        Binding("left,h", "step(-1)", "Back", id="replay.back", show=False),
        Binding("right,l", "step(1)", "Move", id="replay.forward", key_display="←→"),
        Binding("up,k", "turn(-1)", "Turn back", id="replay.turn_back", show=False),
        Binding("down,j", "turn(1)", "Turn", id="replay.turn_forward", key_display="↑↓"),
        Binding("pageup", "round(-1)", "Round back", id="replay.round_back", show=False),
        Binding("pagedown", "round(1)", "Round", id="replay.round_forward", key_display="PgUp/Dn"),
        Binding("home", "start", "Start", id="replay.start", show=False),
        Binding("end", "end", "End", id="replay.end", show=False),
        Binding("space", "autoplay", "Autoplay", id="replay.autoplay", key_display="space"),
        Binding("plus,equals_sign", "speed(1)", "Faster", id="replay.faster", show=False),
        Binding("minus", "speed(-1)", "Slower", id="replay.slower", show=False),
        Binding("v", "toggle_view", "All hands", id="replay.view"),
        Binding("s", "next_seat", "Seat", id="replay.seat"),
        Binding("g", "goto", "Go to", id="replay.goto", show=False),
        Binding("f", "fork", "Play on", id="replay.fork"),
        Binding("e", "share", "Share", id="replay.share"),
        Binding("question_mark", "help", "Keys", id="replay.help"),
        Binding("escape,q", "leave", "Back", id="replay.leave", show=False),
    ]

    def __init__(
        self, log: LogRead, path: str | os.PathLike[str] | None = None, *, seat: int | None = None
    ) -> None:
        super().__init__()
        self.game_log = log
        self.path = Path(path) if path is not None else None
        self.timeline = Timeline()
        self.timeline.extend(zip(log.events, log.states))
        self.story = Story(self.timeline.events, self.timeline.states)
        self.locked_seat = log.header.redacted_for
        players = log.header.players
        if self.locked_seat is not None:
            seat = self.locked_seat
        elif seat is None:
            seat = next((i for i, p in enumerate(players) if p.kind == "human"), 0)
        self.seat = seat
        self.all_hands = False
        self.speed = DEFAULT_SPEED
        self._timer: Timer | None = None
        self._segment_shown: int | None = None
        self._list_key: tuple[object, ...] | None = None
        self._rows: list[tuple[str, int]] = []  # per option: ("event", index) or ("round", segment)
        self._prompts: list[tuple[str, str, str]] = []
        self._panels: dict[int, SeatPanel] = {}
        self._panels_seat = -1
        self._could_fork = True
        self._result_shown: RoundEnded | None = None
        self.timeline.seek(self.story.opening())

    # --- layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield Static(id="topbar")
        with Horizontal(id="main"):
            with VerticalScroll(id="left", can_focus=False):
                yield Vertical(id="opponents")
                with Vertical(id="field-panel"):
                    yield Vertical(id="field-rows")
                with Vertical(id="you"):
                    yield Static(classes="line", id="you-took")
                    yield Static(classes="line", id="you-near")
                    yield CardRow(role="hand", id="hand")
                with Vertical(id="result"):
                    table: DataTable[Any] = DataTable(
                        id="result-table", show_cursor=False, zebra_stripes=True
                    )
                    table.can_focus = False  # the keys are the viewer's
                    yield table
            with Vertical(id="side"):
                yield MoveList(id="moves", markup=False)
                yield Static(id="chart")
                yield Static(id="status")
        yield Footer()

    @property
    def ascii_mode(self) -> bool:
        return bool(getattr(self.app, "ascii_mode", False))

    @property
    def _marker(self) -> str:
        return "> " if self.ascii_mode else "▶ "

    @property
    def position(self) -> int:
        return self.timeline.cursor

    @property
    def state(self) -> State:
        return self.timeline.state

    async def on_mount(self) -> None:
        self.query_one("#moves", MoveList).border_title = Content("Moves")
        self.query_one("#chart", Static).border_title = Content("Scores")
        await self._build_panels()
        self.call_after_refresh(self.refresh_view)

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_view)

    def on_screen_resume(self) -> None:
        self.refresh_view()  # the settings (ASCII cards) may have changed meanwhile

    def on_unmount(self) -> None:
        self._stop_autoplay()

    def _build_panels(self) -> AwaitMount:
        """One panel per other seat, in turn order after the viewing seat's."""
        n = len(self.game_log.header.players)
        others = [(self.seat + k) % n for k in range(1, n)]
        box = self.query_one("#opponents", Vertical)
        box.set_class(len(others) > 2, "-compact")
        for panel in self._panels.values():
            panel.remove()
        self._panels = {}
        for seat in others:
            panel = SeatPanel(classes=f"seat-{seat}")
            panel.set_class(len(others) > 2, "-compact")
            self._panels[seat] = panel
        self._panels_seat = self.seat
        return box.mount_all(self._panels.values())

    async def _rebuild_panels(self) -> None:
        await self._build_panels()
        self.refresh_view()

    # --- moving through the game ----------------------------------------------------------------
    def seek(self, position: int) -> None:
        """Show the table after ``position`` events (clamped to the log)."""
        self.timeline.seek(position)
        self.refresh_view()

    def action_step(self, delta: int) -> None:
        self.seek(self.position + delta)

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
        self.notify(Content(f"Autoplay: {SPEEDS[self.speed]:g} s per move"), timeout=1.5)
        self._draw_topbar()

    @property
    def playing(self) -> bool:
        return self._timer is not None

    def _start_autoplay(self) -> None:
        self._timer = self.set_interval(SPEEDS[self.speed], self._tick, name="autoplay")

    def _stop_autoplay(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _tick(self) -> None:
        if self.timeline.at_end:
            self._stop_autoplay()
            self.refresh_view()
            return
        self.seek(self.position + 1)
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
        else:
            self.seek(self.story.segment_start(value))

    # --- perspective ----------------------------------------------------------------------------
    def _locked_notice(self) -> bool:
        if self.locked_seat is None:
            return False
        name = self.game_log.header.players[self.locked_seat].name
        self.notify(
            Content(f"This copy was redacted for {name}: only their view can be shown."),
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

    # --- drawing --------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        if not self.is_attached:
            return
        if self._panels_seat != self.seat:
            self._panels_seat = self.seat
            self.call_later(self._rebuild_panels)
            return
        if any(not panel.is_mounted for panel in self._panels.values()):
            return  # _rebuild_panels draws once they are mounted
        state = self.state
        view = observe(state, self.seat)
        ascii_mode = self.ascii_mode
        self.set_class(ascii_mode, "-ascii")  # the app's class cannot reach a screen's scoped CSS
        taken = 0
        for c in view.captures:
            taken |= c.mask
        yaku_game = has_yaku(state.rules)
        turn = state.turn if state.phase in ("play", "choose", "decide") else -1
        self._draw_topbar()
        # the other seats
        for seat, panel in self._panels.items():
            player = view.players[seat]
            level = f" ({player.bot})" if player.kind == "bot" and player.bot else ""
            marker = self._marker if turn == seat else ""
            dealer = " · dealer" if view.dealer == seat else ""
            title = Content.assemble(
                marker, (player.name, "bold"), f"{level} · {view.totals[seat]} pts{dealer}"
            )
            faces = None
            if self.all_hands and state.hands:
                faces = faces_content(cards_of(state.hands[seat]), ascii_mode=ascii_mode)
            panel.show(
                title=title,
                count=view.hand_counts[seat] if view.hand_counts else 0,
                took=captures_content(
                    view.captures[seat] if view.captures else (), ascii_mode=ascii_mode
                ),
                near=near_content(view, seat, taken, quiet=len(self._panels) > 2)
                if yaku_game
                else None,
                to_act=turn == seat,
                ascii_mode=ascii_mode,
                faces=faces,
            )
        # the field
        field_panel = self.query_one("#field-panel", Vertical)
        field_panel.border_title = Content("Field")
        subtitle = f"pile {view.pile_count}"
        if self.all_hands and state.pile:
            subtitle += f" · next {CARDS[state.pile[0]].value}"
        field_panel.border_subtitle = Content(subtitle)
        self._draw_field(view, ascii_mode)
        # the seat at the bottom
        you = self.query_one("#you", Vertical)
        me = view.players[self.seat]
        marker = self._marker if turn == self.seat else ""
        dealer = " · dealer" if view.dealer == self.seat else ""
        you.border_title = Content.assemble(
            marker, (me.name, "bold"), f" · {view.totals[self.seat]} pts{dealer}"
        )
        you.border_subtitle = Content(
            "all hands shown" if self.all_hands else f"the view of {me.name}"
        )
        you.set_class(turn == self.seat, "-to-act")
        self.query_one("#you-took", Static).update(
            Content("took  ")
            + captures_content(
                view.captures[self.seat] if view.captures else (), ascii_mode=ascii_mode
            )
        )
        near_widget = self.query_one("#you-near", Static)
        near_widget.display = yaku_game
        if yaku_game:
            near_widget.update(near_content(view, self.seat, taken))
        self.query_one("#hand", CardRow).show(list(view.hand), ascii_mode=ascii_mode)
        self._draw_result()
        self._draw_moves()
        self._draw_chart()
        self._draw_status()
        if self.can_fork() != self._could_fork:
            self._could_fork = self.can_fork()
            self.refresh_bindings()

    def _draw_result(self) -> None:
        """At the end of a round (or of the match), how it was scored, line by line."""
        from hanatui.app.screens.dialogs import _breakdown_table

        box = self.query_one("#result", Vertical)
        event = self.timeline.events[self.position - 1]
        ended: RoundEnded | None = None
        if isinstance(event, RoundEnded):
            ended = event
        elif isinstance(event, MatchEnded):
            ended = next(
                (
                    e
                    for e in reversed(self.timeline.events[: self.position])
                    if isinstance(e, RoundEnded)
                ),
                None,
            )
        box.set_class(ended is not None, "-shown")
        if ended is None or self._result_shown is ended:
            return
        self._result_shown = ended
        players = self.state.players
        title = f"Round {ended.round} over ({REASONS.get(ended.reason, ended.reason)})"
        if isinstance(event, MatchEnded):
            winners = " and ".join(players[i].name for i in event.winners)
            title = (
                f"Match over: {winners} {'wins' if len(event.winners) == 1 else 'tie'} · last round"
            )
        box.border_title = Content(title)
        table = self.query_one("#result-table", DataTable)
        table.clear(columns=True)
        _breakdown_table(table, ended, players)

    def _last_card(self) -> Card | None:
        event = self.timeline.events[self.position - 1]
        card = getattr(event, "card", None)
        return card if isinstance(card, Card) else None

    def _draw_field(self, view: View, ascii_mode: bool) -> None:
        rows_box = self.query_one("#field-rows", Vertical)
        width = max(rows_box.size.width, self.query_one("#left").size.width - 4, 7)
        show_field(rows_box, width, view.field, ascii_mode=ascii_mode, last=self._last_card())

    def _draw_topbar(self) -> None:
        if not self.is_attached:
            return
        state = self.state
        parts: list[str | tuple[str, str]] = [("hanatui replay", "bold $accent"), " · "]
        parts.append(game_title(state.rules.game))
        if state.round:
            parts.append(f" · Round {state.round} of {state.rules.rounds}")
            if state.rules.game == "koikoi":
                parts.append(f" ({month_of_round(state)})")
        parts.append(f" · move {self.position} of {len(self.story)}")
        if self.playing:
            parts.append((f" · ▶ {SPEEDS[self.speed]:g} s", "bold $success"))
        parts.append("  ")
        for seat, p in enumerate(state.players):
            parts.append("  ")
            parts.append((p.name, "bold" if seat == self.seat else ""))
            parts.append(f" {state.totals[seat]}")
        self.query_one("#topbar", Static).update(Content.assemble(*parts))

    def _line(self, index: int, hidden: int) -> tuple[str, str]:
        """The move list's text for event ``index`` and its style, at the cursor."""
        past = index < self.position
        if self.all_hands:
            text = self.story.words(index)
        elif past:
            text = self.story.words(index)
            if mentions_hidden(text, hidden):
                text = future_words(self.timeline.events[index], self.timeline.states, index)
        else:
            text = future_words(self.timeline.events[index], self.timeline.states, index)
        return text, "" if past else "dim"

    def _draw_moves(self) -> None:
        moves = self.query_one("#moves", MoveList)
        story = self.story
        segment = story.segment_of(self.position)
        hidden = 0 if self.all_hands else hidden_from(self.state, self.seat)
        rows: list[tuple[str, int]] = []
        prompts: list[tuple[str, str, str]] = []
        for s in range(len(story.starts)):
            if s == segment:
                for i in story.segment_range(s):
                    rows.append(("event", i))
                    prompts.append((str(i + 1), *self._line(i, hidden)))
            else:
                rows.append(("round", s))
                prompts.append(
                    (
                        ">" if self.ascii_mode else "▸",
                        story.summary(s),
                        "dim" if s > segment else "",
                    )
                )
        # the words are wrapped here (so they hang under the move number), leaving a column for
        # the scrollbar whether or not it is showing yet
        width = (moves.size.width or 44) - 3
        key = (segment, self.all_hands, self.seat, width, self.ascii_mode)
        if key != self._list_key or len(rows) != len(self._rows):
            self._list_key = key
            self._rows = rows
            moves.set_options(Option(move_line(*p, width)) for p in prompts)
        else:
            for i, (old, new) in enumerate(zip(self._prompts, prompts)):
                if old != new:
                    moves.replace_option_prompt_at_index(i, move_line(*new, width))
        self._prompts = prompts
        current = rows.index(("event", self.position - 1))
        moves.highlighted = current
        moves.scroll_to_highlight()

    def _draw_chart(self) -> None:
        chart = self.query_one("#chart", Static)
        state = self.state
        final = self.timeline.last
        current = state.round if state.round else 0
        chart.update(
            score_chart(
                final.players,
                final.history,
                final.rules.rounds,
                done=state.rounds_done,
                current=current,
                totals=state.totals,
                ascii_mode=self.ascii_mode,
                width=chart.content_region.width or 38,
            )
        )
        chart.border_title = Content(
            f"Scores · round {current} of {max(final.rules.rounds, len(final.history))}"
            if current
            else "Scores"
        )

    def _draw_status(self, card_widget: CardWidget | None = None) -> None:
        status = self.query_one("#status", Static)
        view_name = (
            "all hands"
            if self.all_hands
            else f"seat view: {self.game_log.header.players[self.seat].name}"
        )
        lines: list[Content] = []
        origin = self.game_log.header.origin
        if card_widget is not None and card_widget.card is not None:
            card = card_widget.card
            lines.append(
                Content.assemble(
                    (card.description, f"bold {card_variable(card)}"), f"  ({card.name_ja})"
                )
            )
        else:
            lines.append(Content.assemble(("viewing  ", "dim"), view_name))
        if self.path is not None:
            lines.append(Content.assemble(("file     ", "dim"), printable_path(self.path.name)))
        notes = []
        if origin is not None:
            notes.append(f"played on from {origin.source}, move {origin.event}")
        if self.game_log.header.anonymised:
            notes.append("an anonymised copy")
        if self.locked_seat is not None:
            notes.append("redacted: hidden cards unknown")
        if self.game_log.error is not None:
            notes.append(
                f"the readable part only (the file breaks at line {self.game_log.error.line})"
            )
        if notes:
            lines.append(Content.styled("; ".join(notes), "dim"))
        status.update(Content("\n").join(lines))

    def on_card_widget_hovered(self, message: CardWidget.Hovered) -> None:
        self._draw_status(message.card_widget)

    # --- play on, share, go to ------------------------------------------------------------------
    def can_fork(self) -> bool:
        return self.state.phase != "over"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "fork":
            return True if self.can_fork() else None
        return True

    def action_fork(self) -> None:
        if not self.can_fork():
            self.notify(
                Content("The match is over here: there is nothing to play on from."),
                severity="warning",
            )
            return
        self._stop_autoplay()
        self.app.push_screen(
            ForkDialog(
                self.game_log.header.players,
                seat=self.seat,
                position=self.position,
                redacted=self.locked_seat is not None,
                level=str(getattr(getattr(self.app, "settings", None), "bot_level", "easy")),
            ),
            self._fork,
        )

    def fork_session(self, choice: ForkChoice, *, autosave: bool, seed: int | None = None) -> Any:
        """The session of a new game from the cursor (see `core.fork.fork_events`)."""
        from core.fork import fork_events
        from hanatui.session import Session

        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        n = len(self.game_log.header.players)
        settings = getattr(self.app, "settings", None)
        me = getattr(settings, "name", "You") or "You"
        players = tuple(
            Player(name=me, kind="human")
            if i == choice.seat
            else Player(name="CPU" if n == 2 else f"CPU {i + 1}", kind="bot", bot=choice.level)
            for i in range(n)
        )
        events = fork_events(
            self.timeline.events,
            self.position,
            players=players,
            seat=choice.seat,
            mode=choice.mode,
            rng=random.Random(f"{seed}:fork"),
        )
        source = safe_text(self.path.name if self.path is not None else "replay")
        origin = Origin(source=source, event=self.position, mode=choice.mode)  # type: ignore[arg-type]
        return Session.from_events(events, seed=seed, autosave=autosave, origin=origin)

    def _fork(self, choice: ForkChoice | None) -> None:
        if choice is None:
            return
        from hanatui.app.screens.table import TableScreen

        try:
            session = self.fork_session(choice, autosave=bool(getattr(self.app, "_save", True)))
        except (HanaError, OSError) as exc:
            self.notify(Content(f"Cannot play on from here: {exc}"), severity="error")
            return
        self.app.push_screen(TableScreen(session))

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


# --- dialogs --------------------------------------------------------------------------------------

DIALOG_CSS = """
{name} {{ align: center middle; background: $background 60%; }}
{name} > #dialog {{
    width: 84; max-width: 100%; height: auto; max-height: 90%;
    border: thick $accent; background: $surface; padding: 1 2;
}}
{name} #dialog > .title {{ text-style: bold; color: $accent; margin-bottom: 1; }}
{name} .row {{ height: auto; margin-bottom: 1; }}
{name} .row > .label {{ width: 18; padding-top: 1; }}
{name} .hint {{ color: $text-muted; }}
{name} .buttons {{ height: auto; margin-top: 1; }}
{name} .buttons Button {{ margin-right: 2; }}
"""


class ForkChoice(msgspec.Struct, frozen=True, kw_only=True):
    """How to play on: which seat is yours, same future or reshuffled, the computer's level."""

    seat: int
    mode: str
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
        self, players: Sequence[Player], *, seat: int, position: int, redacted: bool, level: str
    ) -> None:
        super().__init__()
        self.players = tuple(players)
        self.seat = seat
        self.position = position
        self.redacted = redacted
        self.level = level

    def compose(self) -> ComposeResult:
        from hanatui.bots import BOTS

        yield TooSmall()
        with Vertical(id="dialog"):
            yield Static(Content(f"Play on from move {self.position}"), classes="title")
            yield Static(
                Content(
                    "A new game starts from this position: you take one seat, the computer plays the "
                    "others. The new log records which game and move it came from."
                ),
                classes="hint",
            )
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
                    yield RadioButton(
                        Content("the same future: the cards as recorded"),
                        value=not self.redacted,
                        disabled=self.redacted,
                        id="same_future",
                    )
                    yield RadioButton(
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
        self.query_one("#play", Button).focus()

    def choice(self) -> ForkChoice:
        seat = self.query_one("#seat", Select).value
        level = self.query_one("#level", Select).value
        pressed = self.query_one("#mode", RadioSet).pressed_button
        mode = pressed.id if pressed is not None and pressed.id else "reshuffled"
        if self.redacted:
            mode = "reshuffled"
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


def free_path(path: Path) -> Path:
    """``path``, or the same name with -2, -3... if it exists."""
    if not path.exists():
        return path
    n = 2
    while True:
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        if not candidate.exists():
            return candidate
        n += 1


def share_dir() -> Path:
    """Where shared copies go by default: a folder of their own in the data directory, so a copy
    never lands among the kept games (the history would count it twice)."""
    from hanatui.settings import data_dir

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
        with Vertical(id="dialog"):
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
        self.query_one("#anonymised", Button).focus()

    def data_for(self, what: str) -> bytes:
        from hanatui.export import anonymise, player_view, text_record

        if what == "anonymised":
            return anonymise(self.game_log)
        if what == "text":
            return text_record(self.game_log).encode("utf-8")
        return player_view(self.game_log, self.seat)

    def save(self, what: str) -> Path | None:
        """Write one kind of copy to the path in its field; None (and a message) if it failed."""
        from hanatui.files import write_atomic

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
            result.update(Content.styled(f"Could not write {path}: {exc}", "$error"))
            return None
        result.update(Content.styled(f"Saved {path}", "$success"))
        self.notify(Content(f"Saved {path}"), timeout=4)
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

    def __init__(self, position: int, total: int) -> None:
        super().__init__()
        self.position = position
        self.total = total

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="dialog"):
            yield Static(Content(f"Go to move (1 to {self.total})"), classes="title")
            yield Input(str(self.position), type="integer", id="move")
            yield Static(Content("enter go · esc cancel"), classes="hint")

    def on_mount(self) -> None:
        field = self.query_one(Input)
        field.focus()
        field.select_all()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            n = int(event.value)
        except ValueError:
            self.app.bell()
            return
        self.dismiss(max(1, min(n, self.total)))

    def action_cancel(self) -> None:
        self.dismiss(None)


REPLAY_HELP = """\
Moving through the game
  ← → h l          one move back / forward
  ↑ ↓ k j          to the end of the previous / next turn
  PgUp PgDn        to the start of this or the previous round / the next round
  Home End         the start / the end of the game
  space            autoplay on or off;  + -  faster / slower
  g, or ^p "120"   go to move 120
  click a line     in the move list, go there (a round's line opens that round)

Seeing
  v                all hands face up / one seat's view (the default: hidden
                   cards stay backs, and moves not yet made name no card)
  s                the view from the next seat
  A copy redacted for one seat shows that seat's view only.

Doing
  f                play on from here: a new game from this position
  e                share: an anonymised copy, a text record, one seat's view
  escape           back
"""


class ReplayHelp(ModalScreen[None]):
    """The viewer's keys."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ReplayHelp")
    BINDINGS = [Binding("escape,question_mark,q,enter", "close", "Close", id="replayhelp.close")]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="dialog"):
            yield Static(Content("Replay keys"), classes="title")
            yield Static(Content(REPLAY_HELP))

    def action_close(self) -> None:
        self.dismiss(None)


# --- opening files ----------------------------------------------------------------------------


def open_replay(app: Any, path: str | os.PathLike[str]) -> bool:
    """Open a log in the viewer, or the bad-file dialog saying why it cannot be; True if opened."""
    from core.logfile import read_log
    from hanatui.app.screens.errors import BadFileDialog, describe_problem
    from hanatui.files import read_bytes_capped

    data: bytes | None = None
    try:
        data = read_bytes_capped(path)
        log = read_log(data)
    except Exception as exc:
        problem = describe_problem(path, exc, data)

        def after(choice: str | None) -> None:
            if choice == "recover" and data is not None:
                try:
                    log = read_log(data, recover=True)
                except Exception as exc2:
                    app.push_screen(BadFileDialog(describe_problem(path, exc2, data)))
                    return
                if log.events:
                    app.push_screen(ReplayScreen(log, path))

        app.push_screen(BadFileDialog(problem), after)
        return False
    app.push_screen(ReplayScreen(log, path))
    return True


def replay_app(path: str | os.PathLike[str], **kwargs: Any) -> Any:
    """The app, opened on the viewer of ``path`` (over the title screen, where escape leads)."""
    from hanatui.app import app as app_module

    class ReplayApp(app_module.HanaApp):
        # the app's stylesheet path is relative to the module that defines the app, not this one
        _BASE_PATH = app_module.__file__

        def on_ready(self) -> None:
            open_replay(self, path)

    return ReplayApp(**kwargs)


__all__ = [
    "ForkChoice",
    "ForkDialog",
    "GotoDialog",
    "ReplayScreen",
    "ShareDialog",
    "Story",
    "open_replay",
    "replay_app",
    "score_chart",
]
