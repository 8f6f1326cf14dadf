"""Yaku as data: named specs evaluated on card masks, compiled into fast tables.

A `YakuSpec` says which cards make a yaku: all of ``cards``, plus at least ``need`` of ``pool``
(a card of ``doubles`` counting as two), and what it is worth: ``points``, plus ``per_extra`` for
each counted card of ``pool`` beyond ``need`` (or, with ``extra_pool``, each card of that pool
beyond ``extra_base``). Specs with the same ``group`` are mutually exclusive: only the most
valuable one counts. A yaku worth 0 points (a value table can switch one off that way) is not held.

Each game builds its specs from its options (the Sake Cup's role, value tables...) and evaluates
them in its own `Game.evaluate_yaku`; `core.games.registry.evaluate_yaku` (also
`core.evaluate_yaku`) is the public entry for any game's rules. `YakuTable` compiles a list of
specs once for the engine's hot path; `evaluate_specs` is the plain reference version.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec

from core.cards import Card, cards_of


class YakuSpec(msgspec.Struct, frozen=True, kw_only=True):
    """One yaku of one game's table."""

    id: str
    name: str  # English display name
    name_ja: str = ""
    points: int
    group: str | None = None  # specs in one group are mutually exclusive
    cards: int = 0  # every one of these is required
    pool: int = 0  # ...and at least `need` cards of this pool
    need: int = 0
    per_extra: int = 0  # points per counted card beyond the requirement
    extra_pool: int = 0  # cards counted for extras (default: `pool`)
    extra_base: int = 0  # extras are counted beyond this many of `extra_pool`
    doubles: int = 0  # cards that count as two in `pool` / `extra_pool`
    description: str = ""


class YakuHit(msgspec.Struct, frozen=True, kw_only=True):
    """A yaku someone holds: its id, its points now, and the cards that make it."""

    id: str
    name: str
    points: int
    cards: tuple[Card, ...]
    group: str | None = None


def _count(mask: int, doubles: int, weights: dict[int, int] | None) -> int:
    n = mask.bit_count() + (mask & doubles).bit_count()
    if weights:
        for bit, w in weights.items():
            if mask & bit:
                n += w - 1
    return n


def match_spec(
    spec: YakuSpec, captured: int, weights: dict[int, int] | None = None
) -> YakuHit | None:
    """The hit of one spec on a captured mask, or None. ``weights`` maps a card bit to how many
    cards of a pool it counts as (on top of the spec's own ``doubles``)."""
    if captured & spec.cards != spec.cards:
        return None
    points = spec.points
    used = spec.cards
    if spec.need:
        have = captured & spec.pool
        count = _count(have, spec.doubles, weights)
        if count < spec.need:
            return None
        used |= have
        if spec.per_extra and not spec.extra_pool:
            points += spec.per_extra * (count - spec.need)
    if spec.per_extra and spec.extra_pool:
        have = captured & spec.extra_pool
        extra = _count(have, spec.doubles, weights) - spec.extra_base
        if extra > 0:
            points += spec.per_extra * extra
            used |= have
    if points <= 0:
        return None
    return YakuHit(
        id=spec.id, name=spec.name, points=points, cards=cards_of(used), group=spec.group
    )


def evaluate_specs(
    specs: Iterable[YakuSpec], captured: int, weights: dict[int, int] | None = None
) -> tuple[YakuHit, ...]:
    """Every hit among ``specs``, keeping only the most valuable one of each exclusive group.

    Ties within a group go to the spec listed first. Hits keep the order of ``specs`` (a group
    sits where its first spec is listed).
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


_NONE = (-1, 0)


def _best_in_slot(slot: tuple[tuple[int, ...], ...], captured: int) -> tuple[int, int]:
    """(spec index, points) of the most valuable spec of one exclusive slot that ``captured``
    makes, or (-1, 0); ties go to the spec listed first."""
    best_i = -1
    best_v = 0
    for i, cards, pool, need, points, per, xpool, xbase, dbl in slot:
        if captured & cards != cards:
            continue
        v = points
        if need:
            have = captured & pool
            c = have.bit_count()
            if dbl:
                c += (have & dbl).bit_count()
            if c < need:
                continue
            if per and not xpool:
                v += per * (c - need)
        if per and xpool:
            have = captured & xpool
            x = have.bit_count() - xbase
            if dbl:
                x += (have & dbl).bit_count()
            if x > 0:
                v += per * x
        if v > best_v:
            best_i = i
            best_v = v
    return best_i, best_v


def _slot_value(
    slot: tuple[tuple[int, ...], ...], memo: dict[int, tuple[int, int]], key: int
) -> tuple[int, int]:
    """`_best_in_slot` of the captured cards ``key`` within the slot's scope, or (-1, 0)."""
    best = memo.get(key)
    if best is None:
        best = _best_in_slot(slot, key)
        if best[0] < 0:
            best = _NONE
        if len(memo) >= 65536:
            memo.clear()
        memo[key] = best
    return best


class YakuTable:
    """A list of specs compiled for fast evaluation on masks.

    The table is cut into slots: an exclusive group (its specs in table order) or one stand-alone
    spec. `values` gives, per slot, the index of the counting spec (-1: none) and its points,
    with mask operations only; `hits` turns those values into `YakuHit`s with their cards.
    `values` and `evaluate_specs` always agree (tests/core/test_yaku.py checks it).
    """

    __slots__ = ("_slots", "slot_keys", "specs")

    def __init__(self, specs: Sequence[YakuSpec]) -> None:
        self.specs: tuple[YakuSpec, ...] = tuple(specs)
        slots: list[list[int]] = []
        keys: list[str] = []
        where: dict[str, int] = {}
        for i, spec in enumerate(self.specs):
            if spec.group is not None and spec.group in where:
                slots[where[spec.group]].append(i)
                continue
            if spec.group is not None:
                where[spec.group] = len(slots)
            slots.append([i])
            keys.append(spec.group if spec.group is not None else spec.id)
        #: A slot's key: its group name, or the id of a stand-alone spec.
        self.slot_keys: tuple[str, ...] = tuple(keys)
        compiled = []
        for slot in slots:
            entries = []
            union = 0
            scope = 0
            least = 48
            for i in slot:
                s = self.specs[i]
                scope |= s.cards | s.pool | s.extra_pool | s.doubles
                entries.append(
                    (
                        i,
                        s.cards,
                        s.pool,
                        s.need,
                        s.points,
                        s.per_extra,
                        s.extra_pool,
                        s.extra_base,
                        s.doubles,
                    )
                )
                # A necessary condition, checked first: this many cards of `union` at least.
                union |= s.cards | s.pool
                least = min(
                    least,
                    max(
                        s.cards.bit_count(),
                        (s.cards & ~s.pool).bit_count()
                        + max(0, s.need - (s.pool & s.doubles).bit_count()),
                    ),
                )
            # A slot's value depends only on the captured cards within its scope: remembered
            # per slot by those cards (few combinations recur), cleared when it grows large.
            memo: dict[int, tuple[int, int]] = {}
            compiled.append((union, least, scope, memo, tuple(entries)))
        self._slots = tuple(compiled)

    def values(self, captured: int) -> tuple[tuple[int, int], ...]:
        """Per slot: (index of the spec that counts or -1, its points or 0)."""
        out = []
        for union, least, scope, memo, slot in self._slots:
            if (captured & union).bit_count() < least:
                out.append(_NONE)
                continue
            out.append(_slot_value(slot, memo, captured & scope))
        return tuple(out)

    def held(self, captured: int) -> tuple[tuple[int, int, int], ...]:
        """Compactly, what ``captured`` holds: (slot, spec index, points) per slot that counts."""
        out = []
        for k, (union, least, scope, memo, slot) in enumerate(self._slots):
            if (captured & union).bit_count() < least:
                continue
            best_i, best_v = _slot_value(slot, memo, captured & scope)
            if best_i >= 0:
                out.append((k, best_i, best_v))
        return tuple(out)

    def hits_held(self, captured: int, held: Sequence[tuple[int, int, int]]) -> tuple[YakuHit, ...]:
        """The hits of ``captured`` from what `held` returned for it."""
        out = []
        for _, i, v in held:
            hit = match_spec(self.specs[i], captured)
            assert hit is not None and hit.points == v
            out.append(hit)
        return tuple(out)

    def hits(
        self, captured: int, values: Sequence[tuple[int, int]] | None = None
    ) -> tuple[YakuHit, ...]:
        """The hits of ``captured``, in slot order (``values`` as `values` returned them)."""
        if values is None:
            values = self.values(captured)
        out = []
        for i, v in values:
            if i >= 0 and v > 0:
                hit = match_spec(self.specs[i], captured)
                assert hit is not None and hit.points == v
                out.append(hit)
        return tuple(out)


class YakuContext(msgspec.Struct, frozen=True, kw_only=True):
    """Facts of the table some options need: the field's cards and the round's month."""

    field: int | None = None
    month: int | None = None


def describe_hits(hits: Iterable[YakuHit]) -> str:
    """``"sanko 5, kasu 2"``: hits in one line, for logs and messages."""
    return ", ".join(f"{h.id} {h.points}" for h in hits)


__all__ = [
    "YakuContext",
    "YakuHit",
    "YakuSpec",
    "YakuTable",
    "describe_hits",
    "evaluate_specs",
    "match_spec",
]
