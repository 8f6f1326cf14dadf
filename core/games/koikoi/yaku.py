"""Koi-koi's yaku (docs/rules.md §5.2), built from the options, and compiled for the engine.

`koikoi_specs` lists the yaku under a Rules value (the value table, the ribbon and animal system,
the viewing yaku, the Sake Cup's role, double chaff, tsukifuda). `KoiKoiYaku` compiles them for
one Rules value and month: a pile's *standing* (which yaku it holds, compactly, to tell a new or
raised yaku from the last decision) and its hits, with the viewing yaku's blocks applied.
"""

from __future__ import annotations

from functools import lru_cache

from core.cards import (
    ANIMALS,
    BRIGHTS,
    CHAFF,
    MONTH_MASKS,
    MONTH_NAMES,
    RIBBONS,
    Card,
)
from core.games.koikoi.rules import KoiKoiRules
from core.names import yaku_name
from core.yaku import YakuHit, YakuSpec, YakuTable


def _m(codes: str) -> int:
    mask = 0
    for code in codes.split():
        mask |= Card.parse(code).bit
    return mask


DRY_BRIGHTS = _m("01a 03a 08a 12a")
RAIN_MAN = Card.C11A.bit
SAKE_CUP = Card.C09A.bit
LIGHTNING = Card.C11D.index
WILLOW = MONTH_MASKS[10]
PAULOWNIA = MONTH_MASKS[11]
SUSUKI = MONTH_MASKS[7]
INOSHIKACHO = _m("06a 07a 10a")
AKATAN = _m("01b 02b 03b")
AOTAN = _m("06b 09b 10b")
DOUBLE_CHAFF = {"sake_cup": SAKE_CUP, "lightning": Card.C11D.bit, "yellow_paulownia": Card.C12B.bit}

# A yaku standing: per slot of the table that holds something, (slot, spec index, points).
Standing = tuple[tuple[int, int, int], ...]


def koikoi_specs(
    rules: KoiKoiRules, sake_as: str = "both", month: int | None = None
) -> list[YakuSpec]:
    """The koi-koi yaku specs under ``rules``.

    ``sake_as``: the Sake Cup counts as ``both`` animal and chaff, ``animal`` only or ``chaff``
    only. ``month``: the round's month for tsukifuda (None: no tsukifuda).
    """
    v = rules.yaku_value
    modern = rules.ribbon_animal_system == "modern"
    animals = ANIMALS if sake_as != "chaff" else ANIMALS & ~SAKE_CUP
    chaff = CHAFF | SAKE_CUP if sake_as != "animal" else CHAFF
    doubles = 0
    for name in rules.double_chaff_cards:
        doubles |= DOUBLE_CHAFF[name]
    doubles &= chaff
    animal_group = "animals" if modern else None
    ribbon_group = "ribbons" if modern else None
    extra = 1 if modern else 0
    specs = [
        YakuSpec(
            id="goko",
            name=yaku_name("goko").en,
            name_ja=yaku_name("goko").ja,
            points=v("goko"),
            group="brights",
            cards=BRIGHTS,
            description="all five brights",
        ),
        YakuSpec(
            id="shiko",
            name=yaku_name("shiko").en,
            name_ja=yaku_name("shiko").ja,
            points=v("shiko"),
            group="brights",
            cards=DRY_BRIGHTS,
            description="01a 03a 08a 12a (no Rain Man)",
        ),
        YakuSpec(
            id="ameshiko",
            name=yaku_name("ameshiko").en,
            name_ja=yaku_name("ameshiko").ja,
            points=v("ameshiko"),
            group="brights",
            cards=RAIN_MAN,
            pool=DRY_BRIGHTS,
            need=3,
            description="the Rain Man and three of 01a 03a 08a 12a",
        ),
        YakuSpec(
            id="sanko",
            name=yaku_name("sanko").en,
            name_ja=yaku_name("sanko").ja,
            points=v("sanko"),
            group="brights",
            pool=DRY_BRIGHTS,
            need=3,
            description="three of 01a 03a 08a 12a (not the Rain Man)",
        ),
    ]
    if rules.inoshikacho_enabled:
        specs.append(
            YakuSpec(
                id="inoshikacho",
                name=yaku_name("inoshikacho").en,
                name_ja=yaku_name("inoshikacho").ja,
                points=v("inoshikacho"),
                group=animal_group,
                cards=INOSHIKACHO,
                per_extra=extra,
                extra_pool=animals if extra else 0,
                extra_base=3,
                description="06a 07a 10a" + (", +1 per further animal" if extra else ""),
            )
        )
    specs.append(
        YakuSpec(
            id="tane",
            name=yaku_name("tane").en,
            name_ja=yaku_name("tane").ja,
            points=v("tane"),
            group=animal_group,
            pool=animals,
            need=5,
            per_extra=1,
            description="five animals, +1 per further animal",
        )
    )
    if modern or rules.akatan_aotan_stack:
        specs.append(
            YakuSpec(
                id="akatan_aotan",
                name=yaku_name("akatan_aotan").en,
                name_ja=yaku_name("akatan_aotan").ja,
                points=v("akatan_aotan"),
                group=ribbon_group,
                cards=AKATAN | AOTAN,
                per_extra=extra,
                extra_pool=RIBBONS if extra else 0,
                extra_base=6,
                description="the three poetry and three blue ribbons"
                + (", +1 per further ribbon" if extra else ", on top of each set"),
            )
        )
    specs += [
        YakuSpec(
            id="akatan",
            name=yaku_name("akatan").en,
            name_ja=yaku_name("akatan").ja,
            points=v("akatan"),
            group=ribbon_group,
            cards=AKATAN,
            per_extra=extra,
            extra_pool=RIBBONS if extra else 0,
            extra_base=3,
            description="01b 02b 03b" + (", +1 per further ribbon" if extra else ""),
        ),
        YakuSpec(
            id="aotan",
            name=yaku_name("aotan").en,
            name_ja=yaku_name("aotan").ja,
            points=v("aotan"),
            group=ribbon_group,
            cards=AOTAN,
            per_extra=extra,
            extra_pool=RIBBONS if extra else 0,
            extra_base=3,
            description="06b 09b 10b" + (", +1 per further ribbon" if extra else ""),
        ),
        YakuSpec(
            id="tan",
            name=yaku_name("tan").en,
            name_ja=yaku_name("tan").ja,
            points=v("tan"),
            group=ribbon_group,
            pool=RIBBONS,
            need=5,
            per_extra=1,
            description="five ribbons (11c counts), +1 per further ribbon",
        ),
    ]
    if rules.viewing_yaku != "off":
        specs += [
            YakuSpec(
                id="hanamizake",
                name=yaku_name("hanamizake").en,
                name_ja=yaku_name("hanamizake").ja,
                points=v("hanamizake"),
                cards=Card.C03A.bit | SAKE_CUP,
                description="the Curtain and the Sake Cup",
            ),
            YakuSpec(
                id="tsukimizake",
                name=yaku_name("tsukimizake").en,
                name_ja=yaku_name("tsukimizake").ja,
                points=v("tsukimizake"),
                cards=Card.C08A.bit | SAKE_CUP,
                description="the Moon and the Sake Cup",
            ),
        ]
    specs.append(
        YakuSpec(
            id="kasu",
            name=yaku_name("kasu").en,
            name_ja=yaku_name("kasu").ja,
            points=v("kasu"),
            pool=chaff,
            need=10,
            per_extra=1,
            doubles=doubles,
            description="ten chaff, +1 per further chaff"
            + ("; the Sake Cup counts as chaff" if chaff & SAKE_CUP else ""),
        )
    )
    if rules.tsukifuda_enabled and month is not None:
        specs.append(
            YakuSpec(
                id="tsukifuda",
                name=f"{yaku_name('tsukifuda').en} ({MONTH_NAMES[month - 1]})",
                name_ja=yaku_name("tsukifuda").ja,
                points=v("tsukifuda"),
                cards=MONTH_MASKS[month - 1],
                description="the four cards of the round's month",
            )
        )
    return specs


class KoiKoiYaku:
    """The koi-koi yaku of one Rules value and month, compiled: standings and hits of a pile."""

    __slots__ = (
        "_cache",
        "best_only",
        "filtered",
        "hanami",
        "rain",
        "require_other",
        "tables",
        "tsukimi",
        "weather",
    )

    def __init__(self, rules: KoiKoiRules, month: int | None) -> None:
        roles = {"both": ("both",), "animal_only": ("animal",), "either": ("animal", "chaff")}
        self.tables = tuple(
            YakuTable(koikoi_specs(rules, role, month)) for role in roles[rules.sake_cup_role]
        )
        keys = self.tables[0].slot_keys
        self.hanami = keys.index("hanamizake") if "hanamizake" in keys else -1
        self.tsukimi = keys.index("tsukimizake") if "tsukimizake" in keys else -1
        self.weather = rules.viewing_weather_block
        self.rain = rules.rain_man_voids_viewing
        self.require_other = rules.viewing_yaku == "require_other_yaku"
        self.best_only = rules.yaku_count_mode == "best_only"
        self.filtered = self.hanami >= 0 and (self.weather or self.rain or self.require_other)
        # Standings by captured mask, when the field does not matter (no weather blocks): a pile
        # often stays the same for a turn, and small piles recur from hand to hand.
        self._cache: dict[int, Standing] | None = None if (self.filtered and self.weather) else {}

    def _filter(
        self, values: tuple[tuple[int, int], ...], captured: int, field: int | None
    ) -> tuple[tuple[int, int], ...]:
        """Apply the viewing-yaku options (weather, Rain Man, another yaku required)."""
        vals = list(values)
        h, t = self.hanami, self.tsukimi
        no_h = no_t = bool(self.rain and captured & RAIN_MAN)
        if self.weather and field is not None:
            no_h = no_h or bool(field & WILLOW)
            no_t = no_t or bool(field & PAULOWNIA)
        if no_h:
            vals[h] = (-1, 0)
        if no_t:
            vals[t] = (-1, 0)
        if (
            self.require_other
            and (vals[h][1] or vals[t][1])
            and not any(v for k, (_, v) in enumerate(vals) if k not in (h, t))
        ):
            vals[h] = vals[t] = (-1, 0)
        return tuple(vals)

    def values(self, captured: int, field: int | None) -> tuple[int, tuple[tuple[int, int], ...]]:
        """(table index, per-slot values): the table is the Sake Cup's role that scores most."""
        if len(self.tables) == 1:
            vals = self.tables[0].values(captured)
            return 0, self._filter(vals, captured, field) if self.filtered else vals
        best_t = 0
        best_vals: tuple[tuple[int, int], ...] = ()
        best_total = -1
        for t, table in enumerate(self.tables):
            vals = table.values(captured)
            if self.filtered:
                vals = self._filter(vals, captured, field)
            total = max(v for _, v in vals) if self.best_only else sum(v for _, v in vals)
            if total > best_total:
                best_t, best_vals, best_total = t, vals, total
        return best_t, best_vals

    def standing(self, captured: int, field: int | None) -> Standing:
        """What a pile holds, compactly: (slot, spec index, points) per slot that holds a yaku."""
        cache = self._cache
        if cache is not None:
            found = cache.get(captured)
            if found is not None:
                return found
        if self.filtered or len(self.tables) > 1:
            _, vals = self.values(captured, field)
            standing = tuple((k, i, v) for k, (i, v) in enumerate(vals) if v)
        else:
            standing = self.tables[0].held(captured)
        if cache is not None:
            if len(cache) > 200_000:
                cache.clear()
            cache[captured] = standing
        return standing

    def hits(self, captured: int, field: int | None) -> tuple[YakuHit, ...]:
        if not self.filtered and len(self.tables) == 1:
            return self.tables[0].hits_held(captured, self.standing(captured, field))
        t, vals = self.values(captured, field)
        return self.tables[t].hits(captured, vals)


@lru_cache(maxsize=64)
def _compiled(rules: KoiKoiRules, month: int | None) -> KoiKoiYaku:
    return KoiKoiYaku(rules, month)


_last: tuple[KoiKoiRules, int | None, KoiKoiYaku] | None = None


def compiled_yaku(rules: KoiKoiRules, month: int | None) -> KoiKoiYaku:
    """The compiled yaku of ``rules`` in a round of ``month`` (None: no tsukifuda), cached by the
    (hashable) rules. Pass None unless ``rules.tsukifuda_enabled``, so rounds share a table.

    The rules last asked about are compared first by identity: a match asks about the same rules
    object at every turn and score, far more cheaply so than through the cache's lookup."""
    global _last
    last = _last
    if last is not None and last[0] is rules and last[1] == month:
        return last[2]
    yaku = _compiled(rules, month)
    _last = (rules, month, yaku)
    return yaku


def round_month(round_no: int) -> int:
    """The month of a round: round k is month k, cycling after 12 (for tsukifuda)."""
    return (round_no - 1) % 12 + 1
