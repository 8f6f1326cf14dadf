"""What an analysis finds, without Textual: each decision's verdict, its class, and the views of
a whole game the replay viewer and the CLI show (summaries per seat, the evaluation series, the
next flagged move).

Numbers are the strong player's estimates of the points a move brings this round, for the seat
that made it: its round points less the opponents' (their mean with more than two sides), from
playouts of the rest of the round on deals of the cards that seat could not see. See
docs/analysis.md for what they mean, their noise and the thresholds of the classes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

import msgspec

from core.actions import Action, CallKoiKoi, CallShobu, ChooseCapture, DeclareHiki, PlayCard
from core.cards import Card
from hanatui.text.i18n import _, pgettext
from hanatui.text.names import card_name, month_name

#: What a decision is about: a card to play (with Sakura's hiki among the choices: "hiki"),
#: which field card to take, or koi-koi against shobu.
Kind = Literal["play", "capture", "hiki", "koikoi"]
KINDS: tuple[Kind, ...] = ("play", "capture", "hiki", "koikoi")

#: The classes, from no loss to the worst.
Class = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
CLASSES: tuple[Class, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The mark each class carries in move lists (chess's annotation symbols).
MARKS: dict[Class, str] = {
    "best": "",
    "good": "",
    "inaccuracy": "?!",
    "mistake": "?",
    "blunder": "??",
}
#: The classes that flag a move, least serious first.
FLAGGED: tuple[Class, ...] = ("inaccuracy", "mistake", "blunder")

AnyAction = PlayCard | ChooseCapture | DeclareHiki | CallKoiKoi | CallShobu


class Thresholds(NamedTuple):
    """The loss (points this round) from which a move is an inaccuracy, a mistake, a blunder."""

    inaccuracy: float
    mistake: float
    blunder: float

    def classify(self, loss: float) -> Class:
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return "good" if loss > 0 else "best"


#: Thresholds per game and kind of decision, in that game's points. The lowest is at least two
#: and a half times the noise of the loss at the default budget (the 90th percentile of its
#: spread between runs and of its standard error, measured by bench/analysis.py; docs/analysis.md
#: gives the figures), the other two about twice and four times that. Koi-koi scores a handful
#: of yaku points a round; the card-point games score tens (a bright is 20).
THRESHOLDS: dict[tuple[str, Kind], Thresholds] = {
    ("koikoi", "play"): Thresholds(1.0, 2.0, 4.0),
    ("koikoi", "capture"): Thresholds(1.0, 2.0, 4.0),
    ("koikoi", "koikoi"): Thresholds(1.5, 3.0, 5.0),
    ("bakappana", "play"): Thresholds(5.0, 10.0, 20.0),
    ("bakappana", "capture"): Thresholds(5.0, 10.0, 20.0),
    ("hana-awase", "play"): Thresholds(8.0, 15.0, 30.0),
    ("hana-awase", "capture"): Thresholds(8.0, 15.0, 30.0),
    ("sakura", "play"): Thresholds(8.0, 15.0, 30.0),
    ("sakura", "capture"): Thresholds(8.0, 15.0, 30.0),
    ("sakura", "hiki"): Thresholds(8.0, 15.0, 30.0),
}


def thresholds_for(game: str, kind: Kind) -> Thresholds:
    """The thresholds of a kind of decision in a game (a game's card plays where it has no row
    of its own for that kind)."""
    found = THRESHOLDS.get((game, kind)) or THRESHOLDS.get((game, "play"))
    if found is None:
        raise KeyError(f"no analysis thresholds for {game!r}")
    return found


class Candidate(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One legal move and what the search expects it to bring this round."""

    action: AnyAction
    expected: float
    playouts: int


class Decision(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The verdict on one decision of the log: the move made against the best the search found.

    ``index`` is the decision's event in the log (the state before it is the position after
    ``index`` events). ``candidates`` are every legal move; ``made`` and ``best`` index them.
    ``se`` is the standard error of ``loss`` (its paired samples' spread; 0 when the move made
    is the best)."""

    index: int
    seat: int
    kind: Kind
    candidates: tuple[Candidate, ...]
    made: int
    best: int
    se: float

    @property
    def move(self) -> Action:
        return self.candidates[self.made].action

    @property
    def expected(self) -> float:
        """What the move made is expected to bring this round (points for its seat)."""
        return self.candidates[self.made].expected

    @property
    def best_move(self) -> Action:
        return self.candidates[self.best].action

    @property
    def best_expected(self) -> float:
        return self.candidates[self.best].expected

    @property
    def loss(self) -> float:
        """The points this round the move made gives away against the best move (>= 0)."""
        return max(0.0, self.best_expected - self.expected)


class SeatSummary(NamedTuple):
    """One seat's decisions in a game at a glance."""

    seat: int
    decisions: int
    average_loss: float
    counts: dict[Class, int]


@dataclass(frozen=True)
class EvalPoint:
    """A point of the evaluation graph: after decision ``index`` by ``seat``, the points each
    seat expects from the round (None where one decision says nothing about a seat: with more
    than two sides, a decision tells only about its own seat)."""

    index: int
    seat: int
    values: tuple[float | None, ...]


class GameAnalysis:
    """The analysis of a log (or of some of its seats): one `Decision` per decision analysed.

    ``complete`` is False when the run was cancelled before every decision asked for was done.
    """

    def __init__(
        self,
        *,
        game: str,
        teams: Sequence[int],
        budget: int,
        decisions: Iterable[Decision],
        seats: Iterable[int],
        total: int,
    ) -> None:
        self.game = game
        self.teams = tuple(teams)
        self.budget = budget
        self.decisions = sorted(decisions, key=lambda d: d.index)
        self.seats = tuple(sorted(set(seats)))
        self.total = total
        self._by_index = {d.index: d for d in self.decisions}

    @property
    def complete(self) -> bool:
        return len(self.decisions) >= self.total

    def __len__(self) -> int:
        return len(self.decisions)

    def at(self, index: int) -> Decision | None:
        """The decision whose event is ``index``, if it was analysed."""
        return self._by_index.get(index)

    def thresholds(self, decision: Decision) -> Thresholds:
        return thresholds_for(self.game, decision.kind)

    def class_of(self, decision: Decision) -> Class:
        return self.thresholds(decision).classify(decision.loss)

    def mark_of(self, decision: Decision) -> str:
        return MARKS[self.class_of(decision)]

    def _flagged(self, decision: Decision, seat: int | None, at_least: Class) -> bool:
        if seat is not None and decision.seat != seat:
            return False
        return CLASSES.index(self.class_of(decision)) >= CLASSES.index(at_least)

    def next_flagged(
        self, after: int, *, seat: int | None = None, at_least: Class = "mistake"
    ) -> Decision | None:
        """The first decision whose event comes after event ``after`` classed ``at_least`` or
        worse (of ``seat`` only, if given), or None. In the viewer, at position p (p events
        applied) pass p - 1: the next mistake is the first not yet made on the board."""
        for d in self.decisions:
            if d.index > after and self._flagged(d, seat, at_least):
                return d
        return None

    def previous_flagged(
        self, before: int, *, seat: int | None = None, at_least: Class = "mistake"
    ) -> Decision | None:
        """The last decision whose event comes before event ``before``, classed ``at_least``
        or worse (of ``seat`` only, if given), or None."""
        for d in reversed(self.decisions):
            if d.index < before and self._flagged(d, seat, at_least):
                return d
        return None

    def summary(self, seat: int, *, before: int | None = None) -> SeatSummary:
        """How ``seat`` played: decisions analysed, average loss, count of each class (with
        ``before``, of the decisions whose event comes before that index only)."""
        mine = [
            d for d in self.decisions if d.seat == seat and (before is None or d.index < before)
        ]
        counts: dict[Class, int] = dict.fromkeys(CLASSES, 0)
        for d in mine:
            counts[self.class_of(d)] += 1
        average = sum(d.loss for d in mine) / len(mine) if mine else 0.0
        return SeatSummary(seat, len(mine), average, counts)

    def evaluation(self) -> list[EvalPoint]:
        """The evaluation graph: after each decision analysed, the points each seat expects this
        round by the move made. With two sides (two players, or two teams) one side's gain is
        the other's loss, so every decision gives a value for every seat."""
        sides = sorted(set(self.teams))
        n = len(self.teams)
        out = []
        for d in self.decisions:
            values: list[float | None] = [None] * n
            own = self.teams[d.seat]
            for s in range(n):
                if self.teams[s] == own:
                    values[s] = d.expected if s == d.seat or len(sides) == 2 else None
                elif len(sides) == 2:
                    values[s] = -d.expected
            out.append(EvalPoint(d.index, d.seat, tuple(values)))
        return out


def class_name(cls: Class) -> str:
    """A class as a player reads it: ``mistake`` / ``błąd`` / ``error``."""
    names: dict[Class, str] = {
        # TRANSLATORS: the class of a move the analysis found no better than (it lost nothing)
        "best": pgettext("analysis class", "best"),
        # TRANSLATORS: the class of a move within the noise of the best one found
        "good": pgettext("analysis class", "good"),
        # TRANSLATORS: the mildest flag on a move (chess's ?!)
        "inaccuracy": pgettext("analysis class", "inaccuracy"),
        # TRANSLATORS: a flag on a move (chess's ?)
        "mistake": pgettext("analysis class", "mistake"),
        # TRANSLATORS: the worst flag on a move (chess's ??)
        "blunder": pgettext("analysis class", "blunder"),
    }
    return names[cls]


def class_label(cls: Class) -> str:
    """A class with its mark: ``mistake ?``, ``best`` (the head of a verdict)."""
    mark = MARKS[cls]
    return f"{class_name(cls)} {mark}" if mark else class_name(cls)


def card_words(card: Card) -> str:
    """A card by its code and name, as a verdict names it: ``09a Sake cup`` / ``09a Czarka``."""
    return f"{card.value} {card_name(card)}"


def describe_move(action: Action) -> str:
    """The move in words, for verdicts, in the player's language (``play 09a Sake cup``); the
    JSON report keeps the engine's English (`core.actions.describe_action`)."""
    if isinstance(action, PlayCard):
        return pgettext("move", "play {card}").format(card=card_words(action.card))
    if isinstance(action, ChooseCapture):
        if action.target is None:
            return pgettext("move", "{card} as an ordinary card").format(card=action.card.value)
        return pgettext("move", "{card} takes {target}").format(
            card=action.card.value, target=card_words(action.target)
        )
    if isinstance(action, DeclareHiki):
        return pgettext("move", "declare hiki of {month} (month {number})").format(
            month=month_name(action.month), number=action.month
        )
    if isinstance(action, CallKoiKoi):
        return pgettext("move", "call koi-koi")
    if isinstance(action, CallShobu):
        return pgettext("move", "call shobu")
    from core.actions import describe_action

    return describe_action(action)


def verdict_rest(analysis: GameAnalysis, decision: Decision) -> str:
    """A verdict without its class: the move made and what it expects, and the better move with
    what it would have brought and the loss."""
    move = describe_move(decision.move)
    points = _points(decision.expected)
    if decision.made == decision.best:
        return _("{move} expects {points}, the best move found").format(move=move, points=points)
    return _(
        "{move} expects {points}; better {better}, {better_points} (loses {loss} ± {se} points "
        "this round)"
    ).format(
        move=move,
        points=points,
        better=describe_move(decision.best_move),
        better_points=_points(decision.best_expected),
        loss=f"{decision.loss:.1f}",
        se=f"{decision.se:.1f}",
    )


def verdict(analysis: GameAnalysis, decision: Decision) -> str:
    """One line on a decision: its class, and the better move with what it would have brought.

    >>> verdict(analysis, decision)  # doctest: +SKIP
    'blunder ??: play 01c Pine chaff expects -3.1; better play 09b Chrysanthemum blue
    ribbon, +2.9 (loses 6.0 ± 0.4 points this round)'
    """
    cls = analysis.class_of(decision)
    head = class_name(cls) if decision.made == decision.best else class_label(cls)
    return f"{head}: {verdict_rest(analysis, decision)}"


def _points(value: float) -> str:
    if math.isfinite(value):
        return f"{value:+.1f}"
    return "?"
