"""Where "play on" starts in the replay viewer, and what the new table says about it.

On a decision (the cursor just after a card played, a capture chosen, a koi-koi call, a hiki),
play on starts just *before* it, so the move can be made again, better: `fork_point` finds it.
`decision_note` is what the table shows until the first move there: the move made and the
analysis's better move, marked on the hand's cards and said in the caption under the board.
No Textual here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.actions import Action, CallKoiKoi, CallShobu, ChooseCapture, DeclareHiki, PlayCard
from core.cards import MONTH_NAMES, Card
from core.engine import to_act
from core.players import Player
from core.timeline import Timeline
from core.view import observe
from hanatui.analysis import GameAnalysis, move_of
from hanatui.app.layout import TableNote

#: The marks of the hand's cards in a game continued from before a decision.
PLAYED_MARK = "-played"
BETTER_MARK = "-better"

#: The caption's sentences; ``{move}`` and ``{better}`` are `move_words`.
PLAYED_BETTER = "{player} played {move} here; the analysis prefers {better}."
CHOSE_BETTER = "{player} chose {move} here; the analysis prefers {better}."
PLAYED_BEST = "{player} played {move} here: the best move the analysis found."
CHOSE_BEST = "{player} chose {move} here: the best move the analysis found."
PLAYED = "{player} played {move} here."
CHOSE = "{player} chose {move} here."

MOVE_WORDS = {
    "capture": "{card} taking {target}",
    "ordinary": "{card} as an ordinary card",
    "hiki": "a hiki of {month}",
    "koikoi": "koi-koi",
    "shobu": "shobu",
}


@dataclass(frozen=True)
class ForkPoint:
    """Where play on starts: after ``position`` events; ``decision`` is the event index of the
    decision it starts before (None: the cursor's position, which is no decision), made by
    ``seat`` as ``move``."""

    position: int
    decision: int | None = None
    seat: int | None = None
    move: Action | None = None


def fork_point(timeline: Timeline, position: int) -> ForkPoint:
    """Play on from the cursor at ``position``: before the decision shown there, if it is one
    (the state before a decision always has a seat to act), else from the position itself."""
    if position < 2:
        return ForkPoint(position)
    index = position - 1
    before = timeline.state_at(index)
    seat = to_act(before)
    if seat is None:
        return ForkPoint(position)
    move = move_of(timeline.events[index], observe(before, seat))
    if move is None or move.seat != seat:
        return ForkPoint(position)
    return ForkPoint(index, decision=index, seat=seat, move=move)


def fork_players(count: int, *, name: str, seat: int, level: str) -> tuple[Player, ...]:
    """The players of a game played on from a replay: ``name`` at ``seat``, the computer
    at ``level`` at the others."""
    return tuple(
        Player(name=name, kind="human")
        if i == seat
        else Player(name="CPU" if count == 2 else f"CPU {i + 1}", kind="bot", bot=level)
        for i in range(count)
    )


def fork_note(
    point: ForkPoint,
    *,
    seat: int,
    players: Sequence[Player],
    analysis: GameAnalysis | None,
) -> TableNote | None:
    """What the new table says until its first move, when ``seat`` plays on before its own
    decision (`decision_note`); nothing for another seat (its hand is not shown)."""
    if point.seat is None or seat != point.seat:
        return None
    return decision_note(point, player=players[seat].name, analysis=analysis)


def move_words(action: Action) -> str:
    """A move in a few words for the caption: a card by its code (the card shows it)."""
    if isinstance(action, PlayCard):
        return action.card.value
    if isinstance(action, ChooseCapture):
        if action.target is None:
            return MOVE_WORDS["ordinary"].format(card=action.card.value)
        return MOVE_WORDS["capture"].format(card=action.card.value, target=action.target.value)
    if isinstance(action, DeclareHiki):
        return MOVE_WORDS["hiki"].format(month=MONTH_NAMES[action.month - 1])
    if isinstance(action, CallKoiKoi):
        return MOVE_WORDS["koikoi"]
    if isinstance(action, CallShobu):
        return MOVE_WORDS["shobu"]
    return str(action)


def better_move(analysis: GameAnalysis | None, point: ForkPoint) -> Action | None:
    """The analysis's best move at the decision, if it was analysed."""
    if analysis is None or point.decision is None:
        return None
    decision = analysis.at(point.decision)
    if decision is None or decision.seat != point.seat:
        return None
    return decision.best_move


def decision_note(
    point: ForkPoint, *, player: str, analysis: GameAnalysis | None
) -> TableNote | None:
    """What the table says before the first move of a game played on from before a decision
    (for the deciding seat only: its own move and its own hand's cards)."""
    move = point.move
    if move is None:
        return None
    better = better_move(analysis, point)
    card = isinstance(move, PlayCard)
    if better is None:
        template = PLAYED if card else CHOSE
    elif better == move:
        template = PLAYED_BEST if card else CHOSE_BEST
    else:
        template = PLAYED_BETTER if card else CHOSE_BETTER
    caption = template.format(
        player=player,
        move=move_words(move),
        better="" if better is None else move_words(better),
    )
    marks: dict[Card, str] = {}
    if isinstance(move, PlayCard):
        marks[move.card] = PLAYED_MARK
    if isinstance(better, PlayCard) and better != move:
        marks[better.card] = BETTER_MARK
    return TableNote(caption=caption, marks=marks)


__all__ = [
    "BETTER_MARK",
    "PLAYED_MARK",
    "ForkPoint",
    "better_move",
    "decision_note",
    "fork_note",
    "fork_players",
    "fork_point",
    "move_words",
]
