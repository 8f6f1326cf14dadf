"""The levels' words a player reads, as `hanatui.bots.levels` marks them for the catalogs."""

from __future__ import annotations

from hanatui.bots.levels import BOTS, LEVEL_DESCRIPTIONS, LEVEL_NAMES, LEVELS


def test_every_level_has_a_name_and_its_class_description() -> None:
    assert set(LEVEL_NAMES) == set(LEVELS) == set(LEVEL_DESCRIPTIONS)
    for level in LEVELS:
        assert LEVEL_NAMES[level] == level
        assert LEVEL_DESCRIPTIONS[level] == BOTS[level].description, level
