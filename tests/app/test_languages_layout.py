"""Longer words hold: the screens that speak the player's language, in Polish, Spanish and the
pseudo-language (every message accented and 40 % longer), at 80x24 and 120x40, with nothing cut
and nothing past its box."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from hanatui.app.app import HanaApp
from hanatui.app.screens.info import SettingsScreen
from hanatui.app.screens.title import ITEMS, entry_label
from hanatui.text.i18n import PSEUDO, _, language_scope

from .helpers import settings

LANGUAGES = ["pl", "es", PSEUDO]
SIZES = [(80, 24), (120, 40)]


def _screen_text(app: HanaApp) -> str:
    return "\n".join(s.text for s in app.screen._compositor.render_strips())


def _inside(widget: Widget, box: Widget) -> bool:
    inner = box.content_region
    return inner.x <= widget.region.x and widget.region.right <= inner.right


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
async def test_the_title_menu_says_every_entry_whole(code: str, size: tuple[int, int]) -> None:
    with language_scope(code):
        app = HanaApp(settings=settings(), save=False)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            text = _screen_text(app)
            for item in ITEMS:
                if item != "resume":  # shown only with a game to resume
                    assert entry_label(item) in text, (code, size, entry_label(item))
            assert _("hanafuda at the terminal") in text


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
async def test_settings_rows_stay_inside_the_box(code: str, size: tuple[int, int]) -> None:
    """Every label, choice and explanation inside the settings box: longer words wrap in their
    column (the labels, the explanations) and never run past the box or push a column out."""
    from textual.widgets import Input, Select

    with language_scope(code):
        app = HanaApp(settings=settings(), save=False)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            app.push_screen(SettingsScreen())
            await pilot.pause()
            await pilot.pause()
            body = app.screen.query_one("#body")
            rows = list(app.screen.query(".row"))
            assert rows
            for row in rows:
                for widget in row.children:
                    assert _inside(widget, body), (code, size, widget)
                selects = [w for w in row.children if isinstance(w, Select | Input)]
                label = row.query_one(".label")
                for choice in selects:  # the choices' column starts where the labels' ends
                    assert choice.region.x == label.region.right, (code, size, choice)
            text = _screen_text(app)
            for word in _("Same-worth choices").split():
                assert word in text
