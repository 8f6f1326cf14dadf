"""How long a computer level takes to decide, in every game: the median and 95th percentile over
the real choices (two legal actions or more) of random matches. Not a test; the target checked
here is the normal level's: a median under 10 ms in every game (exit status 1 if missed).

    .venv/bin/python bench/decisions.py [--level normal] [--seed 21] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Iterator
from typing import Any

from record import save

from core.chance import advance
from core.engine import apply, is_chance, is_over, legal_actions, step, to_act
from core.events import MatchStarted
from core.games.registry import GAMES
from core.players import Player
from core.rules import AnyRules, find_rules
from core.state import State
from core.view import observe
from hanatui.bots import make_bot

#: The normal level's target: it decides in well under 10 ms (median over real choices).
NORMAL_TARGET_S = 0.010

# Every game at its smallest table, and Sakura's teams.
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    *((game_id, game.min_players, {}) for game_id, game in GAMES.items()),
    ("sakura", 4, {"teams": "2x2"}),
]


def decision_points(rules: AnyRules, n: int, seed: int) -> Iterator[State]:
    """Every state of a random match where a seat has a real choice."""
    rng = random.Random(seed)
    players = tuple(Player(name=f"P{i + 1}") for i in range(n))
    state = apply(None, MatchStarted(rules=rules, players=players))
    while not is_over(state):
        if is_chance(state):
            state = advance(state, rng)[-1][1]
            continue
        legal = legal_actions(state)
        if len(legal) > 1:
            yield state
        state = step(state, legal[rng.randrange(len(legal))])[-1][1]


def measure(level: str, game: str, n: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    bot = make_bot(level)
    rng = random.Random(seed)
    times = []
    for state in decision_points(find_rules(game, rounds=3, **options), n, seed):
        seat = to_act(state)
        assert seat is not None
        view = observe(state, seat)
        legal = legal_actions(state)
        start = time.perf_counter()
        bot.choose(view, legal, rng)
        times.append(time.perf_counter() - start)
    times.sort()
    return {
        "decisions": len(times),
        "median_ms": round(1000 * statistics.median(times), 3),
        "p95_ms": round(1000 * times[min(len(times) - 1, int(0.95 * len(times)))], 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {}
    for game, n, options in TABLES:
        label = f"{game} {n}p" + "".join(f" {k}={v}" for k, v in options.items())
        results[label] = measure(args.level, game, n, options, args.seed)
    missed = [
        label
        for label, r in results.items()
        if args.level == "normal" and r["median_ms"] >= 1000 * NORMAL_TARGET_S
    ]
    report = {"level": args.level, "seed": args.seed, "tables": results, "missed": missed}
    save("decisions" if args.level == "normal" else f"decisions_{args.level}", report)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{args.level} level, decision times over real choices (3 rounds, seed {args.seed})")
        for label, r in results.items():
            print(
                f"  {label:<22} {r['decisions']:>4} decisions  median {r['median_ms']:7.2f} ms"
                f"  p95 {r['p95_ms']:7.2f} ms"
            )
        if args.level == "normal":
            verdict = "missed in " + ", ".join(missed) if missed else "met in every game"
            print(f"target: median under {1000 * NORMAL_TARGET_S:.0f} ms: {verdict}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
