"""The pseudo-language drives the app's screens at 80x24 and 120x40: every message whole (its
``«`` and ``»`` both shown), no widget past its box, and no English a player would read that did
not come through a catalog.

The pseudo-language (`hanatui.text.i18n.PSEUDO`) makes every message 40 % longer than its English
and accents it: a screen that holds it holds Polish and Spanish, whose words are longer than
English too. Each test walks one part of the app as a player would, by its keys, and checks each
screen it reaches (tests/app/longer_words.py says how).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import TabbedContent

from core.events import RoundEnded
from core.logfile import encode_log, header_for
from core.players import Player
from core.rules import find_rules
from hanatui.app.app import HanaApp
from hanatui.app.screens.dialogs import HelpScreen
from hanatui.app.screens.info import RulesScreen, SettingsScreen
from hanatui.app.screens.results import RoundResultScreen
from hanatui.arena.selfplay import play_match
from hanatui.bots import make_bot
from hanatui.session.session import Session
from hanatui.text.i18n import PSEUDO, language_scope

from .helpers import session_where, settings
from .longer_words import english_words, screen_problems, widget_text
from .test_play import settle

pytestmark = pytest.mark.slow

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]

Step = Callable[[Pilot[None]], Awaitable[None]]


class Walk:
    """The screens one walk reached, and what was wrong on each."""

    def __init__(self, pilot: Pilot[None]) -> None:
        self.pilot = pilot
        self.problems: dict[str, list[str]] = {}
        self.english: dict[str, set[str]] = {}

    async def look(self, name: str) -> None:
        await self.pilot.pause()
        await self.pilot.pause()
        screen = self.pilot.app.screen
        found = screen_problems(screen, pseudo=True)
        if found:
            self.problems[name] = found
        words = set()
        for widget in screen._compositor.visible_widgets:
            if widget is not screen and not any(c.display for c in widget.children):
                words |= english_words(widget_text(widget))
        self.english[name] = words

    def check(self) -> None:
        assert not self.problems, "\n".join(
            f"{name}:\n  " + "\n  ".join(found) for name, found in self.problems.items()
        )


def _app(session: Session | None = None) -> HanaApp:
    return HanaApp(settings=settings(theme="hana-night"), save=False, session=session)


async def _walk(size: tuple[int, int], app: HanaApp, steps: Callable[[Walk], Awaitable[None]]):
    with language_scope(PSEUDO):
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            walk = Walk(pilot)
            await steps(walk)
    walk.check()
    return walk


@pytest.mark.parametrize("size", SIZES)
async def test_the_menus(size: tuple[int, int]) -> None:
    async def steps(walk: Walk) -> None:
        pilot = walk.pilot
        await walk.look("title")
        await pilot.press("n")
        await walk.look("new game")
        await pilot.press("escape")
        await pilot.app.push_screen(SettingsScreen())
        await walk.look("settings")
        await pilot.press("escape")
        await pilot.app.push_screen(HelpScreen())
        await walk.look("help")
        await pilot.press("escape")
        await pilot.press("j")
        await walk.look("join a table")
        await pilot.press("escape")

    await _walk(size, _app(), steps)


@pytest.mark.parametrize("size", SIZES)
async def test_the_rules_pages(size: tuple[int, int]) -> None:
    async def steps(walk: Walk) -> None:
        pilot = walk.pilot
        await pilot.app.push_screen(RulesScreen())
        await pilot.pause()
        tabs = pilot.app.screen.query_one(TabbedContent)
        for pane in list(tabs.query("TabPane")):
            tabs.active = pane.id or ""
            await walk.look(f"rules {pane.id}")

    await _walk(size, _app(), steps)


TABLES = [
    pytest.param("koikoi", 2, lambda s: s.turn_no >= 5, id="koikoi"),
    pytest.param("bakappana", 3, lambda s: s.turn_no >= 5, id="bakappana-3p"),
    pytest.param("hana-awase", 2, lambda s: s.turn_no >= 5, id="hana-awase"),
    pytest.param("sakura", 4, lambda s: s.turn_no >= 5, id="sakura-4p"),
    pytest.param("koikoi", 2, lambda s: s.phase == "decide", id="koikoi-dialog"),
    pytest.param("bakappana", 2, lambda s: s.phase == "choose", id="capture-dialog"),
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game,players,where", TABLES)
async def test_the_table(size: tuple[int, int], game: str, players: int, where) -> None:
    session = session_where(game, players, where)

    async def steps(walk: Walk) -> None:
        await settle(walk.pilot)
        await walk.look(f"{game} table")

    await _walk(size, _app(session), steps)


def _finished(game: str, players: int):
    rules = find_rules(game, rounds=2)
    return play_match(rules, [make_bot("easy")] * players, seed=17)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game,players", [("koikoi", 2), ("hana-awase", 3), ("sakura", 4)])
async def test_the_round_result(size: tuple[int, int], game: str, players: int) -> None:
    timeline = _finished(game, players)
    event = next(e for e in timeline.events if isinstance(e, RoundEnded) and any(e.points))

    async def steps(walk: Walk) -> None:
        state = timeline.last
        await walk.pilot.app.push_screen(RoundResultScreen(event, state.players, state.rules))
        await walk.look(f"{game} round result")

    await _walk(size, _app(), steps)


def _saved_games(directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for name, game, n, seed in [("a.hana", "koikoi", 2, 2), ("b.hana", "bakappana", 3, 3)]:
        rules = find_rules(game, rounds=2)
        seats = tuple(
            Player(name="Ann") if i == 0 else Player(name=f"Bot {i}", kind="bot", bot="easy")
            for i in range(n)
        )
        timeline = play_match(rules, [make_bot("easy")] * n, seed=seed, players=seats)
        header = header_for(timeline.events, created="2026-03-05T12:00:00+00:00")
        (directory / name).write_bytes(encode_log(header, timeline.events))


@pytest.mark.parametrize("size", SIZES)
async def test_the_games_played_and_a_replay(size: tuple[int, int], isolated_dirs: Path) -> None:
    _saved_games(isolated_dirs / "games")

    async def steps(walk: Walk) -> None:
        pilot = walk.pilot
        await pilot.press("g")
        await pilot.app.workers.wait_for_complete()
        await walk.look("games played")
        await pilot.press("t")
        await walk.look("games played: stats")
        await pilot.press("t")
        await pilot.press("o")
        await walk.look("open a file")
        await pilot.press("escape")
        await pilot.press("enter")
        await pilot.app.workers.wait_for_complete()
        await walk.look("replay at its start")
        for _ in range(7):
            await pilot.press("right")
        await walk.look("replay after seven moves")
        await pilot.press("m")
        await walk.look("replay's moves")
        await pilot.press("m")
        await pilot.press("question_mark")
        await walk.look("replay's keys")
        await pilot.press("escape")
        await pilot.press("g")
        await walk.look("go to")
        await pilot.press("escape")
        await pilot.press("e")
        await walk.look("share")
        await pilot.press("escape")
        await pilot.press("f")
        await walk.look("play on")
        await pilot.press("escape")

    await _walk(size, _app(), steps)
