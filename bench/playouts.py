"""The strong level's thinking time at its default budget (1,000 playouts a decision), with its
playouts on the fast path and, for comparison, by stepping the engine: the same decisions.

Positions are the real choices (two legal actions or more) of random matches of every game, as
`bench/decisions.py` finds them; each is decided both ways, interleaved, and the two choices
must agree. Reported per game: the median and 95th percentile of the CPU time and of the wall
time of a decision, and how much faster the fast path is. CPU time is this process's own, which
other work on the machine disturbs less than the wall clock; on a busy machine both grow.

    .venv/bin/python bench/playouts.py [--decisions 30] [--seed 21] [--games koikoi,...] [--json]

With ``--kk normal`` (or ``table``, ``mixed``), koi-koi's own playout
(`hanatui.bots.fast`, with that koi-koi call) is timed against today's fast path instead of
the engine, on the same decisions (their choices may differ: the search deals and breaks ties
with other random numbers on that path).

    .venv/bin/python bench/playouts.py --games koikoi --kk normal

Koi-koi's own playout plays `strong.KOIKOI_SCALE` times the budget (the playouts the CPU of the
budget buys); ``--kk-playouts 1000`` times it at 1,000 playouts instead (ms per 1,000 playouts).

    .venv/bin/python bench/playouts.py --games koikoi --kk mixed --kk-playouts 1000

Target (issue 15): 1,000 playouts in 100 ms or less, median, on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from decisions import TABLES, decision_points
from record import save

from core.engine import legal_actions, to_act
from core.rules import find_rules
from core.state import State
from core.view import observe
from hanatui.bots import strong
from hanatui.bots.rollout import PLAIN, Model
from hanatui.bots.strong import DEFAULT_PLAYOUTS, StrongBot, engine_playout

TARGET_MS = 100.0


def _engine_only(
    state: State,
    action: Any,
    seat: int,
    policy: Any,
    rng: random.Random,
    model: Model = PLAIN,
    reply: int = 0,
    call: str | None = None,
    finish: Any = None,
    style: Any = None,
) -> float:
    """`strong.playout` by stepping the engine: the default player's playouts only."""
    assert model == PLAIN and not reply and call is None and finish is None, (
        "the engine path plays the default"
    )
    return engine_playout(state, action, seat, policy, rng)


def positions(game: str, n: int, options: dict[str, Any], seed: int, count: int) -> Iterator[State]:
    """Up to ``count`` positions with a real choice, spread over random matches."""
    found = 0
    k = 0
    while found < count:
        for state in decision_points(find_rules(game, rounds=3, **options), n, seed + k):
            yield state
            found += 1
            if found >= count:
                return
        k += 1


def decide(
    state: State, engine: bool, seed: int, kk: str | None = None, kk_playouts: int | None = None
) -> tuple[Any, float, float]:
    """(the choice, CPU seconds, wall seconds) of the strong level in ``state``; with ``kk``,
    ``engine`` is today's fast path and the other side koi-koi's own playout (``kk_playouts``
    of them, or the default)."""
    seat = to_act(state)
    assert seat is not None
    view, legal = observe(state, seat), legal_actions(state)
    real = strong.playout
    if engine and kk is None:
        strong.playout = _engine_only
    bot = (
        StrongBot(kk=None, kk_playouts=None)
        if engine
        else StrongBot(kk=kk, kk_playouts=kk_playouts)
    )
    try:
        cpu, wall = time.process_time(), time.perf_counter()
        choice = bot.choose(view, legal, random.Random(seed))
        return choice, time.process_time() - cpu, time.perf_counter() - wall
    finally:
        strong.playout = real


def _stats(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    return {"median_ms": round(1000 * statistics.median(values), 1), "p95_ms": round(1000 * p95, 1)}


def measure(
    game: str,
    n: int,
    options: dict[str, Any],
    seed: int,
    count: int,
    kk: str | None = None,
    kk_playouts: int | None = None,
) -> dict[str, Any]:
    fast_cpu, fast_wall, slow_cpu, slow_wall = [], [], [], []
    for k, state in enumerate(positions(game, n, options, seed, count)):
        # Alternate which path goes first, so that neither always finds the caches warm.
        order = (False, True) if k % 2 == 0 else (True, False)
        result = {}
        for engine in order:
            result[engine] = decide(state, engine, seed * 1000 + k, kk, kk_playouts)
        if kk is None and result[False][0] != result[True][0]:
            raise SystemExit(f"{game}: the fast path decided otherwise than the engine path")
        fast_cpu.append(result[False][1])
        fast_wall.append(result[False][2])
        slow_cpu.append(result[True][1])
        slow_wall.append(result[True][2])
    fast, slow = _stats(fast_cpu), _stats(slow_cpu)
    return {
        "decisions": len(fast_cpu),
        "fast_cpu": fast,
        "fast_wall": _stats(fast_wall),
        "engine_cpu": slow,
        "engine_wall": _stats(slow_wall),
        "speedup": round(slow["median_ms"] / fast["median_ms"], 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=30, help="positions per table")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--games", default=None, help="comma-separated game ids (default: all)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--kk",
        choices=("normal", "table", "mixed"),
        help="time koi-koi's own playout against today's",
    )
    parser.add_argument(
        "--kk-playouts",
        type=int,
        default=None,
        help="koi-koi's own playouts per decision (default: KOIKOI_SCALE times the budget)",
    )
    args = parser.parse_args()
    games = None if args.games is None else set(args.games.split(","))
    load = os.getloadavg()[0]
    results = {}
    for game, n, options in TABLES:
        if games is not None and game not in games:
            continue
        label = f"{game} {n}p" + "".join(f" {k}={v}" for k, v in options.items())
        results[label] = measure(
            game, n, options, args.seed, args.decisions, args.kk, args.kk_playouts
        )
    python = f"{platform.python_implementation()} {platform.python_version()}"
    report = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {python}",
        "load_average": [round(load, 1), round(os.getloadavg()[0], 1)],
        "playouts": DEFAULT_PLAYOUTS,
        "kk_playouts": args.kk_playouts or round(DEFAULT_PLAYOUTS * strong.KOIKOI_SCALE),
        "compared": "today's fast path" if args.kk is None else f"fast.playout ({args.kk})",
        "tables": results,
    }
    save("playouts" if args.kk is None else f"playouts_kk_{args.kk}", report)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"machine: {report['machine']}; load average {load:.1f} -> {os.getloadavg()[0]:.1f}")
    kk_note = "" if args.kk is None else f" ({report['kk_playouts']} on koi-koi's own path)"
    print(f"strong level, {DEFAULT_PLAYOUTS} playouts a decision{kk_note}; CPU (wall) ms:")
    fast_name, slow_name = ("fast path", "engine") if args.kk is None else ("kk", "today")
    for label, r in results.items():
        f, fw, e = r["fast_cpu"], r["fast_wall"], r["engine_cpu"]
        print(
            f"  {label:<22} {r['decisions']:>3} decisions  {fast_name} median {f['median_ms']:6.1f}"
            f" ({fw['median_ms']:.1f}) p95 {f['p95_ms']:6.1f}   {slow_name} median"
            f" {e['median_ms']:6.1f}   {r['speedup']}x"
        )
    print(f"target: median {TARGET_MS:.0f} ms or less on a quiet machine")
    return 0


if __name__ == "__main__":
    sys.exit(main())
