"""The replay viewer's review drawings: the evaluation graph, the analysis progress, the lines
under the board (verdicts and comments) and the summary of a seat. Plain functions from data to
`Content`: text from a file (names, comments) is only ever passed as plain text, never markup.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from textual.content import Content

from core.logfile import Comment
from core.players import Player
from hanatui.analysis import CLASSES, FLAGGED, MARKS, Class, Decision, GameAnalysis, SeatSummary
from hanatui.analysis.model import class_label, describe_move, verdict_rest
from hanatui.text.i18n import _, ngettext
from hanatui.text.story import mentions_hidden
from hanatui.text.words import shown_name

_BLOCKS = "▁▂▃▄▅▆▇█"

#: The style of each flagged class's mark (chess's colours: the worse, the hotter).
CLASS_STYLES: dict[Class, str] = {
    "best": "",
    "good": "",
    "inaccuracy": "bold",
    "mistake": "bold $warning",
    "blunder": "bold $error",
}


def comment_glyph(ascii_mode: bool) -> str:
    """What marks a commented move in the move list."""
    return "*" if ascii_mode else "✎"


def plain(text: str, ascii_mode: bool) -> str:
    """The analysis's words with their one non-ASCII sign spelled out in ASCII mode."""
    return text.replace("±", "+/-") if ascii_mode else text


def writer(comment: Comment, players: Sequence[Player]) -> str:
    """Who wrote a comment: a player's name, or "a reviewer" (someone not at the table)."""
    if comment.seat is None or not 0 <= comment.seat < len(players):
        return _("a reviewer")
    return shown_name(players[comment.seat].name)


def decision_at_column(
    indexes: Sequence[int],
    *,
    events: int,
    width: int,
    x: int,
    worst: Mapping[int, int] | None = None,
) -> int | None:
    """The decision drawn in column ``x`` of `evaluation_chart` (of ``events`` events, ``width``
    wide), or the nearest one drawn: of several in a column, the worst by ``worst`` (a
    decision's rank, higher is worse), then the latest. ``indexes``: the decisions drawn."""
    if not indexes:
        return None
    width = max(8, width)
    events = max(events, 1)

    def column(index: int) -> int:
        return min(width - 1, index * width // events)

    nearest = min(abs(column(i) - x) for i in indexes)
    here = [i for i in indexes if abs(column(i) - x) == nearest]
    rank = worst or {}
    return max(here, key=lambda i: (rank.get(i, 0), i))


def evaluation_chart(
    values: Iterable[tuple[int, float]],
    *,
    events: int,
    cursor: int,
    width: int,
    rows: int = 2,
    flagged: Mapping[int, Class] | None = None,
    current: range | None = None,
    scale: float | None = None,
    ascii_mode: bool = False,
) -> Content:
    """The evaluation over the game: one column per stretch of events, bars up for points a
    seat expects to win this round and down for points it expects to lose (the latest decision
    in the stretch); under them ``^`` at the cursor, ``?`` where a flagged decision lies (its
    colour the worst class) and a line under the cursor's round. ``values`` are (event index,
    points); ``current`` the events of the cursor's round; ``scale`` the points of a full bar
    (by default the largest value drawn)."""
    width = max(8, width)
    events = max(events, 1)

    def column(index: int) -> int:
        return min(width - 1, index * width // events)

    cols: list[float | None] = [None] * width
    for index, value in values:
        cols[column(index)] = value
    worst: list[Class | None] = [None] * width
    for index, cls in (flagged or {}).items():
        c = column(index)
        if worst[c] is None or CLASSES.index(cls) > CLASSES.index(worst[c] or "best"):
            worst[c] = cls
    this_round = [False] * width
    if current is not None and len(current):
        for c in range(column(current.start), column(current.stop - 1) + 1):
            this_round[c] = True
    drawn = [abs(v) for v in cols if v is not None]
    top = scale or max(drawn, default=0.0) or 1.0
    levels = rows * 8
    lines: list[Content] = []
    for r in range(2 * rows):
        above = r < rows
        base = (rows - 1 - r) * 8 if above else (r - rows) * 8  # eighths nearer the axis
        parts: list[str | tuple[str, str]] = []
        for point in cols:
            if point is None or (point > 0) != above or point == 0:
                parts.append(" ")
                continue
            fill = min(8, round(levels * abs(point) / top) - base)
            colour = "$success" if point > 0 else "$error"
            if fill <= 0:
                parts.append(" ")
            elif ascii_mode:
                parts.append(("#" if fill >= 6 else ":" if fill >= 3 else ".", colour))
            elif above or fill == 8:
                parts.append((_BLOCKS[fill - 1], colour))
            else:
                # a bar hanging from the axis: the cell's lower part in the box's colour over a
                # background of the bar's (there are no top-anchored eighths to draw with)
                parts.append((_BLOCKS[7 - fill], f"$surface on {colour}"))
        lines.append(Content.assemble(*parts))
    cursor_col = column(max(cursor, 0))
    marks: list[str | tuple[str, str]] = []
    for c in range(width):
        if c == cursor_col:
            marks.append(("^", "bold $accent"))
        elif worst[c] in FLAGGED:
            marks.append(("?", CLASS_STYLES[worst[c] or "best"]))
        elif this_round[c]:
            marks.append(("-" if ascii_mode else "─", "dim"))
        else:
            marks.append(" ")
    lines.append(Content.assemble(*marks))
    return Content("\n").join(lines)


def progress_line(done: int, total: int, width: int, *, ascii_mode: bool) -> Content:
    """A progress bar with the count of decisions: ``[####....] 12/80``."""
    count = f" {done}/{total}"
    room = max(4, width - len(count) - (2 if ascii_mode else 0))
    filled = room * done // total if total else room
    if ascii_mode:
        return Content.assemble("[", ("#" * filled, "$accent"), "." * (room - filled), "]", count)
    return Content.assemble(("█" * filled, "$accent"), ("░" * (room - filled), "dim"), count)


def summary_content(summary: SeatSummary, width: int, *, ascii_mode: bool) -> Content:
    """A seat's summary in one line: its average loss per decision and the count of each
    flagged class (the number of decisions too, when the width allows); in two lines, the
    average loss and the counts, where a language's longer words do not fit in one."""
    dot = " - " if ascii_mode else " · "
    loss = Content(_("avg loss {loss}").format(loss=f"{summary.average_loss:.2f}"))
    marks: list[str | tuple[str, str]] = []
    for cls in FLAGGED:
        if marks:
            marks.append(dot)
        marks.append((MARKS[cls], CLASS_STYLES[cls]))
        marks.append(f" {summary.counts[cls]}")
    counts = Content.assemble(*marks)
    line = loss + Content(dot) + counts
    if line.cell_length > width:
        return Content("\n").join([loss, counts])
    decisions = ngettext("{n} decision", "{n} decisions", summary.decisions)
    more = Content(decisions.format(n=summary.decisions) + dot)
    return more + line if more.cell_length + line.cell_length <= width else line


def verdict_content(
    analysis: GameAnalysis,
    decision: Decision,
    players: Sequence[Player],
    *,
    hidden: int,
    ascii_mode: bool,
) -> Content:
    """The line under the board for one decision: who, its class (coloured), the move made and
    what it expects, the better move and what it would have expected, the loss. A verdict
    naming a card the seat in view cannot see (``hidden``) says what the move lost without
    naming the better one."""
    cls = analysis.class_of(decision)
    rest = verdict_rest(analysis, decision)
    if mentions_hidden(rest, hidden):
        rest = _(
            "loses {loss} ± {se} points this round (the better move names a card hidden from "
            "this view: v shows all hands)"
        ).format(loss=f"{decision.loss:.1f}", se=f"{decision.se:.1f}")
    # a verdict reads "class mark: the rest": the class and its mark take the class's colour
    return Content.assemble(
        (shown_name(players[decision.seat].name), "bold"),
        ": ",
        (class_label(cls), CLASS_STYLES[cls] or "bold"),
        ": ",
        plain(rest, ascii_mode),
    )


def verdict_short(
    analysis: GameAnalysis,
    decision: Decision,
    players: Sequence[Player],
    *,
    hidden: int,
) -> Content:
    """A verdict in a few words for the compact table's status line: who, the class, the better
    move (unless it names a card hidden from the seat in view) and the loss."""
    cls = analysis.class_of(decision)
    head = Content.assemble(
        (shown_name(players[decision.seat].name), "bold"),
        ": ",
        (class_label(cls), CLASS_STYLES[cls] or "bold"),
    )
    if decision.made == decision.best:
        return head
    better = describe_move(decision.best_move)
    loss = f"{decision.loss:.1f}"
    if mentions_hidden(better, hidden):
        # TRANSLATORS: after "Name: mistake ?" in the status line; the better move is hidden
        rest = _(", loses {loss}: a better move").format(loss=loss)
    else:
        # TRANSLATORS: after "Name: mistake ?" in the status line
        rest = _(", loses {loss}: better {move}").format(loss=loss, move=better)
    return head + Content(rest)


def comment_text(comment: Comment, *, hidden: int, viewer: int | None) -> str:
    """A comment's words as the seat in view (``viewer``; None: all hands) may read them:
    another's comment naming a card that seat cannot see (``hidden``) is folded away."""
    if comment.seat != viewer and mentions_hidden(comment.text, hidden):
        return _("(it names a card hidden from this view: v shows all hands)")
    return comment.text


def comment_content(
    comment: Comment,
    players: Sequence[Player],
    *,
    hidden: int,
    viewer: int | None,
    ascii_mode: bool,
    on_game: bool = False,
) -> Content:
    """A comment under the board: who wrote it and its words (plain text, never markup). In a
    seat's view, another's comment naming a card that seat cannot see is folded away."""
    text = comment_text(comment, hidden=hidden, viewer=viewer)
    who = writer(comment, players)
    if on_game:
        # TRANSLATORS: who wrote a comment on the whole game (not on one move)
        who = _("on the game, {writer}").format(writer=who)
    return Content.assemble(
        (comment_glyph(ascii_mode) + "  ", "$accent"),
        (who, "bold"),
        ": ",
        text,
    )


__all__ = [
    "CLASS_STYLES",
    "comment_content",
    "comment_glyph",
    "comment_text",
    "evaluation_chart",
    "plain",
    "progress_line",
    "summary_content",
    "verdict_content",
    "verdict_short",
    "writer",
]
