"""The one registry of games: every game declared once, found by any of its names, and built so
that its hooks return instructions instead of driving the turn themselves."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import pytest

import core.state
from core.cards import ALL_MASK, Card
from core.errors import RulesError
from core.events import AnyRules
from core.games import registry
from core.games.base import OPTIONAL_HOOKS, Game
from core.games.options import game_id_of
from core.games.registry import GAMES, find_game, game_for, game_of
from core.rules import find_rules, presets
from core.state import Phase, Source, State, Then
from core.turns import proceed

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_declares_itself_and_its_rules_type_is_in_the_log_union():
    assert list(GAMES) == ["koikoi", "hana-awase", "bakappana", "sakura"]
    for game_id, game in GAMES.items():
        assert game.id == game_id and game.title and game.rules_section.startswith("§")
        assert 2 <= game.min_players <= game.max_players <= 7
        assert game_id_of(game.rules_type) == game_id
        assert find_rules(game_id).game == game_id
    assert set(typing.get_args(AnyRules)) == {g.rules_type for g in GAMES.values()}


def test_the_registrys_table_names_each_game_as_the_game_declares_itself():
    """The ids, modules and names the registry knows without importing a game are the games'."""
    for game_id, (module, names) in registry._DECLARED.items():
        game = importlib.import_module(module).GAME
        assert GAMES[game_id] is game and game.id == game_id
        assert {game_id, *names} == {game.id, *game.aliases, game.title.lower()}


def test_a_game_is_imported_when_first_asked_for():
    """Finding koi-koi loads koi-koi's package and none of the other three games'."""
    code = (
        "import sys\n"
        "from core.games.registry import GAMES, find_game\n"
        "assert list(GAMES) and 'sakura' in GAMES and len(GAMES) == 4\n"
        "before = sorted(m for m in sys.modules if m.endswith('.game'))\n"
        "find_game('Koi-Koi')\n"
        "after = sorted(m for m in sys.modules if m.endswith('.game'))\n"
        "print(before, after)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[] ['core.games.koikoi.game']"


def test_find_rules_is_typed_for_every_game():
    """Each game id has an overload of find_rules returning that game's Rules type."""
    typed = {}
    for overload in typing.get_overloads(find_rules):
        hints = typing.get_type_hints(overload)
        ids = typing.get_args(hints["game"])
        if ids:
            typed[ids[0]] = hints["return"]
    assert typed == {game_id: game.rules_type for game_id, game in GAMES.items()}


@pytest.mark.parametrize(
    ("name", "game_id"),
    [
        ("koikoi", "koikoi"),
        ("Koi-Koi", "koikoi"),
        ("koi_koi", "koikoi"),
        ("hanaawase", "hana-awase"),
        ("hana_awase", "hana-awase"),
        ("Hana-awase", "hana-awase"),
        (" bakappana ", "bakappana"),
        ("SAKURA", "sakura"),
    ],
)
def test_a_game_is_found_by_its_id_title_or_alias(name: str, game_id: str):
    assert find_game(name).id == game_id


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(RulesError, match=r"unknown game: 'hanafuda' \(known: koikoi, hana-awase"):
        find_game("hanafuda")
    with pytest.raises(RulesError, match="unknown game: 'koi-koi'"):
        game_of("koi-koi")  # ids only
    with pytest.raises(RulesError, match="unknown preset 'nope' for sakura"):
        find_rules("sakura", "nope")


def test_presets_are_declared_by_their_game():
    for game_id, game in GAMES.items():
        assert presets(game_id) == ("standard", *sorted(p.name for p in game.presets))
        for name in presets(game_id):
            assert find_rules(game_id, name).game == game_id


def test_what_other_code_reads_comes_from_the_game_value():
    sakura = GAMES["sakura"]
    rules = find_rules("sakura", teams="2x2")
    assert sakura.teams(rules, 4) == ((0, 2), (1, 3))
    assert sum(sakura.card_values(rules)) == 240
    assert [s.points for s in sakura.yaku_specs(find_rules("sakura", sakura_yaku_penalty=30))] == [
        30
    ] * 8
    assert sakura.yaku_specs(find_rules("sakura", "beginner")) == ()
    bakappana = GAMES["bakappana"]
    assert bakappana.yaku_specs(find_rules("bakappana")) == ()
    assert sum(bakappana.card_values(find_rules("bakappana", "eighty"))) == 240
    assert GAMES["koikoi"].teams(find_rules("koikoi"), 2) == ((0,), (1,))


def test_the_overridden_hooks_are_known_per_class():
    assert all(callable(getattr(Game, name)) for name in OPTIONAL_HOOKS)
    assert GAMES["bakappana"].overrides == frozenset()
    assert GAMES["hana-awase"].overrides == frozenset()
    assert GAMES["koikoi"].overrides == {"after_turn", "auto_event", "capture_targets"}
    variants = game_for(find_rules("koikoi", turn_structure="draw_then_play_two"))
    assert variants is game_for(find_rules("koikoi", unmatched_draw_to_hand=True))
    assert variants.overrides == GAMES["koikoi"].overrides | {"after_hand_step", "playable"}
    assert game_for(find_rules("koikoi")) is GAMES["koikoi"]
    assert GAMES["sakura"].overrides == {
        "auto_event",
        "capture_targets",
        "interrupt_choice",
        "landed",
        "playable",
    }
    assert type(GAMES["koikoi"]).overrides is GAMES["koikoi"].overrides


def test_only_wild_cards_are_asked_where_they_land():
    """The landing hooks are asked about the declared wild cards only (11d in koi-koi and
    Sakura); a game overriding one without declaring its wild cards is asked about every card."""
    eleven_d = Card("11d").bit
    assert GAMES["koikoi"].wild_cards == GAMES["sakura"].wild_cards == eleven_d
    assert GAMES["bakappana"].wild_cards == GAMES["hana-awase"].wild_cards == 0

    class Undeclared(Game[Any]):
        def landed(
            self, state: State, seat: int, card: int, captured: int, source: Source
        ) -> State:
            return state

    assert Undeclared.wild_cards == ALL_MASK


def test_phase_source_and_instruction_constants_are_their_literal_types():
    for literal in (Phase, Source, Then):
        for value in typing.get_args(literal):
            assert getattr(core.state, value.upper()) == value


def test_every_instruction_has_a_step():
    from core.turns import _STEPS

    assert set(_STEPS) == set(typing.get_args(Then))
    assert callable(proceed)


def _imports(path: Path) -> set[str]:
    """Every ``module.name`` a file imports."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out |= {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out


def test_game_hooks_never_call_the_turn_flow_back():
    """A game may ask `core.turns.capture_targets`; it never imports the engine or the flow:
    its hooks return a `Then` instead."""
    for path in sorted((ROOT / "core" / "games").rglob("*.py")):
        for name in _imports(path):
            assert not name.startswith("core.engine"), f"{path.name} imports {name}"
            if name.startswith("core.turns"):
                assert name == "core.turns.capture_targets", f"{path.name} imports {name}"
