"""The frozen state of a match: folded from events, never mutated.

Zones are plain ``int`` bitmasks (see `core.cards`); the draw pile is a tuple of card indexes with
its top first. `CardSet` views are offered by `core.view` for callers. A state carries its game
(``hooks``), so the engine never looks the game up on its hot paths.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import msgspec

from core.events import RedealReason, RoundEndReason
from core.games.base import Game, Rules
from core.players import Player


class Phase(StrEnum):
    """Where a match stands. Who acts in each is given by `core.engine.to_act`."""

    DEALER_DRAW = "dealer_draw"  # chance: the draw for the first dealer
    DEAL = "deal"  # chance: a shuffled deck is needed
    VOID = "void"  # automatic: the deal is void (misdeal), a Redeal follows
    PLAY = "play"  # `turn` plays a hand card (stage HAND) or draws (stage DRAW, automatic)
    CHOOSE = "choose"  # the seat deciding chooses the target of the pending card
    DECIDE = "decide"  # a decision of the game's own (koi-koi / shobu, a hiki out of turn)
    SCORING = "scoring"  # automatic: the round is over, RoundEnded follows
    MATCH_END = "match_end"  # automatic: MatchEnded follows
    OVER = "over"  # the match has ended


class Source(StrEnum):
    """Where a card comes from: the hand of the seat whose turn it is, or the draw pile. In the
    PLAY phase, ``State.stage`` says which of the two the turn takes its next card from."""

    HAND = "hand"
    DRAW = "draw"


class RoundState(msgspec.Struct, frozen=True, kw_only=True):
    """The base of a game's own state of the round in play (``State.extra``): frozen, and public
    (every seat sees it)."""


class State(msgspec.Struct, frozen=True, kw_only=True):
    """Everything about a match at one moment. Build it with `core.engine.fold`."""

    rules: Rules
    hooks: Game[Any]  # the game these rules are of, whose hooks the engine calls
    players: tuple[Player, ...]
    phase: Phase = Phase.DEALER_DRAW
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
    stage: Source = Source.HAND  # PLAY: a card from the hand next, or the draw
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
