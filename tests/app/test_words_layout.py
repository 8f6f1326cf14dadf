"""Longer words hold in the table's dialogs: the koi-koi decision and a round's result, in
Polish, Spanish and the pseudo-language, at 80x24 and 120x40: every button whole inside its
dialog, every line of the breakdown in the table."""

from __future__ import annotations

import pytest
from textual.widgets import Button, DataTable

from core.events import RoundEnded
from hanatui.app.app import HanaApp
from hanatui.app.screens.dialogs import KoiKoiDialog, RoundResultScreen
from hanatui.text.i18n import PSEUDO, language_scope
from hanatui.text.words import breakdown_rows

from .helpers import session_where, settings
from .test_play import settle
from .test_snapshots import _finished_match

LANGUAGES = ["pl", "es", PSEUDO]
SIZES = [(80, 24), (120, 40)]


def _screen_text(app: HanaApp) -> str:
    return "\n".join(s.text for s in app.screen._compositor.render_strips())


def _buttons_inside(app: HanaApp) -> None:
    dialog = app.screen.query_one("#dialog")
    inner = dialog.content_region
    for button in app.screen.query(Button):
        region = button.region
        assert inner.x <= region.x and region.right <= inner.right, (str(button.label), region)
        assert button.size.width >= len(str(button.label)), str(button.label)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
async def test_the_koikoi_dialog_holds_its_buttons(code: str, size: tuple[int, int]) -> None:
    with language_scope(code):
        session = session_where("koikoi", 2, lambda s: s.phase == "decide")
        app = HanaApp(settings=settings(), save=False, session=session)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.pause()
            assert isinstance(app.screen, KoiKoiDialog)
            _buttons_inside(app)
            # the focused choice in sight
            focused = app.screen.focused
            assert focused is not None and focused.region.height > 0


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(("game", "seats"), [("hana-awase", 2), ("sakura", 3)])
async def test_a_round_result_says_every_line(
    game: str, seats: int, code: str, size: tuple[int, int]
) -> None:
    timeline = _finished_match(game, seats)
    event = next(e for e in timeline.events if isinstance(e, RoundEnded))
    players, rules = timeline.last.players, timeline.last.rules
    with language_scope(code):
        app = HanaApp(settings=settings(), save=False)
        async with app.run_test(size=size) as pilot:
            await app.push_screen(RoundResultScreen(event, players, rules))
            await pilot.pause()
            await pilot.pause()
            _buttons_inside(app)
            table = app.screen.query_one(DataTable)
            columns = list(table.columns.values())
            names = [p.name for p in players]
            for _words, cells in breakdown_rows(event, rules, names):
                for column, cell in zip(columns[1:], cells, strict=True):
                    assert len(cell) <= column.width, (cell, column.width)
