"""`hanatui join`: the normal table for one seat of a table across the network. The app plays
seat 1 by keys against a scripted player on a real server on loopback."""

from __future__ import annotations

import asyncio
import random

import pytest

from core.cards import CARDS, Card
from core.events import Dealt, Event
from core.rules import find_rules
from hanatui.app.app import HanaApp
from hanatui.app.screens.dialogs import CaptureDialog, KoiKoiDialog, RoundResultScreen
from hanatui.app.screens.net import AskDialog, LobbyScreen, NetTableScreen
from hanatui.net.client import RemoteSession
from hanatui.net.server import SeatPlan, TableServer
from hanatui.session.session import Session
from tests.net.helpers import play_seat

from .helpers import settings

pytestmark = pytest.mark.slow


def _undone_by(events, seat: int) -> bool:
    """Whether the log's last event is an undo taken by ``seat``."""
    from core.events import UndoTaken

    last = events[-1] if events else None
    return isinstance(last, UndoTaken) and last.seat == seat


async def _until(pilot, condition, steps: int = 2000, what=None) -> None:
    """Until ``condition()`` holds; on timing out, ``what()`` says what there was instead."""
    for _ in range(steps):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("timed out" + (f": {what()}" if what is not None else ""))


async def test_join_plays_a_round_at_the_normal_table(tmp_path):
    server = TableServer.new(
        find_rules("koikoi"), [SeatPlan(), SeatPlan()], tmp_path / "t.hana", pace=0, seed=11
    )
    await server.start()
    bob = RemoteSession(server.url(1), "Bob")
    bob.start()
    bob_plays = asyncio.ensure_future(play_seat(bob, random.Random(2), rounds=1))
    app = HanaApp(settings=settings(name="Ann"), save=False, join=(server.url(0), "Ann", None))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await _until(pilot, lambda: isinstance(app.screen, LobbyScreen | NetTableScreen))
            await _until(pilot, lambda: isinstance(app.screen, NetTableScreen))
            table = app.screen
            assert isinstance(table, NetTableScreen)
            session = table.remote
            for _ in range(400):
                screen = app.screen
                if isinstance(screen, RoundResultScreen):
                    break
                if isinstance(screen, CaptureDialog | KoiKoiDialog):
                    await pilot.press("enter")
                elif screen is table and table._my_turn():
                    await pilot.press("1")
                await pilot.pause(0.02)
            else:
                raise AssertionError(f"stuck in phase {session.state.phase} on {app.screen}")
            assert server.session is not None
            served = server.session
            # the round is over on both sides (the one in front may have been told first); on
            # timing out, what each side had
            await _until(
                pilot,
                lambda: session.state.rounds_done == 1 == served.state.rounds_done,
                what=lambda: (
                    f"rounds done: Ann's table {session.state.rounds_done}, the server "
                    f"{served.state.rounds_done}; last events {served.timeline.events[-3:]}"
                ),
            )
            # the table showed Ann's own hand and never Bob's
            assert table.viewer == 0
            assert session.view(0).hand.mask == server.session.state.hands[0]
    finally:
        bob_plays.cancel()
        await bob.close()
        await server.close()


async def test_host_a_table_from_the_app_and_a_friend_joins(isolated_dirs):
    from core.players import Player

    app = HanaApp(settings=settings(name="Ann"), save=False)
    friend: RemoteSession | None = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            players = (Player(name="Ann"), Player(name="Seat 2"))
            await app.host_table(find_rules("koikoi"), players)
            await _until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen) and lobby.server is not None
            server = lobby.server
            await _until(pilot, lambda: lobby.session.lobby is not None)
            shown = str(lobby.query_one("#seats").render())
            assert server.url(1) in shown  # the friend's address, to give them
            assert server.bind == "127.0.0.1"
            friend = RemoteSession(server.url(1), "Bob")
            friend.start()
            await _until(pilot, lambda: isinstance(app.screen, NetTableScreen))
            table = app.screen
            assert isinstance(table, NetTableScreen)
            await _until(pilot, lambda: table.remote.started and friend.started)
            assert [p.name for p in table.remote.players] == ["Ann", "Bob"]
            assert table.viewer == 0
            await _until(pilot, lambda: table._drawn is not None)
            # the host leaving mid-match is asked first: it closes the table for everyone
            await pilot.press("escape")
            await _until(pilot, lambda: isinstance(app.screen, AskDialog))
            await pilot.press("y")
            await _until(pilot, lambda: not app.screen.is_modal and app.screen is not table)
            await _until(pilot, lambda: friend is not None and not friend.connected)
    finally:
        if friend is not None:
            await friend.close()


async def test_joining_mid_match_goes_straight_to_the_table(tmp_path):
    from tests.net.helpers import play_turns

    server = TableServer.new(
        find_rules("koikoi"), [SeatPlan(), SeatPlan()], tmp_path / "t.hana", pace=0, seed=5
    )
    await server.start()
    ann, bob = RemoteSession(server.url(0), "Ann"), RemoteSession(server.url(1), "Bob")
    ann.start()
    bob.start()
    app = HanaApp(settings=settings(name="Ann"), save=False, join=(server.url(0), "Ann", None))
    try:
        await play_turns([ann, bob], 5, random.Random(3))
        await ann.close()
        async with app.run_test(size=(80, 24)) as pilot:
            # the whole match arrives at once: the table shows it as it stands
            await _until(pilot, lambda: isinstance(app.screen, NetTableScreen))
            table = app.screen
            assert isinstance(table, NetTableScreen)
            await _until(pilot, lambda: table._drawn is not None)
            assert server.session is not None
            assert len(table.remote.events) == len(server.session.events)
            assert table.remote.players[0].name == "Ann"
            await pilot.pause(0.2)
            # the deal is random: the five turns may have left Ann a capture or koi-koi to
            # decide, or a round's result, whose dialog takes escape for itself; she answers
            # it, then leaves
            for _ in range(10):
                if app.screen is table:
                    break
                shown = app.screen
                assert isinstance(shown, CaptureDialog | KoiKoiDialog | RoundResultScreen), shown
                await pilot.press("enter")
                await pilot.pause(0.1)
            assert app.screen is table
            await pilot.press("escape")  # leave: the seat is away, the table goes on
            await _until(pilot, lambda: 0 not in server.connected)
    finally:
        await bob.close()
        await server.close()


async def _joined(pilot, app) -> NetTableScreen:
    await _until(pilot, lambda: isinstance(app.screen, NetTableScreen))
    table = app.screen
    assert isinstance(table, NetTableScreen)
    await _until(pilot, lambda: table.remote.started and table._drawn is not None)
    return table


async def _ann_decides_once(pilot, app, table: NetTableScreen, bob: RemoteSession, rng) -> None:
    """Play (Ann by keys, Bob by script) until Ann has just made a decision she may take back."""
    ann = table.remote
    for _ in range(400):
        if ann.can_undo(0) and not table._my_turn():
            return
        if isinstance(app.screen, CaptureDialog):
            await pilot.press("enter")
        elif app.screen is table and table._my_turn():
            await pilot.press("1")
        elif bob.legal():
            await bob.perform(rng.choice(bob.legal()))
        await pilot.pause(0.02)
    raise AssertionError(f"Ann never decided: {len(ann.events)} events")


def _bobs_settled(recorder) -> list:
    from hanatui.net import protocol as p

    return [m for m in recorder.messages if isinstance(m, p.UndoSettled) and m.seat == 1]


async def test_undo_at_the_table_asks_the_other_player_and_answers_their_request(tmp_path):
    from hanatui.net import protocol as p
    from tests.net.helpers import Recorder

    server = TableServer.new(
        find_rules("koikoi"), [SeatPlan(), SeatPlan()], tmp_path / "t.hana", pace=0, seed=4
    )
    await server.start()
    bob = RemoteSession(server.url(1), "Bob")
    bob_log = Recorder(bob)
    bob.start()
    app = HanaApp(settings=settings(name="Ann"), save=False, join=(server.url(0), "Ann", None))
    rng = random.Random(6)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            table = await _joined(pilot, app)
            assert server.session is not None
            # Ann's undo key asks Bob; nothing changes until he allows it
            await _ann_decides_once(pilot, app, table, bob, rng)
            before = len(server.session.events)
            await pilot.press("u")
            await _until(pilot, lambda: any(isinstance(m, p.UndoAsked) for m in bob_log.messages))
            asked = next(m for m in bob_log.messages if isinstance(m, p.UndoAsked))
            assert asked.seat == 0 and len(server.session.events) == before
            assert await bob.answer_undo(asked.request, allow=True)
            await _until(
                pilot,
                lambda: _undone_by(server.session.events, 0),
                what=lambda: (
                    [type(e).__name__ for e in server.session.events[-4:]],
                    [m for m in bob_log.messages if isinstance(m, p.UndoSettled)],
                ),
            )
            await _until(pilot, lambda: len(table.remote.events) == len(server.session.events))
            await _until(pilot, table._my_turn)  # Ann decides again
            # Bob's request reaches Ann as a dialog: refused, then allowed
            await pilot.press("1")
            await _until(pilot, lambda: not table._my_turn() or app.screen is not table)
            while isinstance(app.screen, CaptureDialog):
                await pilot.press("enter")
                await pilot.pause(0.05)
            # (with this deal, Ann's move ends her turn: Bob decides next)
            await _until(pilot, lambda: bool(bob.legal()))
            await bob.perform(rng.choice(bob.legal()))
            await _until(pilot, lambda: server.session is not None and server.session.can_undo(1))
            decided = len(server.session.events)
            for allow in (False, True):
                assert await bob.request_undo()
                await _until(pilot, lambda: isinstance(app.screen, AskDialog))
                dialog = app.screen
                assert isinstance(dialog, AskDialog)
                assert "Bob asks to take back their last move" in dialog.text
                await pilot.press("y" if allow else "n")
                await _until(
                    pilot,
                    lambda n=2 if allow else 1: len(_bobs_settled(bob_log)) == n,
                )
                assert _bobs_settled(bob_log)[-1].granted is allow
                if not allow:
                    assert len(server.session.events) == decided
            assert _undone_by(server.session.events, 1)
            assert not isinstance(app.screen, AskDialog)
    finally:
        await bob.close()
        await server.close()


async def test_a_seat_away_is_handed_to_a_computer_by_the_o_key(tmp_path):
    server = TableServer.new(
        find_rules("koikoi"),
        [SeatPlan(), SeatPlan()],
        tmp_path / "t.hana",
        pace=0,
        seed=8,
        hand_over_after=0,
    )
    await server.start()
    bob = RemoteSession(server.url(1), "Bob")
    bob.start()
    app = HanaApp(
        settings=settings(name="Ann", bot_level="easy"),
        save=False,
        join=(server.url(0), "Ann", None),
    )
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            table = await _joined(pilot, app)
            # while Bob is at the table, o does nothing
            await pilot.press("o")
            await pilot.pause(0.1)
            assert app.screen is table and not server.stand_ins
            await bob.close()
            await _until(pilot, lambda: bool(table.remote.away_seats()))
            await pilot.press("o")
            await _until(pilot, lambda: isinstance(app.screen, AskDialog))
            dialog = app.screen
            assert isinstance(dialog, AskDialog)
            assert "Bob has been away" in dialog.text and "easy computer player" in dialog.text
            await pilot.press("y")
            await _until(pilot, lambda: server.stand_ins == {1: "easy"})
            # the computer plays Bob's seat: Ann's turns keep coming
            assert server.session is not None
            count = len(server.session.events)
            for _ in range(400):
                if len(server.session.events) > count + 4:
                    break
                if isinstance(app.screen, CaptureDialog | KoiKoiDialog):
                    await pilot.press("enter")
                elif app.screen is table and table._my_turn():
                    await pilot.press("1")
                await pilot.pause(0.02)
            else:
                raise AssertionError("the table stood still after the hand-over")
            from core.events import CardPlayed

            played = [e for e in server.session.events[count:] if isinstance(e, CardPlayed)]
            assert any(e.seat == 1 for e in played)  # the computer played for Bob
    finally:
        await bob.close()
        await server.close()


@pytest.mark.parametrize("host", [True, False], ids=["host", "new-game"])
async def test_a_hosted_seat_is_named_by_the_player_who_joins(isolated_dirs, host):
    """Hosting, another person's seat needs no name (they give theirs when they join); a local
    game still needs every name."""
    from textual.widgets import Input, Select

    from core.errors import HanaError
    from hanatui.app.screens.newgame import NewGameScreen

    app = HanaApp(settings=settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h" if host else "n")
        await _until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.host is host
        form.query_one("#seat-kind-1", Select).value = "human"
        await pilot.pause()
        name = form.query_one("#seat-name-1", Input)
        name.value = ""
        await pilot.pause()
        if host:
            assert name.placeholder == "named when they join"
            _, players = form.build()
            assert [(p.name, p.kind) for p in players][1] == ("Seat 2", "human")
        else:
            with pytest.raises(HanaError) as raised:
                form.build()
            # what to do, not the core's "seat 2: invalid name: '' (empty)"
            assert str(raised.value) == "Seat 2 needs a name: type one in its row."


class _LuckySession(Session):
    """A table that deals seat 1 the four Pine cards in round 1 (a lucky hand): a deal every
    player's entropy goes into cannot be chosen by a seed, so this table chooses it (and its
    players' programs say that the deal does not match its seed)."""

    def chance_event(self, event: Event) -> Event:
        if not isinstance(event, Dealt) or event.round != 1:
            return event
        field = [Card(f"{month:02d}a") for month in range(2, 10)]  # no four of a month
        first = [*field, *(Card(f"01{letter}") for letter in "abcd")]
        rest = [c for c in CARDS if c not in first]
        return Dealt(round=event.round, dealer=event.dealer, deck=(*first, *rest))


async def test_a_round_over_at_the_first_deal_shows_its_result(tmp_path, monkeypatch):
    """The first deal is a lucky hand: the round is over before anyone moves, in the first
    events the table receives; the player still sees its result."""
    from core.events import RoundEnded
    from hanatui.net import server as server_module

    monkeypatch.setattr(server_module, "Session", _LuckySession)
    server = TableServer.new(
        find_rules("koikoi"), [SeatPlan(), SeatPlan()], tmp_path / "t.hana", pace=0, seed=126
    )
    await server.start()
    bob = RemoteSession(server.url(1), "Bob")
    bob.start()
    app = HanaApp(settings=settings(name="Ann"), save=False, join=(server.url(0), "Ann", None))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await _until(pilot, lambda: isinstance(app.screen, RoundResultScreen))
            assert server.session is not None
            ended = [e for e in server.session.events if isinstance(e, RoundEnded)]
            result = app.screen
            assert isinstance(result, RoundResultScreen)
            assert len(ended) == 1 and result.event == ended[0]
        # ... and so does a player who joins (again) before anyone has moved since
        later = RemoteSession(server.url(1), "Bob")
        later.start()
        await bob.close()
        shown = await asyncio.wait_for(later.wait_for_others(), 20)
        assert shown is not None and isinstance(shown[0], RoundEnded)
        await later.close()
    finally:
        await bob.close()
        await server.close()


async def test_a_player_who_rejoins_is_asked_the_undo_still_open(tmp_path):
    """Bob asks for an undo while Ann's program is gone (killed); when Ann joins again the
    table sends her the open question with the whole match, and her table asks it."""
    from hanatui.net import protocol as p
    from tests.net.helpers import Recorder, play_turns

    server = TableServer.new(
        find_rules("koikoi"), [SeatPlan(), SeatPlan()], tmp_path / "t.hana", pace=0, seed=5
    )
    await server.start()
    ann, bob = RemoteSession(server.url(0), "Ann"), RemoteSession(server.url(1), "Bob")
    bob_log = Recorder(bob)
    ann.start()
    bob.start()
    app = HanaApp(settings=settings(name="Ann"), save=False, join=(server.url(0), "Ann", None))
    try:
        rng = random.Random(3)
        await play_turns([ann, bob], 4, rng)
        assert server.session is not None
        for _ in range(50):  # until Bob has just decided
            if server.session.can_undo(1):
                break
            await play_turns([ann, bob], 1, rng)
        assert server.session.can_undo(1)
        await ann.close()
        assert await bob.request_undo()
        async with app.run_test(size=(80, 24)) as pilot:
            await _until(pilot, lambda: isinstance(app.screen, AskDialog))
            dialog = app.screen
            assert isinstance(dialog, AskDialog)
            assert "Bob asks to take back their last move" in dialog.text
            await pilot.press("y")
            await _until(pilot, lambda: any(isinstance(m, p.UndoSettled) for m in bob_log.messages))
            settled = next(m for m in bob_log.messages if isinstance(m, p.UndoSettled))
            assert settled.granted
    finally:
        await bob.close()
        await server.close()
