"""The options of a game: the `Rules` base every game's Rules type extends, and `Preset`.

A game's Rules type is a frozen msgspec Struct tagged by the game's id, so a log's header records
the game it was played under with every resolved option, and a newer option is refused clearly.
This module imports nothing of the engine: the log's event types import every game's Rules type.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Self

import msgspec

from core.errors import RulesError
from core.messages import N_

Rounds = Annotated[
    int,
    msgspec.Meta(ge=1, le=120, description=N_("How many rounds the match lasts (1 to 120).")),
]


@dataclass(frozen=True)
class OptionWords:
    """How players read an option: its ``title``, words for each value of a choice
    (``choices``), and for a number, the value that switches it off (``off``) and what it counts
    (``unit``). The option's explanation is its ``msgspec.Meta`` description.

    The title, the choices' words and the explanation are English marked with `N_`: the program
    translates them where it shows them. ``unit`` is a key, not words: the program says a number
    of it in the player's language (``hanatui.text.options``), `value` in English."""

    title: str
    choices: Mapping[Any, str] = field(default_factory=dict)
    off: int | None = None
    unit: str = ""

    def value(self, value: Any) -> str:
        """A value in words: ``on``, ``the holder wins 6``, ``off``, ``20 card points``."""
        if isinstance(value, bool):
            return "on" if value else "off"
        if value in self.choices:
            return self.choices[value]
        if isinstance(value, int) and value == self.off:
            return "off"
        if isinstance(value, int) and self.unit:
            unit = self.unit
            if value == 1:  # 1 point, 1 round, 1 card point or fewer
                unit = " ".join(_SINGULAR.get(word, word) for word in unit.split(" "))
            return f"{value} {unit}"
        return str(value)


_SINGULAR = {"points": "point", "rounds": "round", "cards": "card"}

#: The option every game has.
ROUNDS_WORDS = OptionWords(N_("Rounds"), unit="rounds")


class Rules(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    tag_field="game",
    cache_hash=True,
):
    """Options shared by every game; each game's Rules type adds its own (a Struct tagged by the
    game's id, so a log's header records the game and every resolved option).

    A Rules value is frozen and hashable (its hash is computed once), so caches key on it.
    """

    rounds: Rounds = 12

    #: How players read each option (`OptionWords` by key); each game's rules module sets it.
    option_words: ClassVar[Mapping[str, OptionWords]] = {}

    @property
    def game(self) -> str:
        """The id of the game these are the rules of."""
        return game_id_of(type(self))

    def options(self) -> dict[str, Any]:
        """The options as a plain dict (without the game id); a nested group of options (koi-koi's
        ``yaku_points``) as the plain dict a log writes for it."""
        return {
            key: msgspec.to_builtins(value) if isinstance(value, msgspec.Struct) else value
            for key, value in msgspec.structs.asdict(self).items()
        }

    def replace(self, **options: Any) -> Self:
        """A copy with some options changed, validated like a decoded log."""
        return self.from_options({**self.options(), **options})

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Self:
        """These rules from an options dict, validated like a decoded log; `RulesError` says
        what is wrong (a `WordedRulesError`, whose words the program can translate)."""
        try:
            return msgspec.convert(options, cls, strict=False)
        except msgspec.ValidationError as exc:
            raise _option_error(cls, str(exc)) from None


class WordedRulesError(RulesError):
    """A `RulesError` that keeps its English apart from its values, so that the program can say
    it in the player's language (``hanatui.text.options.rules_error_text``): ``reason`` is a
    sentence marked with `N_`, with ``{named}`` placeholders filled from ``values``; ``option``,
    when set, is the key of the option at fault in ``game``, whose title goes before the reason.
    ``str()`` of it is the English, ``Doubling threshold: must be at least 1``, which ``template``
    holds too (with no ``params``) for a reader that knows only those."""

    def __init__(
        self,
        reason: str,
        values: Mapping[str, str] | None = None,
        *,
        game: str = "",
        option: str = "",
        title: str = "",
    ) -> None:
        self.reason = reason
        self.values: dict[str, str] = dict(values or {})
        self.game = game
        self.option = option
        what = reason.format(**self.values) if self.values else reason
        text = f"{title or option}: {what}" if option else what
        ValueError.__init__(self, text)
        self.template = text
        self.params: dict[str, object] = {}


_WHERE = re.compile(r" - at `\$\.(?P<key>\w+)[^`]*`$")
_REASONS = (
    (re.compile(r"Expected `int` >= (?P<number>-?\d+)"), N_("must be at least {number}")),
    (re.compile(r"Expected `int` <= (?P<number>-?\d+)"), N_("must be at most {number}")),
    (re.compile(r"Expected `int`, got `\w+`"), N_("must be a whole number")),
    (re.compile(r"Expected `bool`, got `\w+`"), N_("must be on or off")),
    (re.compile(r"Invalid enum value (?P<value>.+)"), N_("{value} is not one of its values")),
    (
        re.compile(r"Object contains unknown field `(?P<value>\w+)`"),
        N_("{value} is not one of its names"),
    ),
)


def _option_error(rules_type: type[Rules], text: str) -> WordedRulesError:
    """A validation error as people read it: ``Doubling threshold: must be at least 1`` (the
    option by its title, the reason in words), or the reason alone when no option is named (two
    options that do not go together: the Rules type's own sentence, marked with `N_`)."""
    where = _WHERE.search(text)
    what = text[: where.start()] if where else text
    values: dict[str, str] = {}
    for pattern, words in _REASONS:
        found = pattern.fullmatch(what)
        if found:
            what, values = words, found.groupdict()
            break
    if where is None:
        return WordedRulesError(what, values)
    key = where.group("key")
    option = rules_type.option_words.get(key)
    return WordedRulesError(
        what,
        values,
        game=game_id_of(rules_type),
        option=key,
        title=option.title if option else key,
    )


def game_id_of(rules_type: type[Rules]) -> str:
    """The game id a Rules type is tagged with."""
    tag = rules_type.__struct_config__.tag
    if not isinstance(tag, str):
        raise TypeError(f"{rules_type.__name__} is not the Rules type of a game")
    return tag


@dataclass(frozen=True)
class Preset:
    """A named set of options that differ from a game's standard rules: ``name`` is what the
    command line takes, ``title`` and ``description`` what players read (what the preset is, and
    which rule book or program each part comes from, both English marked with `N_`, translated
    where shown); ``aliases`` are names it had before, still accepted (a setting or a script may
    hold one)."""

    name: str
    title: str
    description: str
    options: Mapping[str, Any] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
