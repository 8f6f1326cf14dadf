"""Are the strong player's koi-koi calls calibrated? Its estimate of calling koi-koi against what
calling it actually brought, in play against another player. Not a test.

Every other decision compares candidates on the same playouts, so a bias the playout model shares
between them cancels. The koi-koi call does not: shobu's value is exact (the points now), and
koi-koi's is the playouts' mean, so any optimism of the playout model about playing on (an
opponent in the playouts that does not rush after the call, say) moves the call itself.

Single-round koi-koi, seat-swapped deals: ``--a`` (StrongBot options, JSON) against ``--b``.
Each call of ``--a`` is kept: its seat, shobu's points, koi-koi's estimate, what it played; when
the round ends, what the seat actually scored (its points less the other's).

What a margin would change is then read off the record, without playing again: a player that
calls koi-koi only when its estimate beats shobu by ``m`` points more plays as ``--a`` did up to
the first call where ``--a`` played koi-koi by a smaller edge, and there it stops, with shobu's
points, which are exact. So each margin's gain per hand, with its 95% interval over the deals,
is measured on the same hands (an off-policy estimate that needs no model of what follows, since
shobu ends the round).

    .venv/bin/python bench/kk_calls.py --deals 600 --seed 90000 --workers 2 --save

The summary of that run is kept in bench/results/kk_calls.json.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from core.actions import Action, CallKoiKoi, CallShobu
from core.rules import find_rules
from core.view import View
from hanatui.bots import Bot, StrongBot
from hanatui.selfplay import play_match

RESULTS = Path(__file__).resolve().parent / "results" / "kk_calls.json"

MARGINS = (0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 1000.0)


class Call(NamedTuple):
    seat: int
    shobu: float  # the seat's points if it stops now, less the other's (exact)
    koikoi: float  # the search's estimate of playing on
    played: str  # "koikoi" or "shobu"
    cards_left: int  # cards left in the caller's hand


class _Recorder(Bot):
    level = "strong"

    def __init__(self, sink: list[Call], options: dict[str, Any]) -> None:
        self.bot = StrongBot(**options)
        self.sink = sink

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        action = self.bot.choose(view, legal, rng)
        if any(type(a) is CallShobu for a in legal) and any(type(a) is CallKoiKoi for a in legal):
            means = {type(e.action): e.mean for e in self.bot.last}
            self.sink.append(
                Call(
                    view.seat,
                    means[CallShobu],
                    means[CallKoiKoi],
                    "koikoi" if type(action) is CallKoiKoi else "shobu",
                    view.hand.bit_count() if isinstance(view.hand, int) else len(view.hand),
                )
            )
        return action


def _deal(task: tuple[int, str, str]) -> list[dict[str, Any]]:
    """One deal in both seatings: per seating, ``--a``'s seat, its calls and its result."""
    seed, a_json, b_json = task
    rules = find_rules("koikoi", rounds=1)
    out = []
    for a_seat in (0, 1):
        calls: list[Call] = []
        a = _Recorder(calls, json.loads(a_json))
        b = StrongBot(**json.loads(b_json))
        bots: list[Bot] = [a, b] if a_seat == 0 else [b, a]
        t0 = time.process_time()
        timeline = play_match(rules, bots, seed=seed)
        points = timeline.last.history[0]
        out.append(
            {
                "a_seat": a_seat,
                "realized": points[a_seat] - points[1 - a_seat],
                "calls": [c._asdict() for c in calls],
                "cpu": time.process_time() - t0,
            }
        )
    return out


def counterfactual(hand: dict[str, Any], margin: float) -> float:
    """What ``--a``'s seat would have scored, stopping wherever it played koi-koi by an edge
    under ``margin``."""
    for c in hand["calls"]:
        if c["played"] == "koikoi" and c["koikoi"] - c["shobu"] < margin:
            return float(c["shobu"])
    return float(hand["realized"])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--a", default="{}", help="the recorded player's StrongBot options")
    parser.add_argument("--b", default='{"kk": null}', help="its opponent's")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=90000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="write the summary and every hand's record here (JSON)")
    parser.add_argument("--from", dest="source", help="summarize such a record instead of playing")
    parser.add_argument("--save", action="store_true", help=f"write the summary to {RESULTS}")
    args = parser.parse_args(argv)
    if args.source:
        record = json.loads(Path(args.source).read_text())
        deals = record.pop("deals")
        summary = {k: v for k, v in record.items() if k in ("a", "b", "seed", "recorded", "load")}
    else:
        tasks = [(args.seed + k, args.a, args.b) for k in range(args.deals)]
        load = os.getloadavg()[0]
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            deals = pool.map(_deal, tasks, chunksize=1)
        summary = {
            "a": json.loads(args.a),
            "b": json.loads(args.b),
            "seed": args.seed,
            "recorded": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "load": [round(load, 1), round(os.getloadavg()[0], 1)],
        }
    summary |= report(deals)
    print(json.dumps(summary, indent=1))
    if args.out:
        Path(args.out).write_text(json.dumps({**summary, "deals": deals}))
    if args.save:
        RESULTS.write_text(json.dumps(summary, indent=1) + "\n")
    return 0


def _interval(xs: list[float]) -> list[float]:
    """The mean of ``xs`` with its 95% interval: [low, mean, high]."""
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return [round(m - half, 3), round(m, 3), round(m + half, 3)]


def report(deals: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """The calibration of the first koi-koi calls of each hand, and each margin's gain per hand
    (over the deals, each deal's two seatings averaged) with the hands it changes."""
    hands = [h for d in deals for h in d]
    first = [h["calls"][0] | {"realized": h["realized"]} for h in hands if h["calls"]]
    played_on = [c for c in first if c["played"] == "koikoi"]
    out: dict[str, Any] = {
        "hands": len(hands),
        "calls": sum(len(h["calls"]) for h in hands),
        "first_calls_played_on": len(played_on),
    }
    if played_on:
        out["estimate"] = round(statistics.fmean(c["koikoi"] for c in played_on), 3)
        out["realized"] = round(statistics.fmean(c["realized"] for c in played_on), 3)
        out["realized_less_estimate"] = _interval([c["realized"] - c["koikoi"] for c in played_on])
    out["margins"] = {
        str(m): {
            "gain_per_hand": _interval(
                [statistics.fmean(counterfactual(h, m) - h["realized"] for h in d) for d in deals]
            ),
            "hands_changed": sum(
                1
                for h in hands
                if any(c["played"] == "koikoi" and c["koikoi"] - c["shobu"] < m for c in h["calls"])
            ),
        }
        for m in MARGINS
    }
    return out


if __name__ == "__main__":
    raise SystemExit(main())
