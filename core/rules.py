"""Rules are data: every game's options as a frozen Struct, with the standard defaults, and named
presets. This module finds them by game id; each game declares its own Rules type and presets in
its package (``core/games/<game>/rules.py``) on the `Rules` base of `core.games.base`.

A Rules value is tagged by its game's id, so a log's header records the game it was played under
with every resolved option, and a newer option is refused clearly.
"""

from __future__ import annotations

from typing import Any, Literal, overload

import msgspec

from core.errors import RulesError
from core.events import AnyRules
from core.games.bakappana.rules import BakappanaRules
from core.games.hanaawase.rules import HanaAwaseRules
from core.games.koikoi.rules import KoiKoiRules
from core.games.options import Preset, Rules
from core.games.registry import game_of
from core.games.sakura.rules import SakuraRules

__all__ = ["AnyRules", "Preset", "Rules", "find_rules", "option_docs", "preset_of", "presets"]


def presets(game: str) -> tuple[str, ...]:
    """The preset names of a game, ``standard`` first."""
    return ("standard", *sorted(p.name for p in game_of(game).presets))


def preset_of(game: str, name: str) -> Preset:
    """A game's preset by name (``standard``: its defaults); `RulesError` otherwise."""
    g = game_of(game)
    if name == "standard":
        return Preset("standard", f"the standard rules of docs/rules.md {g.rules_section}")
    for p in g.presets:
        if p.name == name:
            return p
    raise RulesError(f"unknown preset {name!r} for {game} (known: {', '.join(presets(game))})")


# The overloads give each game id its own Rules type, for type checkers (tests/core/test_registry.py
# checks they name every game of the registry).
@overload
def find_rules(
    game: Literal["bakappana"], preset: str = "standard", **options: Any
) -> BakappanaRules: ...
@overload
def find_rules(
    game: Literal["hana-awase"], preset: str = "standard", **options: Any
) -> HanaAwaseRules: ...
@overload
def find_rules(
    game: Literal["koikoi"], preset: str = "standard", **options: Any
) -> KoiKoiRules: ...
@overload
def find_rules(
    game: Literal["sakura"], preset: str = "standard", **options: Any
) -> SakuraRules: ...
@overload
def find_rules(game: str, preset: str = "standard", **options: Any) -> AnyRules: ...


def find_rules(game: str, preset: str = "standard", **options: Any) -> AnyRules:
    """The Rules of a game under a preset, with any options overridden.

    >>> find_rules("bakappana", scoring="zero_sum").scoring
    'zero_sum'
    """
    rules_type = game_of(game).rules_type
    base = preset_of(game, preset).options
    unknown = sorted(set(options) - set(rules_type.__struct_fields__))
    if unknown:
        raise RulesError(f"unknown option for {game}: {', '.join(unknown)}")
    rules: AnyRules = rules_type.from_options({**base, **options})
    return rules


def option_docs(game: str) -> list[tuple[str, Any, str]]:
    """(key, default, one-line explanation) for every option of a game, for editors and help."""
    rules_type = game_of(game).rules_type
    defaults = rules_type().options()
    docs: list[tuple[str, Any, str]] = []
    for f in msgspec.structs.fields(rules_type):
        doc = ""
        for meta in getattr(f.type, "__metadata__", ()):
            if isinstance(meta, msgspec.Meta) and meta.description:
                doc = meta.description
        docs.append((f.name, defaults[f.name], doc))
    return docs
