"""The table's one turn loop: undo from inside every dialog, redo, fair hot-seat, the same
computer reply after an undo, every size from 80x24, the keys as remapped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.actions import DeclareHiki, PlayCard
from core.cards import MONTH_MASKS
from core.engine import legal_actions
from core.events import CardPlayed, Dealt, UndoTaken
from hanatui.app.app import HanaApp, default_keys, known_binding_ids
from hanatui.app.keymap import is_key
from hanatui.app.screens.dialogs import (
    CaptureDialog,
    HandOverScreen,
    HelpScreen,
    HikiDialog,
    KoiKoiDialog,
    RoundResultScreen,
    ScoreSheetScreen,
    help_text,
)
from hanatui.app.screens.table.screen import TableScreen
from hanatui.app.widgets import CardRow
from hanatui.store.settings import Settings

from .helpers import new_session, session_where, settings
from .test_play import settle, undos_by_key

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _two_match_card(state):
    hand = state.hands[state.turn]
    for i in range(48):
        if hand >> i & 1 and (state.field & MONTH_MASKS[i >> 2]).bit_count() == 2:
            return i
    return None


def _position(state):
    return (state.hands, state.field, state.pile, state.captures, state.phase, state.turn)


async def test_undo_inside_the_capture_dialog_takes_back_the_play_and_redo_restores_it():
    session = session_where(
        "bakappana", 2, lambda s: s.phase == "play" and _two_match_card(s) is not None
    )
    before = _position(session.state)
    card = _two_match_card(session.state)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        index = next(
            i for i, c in enumerate(table.query_one("#hand", CardRow).cards) if c.index == card
        )
        await pilot.press(str(index + 1))
        await settle(pilot)
        assert isinstance(app.screen, CaptureDialog)
        played = _position(session.state)
        # while the dialog is up, the field highlight and the status do not speak of another card
        assert not table.query_one("#field", CardRow).marked("-match")
        await pilot.press("u")
        await settle(pilot)
        assert app.screen is table, "the dialog closed"
        assert _position(session.state) == before
        assert isinstance(session.events[-1], UndoTaken) and session.events[-1].seat == 0
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, CaptureDialog), "redo brings back the choice to make"
        assert _position(session.state) == played


async def test_undo_inside_the_koikoi_dialog_takes_back_the_play_that_made_the_yaku():
    session = session_where("koikoi", 2, lambda s: s.phase == "decide")
    decision = session.timeline.last_decision(0)
    assert decision is not None
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, KoiKoiDialog)
        text = " ".join(str(w.render()) for w in dialog.query("Static"))
        assert "cards left in hand" in text
        assert "If you play on" in text
        await pilot.press("u")
        await settle(pilot)
        assert not isinstance(app.screen, KoiKoiDialog)
        # back to just before the human's last decision
        assert isinstance(session.events[-1], UndoTaken)
        assert len(session.events) == decision + 1


async def test_repeated_undo_walks_back_to_the_start_and_redo_walks_forward():
    session = new_session("bakappana", 2, seed=5)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        for _ in range(3):
            assert table._my_turn()
            await pilot.press("1")
            await settle(pilot)
            while isinstance(app.screen, CaptureDialog):
                await pilot.press("enter")
                await settle(pilot)
        positions = []
        while app.check_action("undo", ()):
            positions.append(_position(session.state))
            await pilot.press("ctrl+z")
            await settle(pilot)
            while isinstance(app.screen, CaptureDialog):
                await pilot.press("ctrl+z")
                await settle(pilot)
        assert not any(isinstance(e, CardPlayed) and e.seat == 0 for e in session.events)
        assert len(positions) >= 3
        redone = 0
        while app.check_action("redo", ()):
            await pilot.press("ctrl+y")
            await settle(pilot)
            redone += 1
        assert redone >= 3
        assert any(isinstance(e, CardPlayed) and e.seat == 0 for e in session.events)


async def test_undo_inside_the_hiki_dialog():
    session = session_where(
        "sakura",
        2,
        lambda s: any(isinstance(a, DeclareHiki) for a in legal_actions(s)),
    )
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HikiDialog)
        can = session.can_undo(0)
        await pilot.press("u")
        await settle(pilot)
        if can:
            assert isinstance(session.events[-1], UndoTaken)
        assert not isinstance(app.screen, HikiDialog) or not can


async def test_d_declares_hiki_in_its_dialog():
    session = session_where(
        "sakura", 2, lambda s: any(isinstance(a, DeclareHiki) for a in legal_actions(s))
    )
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HikiDialog)
        await pilot.press("d")
        await settle(pilot)
        assert any(type(e).__name__ == "HikiDeclared" for e in session.events)


async def test_hot_seat_undo_of_the_other_seats_move_is_refused(monkeypatch):
    session = new_session("bakappana", 2, humans=2, seed=8, names=("Aki", "Ben"))
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        first = session.to_act()
        await pilot.press("enter")  # hand over to the first player
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        while isinstance(app.screen, CaptureDialog):
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")  # the second player sits down
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.keyboard == 1 - first
        count = len(session.events)
        assert not table.may_undo()
        said: list[str] = []
        monkeypatch.setattr(table, "notify", lambda message, **kw: said.append(str(message)))
        await pilot.press("u")  # the key answers, and says why nothing is taken back
        await settle(pilot)
        assert len(session.events) == count, "the other seat's move stays"
        assert not any(isinstance(e, UndoTaken) for e in session.events)
        mover = session.players[first].name
        assert said == [f"Only {mover} can take back their own move."]


async def test_the_same_move_after_an_undo_gets_the_same_computer_reply():
    session = new_session("bakappana", 2, seed=9)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)

        async def play_first() -> list[object]:
            start = len(session.events)
            await pilot.press("1")
            await settle(pilot)
            while isinstance(app.screen, CaptureDialog):
                await pilot.press("enter")
                await settle(pilot)
            return [e for e in session.events[start:] if getattr(e, "seat", 0) == 1]

        first = await play_first()
        assert first, "the computer replied"
        await pilot.press("u")
        await settle(pilot)
        again = await play_first()
        assert again == first


def _games():
    out = []
    for game, counts in (
        ("koikoi", (2,)),
        ("bakappana", (2, 3, 4)),
        ("hana-awase", (2, 3, 4)),
        ("sakura", (2, 3, 4, 5, 6, 7)),
    ):
        out += [(game, n) for n in counts]
    return out


@pytest.mark.parametrize("game,n", _games(), ids=[f"{g}-{n}p" for g, n in _games()])
async def test_at_80x24_every_hand_card_and_every_seat_is_on_screen(game, n):
    session = new_session(game, n, seed=12)  # no game opens on a dialog (11: a Sakura hiki)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        screen = table.region
        hand = table.query_one("#hand", CardRow)
        assert len(hand.cards) == session.view(0).hand_counts[0] > 0
        for i, card in enumerate(hand.cards):
            region = hand.card_region(i)
            assert screen.contains_region(region), f"{card} at {region}"
        field = table.query_one("#field", CardRow)
        for i, card in enumerate(field.cards):
            assert screen.contains_region(field.card_region(i)), f"field {card}"
        # each opponent's line (with its hand count) and the header with every score
        panels = list(table.query("SeatPanel"))
        assert len(panels) == n - 1
        for seat, panel in zip(range(1, n), panels, strict=True):
            assert panel.region.height >= 1 and screen.contains_region(panel.region)
            assert session.players[seat].name in str(panel.render())
        topbar = table.query_one("#topbar")
        assert screen.contains_region(topbar.region)
        text = str(topbar.render())
        for p in session.players:
            assert p.name in text
        # left from the first card focuses the last one, which is on screen
        hand.focus_card(0)
        await pilot.press("left")
        assert app.focused is hand and hand.cursor == len(hand.cards) - 1
        assert screen.contains_region(hand.card_region(hand.cursor))


async def test_resizing_below_80x24_and_back_keeps_the_hand_focused_and_enter_plays():
    session = new_session("koikoi", 2, seed=11)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("right")
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert isinstance(app.focused, CardRow) and app.focused.role == "hand"
        count = len(session.events)
        await pilot.press("enter")
        await settle(pilot)
        assert any(isinstance(e, PlayCard | CardPlayed) for e in session.events[count:])
        assert table.is_attached


async def test_header_shows_the_finished_round_while_its_result_is_up():
    session = new_session("bakappana", 2, seed=4, rounds=2)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        from .test_play import play_round

        ended = await play_round(pilot)
        assert isinstance(app.screen, RoundResultScreen)
        table = app.screen_stack[-2]
        header = str(table.query_one("#topbar").render())
        assert f"Round {ended.round} of 2 over" in header


async def test_the_score_sheet_is_one_key_away():
    session = new_session("bakappana", 2, seed=3)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        assert isinstance(app.screen, ScoreSheetScreen)
        await pilot.press("t")
        assert isinstance(app.screen, TableScreen)


def _notices(app):
    """Every notice ``app`` gives from now on, in words, recorded as it passes them on."""
    said: list[str] = []
    original = app.notify

    def notify(message, *args, **kwargs):
        said.append(str(message))
        return original(message, *args, **kwargs)

    app.notify = notify
    return said


async def test_help_shows_remapped_keys_and_unknown_binding_ids_are_reported():
    session = new_session("bakappana", 2, seed=3)
    keymap = {"table.hint": "f5", "table.nonsense": "x"}
    app = HanaApp(settings=Settings(pace=0.0, keymap=keymap), save=False, session=session)
    said = _notices(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert any("table.nonsense" in s and "unknown binding id" in s for s in said)
        assert not any("table.hint" in s for s in said)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("#dialog Static:last-of-type").render())
        assert "f5" in text


async def test_a_keymap_entry_naming_no_key_keeps_the_bindings_own_keys_and_says_so():
    """An empty or blank entry ("table.undo": "" or " , ") took undo's keys away without a word:
    ctrl+z and u did nothing. It is left out and named; a remapped key another binding answers
    on the same screen is named too."""
    session = new_session("bakappana", 2, seed=3)
    keymap = {"table.undo": " , ", "table.hint": "u"}
    app = HanaApp(settings=Settings(pace=0.0, keymap=keymap), save=False, session=session)
    said = _notices(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert any("table.undo" in s and "is not a key" in s and "ctrl+z,u" in s for s in said)
        assert any(
            "table.hint: u is also the key of table.undo" in s and "only one" in s for s in said
        )
        assert isinstance(app.screen, TableScreen)
        before, after = await undos_by_key(pilot, session, "ctrl+z")
        assert after == before + 1


def test_help_shows_each_key_of_a_row_when_one_binding_of_it_is_remapped():
    """Undo remapped alone showed "backspace  undo your last decision / redo it": redo's keys
    were gone from the help though they still worked."""
    row = next(
        line
        for line in help_text({"table.undo": "backspace"}, own=default_keys()).splitlines()
        if "redo" in line
    )
    assert "backspace" in row and "ctrl+y" in row and "ctrl+z" not in row


def test_keys_in_the_keymap_are_checked_by_name():
    assert all(is_key(k) for k in ("enter", "ctrl+z", "question_mark", "f5", "pageup", "A"))
    assert all(is_key(k) for k in ("shift+tab", "equals_sign", "space", "backspace"))
    assert not any(is_key(k) for k in ("", "ctrl+", "enterr", "cmd+z", "ctrl+pagedwn"))


def test_no_key_both_moves_and_decides_at_the_table():
    moves = {"left", "right", "up", "down", "h", "l"}
    deciding = set()
    for cls in (KoiKoiDialog, HikiDialog, CaptureDialog):
        for b in cls.BINDINGS:
            if b.action.startswith(("choose", "declare", "decline", "pick")):
                deciding |= set(b.key.split(","))
    table_moves = {
        k for b in TableScreen.BINDINGS if b.action.startswith("move") for k in b.key.split(",")
    }
    assert table_moves <= moves
    assert not table_moves & deciding


def test_the_keys_page_lists_every_binding_id():
    keys = (ROOT / "docs" / "keys.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"`([a-z]+\.[a-z0-9_]+)`", keys))
    missing = sorted(known_binding_ids() - listed)
    assert not missing, f"docs/keys.md lacks binding ids: {missing}"


async def test_a_new_game_while_one_is_unfinished_asks_first(isolated_dirs):
    from core.rules import find_rules
    from hanatui.app.screens.dialogs import UnfinishedDialog
    from hanatui.app.screens.title import TitleScreen

    from .helpers import players

    rules = find_rules("bakappana")
    app = HanaApp(settings=settings(), play=(rules, players(2), 5))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        first = app.screen
        assert isinstance(first, TableScreen)
        await pilot.press("1")
        await settle(pilot)
        while isinstance(app.screen, CaptureDialog):
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.screen.check_action("resume", ()) is True
        app.start_game(rules, players(2), seed=6)
        await pilot.pause()
        assert isinstance(app.screen, UnfinishedDialog)
        await pilot.press("escape")  # cancel: nothing changes
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.unfinished() is not None
        app.start_game(rules, players(2), seed=6)
        await pilot.pause()
        await pilot.press("c")  # resume the unfinished one
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.session.events[: len(first.session.events)] == first.session.events


async def test_the_title_offers_resume_only_when_there_is_something(isolated_dirs):
    from hanatui.app.screens.title import TitleScreen

    app = HanaApp(settings=settings())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.screen.check_action("resume", ()) is False


async def test_redo_on_a_rounds_result_shows_that_result_again():
    """Finish round 1; on its result undo (back to the last play), then redo: the round's result
    comes back, not round 2 with the computer's first play made."""
    session = new_session("koikoi", 2, seed=5, rounds=2)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        from .test_play import play_round

        ended = await play_round(pilot)
        assert isinstance(app.screen, RoundResultScreen)
        count = len(session.events)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert not isinstance(app.screen, RoundResultScreen)
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert isinstance(app.screen, RoundResultScreen), app.screen
        assert app.screen.event == ended
        assert len(session.events) == count + 1  # the undo's record, nothing played since
        assert not any(isinstance(e, Dealt) and e.round == 2 for e in session.events)


def _same_worth_choice(state) -> bool:
    from core.actions import ChooseCapture
    from core.engine import legal_actions
    from core.games.registry import same_worth

    if state.phase != "choose":
        return False
    targets = [a.target for a in legal_actions(state) if isinstance(a, ChooseCapture)]
    if len(targets) != 2:
        return False
    first, second = targets
    return first is not None and second is not None and same_worth(state.rules, first, second)


@pytest.mark.parametrize("auto", [True, False], ids=["picked", "asked"])
async def test_a_choice_between_cards_worth_the_same_is_made_without_asking(auto):
    """12a on 12c and 12d: no question when the setting is on (the log records the choice);
    asked as before when it is off."""
    from core.events import CaptureChosen

    session = session_where("koikoi", 2, _same_worth_choice)
    app = HanaApp(settings=settings(same_choice_auto=auto), save=False, session=session)
    count = len(session.events)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(50):
            await pilot.pause(0.02)
            if isinstance(app.screen, CaptureDialog) or len(session.events) > count:
                break
        if auto:
            assert not isinstance(app.screen, CaptureDialog)
            chosen = [e for e in session.events[count:] if isinstance(e, CaptureChosen)]
            assert chosen and chosen[0].seat == 0
        else:
            assert isinstance(app.screen, CaptureDialog)
            assert len(session.events) == count
