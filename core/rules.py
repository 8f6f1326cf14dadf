"""Rules are data: every game's options as a frozen Struct, with the standard defaults, and named
presets. This module finds them by game id; each game declares its own Rules type and presets in
its package (``core/games/<game>/rules.py``) on the `Rules` base of `core.games.base`.

A Rules value is tagged by its game's id, so a log's header records the game it was played under
with every resolved option, and a newer option is refused clearly.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NamedTuple, get_args, get_origin, overload

import msgspec

from core.errors import RulesError
from core.events import AnyRules
from core.games.bakappana.rules import BakappanaRules
from core.games.hanaawase.rules import HanaAwaseRules
from core.games.koikoi.rules import KoiKoiRules
from core.games.options import OptionWords, Preset, Rules
from core.games.registry import game_of
from core.games.sakura.rules import SakuraRules
from core.messages import N_

__all__ = [
    "AnyRules",
    "OptionDoc",
    "Preset",
    "Rules",
    "find_rules",
    "option_docs",
    "option_value_words",
    "preset_of",
    "presets",
]


def presets(game: str) -> tuple[str, ...]:
    """The preset names of a game, ``standard`` first."""
    return ("standard", *sorted(p.name for p in game_of(game).presets))


def preset_of(game: str, name: str) -> Preset:
    """A game's preset by name (``standard``: its defaults); `RulesError` otherwise."""
    g = game_of(game)
    if name == "standard":
        return g.standard
    for p in g.presets:
        if name in (p.name, *p.aliases):
            return p
    raise RulesError(
        N_("unknown preset {preset} for {game} (known: {known})"),
        preset=repr(name),
        game=game,
        known=", ".join(presets(game)),
    )


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
        raise RulesError(
            N_("unknown option for {game}: {options}"), game=game, options=", ".join(unknown)
        )
    rules: AnyRules = rules_type.from_options({**base, **options})
    return rules


class OptionDoc(NamedTuple):
    """An option as players read it: its ``title``, its ``default`` (and in words), the
    ``explanation``, and words for each value of a choice (``choices``, in order; empty for a
    number, a switch or a list)."""

    key: str
    title: str
    default: Any
    default_words: str
    explanation: str
    choices: tuple[tuple[Any, str], ...]


def option_docs(game: str) -> list[OptionDoc]:
    """Every option of a game as players read it (`OptionDoc`), in the Rules type's order."""
    g = game_of(game)
    rules_type = g.rules_type
    defaults = rules_type().options()
    docs: list[OptionDoc] = []
    for f in msgspec.structs.fields(rules_type):
        doc = ""
        for meta in getattr(f.type, "__metadata__", ()):
            if isinstance(meta, msgspec.Meta) and meta.description:
                doc = meta.description
        words = g.option_words.get(f.name) or OptionWords(f.name.replace("_", " ").capitalize())
        choices: tuple[tuple[Any, str], ...] = ()
        for t in _literal_args(f.type):
            choices = tuple((value, option_value_words(game, f.name, value)) for value in t)
        default = defaults[f.name]
        docs.append(
            OptionDoc(
                key=f.name,
                title=words.title,
                default=default,
                default_words=option_value_words(game, f.name, default),
                explanation=doc,
                choices=choices,
            )
        )
    return docs


def _literal_args(t: Any) -> list[tuple[Any, ...]]:
    """The values of a Literal option type (under its Annotated), as one tuple; [] otherwise."""
    while get_origin(t) is Annotated:
        t = get_args(t)[0]
    return [get_args(t)] if get_origin(t) is Literal else []


def option_value_words(game: str, key: str, value: Any) -> str:
    """An option's value as players read it: ``on``, ``the holder wins 6``, ``20 card points or
    fewer``, ``the Sake Cup and the Lightning``, ``the table's values``."""
    from core.cards import Card
    from core.names import yaku_name

    words = game_of(game).option_words.get(key) or OptionWords(key)
    if isinstance(value, msgspec.Struct):  # koi-koi's single yaku values
        value = msgspec.to_builtins(value)
    if isinstance(value, dict):
        changed = [f"{yaku_name(k).en} {v}" for k, v in value.items() if v is not None]
        return ", ".join(changed) if changed else "the table's values"
    if isinstance(value, (tuple, list)):
        named = {"sake_cup": "09a", "lightning": "11d", "yellow_paulownia": "12b"}
        cards = [Card.parse(named[v]).name_en if v in named else str(v) for v in value]
        if not cards:
            return "none"
        return cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + " and " + cards[-1]
    return words.value(value)
