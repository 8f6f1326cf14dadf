"""Running the game's analysis in the replay viewer.

The analysis runs in a thread worker (`Analyser`, docs/analysis.md) for the seat in view or
every seat: after each decision the thread posts a message (posting never blocks it) and the
screen redraws its marks, so the viewer stays usable meanwhile; `Analyser.cancel` stops it after
the decision in hand (a worker's own cancel cannot stop a thread), from ``x``, the dialog, or
the screen going away. What is done is cached beside the log (`hanatui.analysis.cache`), every
seat's decisions in one file, and a cached analysis is shown as soon as the game opens.
"""

from __future__ import annotations

import contextlib
import time
from collections import Counter

from textual import work
from textual.content import Content
from textual.message import Message
from textual.worker import Worker, WorkerState

from core.errors import HanaError
from hanatui.analysis import (
    DEFAULT_BUDGET,
    Analyser,
    Decision,
    GameAnalysis,
    analysable_seats,
    cache,
)
from hanatui.analysis import decision_points as find_decisions
from hanatui.analysis.report import class_count, summary_line
from hanatui.app.screens.replay.review import ReplayReview
from hanatui.app.screens.replay.review_dialogs import AnalysisDialog
from hanatui.bots.heuristics import team_numbers
from hanatui.text.errors import error_text
from hanatui.text.i18n import _, ngettext
from hanatui.text.words import shown_name

#: A rough time per playout, to say how long an analysis may take (docs/analysis.md: about a
#: quarter of a second a decision at 1000 playouts on a shared 2-core machine).
SECONDS_PER_PLAYOUT = 0.25 / 1000
#: The progress and the marks are redrawn at most this often (seconds) while an analysis runs.
REDRAW_EVERY = 0.2


class ReplayAnalysis(ReplayReview):
    """The analysis runner for `ReplayScreen` (which calls `init_analysis` and
    `load_cached_analysis`, and `stop_analysis` when it goes)."""

    def init_analysis(self, budget: int | None) -> None:
        """``budget``: the playouts per decision (None: the default, or the cached analysis's)."""
        self._asked_budget = budget
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self._known: dict[int, Decision] = {}
        self._analyser: Analyser | None = None
        self._points: dict[int, int] | None = None  # decision event -> seat
        self._drawn_at = 0.0

    @property
    def analysing(self) -> bool:
        return self._analyser is not None

    def _seats_of_points(self) -> dict[int, int]:
        if self._points is None:
            self._points = {p.index: p.seat for p in find_decisions(self.game_log)}
        return self._points

    def _make_analysis(
        self, decisions: dict[int, Decision], extra: tuple[int, ...] = ()
    ) -> GameAnalysis | None:
        """What the screen shows: every decision known, for the seats that have any (and those
        being analysed)."""
        seats = {d.seat for d in decisions.values()} | set(extra)
        if not seats:
            return None
        header = self.game_log.header
        return GameAnalysis(
            game=header.rules.game,
            teams=team_numbers(header.rules, len(header.players)),
            budget=self.budget,
            decisions=decisions.values(),
            seats=seats,
            total=sum(1 for s in self._seats_of_points().values() if s in seats),
        )

    def load_cached_analysis(self) -> None:
        """Show the analysis cached beside the log at once (at the budget it was made with,
        unless the screen was given one)."""
        if self.path is None:
            return
        if self._asked_budget is not None:
            decisions = cache.load(self.path, self.game_log, self.budget)
            found = None if decisions is None else (self.budget, decisions)
        else:
            found = cache.load_any(self.path, self.game_log)
        if found is None:
            return
        self.budget, self._known = found
        self.analysis = self._make_analysis(self._known)

    def action_analyse(self) -> None:
        """The analysis dialog: what is done, each seat's summary, run or stop."""
        self._stop_autoplay()
        players = self.game_log.header.players
        allowed = analysable_seats(self.game_log)
        # a copy redacted for a seat shows only that seat, and only its decisions can be judged
        choices = [
            ("seat", _("Analyse {player}").format(player=shown_name(players[self.seat].name)))
        ]
        if len(allowed) > 1:
            choices.append(("all", _("Analyse every seat")))
        summaries = []
        if self.analysis is not None:
            for seat in self.analysis.seats:
                summaries.append(Content(summary_line(self.game_log, self.analysis.summary(seat))))

        def chosen(choice: str | None) -> None:
            if choice == "stop":
                self.action_stop_analysis()
            elif choice == "seat":
                self.start_analysis((self.seat,))
            elif choice == "all":
                self.start_analysis(allowed)

        dialog = AnalysisDialog(
            status=Content(self._analysis_status()),
            summaries=summaries,
            choices=choices,
            running=self.analysing,
        )
        self.app.push_screen(dialog, chosen)

    def _analysis_status(self) -> str:
        a = self.analysis
        total = len(self._seats_of_points())
        if self._progress is not None:
            done, of = self._progress
            return ngettext(
                "Analysing: {done} of {total} decisions, {budget} playout each.",
                "Analysing: {done} of {total} decisions, {budget} playouts each.",
                self.budget,
            ).format(done=done, total=of, budget=self.budget)
        if a is None:
            # about a quarter of a second a decision at 1000 playouts (docs/analysis.md)
            seconds = total * self.budget * SECONDS_PER_PLAYOUT
            if seconds >= 90:
                minutes = round(seconds / 60)
                # TRANSLATORS: how long the analysis takes, in "roughly {time}" below
                took = ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes)
            else:
                secs = round(seconds)
                # TRANSLATORS: how long the analysis takes, in "roughly {time}" below
                took = ngettext("{n} second", "{n} seconds", secs).format(n=secs)
            return ngettext(
                "Not analysed yet: {total} decision with a real choice, roughly {time} for "
                "every seat at {budget} playouts each (half that for one seat of two). It runs "
                "in the background: the viewer stays usable, x stops it.",
                "Not analysed yet: {total} decisions with a real choice, roughly {time} for "
                "every seat at {budget} playouts each (half that for one seat of two). It runs "
                "in the background: the viewer stays usable, x stops it.",
                total,
            ).format(total=total, time=took, budget=self.budget)
        every = len(a.seats) == len(self.game_log.header.players)
        seats = ", ".join(str(s + 1) for s in a.seats)
        values = {"done": len(a), "total": a.total, "seats": seats, "budget": a.budget}
        if every and a.complete:
            words = _(
                "Analysed: {done} of {total} decisions of every seat, {budget} playouts each."
            )
        elif every:
            words = _(
                "Analysed: {done} of {total} decisions of every seat, {budget} playouts each "
                "(stopped before the end: Analyse goes on)."
            )
        elif a.complete:
            words = ngettext(
                "Analysed: {done} of {total} decisions of seat {seats}, {budget} playouts each.",
                "Analysed: {done} of {total} decisions of seats {seats}, {budget} playouts each.",
                len(a.seats),
            )
        else:
            words = ngettext(
                "Analysed: {done} of {total} decisions of seat {seats}, {budget} playouts each "
                "(stopped before the end: Analyse goes on).",
                "Analysed: {done} of {total} decisions of seats {seats}, {budget} playouts each "
                "(stopped before the end: Analyse goes on).",
                len(a.seats),
            )
        return words.format(**values)

    def start_analysis(self, seats: tuple[int, ...]) -> None:
        """Analyse ``seats`` in a worker, keeping what is already known; at once if cached."""
        if self._analyser is not None:
            self.notify(_("The analysis is already running."), markup=False, timeout=3)
            return
        try:
            analyser = Analyser(self.game_log, seats=seats, budget=self.budget, known=self._known)
        except HanaError as exc:
            self.notify(
                _("Cannot analyse: {reason}").format(reason=error_text(exc)),
                markup=False,
                severity="error",
            )
            return
        if analyser.done == analyser.total:
            self.analysis = self._make_analysis(self._known, analyser.seats)
            self.refresh_view()
            self.notify(self._done_words(analyser), markup=False, timeout=4)
            return
        self._analyser = analyser
        self._progress = (analyser.done, analyser.total)
        self.analysis = self._make_analysis(self._known, analyser.seats)
        self.refresh_view()
        self.refresh_bindings()
        self._run_analysis(analyser, dict(self._known))

    class Progress(Message):
        """Posted from the analysis thread after each decision (posting never blocks it)."""

        def __init__(self, analyser: Analyser) -> None:
            super().__init__()
            self.analyser = analyser

    class Finished(Message):
        """Posted from the analysis thread when it is done or stopped: ``known`` is every
        decision known now, ``unkept`` True if the cache beside the log could not be written."""

        def __init__(self, analyser: Analyser, known: dict[int, Decision], unkept: bool) -> None:
            super().__init__()
            self.analyser = analyser
            self.known = known
            self.unkept = unkept

    def _post(self, message: Message) -> None:
        """Post from the analysis thread; nothing if the app has closed meanwhile."""
        with contextlib.suppress(RuntimeError):  # the event loop is closed
            self.post_message(message)

    @work(thread=True, exclusive=True, group="analysis", exit_on_error=False)
    def _run_analysis(self, analyser: Analyser, known: dict[int, Decision]) -> None:
        result = analyser.run(lambda done, total: self._post(self.Progress(analyser)))
        unkept = False
        merged = {**known, **{d.index: d for d in result.decisions}}
        if self.path is not None and result.decisions:
            try:
                merged = cache.save_merged(
                    self.path, self.game_log, analyser.budget, known, result.decisions
                )
            except OSError:
                unkept = True
        self._post(self.Finished(analyser, merged, unkept))

    def on_replay_analysis_progress(self, message: Progress) -> None:
        message.stop()
        analyser = message.analyser
        done = analyser.done
        if analyser is not self._analyser or self._progress == (done, analyser.total):
            return  # a stale message, or one already drawn by a later one's turn
        now = time.monotonic()
        if now - self._drawn_at < REDRAW_EVERY:
            return  # decisions can come faster than redrawing is worth (a small budget)
        self._drawn_at = now
        self._progress = (done, analyser.total)
        found = {d.index: d for d in analyser.result().decisions}
        self.analysis = self._make_analysis({**self._known, **found}, analyser.seats)
        self.draw_review()

    def on_replay_analysis_finished(self, message: Finished) -> None:
        message.stop()
        analyser = message.analyser
        if analyser is not self._analyser:
            return
        self._analyser = None
        self._progress = None
        self._known = message.known
        self.analysis = self._make_analysis(message.known, analyser.seats)
        self.refresh_view()
        self.refresh_bindings()
        words = self._done_words(analyser)
        if message.unkept:
            words = _(
                "{done} (the file beside the log cannot be written, so it is not kept)"
            ).format(done=words)
        self.notify(words, markup=False, timeout=5)

    def _done_words(self, analyser: Analyser) -> str:
        a = self.analysis
        if a is None:
            return _("Nothing was analysed.")
        if analyser.cancelled and analyser.done < analyser.total:
            return _(
                "Analysis stopped after {done} of {total} decisions: a goes on from there."
            ).format(done=analyser.done, total=analyser.total)
        counts: Counter[str] = Counter()
        for seat in analyser.seats:
            for cls, n in a.summary(seat).counts.items():
                counts[cls] += n
        found = ", ".join(class_count(c, counts[c]) for c in ("blunder", "mistake", "inaccuracy"))
        return _("Analysis done: {found}. n jumps to the next mistake, t learns from them.").format(
            found=found
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "analysis" or event.state != WorkerState.ERROR:
            return
        self._analyser = None
        self._progress = None
        self.refresh_view()
        self.refresh_bindings()
        self.notify(
            _("The analysis failed: {reason}").format(reason=event.worker.error),
            markup=False,
            severity="error",
        )

    def action_fork(self) -> None:
        raise NotImplementedError  # `ReplayScreen` plays on

    def action_learn(self) -> None:
        """Learn from your mistakes: the seat in view's flagged decisions to try again."""
        from hanatui.app.screens.replay.learn import LearnScreen, learn_refusal

        self._stop_autoplay()
        seat = self.seat
        refusal = learn_refusal(self.analysis, seat, self.game_log.header.players[seat].name)
        if refusal is not None or self.analysis is None:
            self.notify(refusal or "", markup=False, timeout=4)
            return

        def done(index: int | None) -> None:
            if index is not None:  # play on from before that decision
                self.timeline.seek(index + 1)
                self.refresh_view()
                self.action_fork()

        self.app.push_screen(LearnScreen(self.game_log, self.analysis, seat), done)

    def stop_analysis(self) -> bool:
        """Ask a running analysis to stop after the decision in hand; False if none runs."""
        if self._analyser is None:
            return False
        self._analyser.cancel()
        return True

    def action_stop_analysis(self) -> None:
        if self.stop_analysis():
            self.notify(_("Stopping the analysis after this decision."), markup=False, timeout=2)


__all__ = ["ReplayAnalysis"]
