"""Undos as variations in the replay viewer: the main line is what was finally played, complete,
with no undo steps; what an undo took back is folded away beside the move that replaced it,
and `u` shows it in the move list."""

from __future__ import annotations

from core.events import CardPlayed, UndoTaken
from core.logfile import encode_log, header_for, read_log
from core.rules import find_rules
from hanatui.app.app import HanaApp
from hanatui.app.screens.replay.render import MoveList, move_rows
from hanatui.app.screens.replay.screen import ReplayScreen
from hanatui.text.story import Story
from tests.helpers import playout_with_undos

from .helpers import settings

SIZE = (120, 40)


def _log_with_undos():
    """A koi-koi match in which the person took back moves, one of them replaced by another
    play in the same round."""
    for seed in range(60):
        timeline = playout_with_undos(find_rules("koikoi", rounds=1), seed, rate=0.3, redo=0.0)
        events = timeline.events
        marked = [i for i, e in enumerate(events) if isinstance(e, UndoTaken) and e.undone]
        if marked and marked[0] + 1 < len(events) and isinstance(events[marked[0] + 1], CardPlayed):
            data = encode_log(header_for(events, app="test", created=""), events)
            return read_log(data), marked[0]
    raise AssertionError("no match with an undo followed by a play")


def test_the_story_steps_over_undo_markers_and_folds_their_lines():
    log, marker = _log_with_undos()
    story = Story(log.events, log.states)
    # no step ends on a marker: stepping always changes the board (or ends the log)
    assert all(not isinstance(log.events[p - 1], UndoTaken) for p in story.steps[:-1])
    assert story.settle(marker + 1) == marker  # just after the marker: the step before it
    assert story.step(marker, 1) == marker + 2  # over the marker, onto the play after it
    variation = story.variations_at(marker + 1)[0]
    undo = log.events[marker]
    assert isinstance(undo, UndoTaken) and variation.events == undo.undone
    # what was taken back reads as played: its first line is the play the person took back
    first = undo.undone[0]
    assert isinstance(first, CardPlayed) and first.card.value in variation.lines[0][1]
    # the move list: no marker line; folded, the replacing move counts one line taken back
    rows = move_rows(story, marker + 2, 0, all_hands=True)
    assert not any("took back" in r.prompt[1] for r in rows)
    assert rows[-1].kind == "event" and rows[-1].value == marker + 1 and rows[-1].prompt[6] == 1
    shown = move_rows(story, marker + 2, 0, all_hands=True, variations=True)
    lines = [r for r in shown if r.kind == "variation"]
    assert len(lines) == len(variation.lines)
    assert first.card.value in lines[0].prompt[1]


async def test_the_viewer_shows_the_main_line_and_u_unfolds_the_variations(tmp_path):
    log, marker = _log_with_undos()
    path = tmp_path / "undos.hana"
    path.write_bytes(encode_log(log.header, log.events))
    app = HanaApp(settings=settings(theme="hana-night"), save=False)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(ReplayScreen(read_log(path.read_bytes()), path))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        # stepping from before the undo lands on the move that replaced what it took back
        screen.seek(marker)
        await pilot.press("right")
        await pilot.pause()
        assert screen.position == marker + 2
        await pilot.press("left")
        assert screen.position == marker
        await pilot.press("right")
        await pilot.pause()
        moves = screen.query_one("#moves", MoveList)
        texts = [str(moves.get_option_at_index(i).prompt) for i in range(moves.option_count)]
        assert not any("took back" in t for t in texts)
        assert "↶" in texts[-1]
        await pilot.press("u")
        await pilot.pause()
        unfolded = [str(moves.get_option_at_index(i).prompt) for i in range(moves.option_count)]
        assert len(unfolded) > len(texts)
        undo = log.events[marker]
        assert isinstance(undo, UndoTaken)
        first = undo.undone[0]
        assert isinstance(first, CardPlayed)
        assert any(first.card.value in t for t in unfolded[len(texts) :])
        # the cursor stays on the main line's move
        assert screen._rows[moves.highlighted] == ("event", marker + 1)
        # choosing a move taken back steps into its line, in a viewer of its own
        row = next(i for i, (kind, _) in enumerate(screen._rows) if kind == "variation")
        moves.highlighted = row
        moves.action_select()
        await pilot.pause()
        line = app.screen
        assert isinstance(line, ReplayScreen) and line is not screen
        assert line.taken_back_from == marker + 1
        assert (
            line.position == marker + 1 and line.state == screen.story.variation(marker).states[0]
        )
        await pilot.press("right")
        assert line.state == screen.story.variation(marker).states[1]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        # U does it from the keyboard, at the move marked
        await pilot.press("U")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.taken_back_from == marker + 1
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("u")
        await pilot.pause()
        assert moves.option_count == len(texts)


def test_a_log_that_ends_on_an_undo_ends_there_with_its_variation():
    """A game left just after an undo (the journal of a game quit then): the log's end is a
    step, where the line taken back shows beside the last move."""
    timeline = playout_with_undos(find_rules("koikoi", rounds=1), 4, undos=0)
    mine = [i for i, e in enumerate(timeline.events) if isinstance(e, CardPlayed) and e.seat == 0]
    cut = type(timeline)(timeline.events[: mine[2]])
    cut.undo(0)
    story = Story(cut.events, cut.states)
    end = len(cut.events)
    assert story.end == end and story.step(end - 3, 5) == end
    rows = move_rows(story, end, 0, all_hands=True, variations=True)
    # the line taken back beside the last move, then the undo that took it back, the end
    kinds = [r.kind for r in rows]
    assert "variation" in kinds and rows[-1][:2] == ("event", end - 1)
    assert "took back" in rows[-1].prompt[1]
