"""Tune the weights of koi-koi's playout policy (`fast.rounds.Style`) by self-play of the policy.

The strong level's search is only as good as its playouts: each candidate move is valued by
rounds the greedy playout policy plays for both seats. This script looks for weights with which
that policy plays better koi-koi, on the assumption (checked afterwards with `lab/strong_ab.py`
and `lab/legacy_ab.py`, never here) that a stronger playout makes a stronger search.

The method: coordinate search on seat-swapped duels of the policy against itself, with common
random numbers. Every deal (two-seat koi-koi, one round, the preset's rules) is played from its
first turn to its end twice, the candidate's weights in one seat and the current best's in the
other, then swapped, with the same tie-breaks; the score is the candidate's points per hand less
the current best's. One weight at a time is scaled up and down by ``--step`` (or stepped from
zero); a change is kept when it wins by more than ``--z`` standard errors of the deals' means.
Passes repeat with the step halved.

    .venv/bin/python lab/tune_playout.py --deals 20000 --seed 500000 --workers 2

It prints each step and the final weights as a `Style(...)` literal, and with ``--check N`` the
final style against the start on N fresh deals.

Result (lab/results/tune_playout.txt, 39,522 deals, ``--z 2.5``, stopped in the second pass):
the policy's weights are a local optimum of this duel. No weight scaled by 1.5 either way won by
more than 0.01 points per hand (standard errors 0.002 to 0.011); the only clear effects were
losses (a field card's risk at two cards out of sight, x1.5: -0.050 ± 0.011). The weights stay
as they are; a better playout would need more than reweighing what the greedy policy reads.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import time
from collections.abc import Sequence

from core.chance import advance
from core.engine import is_chance
from core.events import MatchStarted
from core.rules import find_rules
from core.state import HAND, PLAY, State
from core.timeline import Timeline
from hanatui.arena.selfplay import bot_players
from hanatui.bots.fast.chance import Ties
from hanatui.bots.fast.playout import styled_score
from hanatui.bots.fast.rounds import PLAIN_STYLE, Style

#: The weights the search moves: (field of `Style`, index in it or None for a number).
TUNED: tuple[tuple[str, int | None], ...] = (
    ("near", 1),
    ("near", 2),
    ("deny", 1),
    ("deny", 2),
    ("deny", 0),
    ("risk", 1),
    ("risk", 2),
    ("risk", 3),
    ("mate", None),
)

#: The step of a weight that is zero.
FROM_ZERO = 0.2


def first_turns(seed: int, deals: int) -> list[State]:
    """The first turn of ``deals`` one-round koi-koi deals (seeds ``seed`` on); a deal that
    ends before anyone plays (a hand yaku, a redeal) is left out."""
    rules = find_rules("koikoi", rounds=1)
    players = bot_players(["a", "b"])
    out = []
    for k in range(deals):
        rng = random.Random(seed + k)
        timeline = Timeline([MatchStarted(rules=rules, players=players)])
        state = timeline.last
        while is_chance(state):
            timeline.extend(advance(state, rng))
            state = timeline.last
        if state.phase == PLAY and state.stage == HAND:
            out.append(state)
    return out


def get(style: Style, field: str, index: int | None) -> float:
    value = getattr(style, field)
    return float(value if index is None else value[index])


def with_weight(style: Style, field: str, index: int | None, value: float) -> Style:
    weights = style._asdict()
    if index is None:
        weights[field] = round(value, 4)
    else:
        weights[field] = tuple(
            round(value, 4) if i == index else w for i, w in enumerate(weights[field])
        )
    return Style(**weights)


#: The deals the duels play (set by `_start` before the workers are forked, which inherit them).
_DEALS: list[State] = []


def _start(seed: int, deals: int) -> int:
    """Deal the first turns of the duels (`first_turns`): how many there are."""
    global _DEALS
    _DEALS = first_turns(seed, deals)
    return len(_DEALS)


def _duel(task: tuple[Style, Style, int, int, int]) -> list[float]:
    """Per deal of the worker's slice: ``a``'s points less ``b``'s, the mean of both seatings."""
    a, b, start, stop, seed = task
    out = []
    for k in range(start, stop):
        state = _DEALS[k]
        diffs = []
        for a_seat in (0, 1):
            seating = (a, b) if a_seat == 0 else (b, a)
            points = styled_score(state, Ties(seed + k), seating)
            assert points is not None, "the koi-koi playout plays every preset deal"
            diffs.append(points[a_seat] - points[1 - a_seat])
        out.append(sum(diffs) / 2)
    return out


def duel(
    pool: multiprocessing.pool.Pool, a: Style, b: Style, deals: int, workers: int, seed: int
) -> tuple[float, float]:
    """``a``'s points per hand less ``b``'s over the deals, and its standard error."""
    size = math.ceil(deals / workers)
    tasks = [(a, b, s, min(deals, s + size), seed) for s in range(0, deals, size)]
    diffs = [d for part in pool.map(_duel, tasks) for d in part]
    return statistics.fmean(diffs), statistics.stdev(diffs) / math.sqrt(len(diffs))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=500000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--step", type=float, default=1.5, help="scale factor of a try")
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--z", type=float, default=2.0)
    parser.add_argument("--check", type=int, default=0, help="fresh deals for the final check")
    args = parser.parse_args(argv)

    start = time.process_time()
    ctx = multiprocessing.get_context("fork")
    deals = _start(args.seed, args.deals)
    with ctx.Pool(args.workers) as pool:
        best = PLAIN_STYLE
        step = args.step
        print(f"# {deals} deals from seed {args.seed}, start {best}")
        for n in range(args.passes):
            print(f"## pass {n + 1}, step x{step:g}")
            for field, index in TUNED:
                now = get(best, field, index)
                tries = [now * step, now / step] if now else [FROM_ZERO]
                for value in tries:
                    candidate = with_weight(best, field, index, value)
                    gain, se = duel(pool, candidate, best, deals, args.workers, args.seed)
                    name = f"{field}[{index}]" if index is not None else field
                    kept = gain > args.z * se
                    verdict = "kept" if kept else "no"
                    print(f"{name} {now:g} -> {value:.4g}: {gain:+.3f} ± {se:.3f} {verdict}")
                    if kept:
                        best = candidate
                        break
            step = 1 + (step - 1) / 2
        print(f"final {best!r}")
    if args.check:
        n = _start(args.seed + 10**6, args.check)
        with ctx.Pool(args.workers) as pool:
            gain, se = duel(pool, best, PLAIN_STYLE, n, args.workers, args.seed + 10**6)
            print(f"check on {n} fresh deals: {gain:+.3f} ± {se:.3f} points per hand")
    print(f"CPU of the main process: {time.process_time() - start:.0f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
