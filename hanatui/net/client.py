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

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from core.actions import Action
from core.engine import to_act
from core.errors import HanaError
from core.events import (
    PROOF_EVENTS,
    DealCommitted,
    Dealt,
    EntropyGiven,
    Event,
    MatchEnded,
    Redeal,
    RoundEnded,
)
from core.logfile import encode_log, header_for, read_log
from core.proof import DealProof, check_deals
from core.redact import unredact
from core.text import printable
from core.timeline import Timeline
from hanatui.net import protocol as p
from hanatui.net.words import server_text
from hanatui.session.session import Session
from hanatui.text.errors import error_text
from hanatui.text.i18n import N_, _

#: Seconds between attempts to rejoin, growing to the last.
REJOIN_DELAYS = (0.2, 0.5, 1.0, 2.0, 4.0)
#: Seconds of failed attempts after which a client gives up rejoining.
GIVE_UP_AFTER = 600.0

Listener = Callable[[str, Any], None]

#: What the table says of a deal this seat's program checked at the round's end (docs/deals.md),
#: translated where it is said.
DEAL_CHECKED = N_(
    "Deal checked: round {round} was dealt from the committed seed with your entropy."
)
DEAL_FORGED = N_(
    "THE DEAL DOES NOT MATCH: round {round} was not dealt from its committed seed ({why}). "
    "The match's log is kept as evidence."
)
DEAL_WITHOUT_YOU = N_(
    "Round {round} was dealt without your entropy: the table made it, as you were away when "
    "the deal was due. That deal proves only the table's own commitment."
)
DEAL_WITHHELD = N_(
    "THE TABLE WITHHELD ITS SECRET: round {round} is over and the host never revealed the "
    "secret of its deal, so the deal cannot be checked."
)
#: Why a deal does not match, for the table (`core.proof.Reason`).
DEAL_REASONS = {
    "second_commitment": N_("a second commitment came before the deal"),
    "round_differs": N_("its proof names another round"),
    "entropy_twice": N_("a seat's entropy came twice"),
    "entropy_alone": N_("entropy came with no commitment"),
    "reveal_alone": N_("a secret came with no committed deal"),
    "secret_differs": N_("the revealed secret does not match the commitment"),
    "entropy_missing": N_("a player's entropy is missing"),
    "entropy_omitted": N_("the seed leaves out a player's entropy"),
    "deck_changed": N_("the cards are not the shuffle of the seed"),
    "not_yours": N_("your entropy is not the one this seat gave"),
}


def parse_address(url: str) -> tuple[str, str]:
    """A join address (``ws://host:port/#TOKEN``) as the WebSocket URL and the token; a clear
    `HanaError` when it is not one."""
    text = url.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise HanaError(
            _("not a table address: {address}").format(address=printable(text, 80))
        ) from None
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise HanaError(
            _("not a table address: {address} (it looks like {form})").format(
                address=printable(text, 80), form="ws://HOST:PORT/#TOKEN"
            )
        )
    token = parts.fragment
    if not token:
        raise HanaError(_("the address has no seat token after '#' (copy the whole address)"))
    if not 16 <= len(token) <= 64 or not token.replace("-", "").replace("_", "").isalnum():
        raise HanaError(
            _("the seat token after '#' is cut short or mistyped (copy the whole address)")
        )
    if port is None:
        raise HanaError(
            _("the address names no port ({form})").format(form="ws://HOST:PORT/#TOKEN")
        )
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
                                reason = _("the table sent something unreadable ({why})").format(
                                    why=exc
                                )
                                await ws.close(p.CLOSE_INVALID, str(exc)[:120])
                                break
                            self.on_message(message)
                    code = ws.close_code
                    reason = reason or server_text(printable(ws.close_reason or ""))
            except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as exc:
                reason = printable(str(exc) or type(exc).__name__, 200)
            finally:
                self.ws = None
            if self.stopped:
                return
            if code in (p.CLOSE_POLICY, p.CLOSE_INVALID):
                self._end(_("the table closed the connection: {why}").format(why=reason))
                return
            reason = reason or _("the connection was lost")
            now = time.monotonic()
            failing_since = failing_since or now
            if now - failing_since > GIVE_UP_AFTER:
                self._end(
                    _("could not reach the table for {seconds} s ({why})").format(
                        seconds=int(GIVE_UP_AFTER), why=reason
                    )
                )
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
    (`UndoSettled`), "notice" (text), "deal_checked" (``(ok, text)``: a deal checked at its
    round's end, or loudly not), "connected", "reconnecting" and "ended" (the reason).
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
        self._sending: asyncio.Future[bool] | None = None
        self._asking: asyncio.Future[bool] | None = None
        #: The undo request the table asks this seat to answer, until it is settled: a table
        #: mounted after it came (a rejoin gets the match and the question at once) asks it then.
        self.undo_open: p.UndoAsked | None = None
        #: The entropy this seat gave, by the commitment it was for (the same one is sent again
        #: for the same commitment: after a rejoin or an undo)
        self.entropy_given: dict[str, bytes] = {}
        #: The verdict on each chance event checked so far, by its index in the match
        self.deal_checks: dict[int, DealProof] = {}
        #: The player's view of the match when a deal was found not to match (the evidence)
        self.deal_evidence: bytes | None = None
        self.deal_evidence_path: Path | None = None
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
            self._tell("refused", _("not connected to the table: your move was not sent"))
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
            self._tell("refused", server_text(message.reason))
        elif isinstance(message, p.UndoAsked):
            self.undo_open = message
            self._tell("undo_asked", message)
        elif isinstance(message, p.UndoSettled):
            if self.undo_open is not None and self.undo_open.request == message.request:
                self.undo_open = None
            self._tell("undo_settled", message)
        elif isinstance(message, p.Notice):
            self._tell("notice", server_text(message.text))
        elif isinstance(message, p.Log):
            self._log = message
            self._log_wait.set()

    def _on_events(self, message: p.Events) -> None:
        old = self.redacted
        if message.at > len(old) or self.seat is None:
            self.problem = _("the table sent events out of order")
            self._tell("refused", self.problem)
            return
        new = old[: message.at] + list(message.events)
        try:
            full = unredact(new, self.seat) if new else []
        except HanaError as exc:
            self.problem = _("the table sent an inconsistent match ({why})").format(
                why=error_text(exc)
            )
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
        self._give_entropy()
        self._check_deals()
        self._changed.set()

    # --- proved deals (docs/deals.md) -------------------------------------------------------
    def _give_entropy(self) -> None:
        """When the table has committed to a deal, send this seat's contribution to its seed:
        32 random bytes made here, after the commitment was seen."""
        import secrets

        events = self.redacted
        i = len(events) - 1
        while i > 0 and isinstance(events[i], EntropyGiven):
            i -= 1
        committed = events[i] if events else None
        if not isinstance(committed, DealCommitted) or self.seat is None:
            return
        if any(isinstance(e, EntropyGiven) and e.seat == self.seat for e in events[i:]):
            return
        value = self.entropy_given.setdefault(committed.commitment, secrets.token_bytes(32))
        message = p.Entropy(commitment=committed.commitment, value=value.hex())
        self._sending = asyncio.ensure_future(self.connection.send(message))

    def _own_entropy_used(self, at: int) -> bool:
        """Whether the chance event at ``at`` mixed in the entropy this seat gave for it (or
        this seat gave none for it: it was away, or it is another program's match)."""
        events = self.redacted
        i = at - 1
        mine = None
        while i > 0 and isinstance(events[i], EntropyGiven):
            event = events[i]
            assert isinstance(event, EntropyGiven)
            if event.seat == self.seat:
                mine = event.value
            i -= 1
        committed = events[i] if i >= 0 else None
        if not isinstance(committed, DealCommitted):
            return True
        gave = self.entropy_given.get(committed.commitment)
        return gave is None or gave.hex() == mine

    def _check_deals(self) -> None:
        """Check every deal whose round is over, once: the table says "deal checked", or
        loudly that it does not match (and the player's view is kept as evidence), or that the
        host withheld its secret."""
        checked: str | None = None
        for proof in check_deals(self.redacted):
            if proof.status in ("pending", "unproved"):
                continue
            known = self.deal_checks.get(proof.event)
            if known is not None and known.status == proof.status:
                continue
            if proof.status == "proved" and not self._own_entropy_used(proof.event):
                proof = msgspec.structs.replace(proof, status="forged", reason="not_yours")
            self.deal_checks[proof.event] = proof
            if proof.status == "proved":
                if self.seat in proof.by_table:
                    without = _(DEAL_WITHOUT_YOU).format(round=proof.round)
                    self._tell("deal_checked", (False, without))
                elif proof.kind == "deal":
                    checked = _(DEAL_CHECKED).format(round=proof.round)
                continue
            if proof.status == "withheld":
                text = _(DEAL_WITHHELD).format(round=proof.round)
            else:
                reason = DEAL_REASONS.get(proof.reason or "")
                why = _(reason) if reason is not None else proof.reason or ""
                text = _(DEAL_FORGED).format(round=proof.round, why=why)
            self.problem = text
            self._keep_evidence()
            self._tell("deal_checked", (False, text))
        if checked is not None:  # the latest only: a rejoin brings every round again
            self._tell("deal_checked", (True, checked))

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

    def _keep_evidence(self) -> None:
        """The player's view of the match as it stands, in memory and among the player's games
        (a file of its own, besides the match kept at its end), once a deal did not match."""
        from hanatui.store.files import free_log_name, write_atomic
        from hanatui.store.settings import games_dir

        if self.seat is None:
            return
        header = header_for(self.redacted, redacted_for=self.seat)
        self.deal_evidence = encode_log(header, self.redacted)
        with contextlib.suppress(OSError):  # kept in memory all the same
            path = free_log_name(games_dir(), f"{self.state.rules.game}-evidence")
            write_atomic(path, self.deal_evidence)
            self.deal_evidence_path = path

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
            data = encode_log(header_for(self.redacted, redacted_for=self.seat), self.redacted)
        directory = directory or games_dir()
        try:
            path = free_log_name(directory, self.state.rules.game)
            write_atomic(path, data)
        except OSError as exc:
            self.archive_problem = _("could not keep the game in {folder} ({why})").format(
                folder=directory, why=exc.strerror
            )

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
        if not isinstance(event, (Dealt, Redeal, MatchEnded, *PROOF_EVENTS)):
            return []
    return []


__all__ = ["Connection", "RemoteSession", "parse_address"]
