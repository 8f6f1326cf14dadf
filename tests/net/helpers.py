"""Tables and players on loopback for the network tests: real servers, real WebSocket
connections, every wait bounded."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from core.engine import is_chance
from core.events import Event
from core.rules import find_rules
from hanatui.net import protocol as p
from hanatui.net.client import RemoteSession
from hanatui.net.server import SeatPlan, TableServer

#: No wait of a test lasts longer than this many seconds.
LIMIT = 20.0


async def koikoi_table(
    directory: Path, *, rules: dict[str, Any] | None = None, **options: Any
) -> TableServer:
    """A started two-seat koi-koi table on a free loopback port, computer moves at once, dealt
    from a fixed seed so that a run can be repeated (a random one once dealt a hand that ended the
    round before anyone moved)."""
    options.setdefault("pace", 0.0)
    options.setdefault("seed", 1)
    server = TableServer.new(
        find_rules("koikoi", **(rules or {})),
        [SeatPlan(), SeatPlan()],
        directory / "table.hana",
        **options,
    )
    await server.start()
    return server


class Recorder:
    """Every message a `RemoteSession` receives, as received (for the independent checks)."""

    def __init__(self, session: RemoteSession) -> None:
        self.messages: list[p.ServerMessage] = []
        original = session.connection.on_message

        def record(message: p.ServerMessage) -> None:
            self.messages.append(message)
            original(message)

        session.connection.on_message = record

    @property
    def events(self) -> list[p.Events]:
        return [m for m in self.messages if isinstance(m, p.Events)]


async def until(condition: Callable[[], bool], limit: float = LIMIT) -> None:
    """Wait (polling) until ``condition()`` holds; fails the test after ``limit`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("timed out waiting for the table")
        await asyncio.sleep(0.01)


async def settled(server: TableServer, *sessions: RemoteSession) -> None:
    """Wait until the table has nothing more to say: no deal waits for the players' entropy (a
    round's end commits to the next deal at once and deals it when each program's entropy has
    come, a moment later) and every seat holds every event of the match."""
    session = server.session
    assert session is not None

    def quiet() -> bool:
        if is_chance(session.state) and not session.over:
            return False
        return all(len(s.redacted) == len(session.events) for s in sessions)

    try:
        await until(quiet)
    except AssertionError:
        kinds = [type(e).__name__ for e in session.events[-4:]]
        seats = [(s.seat, len(s.redacted), s.problem) for s in sessions]
        raise AssertionError(
            f"the table did not settle: {len(session.events)} events (last {kinds}), "
            f"chance pending {is_chance(session.state)}; seats (seat, events, problem) {seats}"
        ) from None


async def play_seat(
    session: RemoteSession,
    rng: random.Random,
    *,
    rounds: int = 1,
    moves: int | None = None,
) -> int:
    """Play random legal moves for one seat until ``rounds`` rounds are over (or ``moves``
    moves were made); the number of moves made."""
    made = 0
    while True:
        if session.started and (session.over or session.state.rounds_done >= rounds):
            return made
        if moves is not None and made >= moves:
            return made
        legal = session.legal()
        if not legal:
            got = await _bounded(session, session.wait_for_others())
            if got is None:
                return made
            continue
        events: list[Event] = await _bounded(session, session.perform(rng.choice(legal)))
        if events:
            made += 1


async def _bounded(session: RemoteSession, awaitable: Any) -> Any:
    """``awaitable`` within `LIMIT` seconds, or a failure that says where the seat stood."""
    try:
        return await asyncio.wait_for(awaitable, LIMIT)
    except TimeoutError:
        state = session.state if session.started else None
        raise AssertionError(
            f"seat {session.seat} waited {LIMIT} s: {len(session.redacted)} events, "
            f"phase {state and state.phase}, to act {state and session.to_act()}, "
            f"legal {session.legal()}, problem {session.problem}"
        ) from None


async def play_turns(sessions: list[RemoteSession], count: int, rng: random.Random) -> None:
    """Make ``count`` moves in all, each by whichever seat must decide."""
    for _ in range(count):
        await until(lambda: any(s.legal() for s in sessions))
        mover = next(s for s in sessions if s.legal())
        assert await _bounded(mover, mover.perform(rng.choice(mover.legal())))


async def raw_client(server: TableServer) -> ClientConnection:
    """A bare WebSocket connection to a table (for hostile clients)."""
    url = f"ws://127.0.0.1:{server.port}/"
    return await connect(url, proxy=None, compression=None, max_size=None, open_timeout=LIMIT)


async def seated(server: TableServer, seat: int, name: str) -> tuple[RemoteSession, Recorder]:
    session = RemoteSession(server.url(seat), name)
    recorder = Recorder(session)
    session.start()
    return session, recorder
