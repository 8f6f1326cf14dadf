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
shobu ends the round). A margin below 0 plays on where ``--a`` stopped by an edge of no more than
minus the margin: each call stopped within `PLAYED_ON_WITHIN` points is played on from the true
table ``--reps`` times by the same two players as it happens, and the hand then scores their
mean.

    .venv/bin/python lab/kk_calls.py --deals 500 --seed 91000 --workers 2 --save

The summary of that run is kept in lab/results/kk_calls.json.
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
from core.engine import legal_actions, step, to_act
from core.events import RoundEnded
from core.rules import find_rules
from core.state import DECIDE, State
from core.timeline import Timeline
from core.view import View, observe
from hanatui.arena.selfplay import play_match
from hanatui.bots import Bot, StrongBot

RESULTS = Path(__file__).resolve().parent / "results" / "kk_calls.json"

#: Calls stopped by an edge of no more than this many points are also played on (`_deal`), so
#: margins down to minus this much are measured too.
PLAYED_ON_WITHIN = 3.0

MARGINS = (-3.0, -2.0, -1.5, -1.0, -0.5, 0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 1000.0)


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
                    len(view.hand),
                )
            )
        return action


def _deal(task: tuple[int, str, str, int]) -> list[dict[str, Any]]:
    """One deal in both seatings: per seating, ``--a``'s seat, its calls and its result. A call
    where ``--a`` stopped by an edge of no more than `PLAYED_ON_WITHIN` points is also played on
    from the true table, ``reps`` times, by the same two players (``koikoi_after``)."""
    seed, a_json, b_json, reps = task
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
        record = [c._asdict() for c in calls]
        last = record[-1] if record else None
        if reps and last and _changes(last, -PLAYED_ON_WITHIN):
            states = _call_states(timeline, a_seat)
            assert len(states) == len(record), "each recorded call has its table"
            state = states[-1]
            last["koikoi_after"] = [
                _played_on(state, a_seat, a_json, b_json, seed * 1000 + r) for r in range(reps)
            ]
        out.append(
            {
                "a_seat": a_seat,
                "realized": points[a_seat] - points[1 - a_seat],
                "calls": record,
                "cpu": time.process_time() - t0,
            }
        )
    return out


def _call_states(timeline: Timeline, seat: int) -> list[State]:
    """The tables where ``seat`` was to choose koi-koi or shobu, in order."""
    out = []
    for state in timeline.states:
        if (
            state.phase == DECIDE
            and to_act(state) == seat
            and {CallShobu, CallKoiKoi} <= {type(a) for a in legal_actions(state)}
        ):
            out.append(state)
    return out


def _played_on(state: State, a_seat: int, a_json: str, b_json: str, seed: int) -> float:
    """``--a``'s points less the other's when it calls koi-koi on ``state`` and both players
    play the round out (fresh players, generators from ``seed``)."""
    bots = [StrongBot(**json.loads(a_json if s == a_seat else b_json)) for s in (0, 1)]
    rngs = [random.Random(seed * 2 + s) for s in (0, 1)]
    out = step(state, next(a for a in legal_actions(state) if type(a) is CallKoiKoi))
    while True:
        for ev, _ in out:
            if type(ev) is RoundEnded:
                return float(ev.points[a_seat] - ev.points[1 - a_seat])
        st = out[-1][1]
        seat = to_act(st)
        assert seat is not None, "a round in play has a seat to act"
        out = step(st, bots[seat].choose(observe(st, seat), legal_actions(st), rngs[seat]))


def _changes(call: dict[str, Any], margin: float) -> bool:
    """Whether ``margin`` changes ``call``: one that played on by an edge under a margin of 0 or
    more, or one that stopped by an edge of no more than minus a margin below 0."""
    edge = call["koikoi"] - call["shobu"]
    if margin >= 0:
        return bool(call["played"] == "koikoi" and edge < margin)
    return bool(call["played"] == "shobu" and edge >= margin)


def counterfactual(hand: dict[str, Any], margin: float) -> float | None:
    """What ``--a``'s seat would have scored, stopping wherever it played koi-koi by an edge
    under ``margin``; with a margin below 0, playing on where it stopped by an edge of no more
    than ``-margin`` (the mean of its ``koikoi_after``; None if those were not played)."""
    for c in hand["calls"]:
        if _changes(c, margin):
            if margin >= 0:
                return float(c["shobu"])
            after = c.get("koikoi_after")
            return statistics.fmean(after) if after else None
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
    parser.add_argument(
        "--reps", type=int, default=4, help="times a stopped close call is played on (0: none)"
    )
    parser.add_argument("--out", help="write the summary and every hand's record here (JSON)")
    parser.add_argument("--from", dest="source", help="summarize such a record instead of playing")
    parser.add_argument("--save", action="store_true", help=f"write the summary to {RESULTS}")
    args = parser.parse_args(argv)
    if args.source:
        record = json.loads(Path(args.source).read_text())
        deals = record.pop("deals")
        kept = ("a", "b", "seed", "reps", "recorded", "load")
        summary = {k: v for k, v in record.items() if k in kept}
    else:
        tasks = [(args.seed + k, args.a, args.b, args.reps) for k in range(args.deals)]
        load = os.getloadavg()[0]
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            deals = pool.map(_deal, tasks, chunksize=1)
        summary = {
            "a": json.loads(args.a),
            "b": json.loads(args.b),
            "seed": args.seed,
            "reps": args.reps,
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


def _gain(hand: dict[str, Any], margin: float) -> float | None:
    """What ``margin`` would have changed in ``hand``'s points (None: not measured)."""
    value = counterfactual(hand, margin)
    return None if value is None else value - hand["realized"]


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
    out["margins"] = {}
    for m in MARGINS:
        gains = [[_gain(h, m) for h in d] for d in deals]
        if any(g is None for d in gains for g in d):
            continue  # a margin below 0 on a record without the calls played on
        out["margins"][str(m)] = {
            "gain_per_hand": _interval(
                [statistics.fmean(g for g in d if g is not None) for d in gains]
            ),
            "hands_changed": sum(1 for h in hands if any(_changes(c, m) for c in h["calls"])),
        }
    return out


if __name__ == "__main__":
    raise SystemExit(main())
