"""Playing whole rounds through the app, by keys and by mouse."""

from __future__ import annotations

import pytest

from core.events import CardPlayed, RoundEnded
from hanatui.app.app import HanaApp
from hanatui.app.screens.dialogs import (
    CaptureDialog,
    HandOverScreen,
    HikiDialog,
    KoiKoiDialog,
    MatchResultScreen,
    RoundResultScreen,
)
from hanatui.app.screens.table.screen import TableScreen
from hanatui.app.widgets import CardRow

from .helpers import new_session, settings

pytestmark = pytest.mark.slow  # whole rounds or pictures: deselect with -m "not slow"


async def settle(pilot) -> None:
    """Let the computer seats finish moving: until every worker is done but a table's turn loop
    waiting for a person."""
    from textual.worker import WorkerState

    for _ in range(500):
        await pilot.pause()
        tables = [s for s in pilot.app.screen_stack if isinstance(s, TableScreen)]
        busy = [
            w
            for w in pilot.app.workers
            if w.state in (WorkerState.PENDING, WorkerState.RUNNING) and w.group != "turns"
        ]
        # the app's first screens are there: a table (the bottom one when the app opened on a
        # new game), or whatever on_mount pushed over the bottom screen
        started = bool(tables) or len(pilot.app.screen_stack) > 1
        if started and not busy and all(t.waiting for t in tables):
            await pilot.pause()
            return


async def undos_by_key(pilot, session, key: str) -> tuple[int, int]:
    """Play the first card of the hand, finish the turn, and press ``key``: the player's undo
    count before the key and after it."""
    table = pilot.app.screen
    while not table._my_turn():
        await pilot.pause()
    await pilot.press("1")
    await settle(pilot)
    while not table._my_turn():
        await pilot.press("enter")
        await settle(pilot)
    undos = session.state.undos[0]
    await pilot.press(key)
    await settle(pilot)
    return undos, session.state.undos[0]


async def play_round(
    pilot, *, by: str = "keys", koikoi: str = "s", max_steps: int = 400
) -> RoundEnded:
    """Play until a round result shows; returns the RoundEnded it shows."""
    app = pilot.app
    for _ in range(max_steps):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, RoundResultScreen):
            return screen.event
        if isinstance(screen, TableScreen):
            if screen._my_turn():
                if by == "keys":
                    # arrows and enter for the first card of the round, digits afterwards
                    count = len(screen.query_one("#hand", CardRow).cards)
                    keys = ("right", "enter") if count >= 7 else ("2",) if count >= 2 else ("1",)
                    await pilot.press(*keys)
                else:
                    hand = screen.query_one("#hand", CardRow)
                    await pilot.click(hand, offset=hand.card_offset(0))
            else:
                await pilot.pause(0.01)
        elif isinstance(screen, CaptureDialog):
            if by == "keys":
                await pilot.press("enter")
            else:
                choices = screen.query_one(CardRow)
                await pilot.click(choices, offset=choices.card_offset(0))
        elif isinstance(screen, KoiKoiDialog):
            if by == "keys":
                await pilot.press(koikoi)
            else:
                await pilot.click("#shobu" if koikoi == "s" else "#koikoi")
        elif isinstance(screen, HikiDialog):
            await pilot.press("p")
        elif isinstance(screen, HandOverScreen):
            if by == "keys":
                await pilot.press("enter")
            else:
                await pilot.click("#ready")
        else:
            await pilot.pause(0.01)
    raise AssertionError(f"no round result after {max_steps} steps (screen {app.screen!r})")


async def test_bakappana_three_players_round_by_keys():
    session = new_session("bakappana", 3, seed=11)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        result = await play_round(pilot, by="keys")
        assert result.round == 1
        assert len(result.points) == 3
        assert sum(1 for e in session.events if isinstance(e, CardPlayed) and e.seat == 0) >= 5
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert session.state.round == 2


async def test_round_by_mouse():
    session = new_session("bakappana", 2, seed=4)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        result = await play_round(pilot, by="mouse")
        assert result.round == 1
        await pilot.click("#next")
        await settle(pilot)
        assert session.state.round == 2


async def test_koikoi_round_by_keys():
    session = new_session("koikoi", 2, seed=3)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        result = await play_round(pilot, by="keys")
        assert result.round == 1


async def test_sakura_round_by_keys():
    session = new_session("sakura", 3, seed=5)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        result = await play_round(pilot, by="keys")
        assert result.round == 1


async def test_whole_match_ends_with_the_match_result(isolated_dirs):
    from core.rules import find_rules

    from .helpers import players

    app = HanaApp(settings=settings(), play=(find_rules("bakappana", rounds=1), players(2), 9))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_round(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MatchResultScreen)
        kept = list((isolated_dirs / "games").glob("*.hana"))
        assert len(kept) == 1
        assert not (isolated_dirs / "autosave" / "current.hana").exists()
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"


async def test_play_opens_on_the_table_and_escape_puts_the_title_in_its_place(isolated_dirs):
    """`hanatui play`: the table is the app's bottom screen (no screen under it is styled and
    drawn first); Esc puts the title in its place, offering the game to resume, which resumes."""
    from core.rules import find_rules

    from .helpers import players

    app = HanaApp(settings=settings(), play=(find_rules("koikoi"), players(2), 3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen_stack[0], TableScreen)
        played = len(app.screen_stack[0].session.events)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack] == ["TitleScreen"]
        from hanatui.app.screens.title import TitleMenu

        assert app.screen.query_one(TitleMenu).resume_info is not None
        await pilot.press("c")
        await settle(pilot)
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert len(table.session.events) >= played
        assert type(app.screen_stack[0]).__name__ == "TitleScreen"


async def test_a_new_game_asked_on_the_table_the_app_opened_on_goes_over_the_title(isolated_dirs):
    from core.rules import find_rules

    from .helpers import players

    app = HanaApp(settings=settings(), play=(find_rules("koikoi"), players(2), 3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await app.run_action("new_game")
        await pilot.pause()
        await pilot.pause()
        names = [type(s).__name__ for s in app.screen_stack]
        assert names == ["TitleScreen", "NewGameScreen"]


async def test_a_table_opened_on_a_session_still_leaves_for_the_title_over_the_base():
    """A table opened on a session sits over `_Base`: a new game goes over the base, Esc puts
    the title over it (the base stays the bottom screen)."""
    app = HanaApp(settings=settings(), save=False, session=new_session("koikoi", 2, seed=11))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert type(app.screen_stack[0]).__name__ == "_Base"
        await app.run_action("new_game")
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack] == ["_Base", "NewGameScreen"]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack] == ["_Base", "TitleScreen"]


async def test_arrow_keys_in_one_burst_each_move_the_cursor():
    """A held arrow key sends many keys before the screen redraws: each one moves on from where
    the last left the cursor (focus changed at once), so three rights land three cards on."""
    from textual import events

    app = HanaApp(settings=settings(), save=False, session=new_session("koikoi", 2, seed=11))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        first = app.focused
        assert isinstance(first, CardRow) and first.role == "hand"
        start = first.cursor
        for _ in range(3):  # queued together, handled before any redraw
            app.post_message(events.Key("right", None))
        await pilot.pause()
        await pilot.pause()
        assert app.focused is first
        assert first.cursor == start + 3


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_match_result_keeps_its_buttons_in_sight(size):
    """A 12-round match's result at 80x24: the rounds' table scrolls, the buttons stay whole."""
    from textual.widgets import Button

    from core.events import MatchEnded
    from core.rules import find_rules
    from hanatui.arena.selfplay import play_match
    from hanatui.bots import make_bot

    timeline = play_match(find_rules("koikoi", rounds=12), [make_bot("easy")] * 2, seed=11)
    end = timeline.events[-1]
    assert isinstance(end, MatchEnded)
    rounds = [e.points for e in timeline.events if isinstance(e, RoundEnded)]
    assert len(rounds) == 12
    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=size) as pilot:
        kept = "/tmp/games/a-long-name.hana"
        screen = MatchResultScreen(end, timeline.last.players, rounds, kept)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.pause()
        buttons = list(screen.query(Button))
        assert len(buttons) == 3
        for button in buttons:
            assert button.region.height == 3, button.id
            assert screen.region.contains_region(button.region), button.id


async def test_a_seven_player_round_result_fits_80_columns():
    """Seven players' columns are wider than 80: the dialog stays on the screen (its table
    scrolls sideways) instead of running off the right edge."""
    from core.rules import find_rules
    from hanatui.arena.selfplay import play_match
    from hanatui.bots import make_bot

    timeline = play_match(find_rules("sakura", rounds=1), [make_bot("easy")] * 7, seed=5)
    end = next(e for e in timeline.events if isinstance(e, RoundEnded))
    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = RoundResultScreen(end, timeline.last.players, timeline.last.rules)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.pause()
        dialog = screen.query_one("#dialog")
        assert screen.region.contains_region(dialog.region), dialog.region


@pytest.mark.parametrize(
    ("game", "count", "expected"),
    [
        ("koikoi", 2, None),  # the breakdown's "You won the round" says it
        ("bakappana", 2, "Best this round: You (+158)"),  # both score: the best of them
        ("bakappana", 3, "Best this round: "),
    ],
)
async def test_the_round_result_names_who_did_best_unless_the_table_says_it(game, count, expected):
    """Under the round's score, who scored best; not where a line of the breakdown already
    names the round's winner (koi-koi), which the line would only repeat."""
    from core.players import Player
    from core.rules import find_rules
    from hanatui.arena.selfplay import play_match
    from hanatui.bots import make_bot

    players = tuple(
        Player(name="You") if i == 0 else Player(name=f"CPU {i}", kind="bot", bot="easy")
        for i in range(count)
    )
    timeline = play_match(
        find_rules(game, rounds=1), [make_bot("easy")] * count, seed=1, players=players
    )
    end = next(e for e in timeline.events if isinstance(e, RoundEnded))
    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(RoundResultScreen(end, timeline.last.players, timeline.last.rules))
        await pilot.pause()
        await pilot.pause()
        text = "\n".join(s.text for s in app.screen._compositor.render_strips())
        if expected is None:
            assert "You won the round" in text, text
            assert "Best this round" not in text and "win the round" not in text, text
        else:
            assert expected in text, text
