"""The games-played screen: the list, sorting, opening, deleting, opening by path, statistics."""

from __future__ import annotations

import shutil
from pathlib import Path

from core.logfile import encode_log, header_for
from core.players import Player
from core.rules import find_rules
from hanatui.app.app import HanaApp
from hanatui.app.screens.errors import BadFileDialog
from hanatui.app.screens.history import ConfirmDialog, HistoryScreen, OpenFileDialog
from hanatui.app.screens.replay.screen import ReplayScreen
from hanatui.arena.selfplay import play_match
from hanatui.bots import make_bot

from .helpers import settings

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
SIZE = (120, 40)


def _game(directory: Path, name: str, game: str, levels: list[str], seed: int, day: int) -> None:
    rules = find_rules(game, rounds=2)
    players = tuple(
        Player(name="You") if i == 0 else Player(name=f"CPU {i}", kind="bot", bot=level)
        for i, level in enumerate(levels)
    )
    timeline = play_match(rules, [make_bot(level) for level in levels], seed=seed, players=players)
    header = header_for(timeline.events, created=f"2026-03-{day:02d}T12:00:00+00:00")
    (directory / name).write_bytes(encode_log(header, timeline.events))


def _history(isolated_dirs: Path) -> Path:
    games = isolated_dirs / "games"
    games.mkdir(parents=True)
    _game(games, "a.hana", "bakappana", ["easy", "random"], 1, 3)
    _game(games, "b.hana", "koikoi", ["easy", "easy"], 2, 5)
    _game(games, "c.hana", "bakappana", ["easy", "easy", "random"], 3, 4)
    (games / "broken.hana").write_bytes(b'{"format":"hanatui","version":1}\n{"type":')
    return games


async def _open(pilot) -> HistoryScreen:
    await pilot.press("g")
    screen = pilot.app.screen
    assert isinstance(screen, HistoryScreen)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()
    return screen


def _names(screen: HistoryScreen) -> list[str]:
    from hanatui.app.screens.history import DataTable

    table = screen.query_one("#games", DataTable)
    return [Path(str(key.value)).name for key in table.rows]


def app() -> HanaApp:
    return HanaApp(settings=settings(), save=False)


async def test_the_list_shows_every_game_newest_first_and_sorts(isolated_dirs):
    _history(isolated_dirs)
    async with app().run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        assert _names(screen) == ["b.hana", "c.hana", "a.hana", "broken.hana"]
        text = "\n".join(s.text for s in screen._compositor.render_strips())
        assert "Koi-koi" in text and "Bakappana" in text and "2026-03-05" in text
        assert "unreadable" in text and "2 rounds" in text
        await pilot.press("r")  # oldest first
        assert _names(screen)[:3] == ["a.hana", "c.hana", "b.hana"]
        await pilot.press("s")  # by game
        assert screen.sort_column == "game"
        games = [name for name in _names(screen) if name != "broken.hana"]
        assert games[-1] == "b.hana"  # koikoi after bakappana
        await pilot.click("#games", offset=(95, 0))  # the heading of "length"
        await pilot.pause()
        assert screen.sort_column == "length"


async def test_enter_opens_the_viewer_and_a_broken_game_opens_the_error_dialog(isolated_dirs):
    _history(isolated_dirs)
    async with app().run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ReplayScreen)
        assert pilot.app.screen.path is not None and pilot.app.screen.path.name == "b.hana"
        await pilot.press("escape")
        assert pilot.app.screen is screen
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, BadFileDialog)
        await pilot.press("escape")
        assert pilot.app.screen is screen


async def test_delete_asks_first(isolated_dirs):
    games = _history(isolated_dirs)
    async with app().run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)
        await pilot.press("n")
        assert (games / "b.hana").exists() and pilot.app.screen is screen
        await pilot.press("delete")
        await pilot.pause()
        await pilot.press("y")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert not (games / "b.hana").exists()
        assert "b.hana" not in _names(screen) and len(_names(screen)) == 3


async def _type_path(pilot, path: Path) -> None:
    """``path`` into the open-a-file dialog, then enter: the path's first characters typed key
    by key, the rest pasted (a long temporary path typed whole took some ten seconds)."""
    from textual.widgets import Input

    text = str(path)
    await pilot.press(*text[:3])
    field = pilot.app.screen.query_one(Input)
    field.insert_text_at_cursor(text[3:])
    await pilot.press("enter")
    await pilot.pause()


async def test_any_file_opens_by_its_path(isolated_dirs, tmp_path):
    elsewhere = tmp_path / "shared"
    elsewhere.mkdir()
    shutil.copy(REPLAYS / "bakappana-2p-seed20.hana", elsewhere / "from a friend.hana")
    async with app().run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        assert _names(screen) == []
        assert "No games yet" in "\n".join(s.text for s in screen._compositor.render_strips())
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(pilot.app.screen, OpenFileDialog)
        await _type_path(pilot, elsewhere / "from a friend.hana")
        viewer = pilot.app.screen
        assert isinstance(viewer, ReplayScreen) and viewer.path == elsewhere / "from a friend.hana"
        await pilot.press("escape", "o")
        await pilot.pause()
        await _type_path(pilot, elsewhere / "missing.hana")
        assert isinstance(pilot.app.screen, BadFileDialog)
        assert pilot.app.screen.problem.reason == "no such file"


async def test_statistics_show_tables_and_charts(isolated_dirs):
    _history(isolated_dirs)
    async with app().run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        await pilot.press("t")
        await pilot.pause()
        from textual.widgets import DataTable

        games = screen.query_one("#stats-games", DataTable)
        assert games.row_count == 2  # Bakappana and Koi-koi
        opponents = screen.query_one("#stats-opponents", DataTable)
        assert opponents.row_count >= 2  # easy and random
        text = "\n".join(s.text for s in screen._compositor.render_strips())
        assert "Points per round" in text and "6 rounds" in text and "█" in text


async def test_the_title_screen_opens_this_screen(isolated_dirs):
    async with app().run_test(size=SIZE) as pilot:
        await pilot.press("g")
        assert isinstance(pilot.app.screen, HistoryScreen)
        await pilot.press("escape")
        assert not isinstance(pilot.app.screen, HistoryScreen)


def test_a_wrapped_list_of_players_keeps_every_comma_within_the_column():
    """A line that filled the column exactly lost the comma after it to the column's edge
    ("Easy 3 845" / "Random 4 623"): the comma counts in the line's width."""
    from rich.cells import cell_len

    from hanatui.app.screens.history import wrap_names

    parts = ["Easy 1 986", "Random 2 714", "Easy 3 845", "Random 4 623"]
    wrapped = wrap_names(parts, 36)
    assert all(cell_len(line) <= 36 for line in wrapped.split("\n")), wrapped
    assert wrapped.replace("\n", " ") == ", ".join(parts)


def test_the_result_and_length_wrap_to_their_columns():
    """Two winners' names ("Easy 2 and Easy 4 tie") or an unfinished game's length ("3 of 12
    rounds, 140 moves") were longer than their 20 columns and cut off."""
    from rich.cells import cell_len

    from hanatui.app.screens.history import COLUMN_WIDTHS, wrap_words

    for text in ("Easy 2 and Easy 4 tie", "3 of 12 rounds, 140 moves", "Aki wins"):
        wrapped = wrap_words(text, COLUMN_WIDTHS["result"])
        assert all(cell_len(line) <= 20 for line in wrapped.split("\n")), wrapped
        assert wrapped.replace("\n", " ") == text
    assert wrap_words("Aki wins", 20) == "Aki wins"


async def test_the_statistics_tab_does_not_act_on_the_hidden_list(isolated_dirs):
    """On the statistics tab the games list is out of sight: d asked to delete the game
    selected in it, s and r sorted it, and the footer offered them. They belong to the games
    tab only; t brings them back."""
    from hanatui.app.common import HanaFooter

    _history(isolated_dirs)
    async with app().run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        order = _names(screen)
        await pilot.press("t")
        await pilot.pause()
        footer = screen.query_one(HanaFooter).render().plain
        for key in (" d Delete ", " s Sort ", " r Reverse "):
            assert key not in footer, footer
        assert " t Games/stats " in footer and " o Open file... " in footer
        await pilot.press("d", "s", "r")
        await pilot.pause()
        assert pilot.app.screen is screen  # no dialog asking to delete
        assert _names(screen) == order
        await pilot.press("t")
        await pilot.pause()
        assert " d Delete " in screen.query_one(HanaFooter).render().plain
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)


async def test_the_list_fits_80_columns_and_resizing_redraws_it(isolated_dirs):
    """At 80x24 the columns added up to 112: the result and the length began off-screen, and
    the list scrolled sideways. Under that width the columns are narrower and wrap (a row
    grows), every word still there; resizing to 120 columns brings the wide columns back."""
    from textual.widgets import DataTable

    _history(isolated_dirs)
    async with app().run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        table = screen.query_one("#games", DataTable)
        assert table.max_scroll_x == 0, table.virtual_size
        assert table.region.right <= 80
        text = "\n".join(s.text for s in screen._compositor.render_strips())
        assert "result" in text and "length" in text
        assert "2 rounds," in text and "moves" in text  # the length column, wrapped
        assert "win" in text or "tie" in text  # the result column
        assert "2026-03-05" in text and "12:00" in text  # the date, on two lines
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert table.max_scroll_x == 0
        text = "\n".join(s.text for s in screen._compositor.render_strips())
        assert "players and points" in text and "2 rounds, " in text


def test_a_name_longer_than_the_column_breaks_and_loses_nothing():
    """A player's name runs to 40 characters: in a narrow column it breaks between its words,
    and a word longer than the column is broken itself, never cut off."""
    from rich.cells import cell_len

    from hanatui.app.screens.history import wrap_names, wrap_words

    parts = ["Bartholomew Longername-Fitzwilliam 12", "Easy 2 -5"]
    wrapped = wrap_names(parts, 20)
    assert all(cell_len(line) <= 20 for line in wrapped.split("\n")), wrapped
    assert wrapped.replace("\n", "").replace(" ", "") == ", ".join(parts).replace(" ", "")
    assert wrap_words("Longername-Fitzwilliam", 10).split("\n") == [
        "Longername",
        "-Fitzwilli",
        "am",
    ]


async def test_the_empty_list_points_to_what_an_installed_app_has(isolated_dirs):
    """With no games the note pointed to "the samples in replays/", a folder of the source
    checkout that an installed hanatui does not have: it says where the games will be and how
    to open a log from elsewhere, true wherever hanatui runs."""
    from textual.widgets import Static

    async with app().run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        note = str(screen.query_one("#games-note", Static).content)
        assert note.startswith("No games yet: finished games are kept in ")
        assert "replays/" not in note
        assert "Press o to open a game log (.hana) by its path" in note


def test_the_points_histogram_names_each_round_score_in_one_bucket():
    """Round scores are whole points: the buckets hold whole points and say which, so that
    each score is under one label. Equal buckets of 1.25 points had been named "+0 to +1",
    "+1 to +2", "+2 to +4", with a round of +1 under the first and one of +4 under "+4 to
    +5" as well as "+2 to +4"."""
    import re
    from collections import Counter

    from hanatui.store.history import Statistics

    def chart(points: list[int]) -> list[tuple[str, int]]:
        stats = Statistics(
            games={},
            by_opponent={},
            rounds=len(points),
            round_points=points,
            yaku=Counter(),
            yaku_names={},
            koikoi_outcomes=Counter(),
        )
        rows = HistoryScreen._points_chart(stats).plain.split("\n")[1:]
        out = []
        for row in rows:
            found = re.match(r"\s*([+-]\d+(?: to [+-]\d+)?)\s.*\s(\d+)$", row)
            assert found, row
            out.append((found.group(1), int(found.group(2))))
        return out

    assert chart([0] * 10 + [4, 10]) == [
        ("+0 to +1", 10),
        ("+2 to +3", 0),
        ("+4 to +5", 1),
        ("+6 to +7", 0),
        ("+8 to +9", 0),
        ("+10", 1),
    ]
    assert chart([1, 2, 2, 3]) == [("+1", 1), ("+2", 2), ("+3", 1)]
    assert chart([5, 5]) == [("+5", 2)]
    for points in ([-30, -5, 0, 0, 12], list(range(-7, 40, 3))):
        rows = chart(points)
        assert sum(count for _label, count in rows) == len(points)
        for p in points:  # each score under exactly one label
            holding = []
            for label, _count in rows:
                ends = [int(x) for x in label.split(" to ")]
                if ends[0] <= p <= ends[-1]:
                    holding.append(label)
            assert len(holding) == 1, (p, rows)
