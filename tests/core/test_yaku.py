"""Yaku as data (docs/rules.md §4.2, §5.2): every yaku present and absent at its edge, every
exclusive group, every per-extra rule and every double-chaff card, through the public
`evaluate_yaku`."""

from __future__ import annotations

import random
from typing import Any

import pytest

import core
from core.cards import CARDS, CardSet, mask_of
from core.games.hanaawase.yaku import HANAAWASE_YAKU_IDS, hanaawase_specs
from core.games.koikoi.rules import KOIKOI_YAKU_IDS, KoiKoiRules
from core.games.koikoi.yaku import koikoi_specs
from core.games.registry import evaluate_yaku
from core.rules import Rules, find_rules
from core.yaku import YakuSpec, YakuTable, evaluate_specs, match_spec

KOIKOI = find_rules("koikoi")
HANA = find_rules("hana-awase")
HANA_JA = find_rules("hana-awase", preset="ja")

CHAFF9 = "01c 01d 02c 02d 03c 03d 04c 04d 05c"


def held(rules: Rules, cards: str, *, month: int | None = None) -> dict[str, int]:
    return {h.id: h.points for h in evaluate_yaku(rules, cards.split(), month=month)}


# ------------------------------------------------------------------------------------------
# Koi-koi (docs/rules.md §5, nintendo values)
# ------------------------------------------------------------------------------------------

KOIKOI_CASES = [
    # brights: one best counts
    ("01a 03a 08a 11a 12a", {"goko": 10}),
    ("01a 03a 08a 12a", {"shiko": 8}),
    ("01a 03a 08a 11a", {"ameshiko": 7}),
    ("03a 08a 11a 12a", {"ameshiko": 7}),
    ("01a 03a 08a", {"sanko": 5}),
    ("01a 08a 12a", {"sanko": 5}),
    ("01a 03a 11a", {}),  # three brights with the Rain Man make no sanko
    ("01a 11a 12a", {}),
    ("01a 12a", {}),
    # animals
    ("06a 07a 10a", {"inoshikacho": 5}),
    ("06a 07a", {}),
    ("06a 07a 10a 02a", {"inoshikacho": 6}),  # +1 per further animal
    ("06a 07a 10a 09a", {"inoshikacho": 6}),  # the sake cup is an animal
    ("06a 07a 10a 02a 04a", {"inoshikacho": 7}),  # beats tane 1
    ("02a 04a 05a 08b 11b", {"tane": 1}),
    ("02a 04a 05a 08b 09a", {"tane": 1}),  # the sake cup counts for tane
    ("02a 04a 05a 08b", {}),
    ("02a 04a 05a 08b 11b 09a", {"tane": 2}),  # +1 per further animal
    ("02a 04a 05a 06a 07a 08b 09a 10a 11b", {"inoshikacho": 11}),
    # ribbons
    ("01b 02b 03b", {"akatan": 5}),
    ("01b 02b", {}),
    ("01b 02b 03b 11c", {"akatan": 6}),  # +1 per further ribbon (11c too)
    ("06b 09b 10b", {"aotan": 5}),
    ("06b 09b 10b 04b 05b", {"aotan": 7}),  # beats tan 1
    ("06b 10b", {}),
    ("01b 02b 03b 06b 09b 10b", {"akatan_aotan": 10}),
    ("01b 02b 03b 06b 09b 10b 11c", {"akatan_aotan": 11}),
    ("01b 02b 03b 06b 09b 10b 04b 05b 07b 11c", {"akatan_aotan": 14}),
    ("04b 05b 07b 11c 01b", {"tan": 1}),  # the Willow ribbon counts
    ("04b 05b 07b 11c", {}),
    ("04b 05b 07b 11c 01b 02b", {"tan": 2}),
    # the rest stack freely
    ("03a 09a", {"hanamizake": 5}),
    ("08a 09a", {"tsukimizake": 5}),
    ("03a 08a 09a", {"hanamizake": 5, "tsukimizake": 5}),
    ("03a 08a", {}),
    ("01a 03a 08a 09a", {"sanko": 5, "hanamizake": 5, "tsukimizake": 5}),
    (CHAFF9 + " 05d", {"kasu": 1}),
    (CHAFF9, {}),
    (CHAFF9 + " 09a", {"kasu": 1}),  # the sake cup as chaff
    (CHAFF9 + " 05d 06c 06d", {"kasu": 3}),  # +1 per further chaff
    (CHAFF9 + " 11d 12b", {"kasu": 2}),  # the Lightning and Yellow Paulownia are chaff
    ("09a 02a 04a 05a 08b " + CHAFF9, {"tane": 1, "kasu": 1}),  # the cup as animal and chaff
    (
        "01a 03a 08a 12a 11a 06a 07a 10a 01b 02b 03b 09a " + CHAFF9,
        {"goko": 10, "inoshikacho": 6, "akatan": 5, "hanamizake": 5, "tsukimizake": 5, "kasu": 1},
    ),
    ("", {}),
]


@pytest.mark.parametrize(("cards", "expected"), KOIKOI_CASES)
def test_koikoi_yaku(cards: str, expected: dict[str, int]) -> None:
    assert held(KOIKOI, cards) == expected


def test_koikoi_yaku_ids_match_rules_md() -> None:
    specs = koikoi_specs(find_rules("koikoi", tsukifuda_enabled=True), month=1)
    assert tuple(s.id for s in specs) == KOIKOI_YAKU_IDS
    groups = {s.id: s.group for s in specs}
    assert groups == {
        "goko": "brights",
        "shiko": "brights",
        "ameshiko": "brights",
        "sanko": "brights",
        "inoshikacho": "animals",
        "tane": "animals",
        "akatan_aotan": "ribbons",
        "akatan": "ribbons",
        "aotan": "ribbons",
        "tan": "ribbons",
        "hanamizake": None,
        "tsukimizake": None,
        "kasu": None,
        "tsukifuda": None,
    }


def test_koikoi_hits_carry_their_cards() -> None:
    (hit,) = evaluate_yaku(KOIKOI, ["06a", "07a", "10a", "02a", "01b"])
    assert (hit.id, hit.points, [c.value for c in hit.cards]) == (
        "inoshikacho",
        6,
        ["02a", "06a", "07a", "10a"],
    )
    (hit,) = evaluate_yaku(KOIKOI, ["01a", "03a", "11a", "12a", "01b"])
    assert [c.value for c in hit.cards] == ["01a", "03a", "11a", "12a"]
    hits = evaluate_yaku(KOIKOI, ("09a " + CHAFF9).split())
    assert [c.value for c in hits[0].cards] == sorted(("09a " + CHAFF9).split())


# ------------------------------------------------------------------------------------------
# Hana-awase (docs/rules.md §4)
# ------------------------------------------------------------------------------------------

HANA_CASES = [
    ("01a 03a 08a 11a 12a", {"goko": 100}, {"goko": 200}),
    ("01a 03a 08a 12a", {"shiko": 60}, {"shiko": 60}),
    ("01a 03a 11a 12a", {}, {}),  # no rainy four brights in hana-awase
    ("01a 02a 03a", {"omote_sugawara": 30}, {"omote_sugawara": 30}),
    ("01a 02a 03a 08a 12a", {"shiko": 60}, {"shiko": 60}),  # one best bright yaku
    ("01a 02a", {}, {}),
    ("01a 08a 12a", {"matsukiribozu": 20}, {"matsukiribozu": 20}),
    ("01a 08a 11a", {}, {}),
    ("01b 02b 04b 05b 06b 09b", {"rokutan": 30}, {"rokutan": 30}),
    ("01b 02b 04b 05b 06b 11c", {}, {}),  # 11c does not count for rokutan
    ("01b 02b 04b 05b 06b", {}, {}),
    ("01b 02b 03b 04b 05b 06b 09b", {"nanatan": 40, "akatan": 40}, {"nanatan": 40, "akatan": 40}),
    ("01b 02b 04b 05b 06b 09b 11c", {"rokutan": 30}, {"rokutan": 30}),  # not seven: 11c excluded
    ("01b 02b 03b", {"akatan": 40}, {"akatan": 40}),
    ("06b 09b 10b", {"aotan": 40}, {"aotan": 40}),
    ("04b 05b 07b", {"kusatan": 20}, {"kusatan": 20}),
    ("04b 05b 11c", {}, {}),  # the Willow ribbon is no grass ribbon
    ("06a 07a 10a", {"inoshikacho": 20}, {"inoshikacho": 20}),
    ("06a 07a 10a 02a 04a", {"inoshikacho": 20}, {"inoshikacho": 20}),  # no extras, no tane
    ("03a 08a 09a", {"nomi": 40}, {"nomi": 30}),
    ("03a 09a", {"hanami": 20}, {"hanami": 20}),
    ("08a 09a", {"tsukimi": 20}, {"tsukimi": 20}),
    ("03a 08a", {}, {}),
    ("11a 11b 11c 11d", {"yanagi_shima": 10}, {"yanagi_shima": 20}),
    ("04a 04b 04c 04d", {"fuji_shima": 10}, {"fuji_shima": 20}),
    ("12a 12b 12c 12d", {"kiri_shima": 10}, {"kiri_shima": 20}),
    ("12a 12b 12c", {}, {}),
    (CHAFF9 + " 05d 06c", {}, {}),  # no chaff yaku in hana-awase
    (
        "01a 03a 08a 09a 12a 01b 02b 03b 04a 04b 04c 04d",
        {"shiko": 60, "nomi": 40, "akatan": 40, "fuji_shima": 10},
        {"shiko": 60, "nomi": 30, "akatan": 40, "fuji_shima": 20},
    ),
]


@pytest.mark.parametrize(("cards", "fudawiki", "ja"), HANA_CASES)
def test_hanaawase_yaku(cards: str, fudawiki: dict[str, int], ja: dict[str, int]) -> None:
    assert held(HANA, cards) == fudawiki
    assert held(HANA_JA, cards) == ja


def test_hanaawase_yaku_ids_and_groups() -> None:
    specs = hanaawase_specs("fudawiki")
    assert tuple(s.id for s in specs) == HANAAWASE_YAKU_IDS
    assert {s.id for s in specs if s.group == "brights"} == {
        "goko",
        "shiko",
        "omote_sugawara",
        "matsukiribozu",
    }
    assert {s.id for s in specs if s.group == "ribbons"} == {"nanatan", "rokutan"}
    assert {s.id for s in specs if s.group == "viewing"} == {"nomi", "hanami", "tsukimi"}
    assert all(s.per_extra == 0 for s in specs)


def test_hanaawase_rainman_blocks_viewing() -> None:
    rules = find_rules("hana-awase", rainman_blocks_viewing=True)
    assert held(rules, "03a 08a 09a") == {"nomi": 40}
    assert held(rules, "03a 08a 09a 11a") == {}
    assert held(HANA, "03a 08a 09a 11a") == {"nomi": 40}
    assert held(rules, "03a 09a 11a 11b 11c 11d") == {"yanagi_shima": 10}


# ------------------------------------------------------------------------------------------
# The public API and the spec machinery
# ------------------------------------------------------------------------------------------


def test_evaluate_yaku_accepts_codes_cards_cardsets_and_masks() -> None:
    codes = ["01a", "03a", "08a"]
    expected = evaluate_yaku(KOIKOI, codes)
    assert core.evaluate_yaku is evaluate_yaku
    assert evaluate_yaku(KOIKOI, [core.Card.parse(c) for c in codes]) == expected
    assert evaluate_yaku(KOIKOI, CardSet.parse("01a 03a 08a")) == expected
    assert evaluate_yaku(KOIKOI, mask_of(codes)) == expected
    assert evaluate_yaku(find_rules("bakappana"), codes) == ()


def test_per_extra_with_an_extra_pool_and_doubles() -> None:
    spec = YakuSpec(
        id="x",
        name="X",
        points=2,
        cards=mask_of(["01a"]),
        per_extra=1,
        extra_pool=mask_of(["01b", "01c", "01d"]),
        extra_base=1,
        doubles=mask_of(["01d"]),
    )

    def points(codes: str) -> int:
        hit = match_spec(spec, mask_of(codes.split()))
        assert hit is not None
        return hit.points

    assert points("01a") == 2
    assert points("01a 01b") == 2
    assert points("01a 01d") == 3
    assert points("01a 01b 01d") == 4
    assert match_spec(spec, mask_of(["01b"])) is None


def _option_rules() -> list[KoiKoiRules]:
    out = [KOIKOI]
    options: dict[str, list[Any]] = {
        "ribbon_animal_system": ["classic"],
        "sake_cup_role": ["either", "animal_only"],
        "inoshikacho_enabled": [False],
        "viewing_yaku": ["off"],
        "yaku_values": ["common"],
        "double_chaff_cards": [("sake_cup", "lightning"), ("yellow_paulownia",)],
    }
    for key, values in options.items():
        out += [find_rules("koikoi", **{key: v}) for v in values]
    return out


@pytest.mark.parametrize("rules", _option_rules())
def test_compiled_tables_agree_with_the_reference_evaluation(rules: KoiKoiRules) -> None:
    rng = random.Random(7)
    roles = {"both": ["both"], "either": ["animal", "chaff"], "animal_only": ["animal"]}[
        rules.sake_cup_role
    ]
    for role in roles:
        specs = koikoi_specs(rules, role, month=3)
        table = YakuTable(specs)
        for _ in range(400):
            mask = 0
            for i in rng.sample(range(48), rng.randrange(0, 30)):
                mask |= CARDS[i].bit
            assert table.hits(mask) == evaluate_specs(specs, mask)
            values = table.values(mask)
            assert table.held(mask) == tuple((k, i, v) for k, (i, v) in enumerate(values) if v)
    for name in ("fudawiki", "ja"):
        hana_specs = hanaawase_specs(name)
        table = YakuTable(hana_specs)
        for _ in range(400):
            mask = 0
            for i in rng.sample(range(48), rng.randrange(0, 30)):
                mask |= CARDS[i].bit
            assert table.hits(mask) == evaluate_specs(hana_specs, mask)


def test_exclusive_group_keeps_the_first_of_equal_values() -> None:
    a = YakuSpec(id="a", name="A", points=5, group="g", cards=mask_of(["01a"]))
    b = YakuSpec(id="b", name="B", points=5, group="g", cards=mask_of(["01b"]))
    both = mask_of(["01a", "01b"])
    assert [h.id for h in evaluate_specs([a, b], both)] == ["a"]
    assert [h.id for h in YakuTable([a, b]).hits(both)] == ["a"]
