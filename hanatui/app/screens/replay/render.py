"""The replay viewer's own drawings: the score chart and the move list.

Nothing spoiled: each panel is drawn by a function of the events up to the cursor (`chart_panel`,
`move_rows`, `shown_comments`), so what it shows at a move is what it would show of a log that
stops there (tests/app/test_replay_spoilers.py states it as a property).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Literal, NamedTuple

from rich.cells import cell_len
from textual import events
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList, Static

from core.logfile import Comment
from core.players import Player
from core.state import OVER, State
from hanatui.app.layout import glyphs
from hanatui.text.comments import comments_at, game_comments
from hanatui.text.i18n import _
from hanatui.text.story import Story, mentions_hidden
from hanatui.text.words import shown_name

#: A line of the move list: number, words, style, the analysis's mark and its style, comments,
#: and the variations folded beside it (undos that took back what it replaced).
Prompt = tuple[str, str, str, str, str, int, int]


class MoveRow(NamedTuple):
    """One line of the move list: what choosing it opens (``kind`` "event": the event of
    index ``value``; "round": the segment ``value``; "variation": a move an undo took back, the
    event ``step`` of the variation whose marker is ``value``) and how it reads."""

    kind: Literal["event", "round", "variation"]
    value: int
    prompt: Prompt
    step: int = 0


_BLOCKS = "▁▂▃▄▅▆▇█"


def _total_label() -> str:
    """The total column's heading, in the player's language."""
    # TRANSLATORS: the score chart's last column: each player's points so far (short).
    return _("total")


def _total_width(cell: int, label: str = "total") -> int:
    """The total column's width after cells ``cell`` wide: the heading ("total", 5 at least)
    right after a cell's own trailing space, a space before it after one-column cells, which
    have none."""
    width = max(5, cell_len(label))
    return width + 1 if cell == 1 else width


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
    the rounds after the cursor dimmed, the cursor's round marked, and each running total.
    More rounds than ``width`` holds: the ones around the cursor's, the first one shown
    numbered in the names' column ("37:")."""
    rounds = max(rounds, len(history), 1)
    total_label = _total_label()
    total_width = partial(_total_width, label=total_label)
    nothing = "." if ascii_mode else "·"  # a round not played yet, or scored 0
    top = max((abs(p) for r in history for p in r), default=0) or 1
    longest = max(4, min(10, max(cell_len(shown_name(p.name)) for p in players)))
    # the widest cells that fit with the whole names, else with names cut to fit (4 at least)
    cell, name_width = 1, 4
    for c in (3, 2, 1):
        room = width - total_width(c)
        if longest + 1 + c * rounds <= room:
            cell, name_width = c, longest
            break
        if c < 3 and 4 + 1 + c * rounds <= room:
            cell, name_width = c, room - 1 - c * rounds
            break
    room = width - total_width(cell)
    first, last = 1, rounds
    if name_width + 1 + cell * rounds > room:  # one cell a round, and still too many rounds
        # a window of rounds: the names whole (cut to 4, "Easy 1" and "Easy 2" read alike)
        name_width = longest
        shown = max(1, room - name_width - 1)
        focus = current or done or 1
        first = max(1, min(focus - shown // 2, rounds - shown + 1))
        last = first + shown - 1
    lines: list[Content] = []
    header: list[str | tuple[str, str]] = [
        f"{first}:".rjust(name_width) + " " if first > 1 else " " * (name_width + 1)
    ]
    for r in range(first, last + 1):
        label = f"{r:>2} " if cell == 3 else f"{r % 10}" + " " * (cell - 1)
        header.append((label, "bold $accent" if r == current else "dim"))
    header.append((total_label.rjust(total_width(cell)), "dim"))
    lines.append(Content.assemble(*header))
    for seat, player in enumerate(players):
        name = shown_name(player.name)
        if cell_len(name) > name_width:
            while cell_len(name) > name_width - 1:
                name = name[:-1]
            name += "." if ascii_mode else "…"
        parts: list[str | tuple[str, str]] = [name + " " * (name_width - cell_len(name) + 1)]
        pad = " " * max(0, cell - 2)
        gap = " " if cell > 1 else ""
        for r in range(first, last + 1):
            if r > len(history):
                parts.append((pad + nothing, "dim"))
            else:
                p = history[r - 1][seat] if seat < len(history[r - 1]) else 0
                if p == 0:
                    glyph, colour = nothing, "dim"
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
        parts.append((f"{total:>{total_width(cell)}}", "bold"))
        lines.append(Content.assemble(*parts))
    return Content("\n").join(lines)


def chart_panel(
    states: Sequence[State], position: int, *, width: int, ascii_mode: bool = False
) -> tuple[Content, Content]:
    """The score chart at ``position`` (its title and body), from the rounds played so far: the
    rounds still to come are empty cells, whatever the log holds after the cursor."""
    state = states[position - 1]
    current = state.round if state.round else 0
    body = score_chart(
        state.players,
        state.history,
        state.rules.rounds,
        done=state.rounds_done,
        current=current,
        totals=state.totals,
        ascii_mode=ascii_mode,
        width=width,
    )
    dot = glyphs(ascii_mode)["dot"]
    rounds = max(state.rules.rounds, len(state.history), current)
    title = _("Scores")
    if current:
        title += dot + _("round {round} of {rounds}").format(round=current, rounds=rounds)
    return Content(title), body


#: The analysis's mark for an event of the move list: (mark, style), ("", "") for none.
MarkOf = Callable[[int], tuple[str, str]]


def move_rows(
    story: Story,
    position: int,
    seat: int,
    *,
    all_hands: bool,
    variations: bool = False,
    mark_of: MarkOf | None = None,
    comment_counts: Mapping[int | None, int] | None = None,
    ascii_mode: bool = False,
) -> list[MoveRow]:
    """The move list at ``position``: the rounds before the cursor's one line each, the
    cursor's round move by move up to the cursor (nothing of what is to come, not even how
    many moves are left), the undos' markers left out (the main line is what was finally
    played). Beside a move that replaced a taken-back line, with ``variations``, that line
    (indented, the undo's lines inside it deeper still), else a count of the lines folded."""
    segment = story.segment_of(position)
    counts = comment_counts or {}
    rows: list[MoveRow] = []
    for s in range(segment):
        mark = ">" if ascii_mode else "▸"
        rows.append(MoveRow("round", s, (mark, story.summary(s), "", "", "", 0, 0)))
    indent = "  "  # an undo's line inside another's, one step deeper
    hidden = story.hidden_at(position, seat) if variations and not all_hands else 0
    for i in story.segment_range(segment):
        if i >= position:
            break
        if i + 1 not in story.steps_set:
            continue
        shown = [v for v in story.variations_at(i) if v.marker < position]
        text = story.line(i, position, seat, all_hands=all_hands)
        mark, mark_style = mark_of(i) if mark_of is not None else ("", "")
        folded = 0 if variations else len(shown)
        prompt: Prompt = (str(i + 1), text, "", mark, mark_style, counts.get(i, 0), folded)
        rows.append(MoveRow("event", i, prompt))
        if not variations:
            continue
        for v in shown:
            for k, (depth, words, blind, step) in enumerate(v.lines):
                told = blind if mentions_hidden(words, hidden) else words
                line = f"{indent * depth}({told})"
                first = ("<" if ascii_mode else "↶") if k == 0 else ""  # where each line opens
                prompt = (first, line, "dim italic", "", "", 0, 0)
                rows.append(MoveRow("variation", v.marker, prompt, step))
    return rows


def shown_comments(
    comments: Sequence[Comment], position: int, state: State
) -> tuple[list[Comment], list[Comment]]:
    """The comments shown at ``position``: those on the move there, and those on the whole
    game once the match is over (written after it, they may tell how it ends)."""
    game = game_comments(comments) if state.phase == OVER else []
    return comments_at(comments, position), game


def move_line(
    number: str,
    text: str,
    style: str,
    width: int,
    *,
    mark: tuple[str, str] = ("", ""),
    note: str = "",
) -> Content:
    """One line of the move list: the move number in a gutter, the words wrapped beside it, then
    the analysis's ``mark`` (text, style) and a ``note`` (the comments' marker)."""
    gutter = f"{number:>3} "  # wider from move 1000 on: the lines under it indent as far
    room = max(10, width - len(gutter))
    lines = textwrap.wrap(text, room) or [""]
    tail: list[tuple[str, str]] = []
    if mark[0]:
        tail.append((f" {mark[0]}", mark[1]))
    if note:
        tail.append((f" {note}", "$accent"))
    if tail and cell_len(lines[-1]) + sum(cell_len(t) for t, _ in tail) > room:
        lines.append("")  # the marks go on a line of their own rather than past the edge
    indent = " " * len(gutter)
    body = "\n".join([lines[0], *(indent + line for line in lines[1:])])
    return Content.assemble((gutter, "dim"), (body, style) if style else body, *tail)


class ScoreChart(Static):
    """The score chart's box: drawn to its width, so it says when that changes (the side
    column takes its new width a refresh or more after the table turns wide or compact)."""

    class Resized(Message):
        """The chart's width changed: it is drawn again."""

    drawn_width = 0  # the width the chart was last drawn to

    def on_resize(self, event: events.Resize) -> None:
        if self.content_region.width != self.drawn_width:
            self.post_message(self.Resized())


class MoveList(OptionList, can_focus=False):
    """The game in words: past rounds one line each, the cursor's round event by event."""

    DEFAULT_CSS = """
    MoveList {
        height: 1fr; max-height: 100%; border: round $panel-lighten-2; background: $surface;
        padding: 0; scrollbar-size-vertical: 1;
    }
    MoveList > .option-list--option-highlighted {
        background: $accent 35%; color: $foreground; text-style: bold;
    }
    """


__all__ = [
    "MarkOf",
    "MoveList",
    "MoveRow",
    "Prompt",
    "ScoreChart",
    "chart_panel",
    "move_line",
    "move_rows",
    "score_chart",
    "shown_comments",
]
