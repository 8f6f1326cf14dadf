"""The replay viewer's own drawings: the score chart and the move list."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.cells import cell_len
from textual.content import Content
from textual.widgets import OptionList

from core.players import Player

_BLOCKS = "▁▂▃▄▅▆▇█"


def _total_width(cell: int) -> int:
    """The total column's width after cells ``cell`` wide: "total" right after a cell's own
    trailing space, " total" after one-column cells, which have none."""
    return 6 if cell == 1 else 5


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
    nothing = "." if ascii_mode else "·"  # a round not played yet, or scored 0
    top = max((abs(p) for r in history for p in r), default=0) or 1
    longest = max(4, min(10, max(cell_len(p.name) for p in players)))
    # the widest cells that fit with the whole names, else with names cut to fit (4 at least)
    cell, name_width = 1, 4
    for c in (3, 2, 1):
        room = width - _total_width(c)
        if longest + 1 + c * rounds <= room:
            cell, name_width = c, longest
            break
        if c < 3 and 4 + 1 + c * rounds <= room:
            cell, name_width = c, room - 1 - c * rounds
            break
    room = width - _total_width(cell)
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
    header.append((" total" if cell == 1 else "total", "dim"))
    lines.append(Content.assemble(*header))
    for seat, player in enumerate(players):
        name = player.name
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
        parts.append((f"{total:>{_total_width(cell)}}", "bold"))
        lines.append(Content.assemble(*parts))
    return Content("\n").join(lines)


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


__all__ = ["MoveList", "move_line", "score_chart"]
