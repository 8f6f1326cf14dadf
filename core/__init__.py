"""hanatui's engine: pure functions over frozen data. No I/O, no clock, and randomness only
through the explicit ``rng`` of `core.chance`. Never imports textual, rich or hanatui."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

# The package's names are loaded when first asked for (PEP 562): importing one module of the
# engine (`core.errors`, say) does not load all of it, which the app's first frame waits for.
_WHERE = {
    "Action": "core.actions",
    "CARDS": "core.cards",
    "CallKoiKoi": "core.actions",
    "CallShobu": "core.actions",
    "Card": "core.cards",
    "CardSet": "core.cards",
    "ChooseCapture": "core.actions",
    "CorruptLogError": "core.errors",
    "DeclareHiki": "core.actions",
    "Event": "core.events",
    "GAMES": "core.games.registry",
    "HanaError": "core.errors",
    "IllegalActionError": "core.errors",
    "Kind": "core.cards",
    "MatchStarted": "core.events",
    "NotationError": "core.errors",
    "Phase": "core.state",
    "PlayCard": "core.actions",
    "Player": "core.players",
    "Rules": "core.rules",
    "RulesError": "core.errors",
    "Source": "core.state",
    "State": "core.state",
    "Timeline": "core.timeline",
    "UnsupportedVersionError": "core.errors",
    "View": "core.view",
    "YakuHit": "core.yaku",
    "apply": "core.engine",
    "chance_event": "core.chance",
    "deal": "core.chance",
    "decide": "core.engine",
    "draw_dealer": "core.chance",
    "evaluate_yaku": "core.games.registry",
    "find_game": "core.games.registry",
    "find_rules": "core.rules",
    "fold": "core.engine",
    "game_of": "core.games.registry",
    "is_chance": "core.engine",
    "is_over": "core.engine",
    "legal_actions": "core.engine",
    "observe": "core.view",
    "presets": "core.rules",
    "step": "core.engine",
    "to_act": "core.engine",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'core' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


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
