"""Yaku as data: named specs evaluated with CardSet masks, and the public `evaluate_yaku`.

A `YakuSpec` says which cards make a yaku: all of ``cards``, plus at least ``need`` of ``pool``
(weighted by ``weights`` where a card counts double), and what it is worth: ``points``, plus
``per_extra`` for each counted card of ``pool`` beyond ``need`` (or, with ``extra_pool``, each card of
that pool beyond ``extra_base``). Specs with the same ``group`` are mutually exclusive: only the
most valuable one counts. Each game registers its own evaluator, because the options of a game
(the sake cup's role, weather blocks, value tables) change which specs apply.

Public API, stable for other tools::

    evaluate_yaku(rules, cards) -> tuple[YakuHit, ...]

``cards`` is any iterable of `Card` members or card codes (or a `CardSet`, or an int mask).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import msgspec

from core.cards import Card, CardSet, cards_of, mask_of

if TYPE_CHECKING:
    from core.rules import Rules


class YakuSpec(msgspec.Struct, frozen=True, kw_only=True):
    """One yaku of one game's table."""

    id: str
    name: str                  # English display name
    name_ja: str = ""
    points: int
    group: str | None = None   # specs in one group are mutually exclusive
    cards: int = 0             # every one of these is required
    pool: int = 0              # ...and at least `need` cards of this pool
    need: int = 0
    per_extra: int = 0         # points per counted card beyond the requirement
    extra_pool: int = 0        # cards counted for extras (default: `pool`)
    extra_base: int = 0        # extras are counted beyond this many of `extra_pool`
    description: str = ""


class YakuHit(msgspec.Struct, frozen=True, kw_only=True):
    """A yaku someone holds: its id, its points now, and the cards that make it."""

    id: str
    name: str
    points: int
    cards: tuple[Card, ...]
    group: str | None = None


def _count(mask: int, weights: dict[int, int] | None) -> int:
    n = mask.bit_count()
    if weights:
        for bit, w in weights.items():
            if mask & bit:
                n += w - 1
    return n


def match_spec(spec: YakuSpec, captured: int, weights: dict[int, int] | None = None) -> YakuHit | None:
    """The hit of one spec on a captured mask, or None. ``weights`` maps a card bit to how many
    cards of its pool it counts as (a double-chaff card counts 2)."""
    if captured & spec.cards != spec.cards:
        return None
    points = spec.points
    used = spec.cards
    if spec.need:
        have = captured & spec.pool
        count = _count(have, weights)
        if count < spec.need:
            return None
        used |= have
        if spec.per_extra and not spec.extra_pool:
            points += spec.per_extra * (count - spec.need)
    if spec.per_extra and spec.extra_pool:
        have = captured & spec.extra_pool
        extra = _count(have, weights) - spec.extra_base
        if extra > 0:
            points += spec.per_extra * extra
            used |= have
    return YakuHit(id=spec.id, name=spec.name, points=points, cards=cards_of(used), group=spec.group)


def evaluate_specs(
    specs: Iterable[YakuSpec], captured: int, weights: dict[int, int] | None = None
) -> tuple[YakuHit, ...]:
    """Every hit among ``specs``, keeping only the most valuable one of each exclusive group.

    Ties within a group go to the spec listed first. Hits keep the order of ``specs``.
    """
    hits: list[YakuHit] = []
    best: dict[str, int] = {}
    for spec in specs:
        hit = match_spec(spec, captured, weights)
        if hit is None:
            continue
        if spec.group is not None:
            at = best.get(spec.group)
            if at is not None:
                if hit.points > hits[at].points:
                    hits[at] = hit
                continue
            best[spec.group] = len(hits)
        hits.append(hit)
    return tuple(hits)


# game id -> evaluator(rules, captured mask) -> hits. Registered by each game's module.
Evaluator = Callable[["Rules", int], tuple[YakuHit, ...]]
EVALUATORS: dict[str, Evaluator] = {}


def register_evaluator(game: str, evaluator: Evaluator) -> None:
    EVALUATORS[game] = evaluator


def evaluate_yaku(rules: Rules, cards: Iterable[Card | str] | CardSet | int) -> tuple[YakuHit, ...]:
    """The yaku that ``cards`` make under ``rules``, after that game's exclusivity rules.

    >>> from core.rules import find_rules
    >>> [h.id for h in evaluate_yaku(find_rules("koikoi"), "01a 03a 08a".split())]
    ['sanko']
    """
    import core.games  # noqa: F401  (registers every game's evaluator)

    if isinstance(cards, int):
        mask = cards
    elif isinstance(cards, CardSet):
        mask = cards.mask
    else:
        mask = mask_of(cards)
    evaluator = EVALUATORS.get(rules.game)
    if evaluator is None:
        return ()
    return evaluator(rules, mask)
