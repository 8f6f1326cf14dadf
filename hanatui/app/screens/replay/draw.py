"""The replay viewer's drawing (the result of a round, the header, the move list, the chart,
the status lines) and its commands in the palette."""

from __future__ import annotations

import re
from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import DataTable, Static
from textual.widgets.option_list import Option

from core.cards import CARDS, Card, cards_of
from core.events import MatchEnded, RoundEnded
from core.logfile import Comment, LogRead
from core.state import State
from core.text import printable_path
from core.timeline import Timeline
from core.view import observe
from hanatui.analysis import MARKS, GameAnalysis
from hanatui.app.describe import card_variable
from hanatui.app.layout import Scene, TableLayout, glyphs
from hanatui.app.screens.replay.render import (
    MoveList,
    Prompt,
    ScoreChart,
    chart_panel,
    move_line,
    move_rows,
)
from hanatui.app.screens.replay.review_render import CLASS_STYLES, comment_glyph
from hanatui.app.screens.results import breakdown_table
from hanatui.app.widgets import CardRow, faces_content
from hanatui.text.i18n import _, ngettext
from hanatui.text.names import card_name
from hanatui.text.story import Story
from hanatui.text.words import (
    REASONS,
    and_list,
    card_japanese,
    game_title,
    is_you,
    last_move,
    last_move_cards,
    month_of_round,
    shown_name,
)

#: Autoplay speeds, seconds per event, slowest first.
SPEEDS = (2.0, 1.2, 0.8, 0.5, 0.3, 0.15, 0.1)
DEFAULT_SPEED = 3


def match_over(winners: list[str]) -> str:
    """The title of the match's result: "Match over: CPU wins", "Match over: A and B tie"."""
    if len(winners) > 1:
        return _("Match over: {players} tie").format(players=and_list(winners))
    name = winners[0] if winners else "?"
    if is_you(name):
        # TRANSLATORS: the match's result when the winner is you (named "You").
        return _("Match over: You win")
    return _("Match over: {player} wins").format(player=name)


def _pad(label: str, width: int) -> str:
    """``label`` and spaces after it, ``width`` terminal cells in all."""
    return label + " " * max(1, width - cell_len(label))


class ReplayCommands(Provider):
    """The viewer's commands in the palette, and "go to move N" for any number typed."""

    def _viewer(self) -> Any:
        # the viewer (`ReplayScreen`) is the one screen drawn by `ReplayDrawing`, below
        screen = self.screen
        return screen if isinstance(screen, ReplayDrawing) else None

    def _commands(self, viewer: Any) -> list[tuple[str, str, Any]]:
        commands = [
            (_("Go to move..."), _("Type a move number, e.g. 120"), viewer.action_goto),
            (
                _("Autoplay: start or pause"),
                _("Space; + and - change the speed"),
                viewer.action_autoplay,
            ),
            (_("Go to the start"), "Home", viewer.action_start),
            (_("Go to the end"), "End", viewer.action_end),
            (
                _("Share this game..."),
                _("An anonymised copy, a text record, one seat's view"),
                viewer.action_share,
            ),
            (_("Replay keys"), _("How to move through the game"), viewer.action_help),
            (
                _("Analyse the game..."),
                _("a: the strong player's verdict on every decision, a summary per seat"),
                viewer.action_analyse,
            ),
            (
                _("Next mistake"),
                _("n: the next move classed a mistake or a blunder"),
                partial(viewer.action_mistake, 1),
            ),
            (_("Previous mistake"), "p", partial(viewer.action_mistake, -1)),
            (
                _("Comment on this move..."),
                _("c: saved in the game's file"),
                viewer.action_comment,
            ),
            (
                _("Comment on the game..."),
                _("C: a comment on the whole game, saved in its file"),
                partial(viewer.action_comment, True),
            ),
        ]
        if viewer.analysing:
            commands.append((_("Stop the analysis"), "x", viewer.action_stop_analysis))
        if viewer.locked_seat is None:
            commands.append((_("All hands / one seat's view"), "v", viewer.action_toggle_view))
            commands.append((_("View from the next seat"), "s", viewer.action_next_seat))
        if viewer.can_fork():
            commands.append(
                (
                    _("Play on from here"),
                    _("A new game from this position, you against the computer"),
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
            name = _("Go to move {move}").format(move=target)
            yield Hit(
                1.0,
                Content(name),
                partial(viewer.seek, target),
                text=name,
                help=ngettext("of {n} move", "of {n} moves", total).format(n=total),
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
    show_variations: bool
    _timer: Timer | None
    _list_key: tuple[object, ...] | None
    _rows: list[tuple[str, int]]
    _row_steps: list[int]
    taken_back_from: int | None
    _prompts: list[Prompt]
    _result_shown: RoundEnded | None
    _could_fork: bool
    analysis: GameAnalysis | None
    comments: list[Comment]
    _comment_counts: Counter[int | None]

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

    def _stop_autoplay(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def can_fork(self) -> bool:
        """Whether there is a game to play on from here (not once the match is over)."""
        return self.state.phase != "over"

    def refresh_view(self) -> None:
        """Draw the position at the cursor: the table, then the viewer's own panels."""
        if not self.is_attached:
            return
        state = self.state
        view = observe(state, self.seat)
        ascii_mode = self.ascii_mode
        self.set_class(ascii_mode, "-ascii")  # the app's class cannot reach a screen's scoped CSS
        turn = state.turn if state.phase in ("play", "choose", "decide") else None
        faces: dict[int, Content] = {}
        if self.all_hands and state.hands:
            for seat in range(state.num_players):
                if seat != self.seat:
                    faces[seat] = faces_content(cards_of(state.hands[seat]), ascii_mode=ascii_mode)
        # TRANSLATORS: under the field: how many cards are left in the pile (the stock).
        pile_note = _("pile {count}").format(count=view.pile_count)
        if self.all_hands and state.pile:
            # TRANSLATORS: under the field, with every hand shown: the pile's next card, a code.
            upcoming = _("next {card}").format(card=CARDS[state.pile[0]].value)
            pile_note += f"{glyphs(ascii_mode)['dot']}{upcoming}"
        me = view.players[self.seat]
        scene = Scene(
            view=view,
            seat=self.seat,
            header=self._header(),
            marked=turn,
            hand=list(view.hand),
            faces=faces,
            last=self._last_card(),
            pile_note=pile_note,
            you_note=(
                _("all hands shown")
                if self.all_hands
                else _("the view of {player}").format(player=shown_name(me.name))
            ),
            ascii_mode=ascii_mode,
            caption=tuple(
                last_move(
                    self.timeline.events,
                    self.timeline.states,
                    self.position - 1,
                    None if self.all_hands else self.seat,
                    brief=brief,
                )
                for brief in (False, True)  # the cards' names, then their codes alone
            ),
            moved=last_move_cards(self.timeline.events, self.position - 1),
        )
        if not self.query_one("#layout", TableLayout).draw(scene):
            return  # the seats' panels are being mounted: drawn again when they are
        self._draw_result()
        self._draw_chart()
        self._draw_status()
        self.draw_review()
        if self.can_fork() != self._could_fork:
            self._could_fork = self.can_fork()
            self.refresh_bindings()

    def draw_review(self) -> None:
        """The panels the analysis and comments change (`ReplayReview` adds its own)."""
        self._draw_moves()

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
        title = _("Round {round} over ({reason})").format(
            round=ended.round, reason=REASONS.get(ended.reason, ended.reason)
        )
        if isinstance(event, MatchEnded):
            winners = [shown_name(players[i].name) for i in event.winners]
            title = match_over(winners) + glyphs(self.ascii_mode)["dot"] + _("last round")
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
        # TRANSLATORS: the replay viewer's title (hanatui is the program's name).
        parts: list[str | tuple[str, str]] = [(_("hanatui replay"), "bold $accent"), dot]
        parts.append(game_title(state.rules.game))
        if state.round:
            rounds = state.rules.rounds
            if state.rules.game == "koikoi":
                text = _("Round {round} of {rounds} ({month})").format(
                    round=state.round, rounds=rounds, month=month_of_round(state)
                )
            else:
                text = _("Round {round} of {rounds}").format(round=state.round, rounds=rounds)
            parts.append(f"{dot}{text}")
        moves = _("move {move} of {moves}").format(move=self.position, moves=len(self.story))
        parts.append(f"{dot}{moves}")
        if self.playing:
            play = ">" if self.ascii_mode else "▶"
            # TRANSLATORS: the autoplay's speed in the replay's title: seconds per move.
            speed = _("{seconds} s").format(seconds=f"{SPEEDS[self.speed]:g}")
            parts.append((f"{dot}{play} {speed}", "bold $success"))
        return parts

    def _draw_topbar(self) -> None:
        self.refresh_view()

    def judged(self, seat: int) -> bool:
        """Whether the analysis of ``seat``'s decisions shows: all of them with all hands in
        view, only the seat's own in a seat's view (a judgement of another seat's move is made
        from that seat's cards, which this view does not show)."""
        return self.all_hands or seat == self.seat

    def _mark_of(self, index: int) -> tuple[str, str]:
        """The analysis's mark on event ``index`` as the view may show it."""
        analysis = self.analysis
        decision = analysis.at(index) if analysis is not None else None
        if analysis is None or decision is None or not self.judged(decision.seat):
            return "", ""  # another seat's judgement tells of its hidden cards
        cls = analysis.class_of(decision)
        return MARKS[cls], CLASS_STYLES[cls]

    def _draw_moves(self) -> None:
        moves = self.query_one("#moves", MoveList)
        found = move_rows(
            self.story,
            self.position,
            self.seat,
            all_hands=self.all_hands,
            variations=self.show_variations,
            mark_of=self._mark_of,
            comment_counts=self._comment_counts,
            ascii_mode=self.ascii_mode,
        )
        rows: list[tuple[str, int]] = [(r.kind, r.value) for r in found]
        self._row_steps = [r.step for r in found]
        prompts = [r.prompt for r in found]
        # the words are wrapped here (so they hang under the move number), leaving a column for
        # the scrollbar whether or not it is showing yet
        width = (moves.size.width or 44) - 3
        segment = self.story.segment_of(self.position)
        key = (segment, self.all_hands, self.seat, width, self.ascii_mode, self.show_variations)
        if key != self._list_key or rows[: len(self._rows)] != self._rows[: len(rows)]:
            self._list_key = key
            self._rows = []
            self._prompts = []
            moves.clear_options()
        # the list grows and shrinks at its end as the cursor moves: only the lines that
        # changed are drawn again
        common = min(len(self._rows), len(rows))
        for i in range(common):
            if self._prompts[i] != prompts[i]:
                moves.replace_option_prompt_at_index(i, self._move_line(prompts[i], width))
        if len(self._rows) > len(rows):
            for i in range(len(self._rows) - 1, len(rows) - 1, -1):
                moves.remove_option_at_index(i)
        elif len(rows) > len(self._rows):
            moves.add_options(Option(self._move_line(p, width)) for p in prompts[common:])
        self._rows = rows
        self._prompts = prompts
        moves.highlighted = rows.index(("event", self.position - 1))
        moves.scroll_to_highlight()

    def _move_line(self, prompt: Prompt, width: int) -> Content:
        number, text, style, mark, mark_style, comments, folded = prompt
        note = ""
        if comments:
            note = comment_glyph(self.ascii_mode) + (str(comments) if comments > 1 else "")
        if folded:
            taken = "<" if self.ascii_mode else "↶"
            note = (note + " " if note else "") + taken + (str(folded) if folded > 1 else "")
        return move_line(number, text, style, width, mark=(mark, mark_style), note=note)

    def _draw_chart(self) -> None:
        chart = self.query_one("#chart", ScoreChart)
        chart.drawn_width = chart.content_region.width
        title, body = chart_panel(
            self.timeline.states,
            self.position,
            width=chart.drawn_width or 38,
            ascii_mode=self.ascii_mode,
        )
        chart.update(body)
        chart.border_title = title

    def on_score_chart_resized(self, message: ScoreChart.Resized) -> None:
        message.stop()
        if self.is_attached:
            self._draw_chart()

    def _draw_status(self, card: Card | None = None) -> None:
        status = self.query_one("#status", Static)
        view_name = (
            _("all hands")
            if self.all_hands
            else _("seat view: {player}").format(
                player=shown_name(self.game_log.header.players[self.seat].name)
            )
        )
        # the labels in a column of their own, as wide as the longer one and two spaces
        viewing, file_label = _("viewing"), _("file")
        label_width = max(cell_len(viewing), cell_len(file_label)) + 2
        lines: list[Content] = []
        origin = self.game_log.header.origin
        if card is not None:
            lines.append(
                Content.assemble(
                    (f"{card.value} {card_name(card)}", f"bold {card_variable(card)}"),
                    f"  ({card_japanese(card, ascii_only=self.ascii_mode)})",
                )
            )
        else:
            lines.append(Content.assemble((_pad(viewing, label_width), "dim"), view_name))
        if self.path is not None:
            lines.append(
                Content.assemble(
                    (_pad(file_label, label_width), "dim"), printable_path(self.path.name)
                )
            )
        notes = []
        if self.taken_back_from is not None:
            notes.append(
                _("a line taken back at move {move}: esc goes back").format(
                    move=self.taken_back_from
                )
            )
        if origin is not None:
            notes.append(
                _("played on from {source}, move {move}").format(
                    source=origin.source, move=origin.event
                )
            )
        if self.game_log.header.anonymised:
            notes.append(_("an anonymised copy"))
        if self.locked_seat is not None:
            notes.append(_("redacted: hidden cards unknown"))
        if self.game_log.error is not None:
            notes.append(
                _("the readable part only (the file breaks at line {line})").format(
                    line=self.game_log.error.line
                )
            )
        if notes:
            # TRANSLATORS: what separates the notes under the replay's board.
            lines.append(Content.styled(_("; ").join(notes), "dim"))
        status.update(Content("\n").join(lines))

    def on_card_row_hovered(self, message: CardRow.Hovered) -> None:
        self._draw_status(message.card)


__all__ = ["DEFAULT_SPEED", "SPEEDS", "ReplayCommands", "ReplayDrawing"]
