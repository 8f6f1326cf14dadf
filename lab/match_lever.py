"""How much the match standing can be worth to the normal level: the risk lever of each weight.

Match-aware play gains by taking more risk when behind and less when ahead, which only pays
if some way of playing changes the spread of a round's result by more than it costs in mean
points. This script measures that lever. For each variant of the normal level's weights (one
weight scaled, e.g. ``exposure=0``: what the field offers the opponent ignored) it plays the
variant against the game's own weights over seat-swapped single rounds, the same deals for
every variant, and reports the variant's mean points per round and the spread (standard
deviation) of the relative result, beside the same figures for the game's weights against
themselves.

From those two figures it bounds what the variant could add to 12-round matches won if a player
used it exactly in the rounds where the standing makes it pay: for a round with ``r`` rounds
after it and a lead ``L`` before it (``L`` normal with the spread of the rounds already played,
between equal players), the match is won with chance ``Phi((L + m) / sqrt(s^2 + r sigma^2))``
with the variant (mean ``m``, spread ``s``) against ``Phi(L / sqrt((r + 1) sigma^2))`` without;
the bound sums the positive part of the difference over the rounds. A variant that scores more
on average would be a better weight for every hand, not a lean for the match, so its mean counts
at most 0 (the top of its 95% interval, capped there). The bound is optimistic (a player knows
the lead only before the round, and every round's switch counts in full), so a bound near zero
means no match-aware rule built on that weight can win measurably more matches.

    .venv/bin/python lab/match_lever.py --game bakappana --deals 1000
    .venv/bin/python lab/match_lever.py --game sakura --variants potential=0,exposure=0
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
from typing import Any

from core.rules import find_rules
from hanatui.arena.selfplay import play_rotated
from hanatui.bots.normal import NormalBot, Params, params_for

DEFAULT_VARIANTS = "exposure=0,exposure=0.5,exposure=2,denial=0,denial=3,potential=0,potential=2"


def variant(base: Params, spec: str) -> Params:
    """``base`` with one weight scaled: ``name=factor`` (the profile's potential when unset)."""
    name, _, value = spec.partition("=")
    factor = float(value)
    current = getattr(base, name)
    if name == "potential" and current < 0:
        return base._replace(potential=factor)  # absolute: the profile's own is about 0.8
    return base._replace(**{name: current * factor})


def _chunk(task: tuple[str, int, int, Params]) -> list[float]:
    game, seed, deals, params = task
    rules = find_rules(game, rounds=1)
    base = params_for(game)
    out = []
    for k in range(deals):
        bots = [NormalBot(params), NormalBot(base)]
        for tl, seating in play_rotated(rules, bots, seed=seed + k, rotations=[(0, 1), (1, 0)]):
            totals = tl.last.totals
            out.append(float(totals[seating.index(0)] - totals[seating.index(1)]))
    return out


def relative_results(
    game: str, params: Params, *, deals: int, seed: int, workers: int
) -> list[float]:
    """The variant's round points less the game weights', per seat-swapped round."""
    tasks = [(game, seed + k, min(25, deals - k), params) for k in range(0, deals, 25)]
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            parts = pool.map(_chunk, tasks, chunksize=1)
    else:
        parts = [_chunk(t) for t in tasks]
    return [x for p in parts for x in p]


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def gain_bound(sigma: float, mean: float, spread: float, rounds: int = 12) -> float:
    """The optimistic bound on matches won (a share) of using the variant whenever it pays."""
    total = 0.0
    for played in range(rounds):
        after = rounds - 1 - played
        before = sigma * math.sqrt(played) if played else 0.0
        plain = sigma * math.sqrt(after + 1)
        aware = math.sqrt(spread * spread + after * sigma * sigma)
        if before == 0.0:
            total += max(0.0, _phi(mean / aware) - 0.5)
            continue
        # the expectation over the lead L ~ N(0, before), on a grid of 6 spreads each side
        steps = 240
        acc = 0.0
        weight = 0.0
        for i in range(-steps, steps + 1):
            z = 6.0 * i / steps
            w = math.exp(-0.5 * z * z)
            lead = z * before
            acc += w * max(0.0, _phi((lead + mean) / aware) - _phi(lead / plain))
            weight += w
        total += acc / weight
    return total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--deals", type=int, default=1000, help="deals, each played once per seating")
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--variants", default=DEFAULT_VARIANTS)
    ap.add_argument("--workers", type=int, default=max(1, min(2, multiprocessing.cpu_count())))
    args = ap.parse_args(argv)
    base = params_for(args.game)
    run: dict[str, Any] = {"deals": args.deals, "seed": args.seed, "workers": args.workers}
    ref = relative_results(args.game, base, **run)
    sigma = statistics.pstdev(ref)
    print(f"{args.game}: the game's weights against themselves, spread {sigma:.1f} per round")
    print("variant          mean +- 95%     spread   bound on matches won")
    for spec in filter(None, args.variants.split(",")):
        r = relative_results(args.game, variant(base, spec), **run)
        mean = statistics.fmean(r)
        # the unit is the deal (its two seatings share the cards)
        per_deal = [(r[i] + r[i + 1]) / 2 for i in range(0, len(r) - 1, 2)]
        half = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal))
        spread = statistics.pstdev(r)
        # A variant better on average is a better weight for every hand, not a lean for the
        # match: only its spread counts, its mean at most 0 (the top of its interval).
        bound = gain_bound(sigma, min(0.0, mean + half), spread)
        print(f"{spec:<16} {mean:+6.2f} +- {half:4.2f}  {spread:6.1f}   +{100 * bound:.2f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
