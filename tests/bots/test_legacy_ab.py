"""`lab/legacy_ab.py`, the bench that plays today's strong player against an earlier version's
own code, run here with today's tree in the earlier version's place: the protocol between the two
processes works, the earlier side answers legal moves from its seat, both seatings of a deal are
played, and both engines score every round alike."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from core.rules import find_rules
from tests.helpers import lab_script

#: Tests of a study in lab/, run by `make lab-test` (tests/conftest.py).
pytestmark = pytest.mark.lab

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def legacy_ab():
    with lab_script("legacy_ab") as module:
        try:
            yield module
        finally:
            for legacy in module._LEGACY.values():
                legacy.close()


def test_a_deal_is_played_in_both_seatings_and_scored_alike_by_both_engines(legacy_ab):
    hands, clocks, ours, theirs, mismatches = legacy_ab._chunk(
        ({"playouts": 16}, {"playouts": 16}, str(ROOT), 5, 2)
    )
    assert len(hands) == 4  # two deals, each with today's player in seat 0 and then seat 1
    assert mismatches == 0
    assert clocks[1] == len(ours) > 0 and clocks[3] == len(theirs) > 0
    assert all(t >= 0 for t in ours + theirs)
    # each hand is (today's points, the earlier player's): a koi-koi round pays one side
    assert all(min(h) == 0 for h in hands)


def test_the_earlier_side_refuses_a_seat_that_is_not_to_act(legacy_ab):
    rules = json.loads(msgspec.json.encode(find_rules("koikoi", rounds=1)))
    legacy = legacy_ab.Legacy(ROOT, {"playouts": 16}, rules)
    try:
        assert legacy.rules == rules
        with pytest.raises(RuntimeError, match="not to act"):
            legacy.ask({"events": [], "seat": 0, "seed": 1})
    finally:
        legacy.close()


def test_rules_differences_tell_new_options_from_changed_ones(legacy_ab):
    ours = {"game": "koikoi", "rounds": 1, "koikoi_once": False}
    theirs = {"game": "koikoi", "rounds": 2}
    assert legacy_ab.rules_differences(ours, theirs) == {
        "new": {"koikoi_once": False},
        "changed": {"rounds": [2, 1]},
    }
