"""Pictures of every screen, in two of our themes and in ASCII mode, at a fixed terminal size.

Update after an intended change with ``pytest tests/app --snapshot-update`` and look at the report.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from core.actions import DeclareHiki
from core.engine import legal_actions
from core.events import MatchEnded, RoundEnded
from core.rules import find_rules
from hanatui.app.app import HanaApp
from hanatui.app.screens.dialogs import HelpScreen, MatchResultScreen, RoundResultScreen
from hanatui.arena.selfplay import play_match

from .helpers import new_session, session_where, settings
from .test_play import settle

pytestmark = pytest.mark.slow  # whole rounds or pictures: deselect with -m "not slow"

VARIANTS: dict[str, dict[str, Any]] = {
    "night": dict(theme="hana-night"),
    "washi": dict(theme="hana-washi"),
    "ascii": dict(theme="hana-night", ascii=True),
}
SIZE = (120, 40)


def app_for(variant: str, session=None) -> HanaApp:
    return HanaApp(settings=settings(**VARIANTS[variant]), save=False, session=session)


async def _settled(pilot) -> None:
    await settle(pilot)
    await pilot.pause()


@cache
def _finished_match(game: str, players: int):
    from hanatui.bots import make_bot

    rules = find_rules(game, rounds=2)
    timeline = play_match(rules, [make_bot("easy")] * players, seed=17)
    return timeline


variants = pytest.mark.parametrize("variant", list(VARIANTS))


@variants
def test_title(snap_compare, variant):
    assert snap_compare(app_for(variant), terminal_size=SIZE)


@variants
def test_new_game(snap_compare, variant):
    assert snap_compare(app_for(variant), press=["n"], terminal_size=SIZE)


@variants
@pytest.mark.parametrize(
    "game,players",
    [
        pytest.param("bakappana", 3, id="bakappana-3p"),
        pytest.param("koikoi", 2, id="koikoi"),
        pytest.param("hana-awase", 2, id="hana-awase"),
        pytest.param("sakura", 4, id="sakura-4p"),
    ],
)
def test_table(snap_compare, variant, game, players):
    session = session_where(game, players, lambda s: s.turn_no >= 5)
    assert snap_compare(app_for(variant, session), terminal_size=SIZE, run_before=_settled)


def test_table_at_100x30(snap_compare):
    session = session_where("bakappana", 2, lambda s: s.turn_no >= 3)
    assert snap_compare(app_for("night", session), terminal_size=(100, 30), run_before=_settled)


@pytest.mark.parametrize(
    "game,players,size",
    [
        pytest.param("koikoi", 2, (80, 24), id="koikoi-80x24"),
        pytest.param("bakappana", 3, (80, 24), id="bakappana-3p-80x24"),
        pytest.param("sakura", 7, (80, 24), id="sakura-7p-80x24"),
        pytest.param("sakura", 7, (120, 40), id="sakura-7p-120x40"),
        pytest.param("koikoi", 2, (160, 50), id="koikoi-160x50"),
    ],
)
def test_table_sizes(snap_compare, game, players, size):
    """The compact table at 80x24, seven players at 120x40, large cards at 160x50."""
    session = session_where(game, players, lambda s: s.turn_no >= 3)
    assert snap_compare(app_for("night", session), terminal_size=size, run_before=_settled)


def test_too_small(snap_compare):
    session = new_session("bakappana", 2, seed=3)
    assert snap_compare(app_for("night", session), terminal_size=(70, 20), run_before=_settled)


@variants
def test_capture_dialog(snap_compare, variant):
    session = session_where("bakappana", 2, lambda s: s.phase == "choose")
    assert snap_compare(app_for(variant, session), terminal_size=SIZE, run_before=_settled)


@variants
def test_koikoi_dialog(snap_compare, variant):
    session = session_where("koikoi", 2, lambda s: s.phase == "decide")
    assert snap_compare(app_for(variant, session), terminal_size=SIZE, run_before=_settled)


@variants
def test_hiki_dialog(snap_compare, variant):
    session = session_where(
        "sakura",
        3,
        lambda s: s.phase == "play" and any(isinstance(a, DeclareHiki) for a in legal_actions(s)),
    )
    assert snap_compare(app_for(variant, session), terminal_size=SIZE, run_before=_settled)


@variants
def test_hand_over(snap_compare, variant):
    session = new_session("bakappana", 2, humans=2, seed=8, names=("Aki", "Ben"))
    assert snap_compare(app_for(variant, session), terminal_size=SIZE, run_before=_settled)


@variants
def test_round_result(snap_compare, variant):
    timeline = _finished_match("bakappana", 3)
    event = next(e for e in timeline.events if isinstance(e, RoundEnded))
    players = timeline.last.players

    async def show(pilot) -> None:
        await pilot.app.push_screen(RoundResultScreen(event, players, timeline.last.rules))
        await pilot.pause()

    assert snap_compare(app_for(variant), terminal_size=SIZE, run_before=show)


@variants
def test_koikoi_round_result(snap_compare, variant):
    timeline = _finished_match("koikoi", 2)
    event = next(e for e in timeline.events if isinstance(e, RoundEnded) and any(e.points))
    players = timeline.last.players

    async def show(pilot) -> None:
        await pilot.app.push_screen(RoundResultScreen(event, players, timeline.last.rules))
        await pilot.pause()

    assert snap_compare(app_for(variant), terminal_size=SIZE, run_before=show)


@variants
def test_match_result(snap_compare, variant):
    timeline = _finished_match("bakappana", 3)
    final = timeline.events[-1]
    assert isinstance(final, MatchEnded)
    state = timeline.last

    async def show(pilot) -> None:
        await pilot.app.push_screen(MatchResultScreen(final, state.players, state.history, None))
        await pilot.pause()

    assert snap_compare(app_for(variant), terminal_size=SIZE, run_before=show)


def test_help(snap_compare):
    async def show(pilot) -> None:
        await pilot.app.push_screen(HelpScreen())
        await pilot.pause()

    assert snap_compare(app_for("night"), terminal_size=SIZE, run_before=show)
