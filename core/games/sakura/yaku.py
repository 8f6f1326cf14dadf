"""Sakura's 8 yaku (docs/rules.md §6.2, numbered as in the Spanish seed): each one a player (or
team) holds costs every opponent the penalty, 50 by default."""

from __future__ import annotations

from msgspec.structs import replace

from core.cards import mask_of
from core.games.sakura.rules import SakuraRules
from core.yaku import YakuHit, YakuSpec, evaluate_specs


def _spec(
    number: int, yaku_id: str, name: str, name_ja: str, codes: str, description: str
) -> YakuSpec:
    return YakuSpec(
        id=yaku_id,
        name=f"Yaku {number}: {name}",
        name_ja=name_ja,
        points=50,
        cards=mask_of(codes.split()),
        description=description,
    )


SAKURA_YAKU: tuple[YakuSpec, ...] = (
    _spec(1, "nomi", "Nomi", "飲み", "03a 08a 09a", "Curtain, Moon and Sake Cup"),
    _spec(
        2,
        "omote_sugawara",
        "Omote-sugawara",
        "表菅原",
        "01a 02a 03a",
        "Crane, Bush Warbler and Curtain",
    ),
    _spec(3, "akatan", "Akatan", "赤短", "01b 02b 03b", "the three poetry ribbons"),
    _spec(4, "aotan", "Aotan", "青短", "06b 09b 10b", "the three blue ribbons"),
    _spec(
        5,
        "blue_animals",
        "Blue-ribbon animals",
        "",
        "06a 09a 10a",
        "Butterflies, Sake Cup and Deer",
    ),
    _spec(
        6,
        "kusatan",
        "Kusatan",
        "草短",
        "04b 05b 07b",
        "the plain red ribbons of Wisteria, Iris and Bush clover (not the Willow ribbon)",
    ),
    _spec(7, "grass_animals", "Grass-ribbon animals", "", "04a 05a 07a", "Cuckoo, Bridge and Boar"),
    _spec(8, "inoshikagan", "Inoshikagan", "猪鹿雁", "07a 08b 10a", "Boar, Geese and Deer"),
)


def sakura_specs(rules: SakuraRules) -> tuple[YakuSpec, ...]:
    """The yaku under ``rules``, each worth the penalty (() when the yaku are off)."""
    if not rules.sakura_yaku_enabled:
        return ()
    penalty = rules.sakura_yaku_penalty
    if penalty == 50:
        return SAKURA_YAKU
    return tuple(replace(spec, points=penalty) for spec in SAKURA_YAKU)


def sakura_hits(rules: SakuraRules, captured: int) -> tuple[YakuHit, ...]:
    """The yaku a pile holds; ``points`` is what each opponent loses for it (a penalty of 0 still
    names the yaku)."""
    if not rules.sakura_yaku_enabled:
        return ()
    hits = evaluate_specs(SAKURA_YAKU, captured)
    penalty = rules.sakura_yaku_penalty
    if penalty != 50:
        hits = tuple(replace(h, points=penalty) for h in hits)
    return hits
