"""The table server: the referee of a match played across machines (docs/network.md).

One `TableServer` holds the match's `Session` (timeline, journal, computer seats) in one asyncio
event loop. Each connection says `Hello` with its seat's secret token; from then on the server
checks every action with the engine before playing it, journals every event (fsynced) before
sending it, and sends each seat the events as that seat may see them (`core.redact`).

Nothing a client sends can harm the table: a frame that is too big, malformed, of an unknown type,
or one message too many in a second closes that connection with a reason; an illegal or
out-of-turn action is refused with a message and changes nothing. Every message to a client goes
through that client's own queue, so a client that stops reading slows nobody else.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import socket
import ssl
import time
from collections import deque
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any, Literal, cast

import msgspec
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from core.engine import is_chance, legal_actions
from core.errors import HanaError
from core.events import Event, MatchStarted
from core.logfile import Comment, encode_log, header_for
from core.players import Player, check_name
from core.redact import redact
from core.rules import AnyRules
from core.text import printable, printable_path
from core.timeline import Timeline
from hanatui.net import protocol as p
from hanatui.session.journal import Journal
from hanatui.session.session import Session, app_version, now_iso
from hanatui.session.thinking import think
from hanatui.store.files import write_atomic
from hanatui.text.i18n import _

#: The address a table listens on unless told otherwise: this machine only.
LOCAL = "127.0.0.1"
#: Seconds a computer seat takes for a move, at least (so people can follow the table).
DEFAULT_PACE = 0.8
#: Seconds a seat must be away before the others may hand it to a computer player.
DEFAULT_HAND_OVER_AFTER = 60
#: Seconds an undo request waits for the others' answers.
DEFAULT_UNDO_TIMEOUT = 60.0
#: Messages queued for one client before it counts as not reading (and is disconnected).
MAX_QUEUED = 512
#: Seconds the table waits for the players' entropy for a deal (docs/deals.md) before it deals
#: with contributions of its own for the seats that sent none.
DEFAULT_ENTROPY_TIMEOUT = 10.0

TABLE_SUFFIX = ".table"


class TableFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What the log has no place for, kept beside the journal (readable by its owner only): the
    seats' tokens (None: a computer seat), the seats handed to a computer player, and the
    address and port the table listened on (its players' addresses name them, so a resumed
    table listens there again unless told otherwise; absent in older files)."""

    tokens: list[p.Token | None]
    stand_ins: dict[int, str] = msgspec.field(default_factory=dict)
    bind: str | None = None
    port: int | None = None


def table_path(journal: Path) -> Path:
    return journal.with_name(journal.name + TABLE_SUFFIX)


def new_token() -> str:
    """A secret seat token: 128 bits from the OS's generator, URL-safe."""
    return secrets.token_urlsafe(16)


class SeatPlan(msgspec.Struct, frozen=True, kw_only=True):
    """A seat before the match starts: a human who will join, or a computer player."""

    kind: Literal["human", "bot"] = "human"
    level: str = "normal"
    name: str = ""


class _Client:
    """One connection that has said hello: its seat, what it has been sent, its queue."""

    def __init__(self, ws: ServerConnection, seat: int) -> None:
        self.ws = ws
        self.seat = seat
        self.sent = 0  # events of the match this client holds
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.times: deque[float] = deque()
        self.closing = False


class _UndoVote:
    def __init__(self, number: int, seat: int, needed: set[int]) -> None:
        self.number = number
        self.seat = seat
        self.needed = needed
        self.timer: asyncio.TimerHandle | None = None


class TableServer:
    """A table that people join over the network (see the module docstring).

    Make one with `TableServer.new` (a lobby until every human seat has joined) or
    `TableServer.resume` (a journaled match, after a crash); `start` listens, `close` stops.
    """

    def __init__(
        self,
        *,
        rules: AnyRules,
        plan: Sequence[SeatPlan],
        journal: Path,
        tokens: Sequence[str | None],
        session: Session | None = None,
        seed: int | None = None,
        stand_ins: dict[int, str] | None = None,
        bind: str = LOCAL,
        port: int = 0,
        ssl_context: ssl.SSLContext | None = None,
        pace: float = DEFAULT_PACE,
        hand_over_after: int = DEFAULT_HAND_OVER_AFTER,
        undo_timeout: float = DEFAULT_UNDO_TIMEOUT,
        entropy_timeout: float = DEFAULT_ENTROPY_TIMEOUT,
        max_per_second: int = p.MAX_MESSAGES_PER_SECOND,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self.rules = rules
        self.plan = list(plan)
        self.journal_path = journal
        self.tokens = list(tokens)
        self.session = session
        # 63 bits: the deals follow from the seed, so it must be far beyond a player's brute force
        self.seed = seed if seed is not None else secrets.randbits(63)
        self.stand_ins: dict[int, str] = dict(stand_ins or {})
        self.bind = bind
        self.port = port
        self.ssl_context = ssl_context
        self.pace = pace
        self.hand_over_after = hand_over_after
        self.undo_timeout = undo_timeout
        self.entropy_timeout = entropy_timeout
        #: The players' entropy by the commitment it was given for, then by seat (kept: after an
        #: undo the same commitment comes again, and its deal must be the same)
        self._entropy: dict[str, dict[int, bytes]] = {}
        self._entropy_timer: asyncio.TimerHandle | None = None
        self._entropy_timer_for = ""  # the commitment the timer waits on
        self._entropy_late: set[str] = set()  # commitments whose wait is over
        self.max_per_second = max_per_second
        self.on_change = on_change
        self._names: dict[int, str] = {}
        self._clients: dict[int, _Client] = {}
        started = time.monotonic()
        self._away_since: dict[int, float] = {s: started for s in self.human_seats}
        self._server: Server | None = None
        self._bots: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._vote: _UndoVote | None = None
        self._votes = 0
        self.finished = asyncio.Event()

    # --- making a table ---------------------------------------------------------------------
    @classmethod
    def new(
        cls, rules: AnyRules, plan: Sequence[SeatPlan], journal: Path, **options: Any
    ) -> TableServer:
        """A table for a new match of ``rules``: one token per human seat of ``plan``."""
        from core.games.registry import game_for
        from hanatui.bots import make_bot

        game_for(rules).check_players(rules, len(plan))
        for seat in plan:
            if seat.kind == "bot":
                make_bot(seat.level)  # an unknown level is refused now, not mid-match
        if not any(s.kind == "human" for s in plan):
            raise HanaError(_("a table needs at least one human seat"))
        if journal.exists():
            raise HanaError(
                _("{path} exists: choose another journal file").format(path=printable_path(journal))
            )
        tokens = [new_token() if s.kind == "human" else None for s in plan]
        return cls(rules=rules, plan=plan, journal=journal, tokens=tokens, **options)

    @classmethod
    def resume(
        cls,
        journal: Path,
        *,
        bind: str | None = None,
        port: int | None = None,
        default_port: int = 0,
        **options: Any,
    ) -> TableServer:
        """The table whose journal is ``journal``, where it stopped, with the same tokens, on
        the address and port it had (the players' addresses) unless ``bind``/``port`` say
        otherwise (a table file too old to say: 127.0.0.1 and ``default_port``)."""
        if not journal.is_file():  # named first: the tokens' file beside it is not what is missing
            if journal.is_dir():
                what = _("{path}: is a directory, not a journal")
            else:
                what = _("{path}: no such file")
            raise HanaError(what.format(path=printable_path(journal)))
        try:
            data = table_path(journal).read_bytes()
            table = msgspec.json.decode(data, type=TableFile)
        except OSError as exc:
            raise HanaError(
                _("cannot read the table's tokens beside the journal, {path} ({why})").format(
                    path=printable_path(table_path(journal)), why=exc.strerror
                )
            ) from None
        except msgspec.DecodeError as exc:
            raise HanaError(
                _("{path} is damaged ({why})").format(
                    path=printable_path(table_path(journal)), why=printable(str(exc), 100)
                )
            ) from None
        session = Session.resume(journal)
        players = session.players
        if len(table.tokens) != len(players):
            raise HanaError(_("the table file does not match the journal's seats"))
        plan = [SeatPlan(kind=pl.kind, level=pl.bot or "normal", name=pl.name) for pl in players]
        if bind is None:
            bind = table.bind if table.bind is not None else LOCAL
        if port is None:
            port = table.port if table.port is not None else default_port
        return cls(
            rules=session.header.rules,
            plan=plan,
            journal=journal,
            tokens=table.tokens,
            session=session,
            seed=session.seed,
            stand_ins={int(k): v for k, v in table.stand_ins.items()},
            bind=bind,
            port=port,
            **options,
        )

    # --- addresses --------------------------------------------------------------------------
    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.plan) if s.kind == "human"]

    def url(self, seat: int) -> str:
        """The join address of ``seat``: the token rides in the fragment, which no HTTP request
        carries; the client sends it in its `Hello`."""
        token = self.tokens[seat]
        if token is None:
            raise HanaError(_("seat {seat} is a computer seat").format(seat=seat + 1))

        scheme = "wss" if self.ssl_context is not None else "ws"
        host = self.bind
        if host in ("0.0.0.0", "::", ""):
            host = socket.gethostname()
        if ":" in host:
            host = f"[{host}]"
        return f"{scheme}://{host}:{self.port}/#{token}"

    # --- running ----------------------------------------------------------------------------
    async def start(self) -> None:
        """Listen (``port`` 0: any free port, then ``self.port`` says which)."""
        self._server = await serve(
            self._handle,
            self.bind,
            self.port,
            ssl=self.ssl_context,
            max_size=p.MAX_CLIENT_FRAME,
            max_queue=4,
            compression=None,
            origins=[None],  # no web page may talk to a table (browsers always send Origin)
            server_header=None,
            close_timeout=2,
            logger=_QUIET,
        )
        sockets = list(self._server.sockets)
        if sockets:
            self.port = sockets[0].getsockname()[1]
        if self.session is not None:
            self._save_table()
            self._changed()

    async def close(self) -> None:
        """Stop listening and close every connection (the journal keeps the match)."""
        if self._bots is not None:
            self._bots.cancel()
        if self._entropy_timer is not None:
            self._entropy_timer.cancel()
            self._entropy_timer = None
        for client in list(self._clients.values()):
            self._drop(client, p.CLOSE_GOING_AWAY, "the table is closing")
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)
        for task in list(self._tasks):
            task.cancel()

    @property
    def connected(self) -> set[int]:
        return set(self._clients)

    # --- one connection ---------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        try:
            raw = await asyncio.wait_for(ws.recv(), p.HELLO_TIMEOUT)
        except TimeoutError:
            await ws.close(p.CLOSE_POLICY, "no hello in time")
            return
        except ConnectionClosed:
            return
        try:
            hello = p.decode_client(raw)
        except p.ProtocolError as exc:
            await ws.close(p.CLOSE_INVALID, _close_reason(str(exc)))
            return
        if not isinstance(hello, p.Hello):
            await ws.close(p.CLOSE_POLICY, "the first message must be hello")
            return
        if hello.version != p.VERSION:
            await ws.close(
                p.CLOSE_POLICY,
                f"protocol version {hello.version} is not spoken here (this table: {p.VERSION})",
            )
            return
        seat = self._seat_of(hello.token)
        if seat is None:
            await ws.close(p.CLOSE_POLICY, "unknown seat token")
            return
        try:
            name = check_name(hello.name.strip())
        except HanaError:
            name = f"Player {seat + 1}"
        client = self._join(ws, seat, name)
        writer = asyncio.create_task(self._write(client))
        try:
            async for raw in ws:
                # once closing, what still arrives is read and dropped, so the peer's close
                # frame is seen behind a flood (the library stops reading a full queue)
                if client.closing:
                    continue
                if not self._within_rate(client):
                    limit = f"too many messages (over {self.max_per_second} a second)"
                    self._drop(client, p.CLOSE_POLICY, limit)
                    continue
                try:
                    message = p.decode_client(raw)
                except p.ProtocolError as exc:
                    self._drop(client, p.CLOSE_INVALID, str(exc))
                    continue
                self._dispatch(client, message)
        except ConnectionClosed:
            pass
        finally:
            self._leave(client)
            with contextlib.suppress(BaseException):
                await writer

    async def _write(self, client: _Client) -> None:
        """Send the client's queue in order; a None closes the connection."""
        try:
            while True:
                text = await client.queue.get()
                if text is None:
                    return
                await client.ws.send(text)
        except ConnectionClosed:
            return

    def _send(self, client: _Client, message: p._Message) -> None:
        if client.closing:
            return
        if client.queue.qsize() > MAX_QUEUED:
            self._drop(client, p.CLOSE_POLICY, "not reading its messages")
            return
        client.queue.put_nowait(p.encode(message))

    def _drop(self, client: _Client, code: int, reason: str) -> None:
        """Close one connection with a reason (the table goes on)."""
        if client.closing:
            return
        client.closing = True
        reason = _close_reason(reason)

        async def close() -> None:
            client.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await client.ws.close(code, reason)

        self._spawn(close())

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _within_rate(self, client: _Client) -> bool:
        now = time.monotonic()
        times = client.times
        times.append(now)
        while times and now - times[0] > 1.0:
            times.popleft()
        return len(times) <= self.max_per_second

    def _seat_of(self, token: str) -> int | None:
        """The seat of ``token``, compared in constant time with every seat's token."""
        found = None
        given = token.encode()
        for seat, known in enumerate(self.tokens):
            if known is not None and hmac.compare_digest(given, known.encode()):
                found = seat
        return found

    def _join(self, ws: ServerConnection, seat: int, name: str) -> _Client:
        old = self._clients.get(seat)
        if old is not None:
            self._drop(old, p.CLOSE_POLICY, "this seat joined from another connection")
        client = _Client(ws, seat)
        self._clients[seat] = client
        self._away_since.pop(seat, None)
        self._send(client, p.Welcome(version=p.VERSION, seat=seat, server=app_version()))
        if self.session is None:
            self._names[seat] = name
            if all(s in self._names for s in self.human_seats):
                self._start_match()
            else:
                self._send_lobby()
        else:
            if seat in self.stand_ins:
                level = self.stand_ins.pop(seat)
                self._record(
                    f"{self.session.players[seat].name} is back and plays seat {seat + 1} again "
                    f"({_a(level)} {level} computer player played it meanwhile)"
                )
                self._save_table()
            self._send_events(client)
            if self._vote is not None and seat in self._vote.needed:
                self._send(client, p.UndoAsked(request=self._vote.number, seat=self._vote.seat))
            self._kick_bots()
        self._send_presence()
        self._notify()
        return client

    def _leave(self, client: _Client) -> None:
        client.closing = True
        client.queue.put_nowait(None)
        if self._clients.get(client.seat) is client:
            del self._clients[client.seat]
            self._away_since[client.seat] = time.monotonic()
            self._send_presence()
            self._notify()

    # --- messages ---------------------------------------------------------------------------
    def _dispatch(self, client: _Client, message: p.ClientMessage) -> None:
        if isinstance(message, p.Hello):
            self._drop(client, p.CLOSE_POLICY, "hello twice")
        elif self.session is None:
            self._send(client, p.Refused(reason="the match has not started yet"))
        elif isinstance(message, p.Act):
            self._act(client, message)
        elif isinstance(message, p.UndoRequest):
            self._undo_request(client)
        elif isinstance(message, p.UndoAnswer):
            self._undo_answer(client, message)
        elif isinstance(message, p.HandOver):
            self._hand_over(client, message)
        elif isinstance(message, p.GetLog):
            self._send(client, p.Log(text=self.player_view(client.seat).decode()))
        elif isinstance(message, p.Entropy):
            self._take_entropy(client, message)

    def _act(self, client: _Client, message: p.Act) -> None:
        session = self.session
        assert session is not None
        seat = client.seat
        action = message.action
        if message.at != len(session.events):
            self._refuse(client, "the table changed before your move arrived: it was not played")
            return
        if session.to_act() != seat or action.seat != seat or seat in self.stand_ins:
            self._refuse(client, "it is not your turn")
            return
        if action not in legal_actions(session.state):
            self._refuse(client, f"that move is not allowed now ({_describe(action)})")
            return
        session.act(action)
        self._changed()

    def _refuse(self, client: _Client, reason: str) -> None:
        self._send(client, p.Refused(reason=printable(reason, 200)))

    # --- the match --------------------------------------------------------------------------
    def _start_match(self) -> None:
        players = []
        for seat, plan in enumerate(self.plan):
            if plan.kind == "bot":
                name = plan.name or ("CPU" if len(self.plan) == 2 else f"CPU {seat + 1}")
                players.append(Player(name=name, kind="bot", bot=plan.level))
            else:
                players.append(Player(name=self._names[seat]))
        from hanatui.store.settings import games_dir

        journal = Journal.begin(self.journal_path, seed=self.seed, games=games_dir())
        timeline = Timeline([MatchStarted(rules=self.rules, players=tuple(players))])
        self.session = Session(timeline, seed=self.seed, journal=journal)
        journal.start(self.session.header, timeline.events)
        self._save_table()
        self._changed()

    def _changed(self) -> None:
        """After any change: deal when due, end a stale undo vote, tell everyone, let the
        computer seats move."""
        session = self.session
        assert session is not None
        self._deal()
        vote = self._vote
        if vote is not None and not session.can_undo(vote.seat):
            self._settle_vote(False, "the game moved on")
        for client in list(self._clients.values()):
            self._send_events(client)
        if session.over:
            self.finished.set()
        self._kick_bots()
        self._notify()

    # --- proved deals (docs/deals.md) ------------------------------------------------------
    def _deal(self) -> None:
        """Deal while a chance event is due: first the commitment, which every player sees; then,
        once each seated player's entropy has come (or the wait is over), the deal itself."""
        session = self.session
        assert session is not None
        while is_chance(session.state):
            committed = session.commit().commitment
            given = self._entropy.setdefault(committed, {})
            waiting = [
                s
                for s in self.human_seats
                if s in self._clients and s not in self.stand_ins and s not in given
            ]
            if waiting and committed not in self._entropy_late:
                if self._entropy_timer is None or self._entropy_timer_for != committed:
                    if self._entropy_timer is not None:
                        self._entropy_timer.cancel()
                    self._entropy_timer_for = committed
                    self._entropy_timer = asyncio.get_running_loop().call_later(
                        self.entropy_timeout, self._entropy_timeout, committed
                    )
                return
            if self._entropy_timer is not None:
                self._entropy_timer.cancel()
                self._entropy_timer = None
            session.deal(given, remote=self.human_seats)

    def _take_entropy(self, client: _Client, message: p.Entropy) -> None:
        """A player's contribution to the deal due now; a late or repeated one changes nothing
        (the player's program checks at the round's end what was used)."""
        session = self.session
        assert session is not None
        committed = session.pending_commitment()
        if committed is None or committed.commitment != message.commitment:
            return
        given = self._entropy.setdefault(committed.commitment, {})
        if client.seat in given or client.seat in self.stand_ins:
            return
        given[client.seat] = bytes.fromhex(message.value)
        self._changed()

    def _entropy_timeout(self, committed: str) -> None:
        self._entropy_timer = None
        self._entropy_late.add(committed)
        if self.session is not None and not self.session.over:
            self._changed()

    def _send_events(self, client: _Client) -> None:
        session = self.session
        assert session is not None
        events = session.events
        at = min(client.sent, len(events))
        seat = client.seat
        # `redact` reads the deal sizes from match_started: it leads every batch
        tail = redact([events[0], *events[at:]], seat)[1:] if at else redact(events, seat)
        legal: tuple[p.AnyAction, ...] = ()
        if session.to_act() == seat and seat not in self.stand_ins:
            legal = cast(tuple[p.AnyAction, ...], session.legal())
        if not tail and not legal and at == client.sent and client.sent:
            return
        client.sent = len(events)
        events_out = cast(tuple[p.RedactedEvent, ...], tuple(tail))
        self._send(client, p.Events(at=at, events=events_out, legal=legal))

    def _computer_level(self, seat: int) -> str | None:
        assert self.session is not None
        player = self.session.players[seat]
        if player.kind == "bot":
            return player.bot or "easy"
        return self.stand_ins.get(seat)

    def _kick_bots(self) -> None:
        if self._bots is None or self._bots.done():
            self._bots = asyncio.ensure_future(self._run_bots())

    async def _run_bots(self) -> None:
        """Play the computer seats' moves while one is to act."""
        session = self.session
        while session is not None and not session.over:
            seat = session.to_act()
            if seat is None:
                return
            level = self._computer_level(seat)
            if level is None:
                return
            version, state = session.version, session.state
            started = time.monotonic()
            try:
                action = await think(session.bot_choice, state, level)
            except Exception:  # a broken computer player must not end the match
                action = legal_actions(state)[0]
            rest = self.pace - (time.monotonic() - started)
            if rest > 0:
                await asyncio.sleep(rest)
            if session.version != version or self._computer_level(seat) != level:
                continue  # an undo or a returning player changed the table meanwhile
            session.act(action)
            self._changed()

    # --- undo by consent --------------------------------------------------------------------
    def _undo_request(self, client: _Client) -> None:
        session = self.session
        assert session is not None
        seat = client.seat
        if self._vote is not None:
            self._refuse(client, "another undo request is waiting for answers")
            return
        if not session.can_undo(seat):
            self._refuse(
                client,
                "there is no move of yours to take back (only your last one, while no other "
                "player has decided since)",
            )
            return
        needed = {s for s in self.human_seats if s != seat and s not in self.stand_ins}
        self._votes += 1
        vote = self._vote = _UndoVote(self._votes, seat, needed)
        if not needed:
            self._settle_vote(True)
            return
        vote.timer = asyncio.get_running_loop().call_later(
            self.undo_timeout, self._vote_timeout, vote.number
        )
        for other in needed:
            if other in self._clients:
                self._send(self._clients[other], p.UndoAsked(request=vote.number, seat=seat))

    def _vote_timeout(self, number: int) -> None:
        if self._vote is not None and self._vote.number == number:
            self._settle_vote(False, "not every player answered in time")

    def _undo_answer(self, client: _Client, message: p.UndoAnswer) -> None:
        vote = self._vote
        if vote is None or vote.number != message.request or client.seat not in vote.needed:
            self._refuse(client, "that undo request is no longer open")
            return
        assert self.session is not None
        if not message.allow:
            name = self.session.players[client.seat].name
            self._settle_vote(False, f"{name} said no")
            return
        vote.needed.discard(client.seat)
        if not vote.needed:
            self._settle_vote(True)

    def _settle_vote(self, granted: bool, reason: str = "") -> None:
        vote = self._vote
        session = self.session
        assert vote is not None and session is not None
        self._vote = None
        if vote.timer is not None:
            vote.timer.cancel()
        settled = p.UndoSettled(
            request=vote.number, seat=vote.seat, granted=granted, reason=printable(reason, 200)
        )
        if granted:
            cut = session.timeline.last_decision(vote.seat)
            if cut is None or not session.undo(vote.seat):
                settled = p.UndoSettled(
                    request=vote.number, seat=vote.seat, granted=False, reason="nothing to undo"
                )
            else:
                for client in self._clients.values():
                    client.sent = min(client.sent, cut)
        for client in list(self._clients.values()):
            self._send(client, settled)
        if settled.granted:
            self._changed()

    # --- seats away -------------------------------------------------------------------------
    def _hand_over(self, client: _Client, message: p.HandOver) -> None:
        session = self.session
        assert session is not None
        seat = message.seat
        if seat >= len(self.plan) or self.plan[seat].kind != "human" or seat == client.seat:
            self._refuse(client, "only another player's seat can be handed over")
            return
        if seat in self.stand_ins:
            self._refuse(client, "that seat is already played by a computer player")
            return
        since = self._away_since.get(seat)
        if seat in self._clients or since is None:
            self._refuse(client, "that player is at the table")
            return
        away = time.monotonic() - since
        if away < self.hand_over_after:
            self._refuse(
                client,
                f"that player has been away {int(away)} s; wait until {self.hand_over_after} s",
            )
            return
        from hanatui.bots import BOTS

        if message.level not in BOTS:
            self._refuse(client, f"no computer player of level {printable(message.level, 40)}")
            return
        self.stand_ins[seat] = message.level
        by = session.players[client.seat].name
        self._record(
            f"{by} handed seat {seat + 1} ({session.players[seat].name}, away {int(away)} s) "
            f"to {_a(message.level)} {message.level} computer player"
        )
        self._save_table()
        self._send_presence()
        for other in list(self._clients.values()):
            self._send_events(other)
        self._kick_bots()

    def _record(self, text: str) -> None:
        """A line for the log (a comment on the latest event) and a notice for everyone."""
        session = self.session
        assert session is not None
        text = printable(text, 200)
        if session.journal is not None:
            session.journal.comment(Comment(after=len(session.events) - 1, text=text))
        for client in list(self._clients.values()):
            self._send(client, p.Notice(text=text))

    def _send_presence(self) -> None:
        now = time.monotonic()
        seats = []
        for seat, plan in enumerate(self.plan):
            if plan.kind == "bot":
                seats.append(p.SeatStatus(connected=True))
                continue
            since = self._away_since.get(seat)
            seats.append(
                p.SeatStatus(
                    connected=seat in self._clients,
                    away=0 if since is None else int(now - since),
                    stand_in=self.stand_ins.get(seat),
                )
            )
        message = p.Presence(seats=tuple(seats), hand_over_after=self.hand_over_after)
        for client in list(self._clients.values()):
            self._send(client, message)

    def _send_lobby(self) -> None:
        seats = []
        for seat, plan in enumerate(self.plan):
            if plan.kind == "bot":
                seats.append(p.LobbySeat(name=None, kind="bot", joined=True))
            else:
                seats.append(p.LobbySeat(name=self._names.get(seat), joined=seat in self._names))
        message = p.Lobby(game=self.rules.game, seats=tuple(seats))
        for client in list(self._clients.values()):
            self._send(client, message)

    # --- files ------------------------------------------------------------------------------
    def _save_table(self) -> None:
        data = msgspec.json.encode(
            TableFile(tokens=self.tokens, stand_ins=self.stand_ins, bind=self.bind, port=self.port)
        )
        path = table_path(self.journal_path)
        write_atomic(path, data)
        with contextlib.suppress(OSError):
            path.chmod(0o600)

    def player_view(self, seat: int) -> bytes:
        """The match so far as a .hana log without the cards ``seat`` could not see."""
        session = self.session
        assert session is not None
        events: list[Event] = list(session.events)
        header = header_for(events, app=app_version(), created=now_iso(), redacted_for=seat)
        comments = session.journal.comments if session.journal is not None else []
        return encode_log(header, redact(events, seat), comments)

    def _notify(self) -> None:
        if self.on_change is not None:
            self.on_change()


def _describe(action: object) -> str:
    from core.actions import Action, describe_action

    return describe_action(action) if isinstance(action, Action) else "?"


def _a(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _close_reason(reason: str) -> str:
    """A close frame's reason: at most 123 bytes of UTF-8."""
    data = reason.encode()
    if len(data) <= 123:
        return reason
    return data[:120].decode(errors="ignore") + "..."


#: The library's logger, silenced: the table reports what matters itself.
_QUIET = logging.getLogger("hanatui.net.websockets")
_QUIET.addHandler(logging.NullHandler())
_QUIET.propagate = False


__all__ = ["SeatPlan", "TableFile", "TableServer", "new_token", "table_path"]
