"""The review half of the replay viewer: what the analysis found and the comments, on screen.

The move list marks each analysed move (``?!``, ``?``, ``??``) and each commented one; under the
board, every decision of the turn so far says what it gave away and what the better move would
have expected, with the comments on the move (and the game's at its start and end); beside the
score chart, the evaluation graph of the seat in view and its summary; ``n``/``p`` jump to the
next or previous mistake. Running the analysis is `replay_analysis`.

Comments are written through `hanatui.text.comments.edit_file`: the file is read again, nothing is
written into one the viewer could only partly read or that changed since it was opened, and the
write is atomic. Verdicts and comments naming a card the seat in view cannot see are folded
away in that seat's view, as the move list's words are.
"""

from __future__ import annotations

import bisect
from collections import Counter

from rich.cells import cell_len
from textual import events
from textual.content import Content
from textual.widgets import Static

from core.errors import HanaError
from core.logfile import Comment
from hanatui.analysis import CLASSES
from hanatui.app.layout import clip, glyphs
from hanatui.app.screens.replay.draw import ReplayDrawing
from hanatui.app.screens.replay.render import shown_comments
from hanatui.app.screens.replay.review_dialogs import CommentDialog
from hanatui.app.screens.replay.review_render import (
    comment_content,
    comment_glyph,
    comment_text,
    decision_at_column,
    evaluation_chart,
    plain,
    progress_line,
    summary_content,
    verdict_content,
    verdict_short,
)
from hanatui.text.comments import CommentEdit, comments_at, edit_file, game_comments
from hanatui.text.errors import error_text
from hanatui.text.i18n import _
from hanatui.text.story import hidden_from
from hanatui.text.words import is_you, shown_name


class ReplayReview(ReplayDrawing):
    """The analysis's marks, verdicts and graph, and the comments, for `ReplayScreen` (which
    calls `init_review`)."""

    #: (done, total) while an analysis runs (set by `replay_analysis`).
    _progress: tuple[int, int] | None

    def init_review(self) -> None:
        self.analysis = None
        self._progress = None
        self._digest = Content("")
        self.comments = list(self.game_log.comments)
        self._comment_counts = Counter(c.after for c in self.comments if c.after is not None)

    def action_mistake(self, delta: int) -> None:
        """Go to the next (or previous) mistake or blunder, where its verdict shows."""
        a = self.analysis
        if a is None:
            self.notify(_("No analysis yet: a analyses the game."), markup=False, timeout=3)
            return
        seat = None if self.all_hands else self.seat
        if delta > 0:
            found = a.next_flagged(self.position - 1, seat=seat)
        else:
            found = a.previous_flagged(self.position - 1, seat=seat)
        if found is None:
            words = (
                _("No mistake after this move.") if delta > 0 else _("No mistake before this move.")
            )
            self.notify(words, markup=False, timeout=2)
            return
        self._stop_autoplay()
        self.timeline.seek(found.index + 1)
        self.refresh_view()

    def on_click(self, event: events.Click) -> None:
        """A click on the evaluation graph goes to the decision drawn there (where its verdict
        shows, as n does; f then plays on from before it)."""
        box = self.query_one("#evaluation", Static)
        a = self.analysis
        if event.widget is not box or a is None:
            return
        offset = event.get_content_offset(box)
        if offset is None:
            return
        mine = [d for d in a.decisions if d.seat == self.seat and self.judged(d.seat)]
        index = decision_at_column(
            [d.index for d in mine],
            events=len(self.story),
            width=box.content_region.width or 38,
            x=offset.x,
            worst={d.index: CLASSES.index(a.class_of(d)) for d in mine},
        )
        if index is None:
            return
        event.stop()
        self._stop_autoplay()
        self.timeline.seek(index + 1)
        self.refresh_view()

    # --- comments -----------------------------------------------------------------------------
    def _author(self) -> int | None:
        """Who writes by default: the seat a redacted copy is for, else the one person at the
        table if there was one, else a reviewer."""
        if self.locked_seat is not None:
            return self.locked_seat
        humans = [i for i, p in enumerate(self.game_log.header.players) if p.kind == "human"]
        return humans[0] if len(humans) == 1 else None

    def action_comment(self, on_game: bool = False) -> None:
        """Comment on the move at the cursor (or, ``on_game``, on the whole game)."""
        self._stop_autoplay()
        position = None if on_game else self.position
        if position is None:
            title, about = _("Comment on the game"), ""
            existing = game_comments(self.comments)
        else:
            title = _("Comment on move {number}").format(number=position)
            about = self.story.line(position - 1, position, self.seat, all_hands=self.all_hands)
            existing = comments_at(self.comments, position)

        def save(text: str, seat: int | None) -> str | None:
            return self._edit(CommentEdit(text=text, position=position, seat=seat))

        def remove(comment: Comment) -> str | None:
            return self._edit(CommentEdit(remove=comment))

        hidden = 0 if self.all_hands else hidden_from(self.state, self.seat)
        viewer = None if self.all_hands else self.seat

        dialog = CommentDialog(
            title=title,
            about=about,
            existing=existing,
            players=self.game_log.header.players,
            author=self._author(),
            save=save,
            remove=remove,
            shown=lambda c: comment_text(c, hidden=hidden, viewer=viewer),
        )
        self.app.push_screen(dialog)

    def _edit(self, edit: CommentEdit) -> str | None:
        """Write one change to the comments into the file; None, or why it could not be."""
        if self.path is None:
            return _("this game has no file to keep comments in")
        try:
            comments = edit_file(self.path, self.game_log, edit)
        except HanaError as exc:
            return error_text(exc)
        except OSError as exc:
            return _("the file cannot be written ({reason})").format(reason=exc.strerror or exc)
        self.comments = comments
        self.game_log.comments = list(comments)
        self._comment_counts = Counter(c.after for c in comments if c.after is not None)
        self.refresh_view()
        return None

    # --- drawing ------------------------------------------------------------------------------
    def draw_review(self) -> None:
        """The parts the analysis and the comments change: the move list's marks, the lines
        under the board, the evaluation graph and the progress."""
        self._draw_moves()
        self._draw_review_lines()
        self._draw_evaluation()

    def _draw_review_lines(self) -> None:
        box = self.query_one("#review", Static)
        position = self.position
        players = self.game_log.header.players
        hidden = 0 if self.all_hands else hidden_from(self.state, self.seat)
        viewer = None if self.all_hands else self.seat
        lines: list[Content] = []
        digest: list[Content] = []  # the same in one line, for the compact table
        a = self.analysis
        if a is not None:
            # every decision of the turn so far: the ends of turns are where the keys stop
            start = self.story.previous_turn(position) if position > 1 else 0
            indexes = [d.index for d in a.decisions]
            lo = bisect.bisect_left(indexes, start)
            hi = bisect.bisect_left(indexes, position)
            for d in a.decisions[lo:hi]:
                if not self.judged(d.seat):
                    continue
                lines.append(
                    verdict_content(a, d, players, hidden=hidden, ascii_mode=self.ascii_mode)
                )
                digest.append(verdict_short(a, d, players, hidden=hidden))
        here, on_game = shown_comments(self.comments, position, self.state)
        if here:
            digest.append(Content(f"{comment_glyph(self.ascii_mode)} {here[0].text}"))
        for c in here:
            lines.append(
                comment_content(
                    c, players, hidden=hidden, viewer=viewer, ascii_mode=self.ascii_mode
                )
            )
        if on_game:  # once the match is over: a comment on the game may tell how it ends
            for c in on_game:
                lines.append(
                    comment_content(
                        c,
                        players,
                        hidden=hidden,
                        viewer=viewer,
                        ascii_mode=self.ascii_mode,
                        on_game=True,
                    )
                )
        box.display = bool(lines)
        box.update(Content("\n").join(lines))
        self._digest = Content(glyphs(self.ascii_mode)["dot"]).join(digest)
        self.call_after_refresh(self._draw_status_line)

    def _draw_status_line(self) -> None:
        """The compact table's bottom line: the analysis's progress while it runs, else the
        lines under the board in brief when they do not fit on the screen."""
        if not self.is_attached:
            return
        line = self.query_one("#status-line", Static)
        width = max(self.app.size.width - 2, 10)
        if self._progress is not None:
            done, total = self._progress
            # TRANSLATORS: {bar} is a progress bar with "12/80" decisions after it
            words = _("analysing {bar}   x stops")
            before, _bar, after = words.partition("{bar}")
            room = min(width - cell_len(before) - cell_len(after), 50)
            bar = progress_line(done, total, room, ascii_mode=self.ascii_mode)
            line.update(clip(Content(before) + bar + Content(after), width, self.ascii_mode))
            return
        box = self.query_one("#review", Static)
        left = self.query_one("#left")
        clipped = box.display and (
            box.region.bottom > left.region.bottom or box.region.y < left.region.y
        )
        shown = self._digest if clipped and self._digest.cell_length else Content("")
        line.update(clip(shown, width, self.ascii_mode))

    def _draw_evaluation(self) -> None:
        box = self.query_one("#evaluation", Static)
        a = self.analysis
        width = box.content_region.width or 38
        progress = None
        if self._progress is not None:
            done, total = self._progress
            progress = progress_line(done, total, width, ascii_mode=self.ascii_mode)
        box.display = a is not None or progress is not None
        if not box.display:
            return
        name = shown_name(self.game_log.header.players[self.seat].name)
        dot = glyphs(self.ascii_mode)["dot"]
        box.border_title = Content(_("Evaluation") + dot + name)
        lines: list[Content] = []
        values = []
        position = self.position  # nothing after the cursor: not how the game goes on
        if a is not None:
            values = [
                (p.index, v)
                for p in a.evaluation()
                if p.index < position
                and (v := p.values[self.seat]) is not None
                and self.judged(p.seat)
            ]
        scale = max((abs(v) for _index, v in values), default=0.0)
        # TRANSLATORS: the graph's scale: a full bar is this many points
        scale_words = _("±{points} pts").format(points=f"{scale:.1f}")
        subtitle = plain(scale_words, self.ascii_mode) if values else ""
        if progress is not None:
            running = _("analysing: x stops")
            subtitle = f"{running}{dot}{subtitle}" if subtitle else running
        box.border_subtitle = Content(subtitle)
        if values and a is not None:
            flagged = {
                d.index: a.class_of(d)
                for d in a.decisions
                if d.seat == self.seat and d.index < position
            }
            story = self.story
            lines.append(
                evaluation_chart(
                    values,
                    events=len(story),
                    cursor=self.position - 1,
                    width=width,
                    flagged=flagged,
                    current=story.segment_range(story.segment_of(self.position)),
                    scale=scale,
                    ascii_mode=self.ascii_mode,
                )
            )
        else:
            nothing = (
                _("Nothing evaluated for you yet.")
                if is_you(name)
                else _("Nothing evaluated for {player} yet.").format(player=name)
            )
            # the box does not wrap (the graph's columns): a longer sentence wraps here
            lines.extend(Content.styled(nothing, "dim").wrap(width))
        if progress is not None:
            lines.append(progress)
        if a is not None and self.seat in a.seats:
            summary = a.summary(self.seat, before=position)
            lines.append(summary_content(summary, width, ascii_mode=self.ascii_mode))
        box.update(Content("\n").join(lines))


__all__ = ["ReplayReview"]
