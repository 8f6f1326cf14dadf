"""Learn from your mistakes: a scripted koi-koi round with a known blunder (the dealer throws
away 10d when 09b made two viewing yaku, tests/analysis/test_scripted_blunder.py). The mode asks
that decision, refuses the blunder, accepts the best move as found, shows the solution, and
sums up; every game the analysis covers gets its puzzles.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from core.actions import PlayCard
from core.cards import Card, cards_of
from hanatui.analysis import Analyser, GameAnalysis, decision_points
from hanatui.analysis.learn import FOUND, judge, puzzles
from hanatui.app.app import HanaApp
from hanatui.app.screens.replay.learn import LearnScreen, Puzzle, learn_refusal
from hanatui.app.screens.replay.screen import ReplayScreen
from hanatui.app.widgets import CardRow
from hanatui.store.files import read_log_file
from tests.analysis.test_scripted_blunder import scripted_round

from .helpers import settings

SIZE = (120, 40)
BLUNDER = Card("10d")
BEST = Card("09b")
REPLAYS = Path(__file__).resolve().parents[2] / "replays"


@pytest.fixture(scope="module")
def reviewed():
    """The scripted round and its analysis of the blunder, at the default budget."""
    log, index = scripted_round()
    analysis = Analyser(log, seats=[0], budget=1000, indexes=[index]).run()
    return log, index, analysis


def app() -> HanaApp:
    return HanaApp(settings=settings(theme="hana-night"), save=False)


def caption(screen) -> str:
    """The caption under the board, without its label."""
    return str(screen.query_one("#caption").content).removeprefix("learn  ")


async def until(pilot, condition, tries: int = 1000) -> bool:
    for _ in range(tries):
        if condition():
            return True
        await pilot.pause(0.01)
    return False


async def answer(pilot, screen: LearnScreen, card: Card) -> None:
    hand = screen.query_one("#hand", CardRow)
    await pilot.press(str((hand.cards.index(card) + 1) % 10))
    await pilot.pause()


def test_the_blunder_is_refused_and_the_best_move_found(reviewed):
    log, index, analysis = reviewed
    (d,) = puzzles(analysis, 0)
    assert d.index == index
    made = judge(log, analysis, d, PlayCard(seat=0, card=BLUNDER))
    assert not made.found and made.loss >= 4  # a blunder in koi-koi's points
    best = judge(log, analysis, d, PlayCard(seat=0, card=BEST))
    assert best.found and best.best and best.loss == 0
    # another card is searched as the decision was: the same numbers every time
    other = PlayCard(seat=0, card=Card("12c"))
    first = judge(log, analysis, d, other)
    assert first == judge(log, analysis, d, other)
    assert first.decision.move == other and first.found == (first.cls in ("best", "good"))


async def test_the_mode_asks_the_blunder_refuses_it_and_accepts_the_best(reviewed):
    log, index, analysis = reviewed
    async with app().run_test(size=SIZE) as pilot:
        screen = LearnScreen(log, analysis, 0)
        await pilot.app.push_screen(screen)
        await pilot.pause()
        # the position before the blunder, from the dealer's side, the blunder marked
        hand = screen.query_one("#hand", CardRow)
        before = log.states[index - 1]
        assert set(hand.cards) == set(cards_of(before.hands[0]))
        assert "-played" in hand._marks[hand.cards.index(BLUNDER)]
        assert caption(screen) == "Find a better move than 10d."
        await answer(pilot, screen, BLUNDER)
        assert caption(screen).startswith("10d is the move made:")
        assert screen.puzzle.status == "missed"
        await answer(pilot, screen, BEST)
        assert caption(screen) == "09b: as good as the best found."
        assert screen.puzzle.found
        assert "-better" in hand._marks[hand.cards.index(BEST)]
        await pilot.press("n")
        assert screen.over and caption(screen) == "Found 1 of 1."
        await pilot.press("n")
        await pilot.pause()
        assert pilot.app.screen is not screen


async def test_another_answer_is_weighed_in_the_background_and_the_solution_shown(reviewed):
    log, _, analysis = reviewed
    async with app().run_test(size=SIZE) as pilot:
        screen = LearnScreen(log, analysis, 0)
        await pilot.app.push_screen(screen)
        await pilot.pause()
        await answer(pilot, screen, Card("12c"))
        assert await until(pilot, lambda: screen.weighing is None and screen.puzzle.answers)
        j = screen.puzzle.answers[-1]
        assert j.answer == PlayCard(seat=0, card=Card("12c"))
        assert caption(screen).startswith("12c: ")
        await pilot.press("s")
        assert screen.puzzle.shown
        assert caption(screen).startswith("The best move found: 09b, expecting")
        await pilot.press("n")
        found = 1 if j.found else 0
        assert caption(screen) == f"Found {found} of 1."


async def test_t_in_the_replay_opens_the_mode_for_the_seat_in_view(reviewed):
    log, _, analysis = reviewed
    async with app().run_test(size=SIZE) as pilot:
        screen = ReplayScreen(log, None)
        await pilot.app.push_screen(screen)
        await pilot.pause()
        await pilot.press("t")  # no analysis yet: the key is not offered
        assert pilot.app.screen is screen
        screen.analysis = analysis
        screen.refresh_bindings()
        await pilot.press("t")
        await pilot.pause()
        learn = pilot.app.screen
        assert isinstance(learn, LearnScreen) and learn.seat == 0
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen


def test_the_mode_refuses_a_seat_not_analysed_or_without_mistakes(reviewed):
    _, _, analysis = reviewed
    assert learn_refusal(None, 0, "You") is not None
    assert "a analyses" in (learn_refusal(analysis, 1, "CPU") or "")
    clean = GameAnalysis(game="koikoi", teams=(0, 1), budget=10, decisions=[], seats=[0], total=0)
    assert "no mistake" in (learn_refusal(clean, 0, "You") or "")


@pytest.mark.parametrize(
    "sample",
    [
        "bakappana-2p-seed20.hana",
        "hana-awase-3p-seed3.hana",
        "koikoi-2p-seed6.hana",
        "sakura-2p-seed30.hana",
    ],
)
async def test_every_game_gets_its_decisions_asked_and_judged(sample):
    """Seat 1's first decisions of each game's sample, analysed cheaply; the one that lost
    most asked as a puzzle: the move made is judged as the analysis classed it, the best move
    is found, the summary counts it."""
    log = read_log_file(REPLAYS / sample)
    points = [p for p in decision_points(log) if p.seat == 0][:8]
    analysis = Analyser(log, seats=[0], budget=10, indexes=[p.index for p in points]).run()
    worst = max(analysis.decisions, key=lambda d: d.loss)
    assert worst.loss > 0 and worst.made != worst.best
    async with app().run_test(size=SIZE) as pilot:
        screen = LearnScreen(log, analysis, 0)
        screen.puzzles = [Puzzle(worst)]
        screen.over = False
        await pilot.app.push_screen(screen)
        await pilot.pause()
        assert caption(screen).startswith("Find a better move than ")
        screen.answer(worst.move)
        made = screen.puzzle.answers[-1]
        assert made.found == (analysis.class_of(worst) in FOUND) and not made.best
        screen.answer(worst.best_move)
        assert screen.puzzle.found and screen.puzzle.answers[-1].best
        await pilot.press("n")
        assert caption(screen) == "Found 1 of 1."


async def test_a_decision_that_is_no_card_play_is_answered_by_the_number_of_its_move():
    """A koi-koi call: the moves are listed and answered by their numbers; enter is not."""
    log = read_log_file(REPLAYS / "koikoi-2p-seed6.hana")
    calls = [p for p in decision_points(log) if p.seat == 0 and p.kind == "koikoi"][:1]
    analysis = Analyser(log, seats=[0], budget=10, indexes=[p.index for p in calls]).run()
    (d,) = analysis.decisions
    async with app().run_test(size=SIZE) as pilot:
        screen = LearnScreen(log, analysis, 0)
        screen.puzzles = [Puzzle(d)]
        screen.over = False
        await pilot.app.push_screen(screen)
        await pilot.pause()
        assert not screen.cards_only()
        box = str(screen.query_one("#learn").content)
        assert "1. call koi-koi" in box and "2. call shobu" in box
        await pilot.press("enter")
        assert screen.puzzle.answers == []
        other = next(c.action for c in d.candidates if c.action != d.move)
        await pilot.press(str(screen.choices().index(other) + 1))
        await pilot.pause()
        assert await until(pilot, lambda: bool(screen.puzzle.answers))
        assert screen.puzzle.answers[-1].answer == other


async def test_an_answer_that_cannot_be_weighed_says_so_and_can_be_tried_again(
    reviewed, monkeypatch
):
    from core.errors import HanaError
    from hanatui.app.screens.replay import learn

    log, _, analysis = reviewed

    def broken(*args: object) -> None:
        raise HanaError("no search today")

    monkeypatch.setattr(learn, "judge", broken)
    async with app().run_test(size=SIZE) as pilot:
        screen = LearnScreen(log, analysis, 0)
        await pilot.app.push_screen(screen)
        await pilot.pause()
        await answer(pilot, screen, Card("12c"))
        assert await until(pilot, lambda: screen.weighing is None)
        assert screen.puzzle.answers == []
        assert any("no search today" in str(n.message) for n in pilot.app._notifications)
        assert caption(screen) == "Find a better move than 10d."


async def test_f_in_the_mode_plays_on_from_before_the_decision_in_hand(reviewed):
    from hanatui.app.screens.replay.screen import ForkDialog

    log, index, analysis = reviewed
    async with app().run_test(size=SIZE) as pilot:
        screen = ReplayScreen(log, None)
        await pilot.app.push_screen(screen)
        await pilot.pause()
        screen.analysis = analysis
        screen.refresh_bindings()
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(pilot.app.screen, LearnScreen)
        await pilot.press("f")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, ForkDialog)
        assert dialog.position == index and dialog.before and dialog.seat == 0
        assert screen.position == index + 1  # the viewer at the decision, under the dialog
