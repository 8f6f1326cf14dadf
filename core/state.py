"""The frozen state of a match: folded from events, never mutated.

Zones are plain ``int`` bitmasks (see `core.cards`); the draw pile is a tuple of card indexes with
its top first. `CardSet` views are offered by `core.view` for callers. A state carries its game
(``hooks``), so the engine never looks the game up on its hot paths.
"""

from __future__ import annotations

from typing import Any, Final, Literal

import msgspec

from core.events import RedealReason, RoundEndReason
from core.games.base import Game
from core.games.options import Rules
from core.players import Player

PhaseName = Literal[
    "dealer_draw", "deal", "void", "play", "choose", "decide", "scoring", "match_end", "over"
]
SourceName = Literal["hand", "draw"]


class Phase:
    """Where a match stands: the `PhaseName` values by name. Who acts in each is given by
    `core.engine.to_act`. (Plain string constants: an enum's member lookup would cost the engine
    a sixth of its speed on Python 3.11.)"""

    DEALER_DRAW: Final = "dealer_draw"  # chance: the draw for the first dealer
    DEAL: Final = "deal"  # chance: a shuffled deck is needed
    VOID: Final = "void"  # automatic: the deal is void (misdeal), a Redeal follows
    PLAY: Final = "play"  # `turn` plays a hand card (stage HAND) or draws (stage DRAW, automatic)
    CHOOSE: Final = "choose"  # the seat deciding chooses the target of the pending card
    DECIDE: Final = "decide"  # a decision of the game's own (koi-koi / shobu, a hiki out of turn)
    SCORING: Final = "scoring"  # automatic: the round is over, RoundEnded follows
    MATCH_END: Final = "match_end"  # automatic: MatchEnded follows
    OVER: Final = "over"  # the match has ended


class Source:
    """Where a card comes from, the `SourceName` values by name: the hand of the seat whose turn
    it is, or the draw pile. In the PLAY phase, ``State.stage`` says which of the two the turn
    takes its next card from."""

    HAND: Final = "hand"
    DRAW: Final = "draw"


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
    hooks: Game[Any]  # the game these rules are of, whose hooks the engine calls
    players: tuple[Player, ...]
    phase: PhaseName = Phase.DEALER_DRAW
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
    stage: SourceName = Source.HAND  # PLAY: a card from the hand next, or the draw
    pending: int = -1  # CHOOSE: the card index awaiting a target
    pending_from: SourceName | None = None  # CHOOSE: where the pending card came from
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
