"""Hana-awase's 3-player compensation (docs/rules.md §4.3): a scored round whose result changes
exactly as the rule says, with the option on and off. `scored` is test_hanaawase.py's."""

from __future__ import annotations

from core.rules import find_rules
from tests.core.test_hanaawase import scored

# Seat 0 (the dealer) takes 8 cards; seat 1 takes 12; seat 2 (third in turn order) takes the
# other 28.
EIGHT = "01c 01d 02c 02d 03c 03d 04c 04d"
TWELVE = "05c 05d 06c 06d 07c 07d 08c 08d 09c 09d 10c 10d"


def test_compensation_pays_a_short_pile_30_from_each_other_player() -> None:
    plain = find_rules("hana-awase", scoring="plain")
    off = scored(plain, EIGHT, TWELVE, "")
    on = scored(plain.replace(compensation=True), EIGHT, TWELVE, "")
    assert on.points[0] == off.points[0] + 60
    assert on.points[1] == off.points[1] - 30 and on.points[2] == off.points[2] - 30
    assert [x.kind for x in on.breakdown[0].lines][-1] == "bonus"
    # Nine cards are enough for the dealer.
    nine = scored(plain.replace(compensation=True), EIGHT + " 12c", TWELVE, "")
    assert not any("compensation" in (x.id or "") for b in nine.breakdown for x in b.lines)


def test_compensation_allows_the_third_player_ten_cards() -> None:
    plain = find_rules("hana-awase", scoring="plain", compensation=True)
    ten = EIGHT + " 05c 05d"
    # The third in turn order from dealer 1 is seat 0: ten cards are owed compensation...
    third = scored(plain, ten, TWELVE, "", dealer=1)
    bonus = [x for x in third.breakdown[0].lines if x.id == "compensation"]
    assert [(x.kind, x.value, x.points) for x in bonus] == [("bonus", 10, 60)]
    paid = [(x.id, x.seat, x.points) for x in third.breakdown[1].lines if x.kind == "penalty"]
    assert paid == [("pays_compensation", 0, -30)]
    # ...but the dealer with ten cards is not.
    dealer = scored(plain, ten, TWELVE, "", dealer=0)
    assert not any(x.id == "compensation" for x in dealer.breakdown[0].lines)


def test_compensation_needs_three_players() -> None:
    plain = find_rules("hana-awase", scoring="plain")
    two_off = scored(plain, EIGHT, "")
    two_on = scored(plain.replace(compensation=True), EIGHT, "")
    assert two_on.points == two_off.points
