"""Every game the engine plays: the one registry of game values, by id.

Everything about a game is read from its `Game` value here: its title, aliases and player counts
(the CLI and the app), its Rules type and presets (`core.rules.find_rules`), its card values, yaku
and teams (the computer players and the help screens), and its hooks (the engine). Adding a game
means one package under ``core/games/`` with its ``GAME``, a line in `_DECLARED`, its Rules type
in `core.events.AnyRules` and an overload of `core.rules.find_rules` (tests/core/test_registry.py
checks they agree).

A game's package is imported when the game is first asked for, not with the registry: a program
that plays one game (the table's first frame) does not wait for the other three. The ids, their
order and the names people type for them are known without importing anything.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from core.cards import Card, CardSet, mask_of
from core.errors import RulesError
from core.messages import N_

if TYPE_CHECKING:
    from core.games.base import Game
    from core.games.options import Rules
    from core.yaku import YakuHit

#: Every game, in the order menus list them: its id, the module that declares its ``GAME``, and
#: the other names people type for it (its aliases and its title, lower-case, where they differ
#: from the id). tests/core/test_registry.py checks this against the games' own declarations.
_DECLARED: dict[str, tuple[str, tuple[str, ...]]] = {
    "koikoi": ("core.games.koikoi.game", ("koi-koi",)),
    "hana-awase": ("core.games.hanaawase.game", ("hanaawase",)),
    "bakappana": ("core.games.bakappana.game", ()),
    "sakura": ("core.games.sakura.game", ()),
}

_BY_NAME: Mapping[str, str] = {
    name: game_id for game_id, (_, names) in _DECLARED.items() for name in (game_id, *names)
}


class _Games(Mapping[str, "Game[Any]"]):
    """The games by id, each imported when first looked up (iterating gives the ids only)."""

    def __init__(self) -> None:
        self._loaded: dict[str, Game[Any]] = {}

    def __getitem__(self, game_id: str) -> Game[Any]:
        game = self._loaded.get(game_id)
        if game is None:
            module, _ = _DECLARED[game_id]  # KeyError for an unknown id, as a Mapping's
            game = importlib.import_module(module).GAME
            self._loaded[game_id] = game
        return game

    def __contains__(self, game_id: object) -> bool:
        return game_id in _DECLARED

    def __iter__(self) -> Iterator[str]:
        return iter(_DECLARED)

    def __len__(self) -> int:
        return len(_DECLARED)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(_DECLARED)})"


#: The games by id, in the order menus list them (read-only; a game loads when looked up).
GAMES: Mapping[str, Game[Any]] = _Games()


def game_of(game_id: str) -> Game[Any]:
    """The game with this id; `RulesError` naming the known ids otherwise."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise _unknown_game(game_id) from None


def find_game(name: str) -> Game[Any]:
    """The game a person names: its id, title or an alias, in any case, with ``_`` for ``-``
    (``Koi-Koi``, ``hanaawase``, ``hana_awase``)."""
    game_id = _BY_NAME.get(name.strip().lower().replace("_", "-"))
    if game_id is None:
        raise _unknown_game(name)
    return GAMES[game_id]


def _unknown_game(name: str) -> RulesError:
    from core.games.options import WordedRulesError

    return WordedRulesError(
        N_("unknown game: {game} (known: {known})"), {"game": repr(name), "known": ", ".join(GAMES)}
    )


def game_for(rules: Rules) -> Game[Any]:
    """The game ``rules`` are the rules of, as it plays them (`Game.for_rules`)."""
    return game_of(rules.game).for_rules(rules)


def same_worth(rules: Rules, a: Card, b: Card) -> bool:
    """Whether taking ``a`` or ``b`` is the same under ``rules`` in every scoring: the same kind
    and card value, the same place in every yaku of the game's table (each of a spec's masks
    holds both or neither), and neither a card the game treats apart (its wild cards; a game
    whose card hooks say nothing of which cards are special treats them all apart).

    Two chaff of one month are the same in koi-koi; the Sake Cup (an animal that also counts as
    chaff) is never the same as another card.

    >>> from core.rules import find_rules
    >>> same_worth(find_rules("koikoi"), Card.parse("12c"), Card.parse("12d"))
    True
    >>> same_worth(find_rules("koikoi"), Card.parse("12b"), Card.parse("12c"))
    False
    """
    if a == b:
        return True
    if a.month != b.month or a.kind is not b.kind:
        return False
    game = game_for(rules)
    if (a.bit | b.bit) & game.wild_cards:
        return False
    values = game.card_values(rules)
    if values[a.index] != values[b.index]:
        return False
    for spec in game.yaku_specs(rules):
        for mask in (spec.cards, spec.pool, spec.extra_pool, spec.doubles):
            if bool(mask & a.bit) != bool(mask & b.bit):
                return False
    return True


def evaluate_yaku(
    rules: Rules,
    cards: Iterable[Card | str] | CardSet | int,
    *,
    field: Iterable[Card | str] | CardSet | int | None = None,
    month: int | None = None,
) -> tuple[YakuHit, ...]:
    """The yaku that one player's ``cards`` make under ``rules``, after that game's exclusivity
    rules and its options.

    ``cards`` is any iterable of `Card` members or card codes, a `CardSet` or an int mask. Each
    hit has its ``id`` (the ids of docs/rules.md §4-§6), ``points`` (with per-card extras) and
    the ``cards`` that make it. Two facts of the table matter for some koi-koi options: ``field``
    (the cards on the field, for ``viewing_weather_block``) and ``month`` (the round's month
    1-12, for ``tsukifuda``; without it tsukifuda is not evaluated). Rules that compare players
    or settle a round (koi-koi ``yaku_count_mode``, hana-awase ``willow_row``) are applied by the
    game's round score, not here. A game without yaku (bakappana) gives ().

    >>> from core.rules import find_rules
    >>> [h.id for h in evaluate_yaku(find_rules("koikoi"), "01a 03a 08a".split())]
    ['sanko']
    >>> [(h.id, h.points) for h in evaluate_yaku(find_rules("koikoi"), "01b 02b 03b 04b".split())]
    [('akatan', 6)]
    """
    from core.yaku import YakuContext

    context = YakuContext(field=None if field is None else _mask(field), month=month)
    return game_for(rules).evaluate_yaku(rules, _mask(cards), context)


def _mask(cards: Iterable[Card | str] | CardSet | int) -> int:
    if isinstance(cards, int):
        return cards
    if isinstance(cards, CardSet):
        return cards.mask
    return mask_of(cards)


__all__ = ["GAMES", "evaluate_yaku", "find_game", "game_for", "game_of"]
