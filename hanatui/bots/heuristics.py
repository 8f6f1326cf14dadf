"""What the heuristic bots know about each game: card worth, yaku targets, teams, and a value
model of a team's captures that counts both the yaku held and the yaku within reach.

This is bot knowledge, not the rules: the engine alone decides what scores. The targets here
mirror RULES.md's standard yaku tables closely enough to steer play; exact scores (koi-koi's
multipliers, option variants) always come from the engine.
"""

from __future__ import annotations

import math
from functools import lru_cache
from collections.abc import Sequence
from typing import NamedTuple

from core.cards import ALL_MASK, CARDS, SAKURA_POINTS, STANDARD_POINTS, mask_of
from core.rules import Rules

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


def _m(codes: str) -> int:
    return mask_of(codes.split())


def _all(id: str, group: str | None, points: float, codes: str) -> Target:
    mask = _m(codes)
    return Target(id, group, points, ((mask, mask.bit_count()),))


BRIGHTS5 = _m("01a 03a 08a 11a 12a")
BRIGHTS4 = _m("01a 03a 08a 12a")
RAIN = _m("11a")
ANIMALS = mask_of(c for c in CARDS if c.kind.name == "ANIMAL")
RIBBONS = mask_of(c for c in CARDS if c.kind.name == "RIBBON")
CHAFF = mask_of(c for c in CARDS if c.kind.name == "CHAFF")
SAKE = _m("09a")
AKA = _m("01b 02b 03b")
AO = _m("06b 09b 10b")
ISC = _m("06a 07a 10a")

KOIKOI_TARGETS: tuple[Target, ...] = (
    _all("goko", "brights", 10, "01a 03a 08a 11a 12a"),
    _all("shiko", "brights", 8, "01a 03a 08a 12a"),
    Target("ameshiko", "brights", 7, ((RAIN, 1), (BRIGHTS4, 3))),
    Target("sanko", "brights", 5, ((BRIGHTS4, 3),)),
    Target("inoshikacho", "animals", 5, ((ISC, 3),), ANIMALS, 3, 1),
    Target("tane", "animals", 1, ((ANIMALS, 5),), ANIMALS, 5, 1),
    Target("akatan_aotan", "ribbons", 10, ((AKA | AO, 6),), RIBBONS, 6, 1),
    Target("akatan", "ribbons", 5, ((AKA, 3),), RIBBONS, 3, 1),
    Target("aotan", "ribbons", 5, ((AO, 3),), RIBBONS, 3, 1),
    Target("tan", "ribbons", 1, ((RIBBONS, 5),), RIBBONS, 5, 1),
    _all("hanamizake", None, 5, "03a 09a"),
    _all("tsukimizake", None, 5, "08a 09a"),
    Target("kasu", None, 1, ((CHAFF | SAKE, 10),), CHAFF | SAKE, 10, 1),
)

_RIB_NO_WILLOW = RIBBONS & ~_m("11c")

HANA_AWASE_TARGETS: tuple[Target, ...] = (
    _all("goko", "brights", 100, "01a 03a 08a 11a 12a"),
    _all("shiko", "brights", 60, "01a 03a 08a 12a"),
    _all("omote_sugawara", "brights", 30, "01a 02a 03a"),
    _all("matsukiribozu", "brights", 20, "01a 08a 12a"),
    Target("nanatan", "ribbons", 40, ((_RIB_NO_WILLOW, 7),)),
    Target("rokutan", "ribbons", 30, ((_RIB_NO_WILLOW, 6),)),
    _all("nomi", "viewing", 40, "03a 08a 09a"),
    _all("hanami", "viewing", 20, "03a 09a"),
    _all("tsukimi", "viewing", 20, "08a 09a"),
    _all("akatan", None, 40, "01b 02b 03b"),
    _all("aotan", None, 40, "06b 09b 10b"),
    _all("kusatan", None, 20, "04b 05b 07b"),
    _all("inoshikacho", None, 20, "06a 07a 10a"),
    _all("yanagi_shima", None, 10, "11a 11b 11c 11d"),
    _all("fuji_shima", None, 10, "04a 04b 04c 04d"),
    _all("kiri_shima", None, 10, "12a 12b 12c 12d"),
)

SAKURA_TARGETS: tuple[Target, ...] = (
    _all("nomi", None, 1, "03a 08a 09a"),
    _all("omote_sugawara", None, 1, "01a 02a 03a"),
    _all("akatan", None, 1, "01b 02b 03b"),
    _all("aotan", None, 1, "06b 09b 10b"),
    _all("blue_animals", None, 1, "06a 09a 10a"),
    _all("kusatan", None, 1, "04b 05b 07b"),
    _all("grass_animals", None, 1, "04a 05a 07a"),
    _all("inoshikagan", None, 1, "07a 08b 10a"),
)


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
    cache: dict[object, object] | None = None  # memo of the playout policy, per profile


def teams_of(rules: Rules, n: int) -> tuple[int, ...]:
    """The team of each seat: seats that pool captures share a number. Sakura's ``teams``
    layout "COUNTxSIZE" seats COUNT teams alternately (seat s plays for team s % COUNT)."""
    layout = getattr(rules, "teams", None)
    if isinstance(layout, str):
        count, sep, size = layout.lower().partition("x")
        if sep and count.isdigit() and size.isdigit() and int(count) * int(size) == n:
            return tuple(s % int(count) for s in range(n))
    return tuple(range(n))


@lru_cache(maxsize=64)
def profile_for(rules: Rules, n: int) -> Profile:
    """The profile of a game under ``rules`` with ``n`` players (cached by the rules)."""
    return _build_profile(rules, n)


def _build_profile(rules: Rules, n: int) -> Profile:
    game = rules.game
    from core.games import GAMES

    g = GAMES.get(game)
    koikoi = game == "koikoi"
    if koikoi:
        # Card points do not score in koi-koi; a trace of them breaks ties toward bigger cards.
        values = tuple(0.01 * p for p in STANDARD_POINTS)
        targets = _game_targets(rules) or KOIKOI_TARGETS
        potential = 1.0
    elif game == "sakura":
        try:
            values = tuple(float(v) for v in g.card_values(rules)) if g else SAKURA_POINTS
        except Exception:
            values = tuple(float(v) for v in SAKURA_POINTS)
        yaku_on = getattr(rules, "sakura_yaku_enabled", True)
        # A yaku costs every opponent 50: worth about 50 to its holder against the table.
        targets = tuple(t._replace(points=50.0) for t in SAKURA_TARGETS) if yaku_on else ()
        potential = 0.8
    else:
        values = tuple(float(v) for v in (g.card_values(rules) if g else STANDARD_POINTS))
        if game == "hana-awase":
            scale = (n - 1) if getattr(rules, "scoring", "seed") in ("seed", "zero_sum") else 1
            base = _game_targets(rules) or HANA_AWASE_TARGETS
            targets = tuple(t._replace(points=t.points * scale) for t in base)
            potential = 0.8
        else:
            targets = ()
            potential = 0.0
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
        game=game,
        values=tuple(float(v) for v in values),
        grouped=tuple(tuple(v) for v in groups.values()),
        single=tuple(single),
        teams=teams_of(rules, n),
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


def targets_from_specs(specs: Sequence[object]) -> tuple[Target, ...]:
    """Targets from a game's own `core.yaku.YakuSpec` list (so its options are followed)."""
    out = []
    for spec in specs:
        points = float(getattr(spec, "points", 0))
        if points <= 0:
            continue
        cards = spec.cards  # type: ignore[attr-defined]
        clauses = []
        if cards:
            clauses.append((cards, cards.bit_count()))
        if spec.need:  # type: ignore[attr-defined]
            clauses.append((spec.pool & ~cards, spec.need))  # type: ignore[attr-defined]
        if not clauses:
            continue
        per_extra = float(spec.per_extra)  # type: ignore[attr-defined]
        if spec.extra_pool:  # type: ignore[attr-defined]
            extra_mask, extra_base = spec.extra_pool, spec.extra_base  # type: ignore[attr-defined]
        else:
            extra_mask, extra_base = (spec.pool, spec.need) if per_extra else (0, 0)  # type: ignore[attr-defined]
        out.append(
            Target(spec.id, spec.group, points, tuple(clauses), extra_mask, extra_base, per_extra)
        )  # type: ignore[attr-defined]
    return tuple(out)


def _game_targets(rules: Rules) -> tuple[Target, ...]:
    """The targets of the game's own yaku table under ``rules``, or () if it offers none."""
    try:
        if rules.game == "koikoi":
            from core.games.koikoi import koikoi_specs

            return targets_from_specs(koikoi_specs(rules))  # type: ignore[arg-type]
        if rules.game == "hana-awase":
            from core.games.hanaawase import hanaawase_specs

            return targets_from_specs(hanaawase_specs(getattr(rules, "yaku_table", "fudawiki")))
    except (ImportError, AttributeError, TypeError):
        return ()
    return ()


# --------------------------------------------------------------------------------------------
# The value model
# --------------------------------------------------------------------------------------------

# Availability: a list of (probability of eventually capturing, mask of cards), best first.
Levels = Sequence[tuple[float, int]]


def clause_chance(mask: int, need: int, caps: int, levels: Levels) -> float:
    """The chance of holding ``need`` cards of ``mask`` eventually, from the cards held and the
    capture chance of each free one (exact for named cards, a Poisson tail for pools)."""
    miss = need - (caps & mask).bit_count()
    if miss <= 0:
        return 1.0
    cand = mask & ~caps
    prod = 1.0
    lam = 0.0
    n = 0
    for p, lm in levels:
        k = (cand & lm).bit_count()
        if k:
            n += k
            lam += k * p
            prod *= p**k
    if n < miss:
        return 0.0
    if n == miss:
        return prod
    # P(X >= miss) for X ~ Poisson(lam)
    term = math.exp(-lam)
    below = term
    for j in range(1, miss):
        term *= lam / j
        below += term
    return max(0.0, 1.0 - below)


def target_chance(t: Target, caps: int, levels: Levels) -> float:
    """The chance of completing target ``t`` (1.0 when it is held)."""
    prob = 1.0
    for mask, need in t.clauses:
        prob *= clause_chance(mask, need, caps, levels)
        if prob <= 0.0:
            return 0.0
    return prob


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
    points times the chance of collecting the missing cards, times ``weight``."""
    prob = target_chance(t, caps, levels)
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
    "KOIKOI_TARGETS",
    "Profile",
    "Target",
    "hold_probability",
    "profile_for",
    "target_value",
    "team_value",
    "teams_of",
]
