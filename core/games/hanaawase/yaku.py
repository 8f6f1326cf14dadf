"""Hana-awase's yaku (docs/rules.md §4.2): one table, two columns of values (``yaku_table``)."""

from __future__ import annotations

from functools import cache

from core.cards import RIBBONS, Card, cards_of, mask_of
from core.games.hanaawase.rules import HanaAwaseRules
from core.yaku import YakuHit, YakuSpec, YakuTable

RAIN_MAN = Card.C11A.bit
WILLOW_RIBBON = Card.C11C.bit


def _m(codes: str) -> int:
    return mask_of(codes.split())


# (id, English name, Japanese name, group, cards, pool, need, fudawiki points, ja points)
_TABLE: tuple[tuple[str, str, str, str | None, int, int, int, int, int], ...] = (
    ("goko", "Five Brights", "五光", "brights", _m("01a 03a 08a 11a 12a"), 0, 0, 100, 200),
    ("shiko", "Four Brights", "四光", "brights", _m("01a 03a 08a 12a"), 0, 0, 60, 60),
    ("omote_sugawara", "Spring", "表菅原", "brights", _m("01a 02a 03a"), 0, 0, 30, 30),
    (
        "matsukiribozu",
        "Pine, Paulownia and Moon",
        "松桐坊主",
        "brights",
        _m("01a 08a 12a"),
        0,
        0,
        20,
        20,
    ),
    ("nanatan", "Seven Ribbons", "七短", "ribbons", 0, RIBBONS & ~WILLOW_RIBBON, 7, 40, 40),
    ("rokutan", "Six Ribbons", "六短", "ribbons", 0, RIBBONS & ~WILLOW_RIBBON, 6, 30, 30),
    ("nomi", "Drinking", "飲み", "viewing", _m("03a 08a 09a"), 0, 0, 40, 30),
    ("hanami", "Flower Viewing", "花見", "viewing", _m("03a 09a"), 0, 0, 20, 20),
    ("tsukimi", "Moon Viewing", "月見", "viewing", _m("08a 09a"), 0, 0, 20, 20),
    ("akatan", "Poetry Ribbons", "赤短", None, _m("01b 02b 03b"), 0, 0, 40, 40),
    ("aotan", "Blue Ribbons", "青短", None, _m("06b 09b 10b"), 0, 0, 40, 40),
    ("kusatan", "Grass Ribbons", "草短", None, _m("04b 05b 07b"), 0, 0, 20, 20),
    ("inoshikacho", "Boar, Deer and Butterflies", "猪鹿蝶", None, _m("06a 07a 10a"), 0, 0, 20, 20),
    ("yanagi_shima", "Willow Row", "柳島", None, _m("11a 11b 11c 11d"), 0, 0, 10, 20),
    ("fuji_shima", "Wisteria Row", "藤島", None, _m("04a 04b 04c 04d"), 0, 0, 10, 20),
    ("kiri_shima", "Paulownia Row", "桐島", None, _m("12a 12b 12c 12d"), 0, 0, 10, 20),
)

HANAAWASE_YAKU_IDS = tuple(row[0] for row in _TABLE)


@cache
def hanaawase_specs(table: str) -> tuple[YakuSpec, ...]:
    """The hana-awase yaku of a value table (``fudawiki`` or ``ja``)."""
    ja = table == "ja"
    return tuple(
        YakuSpec(
            id=yaku_id,
            name=name,
            name_ja=name_ja,
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
        for yaku_id, name, name_ja, group, cards, pool, need, fudawiki_points, ja_points in _TABLE
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
