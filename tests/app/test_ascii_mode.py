"""ASCII mode prints only ASCII on every screen a player reaches: the title, the new-game form,
settings, the rules, the games list, the table with its dialogs, the help and the score sheet."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from hanatui.app.app import HanaApp
from hanatui.store.settings import Settings


def _shown(app: HanaApp) -> str:
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r">([^<]*)</text>", svg))).replace("\xa0", " ")


def _non_ascii(text: str) -> str:
    return "".join(sorted({ch for ch in text if ord(ch) > 127}))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_screen_prints_only_ascii(size: tuple[int, int]) -> None:
    from .helpers import new_session
    from .test_play import settle

    app = HanaApp(settings=Settings(ascii=True, pace=0.0), save=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        seen: dict[str, str] = {}

        async def look(name: str) -> None:
            await pilot.pause()
            await pilot.pause()
            seen[name] = _non_ascii(_shown(app))

        await look("title")
        for key, name in (("n", "new game"), ("s", "settings"), ("r", "rules"), ("g", "games")):
            await pilot.press(key)
            await look(name)
            await pilot.press("escape")
            await pilot.pause()
        app.open_session(new_session("koikoi", 2))
        await settle(pilot)
        await look("table")
        for key, name in (("t", "scores"), ("question_mark", "help"), ("g", "log")):
            await pilot.press(key)
            await look(name)
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("escape")  # back to the title over a game in progress
        await look("title with a game")
        assert not {k: v for k, v in seen.items() if v}, seen


def _dialog(game: str, n: int, phase: str, hiki: bool = False):
    from core.actions import DeclareHiki
    from core.engine import legal_actions

    from .helpers import session_where

    def wanted(state) -> bool:
        if state.phase != phase:
            return False
        return not hiki or any(isinstance(a, DeclareHiki) for a in legal_actions(state))

    return session_where(game, n, wanted)


@pytest.mark.parametrize(
    "case",
    [
        ("bakappana", 2, "choose", False),
        ("koikoi", 2, "decide", False),
        ("sakura", 3, "play", True),
    ],
    ids=["capture", "koikoi", "hiki"],
)
async def test_decision_dialogs_print_only_ascii(case: tuple[str, int, str, bool]) -> None:
    from .test_play import settle

    app = HanaApp(settings=Settings(ascii=True, pace=0.0), save=False, session=_dialog(*case))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        assert len(app.screen_stack) > 2, "the decision's dialog is open"
        assert not _non_ascii(_shown(app))


async def test_the_replay_viewer_prints_only_ascii() -> None:
    from pathlib import Path

    from hanatui.app.screens.replay.screen import ReplayScreen
    from hanatui.store.files import read_log_file

    path = Path(__file__).resolve().parents[2] / "replays" / "koikoi-2p-commented-seed4.hana"
    app = HanaApp(settings=Settings(ascii=True, pace=0.0), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.app.push_screen(ReplayScreen(read_log_file(path), path))
        for _ in range(3):
            await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        assert not _non_ascii(_shown(app))


async def test_ascii_rules_are_read_only_when_ascii_mode_is_turned_on() -> None:
    """Without ASCII mode its stylesheet is never parsed; turned on while the app runs, its
    rules are read then and every box is drawn in ASCII at once."""
    app = HanaApp(settings=Settings(pace=0.0), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        sources = {Path(path).name for path, _ in app.stylesheet.source}
        assert "hanatui-ascii.tcss" not in sources
        menu = app.screen.query_one("#menu")
        assert menu.styles.border_top[0] != "ascii"
        app.set_ascii(True)
        await pilot.pause()
        assert menu.styles.border_top[0] == "ascii"
        app.set_ascii(False)
        await pilot.pause()
        assert menu.styles.border_top[0] != "ascii"
