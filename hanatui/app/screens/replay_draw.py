"""The replay viewer's drawing (the result of a round, the header, the move list, the chart,
the status lines) and its commands in the palette."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import DataTable, Static
from textual.widgets.option_list import Option

from core.cards import Card
from core.events import MatchEnded, RoundEnded
from core.logfile import LogRead
from core.state import State
from core.text import printable_path
from core.timeline import Timeline
from hanatui.app.describe import card_variable
from hanatui.app.layout import glyphs
from hanatui.app.screens.replay_render import MoveList, move_line, score_chart
from hanatui.app.screens.results import breakdown_table
from hanatui.app.widgets import CardWidget
from hanatui.story import Story
from hanatui.words import (
    REASONS,
    and_list,
    card_japanese,
    game_title,
    month_of_round,
    verb_for,
)

#: Autoplay speeds, seconds per event, slowest first.
SPEEDS = (2.0, 1.2, 0.8, 0.5, 0.3, 0.15, 0.1)
DEFAULT_SPEED = 3


class ReplayCommands(Provider):
    """The viewer's commands in the palette, and "go to move N" for any number typed."""

    def _viewer(self) -> Any:
        from hanatui.app.screens.replay import ReplayScreen

        screen = self.screen
        return screen if isinstance(screen, ReplayScreen) else None

    def _commands(self, viewer: Any) -> list[tuple[str, str, Any]]:
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


class ReplayDrawing(Screen[None]):
    """The drawing half of `ReplayScreen` (which adds moving, perspective and the dialogs)."""

    game_log: LogRead
    path: Path | None
    timeline: Timeline
    story: Story
    seat: int
    all_hands: bool
    speed: int
    locked_seat: int | None
    _timer: Timer | None
    _list_key: tuple[object, ...] | None
    _rows: list[tuple[str, int]]
    _prompts: list[tuple[str, str, str]]
    _result_shown: RoundEnded | None

    @property
    def ascii_mode(self) -> bool:
        return bool(getattr(self.app, "ascii_mode", False))

    @property
    def position(self) -> int:
        return self.timeline.cursor

    @property
    def state(self) -> State:
        return self.timeline.state

    @property
    def playing(self) -> bool:
        return self._timer is not None

    def refresh_view(self) -> None:
        """Draw the position at the cursor (the screen defines it)."""
        raise NotImplementedError

    def _draw_result(self) -> None:
        """At the end of a round (or of the match), how it was scored, line by line."""
        box = self.query_one("#result", Vertical)
        event = self.timeline.events[self.position - 1]
        ended = self.story.round_ended_at(self.position)
        box.set_class(ended is not None, "-shown")
        if ended is None or self._result_shown is ended:
            return
        self._result_shown = ended
        players = self.state.players
        title = f"Round {ended.round} over ({REASONS.get(ended.reason, ended.reason)})"
        if isinstance(event, MatchEnded):
            winners = [players[i].name for i in event.winners]
            verb = verb_for(winners[0], "win") if len(winners) == 1 else "tie"
            title = f"Match over: {and_list(winners)} {verb}{glyphs(self.ascii_mode)['dot']}"
            title += "last round"
        box.border_title = Content(title)
        table = self.query_one("#result-table", DataTable)
        table.clear(columns=True)
        breakdown_table(table, ended, players, self.state.rules)

    def _last_card(self) -> Card | None:
        event = self.timeline.events[self.position - 1]
        card = getattr(event, "card", None)
        return card if isinstance(card, Card) else None

    def _header(self) -> list[str | tuple[str, str]]:
        state = self.state
        dot = glyphs(self.ascii_mode)["dot"]
        parts: list[str | tuple[str, str]] = [("hanatui replay", "bold $accent"), dot]
        parts.append(game_title(state.rules.game))
        if state.round:
            parts.append(f"{dot}Round {state.round} of {state.rules.rounds}")
            if state.rules.game == "koikoi":
                parts.append(f" ({month_of_round(state)})")
        parts.append(f"{dot}move {self.position} of {len(self.story)}")
        if self.playing:
            play = ">" if self.ascii_mode else "▶"
            parts.append((f"{dot}{play} {SPEEDS[self.speed]:g} s", "bold $success"))
        return parts

    def _draw_topbar(self) -> None:
        self.refresh_view()

    def _draw_moves(self) -> None:
        moves = self.query_one("#moves", MoveList)
        story = self.story
        segment = story.segment_of(self.position)
        rows: list[tuple[str, int]] = []
        prompts: list[tuple[str, str, str]] = []
        for s in range(len(story.starts)):
            if s == segment:
                for i in story.segment_range(s):
                    rows.append(("event", i))
                    text = story.line(i, self.position, self.seat, all_hands=self.all_hands)
                    prompts.append((str(i + 1), text, "" if i < self.position else "dim"))
            else:
                mark = ">" if self.ascii_mode else "▸"
                prompts.append((mark, story.summary(s), "dim" if s > segment else ""))
                rows.append(("round", s))
        # the words are wrapped here (so they hang under the move number), leaving a column for
        # the scrollbar whether or not it is showing yet
        width = (moves.size.width or 44) - 3
        key = (segment, self.all_hands, self.seat, width, self.ascii_mode)
        if key != self._list_key or len(rows) != len(self._rows):
            self._list_key = key
            self._rows = rows
            moves.set_options(Option(move_line(*p, width)) for p in prompts)
        else:
            for i, (old, new) in enumerate(zip(self._prompts, prompts, strict=True)):
                if old != new:
                    moves.replace_option_prompt_at_index(i, move_line(*new, width))
        self._prompts = prompts
        moves.highlighted = rows.index(("event", self.position - 1))
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
                    (card.description, f"bold {card_variable(card)}"),
                    f"  ({card_japanese(card, ascii_only=self.ascii_mode)})",
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


__all__ = ["DEFAULT_SPEED", "SPEEDS", "ReplayCommands", "ReplayDrawing"]
