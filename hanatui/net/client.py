"""One seat at a table across the network: the connection and the session the table plays.

`Connection` connects to a table's address, says `Hello` with the seat's token, hands each message
on, and rejoins by itself after a dropped connection (the server then sends the whole match again).
`RemoteSession` is a `hanatui.session.session.Session` for the table screen: its timeline is the
match as this seat sees it, the hidden cards filled in by `core.redact.unredact` with cards
consistent with everything the seat saw (they are never drawn: the table shows the seat's `View`),
its legal actions are the server's, and its moves go to the server, which plays them or says why
not. The other seats' moves arrive as events.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit, urlunsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from core.actions import Action
from core.engine import to_act
from core.errors import HanaError
from core.events import Dealt, Event, MatchEnded, Redeal, RoundEnded
from core.logfile import header_for, read_log
from core.redact import unredact
from core.text import printable
from core.timeline import Timeline
from hanatui.net import protocol as p
from hanatui.session.session import Session

#: Seconds between attempts to rejoin, growing to the last.
REJOIN_DELAYS = (0.2, 0.5, 1.0, 2.0, 4.0)
#: Seconds of failed attempts after which a client gives up rejoining.
GIVE_UP_AFTER = 600.0

Listener = Callable[[str, Any], None]


def parse_address(url: str) -> tuple[str, str]:
    """A join address (``ws://host:port/#TOKEN``) as the WebSocket URL and the token; a clear
    `HanaError` when it is not one."""
    text = url.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise HanaError(f"not a table address: {printable(text, 80)}") from None
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise HanaError(
            f"not a table address: {printable(text, 80)} (it looks like ws://HOST:PORT/#TOKEN)"
        )
    token = parts.fragment
    if not token:
        raise HanaError("the address has no seat token after '#' (copy the whole address)")
    if not 16 <= len(token) <= 64 or not token.replace("-", "").replace("_", "").isalnum():
        raise HanaError(
            "the seat token after '#' is cut short or mistyped (copy the whole address)"
        )
    if port is None:
        raise HanaError("the address names no port (ws://HOST:PORT/#TOKEN)")
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", "", "")), token


class Connection:
    """The link of one seat to a table (see the module docstring)."""

    def __init__(
        self,
        url: str,
        name: str,
        on_message: Callable[[p.ServerMessage], None],
        on_status: Callable[[str, str], None],
        *,
        ssl_context: ssl.SSLContext | None = None,
    ) -> None:
        self.ws_url, self.token = parse_address(url)
        self.name = name
        self.on_message = on_message
        self.on_status = on_status
        self.ssl_context = ssl_context
        self.ws: ClientConnection | None = None
        self.stopped = False
        self.ended: str | None = None  # why the connection ended for good
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.ensure_future(self.run())

    async def run(self) -> None:
        failing_since: float | None = None
        attempt = 0
        while not self.stopped:
            reason = ""
            code: int | None = None
            try:
                ssl_arg: Any = self.ssl_context
                if ssl_arg is None and self.ws_url.startswith("wss:"):
                    ssl_arg = True
                async with connect(
                    self.ws_url,
                    max_size=p.MAX_SERVER_FRAME,
                    compression=None,
                    proxy=None,
                    ssl=ssl_arg,
                    open_timeout=10,
                    user_agent_header=None,
                ) as ws:
                    self.ws = ws
                    hello = p.Hello(version=p.VERSION, token=self.token, name=self.name)
                    await ws.send(p.encode(hello))
                    failing_since, attempt = None, 0
                    self.on_status("connected", "")
                    with contextlib.suppress(ConnectionClosed):
                        async for raw in ws:
                            try:
                                message = p.decode_server(raw)
                            except p.ProtocolError as exc:
                                reason = f"the table sent something unreadable ({exc})"
                                await ws.close(p.CLOSE_INVALID, str(exc)[:120])
                                break
                            self.on_message(message)
                    code, reason = ws.close_code, reason or printable(ws.close_reason or "")
            except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as exc:
                reason = printable(str(exc) or type(exc).__name__, 200)
            finally:
                self.ws = None
            if self.stopped:
                return
            if code in (p.CLOSE_POLICY, p.CLOSE_INVALID):
                self._end(f"the table closed the connection: {reason}")
                return
            reason = reason or "the connection was lost"
            now = time.monotonic()
            failing_since = failing_since or now
            if now - failing_since > GIVE_UP_AFTER:
                self._end(f"could not reach the table for {int(GIVE_UP_AFTER)} s ({reason})")
                return
            self.on_status("reconnecting", reason)
            await asyncio.sleep(REJOIN_DELAYS[min(attempt, len(REJOIN_DELAYS) - 1)])
            attempt += 1

    def _end(self, reason: str) -> None:
        self.stopped = True
        self.ended = reason
        self.on_status("ended", reason)

    async def send(self, message: p._Message) -> bool:
        """Send a message; False when not connected (nothing was sent)."""
        ws = self.ws
        if ws is None:
            return False
        try:
            await ws.send(p.encode(message))
        except ConnectionClosed:
            return False
        return True

    async def close(self) -> None:
        self.stopped = True
        ws = self.ws
        if ws is not None:
            with contextlib.suppress(Exception):
                await ws.close(p.CLOSE_GOING_AWAY, "left the table")
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task


class RemoteSession(Session):
    """The session of one seat at a table across the network (see the module docstring).

    ``listener`` (set by the screen showing the table) is told ``(kind, data)`` for: "lobby",
    "update" (new events), "rewind" (an undo took events back, or a rejoin changed them),
    "presence", "refused" (the reason), "undo_asked" (`UndoAsked`), "undo_settled"
    (`UndoSettled`), "notice" (text), "connected", "reconnecting" and "ended" (the reason).
    """

    def __init__(self, url: str, name: str, *, ssl_context: ssl.SSLContext | None = None) -> None:
        # no Session.__init__: the match arrives from the server
        self.timeline = Timeline()
        self.seed = 0
        self.journal = None
        self.version = 0
        self.archived: Path | None = None
        self.archive_problem: str | None = None
        self._bots = {}
        self.seat: int | None = None
        self.lobby: p.Lobby | None = None
        self.presence: p.Presence | None = None
        self.presence_at = 0.0
        self.connected = False
        self.listener: Listener | None = None
        self.redacted: list[Event] = []
        #: The last thing the table sent that could not be used (for the screen and tests)
        self.problem: str | None = None
        self._legal: tuple[Action, ...] = ()
        self._fresh: list[Event] = []
        self._changed = asyncio.Event()
        self._refused: str | None = None
        self._log: p.Log | None = None
        self._log_wait = asyncio.Event()
        self._asking: asyncio.Future[bool] | None = None
        #: The undo request the table asks this seat to answer, until it is settled: a table
        #: mounted after it came (a rejoin gets the match and the question at once) asks it then.
        self.undo_open: p.UndoAsked | None = None
        self.connection = Connection(
            url, name, self._on_message, self._on_status, ssl_context=ssl_context
        )

    def start(self) -> None:
        self.connection.start()

    async def close(self) -> None:
        await self.connection.close()
        self._changed.set()

    @property
    def started(self) -> bool:
        return bool(self.timeline.events)

    # --- what the table asks ----------------------------------------------------------------
    def legal(self) -> tuple[Action, ...]:
        if self.seat is None or to_act(self.state) != self.seat:
            return ()
        return self._legal

    def plays_here(self, seat: int) -> bool:
        # while events wait to be shown (a move that came during a dialog), the table shows
        # them first (`wait_for_others` returns them at once)
        return seat == self.seat and not self._fresh

    def settle(self) -> list[Event]:
        return []  # the server deals

    def can_redo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False

    async def perform(self, action: Action) -> list[Event]:
        """Send the move and wait for the server: the events it caused, or [] when refused (the
        listener is told why) or not connected."""
        earlier = self._take()  # events the loop has not seen yet: they come first
        self._refused = None
        self._changed.clear()
        sent = await self.connection.send(
            p.Act(at=len(self.redacted), action=cast(p.AnyAction, action))
        )
        if not sent:
            self._tell("refused", "not connected to the table: your move was not sent")
            return earlier
        while not self._fresh and self._refused is None and not self.connection.stopped:
            await self._changed.wait()
            self._changed.clear()
        return earlier + self._take()

    async def wait_for_others(self) -> list[Event] | None:
        """The events that came since the last call, once the match has changed (possibly
        none: the first batch, drawn as it stands); None once the connection has ended."""
        version = self.version
        while not self._fresh and self.version == version:
            if self.connection.stopped:
                return None
            await self._changed.wait()
            self._changed.clear()
        return self._take()

    def _take(self) -> list[Event]:
        fresh, self._fresh = self._fresh, []
        return fresh

    async def request_undo(self) -> bool:
        return await self.connection.send(p.UndoRequest())

    async def answer_undo(self, request: int, allow: bool) -> bool:
        return await self.connection.send(p.UndoAnswer(request=request, allow=allow))

    async def hand_over(self, seat: int, level: str) -> bool:
        return await self.connection.send(p.HandOver(seat=seat, level=level))

    async def fetch_log(self, timeout: float = 10.0) -> bytes | None:
        """The match so far as a .hana log in this seat's view, from the server."""
        self._log_wait.clear()
        if not await self.connection.send(p.GetLog()):
            return None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._log_wait.wait(), timeout)
        return self._log.text.encode() if self._log is not None else None

    def away_seats(self) -> list[tuple[int, int]]:
        """Each other human seat that is away, with its seconds away now (handed-over seats
        are not listed)."""
        presence = self.presence
        if presence is None:
            return []
        passed = int(time.monotonic() - self.presence_at)
        return [
            (seat, status.away + passed)
            for seat, status in enumerate(presence.seats)
            if seat != self.seat and not status.connected and status.stand_in is None
        ]

    # --- what the server says ---------------------------------------------------------------
    def _tell(self, kind: str, data: Any = None) -> None:
        if self.listener is not None:
            self.listener(kind, data)

    def _on_status(self, kind: str, reason: str) -> None:
        self.connected = kind == "connected"
        if kind == "ended":
            self._changed.set()
        self._tell(kind, reason)

    def _on_message(self, message: p.ServerMessage) -> None:
        if isinstance(message, p.Welcome):
            self.seat = message.seat
        elif isinstance(message, p.Lobby):
            self.lobby = message
            self._tell("lobby", message)
        elif isinstance(message, p.Events):
            self._on_events(message)
        elif isinstance(message, p.Presence):
            self.presence = message
            self.presence_at = time.monotonic()
            self._tell("presence", message)
        elif isinstance(message, p.Refused):
            self._refused = message.reason
            self._changed.set()
            self._tell("refused", message.reason)
        elif isinstance(message, p.UndoAsked):
            self.undo_open = message
            self._tell("undo_asked", message)
        elif isinstance(message, p.UndoSettled):
            if self.undo_open is not None and self.undo_open.request == message.request:
                self.undo_open = None
            self._tell("undo_settled", message)
        elif isinstance(message, p.Notice):
            self._tell("notice", message.text)
        elif isinstance(message, p.Log):
            self._log = message
            self._log_wait.set()

    def _on_events(self, message: p.Events) -> None:
        old = self.redacted
        if message.at > len(old) or self.seat is None:
            self.problem = "the table sent events out of order"
            self._tell("refused", self.problem)
            return
        new = old[: message.at] + list(message.events)
        try:
            full = unredact(new, self.seat) if new else []
        except HanaError as exc:
            self.problem = f"the table sent an inconsistent match ({exc})"
            self._tell("refused", self.problem)
            return
        rewound = new[: len(old)] != old
        self.redacted = new
        self._legal = tuple(message.legal)
        self._adopt(full)
        self.version += 1
        if rewound:
            self._fresh = []
            self._tell("rewind", None)
        else:
            # the first batch is the match so far: drawn as it stands, not replayed, except a
            # round that ended with nobody moving since (a lucky hand at the first deal, or a
            # player joining between rounds): its result is shown
            self._fresh += full[len(old) :] if old else _unseen_result(full)
            self._tell("update", None)
        if self.over and self._log is None and message.events:
            self._asking = asyncio.ensure_future(self.connection.send(p.GetLog()))  # to keep
        self._changed.set()

    def _adopt(self, events: list[Event]) -> None:
        """Make the timeline hold ``events``, replaying only from the first that differs."""
        timeline = self.timeline
        same = 0
        limit = min(len(timeline.events), len(events))
        while same < limit and timeline.events[same] == events[same]:
            same += 1
        del timeline.events[same:]
        del timeline.states[same:]
        for event in events[same:]:
            timeline.append(event)

    # --- the end ----------------------------------------------------------------------------
    def archive(self, directory: Path | None = None) -> Path | None:
        """Keep the finished match among the user's games, in this seat's player view (as the
        server sent it, or as this seat saw it)."""
        from hanatui.store.files import free_log_name, write_atomic
        from hanatui.store.settings import games_dir

        if self.archived is not None:
            return self.archived
        if not self.over or self.seat is None:
            return None
        data: bytes | None = self._log.text.encode() if self._log is not None else None
        if data is not None:
            try:
                read_log(data)
            except HanaError:
                data = None
        if data is None:
            from core.logfile import encode_log

            data = encode_log(header_for(self.redacted, redacted_for=self.seat), self.redacted)
        directory = directory or games_dir()
        try:
            path = free_log_name(directory, self.state.rules.game)
            write_atomic(path, data)
        except OSError as exc:
            self.archive_problem = f"could not keep the game in {directory} ({exc.strerror})"
            return None
        self.archived = path
        return path


def _unseen_result(events: list[Event]) -> list[Event]:
    """The events from the last round's end on, when no one has moved since it ended (only
    deals follow it); otherwise none."""
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if isinstance(event, RoundEnded):
            return events[i:]
        if not isinstance(event, Dealt | Redeal | MatchEnded):
            return []
    return []


__all__ = ["Connection", "RemoteSession", "parse_address"]
