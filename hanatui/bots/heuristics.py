"""What the heuristic bots know about each game: card worth, yaku targets, teams, and a value
model of a team's captures that counts both the yaku held and the yaku within reach.

This is bot knowledge, not the rules: the engine alone decides what scores. Card values, yaku and
teams are read from the game's own declaration (`core.games.registry`), under the match's rules;
exact scores (koi-koi's multipliers, option variants) come from the engine (a koi-koi shobu's,
for speed, from `shobu`, which tests/bots/test_playout.py holds to the engine's).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from core.cards import ALL_MASK
from core.games.registry import game_for
from core.rules import Rules
from core.yaku import YakuSpec

# --------------------------------------------------------------------------------------------
# Yaku targets
# --------------------------------------------------------------------------------------------


class Target(NamedTuple):
    """A yaku the bots steer for: all ``clauses`` (mask, need) met, worth ``points`` plus
    ``per_extra`` for each card of ``extra_mask`` beyond ``extra_base``."""

    id: str
    group: str | None
    points: float
    clauses: tuple[tuple[int, int], ...]
    extra_mask: int = 0
    extra_base: int = 0
    per_extra: float = 0.0


# --------------------------------------------------------------------------------------------
# Profiles
# --------------------------------------------------------------------------------------------


class Profile(NamedTuple):
    """How one game under one set of rules values captures, for the heuristics."""

    game: str
    values: tuple[float, ...]  # per card, what it adds to its owner's score
    grouped: tuple[tuple[Target, ...], ...]  # exclusive groups (one best counts)
    single: tuple[Target, ...]  # targets that stack freely
    teams: tuple[int, ...]  # team of each seat
    koikoi: bool  # a round is won by calling shobu (yaku only)
    potential: float  # weight of the yaku within reach vs those held
    slots: tuple[tuple[Target, ...], ...] = ()  # the groups, then each single target alone
    touch: tuple[tuple[int, ...], ...] = ()  # per slot, per target: the cards it looks at
    slot_touch: tuple[int, ...] = ()  # per slot: the cards any of its targets looks at
    flat: tuple[Target, ...] = ()  # every target
    card_targets: tuple[tuple[int, ...], ...] = ()  # per card: indexes in `flat` of its targets
    worth: tuple[float, ...] = ()  # per card: points plus a share of its yaku
    cache: dict[int, list[int]] | None = None  # memo of the playout policy, per profile


def team_numbers(rules: Rules, n: int) -> tuple[int, ...]:
    """The team of each seat, from the game's own teams: seats that pool captures share a
    number (the index of their team)."""
    out = [0] * n
    for t, unit in enumerate(game_for(rules).teams(rules, n)):
        for seat in unit:
            out[seat] = t
    return tuple(out)


_last_profile: tuple[Rules, int, Profile] | None = None


def profile_for(rules: Rules, n: int) -> Profile:
    """The profile of a game under ``rules`` with ``n`` players (cached by the rules). The rules
    last asked about are compared first by identity: a match asks about the same rules object
    at every decision, and comparing two equal rules field by field costs far more."""
    global _last_profile
    last = _last_profile
    if last is not None and last[0] is rules and last[1] == n:
        return last[2]
    prof = _cached_profile(rules, n)
    _last_profile = (rules, n, prof)
    return prof


@lru_cache(maxsize=64)
def _cached_profile(rules: Rules, n: int) -> Profile:
    return _build_profile(rules, n)


def _build_profile(rules: Rules, n: int) -> Profile:
    game = game_for(rules)
    values = tuple(float(v) for v in game.card_values(rules))
    targets = targets_from_specs(game.yaku_specs(rules))
    koikoi = not game.cards_score  # yaku only: a round is won by calling shobu
    if koikoi:
        # Card points do not score; a trace of them breaks ties toward bigger cards.
        values = tuple(0.01 * v for v in values)
        potential = 1.0
    elif targets:
        # A yaku is worth about its points to its holder (in Sakura what it costs every
        # opponent), times the players who pay it (hana-awase: each other player, by scoring).
        scale = game.yaku_payers(rules, n)
        if scale != 1:
            targets = tuple(t._replace(points=t.points * scale) for t in targets)
        potential = 0.8
    else:
        potential = 0.0  # no yaku (bakappana): the weight of none
    groups: dict[str, list[Target]] = {}
    single: list[Target] = []
    for t in targets:
        if t.group is None:
            single.append(t)
        else:
            groups.setdefault(t.group, []).append(t)
    slots = tuple(tuple(v) for v in groups.values()) + tuple((t,) for t in single)
    touch = tuple(tuple(_touch(t) for t in slot) for slot in slots)
    slot_touch = tuple(_or(ts) for ts in touch)
    flat = tuple(t for slot in slots for t in slot)
    card_targets = tuple(
        tuple(k for k, t in enumerate(flat) if any(m >> i & 1 for m, _ in t.clauses))
        for i in range(48)
    )
    worth = list(values)
    for slot in slots:
        for t in slot:
            share = 0.5 * t.points / len(slot) / max(1, sum(need for _, need in t.clauses))
            for m, need in t.clauses:
                size = m.bit_count()
                for i in range(48):
                    if m >> i & 1:
                        worth[i] += share * need / size
    return Profile(
        game=game.id,
        values=tuple(float(v) for v in values),
        grouped=tuple(tuple(v) for v in groups.values()),
        single=tuple(single),
        teams=team_numbers(rules, n),
        koikoi=koikoi,
        potential=potential,
        slots=slots,
        touch=touch,
        slot_touch=slot_touch,
        flat=flat,
        card_targets=card_targets,
        worth=tuple(worth),
        cache={},
    )


def _touch(t: Target) -> int:
    mask = t.extra_mask
    for m, _ in t.clauses:
        mask |= m
    return mask


def _or(masks: Sequence[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def targets_from_specs(specs: Sequence[YakuSpec]) -> tuple[Target, ...]:
    """Targets from a game's own yaku specs under its rules (so its options are followed)."""
    out = []
    for spec in specs:
        points = float(spec.points)
        if points <= 0:
            continue
        cards = spec.cards
        clauses = []
        if cards:
            clauses.append((cards, cards.bit_count()))
        if spec.need:
            clauses.append((spec.pool & ~cards, spec.need))
        if not clauses:
            continue
        per_extra = float(spec.per_extra)
        if spec.extra_pool:
            extra_mask, extra_base = spec.extra_pool, spec.extra_base
        else:
            extra_mask, extra_base = (spec.pool, spec.need) if per_extra else (0, 0)
        out.append(
            Target(spec.id, spec.group, points, tuple(clauses), extra_mask, extra_base, per_extra)
        )
    return tuple(out)


# --------------------------------------------------------------------------------------------
# The value model
# --------------------------------------------------------------------------------------------

# Availability: a list of (probability of eventually capturing, mask of cards), best first.
Levels = Sequence[tuple[float, int]]


def held_value(t: Target, caps: int) -> float:
    """The points of a held target, with its extras."""
    value = t.points
    if t.per_extra:
        extra = (caps & t.extra_mask).bit_count() - t.extra_base
        if extra > 0:
            value += t.per_extra * extra
    return value


def target_value(t: Target, caps: int, levels: Levels, weight: float) -> float:
    """What target ``t`` is worth to a team holding ``caps``: its points if complete, else its
    points times the chance of collecting the missing cards, times ``weight``.

    The chance is the product over the target's clauses of the chance of holding ``need`` cards
    of its mask eventually, from the cards held and the capture chance of each free one (exact
    when exactly the missing cards are available, a Poisson tail when more are). This is the
    bots' hottest function: it is written out in one piece."""
    prob = 1.0
    for mask, need in t.clauses:
        miss = need - (caps & mask).bit_count()
        if miss <= 0:
            continue
        cand = mask & ~caps
        chance = 1.0
        lam = 0.0
        n = 0
        for p, lm in levels:
            k = (cand & lm).bit_count()
            if k:
                n += k
                lam += k * p
                chance *= p**k
        if n < miss:
            return t.points * 0.0 * weight
        if n > miss:  # P(X >= miss) for X ~ Poisson(lam)
            term = math.exp(-lam)
            below = term
            for j in range(1, miss):
                term *= lam / j
                below += term
            chance = max(0.0, 1.0 - below)
        prob *= chance
        if prob <= 0.0:
            return t.points * 0.0 * weight
    if prob >= 1.0:
        return held_value(t, caps)
    return t.points * prob * weight


def team_value(prof: Profile, caps: int, levels: Levels) -> float:
    """A team's card points plus its yaku, held and within reach."""
    return TeamEval(prof, caps, levels).base


def _points(mask: int, values: tuple[float, ...]) -> float:
    total = 0.0
    while mask:
        low = mask & -mask
        total += values[low.bit_length() - 1]
        mask ^= low
    return total


class TeamEval:
    """`team_value` of one team, with cheap updates: what the value becomes when the team
    captures more cards (`with_caps`) or when cards stop being available to it (`without`).
    Only the targets that look at the changed cards are evaluated again."""

    __slots__ = ("base", "caps", "levels", "prof", "sv", "tv")

    def __init__(self, prof: Profile, caps: int, levels: Levels) -> None:
        self.prof = prof
        self.caps = caps
        self.levels = list(levels)
        w = prof.potential
        self.tv = [[target_value(t, caps, self.levels, w) for t in slot] for slot in prof.slots]
        self.sv = [max(0.0, *vs) for vs in self.tv]
        self.base = _points(caps, prof.values) + sum(self.sv)

    def _update(self, caps: int, levels: Levels, changed: int) -> float:
        prof = self.prof
        w = prof.potential
        delta = 0.0
        slot_touch = prof.slot_touch
        for si, slot in enumerate(prof.slots):
            if not slot_touch[si] & changed:
                continue
            touch = prof.touch[si]
            tv = self.tv[si]
            best = 0.0
            for ti, t in enumerate(slot):
                v = target_value(t, caps, levels, w) if touch[ti] & changed else tv[ti]
                if v > best:
                    best = v
            delta += best - self.sv[si]
        return delta

    def with_caps(self, add: int) -> float:
        """The team's value after it also captures ``add``."""
        new = add & ~self.caps
        if not new:
            return self.base
        caps = self.caps | new
        return self.base + _points(new, self.prof.values) + self._update(caps, self.levels, new)

    def without(self, gone: int) -> float:
        """The team's value once the cards of ``gone`` can no longer come to it."""
        if not gone:
            return self.base
        levels = [(p, m & ~gone) for p, m in self.levels]
        return self.base + self._update(self.caps, levels, gone)


def hold_probability(unseen: int, month_unseen: int, hand_size: int) -> float:
    """The chance that a hand of ``hand_size`` cards drawn from ``unseen`` cards holds at least
    one of ``month_unseen`` particular ones."""
    if month_unseen <= 0 or hand_size <= 0:
        return 0.0
    if unseen <= 0:
        return 0.0
    miss = 1.0
    free = unseen - month_unseen
    for i in range(hand_size):
        if free - i <= 0:
            return 1.0
        miss *= (free - i) / (unseen - i)
    return 1.0 - miss


__all__ = [
    "ALL_MASK",
    "Profile",
    "Target",
    "hold_probability",
    "profile_for",
    "target_value",
    "team_numbers",
    "team_value",
]
