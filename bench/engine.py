"""Engine speed: random self-play hands per second with every event recorded, and the time to
verify a 12-round log. Not a test; run `make bench` or `python bench/engine.py [--seconds S]`.

"Random legal play" means: at each decision a uniformly random legal action (for koi-koi the
koi-koi/shobu decision is 50/50, as it is one of two legal actions). Every event is appended
to a list, as the app's journal would be.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from pathlib import Path
from typing import Any

from core.chance import advance
from core.engine import apply, is_chance, is_over, legal_actions, step
from core.events import Event, MatchStarted, RoundEnded
from core.logfile import encode_log, header_for, read_log
from core.players import Player
from core.rules import find_rules

ROOT = Path(__file__).resolve().parents[1]


def play_hands(game: str, players: int, hands: int, seed: int) -> tuple[int, int]:
    """Play ``hands`` rounds of random legal play; returns (hands, events recorded)."""
    rules = find_rules(game, rounds=hands)
    rng = random.Random(seed)
    seats = tuple(Player(name=f"P{i}") for i in range(players))
    first = MatchStarted(rules=rules, players=seats)
    state = apply(None, first)
    events: list[Event] = [first]
    record = events.append
    done = 0
    randrange = rng.randrange
    while done < hands and not is_over(state):
        if is_chance(state):
            pairs = advance(state, rng)
        else:
            legal = legal_actions(state)
            pairs = step(state, legal[randrange(len(legal))])
        for event, _ in pairs:
            record(event)
            if type(event) is RoundEnded:
                done += 1
        state = pairs[-1][1]
    return done, len(events)


def measure_play(game: str, players: int, seconds: float) -> dict[str, float]:
    """Hands per second over wall-clock time, and over this process's CPU time (which other
    programs running on the machine disturb much less)."""
    hands = 0
    events = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    seed = 0
    while time.perf_counter() - start < seconds:
        h, e = play_hands(game, players, 100, seed)
        hands += h
        events += e
        seed += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "hands": hands,
        "events": events,
        "hands_per_second": round(hands / elapsed),
        "hands_per_cpu_second": round(hands / cpu),
    }


def measure_verify(game: str, players: int, repeats: int = 20) -> dict[str, float]:
    rules = find_rules(game, rounds=12)
    rng = random.Random(12)
    seats = tuple(Player(name=f"P{i}") for i in range(players))
    first = MatchStarted(rules=rules, players=seats)
    state = apply(None, first)
    events: list[Event] = [first]
    while not is_over(state):
        pairs = (
            advance(state, rng)
            if is_chance(state)
            else step(state, rng.choice(legal_actions(state)))
        )
        events.extend(event for event, _ in pairs)
        state = pairs[-1][1]
    data = encode_log(header_for(events, app="bench"), events)
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        read_log(data)
        times.append(time.perf_counter() - t0)
    return {
        "bytes": len(data),
        "events": len(events),
        "median_ms": round(statistics.median(times) * 1000, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    configs = [
        ("bakappana", 2),
        ("bakappana", 3),
        ("bakappana", 4),
        ("hana-awase", 3),
        ("koikoi", 2),
        ("sakura", 2),
        ("sakura", 4),
        ("sakura", 7),
    ]
    python = f"{platform.python_implementation()} {platform.python_version()}"
    results: dict[str, Any] = {
        "machine": f"{platform.machine()}, {python}",
        "play": {f"{g} {n}p": measure_play(g, n, args.seconds) for g, n in configs},
        "verify_12_rounds": {f"{g} {n}p": measure_verify(g, n) for g, n in configs},
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"machine: {results['machine']}, load average {os.getloadavg()[0]:.1f}")
    print(f"{'game':<16}{'hands/s':>10}{'per CPU s':>10}{'events':>10}   verify 12 rounds")
    for key, r in results["play"].items():
        v = results["verify_12_rounds"][key]
        print(
            f"{key:<16}{r['hands_per_second']:>10}{r['hands_per_cpu_second']:>10}"
            f"{r['events']:>10}   {v['median_ms']} ms ({v['events']} events, {v['bytes']} bytes)"
        )


if __name__ == "__main__":
    main()
