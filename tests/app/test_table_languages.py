"""The table in longer languages: Polish, Spanish and the pseudo-language (every message
accented and 40 % longer) at 80x24 and 120x40, koi-koi and three-seat bakappana, through the
first turns: every card of the hand and the field in sight, the seats' lines and the header
whole, the footer's keys whole."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.containers import VerticalScroll
from textual.widgets import Static

from hanatui.app.app import HanaApp
from hanatui.app.layout import SeatPanel
from hanatui.app.screens.table.screen import TableScreen
from hanatui.app.widgets import CardRow
from hanatui.text.i18n import PSEUDO, _, language_scope

from .helpers import new_session, settings
from .test_play import settle

pytestmark = pytest.mark.slow  # whole tables in six languages and sizes

LANGUAGES = ["pl", "es", PSEUDO]
SIZES = [(80, 24), (120, 40)]
GAMES = [("koikoi", 2), ("bakappana", 3)]


def _check(app: HanaApp, table: TableScreen, where: tuple[object, ...]) -> None:
    left = table.query_one("#left", VerticalScroll)
    inside = left.content_region
    for row in table.query(CardRow):
        if row.id in ("hand", "field") and row.cards:
            # in sight whole, without scrolling: every card shown
            assert inside.contains_region(row.region), (where, row.id, row.region, inside)
    assert left.max_scroll_y == 0, where
    for panel in table.query(SeatPanel):
        text = str(panel.content)
        if panel.has_class("-compact"):  # lines cut to the width, not wrapped
            for line in text.split("\n"):
                assert not line.endswith("…") and "..." not in line, (where, line)
                assert cell_len(line) <= panel.content_region.width, (where, line)
    assert "…" not in str(table.query_one("#topbar", Static).content), where


@pytest.mark.parametrize("game", GAMES, ids=[g for g, _n in GAMES])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("code", LANGUAGES)
async def test_the_table_holds_a_longer_language(
    code: str, size: tuple[int, int], game: tuple[str, int]
) -> None:
    name, seats = game
    with language_scope(code):
        session = new_session(name, seats, seed=9)
        app = HanaApp(settings=settings(), save=False, session=session)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            for turn in range(6):
                table = app.screen
                if isinstance(table, TableScreen):
                    _check(app, table, (code, size, name, turn))
                    footer = "".join(s.text for s in app.screen._compositor.render_strips()[-1:])
                    assert _("Play") in footer, (code, size, footer)
                await pilot.press("enter")
                await settle(pilot)


@pytest.mark.parametrize("code", ["en", "pl", "es"])
def test_the_words_on_a_card_fit_it_in_every_language(code: str) -> None:
    """A card's face and its border hold a few cells whatever the language (seven for the
    kind's word, five for a tag): each language's words fit there whole, where `face_word` and
    `tag_word` would cut one too long (as they cut the pseudo-language, longer on purpose)."""
    from hanatui.app.widgets import BETTER_TAG, LAST_TAG, PLAYED_TAG, tag_word
    from hanatui.text.i18n import pgettext

    with language_scope(code):
        for kind in ("bright", "animal", "ribbon", "chaff"):
            word = pgettext("card face", kind)
            assert 0 < cell_len(word) <= 7, (code, kind, word)
        for tag in (LAST_TAG, PLAYED_TAG, BETTER_TAG):
            assert 0 < cell_len(_(tag)) <= 5, (code, tag, _(tag))
            assert tag_word(tag, 5, False) == _(tag)


@pytest.mark.parametrize("code", ["pl", "es"])
async def test_the_command_palette_speaks_the_language(code: str) -> None:
    """The footer's palette key, the palette's search field and every command it lists, Textual's
    own among them, in the player's language: none of Textual's English."""
    from textual.command import CommandInput, CommandList

    from .test_replay import screen_text

    with language_scope(code):
        app = HanaApp(settings=settings(), save=False, session=new_session("koikoi", 2, seed=9))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            assert _("palette") in screen_text(pilot).splitlines()[-1]
            await pilot.press("ctrl+p")
            for _turn in range(100):  # the commands are found in the background
                listed = app.screen.query(CommandList)
                if listed and listed.first().option_count >= 8:
                    break
                await pilot.pause(0.02)
            commands = app.screen.query_one(CommandList)
            prompts = [
                str(commands.get_option_at_index(i).prompt) for i in range(commands.option_count)
            ]
            field = app.screen.query_one(CommandInput)
            assert field.placeholder == _("Search for commands…")
            await pilot.pause()
            footer = screen_text(pilot).splitlines()[-1]
            assert _("Exit the command palette") in footer, footer
            assert "Exit the command palette" not in footer, footer
            said = " ".join(prompts)
            for english in ["Screenshot", "Keys", "Change the current theme", "Quit the"]:
                assert english not in said, (english, prompts)
            for ours in [_("Screenshot"), _("Theme"), _("Quit"), _("Settings")]:
                assert ours in said, (ours, prompts)
    assert _("palette") == "palette"  # back in English outside the scope


@pytest.mark.parametrize("code", ["en", "es"])
async def test_every_hand_shown_gives_way_with_its_count_before_a_cut(code: str) -> None:
    """Four seats with every hand face up at 80x24 (one line a seat): a line too long first
    drops the hand's count, which the cards face up tell anyway, before anything is cut."""
    from pathlib import Path

    from hanatui.app.app import replay_app
    from hanatui.app.screens.replay.screen import ReplayScreen

    log = Path(__file__).parents[2] / "replays" / "sakura-4p-teams-2x2-seed13.hana"
    with language_scope(code):
        app = replay_app(log, settings=settings(), save=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            for _move in range(9):
                await pilot.press("right")
            await pilot.press("v")
            await pilot.pause()
            lines = [str(p.content).split("\n")[0] for p in app.screen.query(SeatPanel)]
            assert len(lines) == 3, lines
            count = _("{n} cards").split("{n}")[-1].strip()
            for line in lines:
                assert not (count in line and line.endswith("…")), line
