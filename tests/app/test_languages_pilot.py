"""The pseudo-language drives the app's screens at 80x24 and 120x40: every message whole (its
``«`` and ``»`` both shown), no widget past its box, and no English a player would read that did
not come through a catalog.

The pseudo-language (`hanatui.text.i18n.PSEUDO`) makes every message 40 % longer than its English
and accents it: a screen that holds it holds Polish and Spanish, whose words are longer than
English too. Each test walks one part of the app as a player would, by its keys, and checks each
screen it reaches (tests/app/longer_words.py says how).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from functools import cache
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import TabbedContent

from core.events import MatchEnded, RoundEnded
from core.logfile import encode_log, header_for
from core.players import Player
from core.rules import find_rules
from hanatui.app.app import HanaApp
from hanatui.app.screens.decisions import HandOverScreen, HikiDialog
from hanatui.app.screens.dialogs import HelpScreen
from hanatui.app.screens.history import HistoryScreen, OpenFileDialog
from hanatui.app.screens.info import RulesScreen, SettingsScreen
from hanatui.app.screens.net import JoinScreen, LobbyScreen
from hanatui.app.screens.newgame import NewGameScreen
from hanatui.app.screens.replay.dialogs import ForkDialog, GotoDialog, ReplayHelp, ShareDialog
from hanatui.app.screens.replay.learn import LearnScreen
from hanatui.app.screens.replay.review_dialogs import AnalysisDialog
from hanatui.app.screens.replay.screen import ReplayScreen
from hanatui.app.screens.results import MatchResultScreen, RoundResultScreen
from hanatui.arena.selfplay import play_match
from hanatui.bots import make_bot
from hanatui.session.session import Session
from hanatui.text.i18n import PSEUDO, language_scope

from .helpers import new_session, session_where, settings
from .longer_words import english_words, screen_problems, widget_text
from .test_play import settle

pytestmark = pytest.mark.slow

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
#: The walks that Polish and Spanish take too, at the narrower size (the table, its dialogs and
#: the results have their own tests in both at both sizes: tests/app/test_table_languages.py,
#: test_words_layout.py)
CODES = pytest.mark.parametrize(
    "size,code",
    [
        pytest.param((80, 24), PSEUDO, id="qps-80x24"),
        pytest.param((120, 40), PSEUDO, id="qps-120x40"),
        pytest.param((80, 24), "pl", id="pl-80x24"),
        pytest.param((80, 24), "es", id="es-80x24"),
    ],
)

Step = Callable[[Pilot[None]], Awaitable[None]]


class Walk:
    """The screens one walk reached, and what was wrong on each."""

    def __init__(self, pilot: Pilot[None], code: str = PSEUDO, here: Path | None = None) -> None:
        self.pilot = pilot
        #: the words of this test's own directory, which the files' paths shown are in (pytest
        #: names it after the test, and under xdist after the worker)
        self.here = frozenset(re.findall(r"[A-Za-z]{3,}", str(here or "")))
        #: the language walked in: the pseudo-language's messages are also read whole and for
        #: English; a real language's screens for their boxes alone
        self.pseudo = code == PSEUDO
        self.problems: dict[str, list[str]] = {}
        self.english: dict[str, set[str]] = {}

    async def look(self, name: str, shown: type | None = None) -> None:
        """Check the screen in front now, ``shown`` (its type) when given."""
        await self.pilot.pause()
        await self.pilot.pause()
        screen = self.pilot.app.screen
        if shown is not None:
            assert isinstance(screen, shown), (name, screen)
        self._check(name, screen)
        # what a longer language pushed below the fold is seen too: each scrolling part of the
        # screen, page by page (a DataTable scrolls its own rows, which are all drawn anyway)
        for part in list(screen.query("*")):
            if not part.allow_vertical_scroll or part.max_scroll_y <= 0:
                continue
            if part not in screen._compositor.visible_widgets or type(part).__name__ == "DataTable":
                continue
            step = max(1, part.scrollable_content_region.height - 1)
            for y in range(step, part.max_scroll_y + step, step):
                part.scroll_to(y=min(y, part.max_scroll_y), animate=False, immediate=True)
                await self.pilot.pause()
                self._check(f"{name}, scrolled to {y}", screen)
            part.scroll_home(animate=False, immediate=True)

    def _check(self, name: str, screen) -> None:
        found = screen_problems(screen, pseudo=self.pseudo)
        if found:
            self.problems[name] = found
        words = self.english.setdefault(name.split(",")[0], set())
        for widget in screen._compositor.visible_widgets:
            if widget is not screen and not any(c.display for c in widget.children):
                words |= english_words(widget_text(widget))

    def check(self) -> None:
        assert not self.problems, "\n".join(
            f"{name}:\n  " + "\n  ".join(found) for name, found in self.problems.items()
        )
        if not self.pseudo:
            return
        known = _not_prose() | self.here
        leaked = {name: sorted(words - known) for name, words in self.english.items()}
        assert not any(leaked.values()), "English no catalog gave: " + "; ".join(
            f"{name}: {' '.join(words)}" for name, words in leaked.items() if words
        )


@cache
def _not_prose() -> frozenset[str]:
    """The Latin words a screen shows that are no sentence of ours, in every language: key
    names, the games' and programs' names, ids typed on the command line (presets, levels,
    themes), the players' and files' names of these tests, and the Japanese names in romaji."""
    from core.cards import CARDS, MONTHS, Kind
    from core.names import YAKU_NAMES
    from core.rules import presets
    from hanatui.app.screens.newgame import available_games
    from hanatui.bots import BOTS

    words: set[str] = set()
    # keys, and --preset
    words.update(
        ["esc", "escape", "enter", "space", "ctrl", "tab", "Home", "End", "PgUp", "PgDn", "preset"]
    )
    # the games
    words.update(
        ["hanatui", "hanafuda", "Hana", "awase", "Koi", "koi", "koikoi", "Bakappana", "Sakura"]
    )
    # the players of these tests (bots named by their level)
    words.update(["Ann", "Bot", "Aki", "Ben", "CPU", "Easy"])
    # files' paths
    words.update(
        [
            "tmp",
            "pytest",
            "root",
            "popen",
            "shared",
            "data",
            "anonymised",
            "games",
            "broken",
            "hana",
        ]
    )
    # names of things and people; eight in romaji
    words.update(["JSON", "Nintendo", "FudaWiki", "fudawiki", "bga", "Michikaze", "Ono", "chi"])
    ids = [*BOTS, *available_games(), "hana-night", "hana-washi"]
    ids += [preset for game in available_games() for preset in presets(game)]
    names = [card.names for card in CARDS] + list(MONTHS) + [kind.names for kind in Kind]
    for name in [*names, *YAKU_NAMES.values()]:
        ids += [name.romaji, *name.aliases]
    for text in ids:
        words.update(re.findall(r"[A-Za-z]{3,}", text))
    return frozenset(words)


def _app(session: Session | None = None) -> HanaApp:
    return HanaApp(settings=settings(theme="hana-night"), save=False, session=session)


async def _walk(
    size: tuple[int, int],
    app: HanaApp,
    steps: Callable[[Walk], Awaitable[None]],
    code: str = PSEUDO,
    here: Path | None = None,
) -> Walk:
    with language_scope(code):
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            walk = Walk(pilot, code, here)
            await steps(walk)
    walk.check()
    return walk


@CODES
async def test_the_menus(size: tuple[int, int], code: str) -> None:
    async def steps(walk: Walk) -> None:
        pilot = walk.pilot
        await walk.look("title")
        await pilot.press("n")
        await walk.look("new game", NewGameScreen)
        await pilot.press("escape")
        await pilot.app.push_screen(SettingsScreen())
        await walk.look("settings")
        await pilot.press("escape")
        await pilot.app.push_screen(HelpScreen())
        await walk.look("help")
        await pilot.press("escape")
        await pilot.press("j")
        await walk.look("join a table", JoinScreen)
        await pilot.press("escape")

    await _walk(size, _app(), steps, code)


@CODES
async def test_the_rules_pages(size: tuple[int, int], code: str) -> None:
    async def steps(walk: Walk) -> None:
        pilot = walk.pilot
        await pilot.app.push_screen(RulesScreen())
        await pilot.pause()
        tabs = pilot.app.screen.query_one(TabbedContent)
        for pane in list(tabs.query("TabPane")):
            tabs.active = pane.id or ""
            await walk.look(f"rules {pane.id}")

    await _walk(size, _app(), steps, code)


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


@CODES
async def test_the_games_played_and_a_replay(
    size: tuple[int, int], code: str, isolated_dirs: Path
) -> None:
    _saved_games(isolated_dirs / "games")

    async def steps(walk: Walk) -> None:
        pilot = walk.pilot
        await pilot.press("g")
        await pilot.app.workers.wait_for_complete()
        await walk.look("games played", HistoryScreen)
        await pilot.press("t")
        await walk.look("games played: stats")
        await pilot.press("t")
        await pilot.press("o")
        await walk.look("open a file", OpenFileDialog)
        await pilot.press("escape")
        await pilot.press("enter")
        await pilot.app.workers.wait_for_complete()
        await walk.look("replay at its start", ReplayScreen)
        for _ in range(7):
            await pilot.press("right")
        await walk.look("replay after seven moves")
        await pilot.press("v")
        await walk.look("replay, every hand")
        await pilot.press("s")
        await walk.look("replay, every hand, from the next seat")
        await pilot.press("v")
        await pilot.press("a")
        await walk.look("analysis", AnalysisDialog)
        await pilot.press("escape")
        await pilot.press("m")
        await walk.look("replay's moves")
        await pilot.press("m")
        await pilot.press("question_mark")
        await walk.look("replay's keys", ReplayHelp)
        await pilot.press("escape")
        await pilot.press("g")
        await walk.look("go to", GotoDialog)
        await pilot.press("escape")
        await pilot.press("e")
        await walk.look("share", ShareDialog)
        await pilot.press("escape")
        await pilot.press("f")
        await walk.look("play on", ForkDialog)
        await pilot.press("escape")

    await _walk(size, _app(), steps, code, isolated_dirs)


def _hiki_session() -> Session:
    from core.actions import DeclareHiki
    from core.engine import legal_actions

    def hiki(state) -> bool:
        legal = legal_actions(state)
        return state.phase == "play" and any(isinstance(a, DeclareHiki) for a in legal)

    return session_where("sakura", 3, hiki)


@pytest.mark.parametrize("size", SIZES)
async def test_the_hiki_dialog_and_the_hand_over(size: tuple[int, int]) -> None:
    async def hiki(walk: Walk) -> None:
        await settle(walk.pilot)
        await walk.look("sakura table, hiki to declare", HikiDialog)

    await _walk(size, _app(_hiki_session()), hiki)
    two = new_session("bakappana", 2, humans=2, seed=8, names=("Aki", "Ben"))

    async def hand_over(walk: Walk) -> None:
        await settle(walk.pilot)
        await walk.look("hand over", HandOverScreen)

    await _walk(size, _app(two), hand_over)


@pytest.mark.parametrize("size", SIZES)
async def test_the_end_of_a_match(size: tuple[int, int]) -> None:
    timeline = _finished("koikoi", 2)
    final = timeline.events[-1]
    assert isinstance(final, MatchEnded)
    state = timeline.last

    async def steps(walk: Walk) -> None:
        app = walk.pilot.app
        await app.push_screen(MatchResultScreen(final, state.players, state.history, None))
        await walk.look("match result")

    await _walk(size, _app(), steps)


@pytest.mark.parametrize("size", SIZES)
async def test_a_file_that_is_not_a_game(size: tuple[int, int]) -> None:
    from core.errors import CorruptLogError
    from core.logfile import read_log
    from hanatui.app.screens.errors import BadFileDialog, describe_problem

    data = b'{"format":"hanatui","version":4}\n{"type":\n'
    with pytest.raises(CorruptLogError) as refused:
        read_log(data)

    async def steps(walk: Walk) -> None:
        # described in the language in use, as the app describes a file it is opening
        problem = describe_problem("/games/broken.hana", refused.value, data)
        await walk.pilot.app.push_screen(BadFileDialog(problem))
        await walk.look("a file that is not a game")

    await _walk(size, _app(), steps)


@pytest.mark.parametrize("size", SIZES)
async def test_hosting_a_table(size: tuple[int, int]) -> None:
    from core.players import Player

    app = HanaApp(settings=settings(theme="hana-night", name="Ann"), save=False)

    async def steps(walk: Walk) -> None:
        pilot = walk.pilot
        await app.host_table(find_rules("koikoi"), (Player(name="Ann"), Player(name="Seat 2")))
        for _ in range(500):
            screen = app.screen
            if isinstance(screen, LobbyScreen) and screen.session.lobby is not None:
                break
            await pilot.pause(0.01)
        await walk.look("hosting a table", LobbyScreen)
        await pilot.press("escape")
        await pilot.pause()

    await _walk(size, app, steps)


@pytest.mark.parametrize("size", SIZES)
async def test_learning_from_a_mistake(size: tuple[int, int], learned) -> None:
    log, analysis = learned

    async def steps(walk: Walk) -> None:
        await walk.pilot.app.push_screen(LearnScreen(log, analysis, 0))
        await walk.look("learn: the question", LearnScreen)
        await walk.pilot.press("s")
        await walk.look("learn: the solution")

    await _walk(size, _app(), steps)


@pytest.fixture(scope="module")
def learned():
    from hanatui.analysis import Analyser
    from tests.analysis.test_scripted_blunder import scripted_round

    log, index = scripted_round()
    return log, Analyser(log, seats=[0], budget=1000, indexes=[index]).run()
