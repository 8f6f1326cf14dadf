"""`lab/legacy_parts.py`, run with today's tree in the earlier version's place: every part
then agrees with itself on every position (so a disagreement in a real run is the versions',
not the bench's), and today's koi-koi playout with the normal call gives the engine path's
points on every deal."""

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
def parts():
    with lab_script("legacy_parts") as module:
        yield module


def test_every_part_agrees_with_itself_across_the_pipe(parts):
    rules = find_rules("koikoi", rounds=1)
    legacy = parts.Legacy(ROOT, {}, json.loads(msgspec.json.encode(rules)))
    try:
        result = parts.compare(legacy, rules, "rollout", 2, 3, 2)
    finally:
        legacy.close()
    counts = result["counts"]
    assert result["decisions"] > 10
    assert counts["unseen_differs"] == 0
    for what in ("play", "target", "call"):
        for part in ("prior", "rollout"):
            assert counts.get(f"{what}/{part}/same", 0) == counts.get(what, 0)
    assert counts.get("call/call_vs_old/same", 0) == counts.get("call", 0)
    assert result["examples"] == {}


def test_the_normal_call_playout_is_the_engine_paths(parts):
    rules = find_rules("koikoi", rounds=1)
    result = parts.playouts(rules, 1, 4, 3)
    counts = result["counts"]
    assert counts["deals"] > 0
    assert counts["normal/deals_same"] == counts["deals"]
    assert counts["normal/playouts_same"] == counts["playouts"]
