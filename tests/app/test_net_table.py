"""`hanatui join`: the normal table for one seat of a table across the network. The app plays
seat 1 by keys against a scripted player on a real server on loopback."""

from __future__ import annotations

import asyncio
import random

import pytest

from core.rules import find_rules
from hanatui.app.app import HanaApp
from hanatui.app.screens.dialogs import CaptureDialog, KoiKoiDialog, RoundResultScreen
from hanatui.app.screens.net import LobbyScreen, NetTableScreen
from hanatui.net.client import RemoteSession
from hanatui.net.server import SeatPlan, TableServer
from tests.net.helpers import play_seat

from .helpers import settings

pytestmark = pytest.mark.slow


async def _until(pilot, condition, steps: int = 2000) -> None:
    for _ in range(steps):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("timed out")


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
            assert session.state.rounds_done == 1 == server.session.state.rounds_done
            # the table showed Ann's own hand and never Bob's
            assert table.viewer == 0
            assert session.view(0).hand.mask == server.session.state.hands[0]
    finally:
        bob_plays.cancel()
        await bob.close()
        await server.close()
