"""Play on from a decision of a replay, in every game: the new game starts just before the
decision, from the deciding seat's side, with the move made and the analysis's better move
marked; the seat to act is asked at once, and a move and the computer's reply are played.

And the hang it replaces: a game continued from after a play, before its draw, draws at once
(the session runs the automatic events due, `Session.settle`).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from core.actions import PlayCard
from core.cards import Card
from core.engine import to_act
from core.events import CardDrawn, CardPlayed, Event
from core.fork import fork_events
from hanatui.analysis import Analyser, cache, decision_points
from hanatui.app.app import HanaApp
from hanatui.app.screens.replay.playon import ForkPoint, decision_note, fork_note, fork_point
from hanatui.app.screens.replay.render import MoveList
from hanatui.app.screens.replay.review_render import decision_at_column
from hanatui.app.screens.replay.screen import ForkChoice, ForkDialog, ReplayScreen
from hanatui.app.screens.table.screen import TableScreen
from hanatui.app.widgets import CardRow
from hanatui.session.session import Session
from hanatui.store.files import read_log_file

from .helpers import players, settings

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
LOGS = {
    "bakappana": REPLAYS / "bakappana-2p-seed20.hana",
    "hana-awase": REPLAYS / "hana-awase-3p-seed3.hana",
    "koikoi": REPLAYS / "koikoi-2p-commented-seed4.hana",
    "sakura": REPLAYS / "sakura-2p-seed30.hana",
}
SIZE = (120, 40)
BUDGET = 10


def app() -> HanaApp:
    return HanaApp(settings=settings(theme="hana-night", same_choice_auto=True), save=False)


def analysed(tmp_path: Path, game: str) -> tuple[Path, int]:
    """A copy of the game's sample with seat 1's first card plays analysed (cached beside it),
    and the event of one the analysis would play otherwise (or the first, if none)."""
    path = tmp_path / LOGS[game].name
    shutil.copyfile(LOGS[game], path)
    log = read_log_file(path)
    plays = [p for p in decision_points(log) if p.seat == 0 and p.kind == "play"][:6]
    result = Analyser(log, seats=[0], budget=BUDGET, indexes=[p.index for p in plays]).run()
    cache.save(path, log, BUDGET, result.decisions)
    chosen = next((d for d in result.decisions if d.best != d.made), result.decisions[0])
    return path, chosen.index


async def until(pilot, condition, tries: int = 1000) -> bool:
    for _ in range(tries):
        if condition():
            return True
        await pilot.pause(0.01)
    return False


async def open_viewer(pilot, path: Path) -> ReplayScreen:
    screen = ReplayScreen(read_log_file(path), path)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    await pilot.pause()
    return screen


async def choose_in_move_list(pilot, screen: ReplayScreen, index: int) -> None:
    """Click the move list's line of event ``index``, as a person would pick it there."""
    # the list holds the game up to the cursor: a little further on, the line is in it
    screen.seek(index + 3)
    await pilot.pause()
    moves = screen.query_one("#moves", MoveList)
    moves.highlighted = screen._rows.index(("event", index))
    moves.action_select()
    await pilot.pause()
    assert screen.position == index + 1  # the board after the decision, as the list says


async def play_on(pilot) -> TableScreen:
    await pilot.press("f")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ForkDialog)
    await pilot.click("#play")
    await pilot.pause()
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    return table


@pytest.mark.parametrize("game", sorted(LOGS))
async def test_play_on_from_a_decision_starts_before_it_and_plays(tmp_path, game):
    path, index = analysed(tmp_path, game)
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, path)
        log = screen.game_log
        decision = screen.analysis.at(index) if screen.analysis is not None else None
        assert decision is not None
        await choose_in_move_list(pilot, screen, index)
        before = log.states[index - 1]
        seat = decision.seat
        table = await play_on(pilot)
        session = table.session
        # the position before the decision: the same events (the players are new), the same
        # hand and field as the replay shows there
        assert session.events[1:] == log.events[1:index]
        assert session.header.origin is not None and session.header.origin.event == index
        state = session.state
        assert state.hands[seat] == before.hands[seat] and state.field == before.field
        assert table.viewer == seat and session.is_human(seat)
        # the seat to act is asked at once: its turn marker and prompt, the hand to play from
        assert await until(pilot, lambda: table._choice is not None)
        assert session.to_act() == seat
        you = table.query_one("#you")
        assert you.has_class("-to-act") and "your turn" in str(you.border_subtitle)
        # the move made and the better move, marked and said
        hand = table.query_one("#hand", CardRow)
        made, best = decision.move, decision.best_move
        assert isinstance(made, PlayCard)
        assert "-played" in hand._marks[hand.cards.index(made.card)]
        caption = str(table.query_one("#caption").content)
        if best != made:
            assert isinstance(best, PlayCard)
            assert "-better" in hand._marks[hand.cards.index(best.card)]
            assert f"played {made.card.value} here; the analysis prefers {best.card.value}" in (
                caption
            )
        else:
            assert f"played {made.card.value} here: the best move" in caption
        # play the better move: the computer replies
        assert isinstance(best, PlayCard)
        await pilot.press(str((hand.cards.index(best.card) + 1) % 10))

        def replied() -> bool:
            return any(
                isinstance(e, CardPlayed) and e.seat != seat for e in session.events[index + 1 :]
            )

        assert await until(pilot, replied)
        played = session.events[index]
        assert isinstance(played, CardPlayed) and played.card == best.card
        # the marks were for the position before the move only
        assert not any("-played" in m or "-better" in m for m in hand._marks.values())


async def test_the_fork_dialog_says_before_which_move_and_takes_the_deciding_seat(tmp_path):
    path, index = analysed(tmp_path, "hana-awase")
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, path)
        point = fork_point(screen.timeline, index + 1)
        assert point == ForkPoint(
            index, decision=index, seat=0, move=screen.analysis.at(index).move
        )
        screen.seat = 2  # another seat in view: the new game is still the deciding seat's
        screen.seek(index + 1)
        await pilot.press("f")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, ForkDialog)
        assert dialog.position == index and dialog.before and dialog.seat == 0
        assert f"before move {index + 1}" in str(dialog.query_one(".title").content)


def test_a_position_that_is_no_decision_is_played_on_from_as_it_is():
    log = read_log_file(LOGS["koikoi"])
    from core.timeline import Timeline

    timeline = Timeline()
    timeline.extend(zip(log.events, log.states, strict=True))
    drawn = next(i for i, e in enumerate(log.events) if isinstance(e, CardDrawn))
    assert fork_point(timeline, drawn + 1) == ForkPoint(drawn + 1)  # after a draw: no decision
    played = drawn - 1
    assert isinstance(log.events[played], CardPlayed)
    point = fork_point(timeline, played + 1)
    assert point.position == played and point.decision == played


def test_no_note_for_a_position_that_is_no_decision_and_the_note_without_an_analysis():
    assert decision_note(ForkPoint(5), player="You", analysis=None) is None
    move = PlayCard(seat=0, card=Card("10b"))
    note = decision_note(ForkPoint(5, decision=5, seat=0, move=move), player="Aki", analysis=None)
    assert note is not None and note.caption == "Aki played 10b here."
    assert note.marks == {Card("10b"): "-played"}


def test_a_game_continued_after_a_play_and_before_its_draw_draws_at_once():
    """The hang: the table's loop waited for someone to act while the draw was due."""
    log = read_log_file(LOGS["koikoi"])
    played = next(i for i, e in enumerate(log.events) if isinstance(e, CardPlayed))
    events: list[Event] = fork_events(
        log.events, played + 1, players=players(2), seat=0, mode="same_future"
    )
    session = Session.from_events(events, seed=1, autosave=False)
    assert to_act(session.state) is None and not session.over  # nobody to act: the draw is due
    new = session.settle()
    assert isinstance(new[0], CardDrawn) and new[0] == log.events[played + 1]
    assert session.to_act() is not None


async def test_play_on_from_after_a_play_draws_and_asks_the_next_seat():
    log = read_log_file(LOGS["koikoi"])
    played = next(i for i, e in enumerate(log.events) if isinstance(e, CardPlayed))
    async with app().run_test(size=SIZE) as pilot:
        screen = ReplayScreen(log, LOGS["koikoi"])
        await pilot.app.push_screen(screen)
        await pilot.pause()
        seat = log.events[played].seat
        session = screen.fork_session(
            ForkChoice(seat=seat, mode="same_future", level="easy"),
            autosave=False,
            seed=3,
            point=ForkPoint(played + 1),
        )
        table = TableScreen(session)
        await pilot.app.push_screen(table)
        # the draw comes, and then whoever is to act acts: the computer plays, then it is the
        # person's turn with the hand to play from
        assert await until(pilot, lambda: table._choice is not None)
        assert isinstance(session.events[played + 1], CardDrawn)
        assert session.to_act() == seat


async def test_clicking_the_evaluation_graph_goes_to_the_decision_drawn_there(tmp_path):
    path, _ = analysed(tmp_path, "koikoi")
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, path)
        box = screen.query_one("#evaluation")
        assert box.display
        a = screen.analysis
        assert a is not None
        width = box.content_region.width
        events = len(screen.story)

        def column(i: int) -> int:
            return min(width - 1, i * width // events)

        columns = [column(d.index) for d in a.decisions]
        # a decision alone in its column (not the one the cursor is on)
        target = next(
            d.index
            for d, c in zip(a.decisions, columns, strict=True)
            if columns.count(c) == 1 and d.index + 1 != screen.position
        )
        x = column(target)
        assert decision_at_column([d.index for d in a.decisions], events=events, width=width, x=x)
        await pilot.click("#evaluation", offset=(box.content_region.x - box.region.x + x, 1))
        await pilot.pause()
        assert screen.position == target + 1
        table = await play_on(pilot)
        assert table.session.events[1:] == screen.game_log.events[1:target]


def test_the_decision_drawn_in_a_column_or_the_nearest():
    # 100 events on 10 columns: events 0-9 in column 0, 10-19 in column 1...
    assert decision_at_column([], events=100, width=10, x=3) is None
    assert decision_at_column([12, 15, 57], events=100, width=10, x=1) == 15  # the latest
    assert decision_at_column([12, 15, 57], events=100, width=10, x=1, worst={12: 4}) == 12
    assert decision_at_column([12, 15, 57], events=100, width=10, x=4) == 57  # nearest: 5


async def test_play_on_before_another_seats_decision_the_computer_plays_it_at_once():
    log = read_log_file(LOGS["bakappana"])
    plays = [p for p in decision_points(log) if p.seat == 1 and p.kind == "play"]
    index = plays[2].index
    async with app().run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, LOGS["bakappana"])
        screen.seek(index + 1)
        point = screen.fork_point()
        assert point.decision == index and point.seat == 1
        session = screen.fork_session(
            ForkChoice(seat=0, mode="same_future", level="easy"), autosave=False, seed=2
        )
        assert fork_note(point, seat=0, players=session.players, analysis=None) is None
        table = TableScreen(session)
        await pilot.app.push_screen(table)
        # the computer's decision is made at once, then the person is asked
        assert await until(pilot, lambda: table._choice is not None)
        played = session.events[index]
        assert isinstance(played, CardPlayed) and played.seat == 1
        assert session.to_act() == 0
