"""A game's options as players read them, in their language: titles, values, explanations.

The engine holds each option's words in English, marked with `core.messages.N_` (its
`OptionWords` and the ``msgspec.Meta`` description, `core.rules.option_docs`); here they are
looked up in the catalog where they are shown. A number is said with its unit in the form the
language gives it (``1 point``, ``2 punkty``, ``5 punktów``): one message pair per unit, never an
English plural "s" taken off or put on. `rules_error_text` says a rules error
(`core.games.options.WordedRulesError`) in the player's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal, get_args, get_origin

import msgspec

from core.cards import Card
from core.games.options import OptionWords, WordedRulesError
from core.games.registry import game_of
from core.rules import OptionDoc
from hanatui.text.i18n import _, ngettext, pgettext
from hanatui.text.names import card_name, yaku_title

#: A number of each unit an option counts (`OptionWords.unit`), in words.
UNITS: dict[str, Callable[[int], str]] = {
    "points": lambda n: ngettext("{n} point", "{n} points", n),
    "rounds": lambda n: ngettext("{n} round", "{n} rounds", n),
    "card points or fewer": lambda n: ngettext(
        "{n} card point or fewer", "{n} card points or fewer", n
    ),
}

#: The cards an option lists by name (koi-koi's cards worth two chaff).
_NAMED_CARDS = {"sake_cup": "09a", "lightning": "11d", "yellow_paulownia": "12b"}


def number_words(unit: str, n: int) -> str:
    """``n`` of ``unit`` (an `OptionWords.unit`): ``1 point``, ``20 card points or fewer``; the
    bare number for a unit we have no words for."""
    words = UNITS.get(unit)
    return words(n).format(n=n) if words is not None else str(n)


def join_and(items: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C`` in the player's language."""
    if not items:
        return ""
    text = items[0]
    for i, item in enumerate(items[1:], start=2):
        if i == len(items):
            # TRANSLATORS: the last two things of a list ("the Sake Cup and the Lightning")
            text = pgettext("list", "{rest} and {last}").format(rest=text, last=item)
        else:
            # TRANSLATORS: things of a list before its last two, joined with a comma
            text = pgettext("list", "{rest}, {next}").format(rest=text, next=item)
    return text


def _words(game: str, key: str) -> OptionWords:
    return game_of(game).option_words.get(key) or OptionWords(key.replace("_", " ").capitalize())


def option_title(game: str, key: str) -> str:
    """An option's title: ``Doubling threshold`` / ``Próg podwojenia``."""
    return _(_words(game, key).title)


def option_value_words(game: str, key: str, value: Any) -> str:
    """An option's value as players read it: ``on``, ``the holder wins 6``, ``20 card points or
    fewer``, ``the Sake Cup and the Lightning``, ``the table's values``."""
    words = _words(game, key)
    if isinstance(value, msgspec.Struct):  # koi-koi's single yaku values
        value = msgspec.to_builtins(value)
    if isinstance(value, dict):
        changed = [
            _("{yaku} {points}").format(yaku=yaku_title(k), points=v)
            for k, v in value.items()
            if v is not None
        ]
        return ", ".join(changed) if changed else _("the table's values")
    if isinstance(value, (tuple, list)):
        cards = [
            card_name(Card.parse(_NAMED_CARDS[v])) if v in _NAMED_CARDS else str(v) for v in value
        ]
        # TRANSLATORS: no card listed (of the cards worth two chaff)
        return join_and(cards) if cards else pgettext("cards", "none")
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if value in words.choices:
        return _(words.choices[value])
    if isinstance(value, int) and value == words.off:
        return _("off")
    if isinstance(value, int) and words.unit:
        return number_words(words.unit, value)
    return str(value)


def _explanation(field_type: Any) -> str:
    for meta in getattr(field_type, "__metadata__", ()):
        if isinstance(meta, msgspec.Meta) and meta.description:
            return meta.description
    return ""


def _literal_values(field_type: Any) -> tuple[Any, ...]:
    while get_origin(field_type) is Annotated:
        field_type = get_args(field_type)[0]
    return get_args(field_type) if get_origin(field_type) is Literal else ()


def option_docs(game: str) -> list[OptionDoc]:
    """Every option of a game as players read it, in their language (`core.rules.OptionDoc`:
    title, standard value in words, explanation, each choice's words), in the Rules type's
    order."""
    rules_type = game_of(game).rules_type
    defaults = rules_type().options()
    docs: list[OptionDoc] = []
    for f in msgspec.structs.fields(rules_type):
        explanation = _explanation(f.type)
        default = defaults[f.name]
        docs.append(
            OptionDoc(
                key=f.name,
                title=option_title(game, f.name),
                default=default,
                default_words=option_value_words(game, f.name, default),
                explanation=_(explanation) if explanation else "",
                choices=tuple(
                    (value, option_value_words(game, f.name, value))
                    for value in _literal_values(f.type)
                ),
            )
        )
    return docs


def rules_error_text(error: Exception) -> str:
    """A rules error in the player's language: ``Próg podwojenia: musi wynosić co najmniej 1``
    (the English of any other error, as it is)."""
    if not isinstance(error, WordedRulesError):
        return str(error)
    reason = _(error.reason)
    what = reason.format(**error.values) if error.values else reason
    if not error.option:
        return what
    title = option_title(error.game, error.option) if error.game else error.option
    # TRANSLATORS: an option's title, then what is wrong with its value
    return _("{option}: {reason}").format(option=title, reason=what)


__all__ = [
    "UNITS",
    "join_and",
    "number_words",
    "option_docs",
    "option_title",
    "option_value_words",
    "rules_error_text",
]
