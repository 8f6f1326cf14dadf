"""Hana-awase's yaku (docs/rules.md §4.2): one table, two columns of values (``yaku_table``)."""

from __future__ import annotations

from functools import cache

from core.cards import RIBBONS, Card, cards_of, mask_of
from core.games.hanaawase.rules import HanaAwaseRules
from core.names import yaku_name
from core.yaku import YakuHit, YakuSpec, YakuTable

RAIN_MAN = Card.C11A.bit
WILLOW_RIBBON = Card.C11C.bit


def _m(codes: str) -> int:
    return mask_of(codes.split())


# (id, group, cards, pool, need, fudawiki points, ja points); the names are in `core.names`
_TABLE: tuple[tuple[str, str | None, int, int, int, int, int], ...] = (
    ("goko", "brights", _m("01a 03a 08a 11a 12a"), 0, 0, 100, 200),
    ("shiko", "brights", _m("01a 03a 08a 12a"), 0, 0, 60, 60),
    ("omote_sugawara", "brights", _m("01a 02a 03a"), 0, 0, 30, 30),
    ("matsukiribozu", "brights", _m("01a 08a 12a"), 0, 0, 20, 20),
    ("nanatan", "ribbons", 0, RIBBONS & ~WILLOW_RIBBON, 7, 40, 40),
    ("rokutan", "ribbons", 0, RIBBONS & ~WILLOW_RIBBON, 6, 30, 30),
    ("nomi", "viewing", _m("03a 08a 09a"), 0, 0, 40, 30),
    ("hanami", "viewing", _m("03a 09a"), 0, 0, 20, 20),
    ("tsukimi", "viewing", _m("08a 09a"), 0, 0, 20, 20),
    ("akatan", None, _m("01b 02b 03b"), 0, 0, 40, 40),
    ("aotan", None, _m("06b 09b 10b"), 0, 0, 40, 40),
    ("kusatan", None, _m("04b 05b 07b"), 0, 0, 20, 20),
    ("inoshikacho", None, _m("06a 07a 10a"), 0, 0, 20, 20),
    ("yanagi_shima", None, _m("11a 11b 11c 11d"), 0, 0, 10, 20),
    ("fuji_shima", None, _m("04a 04b 04c 04d"), 0, 0, 10, 20),
    ("kiri_shima", None, _m("12a 12b 12c 12d"), 0, 0, 10, 20),
)

HANAAWASE_YAKU_IDS = tuple(row[0] for row in _TABLE)


@cache
def hanaawase_specs(table: str) -> tuple[YakuSpec, ...]:
    """The hana-awase yaku of a value table (``fudawiki`` or ``ja``)."""
    ja = table == "ja"
    return tuple(
        YakuSpec(
            id=yaku_id,
            name=yaku_name(yaku_id).en,
            name_ja=yaku_name(yaku_id).ja,
            group=group,
            cards=cards,
            pool=pool,
            need=need,
            points=ja_points if ja else fudawiki_points,
            description=(
                f"any {need} ribbons, the Willow ribbon 11c excluded"
                if need
                else " ".join(c.value for c in cards_of(cards))
            ),
        )
        for yaku_id, group, cards, pool, need, fudawiki_points, ja_points in _TABLE
    )


_TABLES = {name: YakuTable(hanaawase_specs(name)) for name in ("fudawiki", "ja")}
_VIEWING_SLOT = _TABLES["fudawiki"].slot_keys.index("viewing")


def hanaawase_hits(rules: HanaAwaseRules, captured: int) -> tuple[YakuHit, ...]:
    """The yaku of one player's pile (``rainman_blocks_viewing`` applied)."""
    table = _TABLES[rules.yaku_table]
    values = table.values(captured)
    if rules.rainman_blocks_viewing and captured & RAIN_MAN:
        values = tuple((-1, 0) if k == _VIEWING_SLOT else v for k, v in enumerate(values))
    return table.hits(captured, values)
