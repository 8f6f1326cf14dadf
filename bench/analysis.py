"""The noise and the speed of game analysis (`hanatui analyse`), for docs/analysis.md and README.

Noise: decisions from matches of the normal level against itself are each analysed several
times with different generators; the spread (standard deviation) of the loss across those runs
is the noise a reader of one analysis faces. Beside it, the standard error the analysis itself
reports (from its paired samples). Both per game and kind of decision, at each budget.

Speed: a whole 12-round koi-koi match (normal against normal) analysed for both seats at the
default budget, wall clock and decisions per second.

    .venv/bin/python bench/analysis.py                         # noise at 500/1000/2000, then speed
    .venv/bin/python bench/analysis.py --budgets 1000 --decisions 30 --seeds 4 --no-speed
    .venv/bin/python bench/analysis.py --speed-only            # `make bench`: the speed alone

Results go to bench/results/analysis.json. These are measurements, not tests.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import statistics
import time
from pathlib import Path

from core.logfile import LogRead, header_for
from core.rules import find_rules
from core.view import observe
from hanatui.analysis import (
    DEFAULT_BUDGET,
    FLAGGED,
    Analyser,
    analyse_position,
    decision_points,
    thresholds_for,
)
from hanatui.arena.selfplay import play_match
from hanatui.bots import NormalBot

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "analysis.json"
GAMES = {"koikoi": 2, "bakappana": 2, "hana-awase": 3, "sakura": 2}


def match_log(game: str, players: int, rounds: int, seed: int) -> LogRead:
    timeline = play_match(
        find_rules(game, rounds=rounds), [NormalBot() for _ in range(players)], seed=seed
    )
    header = header_for(timeline.events)
    return LogRead(header=header, events=list(timeline.events), states=list(timeline.states))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def noise(game: str, players: int, budgets: list[int], decisions: int, seeds: int) -> dict:
    """Up to ``decisions`` decisions of each kind, each analysed ``seeds`` times per budget."""
    log = match_log(game, players, rounds=12, seed=17)
    by_kind: dict[str, list] = {}
    for p in decision_points(log):
        by_kind.setdefault(p.kind, []).append(p)
    chosen = []
    for points in by_kind.values():
        step = max(1, len(points) // decisions)
        chosen += points[::step][:decisions]
    out: dict = {}
    for budget in budgets:
        per_kind: dict[str, dict[str, list]] = {}
        start = time.perf_counter()
        runs = 0
        for p in chosen:
            view = observe(log.states[p.index - 1], p.seat)
            losses = []
            ses = []
            classes = set()
            for s in range(seeds):
                d = analyse_position(
                    view,
                    p.move,
                    index=p.index,
                    budget=budget,
                    legal=p.legal,
                    rng=random.Random(1_000_003 * s + p.index),
                )
                losses.append(d.loss)
                ses.append(d.se)
                classes.add(thresholds_for(game, p.kind).classify(d.loss))
                runs += 1
            bucket = per_kind.setdefault(p.kind, {"spread": [], "se": [], "loss": [], "same": []})
            bucket["spread"].append(statistics.stdev(losses))
            bucket["se"].extend(ses)
            bucket["loss"].append(statistics.mean(losses))
            # one class in every run, counting best and good as one (neither is flagged)
            bucket["same"].append(len({c if c in FLAGGED else "ok" for c in classes}) == 1)
        seconds = time.perf_counter() - start
        out[str(budget)] = {
            "seconds_per_decision": round(seconds / runs, 3),
            "kinds": {
                kind: {
                    "decisions": len(v["spread"]),
                    "spread_rms": round(math.sqrt(statistics.mean(x * x for x in v["spread"])), 3),
                    "spread_p90": round(percentile(v["spread"], 0.9), 3),
                    "spread_max": round(max(v["spread"]), 3),
                    "se_median": round(statistics.median(v["se"]), 3),
                    "se_p90": round(percentile(v["se"], 0.9), 3),
                    "loss_median": round(statistics.median(v["loss"]), 3),
                    "loss_p90": round(percentile(v["loss"], 0.9), 3),
                    "same_flag_every_run": round(sum(v["same"]) / len(v["same"]), 3),
                }
                for kind, v in sorted(per_kind.items())
            },
        }
        print(f"{game} budget {budget}: {json.dumps(out[str(budget)])}", flush=True)
    return out


def speed(seed: int) -> dict:
    log = match_log("koikoi", 2, rounds=12, seed=seed)
    analyser = Analyser(log, budget=DEFAULT_BUDGET)
    start = time.perf_counter()
    cpu = time.process_time()
    analyser.run()
    seconds = time.perf_counter() - start
    result = {
        "events": len(log.events),
        "decisions": analyser.total,
        "seconds": round(seconds, 1),
        "cpu_seconds": round(time.process_time() - cpu, 1),
        "decisions_per_second": round(analyser.total / seconds, 2),
        "budget": DEFAULT_BUDGET,
    }
    print(f"12-round koi-koi match: {json.dumps(result)}", flush=True)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--budgets", default="500,1000,2000")
    parser.add_argument("--decisions", type=int, default=20, help="decisions per kind")
    parser.add_argument("--seeds", type=int, default=4, help="runs of each decision")
    parser.add_argument("--no-speed", action="store_true")
    parser.add_argument(
        "--speed-only",
        action="store_true",
        help="only the speed of a whole match's analysis (`make bench`), the noise kept as it is",
    )
    args = parser.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    results: dict = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    machine = (
        f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}, "
        f"{time.strftime('%Y-%m-%d')}"
    )
    if not args.speed_only:
        results["machine"] = machine
    noise_results = results.setdefault("noise", {})
    for game in [] if args.speed_only else args.games.split(","):
        noise_results.setdefault(game, {}).update(
            noise(game, GAMES[game], budgets, args.decisions, args.seeds)
        )
    if not args.no_speed:
        results["speed"] = speed(seed=5) | {
            "recorded": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "machine": machine,
            "load_average_after": round(os.getloadavg()[0], 2),
        }
    RESULTS.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
