"""Headless matches between bots, for `hanatui sim`, tests and benchmarks.

`simulate` is the arena behind `hanatui sim`: deals played once per seating, in a fixed order,
optionally spread over worker processes (`jobs`); the outcome depends on the seed alone, never on
how many processes played it.
"""

from __future__ import annotations

import itertools
import os
import random
import signal
import time
from collections import deque
from collections.abc import Callable, Generator, Sequence
from functools import partial
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from core.chance import advance, proved_advance
from core.engine import is_chance, is_over, legal_actions, step, to_act
from core.events import Event, MatchStarted
from core.players import Player
from core.proof import REVEALING, chance_ordinal, with_reveals
from core.rules import AnyRules
from core.shuffle import key_of_seed, table_secret
from core.timeline import Timeline
from core.view import observe
from hanatui.bots.base import Bot
from hanatui.bots.heuristics import team_numbers
from hanatui.bots.levels import make_bot
from hanatui.session.signals import fresh_process_signals

if TYPE_CHECKING:
    from multiprocessing.pool import AsyncResult


def bot_players(levels: Sequence[str]) -> tuple[Player, ...]:
    """The seats of an arena's match, named by their level and seat: ``Easy 1``, ``Strong 2``.
    The names go into the match's log (`hanatui sim --save`), which holds no words of a
    language: they are the same in every language, as the names a player types are."""
    return tuple(
        Player(name=f"{level.capitalize()} {i + 1}", kind="bot", bot=level)
        for i, level in enumerate(levels)
    )


def play_match(
    rules: AnyRules,
    bots: Sequence[Bot],
    *,
    seed: int,
    players: tuple[Player, ...] | None = None,
    on_round: Callable[[Timeline], None] | None = None,
    proved: bool = False,
) -> Timeline:
    """Play one whole match between ``bots`` (one per seat) and return its timeline.

    The deal and every bot draw from their own generators seeded from ``seed``, so the same seed
    gives the same match. ``proved``: the deals are proved as at a table (docs/deals.md), the
    table's secrets from the seed (the arena's matches, whose logs `hanatui sim --save` keeps);
    otherwise they come from a `random.Random` of the seed (tests and benchmarks that want the
    decks they always had).
    """
    if players is None:
        players = bot_players([b.level for b in bots])
    chance_rng = random.Random(seed)
    key = key_of_seed(seed)
    bot_rngs = [random.Random(seed * 7919 + 104729 * (i + 1)) for i in range(len(bots))]
    timeline = Timeline([MatchStarted(rules=rules, players=players)])
    state = timeline.last
    rounds_seen = 0
    chances = 0  # the chance events so far (a proved one's ordinal)
    while not is_over(state):
        before = chances
        if is_chance(state):
            if proved:
                pairs = proved_advance(state, table_secret(key, chances), {})
                chances += chance_ordinal([e for e, _ in pairs])
            else:
                pairs = advance(state, chance_rng)
        else:
            seat = to_act(state)
            assert seat is not None, f"stuck in phase {state.phase}"
            legal = legal_actions(state)
            action = bots[seat].choose(observe(state, seat), legal, bot_rngs[seat])
            pairs = step(state, action)
        if proved and any(isinstance(e, REVEALING) for e, _ in pairs):
            pairs = with_reveals(timeline.events, pairs, partial(table_secret, key), chances=before)
        timeline.extend(pairs)
        state = timeline.last
        if on_round is not None and state.rounds_done != rounds_seen:
            rounds_seen = state.rounds_done
            on_round(timeline)
    return timeline


def seat_rotations(n: int, entries: Sequence[object]) -> list[tuple[int, ...]]:
    """The seatings that balance seats and the deal: rotation r puts entry ``(s + r) % n`` in
    seat s. Only the rotations that seat the entries differently: at a table that repeats
    itself (``strong,normal,strong,normal``) a further rotation would replay a game already
    played, bot for bot and card for card, and count its hands twice. Every entry's level still
    gets every seat; entries all alike get the one seating."""
    names = [str(e) for e in entries]
    out: list[tuple[int, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for r in range(n):
        seating = tuple((s + r) % n for s in range(n))
        layout = tuple(names[i] for i in seating)
        if layout not in seen:
            seen.add(layout)
            out.append(seating)
    return out


def play_rotated(
    rules: AnyRules,
    bots: Sequence[Bot],
    *,
    seed: int,
    rotations: Sequence[tuple[int, ...]] | None = None,
    players: tuple[Player, ...] | None = None,
) -> list[tuple[Timeline, tuple[int, ...]]]:
    """Play the match of ``seed`` once per seating, so every entry of ``bots`` gets every seat
    (and with it the same cards and the same first dealer). Returns each timeline with its
    seating: ``seating[seat]`` is the index in ``bots`` of the bot that sat there."""
    n = len(bots)
    if rotations is None:
        rotations = seat_rotations(n, [b.level for b in bots])
    out = []
    for seating in rotations:
        seated = [bots[i] for i in seating]
        seated_players = None if players is None else tuple(players[i] for i in seating)
        out.append((play_match(rules, seated, seed=seed, players=seated_players), tuple(seating)))
    return out


class DuelResult(NamedTuple):
    """Two levels over seat-swapped hands: per hand, each side's mean points."""

    hands: tuple[tuple[float, float], ...]

    @property
    def hand_count(self) -> int:
        return len(self.hands)

    @property
    def decided(self) -> int:
        return sum(1 for a, b in self.hands if a != b)

    @property
    def won(self) -> tuple[int, int]:
        return (sum(1 for a, b in self.hands if a > b), sum(1 for a, b in self.hands if b > a))

    @property
    def points_per_hand(self) -> tuple[float, float]:
        n = max(1, len(self.hands))
        return (sum(a for a, _ in self.hands) / n, sum(b for _, b in self.hands) / n)

    @property
    def win_rate(self) -> float:
        """The first side's share of the decided hands."""
        return self.won[0] / self.decided if self.decided else 0.5

    def __add__(self, other: object) -> DuelResult:
        assert isinstance(other, DuelResult)
        return DuelResult(self.hands + other.hands)


def sides(rules: AnyRules, players: int) -> tuple[int, ...]:
    """The side of each seat, 0 for the first level and 1 for the second: the teams alternate
    round the table (a seat without partners is a team of its own), so each team is one level.
    Alone or in 2x2 and 2x3 teams that is every other seat; in Sakura's three teams of two
    (seats 1 and 4, 2 and 5, 3 and 6) the first and third teams against the second."""
    return tuple(t % 2 for t in team_numbers(rules, players))


def seatings(side: Sequence[int], teams: Sequence[int] | None = None) -> list[tuple[int, ...]]:
    """The rotations of the table that seat the two levels differently: rotation r puts the
    bot of seat ``(s + r) % n`` in seat s. A rotation that repeats a layout already listed is
    left out: the bots' randomness is seeded per seat, so it would replay the same games (at
    four players half the rotations, at six two thirds). With ``teams`` (each seat's team),
    every seating must keep each team one level."""
    n = len(side)
    out: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()
    for r in range(n):
        rotation = tuple((s + r) % n for s in range(n))
        layout = tuple(side[i] for i in rotation)
        if teams is not None and any(
            teams[s] == teams[t] and layout[s] != layout[t] for s in range(n) for t in range(s)
        ):
            raise ValueError("a seating would put both levels in one team")
        if layout not in seen:
            seen.add(layout)
            out.append(rotation)
    return out


def duel(
    rules: AnyRules,
    make_a: Callable[[], Bot],
    make_b: Callable[[], Bot],
    *,
    deals: int,
    seed: int = 1,
    players: int = 2,
) -> DuelResult:
    """``deals`` single-round deals (seeds ``seed`` on), each played once per distinct seating
    of the two levels (`seatings`), the levels seated by team (`sides`); per hand, each side's
    mean points over its seats."""
    teams = team_numbers(rules, players)
    side = sides(rules, players)
    rotations = seatings(side, teams)
    hands: list[tuple[float, float]] = []
    for k in range(deals):
        bots = [make_a() if side[s] == 0 else make_b() for s in range(players)]
        for timeline, seating in play_rotated(rules, bots, seed=seed + k, rotations=rotations):
            for points in timeline.last.history:
                sums, counts = [0.0, 0.0], [0, 0]
                for s, p in enumerate(points):
                    sums[side[seating[s]]] += p
                    counts[side[seating[s]]] += 1
                hands.append((sums[0] / counts[0], sums[1] / counts[1]))
    return DuelResult(tuple(hands))


# --------------------------------------------------------------------------------------------
# The arena of `hanatui sim`: matches in a fixed order, on one process or several
# --------------------------------------------------------------------------------------------


def default_jobs() -> int:
    """The number of cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


class MatchTask(NamedTuple):
    """One match of an arena: the rules, the level in each seat and the deal seed."""

    rules: AnyRules
    levels: tuple[str, ...]
    seed: int
    keep_events: bool = False


class MatchOutcome(NamedTuple):
    """What an arena keeps of a match: each round's points per seat (and, to save the match,
    its events)."""

    history: tuple[tuple[int, ...], ...]
    events: tuple[Event, ...] | None = None


# Bots are stateless between matches, so each process makes one per level.
_BOTS: dict[str, Bot] = {}


def play_task(task: MatchTask) -> MatchOutcome:
    """Play one match of an arena (in this process or a worker)."""
    bots = []
    for level in task.levels:
        bot = _BOTS.get(level)
        if bot is None:
            bot = _BOTS[level] = make_bot(level)
        bots.append(bot)
    timeline = play_match(task.rules, bots, seed=task.seed, proved=True)
    events = tuple(timeline.events) if task.keep_events else None
    return MatchOutcome(timeline.last.history, events)


class ArenaMatch(NamedTuple):
    """A match of `simulate`, as it is reported: its deal seed, which seating of the entries
    (``seating[seat]`` is the index of the entry in that seat), and its outcome."""

    seed: int
    rotation: int
    seating: tuple[int, ...]
    outcome: MatchOutcome


def simulate(
    rules: AnyRules,
    entries: Sequence[str],
    *,
    seed: int,
    hands: int | None = None,
    matches: int | None = None,
    jobs: int = 1,
    keep_events: bool = False,
) -> Generator[ArenaMatch, None, None]:
    """The matches of an arena between the bot levels ``entries`` (one per seat), in order.

    Each deal seed (``seed``, ``seed + 1``, ...) is played once per seating (`seat_rotations`),
    until ``hands`` rounds are played in all (the last matches cut short to land on it) or
    ``matches`` deals (each in every seating). With ``jobs`` > 1, worker processes play matches
    ahead of the one reported; the matches, and so every figure drawn from them, are exactly
    those of ``jobs=1``.
    """
    n = len(entries)
    seatings = seat_rotations(n, entries)
    plan = _Plan(rules, seatings, hands, matches)
    pool: _Pool | None = None
    try:
        deal_seed = seed
        while not plan.done():
            match_rules = plan.rules_for_next_deal()
            for r, seating in enumerate(seatings):
                if plan.done():
                    break
                levels = tuple(entries[e] for e in seating)
                task = MatchTask(match_rules, levels, deal_seed, keep_events)
                if pool is not None:
                    outcome = pool.play(task)
                    plan.count(outcome)
                else:
                    start = time.process_time()
                    outcome = play_task(task)
                    plan.count(outcome)
                    # The first match tells whether the rest is long enough to share out.
                    if jobs > 1 and plan.matches == 1 and not plan.done():
                        seconds = time.process_time() - start
                        if plan.seconds_left(seconds, len(outcome.history)) > POOL_SECONDS:
                            after = (deal_seed, r + 1)
                            pool = _Pool(jobs, plan, entries, after, keep_events, seconds)
                yield ArenaMatch(deal_seed, r, tuple(seating), outcome)
            deal_seed += 1
    finally:
        if pool is not None:
            pool.close()


#: An arena shares its matches out to worker processes only when the rest of it is expected to
#: take more CPU time than this: below it, starting the workers and handing them the matches
#: would cost more than they save.
POOL_SECONDS = 1.0


class _Plan:
    """How long an arena goes on, and how long its next deal's matches are."""

    def __init__(
        self,
        rules: AnyRules,
        seatings: Sequence[tuple[int, ...]],
        hands: int | None,
        matches: int | None,
    ) -> None:
        self.rules = rules
        self.per_deal = len(seatings)
        self.target_hands = hands
        if matches is None and hands is None:
            matches = 1
        self.target_matches = None if matches is None else matches * self.per_deal
        self.hands = 0
        self.matches = 0

    def done(self) -> bool:
        if self.target_matches is not None and self.matches >= self.target_matches:
            return True
        return self.target_hands is not None and self.hands >= self.target_hands

    def rules_for_next_deal(self) -> AnyRules:
        """The rules of the next deal's matches: fewer rounds when fewer hands are left to play
        than its seatings would play in full."""
        if self.target_hands is None:
            return self.rules
        left = -(-(self.target_hands - self.hands) // self.per_deal)
        return self.rules.replace(rounds=left) if left < self.rules.rounds else self.rules

    def count(self, outcome: MatchOutcome) -> None:
        self.hands += len(outcome.history)
        self.matches += 1

    def seconds_left(self, per_match: float, hands_per_match: int) -> float:
        """A guess of the CPU time the rest takes, from what one match took."""
        left: float
        if self.target_matches is not None:
            left = self.target_matches - self.matches
        else:
            assert self.target_hands is not None
            left = (self.target_hands - self.hands) / max(1, hands_per_match)
        return left * per_match


class _Pool:
    """Worker processes playing an arena's matches ahead, in the order `simulate` reports them.

    Matches go to the workers in batches sized to take about `BATCH_SECONDS` each (learned from
    the first ones), so that handing them over costs little beside playing them. The workers play
    ahead under the full rules; a match `simulate` asks for under other rules (cut short near the
    end of a ``hands`` target) is played afresh, and what was played ahead past the end is dropped.
    """

    BATCH_SECONDS = 0.05

    def __init__(
        self,
        jobs: int,
        plan: _Plan,
        entries: Sequence[str],
        after: tuple[int, int],
        keep_events: bool,
        per_match: float,
    ) -> None:
        """Workers for the matches from ``after`` (a deal seed and a seating number) on, given
        the CPU seconds ``per_match`` the first one took."""
        import multiprocessing  # only an arena that is shared out needs it

        before = {child.pid for child in multiprocessing.active_children()}
        self.workers = multiprocessing.Pool(jobs, initializer=_worker_started)
        #: The processes that are not this pool's: any other child is one of its workers
        #: (`close` kills what is left of them).
        self.not_workers = before
        self.jobs = jobs
        self.plan = plan
        self.per_match = per_match
        self.hands_per_match = plan.hands / plan.matches
        # Matches played ahead, in order: each with its batch's result and its place in it.
        self.ahead: deque[tuple[MatchTask, AsyncResult[_Batch], int]] = deque()
        self.limit = None  # as many as asked for...
        if plan.target_matches is not None:  # ...or the matches left
            self.limit = plan.target_matches - plan.matches
        self.submitted = 0
        seatings = seat_rotations(len(entries), entries)
        seed, first = after
        self.upcoming = (
            MatchTask(plan.rules, tuple(entries[e] for e in seating), deal_seed, keep_events)
            for deal_seed in itertools.count(seed)
            for r, seating in enumerate(seatings)
            if deal_seed > seed or r >= first
        )
        self._fill()

    def _batch_size(self) -> int:
        return max(1, min(64, int(self.BATCH_SECONDS / max(self.per_match, 1e-6))))

    def _fill(self) -> None:
        size = self._batch_size()
        wanted = 2 * self.jobs * size
        plan = self.plan
        if plan.target_hands is not None:  # no more than the hands left to play need
            left = (plan.target_hands - plan.hands) / max(1.0, self.hands_per_match)
            wanted = min(wanted, int(left) + self.jobs)
        while len(self.ahead) < wanted:
            if self.limit is not None and self.submitted >= self.limit:
                return
            count = size if self.limit is None else min(size, self.limit - self.submitted)
            tasks = list(itertools.islice(self.upcoming, count))
            result = self.workers.apply_async(play_batch, (tasks,))
            self.ahead.extend((task, result, k) for k, task in enumerate(tasks))
            self.submitted += count

    def play(self, task: MatchTask) -> MatchOutcome:
        if self.ahead and self.ahead[0][0] == task:
            _, result, k = self.ahead.popleft()
            batch = _outcome(result)
            if k == 0:  # the batch's first match: learn from it once
                self._learn(batch)
            self._fill()
            return batch.outcomes[k]
        # Not the match played ahead (its rules were cut short): play it now, in order.
        if self.ahead and self.ahead[0][0][1:] == task[1:]:
            self.ahead.popleft()
            self._fill()
        return _outcome(self.workers.apply_async(play_task, (task,)))

    def _learn(self, batch: _Batch) -> None:
        per = batch.seconds / len(batch.outcomes)
        self.per_match = 0.8 * self.per_match + 0.2 * per
        hands = sum(len(o.history) for o in batch.outcomes) / len(batch.outcomes)
        self.hands_per_match = 0.8 * self.hands_per_match + 0.2 * hands

    #: How long `close` waits for the pool to stop its workers (SIGTERM) before it kills them.
    CLOSE_SECONDS = 2.0

    def close(self) -> None:
        """Stop the workers at once: what they still play ahead is not needed (or the arena was
        interrupted). Never waits for long: a worker that has not ended on SIGTERM within
        `CLOSE_SECONDS` is killed (SIGKILL) and reaped, and so is one the pool started anew."""
        import multiprocessing
        import threading

        stopping = threading.Thread(target=self.workers.terminate, daemon=True)
        stopping.start()
        stopping.join(self.CLOSE_SECONDS)
        if stopping.is_alive():
            for child in multiprocessing.active_children():
                if child.pid not in self.not_workers:
                    child.kill()
            stopping.join(self.CLOSE_SECONDS)
        for child in multiprocessing.active_children():  # reaps what ended
            if child.pid not in self.not_workers:
                child.kill()
                child.join(self.CLOSE_SECONDS)


T = TypeVar("T")

#: How often the arena's process looks up from waiting for a worker's result.
WAKE_SECONDS = 0.2


def _outcome(result: AsyncResult[T]) -> T:
    """A worker's result, waited for in short steps. A stop signal the kernel hands to one of
    the pool's threads rather than to the main one only takes note there; the main thread runs
    the handler (which raises `Stopped`) when it next looks up, and a wait without end would
    never look up: the arena would hang with its workers gone."""
    from multiprocessing import TimeoutError as NotYet

    while True:
        try:
            return result.get(WAKE_SECONDS)
        except NotYet:
            continue


def _worker_started() -> None:
    """In a worker: its signals as a fresh process has them, whatever this process's own are
    (a handler that only takes note of SIGTERM would keep a worker from ending when the pool
    stops it); and ctrl+c is for the arena's own process, which stops the workers."""
    fresh_process_signals()
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Batch(NamedTuple):
    outcomes: list[MatchOutcome]
    seconds: float  # the CPU time the worker spent on them


def play_batch(tasks: list[MatchTask]) -> _Batch:
    """Play some matches of an arena in a worker."""
    start = time.process_time()
    outcomes = [play_task(task) for task in tasks]
    return _Batch(outcomes, time.process_time() - start)
