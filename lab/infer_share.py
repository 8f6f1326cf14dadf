"""How much of the opponent's hand a reading of its plays finds (two-seat koi-koi), against the
uniform deal and the oracle.

The strong level deals the opponent's hand at random (`core.view.determinize`), or with
``infer`` by the weights of `inference.Reader`. `lab/strong_ab.py`'s oracle (told the
opponent's true hand) bounds what any reading can gain: +0.71 points per hand over today's
player. An A/B of a reading costs hours and its noise (about ±0.5 over 400 hands) hides
anything smaller; this measures the reading itself, in minutes: at every hand play of both seats
in real games, the share of the opponent's true cards in the hands the reading deals (the mean
over ``--samples`` deals), against the share a uniform deal holds (the opponent's cards over the
cards unseen) and the oracle's (all of them). The figure that says how far a reading gets is its
share of the gap: (reading - uniform) / (1 - uniform), 0 for the uniform deal, 1 for the oracle.

The games do not depend on the readers (the players deal uniformly), so every slope
(``--betas``) is measured on the same decisions. Decisions where the reader has read nothing yet
(the first turns) count as uniform.

    .venv/bin/python lab/infer_share.py --deals 60 --seed 4000 --betas 0.7,2,6,20,60

``--save`` writes lab/results/infer_share.json.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.chance import advance
from core.engine import is_chance, is_over, legal_actions, step, to_act
from core.events import MatchStarted
from core.rules import find_rules
from core.state import HAND, PLAY
from core.timeline import Timeline
from core.view import View, observe
from hanatui.arena.selfplay import bot_players
from hanatui.bots import StrongBot
from hanatui.bots.inference import Reader, WeightedDealer

RESULTS = Path(__file__).resolve().parent / "results" / "infer_share.json"


def share(view: View, weights: dict[int, float] | None, truth: int, samples: int) -> float:
    """The mean share of the opponent's cards ``truth`` in ``samples`` hands dealt by
    ``weights`` (None: the uniform deal's share, exactly)."""
    k = truth.bit_count()
    if weights is None:
        return k / view.unseen.mask.bit_count()
    dealer = WeightedDealer(view, weights)
    rng = random.Random(0)
    opp = 1 - view.seat
    return statistics.fmean(
        (dealer(rng).hands[opp] & truth).bit_count() / k for _ in range(samples)
    )


def measure(
    *, deals: int, seed: int, betas: Sequence[float], player: dict[str, Any], samples: int
) -> dict[str, Any]:
    """Play ``deals`` one-round deals between two strong players built from ``player``; at each
    hand play with an opponent holding cards, each slope's share (and the uniform's)."""
    rules = find_rules("koikoi", rounds=1)
    uniform: list[float] = []
    read: dict[float, list[float]] = {b: [] for b in betas}
    for k in range(deals):
        chance = random.Random(seed + k)
        bots = [StrongBot(**player), StrongBot(**player)]
        rngs = [random.Random(seed * 7 + k), random.Random(seed * 11 + k)]
        readers = [{b: Reader(b) for b in betas} for _ in range(2)]
        timeline = Timeline([MatchStarted(rules=rules, players=bot_players(["a", "b"]))])
        state = timeline.last
        while not is_over(state):
            if is_chance(state):
                timeline.extend(advance(state, chance))
                state = timeline.last
                continue
            seat = to_act(state)
            assert seat is not None
            view = observe(state, seat)
            truth = state.hands[1 - seat]
            if state.phase == PLAY and state.stage == HAND and truth:
                uniform.append(share(view, None, truth, samples))
                for b, reader in readers[seat].items():
                    reader.observe(view)
                    read[b].append(share(view, reader.weights(view), truth, samples))
            action = bots[seat].choose(view, legal_actions(state), rngs[seat])
            timeline.extend(step(state, action))
            state = timeline.last
    base = statistics.fmean(uniform)
    out: dict[str, Any] = {"decisions": len(uniform), "uniform": round(base, 4), "betas": {}}
    for b, shares in read.items():
        mean = statistics.fmean(shares)
        gains = [r - u for r, u in zip(shares, uniform, strict=True)]
        half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
        out["betas"][str(b)] = {
            "share": round(mean, 4),
            "of_gap": round((mean - base) / (1 - base), 4),
            "of_gap_ci95": [
                round((mean - base - half) / (1 - base), 4),
                round((mean - base + half) / (1 - base), 4),
            ],
        }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=4000)
    parser.add_argument("--betas", default="0.7,2,6,20,60", help="the reader's slopes")
    parser.add_argument(
        "--player", default='{"kk": null}', help="StrongBot options of both players (JSON)"
    )
    parser.add_argument("--samples", type=int, default=200, help="deals per decision")
    parser.add_argument("--save", action="store_true", help=f"write the result to {RESULTS}")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    out = {
        "command": " ".join(["lab/infer_share.py", *(sys.argv[1:] if argv is None else argv)]),
        "deals": args.deals,
        "seed": args.seed,
        "player": json.loads(args.player),
        **measure(
            deals=args.deals,
            seed=args.seed,
            betas=[float(b) for b in args.betas.split(",")],
            player=json.loads(args.player),
            samples=args.samples,
        ),
        "machine": f"{platform.machine()}",
        "recorded": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "wall_seconds": round(time.perf_counter() - start, 1),
    }
    text = json.dumps(out, indent=1)
    print(text)
    if args.save:
        RESULTS.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
