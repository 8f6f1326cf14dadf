"""The replay viewer's review: the analysis (cached, run in the background, cancelled), the marks
in the move list, the lines under the board, the evaluation graph, jumping to mistakes, and
comments written into the file from the viewer.

Small budgets keep the analyses fast; `cached` writes a real sidecar beside a copy of a log so
the viewer loads it as it would any cached analysis.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input, OptionList, Select, Static

from core.cards import cards_of
from core.logfile import Comment, read_log
from hanatui.analysis import Analyser, cache
from hanatui.app.app import HanaApp
from hanatui.app.screens.replay.render import move_line
from hanatui.app.screens.replay.review_dialogs import AnalysisDialog, CommentDialog
from hanatui.app.screens.replay.review_render import evaluation_chart, progress_line
from hanatui.app.screens.replay.screen import MoveList, ReplayScreen
from hanatui.store.files import read_log_file
from hanatui.text.export import player_view
from hanatui.text.story import hidden_from, mentions_hidden

from .helpers import settings

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
SAMPLE = REPLAYS / "koikoi-2p-commented-seed4.hana"
SIZE = (120, 40)
BUDGET = 10


def app(**kw: object) -> HanaApp:
    return HanaApp(settings=settings(theme="hana-night", **kw), save=False)


def copy(tmp_path: Path, source: Path = SAMPLE) -> Path:
    path = tmp_path / source.name
    shutil.copyfile(source, path)
    return path


def cached(tmp_path: Path, seats=(0,), budget: int = BUDGET, source: Path = SAMPLE) -> Path:
    """A copy of a sample with the analysis of ``seats`` cached beside it."""
    path = copy(tmp_path, source)
    log = read_log_file(path)
    result = Analyser(log, seats=seats, budget=budget).run()
    cache.save(path, log, budget, result.decisions)
    return path


async def open_viewer(pilot, path: Path, budget: int | None = None) -> ReplayScreen:
    screen = ReplayScreen(read_log_file(path), path, budget=budget)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    await pilot.pause()
    return screen


def text_of(widget: Static) -> str:
    return str(widget.content)


def screen_text(pilot) -> str:
    return "\n".join(strip.text for strip in pilot.app.screen._compositor.render_strips())


def send_key(app: HanaApp, key: str) -> None:
    """A key as the terminal sends it: ``Pilot.press`` waits for the app to go idle, which it
    does not while an analysis computes."""
    event = events.Key(key, key if len(key) == 1 else None)
    event.set_sender(app)
    assert app._driver is not None
    app._driver.send_message(event)


async def until(pilot, condition, tries: int = 3000) -> bool:
    for _ in range(tries):
        if condition():
            return True
        await pilot.pause(0.01)
    return False


# --- the analysis ---------------------------------------------------------------------------------


async def test_a_cached_analysis_shows_at_once_with_marks_and_the_evaluation_graph(tmp_path):
    path = cached(tmp_path)
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, path)
        a = screen.analysis
        assert a is not None and a.complete and a.seats == (0,)
        assert not screen.analysing and not list(pilot.app.workers)  # nothing was computed
        # the graph beside the score chart, for the seat in view, with the cursor under it
        graph = screen.query_one("#evaluation", Static)
        assert graph.display
        assert "Evaluation" in str(graph.border_title) and "Normal 1" in str(graph.border_title)
        # at the opening nothing is decided yet: nothing of the game to come is drawn
        assert "Nothing evaluated" in text_of(graph) and "avg loss 0.00" in text_of(graph)
        screen.seek(a.decisions[-1].index + 1)
        await pilot.pause()
        assert "^" in text_of(graph) and "avg loss" in text_of(graph)
        # the move list: every analysed move of this round carries its class's mark
        flagged = next(d for d in a.decisions if a.mark_of(d))
        screen.seek(flagged.index + 1)
        await pilot.pause()
        moves = screen.query_one("#moves", MoveList)
        row = screen._rows.index(("event", flagged.index))
        assert str(moves.get_option_at_index(row).prompt).rstrip().endswith(a.mark_of(flagged))
        # and the verdict under the board names the better move
        review = text_of(screen.query_one("#review", Static))
        assert f"{a.class_of(flagged)} {a.mark_of(flagged)}" in review
        assert "better" in review and "points this round" in review


async def test_n_and_p_jump_to_the_next_and_previous_mistake(tmp_path):
    path = cached(tmp_path)
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, path)
        a = screen.analysis
        assert a is not None
        mistakes = [d for d in a.decisions if a.class_of(d) in ("mistake", "blunder")]
        assert len(mistakes) >= 2
        await pilot.press("n")
        assert screen.position == mistakes[0].index + 1
        await pilot.press("n")
        assert screen.position == mistakes[1].index + 1
        review = text_of(screen.query_one("#review", Static))
        assert a.class_of(mistakes[1]) in review and "better" in review
        await pilot.press("p")
        assert screen.position == mistakes[0].index + 1
        await pilot.press("p")  # none before the first: the cursor stays
        assert screen.position == mistakes[0].index + 1


async def test_a_seat_view_shows_only_that_seats_judgements(tmp_path):
    """Judging another seat's move uses that seat's cards: in a seat's view its marks, verdicts,
    graph points and mistakes stay out of sight; with all hands in view they show."""
    path = cached(tmp_path, seats=(0, 1))
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, path)
        a = screen.analysis
        assert a is not None and screen.seat == 0
        theirs = next(d for d in a.decisions if d.seat == 1 and a.mark_of(d))
        screen.seek(theirs.index + 1)
        await pilot.pause()
        moves = screen.query_one("#moves", MoveList)
        row = screen._rows.index(("event", theirs.index))
        assert a.mark_of(theirs) not in str(moves.get_option_at_index(row).prompt).split()
        assert a.class_of(theirs) not in text_of(screen.query_one("#review", Static))
        mine = [
            d.index + 1
            for d in a.decisions
            if d.seat == 0 and a.class_of(d) in ("mistake", "blunder")
        ]
        screen.seek(1)
        await pilot.press("n")
        assert screen.position == mine[0]
        await pilot.press("v")  # all hands: every seat's judgement
        await pilot.pause()
        screen.seek(theirs.index + 1)
        await pilot.pause()
        row = screen._rows.index(("event", theirs.index))
        assert a.mark_of(theirs) in str(moves.get_option_at_index(row).prompt).split()


async def test_without_an_analysis_there_is_no_graph_and_n_says_how_to_get_one(tmp_path):
    path = copy(tmp_path)
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, path)
        before = screen.position
        assert screen.analysis is None
        assert not screen.query_one("#evaluation", Static).display
        await pilot.press("n")
        assert screen.position == before
        assert any("a analyses" in str(n.message) for n in pilot.app._notifications)


@pytest.mark.parametrize("stop", ["x", "dialog"])
async def test_the_analysis_runs_in_the_background_and_can_be_cancelled(tmp_path, stop):
    path = copy(tmp_path)
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, path, budget=400)
        start = screen.position
        await pilot.press("a")
        assert isinstance(pilot.app.screen, AnalysisDialog)
        await pilot.click("#choice-seat")  # the seat in view
        assert await until(pilot, lambda: screen._progress is not None and screen._progress[0])
        assert screen.analysing
        assert "analysing" in text_of(screen.query_one("#status-line", Static))
        # the viewer answers while it runs
        send_key(pilot.app, "right")
        send_key(pilot.app, "right")
        assert await until(pilot, lambda: screen.position == start + 2)
        assert screen.analysis is not None and len(screen.analysis) >= 1
        if stop == "x":
            send_key(pilot.app, "x")
        else:
            send_key(pilot.app, "a")

            def stop_focused() -> bool:
                dialog = pilot.app.screen
                focused = dialog.focused if isinstance(dialog, AnalysisDialog) else None
                return focused is not None and focused.id == "stop"

            assert await until(pilot, stop_focused)  # mounted, Stop focused
            assert "Analysing:" in str(pilot.app.screen.query_one("#status", Static).content)
            send_key(pilot.app, "enter")  # (a click would wait for the app to go idle)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.analysing
        a = screen.analysis
        assert a is not None and not a.complete and 1 <= len(a) < a.total
        # what was done is cached, and a new run goes on from there
        kept = cache.load(path, screen.game_log, 400)
        assert kept is not None and set(kept) == {d.index for d in a.decisions}


@pytest.mark.slow  # a whole analysis, or every size
async def test_an_analysis_run_to_the_end_is_cached_and_loads_at_once_next_time(tmp_path):
    path = copy(tmp_path)
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, path, budget=BUDGET)
        await pilot.press("a")
        await pilot.click("#choice-all")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        a = screen.analysis
        assert a is not None and a.complete and a.seats == (0, 1)
        assert any("Analysis done" in str(n.message) for n in pilot.app._notifications)
    async with app().run_test(size=SIZE) as pilot:
        again = await open_viewer(pilot, path)  # the budget is the cached one's
        assert again.analysis is not None and again.budget == BUDGET
        assert again.analysis.decisions == a.decisions
        await pilot.press("a")
        dialog = pilot.app.screen
        assert isinstance(dialog, AnalysisDialog)
        shown = " ".join(str(s.content) for s in dialog.query(Static))
        assert "Normal 1 (seat 1)" in shown and "Normal 2 (seat 2)" in shown
        assert "average loss" in shown


@pytest.mark.slow  # a whole analysis, or every size
async def test_a_verdict_never_names_a_card_hidden_from_the_seat_in_view(tmp_path):
    path = cached(tmp_path, seats=(1,))  # the opponent's decisions, seen from seat 1
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, path)
        a = screen.analysis
        assert a is not None and screen.seat == 0 and not screen.all_hands
        for d in a.decisions[:40]:
            screen.seek(d.index + 1)
            await pilot.pause()
            review = text_of(screen.query_one("#review", Static))
            assert not mentions_hidden(review, hidden_from(screen.state, 0)), review
            assert a.class_of(d) not in review  # no verdict on the other seat's move at all
        await pilot.press("v")  # all hands: the verdicts in full
        named_hidden = 0
        for d in a.decisions[:40]:
            screen.seek(d.index + 1)
            await pilot.pause()
            review = text_of(screen.query_one("#review", Static))
            assert a.class_of(d) in review and "hidden from this view" not in review
            named_hidden += mentions_hidden(review, hidden_from(screen.state, 0))
        assert named_hidden  # some better moves were cards seat 1 could not see


# --- comments -------------------------------------------------------------------------------------


async def comment(pilot, text: str, *, key: str = "c") -> CommentDialog:
    await pilot.press(key)
    dialog = pilot.app.screen
    assert isinstance(dialog, CommentDialog)
    dialog.query_one("#text", Input).value = text
    await pilot.pause()
    return dialog


async def test_a_comment_on_a_move_is_written_into_the_file_and_reads_back(tmp_path):
    path = copy(tmp_path)
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, path)
        screen.seek(10)
        await pilot.pause()
        dialog = await comment(pilot, "The [b]crane[/b] should wait")
        dialog.query_one("#author", Select).value = 1  # seat 2
        await pilot.press("enter")
        assert pilot.app.screen is screen
        back = read_log_file(path)
        mine = Comment(text="The [b]crane[/b] should wait", after=9, seat=1)
        assert mine in back.comments and back.events == screen.game_log.events
        assert len(back.comments) == len(read_log_file(SAMPLE).comments) + 1
        # shown under the board as plain text, and marked in the move list
        review = text_of(screen.query_one("#review", Static))
        assert "Normal 2: The [b]crane[/b] should wait" in review
        row = screen._rows.index(("event", 9))
        prompt = str(screen.query_one("#moves", MoveList).get_option_at_index(row).prompt)
        assert "✎" in prompt


async def test_a_comment_on_the_game_and_removing_one(tmp_path):
    path = copy(tmp_path)
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, path)
        await comment(pilot, "A close match", key="C")
        await pilot.press("enter")
        back = read_log_file(path)
        assert Comment(text="A close match") in back.comments  # a reviewer, on the game
        # shown once the match is over (it may tell how it ends), not before
        assert "A close match" not in text_of(screen.query_one("#review", Static))
        await pilot.press("end")
        await pilot.pause()
        assert "on the game, a reviewer: A close match" in text_of(
            screen.query_one("#review", Static)
        )
        await pilot.press("C")
        dialog = pilot.app.screen
        assert isinstance(dialog, CommentDialog)
        listing = dialog.query_one("#existing", OptionList)
        texts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        listing.highlighted = next(i for i, t in enumerate(texts) if "A close match" in t)
        await pilot.click("#remove")
        await pilot.press("escape")
        assert Comment(text="A close match") not in read_log_file(path).comments
        assert read_log_file(path).comments == read_log_file(SAMPLE).comments


async def test_a_comment_is_checked_as_it_is_typed_and_a_bad_one_is_not_saved(tmp_path):
    path = copy(tmp_path)
    before = path.read_bytes()
    async with app().run_test(size=SIZE) as pilot:
        await open_viewer(pilot, path)
        dialog = await comment(pilot, "sneaky \u202e text")
        assert dialog.query_one("#text", Input).has_class("-invalid")
        assert "Not allowed" in text_of(dialog.query_one("#problem", Static))
        await pilot.press("enter")
        assert pilot.app.screen is dialog  # kept open, the words kept
        assert "Not saved" in text_of(dialog.query_one("#problem", Static))
        dialog.query_one("#text", Input).value = "   "
        await pilot.press("enter")
        assert "empty" in text_of(dialog.query_one("#problem", Static))
    assert path.read_bytes() == before


async def test_no_comment_is_written_into_a_file_the_viewer_read_only_in_part(tmp_path):
    path = copy(tmp_path)
    damaged = path.read_bytes() + b'{"type":"card_played","seat":9}\n'
    path.write_bytes(damaged)
    log = read_log(damaged, recover=True)
    assert log.error is not None
    async with app().run_test(size=SIZE) as pilot:
        screen = ReplayScreen(log, path)
        await pilot.app.push_screen(screen)
        await pilot.pause()
        dialog = await comment(pilot, "a fine move")
        await pilot.press("enter")
        assert pilot.app.screen is dialog
        assert "only part of this file could be read" in text_of(dialog.query_one("#problem"))
    assert path.read_bytes() == damaged


async def test_no_comment_is_written_into_a_file_that_changed_since_it_was_opened(tmp_path):
    path = copy(tmp_path)
    async with app().run_test(size=SIZE) as pilot:
        await open_viewer(pilot, path)
        other = (REPLAYS / "koikoi-2p-seed6.hana").read_bytes()
        path.write_bytes(other)
        dialog = await comment(pilot, "a fine move")
        await pilot.press("enter")
        assert "changed since it was opened" in text_of(dialog.query_one("#problem"))
    assert path.read_bytes() == other


async def test_a_redacted_copy_stays_redacted_and_its_seat_writes_by_default(tmp_path):
    source = read_log_file(SAMPLE)
    path = tmp_path / "mine.hana"
    path.write_bytes(player_view(source, 1))
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, path)
        screen.seek(12)
        await comment(pilot, "what I saw")
        await pilot.press("enter")
    data = path.read_bytes()
    line = b'{"type":"comment","after":11,"seat":1,"text":"what I saw"}\n'
    assert line in data
    assert data.replace(line, b"") == player_view(source, 1)


async def test_another_seats_comment_naming_a_card_hidden_from_the_view_is_folded(tmp_path):
    path = copy(tmp_path)
    log = read_log_file(path)
    position = 10
    theirs = sorted(c.value for c in cards_of(log.states[position - 1].hands[1]))[0]
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, path)
        screen.seek(position)
        await pilot.pause()
        dialog = await comment(pilot, f"I kept {theirs} for later")
        dialog.query_one("#author", Select).value = 1  # seat 2 wrote it
        await pilot.press("enter")
        review = text_of(screen.query_one("#review", Static))
        assert theirs not in review and "hidden from this view" in review
        await pilot.press("c")  # the comments listed in the dialog are folded alike
        assert theirs not in screen_text(pilot) and "hidden from this view" in screen_text(pilot)
        await pilot.press("escape")
        await pilot.press("v")
        assert f"I kept {theirs} for later" in text_of(screen.query_one("#review", Static))


async def test_the_palette_offers_the_review(tmp_path):
    from hanatui.app.screens.replay.screen import ReplayCommands

    path = copy(tmp_path)
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, path, budget=400)
        names = [name for name, _help, _run in ReplayCommands(screen)._commands(screen)]
        for name in ("Analyse the game...", "Next mistake", "Previous mistake"):
            assert name in names
        assert "Comment on this move..." in names and "Comment on the game..." in names
        assert "Stop the analysis" not in names
        screen.start_analysis((0,))
        names = [name for name, _help, _run in ReplayCommands(screen)._commands(screen)]
        assert "Stop the analysis" in names
        screen.stop_analysis()
        await pilot.app.workers.wait_for_complete()


# --- ASCII and small terminals --------------------------------------------------------------------


@pytest.mark.slow  # a whole analysis, or every size
@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_ascii_mode_shows_only_ascii_with_marks_graph_and_comments(tmp_path, size):
    path = cached(tmp_path)
    async with app(ascii=True).run_test(size=size) as pilot:
        screen = await open_viewer(pilot, path)
        a = screen.analysis
        assert a is not None
        commented = next(c for c in screen.comments if c.after is not None)
        screen.seek(commented.after + 1)  # a commented move, with verdicts of its turn
        await pilot.pause()
        if size == (80, 24):
            await pilot.press("m")  # the move list and the charts, folded away on a small screen
        await pilot.pause()
        text = screen_text(pilot)
        assert text.isascii(), sorted({ch for ch in text if not ch.isascii()})
        assert "Evaluation" in text and "^" in text
        for key, dialog in (("c", CommentDialog), ("a", AnalysisDialog)):
            await pilot.press(key)
            assert isinstance(pilot.app.screen, dialog)
            text = screen_text(pilot)
            assert text.isascii(), sorted({ch for ch in text if not ch.isascii()})
            await pilot.press("escape")


async def test_at_80x24_the_verdict_shows_under_the_board_and_m_shows_the_graph(tmp_path):
    path = cached(tmp_path)
    async with app().run_test(size=(80, 24)) as pilot:
        await open_viewer(pilot, path)
        await pilot.press("n")
        text = screen_text(pilot)
        assert "better" in text
        assert "Evaluation" not in text
        await pilot.press("m")
        text = screen_text(pilot)
        assert "Evaluation" in text and "Scores" in text and "Moves" in text


async def test_at_80x24_with_seven_players_the_status_line_gives_the_verdict_in_brief(tmp_path):
    path = cached(tmp_path, source=REPLAYS / "sakura-7p-seed27.hana")
    async with app().run_test(size=(80, 24)) as pilot:
        screen = await open_viewer(pilot, path)
        a = screen.analysis
        assert a is not None
        await pilot.press("n")
        await pilot.pause()
        decision = a.at(screen.position - 1)
        assert decision is not None
        line = text_of(screen.query_one("#status-line", Static))
        # the seats fill the screen: the lines under the board are cut off, so they are here
        assert f"{a.class_of(decision)} {a.mark_of(decision)}, loses" in line
    path = cached(tmp_path)
    async with app().run_test(size=(80, 24)) as pilot:
        screen = await open_viewer(pilot, path)
        await pilot.press("n")
        await pilot.pause()
        assert text_of(screen.query_one("#status-line", Static)) == ""  # shown in full above


async def test_a_comment_that_cannot_be_written_keeps_the_dialog_and_the_words(
    tmp_path, monkeypatch
):
    path = copy(tmp_path)
    before = path.read_bytes()

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("hanatui.store.files.write_atomic", refuse)
    async with app().run_test(size=SIZE) as pilot:
        await open_viewer(pilot, path)
        dialog = await comment(pilot, "keep these words")
        await pilot.press("enter")
        assert pilot.app.screen is dialog
        assert "cannot be written (Permission denied)" in text_of(dialog.query_one("#problem"))
        assert dialog.query_one("#text", Input).value == "keep these words"
    assert path.read_bytes() == before


# --- the drawings ---------------------------------------------------------------------------------


def test_the_evaluation_graph_draws_gains_up_losses_down_and_the_cursor():
    values = [(0, 4.0), (50, -4.0), (99, 2.0)]
    chart = evaluation_chart(
        values,
        events=100,
        cursor=50,
        width=10,
        flagged={99: "blunder"},
        current=range(30, 70),
        ascii_mode=True,
    )
    rows = str(chart).split("\n")
    assert len(rows) == 5  # two rows up, two down, the marks
    assert rows[0][0] == "#" and rows[1][0] == "#"  # a full bar up at the start
    assert rows[2][5] == "#" and rows[3][5] == "#"  # a full bar down in the middle
    assert rows[1][9] == "#" and rows[0][9] == " "  # half the scale up at the end
    assert rows[4] == "   --^-  ?"  # the cursor's round underlined, a blunder at the end


def test_the_progress_bar_and_a_move_line_with_its_marks():
    assert str(progress_line(3, 12, 20, ascii_mode=True)) == "[###..........] 3/12"  # 20 cells
    line = str(move_line("12", "Ann plays 01a Crane", "", 40, mark=("??", ""), note="*2"))
    assert line == " 12 Ann plays 01a Crane ?? *2"
    long = str(move_line("12", "word " * 7, "", 40, mark=("?!", ""), note="*"))
    assert long.split("\n")[-1].endswith("?! *") and max(map(len, long.split("\n"))) <= 40


# --- the score chart beside the graph -------------------------------------------------------------


async def test_the_score_chart_cuts_names_only_as_far_as_its_width_needs(tmp_path):
    """Two-column rounds end in a 5-column total, not the 6 of one-column rounds: the names were
    cut a column too early ("Norm…" and a column left blank beside the graph at 80x24, "Normal…"
    in a chart 38 wide that holds "Normal 2" whole)."""
    from core.players import Player
    from hanatui.app.screens.replay.render import score_chart

    path = cached(tmp_path)  # 12 rounds, "Normal 1" and "Normal 2"
    async with app().run_test(size=(80, 24)) as pilot:
        screen = await open_viewer(pilot, path)
        await pilot.press("m")  # the side column: the score chart and the graph side by side
        await pilot.pause()
        await pilot.pause()
        chart = screen.query_one("#chart", Static)
        width = chart.content_region.width
        assert 4 + 1 + 2 * 12 + 5 <= width < 8 + 1 + 2 * 12 + 5  # names cut, rounds 2 wide
        lines = str(chart.render().plain).split("\n")
        cut = "Normal"[: width - 1 - 2 * 12 - 5 - 1] + "…"
        assert lines[1].startswith(cut + " ") and lines[2].startswith(cut + " "), lines
        assert all(len(line) == width for line in lines), (width, lines)
    players = [Player(name="Normal 1", kind="bot"), Player(name="Normal 2", kind="bot")]
    history = [(1, 0)] * 12
    drawn = score_chart(players, history, 12, done=12, current=12, totals=(12, 0), width=38)
    rows = drawn.plain.split("\n")
    assert rows[1].startswith("Normal 1 ") and rows[2].startswith("Normal 2 "), rows
    assert all(len(row) == 38 for row in rows), rows


async def test_the_score_chart_fits_its_new_width_when_the_table_turns_wide_or_compact(tmp_path):
    """From 80x24 with the side column open to 120x40 the chart kept the compact table's
    width (its lines wrapped, "11 12 total" under the rest): the side column takes its width a
    refresh after the table turns wide, and the chart was not drawn again then."""
    path = cached(tmp_path)
    async with app().run_test(size=(80, 24)) as pilot:
        screen = await open_viewer(pilot, path)
        await pilot.press("m")
        await pilot.pause()
        await pilot.pause()
        chart = screen.query_one("#chart", Static)
        for size in ((120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            for _ in range(4):
                await pilot.pause()
            width = chart.content_region.width
            lines = str(chart.render().plain).split("\n")
            assert len(lines) == 3 and all(len(line) <= width for line in lines), (size, lines)
            assert lines[1].startswith("Norma") and lines[0].endswith("total"), lines
