"""The title's menu: one widget that must answer the keyboard and the mouse as the column of
buttons it replaced did."""

from __future__ import annotations

import pytest

from hanatui.app.app import HanaApp
from hanatui.app.screens.title import TitleMenu, TitleScreen, entry_label

from .helpers import settings

#: What each entry opens.
OPENS = {
    "new": "NewGameScreen",
    "host": "NewGameScreen",
    "join": "JoinScreen",
    "games": "HistoryScreen",
    "settings": "SettingsScreen",
    "rules": "RulesScreen",
}


def _app() -> HanaApp:
    return HanaApp(settings=settings(), save=False)


def _menu(app: HanaApp) -> TitleMenu:
    assert isinstance(app.screen, TitleScreen)
    return app.screen.query_one(TitleMenu)


def _cell(menu: TitleMenu, item: str) -> tuple[int, int]:
    """A cell of ``item`` (its first), as an offset in the menu's content."""
    for y in range(menu.size.height):
        for x in range(menu.size.width):
            if menu.item_at(x, y) == item:
                return x, y
    raise AssertionError(f"{item} is not on the menu")


async def test_the_keyboard_walks_the_entries_in_reading_order():
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = _menu(app)
        assert app.focused is menu
        assert menu.cursor == "new"  # nothing to resume
        assert menu.items == ["new", "host", "join", "games", "settings", "rules", "quit"]
        seen = []
        for _ in range(len(menu.items)):
            await pilot.press("down")
            seen.append(menu.cursor)
        assert seen == ["host", "join", "games", "settings", "rules", "quit", "new"]
        await pilot.press("up", "k")
        assert menu.cursor == "rules"
        await pilot.press("tab")
        assert menu.cursor == "quit"
        await pilot.press("shift+tab", "shift+tab")
        assert menu.cursor == "settings"


async def test_left_and_right_move_within_a_row():
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = _menu(app)
        await pilot.press("right")  # alone on its row: stays
        assert menu.cursor == "new"
        await pilot.press("down", "right")
        assert menu.cursor == "join"
        await pilot.press("right")
        assert menu.cursor == "join"
        await pilot.press("left")
        assert menu.cursor == "host"


async def test_the_cursor_is_drawn_on_its_entry_only():
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = _menu(app)

        def reversed_text() -> str:
            lines = menu.render().split()
            return "".join(
                line.plain[span.start : span.end]
                for line in lines
                for span in line.spans
                if getattr(span.style, "reverse", False)
            )

        assert reversed_text() == " New game (n) "
        await pilot.press("down", "down")
        assert reversed_text() == " Join a table (j) "
        menu.blur()
        await pilot.pause()
        assert reversed_text() == ""  # as a button's focus style, only while focused


@pytest.mark.parametrize("item", list(OPENS))
async def test_enter_and_a_click_open_what_the_entry_says(item):
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = _menu(app)
        while menu.cursor != item:
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == OPENS[item]
        await pilot.press("escape")
        await pilot.pause()
        menu = _menu(app)
        assert menu.cursor == "new" and app.focused is menu  # back, on the first entry
        x, y = _cell(menu, item)
        assert await pilot.click(TitleMenu, offset=(x, y))
        await pilot.pause()
        assert type(app.screen).__name__ == OPENS[item]


async def test_quit_by_enter_and_a_blank_line_chooses_nothing():
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = _menu(app)
        x, y = _cell(menu, "host")
        assert menu.item_at(x, y + 1) is None  # the blank line under a row
        assert menu.item_at(menu.size.width // 2, y) is None  # the gap between Host and Join
        await pilot.click(TitleMenu, offset=(x, y + 1))
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("up", "enter")
        await pilot.pause()
    assert not app.is_running


async def test_the_shortcut_keys_still_win_over_the_arrows_bindings():
    """``j`` is both "down" and "Join a table": as with the buttons, it joins."""
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("j")
        await pilot.pause()
        assert type(app.screen).__name__ == "JoinScreen"


async def test_hovering_an_entry_darkens_it():
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = _menu(app)
        x, y = _cell(menu, "games")
        before = menu.render().split()[y]
        await pilot.hover(TitleMenu, offset=(x, y))
        await pilot.pause()
        assert menu.hover == "games"
        after = menu.render().split()[y]
        assert after.plain == before.plain and after.spans != before.spans
        await pilot.hover(offset=(0, 0))
        await pilot.pause()
        assert menu.hover is None


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_entry_is_on_the_screen(size):
    app = _app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        menu = _menu(app)
        assert app.screen.region.contains_region(menu.region)
        shown = "\n".join(line.plain for line in menu.render().split())
        for item in menu.items:
            assert entry_label(item) in shown


async def test_resume_comes_first_with_what_there_is_to_resume():
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = _menu(app)
        menu.set_resume("Koi-koi, round 3 of 12: You 12, CPU 7")
        menu.focus()
        await pilot.pause()
        assert menu.items[:2] == ["resume", "new"]
        assert menu.cursor == "resume"
        lines = [line.plain.strip() for line in menu.render().split()]
        assert lines[:3] == ["Resume (c)", "Koi-koi, round 3 of 12: You 12, CPU 7", ""]
        assert menu.size.height == len(lines)


async def test_no_resume_while_another_hanatui_holds_the_unfinished_game(monkeypatch):
    """The title is the app's first screen, composed before the app takes the journal's lock:
    when another hanatui has the game open, it offers no resume all the same."""
    from core.rules import find_rules
    from hanatui.session.session import Session

    from .helpers import players

    Session.new(find_rules("koikoi"), players(2, 1, ()), seed=5, autosave=True)
    app = HanaApp(settings=settings())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "resume" in _menu(app).items  # the journal is ours: its game can go on

    def taken(self: HanaApp) -> None:
        self.read_only = "The game is open in another hanatui."

    monkeypatch.setattr(HanaApp, "_take_journal", taken)
    app = HanaApp(settings=settings())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.read_only is not None
        assert _menu(app).items[0] == "new" and "resume" not in _menu(app).items
