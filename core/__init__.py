"""hanatui's engine: pure functions over frozen data. No I/O, no clock, and randomness only
through the explicit ``rng`` of `core.chance`. Never imports textual, rich or hanatui."""

from __future__ import annotations

from core.actions import Action, CallKoiKoi, CallShobu, ChooseCapture, DeclareHiki, PlayCard
from core.cards import CARDS, Card, CardSet, Kind
from core.chance import chance_event, deal, draw_dealer
from core.engine import apply, decide, fold, is_chance, is_over, legal_actions, step, to_act
from core.errors import (
    CorruptLogError,
    HanaError,
    IllegalActionError,
    NotationError,
    RulesError,
    UnsupportedVersionError,
)
from core.events import Event, MatchStarted
from core.games.registry import GAMES, evaluate_yaku, find_game, game_of
from core.players import Player
from core.rules import Rules, find_rules, presets
from core.state import Phase, Source, State
from core.timeline import Timeline
from core.view import View, observe
from core.yaku import YakuHit

__all__ = [
    "CARDS",
    "GAMES",
    "Action",
    "CallKoiKoi",
    "CallShobu",
    "Card",
    "CardSet",
    "ChooseCapture",
    "CorruptLogError",
    "DeclareHiki",
    "Event",
    "HanaError",
    "IllegalActionError",
    "Kind",
    "MatchStarted",
    "NotationError",
    "Phase",
    "PlayCard",
    "Player",
    "Rules",
    "RulesError",
    "Source",
    "State",
    "Timeline",
    "UnsupportedVersionError",
    "View",
    "YakuHit",
    "apply",
    "chance_event",
    "deal",
    "decide",
    "draw_dealer",
    "evaluate_yaku",
    "find_game",
    "find_rules",
    "fold",
    "game_of",
    "is_chance",
    "is_over",
    "legal_actions",
    "observe",
    "presets",
    "step",
    "to_act",
]
