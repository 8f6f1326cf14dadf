"""Koi-koi's yaku (docs/rules.md §5.2), built from the options, and compiled for the engine.

`koikoi_specs` lists the yaku under a Rules value (the value table, the ribbon and animal system,
the viewing yaku, the Sake Cup's role, double chaff, tsukifuda). `KoiKoiYaku` compiles them for
one Rules value and month: a pile's *standing* (which yaku it holds, compactly, to tell a new or
raised yaku from the last decision) and its hits, with the viewing yaku's blocks applied.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

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


class YakuRow(NamedTuple):
    """One koi-koi yaku as data: what `koikoi_specs` builds its `YakuSpec` from.

    A mask field may instead name a pool that depends on the options: ``"animals"`` and
    ``"chaff"`` (where the Sake Cup counts), ``"ribbons"``, ``"month"`` (the round's month, for
    tsukifuda). The yaku's name and points come from its id (`core.names`, the value table).
    """

    id: str
    description: str
    when: Callable[[KoiKoiRules], bool] | None = None  # None: always listed
    group: str | None = None  # scores only its best yaku in the group (`YakuSpec.group`)
    modern_group: bool = False  # the group holds only under the modern ribbon/animal system
    cards: int | str = 0
    pool: int | str = 0
    need: int = 0
    per_extra: int = 0
    modern_extra: str = ""  # under the modern system: +1 per card of this pool past extra_base
    extra_base: int = 0
    modern_words: str = ""  # added to the description under the modern system
    classic_words: str = ""  # ... and under the classic one
    sake_words: str = ""  # ... when the yaku's pool holds the Sake Cup
    doubles: bool = False  # the double-chaff cards count twice


def _modern(rules: KoiKoiRules) -> bool:
    return rules.ribbon_animal_system == "modern"


#: Koi-koi's yaku, in the order they are listed and scored (docs/rules.md §5.2).
YAKU_ROWS: tuple[YakuRow, ...] = (
    YakuRow("goko", "all five brights", group="brights", cards=BRIGHTS),
    YakuRow("shiko", "01a 03a 08a 12a (no Rain Man)", group="brights", cards=DRY_BRIGHTS),
    YakuRow(
        "ameshiko",
        "the Rain Man and three of 01a 03a 08a 12a",
        group="brights",
        cards=RAIN_MAN,
        pool=DRY_BRIGHTS,
        need=3,
    ),
    YakuRow(
        "sanko",
        "three of 01a 03a 08a 12a (not the Rain Man)",
        group="brights",
        pool=DRY_BRIGHTS,
        need=3,
    ),
    YakuRow(
        "inoshikacho",
        "06a 07a 10a",
        when=lambda rules: rules.inoshikacho_enabled,
        group="animals",
        modern_group=True,
        cards=INOSHIKACHO,
        modern_extra="animals",
        extra_base=3,
        modern_words=", +1 per further animal",
    ),
    YakuRow(
        "tane",
        "five animals, +1 per further animal",
        group="animals",
        modern_group=True,
        pool="animals",
        need=5,
        per_extra=1,
    ),
    YakuRow(
        "akatan_aotan",
        "the three poetry and three blue ribbons",
        when=lambda rules: _modern(rules) or rules.akatan_aotan_stack,
        group="ribbons",
        modern_group=True,
        cards=AKATAN | AOTAN,
        modern_extra="ribbons",
        extra_base=6,
        modern_words=", +1 per further ribbon",
        classic_words=", on top of each set",
    ),
    YakuRow(
        "akatan",
        "01b 02b 03b",
        group="ribbons",
        modern_group=True,
        cards=AKATAN,
        modern_extra="ribbons",
        extra_base=3,
        modern_words=", +1 per further ribbon",
    ),
    YakuRow(
        "aotan",
        "06b 09b 10b",
        group="ribbons",
        modern_group=True,
        cards=AOTAN,
        modern_extra="ribbons",
        extra_base=3,
        modern_words=", +1 per further ribbon",
    ),
    YakuRow(
        "tan",
        "five ribbons (11c counts), +1 per further ribbon",
        group="ribbons",
        modern_group=True,
        pool="ribbons",
        need=5,
        per_extra=1,
    ),
    YakuRow(
        "hanamizake",
        "the Curtain and the Sake Cup",
        when=lambda rules: rules.viewing_yaku != "off",
        cards=Card.C03A.bit | SAKE_CUP,
    ),
    YakuRow(
        "tsukimizake",
        "the Moon and the Sake Cup",
        when=lambda rules: rules.viewing_yaku != "off",
        cards=Card.C08A.bit | SAKE_CUP,
    ),
    YakuRow(
        "kasu",
        "ten chaff, +1 per further chaff",
        pool="chaff",
        need=10,
        per_extra=1,
        sake_words="; the Sake Cup counts as chaff",
        doubles=True,
    ),
    YakuRow(
        "tsukifuda",
        "the four cards of the round's month",
        when=lambda rules: rules.tsukifuda_enabled,
        cards="month",
    ),
)


def koikoi_specs(
    rules: KoiKoiRules, sake_as: str = "both", month: int | None = None
) -> list[YakuSpec]:
    """The koi-koi yaku specs under ``rules``: the rows of `YAKU_ROWS` that the options list.

    ``sake_as``: the Sake Cup counts as ``both`` animal and chaff, ``animal`` only or ``chaff``
    only. ``month``: the round's month for tsukifuda (None: no tsukifuda, whose row is left out).
    """
    modern = _modern(rules)
    chaff = CHAFF | SAKE_CUP if sake_as != "animal" else CHAFF
    pools = {
        "animals": ANIMALS if sake_as != "chaff" else ANIMALS & ~SAKE_CUP,
        "chaff": chaff,
        "ribbons": RIBBONS,
        "month": 0 if month is None else MONTH_MASKS[month - 1],
    }
    month_words = "" if month is None else f" ({MONTH_NAMES[month - 1]})"  # in tsukifuda's name
    doubles = 0
    for card in rules.double_chaff_cards:
        doubles |= DOUBLE_CHAFF[card]
    specs = []
    for row in YAKU_ROWS:
        if (row.when is not None and not row.when(rules)) or (
            row.cards == "month" and month is None
        ):
            continue
        pool = row.pool if isinstance(row.pool, int) else pools[row.pool]
        name = yaku_name(row.id)
        title = name.en + month_words if row.cards == "month" else name.en
        extra = 1 if modern and row.modern_extra else 0
        words = row.modern_words if modern else row.classic_words
        specs.append(
            YakuSpec(
                id=row.id,
                name=title,
                name_ja=name.ja,
                points=rules.yaku_value(row.id),
                group=row.group if modern or not row.modern_group else None,
                cards=row.cards if isinstance(row.cards, int) else pools[row.cards],
                pool=pool,
                need=row.need,
                per_extra=row.per_extra or extra,
                extra_pool=pools[row.modern_extra] if extra else 0,
                extra_base=row.extra_base,
                doubles=doubles & chaff if row.doubles else 0,
                description=row.description + words + (row.sake_words if pool & SAKE_CUP else ""),
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
