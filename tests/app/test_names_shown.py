"""A player who chose no name is stored as "You" and shown by the reader's own word for it
(`hanatui.text.words.shown_name`), and spoken to, wherever the app names them: the title's game
to resume, the question before a new game replaces an unfinished one, the games played, and the
replay's review (the analysis, its verdicts, comments, sharing, learn mode)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from core.logfile import encode_log, header_for
from core.rules import find_rules
from hanatui.app.app import HanaApp
from hanatui.app.screens.dialogs import UnfinishedDialog
from hanatui.app.screens.history import HistoryScreen
from hanatui.app.screens.table.screen import TableScreen
from hanatui.app.screens.title import TitleMenu, TitleScreen
from hanatui.arena.selfplay import play_match
from hanatui.bots import make_bot
from hanatui.text.i18n import language_scope, pgettext

from .helpers import players, settings
from .test_play import settle
from .test_replay import screen_text


async def test_an_unfinished_game_names_you_in_the_language(isolated_dirs: Path) -> None:
    rules = find_rules("koikoi")
    with language_scope("es"):
        you = pgettext("player name", "You")
        assert you == "Tú"
        app = HanaApp(settings=settings(), play=(rules, players(2), 5))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            resume = app.screen.query_one(TitleMenu).resume_info or ""
            assert f"{you} 0" in resume and "You" not in resume, resume
            app.start_game(rules, players(2), seed=6)
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, UnfinishedDialog)
            assert f"{you} 0" in dialog.summary and "You" not in dialog.summary, dialog.summary
            await pilot.press("escape")


def _you_played(directory: Path) -> None:
    """A game of one round saved where the games played are, its first seat "You"."""
    directory.mkdir(parents=True)
    rules = find_rules("koikoi", rounds=1)
    timeline = play_match(rules, [make_bot("easy")] * 2, seed=3, players=players(2))
    header = header_for(timeline.events, created="2026-03-05T12:00:00+00:00")
    (directory / "a.hana").write_bytes(encode_log(header, timeline.events))


async def test_the_games_played_name_you_in_the_language(isolated_dirs: Path) -> None:
    _you_played(isolated_dirs / "games")
    with language_scope("pl"):
        app = HanaApp(settings=settings(), save=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("g")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            table = app.screen.query_one("#games", DataTable)
            row = " ".join(str(cell) for cell in table.get_row_at(0))
            assert "Ty " in row and "You" not in row, row


async def test_the_review_names_you_in_the_language(isolated_dirs: Path) -> None:
    from hanatui.app.screens.replay.learn import LearnScreen
    from hanatui.app.screens.replay.screen import ReplayScreen

    _you_played(isolated_dirs / "games")
    english: dict[str, list[str]] = {}
    with language_scope("es"):
        app = HanaApp(settings=settings(), save=False)
        async with app.run_test(size=(120, 40)) as pilot:

            async def look(name: str) -> str:
                await pilot.pause()
                await pilot.pause()
                text = screen_text(pilot)
                lines = [line for line in text.splitlines() if "You" in line]
                if lines:
                    english[name] = lines
                return text

            await pilot.pause()
            await pilot.press("g")
            await app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.press("enter")
            await app.workers.wait_for_complete()
            replay = app.screen
            assert isinstance(replay, ReplayScreen)
            for _turn in range(7):
                await pilot.press("right")
            await look("replay")
            for key, name in [("e", "share"), ("escape", ""), ("f", "play on"), ("escape", "")]:
                await pilot.press(key)
                if name:
                    await look(name)
            await pilot.press("a")
            assert "Analizar: Tú" in await look("analysis")
            await pilot.press("enter")  # the seat in view: the first, "You"
            await pilot.pause()
            await app.workers.wait_for_complete()
            assert replay.analysis is not None and 0 in replay.analysis.seats
            assert "Evaluación · Tú" in await look("analysed")
            await pilot.press("n")
            assert "Tú: error" in await look("the next mistake")
            await pilot.press("c")
            assert "1. Tú" in await look("a comment")
            await pilot.press("escape")
            await pilot.press("t")
            await pilot.pause()
            assert isinstance(app.screen, LearnScreen)
            assert "Aquí cometiste" in await look("learn")
    assert not english, english
