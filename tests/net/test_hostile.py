"""Hostile clients on loopback: a wrong token, an illegal or out-of-turn action, malformed JSON,
an unknown message type, a 10 MiB frame and 10,000 messages in a second. Each is refused (the
connection stays) or disconnected with a reason; the table and the other player go on."""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import cast

import pytest
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from core.actions import PlayCard
from core.cards import CARDS
from hanatui.net import protocol as p
from hanatui.net.server import TableServer
from tests.net.helpers import LIMIT, koikoi_table, play_seat, raw_client, seated, until


async def _hello(ws: ClientConnection, server: TableServer, seat: int) -> None:
    token = server.tokens[seat]
    assert token is not None
    await ws.send(p.encode(p.Hello(version=p.VERSION, token=token, name="Mallory")))
    welcome = p.decode_server(await asyncio.wait_for(ws.recv(), LIMIT))
    assert isinstance(welcome, p.Welcome) and (welcome.version, welcome.seat) == (p.VERSION, seat)


async def _next(ws: ClientConnection, kind: type) -> p.ServerMessage:
    """The next message of type ``kind`` (others are skipped)."""
    while True:
        message = p.decode_server(await asyncio.wait_for(ws.recv(), LIMIT))
        if isinstance(message, kind):
            return message


async def _closed(ws: ClientConnection) -> tuple[int | None, str | None]:
    """Read until the server closes the connection; its close code and reason."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            await asyncio.wait_for(ws.recv(), LIMIT)
    return ws.close_code, ws.close_reason


async def _table_goes_on(server: TableServer, ann) -> None:
    """The other seat (re)joins properly and the two play the round to its end."""
    bob, _ = await seated(server, 1, "Bob")
    try:
        await until(lambda: bob.started)
        await asyncio.gather(
            play_seat(ann, random.Random(3), rounds=1), play_seat(bob, random.Random(4), rounds=1)
        )
        assert server.session is not None and server.session.state.rounds_done >= 1
    finally:
        await bob.close()


async def _turn_of(server: TableServer, seat: int, ann, ws: ClientConnection) -> None:
    """Play legal moves (Ann as seat 1, the raw client as seat 2) until ``seat`` is to act."""
    session = server.session
    assert session is not None
    rng = random.Random(5)
    while True:
        # a deal waits for the players' entropy (the raw client sends none: the table's wait)
        await until(lambda: session.to_act() is not None)
        if session.to_act() == seat:
            return
        if session.to_act() == 0:
            await until(lambda: bool(ann.legal()))
            await ann.perform(rng.choice(ann.legal()))
        else:
            before = len(session.events)
            await ws.send(p.encode(p.Act(at=before, action=cast(p.AnyAction, session.legal()[0]))))
            await until(_grown(session, before))


def _grown(session, before: int):
    return lambda: len(session.events) > before


@pytest.fixture
async def table(data_dir):
    server = await koikoi_table(data_dir, entropy_timeout=0.2)
    ann, _ = await seated(server, 0, "Ann")
    yield server, ann
    await ann.close()
    await server.close()


async def test_a_wrong_token_is_disconnected(table):
    server, ann = table
    ws = await raw_client(server)
    await ws.send(p.encode(p.Hello(version=p.VERSION, token="A" * 22, name="Mallory")))
    assert await _closed(ws) == (p.CLOSE_POLICY, "unknown seat token")
    assert server.session is None  # the lobby still waits for the real seat 2
    await _table_goes_on(server, ann)


async def test_another_protocol_version_is_disconnected(table):
    server, ann = table
    ws = await raw_client(server)
    token = server.tokens[1]
    assert token is not None
    await ws.send(p.encode(p.Hello(version=p.VERSION + 1, token=token, name="Mallory")))
    code, reason = await _closed(ws)
    assert code == p.CLOSE_POLICY and "protocol version" in (reason or "")
    await _table_goes_on(server, ann)


@pytest.mark.parametrize("whose", ["own-turn", "other-turn"])
async def test_illegal_and_out_of_turn_actions_are_refused_and_change_nothing(table, whose):
    server, ann = table
    ws = await raw_client(server)
    await _hello(ws, server, 1)
    await until(lambda: ann.started)
    assert server.session is not None
    if whose == "own-turn":
        await _turn_of(server, 1, ann, ws)
        hand = server.session.state.hands[1]
        card = next(c for c in CARDS if not hand & c.bit)  # a card seat 2 does not hold
        reason = "not allowed"
    else:
        await _turn_of(server, 0, ann, ws)
        card = next(c for c in CARDS if server.session.state.hands[1] & c.bit)
        reason = "not your turn"
    before = list(server.session.events)
    at = len(before)
    await ws.send(p.encode(p.Act(at=at, action=PlayCard(seat=1, card=card))))
    refused = await _next(ws, p.Refused)
    assert isinstance(refused, p.Refused) and reason in refused.reason
    # a move in another seat's name is refused too
    await ws.send(p.encode(p.Act(at=at, action=PlayCard(seat=0, card=card))))
    assert isinstance(await _next(ws, p.Refused), p.Refused)
    assert server.session.events == before
    # the connection stays open: a legal move is played
    if whose == "own-turn":
        legal = server.session.legal()
        await ws.send(p.encode(p.Act(at=at, action=legal[0])))
        await until(lambda: len(server.session.events) > at)
    await ws.close()
    await _table_goes_on(server, ann)


@pytest.mark.parametrize(
    ("frame", "code", "reason"),
    [
        ("{not json", p.CLOSE_INVALID, "malformed JSON"),
        ('{"type": "make_me_win"}', p.CLOSE_INVALID, "unknown message type"),
        ('{"type": "undo_request", "extra": 1}', p.CLOSE_INVALID, "unknown field"),
        (b"\x00\x01binary", p.CLOSE_INVALID, "binary frames"),
        (
            '{"type": "hello", "version": 1, "token": "' + "A" * 22 + '", "name": "M"}',
            p.CLOSE_POLICY,
            "hello twice",
        ),
    ],
    ids=["malformed-json", "unknown-type", "unknown-field", "binary", "hello-twice"],
)
async def test_a_bad_frame_is_disconnected_with_its_reason(table, frame, code, reason):
    server, ann = table
    ws = await raw_client(server)
    await _hello(ws, server, 1)
    await ws.send(frame)
    got_code, got_reason = await _closed(ws)
    assert got_code == code
    assert reason in (got_reason or "")
    await _table_goes_on(server, ann)


async def test_a_10_mib_frame_is_disconnected(table):
    server, ann = table
    ws = await raw_client(server)
    await _hello(ws, server, 1)
    with contextlib.suppress(ConnectionClosed):
        await ws.send("x" * (10 * 1024 * 1024))
    code, reason = await _closed(ws)
    assert code == 1009  # message too big, with the limit in the reason
    assert str(p.MAX_CLIENT_FRAME) in (reason or "")
    await _table_goes_on(server, ann)


async def test_10000_messages_in_a_second_are_disconnected(table):
    server, ann = table
    ws = await raw_client(server)
    await _hello(ws, server, 1)
    loop = asyncio.get_running_loop()
    started = loop.time()
    sent = 0
    message = p.encode(p.UndoAnswer(request=12345, allow=True))
    with contextlib.suppress(ConnectionClosed):
        for _ in range(10_000):
            await ws.send(message)
            sent += 1
    assert loop.time() - started < 1.0, "the flood took more than a second to send"
    code, reason = await _closed(ws)
    assert code == p.CLOSE_POLICY
    assert reason == f"too many messages (over {p.MAX_MESSAGES_PER_SECOND} a second)"
    await _table_goes_on(server, ann)


async def test_no_hello_in_time_is_disconnected(data_dir, monkeypatch):
    monkeypatch.setattr(p, "HELLO_TIMEOUT", 0.2)
    server = await koikoi_table(data_dir)
    try:
        ws = await raw_client(server)
        assert await _closed(ws) == (p.CLOSE_POLICY, "no hello in time")
    finally:
        await server.close()


async def test_text_from_the_network_is_validated_like_names_in_logs():
    with pytest.raises(p.ProtocolError, match="control or bidi"):
        p.decode_client(
            '{"type":"hello","version":1,"token":"' + "a" * 22 + '","name":"\\u001b[2J"}'
        )
    with pytest.raises(p.ProtocolError, match="control or bidi"):
        p.decode_server('{"type":"notice","text":"evil \\u202e txt"}')
    with pytest.raises(p.ProtocolError):
        p.decode_client('{"type":"hello","version":1,"token":"' + "a" * 22 + '","name":""}')
