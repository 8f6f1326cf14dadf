"""What a player sees at 80x24 (and after resizing to it): nothing the table says is cut off
where a word or a number of it is lost."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.content import Content
from textual.widgets import Static

from hanatui.app.app import HanaApp
from hanatui.app.screens.table.screen import TableScreen

from .helpers import new_session, settings
from .test_play import settle


def _row(app: HanaApp, y: int) -> str:
    """Screen row ``y`` as drawn."""
    return app.screen._compositor.render_strips()[y].text


async def test_the_status_line_keeps_what_the_card_takes_whole_at_80_columns():
    """The compact table's status line joins the card's name (with its Japanese name) and what
    it takes: when both do not fit, the name gives way, never the end of what it takes."""
    app = HanaApp(settings=settings(), save=False, session=new_session("koikoi", 2, seed=15))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        line = table.query_one("#status-line", Static)
        long_seen = False
        for _ in range(8):  # every card of the hand
            name, takes = str(table.query_one("#status", Static).content).split("\n")
            drawn = _row(app, line.region.y).rstrip()
            assert drawn.endswith(takes), (drawn, takes)
            if cell_len(name) + 3 + cell_len(takes) > line.content_region.width:
                long_seen = True
                assert "…" in drawn
            else:
                assert drawn.strip() == f"{name}   {takes}"
            await pilot.press("right")
            await pilot.pause()
        assert long_seen  # the hand has a card whose line is too long


async def test_the_header_breaks_between_its_parts_instead_of_cutting_them():
    """At 80 columns a header too long for one line breaks after a " · ": the dealer (and any
    koi-koi call after it) start the second line, before the scores; nothing is cut off."""
    names = ("Alexandrina", "Bartholomew Longername")
    session = new_session("koikoi", 2, seed=15, names=names)  # seat 2 deals
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        head = Content.assemble(*table._header(session.view(0))).plain
        assert len(head) > 78  # the case in point: too long for one line
        topbar = table.query_one("#topbar", Static)
        lines = str(topbar.content).split("\n")
        assert len(lines) == 2
        assert all(cell_len(line) <= 78 for line in lines)
        assert "…" not in str(topbar.content)
        assert lines[0] + " · " + lines[1].split("   ")[0] == head
        assert lines[1].endswith(f"{names[0]} 0  {names[1]} 0")
        assert lines[1].startswith("dealer: ")


async def test_resizing_to_80x24_draws_the_compact_table_at_its_new_width():
    """From 120x40 to 80x24 the side column folds away: the opponent's line is drawn again at
    the full width (it was cut to the old, narrower column: "7 cards …"), and the game log,
    unfolded with g, wraps at its new width, not at the old column's."""
    app = HanaApp(settings=settings(), save=False, session=new_session("koikoi", 2, seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        panel = table.query_one("SeatPanel", Static)
        line = str(panel.content)
        assert "took" in line and "…" not in line, line
        await pilot.press("g")
        await settle(pilot)
        log = table.game_log
        assert log is not None and log.size.width > 60
        widest = max(strip.cell_length for strip in log.lines)
        assert widest > 40  # the first line, the match's title and players, is long


@pytest.mark.parametrize("game", ["koikoi", "hana-awase", "bakappana", "sakura"])
async def test_the_new_game_forms_fields_stay_inside_it_at_80_columns(game):
    """The rows of two fields (game and players, preset and saved rules) were 82 columns wide:
    the second field ran off the form's right edge, its arrow out of sight."""
    from textual.containers import VerticalScroll
    from textual.widgets import Button, Input, Select

    from hanatui.app.screens.newgame import NewGameScreen

    app = HanaApp(settings=settings(last_game=game), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        form = screen.query_one("#form", VerticalScroll)
        inside = form.scrollable_content_region
        seen: set[str] = set()
        for y in range(0, int(form.max_scroll_y) + 10, 10):  # the form a screenful at a time
            form.scroll_to(y=y, animate=False)
            await pilot.pause()
            for field in form.query("Select, Input, Button"):
                assert isinstance(field, Select | Input | Button)
                region = field.region
                if not region:  # folded, or out of sight at this scroll
                    continue
                assert inside.x <= region.x and region.right <= inside.right, (field, region)
                seen.add(str(field.id))
        assert {"game", "players", "preset", "ruleset", "seat-name-1"} <= seen


async def test_the_status_shows_once_when_the_game_log_opens_at_80x24():
    """The compact table's status is its one-line status line; the side column's two-line status
    showed as well under the game log unfolded with g: the same words twice."""
    app = HanaApp(settings=settings(), save=False, session=new_session("koikoi", 2, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("g")
        await settle(pilot)
        log = table.game_log
        assert log is not None and log.region  # the log is open, and drawn
        takes = str(table.query_one("#status", Static).content).split("\n")[1]
        drawn = [_row(app, y) for y in range(24)]
        assert sum(takes in row for row in drawn) == 1, drawn
        line = table.query_one("#status-line", Static)
        assert takes in _row(app, line.region.y)


@pytest.mark.parametrize("ascii_mode", [False, True])
async def test_the_title_footer_keeps_every_key_with_a_game_to_resume_at_80x24(ascii_mode):
    """With a game to resume the title's footer has one key more, "c Resume", and at 80 columns
    it lost the last, "q Quit", to the command palette's key: every key fits, whole, with a gap
    before the palette's."""
    from core.rules import find_rules
    from hanatui.app.common import HanaFooter
    from hanatui.app.screens.title import TitleScreen
    from hanatui.session.session import Session

    from .helpers import players

    Session.new(find_rules("koikoi"), players(2, 1, ()), seed=5, autosave=True)
    app = HanaApp(settings=settings(ascii=ascii_mode))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        line = app.screen.query_one(HanaFooter).render().plain
        assert len(line) == 80
        keys = "n New game c Resume h Host j Join g Games s Settings r Rules q Quit"
        assert line.startswith(f" {keys} "), line
        assert line.rstrip().endswith("^p palette")


async def test_below_80x24_keys_play_nothing_unseen_but_quit_still_quits():
    """Below 80x24 only "Please enlarge the terminal" shows, yet "1" played the first card of
    a hand the player could not see. Keys do nothing there but quit; enlarged, they play."""
    session = new_session("koikoi", 2, seed=11)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        assert app.has_class("-too-small")
        before = len(session.events)
        await pilot.press("1", "enter", "u", "t")
        await settle(pilot)
        assert len(session.events) == before
        assert isinstance(app.screen, TableScreen)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        assert len(session.events) > before
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running
