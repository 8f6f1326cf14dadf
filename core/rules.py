"""Rules are data: a frozen Struct per game, with the standard defaults, and named presets.

Every game's Rules type is a msgspec Struct tagged by its ``game`` id, so a log header records the
resolved options of the game it was played under, and a newer option is refused clearly.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from core.errors import RulesError

Rounds = Annotated[int, msgspec.Meta(ge=1, le=120, description="Rounds in the match.")]


class Rules(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    tag_field="game",
    cache_hash=True,
):
    """Options shared by every game. Subclasses add the options of their game.

    A Rules value is frozen and hashable (its hash is computed once), so caches key on it.
    """

    rounds: Rounds = 12

    @property
    def game(self) -> str:
        tag = type(self).__struct_config__.tag
        assert isinstance(tag, str)
        return tag

    def options(self) -> dict[str, Any]:
        """The options as a plain dict (without the game id); a nested group of options (koi-koi's
        ``yaku_points``) as the plain dict a log writes for it."""
        return {
            key: msgspec.to_builtins(value) if isinstance(value, msgspec.Struct) else value
            for key, value in msgspec.structs.asdict(self).items()
        }

    def replace(self, **options: Any) -> Rules:
        """A copy with some options changed, validated like a decoded log."""
        return make_rules(self.game, {**self.options(), **options})


# game id -> Rules subclass; filled by core.games when each game module is imported.
RULES_TYPES: dict[str, type[Rules]] = {}
# (game id, preset name) -> options that differ from the standard defaults.
PRESETS: dict[tuple[str, str], dict[str, Any]] = {}
PRESET_DESCRIPTIONS: dict[tuple[str, str], str] = {}


def register_rules(rules_type: type[Rules]) -> None:
    tag = rules_type.__struct_config__.tag
    assert isinstance(tag, str)
    RULES_TYPES[tag] = rules_type
    PRESETS.setdefault((tag, "standard"), {})
    PRESET_DESCRIPTIONS.setdefault((tag, "standard"), "the standard rules of RULES.md")


def register_preset(game: str, name: str, description: str, **options: Any) -> None:
    PRESETS[(game, name)] = options
    PRESET_DESCRIPTIONS[(game, name)] = description


def make_rules(game: str, options: dict[str, Any]) -> Rules:
    """Build and validate a Rules value from a game id and an options dict."""
    rules_type = _rules_type(game)
    try:
        return msgspec.convert(options, rules_type, strict=False)
    except msgspec.ValidationError as exc:
        raise RulesError(f"invalid option for {game}: {exc}") from None


def _rules_type(game: str) -> type[Rules]:
    import core.games  # noqa: F401  (registers every game)

    try:
        return RULES_TYPES[game]
    except KeyError:
        known = ", ".join(sorted(RULES_TYPES))
        raise RulesError(f"unknown game: {game!r} (known: {known})") from None


def presets(game: str) -> tuple[str, ...]:
    """The preset names of a game, ``standard`` first."""
    _rules_type(game)
    names = [name for (g, name) in PRESETS if g == game]
    return tuple(sorted(names, key=lambda n: (n != "standard", n)))


def find_rules(game: str, preset: str = "standard", **options: Any) -> Rules:
    """The Rules of a game under a preset, with any options overridden.

    >>> find_rules("bakappana", scoring="zero_sum").scoring
    'zero_sum'
    """
    _rules_type(game)
    try:
        base = PRESETS[(game, preset)]
    except KeyError:
        raise RulesError(
            f"unknown preset {preset!r} for {game} (known: {', '.join(presets(game))})"
        ) from None
    rules_type = RULES_TYPES[game]
    unknown = sorted(set(options) - set(rules_type.__struct_fields__))
    if unknown:
        raise RulesError(f"unknown option for {game}: {', '.join(unknown)}")
    return make_rules(game, {**base, **options})


def option_docs(game: str) -> list[tuple[str, Any, str]]:
    """(key, default, one-line explanation) for every option of a game, for editors and help."""
    rules_type = _rules_type(game)
    defaults = rules_type().options()
    docs: list[tuple[str, Any, str]] = []
    for f in msgspec.structs.fields(rules_type):
        doc = ""
        for meta in getattr(f.type, "__metadata__", ()):
            if isinstance(meta, msgspec.Meta) and meta.description:
                doc = meta.description
        docs.append((f.name, defaults[f.name], doc))
    return docs
