"""A/B of two strong players in koi-koi: seat-swapped hands, points per hand, CPU per decision.

Each side is a `StrongBot` built from JSON keyword arguments, so a search option can be measured
against today's player (``{}`` with the same budget) in one process:

    .venv/bin/python lab/strong_ab.py --a '{"playouts": 1000, "z": 0.5}' \
        --b '{"playouts": 1000, "z": 1.0}' --hands 400 --seed 5000 --workers 2 --save

The reading of the opponent's hand from its public plays (`hanatui.bots.inference`) costs a few
ms per decision, so it is measured with fewer playouts for equal CPU:

    .venv/bin/python lab/strong_ab.py --a '{"playouts": 970, "infer": true}' \
        --b '{"playouts": 1000, "infer": false}' --hands 400 --seed 8000 --workers 1

``--save`` appends the result to lab/results/strong_ab.json, which `lab/arena.py --docs`
turns into docs/opponents.md's paragraph on the strong player's search. ``--parts FILE``
writes each finished chunk as it ends; ``--from-parts FILE`` summarizes such a file (a run cut
short).

Every deal is played twice, the players swapping seats; the 95% interval of the difference is
over the deals' mean differences (the luck of the cards cancels within a deal). CPU per
decision is the process time of each side's decisions that had a real choice.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import platform
import random
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from core.actions import Action
from core.rules import find_rules
from core.state import State
from core.view import View
from hanatui.arena.selfplay import duel
from hanatui.bots import Bot, StrongBot

Json = dict[str, Any]

RESULTS = Path(__file__).resolve().parent / "results" / "strong_ab.json"


class _Clocked(Bot):
    """Adds the process time of the wrapped bot's real decisions to ``sink`` (seconds, count)
    and each to ``times`` (ms)."""

    def __init__(self, bot: Bot, sink: list[float], times: list[float], name: str) -> None:
        self.bot = bot
        self.level = name  # a label only: the duel seats the two sides by position, not by name
        self.sink = sink
        self.times = times

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        t = time.process_time()
        action = self.bot.choose(view, legal, rng)
        spent = time.process_time() - t
        self.sink[0] += spent
        self.sink[1] += 1
        self.times.append(round(1000 * spent, 1))
        return action


class Oracle(StrongBot):
    """Not a player, a bound: today's strong player told the opponent's hand (the order of the
    draw pile stays unknown to it, as to everyone). What it gains over today's player is the
    most that any reading of the opponent's hand (`inference`, an opponent model) could gain.
    Two-seat koi-koi's card plays and calls, with the player's own search and options."""

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        table = view._state  # the bound's whole point: the true hands

        def deal(r: random.Random) -> State:
            pile = sorted(table.pile)  # from an order that tells nothing, shuffled
            r.shuffle(pile)
            return replace(table, pile=tuple(pile))

        return self._choose(view, legal, rng, deal)


def make_bot(options: Json) -> StrongBot:
    """A `StrongBot` from JSON keyword arguments; ``"oracle": true`` makes it the `Oracle`."""
    options = dict(options)
    oracle = options.pop("oracle", False)
    return Oracle(**options) if oracle else StrongBot(**options)


def _chunk(task: tuple[Json, Json, int, int]) -> list[Any]:
    """One chunk's hands, the two sides' clocks, and each side's decision times (ms)."""
    a, b, seed, deals = task
    clock_a = [0.0, 0.0]
    clock_b = [0.0, 0.0]
    times_a: list[float] = []
    times_b: list[float] = []
    result = duel(
        find_rules("koikoi", rounds=1),
        lambda: _Clocked(make_bot(a), clock_a, times_a, "A"),
        lambda: _Clocked(make_bot(b), clock_b, times_b, "B"),
        deals=deals,
        seed=seed,
    )
    return [list(result.hands), [*clock_a, *clock_b], times_a, times_b]


def run(
    a: Json, b: Json, *, hands: int, seed: int, workers: int, parts_file: str | None = None
) -> Json:
    deals = max(1, math.ceil(hands / 2))
    chunk = 5
    tasks = [(a, b, seed + k, min(chunk, deals - k)) for k in range(0, deals, chunk)]
    load = os.getloadavg()[0]
    start = time.perf_counter()
    parts = []
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for part in pool.imap(_chunk, tasks, chunksize=1):
            parts.append(part)
            if parts_file is not None:  # every finished chunk, so a cut-short run is not lost
                with open(parts_file, "a") as f:
                    f.write(json.dumps(part) + "\n")
    out = summarize(a, b, seed, parts)
    out["wall_seconds"] = round(time.perf_counter() - start, 1)
    out["load"] = [round(load, 1), round(os.getloadavg()[0], 1)]
    return out


def summarize(a: Json, b: Json, seed: int, parts: list[Any]) -> Json:
    """The comparison of the chunks played: points per hand, the difference with its 95%
    interval over the deals (and what pooling runs needs: deals, the deals' sd), CPU (the
    95th percentile of a decision's too where the chunks recorded each decision's)."""
    hands_out = [tuple(h) for part in parts for h in part[0]]
    clocks = [sum(part[1][i] for part in parts) for i in range(4)]
    timed = all(len(part) == 4 for part in parts)
    diffs = [x - y for x, y in hands_out]
    per_deal = [statistics.fmean(diffs[i : i + 2]) for i in range(0, len(diffs), 2)]
    mean = statistics.fmean(diffs)
    sd = statistics.stdev(per_deal)
    half = 1.96 * sd / math.sqrt(len(per_deal))
    won_a = sum(1 for x, y in hands_out if x > y)
    won_b = sum(1 for x, y in hands_out if y > x)
    return {
        "a": a,
        "b": b,
        "hands": len(hands_out),
        "deals": len(per_deal),
        "seed": seed,
        "points_per_hand": [
            round(statistics.fmean(x for x, _ in hands_out), 3),
            round(statistics.fmean(y for _, y in hands_out), 3),
        ],
        "diff_per_hand": round(mean, 3),
        "diff_ci95": [round(mean - half, 3), round(mean + half, 3)],
        "sd_per_deal": round(sd, 4),
        "hands_won": [won_a, won_b],
        "cpu_ms_per_decision": [
            round(1000 * clocks[0] / max(1, clocks[1]), 1),
            round(1000 * clocks[2] / max(1, clocks[3]), 1),
        ],
        **(
            {"cpu_ms_p95": [_p95([t for part in parts for t in part[k]]) for k in (2, 3)]}
            if timed
            else {}
        ),
        "cpu_seconds": round(clocks[0] + clocks[2], 1),
        "machine": f"{os.cpu_count()} cores ({platform.machine()})",
        "recorded": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.95 * len(xs)))] if xs else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--a", default="{}", help="StrongBot keyword arguments of side A (JSON)")
    parser.add_argument("--b", default="{}", help="StrongBot keyword arguments of side B (JSON)")
    parser.add_argument("--hands", type=int, default=400, help="hands (seat-swapped pairs)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--parts", help="append each finished chunk's hands here (JSON lines)")
    parser.add_argument(
        "--from-parts", help="summarize a --parts file (of a run cut short) instead of playing"
    )
    parser.add_argument("--save", action="store_true", help=f"append the result to {RESULTS}")
    parser.add_argument("--note", help="what the run measures, recorded with it")
    args = parser.parse_args(argv)
    a, b = json.loads(args.a), json.loads(args.b)
    if args.from_parts:
        with open(args.from_parts) as f:
            parts = [json.loads(line) for line in f if line.strip()]
        out = summarize(a, b, args.seed, parts)
    else:
        out = run(
            a, b, hands=args.hands, seed=args.seed, workers=args.workers, parts_file=args.parts
        )
    if args.note:
        out["note"] = args.note
    print(json.dumps(out))
    if args.save:
        runs = json.loads(RESULTS.read_text()) if RESULTS.exists() else []
        RESULTS.write_text(json.dumps([*runs, out], indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
