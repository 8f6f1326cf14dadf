"""Sakura's 8 yaku (docs/rules.md §6.2, numbered as in the Spanish seed): each one a player (or
team) holds costs every opponent the penalty, 50 by default."""

from __future__ import annotations

from msgspec.structs import replace

from core.cards import mask_of
from core.games.sakura.rules import SakuraRules
from core.names import yaku_name
from core.yaku import YakuHit, YakuSpec, evaluate_specs

#: The rule books number the yaku 1 to 8 (the Spanish guide) or by the iroha letters い to ち
#: (the Hanafuda Hawaii leaflet): (number, letter, its romaji) of each id, in that order.
SAKURA_NUMBERS: dict[str, tuple[int, str, str]] = {}


def _spec(number: int, letter: str, yaku_id: str, codes: str, description: str) -> YakuSpec:
    kana, romaji = letter.split()
    SAKURA_NUMBERS[yaku_id] = (number, kana, romaji)
    name = yaku_name(yaku_id)
    return YakuSpec(
        id=yaku_id,
        name=name.en,
        name_ja=name.ja,
        points=50,
        cards=mask_of(codes.split()),
        description=description,
    )


SAKURA_YAKU: tuple[YakuSpec, ...] = (
    _spec(1, "い i", "nomi", "03a 08a 09a", "Curtain, Moon and Sake Cup"),
    _spec(2, "ろ ro", "omote_sugawara", "01a 02a 03a", "Crane, Bush Warbler and Curtain"),
    _spec(3, "は ha", "akatan", "01b 02b 03b", "the three poetry ribbons"),
    _spec(4, "に ni", "aotan", "06b 09b 10b", "the three blue ribbons"),
    _spec(5, "ほ ho", "blue_animals", "06a 09a 10a", "Butterflies, Sake Cup and Deer"),
    _spec(
        6,
        "へ he",
        "kusatan",
        "04b 05b 07b",
        "the plain red ribbons of Wisteria, Iris and Bush clover (not the Willow ribbon)",
    ),
    _spec(7, "と to", "grass_animals", "04a 05a 07a", "Cuckoo, Bridge and Boar"),
    _spec(8, "ち chi", "inoshikagan", "07a 08b 10a", "Boar, Geese and Deer"),
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
