"""The one stateful piece between the engine and the app.

A `Session` owns the `Timeline` of the match being played, asks the engine for the events each
action causes, appends them, and writes every event to the autosave journal (flushed and fsynced)
as it happens, so a killed terminal loses nothing. Widgets never hold game state: they draw the
`View` a session hands them.

Randomness comes from the session seed: every deal (and the dealer draw) is proved
(docs/deals.md): the session's deal key, which follows from the seed, gives the table's secret
for the match's n-th chance event and each person's contribution to it; the log records the
commitment and the contributions before the deal and the secret once the round is over. The
computer players' choices come from generators keyed by the position on the table (not the count
of events, which an undo changes). So a resumed game continues exactly as it would have, a seeded
game is reproducible, an undo replays the same committed deal, and the same move after an undo
gets the same computer reply.
"""

from __future__ import annotations

import contextlib
import datetime
import random
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from core.actions import Action, CallKoiKoi, CallShobu
from core.chance import chance_round, contributors, proved_chance_event
from core.engine import apply, is_chance, is_over, legal_actions, run_auto, step, to_act
from core.errors import HanaError
from core.events import (
    DECISION_EVENTS,
    DealCommitted,
    EntropyGiven,
    Event,
    MatchStarted,
    RoundEnded,
    ScoreLine,
)
from core.logfile import Header, header_for
from core.players import Player
from core.proof import chance_ordinal, with_reveals
from core.rules import AnyRules
from core.shuffle import commitment, key_of_seed, local_entropy, table_secret
from core.state import State
from core.timeline import Timeline
from core.view import View, observe
from hanatui.session.journal import Journal, retire
from hanatui.store.files import free_log_name, read_log_file, write_log_file
from hanatui.store.settings import autosave_dir, games_dir
from hanatui.text.errors import error_text
from hanatui.text.i18n import _

if TYPE_CHECKING:
    from hanatui.bots.base import Bot

JOURNAL_NAME = "current.hana"


def position_key(state: State) -> str:
    """A digest of the position: what is where and whose turn it is, without the count of undos
    (so the position after an undo and a replayed move is the same position)."""
    import hashlib  # here: a computer seat's first move needs it, the table's first frame not

    extra = msgspec.json.encode(state.extra) if state.extra is not None else b""
    parts = (
        state.phase,
        state.dealer,
        state.totals,
        state.history,
        state.round,
        state.hands,
        state.field,
        state.pile,
        state.captures,
        state.turn,
        state.turn_no,
        state.stage,
        state.pending,
        state.pending_from,
    )
    return hashlib.blake2b(repr(parts).encode() + extra, digest_size=12).hexdigest()


class Threat(msgspec.Struct, frozen=True, kw_only=True):
    """What an opponent would score by completing a yaku one card away (the koi-koi risk)."""

    seat: int
    yaku: tuple[str, ...]
    lines: tuple[ScoreLine, ...]
    points: int


class Unfinished(msgspec.Struct, frozen=True, kw_only=True):
    """A summary of the autosaved game, for the title screen's resume entry."""

    path: str
    game: str
    players: tuple[str, ...]
    round: int
    rounds: int
    totals: tuple[int, ...]


def now_iso() -> str:
    """Now, in UTC to the second, as a log's header records when it was made."""
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def app_version() -> str:
    """This program as a log's header names the one that wrote it."""
    from hanatui import __version__

    return f"hanatui {__version__}"


class Session:
    """A match in progress: timeline, autosave journal, and the computer players."""

    def __init__(
        self,
        timeline: Timeline,
        *,
        seed: int,
        journal: Journal | None = None,
        header: Header | None = None,
    ) -> None:
        self.timeline = timeline
        self.seed = seed
        self.deal_key = key_of_seed(seed)
        self.journal = journal
        self.header = header or header_for(timeline.events, app=app_version(), created=now_iso())
        self.version = 0  # bumped on every change, so stale bot moves are dropped
        self.archived: Path | None = None
        self.archive_problem: str | None = None
        self._bots: dict[tuple[int, str], Bot] = {}

    # --- making and finding sessions --------------------------------------------------------
    @classmethod
    def new(
        cls,
        rules: AnyRules,
        players: Sequence[Player],
        *,
        seed: int | None = None,
        autosave: bool = True,
        directory: Path | None = None,
    ) -> Session:
        """A new match; with ``autosave`` its journal replaces any unfinished one (which is kept
        among the finished games first, so nothing is lost)."""
        from core.games.registry import game_for

        game_for(rules).check_players(rules, len(players))
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 63)
        timeline = Timeline([MatchStarted(rules=rules, players=tuple(players))])
        journal = None
        if autosave:
            path = (directory or autosave_dir()) / JOURNAL_NAME
            journal = Journal.begin(path, seed=seed, games=games_dir())
        session = cls(timeline, seed=seed, journal=journal)
        if journal is not None:
            journal.start(session.header, timeline.events)
        return session

    @classmethod
    def from_events(
        cls,
        events: Sequence[Event],
        *,
        seed: int | None = None,
        autosave: bool = True,
        directory: Path | None = None,
        **header_extra: object,
    ) -> Session:
        """A match that continues from recorded events (a replay's "play on from here"); the
        header gets ``header_extra`` (e.g. ``origin``). Autosaves like `new`."""
        timeline = Timeline(events)
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 63)
        header = header_for(timeline.events, app=app_version(), created=now_iso(), **header_extra)
        journal = None
        if autosave:
            path = (directory or autosave_dir()) / JOURNAL_NAME
            journal = Journal.begin(path, seed=seed, games=games_dir())
        session = cls(timeline, seed=seed, journal=journal, header=header)
        if journal is not None:
            journal.start(header, timeline.events)
        return session

    @classmethod
    def resume(cls, path: Path | None = None) -> Session:
        """The autosaved match, exactly where it stopped (a torn last line is dropped; other
        damage is cut off after keeping the original, as ``journal.notice`` says)."""
        log, journal = Journal.resume(path or autosave_dir() / JOURNAL_NAME)
        seed = journal.seed
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 63)
        timeline = Timeline()
        timeline.extend(zip(log.events, log.states, strict=True))
        return cls(timeline, seed=seed, journal=journal, header=log.header)

    @staticmethod
    def unfinished(
        directory: Path | None = None, *, problems: list[str] | None = None
    ) -> Unfinished | None:
        """The autosaved game if there is one still to play; a finished one is archived. Why
        an autosave that is there cannot be read goes into ``problems`` (if given)."""
        path = (directory or autosave_dir()) / JOURNAL_NAME
        if not path.exists():
            return None
        try:
            log = read_log_file(path, recover=True)
        except HanaError as exc:
            if problems is not None:
                problems.append(error_text(exc))
            return None
        state = log.state
        if state is None:
            return None
        if is_over(state):
            with contextlib.suppress(HanaError, OSError):  # read-only here, or a full disk
                retire(path, games_dir())
            return None
        return Unfinished(
            path=str(path),
            game=state.rules.game,
            players=tuple(p.name for p in state.players),
            round=max(state.round, 1),
            rounds=state.rules.rounds,
            totals=state.totals,
        )

    # --- reading ----------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.timeline.last

    @property
    def events(self) -> list[Event]:
        return self.timeline.events

    @property
    def players(self) -> tuple[Player, ...]:
        return self.state.players

    def is_human(self, seat: int) -> bool:
        return self.players[seat].kind == "human"

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.players) if p.kind == "human")

    def to_act(self) -> int | None:
        return to_act(self.state)

    def legal(self) -> tuple[Action, ...]:
        return legal_actions(self.state)

    def view(self, seat: int) -> View:
        return observe(self.state, seat)

    @property
    def over(self) -> bool:
        return is_over(self.state)

    # --- playing ----------------------------------------------------------------------------
    def _record(self, pairs: list[tuple[Event, State]]) -> list[Event]:
        pairs = with_reveals(self.events, pairs, self.reveal_secret)
        self.timeline.extend(pairs)
        events = [e for e, _ in pairs]
        if self.journal is not None:
            self.journal.append(events)
        self.version += 1
        return events

    def settle(self) -> list[Event]:
        """Deal while chance is due, and run the automatic events due (a draw, a score): after
        it someone is to act or the match is over. A match played here never stops between an
        action and its automatic events, but one continued from a recorded position may (a
        replay's "play on" after a play, before its draw). The new events."""
        out: list[Event] = []
        while True:
            if is_chance(self.state):
                out += self.deal({})
                continue
            due = run_auto(self.state)
            if not due:
                return out
            out += self._record(due)

    def pending_commitment(self) -> DealCommitted | None:
        """The commitment recorded for the chance event due now, if there is one yet."""
        events = self.events
        i = len(events) - 1
        while i > 0 and isinstance(events[i], EntropyGiven):
            i -= 1
        last = events[i]
        return last if isinstance(last, DealCommitted) and is_chance(self.state) else None

    def commit(self) -> DealCommitted:
        """Record (once) the table's commitment for the chance event due now (docs/deals.md)."""
        committed = self.pending_commitment()
        if committed is None:
            secret = self.secret(chance_ordinal(self.events))
            committed = DealCommitted(round=chance_round(self.state), commitment=commitment(secret))
            self._record([(committed, self.state)])
        return committed

    def deal(self, given: Mapping[int, bytes], remote: Collection[int] = ()) -> list[Event]:
        """The chance event due now, on its commitment (recorded first if it is not yet): each
        person's contribution is the one ``given`` for that seat (from a player's own program,
        at a network table), else made here (marked ``by_table`` for a seat in ``remote``, one
        whose player's program should have given it); then every automatic event after it."""
        out = [] if self.pending_commitment() is not None else [self.commit()]
        ordinal = chance_ordinal(self.events)
        people = {s: given.get(s) or self.entropy(ordinal, s) for s in contributors(self.state)}
        state = self.state
        round_no = chance_round(state)
        pairs: list[tuple[Event, State]] = [
            (
                EntropyGiven(
                    round=round_no,
                    seat=s,
                    value=v.hex(),
                    by_table=s in remote and s not in given,
                ),
                state,
            )
            for s, v in sorted(people.items())
        ]
        event = self.chance_event(proved_chance_event(state, self.secret(ordinal), people))
        after = apply(state, event)
        pairs += [(event, after), *run_auto(after)]
        return out + self._record(pairs)

    def chance_event(self, event: Event) -> Event:
        """The chance event this table deals, as the published shuffle made it (here: as it is;
        a test's cheating table changes it)."""
        return event

    def secret(self, ordinal: int) -> bytes:
        """The table's secret for the match's chance event number ``ordinal`` (from 0)."""
        return table_secret(self.deal_key, ordinal)

    def entropy(self, ordinal: int, seat: int) -> bytes:
        """The contribution of ``seat``, a person playing here, to chance event ``ordinal``."""
        return local_entropy(self.deal_key, ordinal, seat)

    def reveal_secret(self, ordinal: int) -> bytes | None:
        """The secret this table reveals for chance event ``ordinal`` once it is due (a game
        played on from a replay cannot reveal the deals it did not make: `with_reveals` checks
        the commitment)."""
        return self.secret(ordinal)

    def act(self, action: Action) -> list[Event]:
        """Play an action (raises `IllegalActionError` if it is not legal); the new events."""
        return self._record(step(self.state, action))

    # The table's turn loop plays through these three, so that a session whose other seats are
    # played elsewhere (`hanatui.net.client.RemoteSession`) drives the same table.
    def plays_here(self, seat: int) -> bool:
        """Whether ``seat``'s decisions are made in this process (here: every seat's)."""
        return True

    async def perform(self, action: Action) -> list[Event]:
        """Play an action decided here; the new events (here: at once, see `act`)."""
        return self.act(action)

    async def wait_for_others(self) -> list[Event] | None:
        """Wait until a seat played elsewhere has moved; its events, or None when nothing can
        come (here: never anything)."""
        return None

    def bot_choice(self, state: State | None = None, level: str | None = None) -> Action:
        """The action of the computer seat to act in ``state`` (default: now), at ``level``
        (default: the seat's own). Its generator is keyed on the position, so the same position
        always gets the same reply. Safe to run in a worker thread on a snapshot of the state."""
        from hanatui.bots import make_bot

        if state is None:
            state = self.state
        seat = to_act(state)
        if seat is None:
            raise HanaError("nobody is to act")
        player = state.players[seat]
        level = level or player.bot or "easy"
        bot = self._bots.get((seat, level))
        if bot is None:
            bot = self._bots[seat, level] = make_bot(level)
        rng = random.Random(f"{self.seed}:{position_key(state)}:{seat}")
        action: Action = bot.choose(observe(state, seat), legal_actions(state), rng)
        return action

    def preview_shobu(self) -> RoundEnded | None:
        """What the round's score would be if the seat to act stopped now (koi-koi)."""
        seat = to_act(self.state)
        if seat is None:
            return None
        action = CallShobu(seat=seat)
        if action not in self.legal():
            return None
        for event, _after in step(self.state, action):
            if isinstance(event, RoundEnded):
                return event
        return None

    def koikoi_risk(self) -> list[Threat]:
        """If the seat to act calls koi-koi: each opponent's best yaku one card away and what it
        would score there, multipliers included (koi-koi only; [] elsewhere)."""
        seat = to_act(self.state)
        if seat is None or CallKoiKoi(seat=seat) not in self.legal():
            return []
        from core.games.registry import game_of

        after = step(self.state, CallKoiKoi(seat=seat))[-1][1]
        game = game_of(after.rules.game)

        def yaku_of(mask: int) -> tuple[tuple[str, int], ...]:
            return tuple((h.name, h.points) for h in game.yaku_held(after.rules, mask))

        win_lines = getattr(game, "win_lines", None)
        if win_lines is None:
            return []
        taken = 0
        for c in after.captures:
            taken |= c
        free = [1 << i for i in range(48) if not taken >> i & 1]
        threats: list[Threat] = []
        for other in range(after.num_players):
            if other == seat:
                continue
            theirs = after.captures[other]
            held = set(yaku_of(theirs))
            best: Threat | None = None
            for bit in free:
                new = tuple(y for y in yaku_of(theirs | bit) if y not in held)
                if not new:
                    continue
                caps = list(after.captures)
                caps[other] |= bit
                lines = tuple(
                    win_lines(msgspec.structs.replace(after, captures=tuple(caps)), other)
                )
                points = sum(x.points for x in lines)
                if best is None or points > best.points:
                    best = Threat(
                        seat=other, yaku=tuple(n for n, _ in new), lines=lines, points=points
                    )
            if best is not None:
                threats.append(best)
        return threats

    # --- undo and redo ----------------------------------------------------------------------
    def undo_seat(self) -> int | None:
        """The human seat whose last decision an undo takes back: the latest human decision."""
        humans = set(self.humans)
        for ev in reversed(self.events):
            if isinstance(ev, DECISION_EVENTS):
                seat: int = ev.seat
                if seat in humans:
                    return seat
        return None

    def can_undo(self, seat: int | None = None) -> bool:
        """Whether an undo is possible; with ``seat`` (hot-seat fairness), whether that seat may
        take one back: only when the latest human decision is its own."""
        last = self.undo_seat()
        if last is None or self.over:
            return False
        return seat is None or last == seat

    def can_redo(self) -> bool:
        return self.timeline.can_redo() and not self.over

    def undo(self, seat: int | None = None) -> bool:
        """Take back the latest human decision (with ``seat``: only if it is that seat's); the
        `UndoTaken` event names the seat, which is also the seat that asked."""
        if not self.can_undo(seat):
            return False
        seat = self.undo_seat()
        if seat is None:
            return False
        self.timeline.undo(seat)
        self._rewrite()
        return True

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        self.timeline.redo()
        self._rewrite()
        return True

    def _rewrite(self) -> None:
        self.version += 1
        if self.journal is not None:
            self.journal.rewrite(self.header, self.events)

    # --- the end ----------------------------------------------------------------------------
    def archive(self, directory: Path | None = None) -> Path | None:
        """Keep the finished match as a .hana log among the user's games; the journal goes."""
        if self.archived is not None:
            return self.archived
        if self.journal is None and directory is None:
            return None
        directory = directory or games_dir()
        try:
            path = free_log_name(directory, self.state.rules.game)
            write_log_file(path, self.header, self.events)
        except OSError as exc:  # the journal keeps the game; it is archived at the next start
            self.archive_problem = _("could not keep the game in {folder} ({why})").format(
                folder=directory, why=exc.strerror
            )
            return None
        if self.journal is not None:
            self.journal.discard()
        self.archived = path
        return path


def list_games(directory: Path | None = None) -> list[Path]:
    """The kept .hana logs, newest first."""
    directory = directory or games_dir()
    if not directory.is_dir():
        return []
    return sorted(directory.glob("*.hana"), key=lambda p: p.name, reverse=True)
