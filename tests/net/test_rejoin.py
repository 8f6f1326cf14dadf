"""Real networks: a dropped connection does not end the game (the player rejoins with the same
token and gets the whole view again), and a table server killed with SIGKILL mid-round comes
back with `hanatui host --resume` with no event lost."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from core.logfile import read_log
from core.redact import redact
from hanatui.net.client import RemoteSession
from hanatui.store.files import read_bytes_capped
from tests.net.helpers import LIMIT, koikoi_table, play_seat, play_turns, seated, until

ROOT = Path(__file__).resolve().parents[2]


async def test_a_dropped_connection_rejoins_with_the_whole_view(data_dir):
    server = await koikoi_table(data_dir)
    ann, _ = await seated(server, 0, "Ann")
    bob, _ = await seated(server, 1, "Bob")
    try:
        await until(lambda: ann.started and bob.started)
        await play_turns([ann, bob], 6, random.Random(1))
        assert server.session is not None
        # the network drops Bob's connection: his client rejoins by itself
        ws = bob.connection.ws
        assert ws is not None and ws.transport is not None
        ws.transport.abort()
        await until(lambda: 1 not in server.connected)
        await until(lambda: 1 in server.connected)
        # a new program with the same address (a restarted terminal) gets the whole view too
        await bob.close()
        again, _ = await seated(server, 1, "Robert")
        await until(lambda: len(again.redacted) == len(server.session.events))
        assert again.redacted == redact(server.session.events, 1)
        assert again.view(1).hand.mask == server.session.state.hands[1]
        assert again.players[1].name == "Bob"  # a rejoining player keeps the seat's name
        await asyncio.gather(
            play_seat(ann, random.Random(3), rounds=1), play_seat(again, random.Random(4), rounds=1)
        )
        assert server.session.state.rounds_done >= 1
        await again.close()
    finally:
        await ann.close()
        await bob.close()
        await server.close()


def _host(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "hanatui", "host", *args, "--pace", "0"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


async def _addresses(process: subprocess.Popen[str], seats: int) -> list[str]:
    """The join addresses the host prints, one line per seat."""
    assert process.stdout is not None
    found: list[str] = []
    loop = asyncio.get_running_loop()
    while len(found) < seats:
        line = await asyncio.wait_for(loop.run_in_executor(None, process.stdout.readline), LIMIT)
        assert line, f"the host stopped: {process.stderr.read() if process.stderr else ''}"
        match = re.match(r"seat \d+: (ws://\S+)", line)
        if match:
            found.append(match.group(1))
    return found


@pytest.mark.parametrize("port_again", [True, False], ids=["port-given", "port-remembered"])
async def test_a_killed_server_resumes_with_no_event_lost(data_dir, port_again):
    """Resumed as the host prints it (`hanatui host --resume FILE`, no --port), the table
    listens on its own port again: it came back on the default port, where the players'
    clients, rejoining the address they had, never found it."""
    journal = data_dir / "killed.hana"
    host = _host("koikoi", "--port", "0", "--journal", str(journal))
    ann = bob = None
    resumed = None
    try:
        urls = await _addresses(host, 2)
        port = re.search(r":(\d+)/", urls[0])
        assert port is not None
        ann, bob = RemoteSession(urls[0], "Ann"), RemoteSession(urls[1], "Bob")
        ann.start()
        bob.start()
        await until(lambda: ann.started and bob.started)
        await play_turns([ann, bob], 6, random.Random(1))
        seen = {0: list(ann.redacted), 1: list(bob.redacted)}
        host.send_signal(signal.SIGKILL)
        host.wait(LIMIT)
        # every event either player was sent is in the journal (fsynced before it was sent)
        log = read_log(read_bytes_capped(journal), recover=True)
        for seat, events in seen.items():
            assert redact(log.events, seat)[: len(events)] == events
        await until(lambda: not ann.connected and not bob.connected)
        again = ["--port", port.group(1)] if port_again else []
        resumed = _host("--resume", str(journal), *again)
        assert await _addresses(resumed, 2) == urls  # the same seats, the same tokens
        # the players' clients rejoin by themselves and play the round to its end
        await until(lambda: ann.connected and bob.connected)
        await asyncio.gather(
            play_seat(ann, random.Random(3), rounds=1), play_seat(bob, random.Random(4), rounds=1)
        )
        final = read_log(read_bytes_capped(journal))
        assert final.state is not None and final.state.rounds_done >= 1
        assert final.events[: len(log.events)] == log.events
        for seat, session in ((0, ann), (1, bob)):
            await until(lambda s=session: len(s.redacted) == len(final.events))
            assert session.redacted == redact(final.events, seat)
    finally:
        for client in (ann, bob):
            if client is not None:
                await client.close()
        for process in (host, resumed):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(LIMIT)
