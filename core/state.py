"""The frozen state of a match: folded from events, never mutated.

Zones are plain ``int`` bitmasks (see `core.cards`); the draw pile is a tuple of card indexes with
its top first. `CardSet` views are offered by `core.view` for callers. A state carries its game
(``hooks``), so the engine never looks the game up on its hot paths.
"""

from __future__ import annotations

from typing import Any, Final, Literal

import msgspec

from core.events import RedealReason, RoundEndReason
from core.games.options import Rules
from core.players import Player

#: Where a match stands. Who acts in each phase is given by `core.engine.to_act`. Phases and
#: sources are Literal types with a constant per value (as python-chess names its colors and
#: pieces): plain strings, which the engine compares on every step far faster than enum members.
Phase = Literal[
    "dealer_draw", "deal", "void", "play", "choose", "decide", "scoring", "match_end", "over"
]
DEALER_DRAW: Final = "dealer_draw"  # chance: the draw for the first dealer
DEAL: Final = "deal"  # chance: a shuffled deck is needed
VOID: Final = "void"  # automatic: the deal is void (misdeal), a Redeal follows
PLAY: Final = "play"  # `turn` plays a hand card (stage HAND) or draws (stage DRAW, automatic)
CHOOSE: Final = "choose"  # the seat deciding chooses the target of the pending card
DECIDE: Final = "decide"  # a decision of the game's own (koi-koi / shobu, a hiki out of turn)
SCORING: Final = "scoring"  # automatic: the round is over, RoundEnded follows
MATCH_END: Final = "match_end"  # automatic: MatchEnded follows
OVER: Final = "over"  # the match has ended

#: Where a card comes from: the hand of the seat whose turn it is, or the draw pile. In the PLAY
#: phase, ``State.stage`` says which of the two the turn takes its next card from.
Source = Literal["hand", "draw"]
HAND: Final = "hand"
DRAW: Final = "draw"

#: What happens after a game's hook, carried out by the engine (`core.turns.proceed`): the phase
#: or the step the match moves to. PLAY, CHOOSE, DECIDE and DRAW say the same as above: the seat
#: plays a card from its hand, the pending card waits for its target, a decision of the game's
#: own (by `Game.decider`), the top card of the pile is turned next (the turn ends if there is
#: none).
Then = Literal[
    "play", "choose", "decide", "draw", "hand_done", "end_turn", "next_turn", "end_round"
]
HAND_DONE: Final = "hand_done"  # the card from the hand is dealt with: `after_hand_step` says on
END_TURN: Final = "end_turn"  # the turn is over: `after_turn` may stop it for a decision
NEXT_TURN: Final = "next_turn"  # the next seat moves, or the round ends when it is over
END_ROUND: Final = "end_round"  # the round is over (``State.end_reason`` says why): score it


class RoundState(msgspec.Struct, frozen=True, kw_only=True):
    """The base of a game's own state of the round in play (``State.extra``): frozen, and public
    (every seat sees it)."""

    @property
    def out_of_play(self) -> int:
        """Cards the game set aside this round, in no zone of the table (Sakura: a discarded
        Gaji)."""
        return 0


class State(msgspec.Struct, frozen=True, kw_only=True):
    """Everything about a match at one moment. Build it with `core.engine.fold`."""

    rules: Rules
    # The game these rules are of (a `core.games.base.Game`), whose hooks the engine calls; typed
    # where it is read (`game: Game[Any] = state.hooks`), since the Game module imports this one.
    hooks: Any
    players: tuple[Player, ...]
    phase: Phase = DEALER_DRAW
    dealer: int = -1
    totals: tuple[int, ...] = ()
    history: tuple[tuple[int, ...], ...] = ()  # each finished round's points per seat
    round: int = 0  # the round being played (1-based), 0 before any
    hands: tuple[int, ...] = ()
    field: int = 0
    pile: tuple[int, ...] = ()  # remaining draw pile, top first
    captures: tuple[int, ...] = ()
    turn: int = -1  # whose turn it is
    turn_no: int = 0  # turns begun this round
    stage: Source = HAND  # PLAY: a card from the hand next, or the draw
    pending: int = -1  # CHOOSE: the card index awaiting a target
    pending_from: Source | None = None  # CHOOSE: where the pending card came from
    void_reason: RedealReason | None = None  # VOID: why the deal is void
    end_reason: RoundEndReason | None = None  # SCORING: why the round ends
    undos: tuple[int, ...] = ()  # undos taken, per seat
    extra: RoundState | None = None  # the game's own state of the round

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def game(self) -> str:
        return self.rules.game

    @property
    def rounds_done(self) -> int:
        return len(self.history)
