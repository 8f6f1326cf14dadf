"""The documents keep up with the code: the log format names every event and header field, the
rules name every game, option and preset, and every "docs/rules.md §N" citation exists."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import msgspec
import pytest

from core.events import RedealReason, RoundEndReason, ScoreKind
from core.games.registry import GAMES
from core.logfile import AnyEvent, Header
from core.rules import presets

ROOT = Path(__file__).resolve().parents[2]
FORMAT = (ROOT / "docs" / "replay-format.md").read_text(encoding="utf-8")
RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def _names(text: str) -> set[str]:
    """Every name written in code spans (`name`, `option = value`), outside code blocks."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return {word for span in re.findall(r"`([^`]+)`", text) for word in re.findall(r"[\w-]+", span)}


EVENT_TYPES = [t for t in typing.get_args(AnyEvent)]


@pytest.mark.parametrize("event_type", EVENT_TYPES, ids=lambda t: t.__name__)
def test_the_log_format_names_every_event_and_its_fields(event_type: type[msgspec.Struct]):
    tag = event_type.__struct_config__.tag
    assert isinstance(tag, str)
    names = _names(FORMAT)
    assert tag in names, f"docs/replay-format.md does not describe {tag}"
    row = next(line for line in FORMAT.splitlines() if line.startswith(f"| `{tag}` |"))
    for field in event_type.__struct_fields__:
        assert f"`{field}`" in row, f"the row of {tag} does not name its field {field}"


def test_the_log_format_names_every_header_field_and_value():
    names = _names(FORMAT)
    for field in Header.__struct_fields__:
        assert field in names, f"docs/replay-format.md does not describe the header's {field}"
    for literal in (RedealReason, RoundEndReason, ScoreKind):
        for value in typing.get_args(literal):
            assert value in names, f"docs/replay-format.md does not name {value}"
    assert "null" in FORMAT


def test_the_rules_name_every_game_option_and_preset():
    names = _names(RULES)
    for game_id, game in GAMES.items():
        assert game.title in RULES
        for option in game.rules_type.__struct_fields__:
            if option != "rounds":
                assert option in names, f"docs/rules.md does not name {game_id}'s {option}"
        for preset in presets(game_id):
            assert preset in names, f"docs/rules.md does not name {game_id}'s preset {preset}"
        assert f"## {game.rules_section[1:]}. {game.title}" in RULES


def test_every_citation_of_the_rules_names_a_section_that_exists():
    sections = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)[. ]", RULES, flags=re.M))
    items = {f"8.{n}" for n in re.findall(r"^(\d+)\. \*\*", RULES.split("## 8.")[1], flags=re.M)}
    cited: dict[str, set[str]] = {}
    sources = [*ROOT.glob("core/**/*.py"), *ROOT.glob("docs/*.md"), *ROOT.glob("tests/core/*.py")]
    for path in sources:
        text = path.read_text(encoding="utf-8")
        for section in re.findall(r"rules\.md\)? (?:§\d[\d.]*(?:, )?)+", text):
            for number in re.findall(r"§(\d+(?:\.\d+)?)", section):
                cited.setdefault(number, set()).add(path.name)
    assert cited
    missing = {n: files for n, files in cited.items() if n not in sections | items}
    assert not missing, f"cited sections that docs/rules.md does not have: {missing}"
