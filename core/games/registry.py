"""Every game the engine plays: the one registry of game values, by id.

Everything about a game is read from its `Game` value here: its title, aliases and player counts
(the CLI and the app), its Rules type and presets (`core.rules.find_rules`), its card values, yaku
and teams (the computer players and the help screens), and its hooks (the engine). Adding a game
means one package under ``core/games/`` with its ``GAME``, a line in `GAMES`, its Rules type in
`core.events.AnyRules` and an overload of `core.rules.find_rules` (tests/core/test_registry.py
checks the three agree).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from core.cards import Card, CardSet, mask_of
from core.errors import RulesError
from core.games.bakappana.game import GAME as BAKAPPANA
from core.games.base import Game
from core.games.hanaawase.game import GAME as HANA_AWASE
from core.games.koikoi.game import GAME as KOIKOI
from core.games.options import Rules
from core.games.sakura.game import GAME as SAKURA
from core.yaku import YakuContext, YakuHit

#: The games by id, in the order menus list them.
GAMES: Mapping[str, Game[Any]] = MappingProxyType(
    {g.id: g for g in (KOIKOI, HANA_AWASE, BAKAPPANA, SAKURA)}
)

_BY_NAME: Mapping[str, Game[Any]] = {
    name: g for g in GAMES.values() for name in (g.id, *g.aliases, g.title.lower())
}


def game_of(game_id: str) -> Game[Any]:
    """The game with this id; `RulesError` naming the known ids otherwise."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise RulesError(f"unknown game: {game_id!r} (known: {', '.join(GAMES)})") from None


def find_game(name: str) -> Game[Any]:
    """The game a person names: its id, title or an alias, in any case, with ``_`` for ``-``
    (``Koi-Koi``, ``hanaawase``, ``hana_awase``)."""
    game = _BY_NAME.get(name.strip().lower().replace("_", "-"))
    if game is None:
        raise RulesError(f"unknown game: {name!r} (known: {', '.join(GAMES)})")
    return game


def game_for(rules: Rules) -> Game[Any]:
    """The game ``rules`` are the rules of, as it plays them (`Game.for_rules`)."""
    return game_of(rules.game).for_rules(rules)


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
    context = YakuContext(field=None if field is None else _mask(field), month=month)
    return game_for(rules).evaluate_yaku(rules, _mask(cards), context)


def _mask(cards: Iterable[Card | str] | CardSet | int) -> int:
    if isinstance(cards, int):
        return cards
    if isinstance(cards, CardSet):
        return cards.mask
    return mask_of(cards)


__all__ = ["GAMES", "evaluate_yaku", "find_game", "game_for", "game_of"]
