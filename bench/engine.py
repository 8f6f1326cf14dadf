"""Engine speed: random self-play hands per second with every event recorded, the whole
`hanatui sim` process with two random bots, and the time to verify a 12-round log. Not a test;
run `make bench` or `python bench/engine.py [--seconds S] [--koikoi-ai PATH]`.

Issue 15's targets are per CPU second against the KoiKoi-AI engine (guansanghai/KoiKoi-AI,
`koikoigame.py`) playing random self-play in the same run: the engine loop 5x, `hanatui sim
koikoi --bots random,random` 3x. With ``--koikoi-ai PATH`` (that engine's file, fetched by hand;
see bench/koikoi_ai.py) it is measured here, with an interpreter that has numpy
(``--koikoi-ai-python``, default ``python3``); without it the ratios use the ~1,400 hands per CPU
second the issue measured on this machine.

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
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from record import save

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


def measure_sim(hands: int) -> dict[str, float]:
    """`hanatui sim koikoi --bots random,random --hands N --jobs 1`: the whole process, start-up
    and report included; its CPU time (user + system) comes from ``wait4``."""
    command = [sys.executable, "-m", "hanatui", "sim", "koikoi", "--bots", "random,random"]
    command += ["--hands", str(hands), "--jobs", "1", "--json", "--seed", "1"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, cwd=ROOT)
    assert proc.stdout is not None
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"hanatui sim failed ({proc.returncode})")
    played = json.loads(out)["hands"]
    cpu = usage.ru_utime + usage.ru_stime
    return {
        "hands": played,
        "cpu_seconds": round(cpu, 3),
        "hands_per_cpu_second": round(played / cpu),
    }


KOIKOI_AI_REFERENCE = 1400  # hands per CPU second, as issue 15 measured it on this machine


def measure_koikoi_ai(path: str, python: str, seconds: float) -> dict[str, float]:
    """The KoiKoi-AI engine's random self-play (bench/koikoi_ai.py), in a process of its own."""
    script = Path(__file__).resolve().parent / "koikoi_ai.py"
    out = subprocess.run(
        [python, str(script), path, "--seconds", str(seconds)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    r = json.loads(out)
    return {"hands": r["hands"], "hands_per_cpu_second": round(r["hands"] / r["cpu_seconds"])}


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
    parser.add_argument("--koikoi-ai", metavar="PATH", help="KoiKoi-AI's koikoigame.py")
    parser.add_argument("--koikoi-ai-python", default="python3", metavar="PYTHON")
    parser.add_argument("--sim-hands", type=int, default=4000)
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
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
        "sim_koikoi_random": measure_sim(args.sim_hands),
    }
    if args.koikoi_ai:
        ref = measure_koikoi_ai(args.koikoi_ai, args.koikoi_ai_python, args.seconds)
        results["koikoi_ai"] = ref
        base = ref["hands_per_cpu_second"]
    else:
        base = KOIKOI_AI_REFERENCE
        results["koikoi_ai"] = {"hands_per_cpu_second": base, "measured": False}
    results["ratio_to_koikoi_ai"] = {
        "engine_loop": round(results["play"]["koikoi 2p"]["hands_per_cpu_second"] / base, 2),
        "sim": round(results["sim_koikoi_random"]["hands_per_cpu_second"] / base, 2),
        "targets": {"engine_loop": 5.0, "sim": 3.0},
    }
    results["load_average"] = [round(load_before, 2), round(os.getloadavg()[0], 2)]
    save("engine", results)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    load = results["load_average"]
    print(f"machine: {results['machine']}, load average {load[0]:.1f} before, {load[1]:.1f} after")
    print(f"{'game':<16}{'hands/s':>10}{'per CPU s':>10}{'events':>10}   verify 12 rounds")
    for key, r in results["play"].items():
        v = results["verify_12_rounds"][key]
        print(
            f"{key:<16}{r['hands_per_second']:>10}{r['hands_per_cpu_second']:>10}"
            f"{r['events']:>10}   {v['median_ms']} ms ({v['events']} events, {v['bytes']} bytes)"
        )

    sim, ref, ratio = (
        results["sim_koikoi_random"],
        results["koikoi_ai"],
        results["ratio_to_koikoi_ai"],
    )
    how = "measured in this run" if args.koikoi_ai else "the issue's figure, not measured here"
    print(
        f"KoiKoi-AI engine, random self-play: {ref['hands_per_cpu_second']} hands per CPU s ({how})"
    )
    print(
        f"koi-koi engine loop: {results['play']['koikoi 2p']['hands_per_cpu_second']} hands per "
        f"CPU s, {ratio['engine_loop']}x (target 5x)"
    )
    print(
        f"hanatui sim koikoi --bots random,random --hands {sim['hands']} --jobs 1, whole process: "
        f"{sim['hands_per_cpu_second']} hands per CPU s ({sim['cpu_seconds']} s), "
        f"{ratio['sim']}x (target 3x)"
    )


if __name__ == "__main__":
    main()
