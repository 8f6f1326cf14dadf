"""Pictures of the table, the koi-koi dialog, the round result and the rules screen in Polish and
Spanish, the rule books' languages: their names for the cards and yaku at the table, and layouts
that hold their longer words.

Update after an intended change with ``pytest tests/app/test_language_snapshots.py
--snapshot-update`` and look at the report.
"""

from __future__ import annotations

import pytest
from textual.widgets import TabbedContent

from core.events import RoundEnded
from core.rules import find_rules
from hanatui.app.app import HanaApp
from hanatui.app.screens.info import RulesScreen
from hanatui.app.screens.results import RoundResultScreen
from hanatui.arena.selfplay import play_match
from hanatui.bots import make_bot
from hanatui.text.i18n import language_scope

from .helpers import session_where, settings
from .test_play import settle

pytestmark = pytest.mark.slow

LANGUAGES = pytest.mark.parametrize("code", ["pl", "es"])
SIZE = (120, 40)


def _app(session=None) -> HanaApp:
    return HanaApp(settings=settings(theme="hana-night"), save=False, session=session)


async def _settled(pilot) -> None:
    await settle(pilot)
    await pilot.pause()


@LANGUAGES
@pytest.mark.parametrize("size", [(80, 24), SIZE], ids=["80x24", "120x40"])
def test_table(snap_compare, code, size):
    session = session_where("koikoi", 2, lambda s: s.turn_no >= 5)
    with language_scope(code):
        assert snap_compare(_app(session), terminal_size=size, run_before=_settled)


@LANGUAGES
def test_koikoi_dialog(snap_compare, code):
    session = session_where("koikoi", 2, lambda s: s.phase == "decide")
    with language_scope(code):
        assert snap_compare(_app(session), terminal_size=SIZE, run_before=_settled)


@LANGUAGES
def test_round_result(snap_compare, code):
    timeline = play_match(find_rules("koikoi", rounds=2), [make_bot("easy")] * 2, seed=17)
    event = next(e for e in timeline.events if isinstance(e, RoundEnded) and any(e.points))
    state = timeline.last

    async def show(pilot) -> None:
        await pilot.app.push_screen(RoundResultScreen(event, state.players, state.rules))
        await pilot.pause()

    with language_scope(code):
        assert snap_compare(_app(), terminal_size=SIZE, run_before=show)


@LANGUAGES
def test_rules_screen(snap_compare, code):
    async def show(pilot) -> None:
        await pilot.app.push_screen(RulesScreen())
        await pilot.pause()
        pilot.app.screen.query_one(TabbedContent).active = "tab-koikoi"
        await pilot.pause()

    with language_scope(code):
        assert snap_compare(_app(), terminal_size=SIZE, run_before=show)
