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
from core.cards import Card
from core.engine import to_act
from core.players import Player
from core.timeline import Timeline
from core.view import observe
from hanatui.analysis import GameAnalysis, move_of
from hanatui.app.layout import TableNote
from hanatui.text.i18n import N_, _
from hanatui.text.names import month_name
from hanatui.text.words import is_you

#: The marks of the hand's cards in a game continued from before a decision.
PLAYED_MARK = "-played"
BETTER_MARK = "-better"

#: The caption's sentences, each marked with `N_` and translated where shown (the language can
#: change at run time); ``{move}`` and ``{better}`` are `move_words`. A player named "You" (the
#: default name) reads the sentences in the second person, each its own message.
PLAYED_BETTER = N_("{player} played {move} here; the analysis prefers {better}.")
CHOSE_BETTER = N_("{player} chose {move} here; the analysis prefers {better}.")
PLAYED_BEST = N_("{player} played {move} here: the best move the analysis found.")
CHOSE_BEST = N_("{player} chose {move} here: the best move the analysis found.")
PLAYED = N_("{player} played {move} here.")
CHOSE = N_("{player} chose {move} here.")
# TRANSLATORS: the replay's "play on" caption, said to you (your name is "You").
YOU_PLAYED_BETTER = N_("You played {move} here; the analysis prefers {better}.")
# TRANSLATORS: the replay's "play on" caption, said to you (your name is "You").
YOU_CHOSE_BETTER = N_("You chose {move} here; the analysis prefers {better}.")
# TRANSLATORS: the replay's "play on" caption, said to you (your name is "You").
YOU_PLAYED_BEST = N_("You played {move} here: the best move the analysis found.")
# TRANSLATORS: the replay's "play on" caption, said to you (your name is "You").
YOU_CHOSE_BEST = N_("You chose {move} here: the best move the analysis found.")
# TRANSLATORS: the replay's "play on" caption, said to you (your name is "You").
YOU_PLAYED = N_("You played {move} here.")
# TRANSLATORS: the replay's "play on" caption, said to you (your name is "You").
YOU_CHOSE = N_("You chose {move} here.")
#: The same sentences said to a player named "You".
_TO_YOU = {
    PLAYED_BETTER: YOU_PLAYED_BETTER,
    CHOSE_BETTER: YOU_CHOSE_BETTER,
    PLAYED_BEST: YOU_PLAYED_BEST,
    CHOSE_BEST: YOU_CHOSE_BEST,
    PLAYED: YOU_PLAYED,
    CHOSE: YOU_CHOSE,
}

#: A move in a few words (marked with `N_`, translated where shown): a card by its code, as the
#: hand's card marked beside the caption shows it; a month by its name (`names.month_name`).
MOVE_WORDS = {
    # TRANSLATORS: a move in brief: card {card} (a code, "09a") takes card {target} ("09d").
    "capture": N_("{card} taking {target}"),
    # TRANSLATORS: a move in brief: a wild card ({card}, a code) played as a plain card of its
    # month, taking nothing with its wild power.
    "ordinary": N_("{card} as an ordinary card"),
    # TRANSLATORS: a move in brief (Sakura): taking the four cards of month {month} ("Pine").
    "hiki": N_("a hiki of {month}"),
    # TRANSLATORS: a move in brief: calling koi-koi.
    "koikoi": N_("koi-koi"),
    # TRANSLATORS: a move in brief: calling shobu (stopping the round).
    "shobu": N_("shobu"),
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
    """A move in a few words for the caption, in the player's language: a card by its code (the
    card shows it), a month by its name."""
    if isinstance(action, PlayCard):
        return action.card.value
    if isinstance(action, ChooseCapture):
        if action.target is None:
            return _(MOVE_WORDS["ordinary"]).format(card=action.card.value)
        return _(MOVE_WORDS["capture"]).format(card=action.card.value, target=action.target.value)
    if isinstance(action, DeclareHiki):
        return _(MOVE_WORDS["hiki"]).format(month=month_name(action.month))
    if isinstance(action, CallKoiKoi):
        return _(MOVE_WORDS["koikoi"])
    if isinstance(action, CallShobu):
        return _(MOVE_WORDS["shobu"])
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
    if is_you(player):
        template = _TO_YOU[template]
    caption = _(template).format(
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
