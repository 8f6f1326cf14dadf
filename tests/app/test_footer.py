"""The footer, one widget drawing every key: what it shows, and that its keys answer the mouse
as Textual's footer keys did."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanatui.app.app import HanaApp
from hanatui.app.common import HanaFooter
from hanatui.app.screens.replay.screen import ReplayScreen
from hanatui.app.screens.table.screen import TableScreen
from hanatui.store.files import read_log_file

from .helpers import new_session, settings
from .test_play import settle

LOG = Path(__file__).resolve().parents[2] / "replays" / "bakappana-3p-seed30.hana"


def _footer(app: HanaApp) -> HanaFooter:
    return app.screen.query_one(HanaFooter)


def _line(app: HanaApp) -> str:
    return _footer(app).render().plain


async def test_the_title_footer_shows_its_keys_and_the_palette_on_the_right():
    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        line = _line(app)
        assert len(line) == 120
        assert line.startswith(" n New game  h Host  j Join  g Games  s Settings  r Rules  q Quit ")
        assert line.endswith("▏^p palette ")


async def test_a_narrow_terminal_brings_the_keys_closer_and_ascii_drops_the_bar():
    app = HanaApp(settings=settings(ascii=True), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = _line(app)
        assert len(line) == 80
        assert line.startswith(" n New game h Host j Join g Games s Settings r Rules q Quit ")
        assert line.endswith(" ^p palette ") and "▏" not in line


async def test_clicking_a_key_presses_it():
    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        x = _line(app).index("Settings")
        assert await pilot.click(HanaFooter, offset=(x, 0))
        await pilot.pause()
        assert type(app.screen).__name__ == "SettingsScreen"


async def test_hovering_a_key_lights_it_up():
    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        footer = _footer(app)
        x = _line(app).index("Games")
        before = footer.render()
        await pilot.hover(HanaFooter, offset=(x, 0))
        await pilot.pause()
        after = footer.render()
        assert after.plain == before.plain and after.spans != before.spans
        await pilot.hover(offset=(5, 5))
        await pilot.pause()
        assert footer.render().spans == before.spans


async def test_a_disabled_key_rings_the_bell_at_the_table(monkeypatch):
    """Redo is shown disabled while there is nothing to redo: a click on it rings."""
    app = HanaApp(settings=settings(), save=False, session=new_session("koikoi", 2, seed=3))
    bells: list[int] = []
    monkeypatch.setattr(app, "bell", lambda: bells.append(1))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        footer = _footer(app)
        redo = next(k for k in footer._shown if k.key == "ctrl+y")
        assert not redo.enabled  # nothing to redo
        await pilot.click(HanaFooter, offset=(redo.left + 1, 0))
        await pilot.pause()
        assert bells == [1]
        assert "Play" in _line(app)


def _keys(app: HanaApp) -> tuple[list[str], list[str]]:
    """What the footer shows of each of its keys, as drawn, and each whole as it should be
    drawn (``key description``), the command palette's last."""
    footer = _footer(app)
    line = footer.render().plain
    keys, palette = footer._footer_keys()
    every = [binding for binding, _enabled, _tooltip in keys]
    if palette is not None:
        every.append(palette[0])
    whole = [f"{app.get_key_display(b)} {b.description}" for b in every]
    drawn = [" ".join(line[k.left : k.right].replace("▏", " ").split()) for k in footer._shown]
    return drawn, whole


@pytest.mark.parametrize("key", ["", "n", "g", "s", "r", "h", "j"])
async def test_every_screen_shows_all_its_keys_at_80x24(key):
    """The title and every screen it opens: no key of the footer is left out or cut off at the
    smallest size the app supports."""
    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if key:
            before = app.screen
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is not before
        drawn, whole = _keys(app)
        assert drawn == whole


async def test_the_games_screen_statistics_tab_shows_all_its_keys_at_80x24():
    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("g", "t")
        await pilot.pause()
        drawn, whole = _keys(app)
        assert drawn == whole


async def test_the_table_shows_all_its_keys_at_80x24():
    app = HanaApp(settings=settings(), save=False, session=new_session("koikoi", 2, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        drawn, whole = _keys(app)
        assert drawn == whole


async def test_keys_that_do_not_fit_are_left_out_whole_and_the_help_key_stays():
    """The replay viewer has more keys than 80 columns hold: the first ones that fit are shown
    whole, then its help key (which lists them all), then the palette's; at 120 columns all."""
    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ReplayScreen(read_log_file(LOG), LOG))
        await pilot.pause()
        drawn, whole = _keys(app)
        assert len(drawn) < len(whole)
        assert drawn[-2:] == ["? Keys", "^p palette"]
        assert drawn[:-2] == whole[: len(drawn) - 2]
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        drawn, whole = _keys(app)
        assert drawn == whole


async def test_over_a_dialog_the_footer_shows_the_dialogs_keys():
    """The koi-koi dialog answers k, s and undo, not the table's keys: the footer under it
    showed the table's (enter Play, i Hint, t Scores, ...), which did nothing there. It shows
    the dialog's, and the table's again once the dialog is closed."""
    from hanatui.app.screens.dialogs import HelpScreen, KoiKoiDialog

    from .helpers import session_where

    session = session_where("koikoi", 2, lambda s: s.phase == "decide")
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, KoiKoiDialog)
        table = app.screen_stack[-2]
        assert isinstance(table, TableScreen)
        line = table.query_one(HanaFooter).render().plain
        assert " k Koi-koi " in line and " s Shobu " in line and " ^z Undo " in line, line
        for table_key in (" enter Play ", " i Hint ", " t Scores ", " esc Title "):
            assert table_key not in line, line
        await pilot.press("s")  # stop: the round's result, then the next round's table
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is table
        line = _line(app)
        assert " enter Play " in line and " k Koi-koi " not in line, line
        await pilot.press("question_mark")  # the help: its one key, Close
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert table.query_one(HanaFooter).render().plain.startswith(" esc Close ")


@pytest.mark.parametrize("ascii_mode", [False, True])
async def test_the_replay_footer_shows_its_arrow_keys_as_arrows_not_as_control_keys(ascii_mode):
    """The viewer's footer named its arrow keys "<>" and "^v": beside "^p palette", "^v Turn"
    reads as ctrl+v, which does nothing. Every key drawn as ^x is a control key; the arrows
    are drawn as arrows (as words in ASCII mode)."""
    app = HanaApp(settings=settings(ascii=ascii_mode), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(ReplayScreen(read_log_file(LOG), LOG))
        await pilot.pause()
        drawn, _whole = _keys(app)
        footer = _footer(app)
        bindings = [b for b, _enabled, _tooltip in footer._footer_keys()[0]]
        for text, binding in zip(drawn, bindings, strict=False):
            if text.startswith("^"):
                assert binding.key.startswith("ctrl+"), (text, binding.key)
        move, turn = ("left/right", "up/down") if ascii_mode else ("←→", "↑↓")
        assert drawn[:2] == [f"{move} Move", f"{turn} Turn"]
