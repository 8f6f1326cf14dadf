"""Rules are frozen, hashable values: caches key on them, and a log writes them unchanged."""

from __future__ import annotations

import msgspec
import pytest

from core.rules import Rules, find_rules, presets

GAMES = ("bakappana", "hana-awase", "koikoi", "sakura")
EVERY_PRESET = [(game, preset) for game in GAMES for preset in presets(game)]


@pytest.mark.parametrize(("game", "preset"), EVERY_PRESET)
def test_every_preset_is_frozen_and_hashable(game: str, preset: str):
    rules = find_rules(game, preset)
    same = find_rules(game, preset)
    assert rules == same and hash(rules) == hash(same)
    assert {rules: 1}[same] == 1
    with pytest.raises(AttributeError):
        field = "rounds"  # set by name: the point is a write that type checkers would refuse
        setattr(rules, field, 3)
    other = rules.replace(rounds=rules.rounds + 1)
    assert other != rules and other.rounds == rules.rounds + 1


@pytest.mark.parametrize(("game", "preset"), EVERY_PRESET)
def test_rules_read_back_equal_and_hash_equal(game: str, preset: str):
    rules = find_rules(game, preset)
    back = msgspec.json.decode(msgspec.json.encode(rules), type=type(rules))
    assert back == rules and hash(back) == hash(rules)
    assert msgspec.json.decode(msgspec.json.encode(rules))["game"] == game
    assert isinstance(back, Rules)


def test_koikoi_yaku_points_are_hashable_and_written_as_a_plain_object():
    rules = find_rules("koikoi", yaku_points={"hanamizake": 3})
    assert hash(rules) != hash(find_rules("koikoi"))
    encoded = msgspec.json.decode(msgspec.json.encode(rules))
    assert encoded["yaku_points"] == {"hanamizake": 3}
    assert msgspec.json.decode(msgspec.json.encode(find_rules("koikoi")))["yaku_points"] == {}
