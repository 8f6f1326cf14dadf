"""Running the analysis: the strong player's search over every decision of a log, from the view
of the seat that decided, one decision at a time.

`Analyser` is the runner the CLI and the replay viewer share: build it from a `LogRead`, call
`run` (in a worker thread if a UI must stay responsive), read `done`/`total` or pass a progress
callback, `cancel()` from any thread (the run stops after the decision in hand, a fraction of a
second at the default budget, and returns what is done), and `result()` whenever: what is done
so far. Each decision is searched with a generator seeded by its position
in the log, so a log analysed at one budget gives the same numbers every time, whichever seats
or decisions are asked for and in whatever order (so a cache can be filled piecemeal).
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import cast

from core.actions import Action, CallKoiKoi, CallShobu, ChooseCapture, DeclareHiki, PlayCard
from core.cards import CARDS
from core.errors import HanaError
from core.events import (
    CaptureChosen,
    CardPlayed,
    Event,
    GajiInterrupted,
    HikiDeclared,
    KoiKoiCalled,
    ShobuCalled,
)
from core.logfile import LogRead
from core.view import View, determinize, observe
from hanatui.analysis.model import AnyAction, Candidate, Decision, GameAnalysis, Kind
from hanatui.bots.heuristics import team_numbers
from hanatui.bots.hint import legal_for
from hanatui.bots.match import standing, win_chance
from hanatui.bots.strong import DEFAULT_PLAYOUTS, evaluate, own_playout, paired_difference
from hanatui.text.i18n import _

#: Playouts per decision by default: the strong player's own budget (docs/analysis.md).
DEFAULT_BUDGET = DEFAULT_PLAYOUTS
#: The fewest playouts a decision may be given.
MIN_BUDGET = 10


@dataclass(frozen=True)
class DecisionPoint:
    """A decision in a log with a real choice: the event that recorded it, who made it, what
    kind it is, the move made and every legal move (as the seat saw them)."""

    index: int
    seat: int
    kind: Kind
    move: Action
    legal: tuple[Action, ...]


def move_of(event: Event, view: View) -> Action | None:
    """The action a decision event records, or None if the event is no decision (an automatic
    shobu, a draw, a score). Needs only the deciding seat's view before the event."""
    if isinstance(event, CardPlayed):
        return PlayCard(seat=event.seat, card=event.card)
    if isinstance(event, CaptureChosen):
        return ChooseCapture(seat=event.seat, card=event.card, target=event.target)
    if isinstance(event, GajiInterrupted):
        # the Gaji's player aimed it at a card another seat's hiki held: a choice all the same
        return ChooseCapture(seat=event.seat, card=CARDS[view.pending], target=event.target)
    if isinstance(event, HikiDeclared):
        return DeclareHiki(seat=event.seat, month=event.month)
    if isinstance(event, KoiKoiCalled):
        return CallKoiKoi(seat=event.seat)
    if isinstance(event, ShobuCalled) and not event.auto:
        return CallShobu(seat=event.seat)
    return None


def kind_of(legal: tuple[Action, ...]) -> Kind:
    """What a decision is about, from its legal moves."""
    if any(isinstance(a, (CallKoiKoi, CallShobu)) for a in legal):
        return "koikoi"
    if any(isinstance(a, DeclareHiki) for a in legal):
        return "hiki"
    if all(isinstance(a, ChooseCapture) for a in legal):
        return "capture"
    return "play"


def decision_points(log: LogRead) -> list[DecisionPoint]:
    """Every decision of the log with more than one legal move, in order."""
    from core.engine import to_act

    out = []
    for index in range(1, len(log.events)):
        before = log.states[index - 1]
        seat = to_act(before)
        if seat is None:
            continue
        view = observe(before, seat)
        move = move_of(log.events[index], view)
        if move is None or move.seat != seat:
            continue  # an undo marker, or a forced shobu
        legal = legal_for(view)
        if len(legal) < 2:
            continue
        if move not in legal:
            raise HanaError(
                _("event {index} records a move that was not legal: {move}").format(
                    index=index, move=repr(move)
                )
            )
        out.append(DecisionPoint(index, seat, kind_of(legal), move, legal))
    return out


def position_rng(index: int) -> random.Random:
    """The generator for the decision at event ``index``: the same for every run of any log."""
    return random.Random(f"hanatui analysis, event {index}")


def analyse_position(
    view: View,
    move: Action,
    *,
    index: int,
    budget: int = DEFAULT_BUDGET,
    legal: tuple[Action, ...] | None = None,
    rng: random.Random | None = None,
) -> Decision:
    """The verdict on ``move`` made from ``view`` (decision event ``index`` of its log).

    Only the view is searched: the cards its seat could not see are dealt at random on every
    sample. Every legal move is searched with successive halving; the move made is never
    dropped, so it and the best move are compared on every sample (common random numbers).
    ``rng`` replaces the position's own generator (to measure the noise of the estimates)."""
    legal = legal_for(view) if legal is None else legal
    if move not in legal:
        raise HanaError(_("the move {move} is not legal here").format(move=repr(move)))
    rng = position_rng(index) if rng is None else rng
    # The strong player's own search settings (in two-seat koi-koi, koi-koi's own playout).
    playouts, call = own_playout(view, max(budget, len(legal)), None)
    result = evaluate(view, legal, rng, playouts=playouts, keep=move, call=call)
    made = legal.index(move)
    means = [sum(v) / len(v) if v else -math.inf for v in result.values]
    best = max(result.finalists, key=lambda i: (means[i], i == made))
    if (
        best != made
        and kind_of(legal) == "koikoi"
        and _match_no_worse(view, result.values, made, best)
    ):
        best = made
    se = 0.0 if best == made else _paired_se(result.values[best], result.values[made])
    candidates = tuple(
        Candidate(
            action=cast(AnyAction, a),
            expected=round(means[i], 4) if result.values[i] else 0.0,
            playouts=len(result.values[i]),
        )
        for i, a in enumerate(legal)
    )
    return Decision(
        index=index,
        seat=view.seat,
        kind=kind_of(legal),
        candidates=candidates,
        made=made,
        best=best,
        se=round(se, 4),
    )


def _match_no_worse(view: View, values: list[list[float]], made: int, best: int) -> bool:
    """Whether the koi-koi call made gives the match at least the winning chance of the call with
    more points (`match.win_chance` of each sample's points, from the public standing), as the
    strong player weighs the call in a match of several rounds. In the last round a seat ahead
    who stops wins the match for sure: more points from playing on can only lose it."""
    # The standing reads public facts only (rules, totals, rounds done), so any deal will do.
    st = standing(determinize(view, random.Random(0)), view.seat)
    if st is None or not values[made] or not values[best]:
        return False
    n = min(len(values[made]), len(values[best]))
    chance_made = sum(win_chance(st, v) for v in values[made][:n]) / n
    chance_best = sum(win_chance(st, v) for v in values[best][:n]) / n
    return chance_made >= chance_best


def _paired_se(a: list[float], b: list[float]) -> float:
    """The standard error of mean(a - b) over their common samples (`strong.paired_difference`;
    0 with fewer than two)."""
    return paired_difference(a, b)[1] if min(len(a), len(b)) >= 2 else 0.0


def analysable_seats(log: LogRead) -> tuple[int, ...]:
    """The seats whose decisions can be analysed honestly: all of them, or in a log redacted
    for one seat only that seat (the other hands were filled in arbitrarily by the reader)."""
    if log.header.redacted_for is not None:
        return (log.header.redacted_for,)
    return tuple(range(len(log.header.players)))


class Analyser:
    """Analyses the decisions of some seats of a log; see the module docstring.

    ``known`` are decisions already analysed at this budget (from a cache): they are kept and
    not searched again. ``indexes`` limits the run to those decision events."""

    def __init__(
        self,
        log: LogRead,
        *,
        seats: Iterable[int] | None = None,
        budget: int = DEFAULT_BUDGET,
        known: Mapping[int, Decision] | None = None,
        indexes: Iterable[int] | None = None,
    ) -> None:
        if budget < MIN_BUDGET:
            raise HanaError(
                _("the budget is at least {budget} playouts per decision").format(budget=MIN_BUDGET)
            )
        allowed = analysable_seats(log)
        chosen = allowed if seats is None else tuple(sorted(set(seats)))
        for seat in chosen:
            if seat not in allowed:
                n = len(log.header.players)
                if not 0 <= seat < n:
                    raise HanaError(
                        _("there is no seat {seat}: the seats are 1 to {n}").format(
                            seat=seat + 1, n=n
                        )
                    )
                raise HanaError(
                    _(
                        "this log is redacted for seat {seat}: the other seats' cards are "
                        "unknown, so only seat {seat}'s decisions can be analysed"
                    ).format(seat=allowed[0] + 1)
                )
        self.log = log
        self.budget = budget
        self.seats = chosen
        wanted = None if indexes is None else set(indexes)
        self.points = [
            p
            for p in decision_points(log)
            if p.seat in chosen and (wanted is None or p.index in wanted)
        ]
        self._results: dict[int, Decision] = {}
        for p in self.points:
            d = (known or {}).get(p.index)
            if d is not None and d.seat == p.seat:
                self._results[p.index] = d
        self._lock = threading.Lock()
        self._cancel = threading.Event()

    @property
    def total(self) -> int:
        return len(self.points)

    @property
    def done(self) -> int:
        with self._lock:
            return len(self._results)

    def cancel(self) -> None:
        """Stop the run after the decision in hand (safe from any thread). A cancelled analyser
        stays stopped; to go on, make a new one with ``known=`` what this one did."""
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def run(self, progress: Callable[[int, int], None] | None = None) -> GameAnalysis:
        """Analyse every decision not yet done; ``progress(done, total)`` after each (from the
        thread that runs). Returns the result, incomplete if cancelled."""
        if progress is not None:
            progress(self.done, self.total)
        for p in self.points:
            if self._cancel.is_set():
                break
            with self._lock:
                if p.index in self._results:
                    continue
            view = observe(self.log.states[p.index - 1], p.seat)
            decision = analyse_position(
                view, p.move, index=p.index, budget=self.budget, legal=p.legal
            )
            with self._lock:
                self._results[p.index] = decision
            if progress is not None:
                progress(self.done, self.total)
        return self.result()

    def result(self) -> GameAnalysis:
        """What is analysed so far (safe from any thread)."""
        with self._lock:
            decisions = list(self._results.values())
        header = self.log.header
        return GameAnalysis(
            game=header.rules.game,
            teams=team_numbers(header.rules, len(header.players)),
            budget=self.budget,
            decisions=decisions,
            seats=self.seats,
            total=self.total,
        )
