"""Tune the normal level's per-game weights (`hanatui.bots.normal.Params`) by self-play.

The method: coordinate search on seat-swapped duels with common random numbers. Every candidate
set of weights plays the same deals (the same seeds, so the same cards and first dealer, each deal
once per seating) against a fixed opponent panel: the easy level and the normal level with its
current weights. One weight at a time is scaled up and down (or stepped from zero); a change is
kept only when it raises the mean points per hand, first minus second, over the panel by more
than ``--min-gain``. Passes repeat with smaller steps. The weights found are then checked on
fresh seeds with `lab/arena.py` (the figures in docs/opponents.md come from there, never from the
tuning seeds).

    .venv/bin/python lab/tune_normal.py --game bakappana --deals 400
    .venv/bin/python lab/tune_normal.py --game sakura --players 4 --options teams=2x2
    .venv/bin/python lab/tune_normal.py --game koikoi --sigma --deals 150

It prints each accepted step and the final weights as a `Params(...)` literal for
`GAME_PARAMS` in `hanatui/bots/normal.py`.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from core.rules import find_rules
from hanatui.arena.selfplay import duel
from hanatui.bots import EasyBot, NormalBot
from hanatui.bots.base import Bot
from hanatui.bots.normal import Params, params_for

#: The weights the search moves, and the step from zero for those at zero.
TUNED = (
    "exposure",
    "op_draw",
    "draw_gain",
    "follow_up",
    "denial",
    "potential",
    "feed",
    "p_pair",
    "p_unseen",
    "op_field",
    "op_unseen",
)


def parse_options(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        out[key] = int(value) if value.isdigit() else value
    return out


def score(
    params: Params, rules: Any, *, deals: int, seed: int, players: int, base: Params
) -> float:
    """Mean points per hand of ``params`` over the panel (easy, and normal with ``base``)."""
    total = 0.0
    panel: list[type[Bot] | Params] = [EasyBot, base]
    for opp in panel:

        def make_b(opp: type[Bot] | Params = opp) -> Bot:
            return NormalBot(opp) if isinstance(opp, Params) else opp()

        r = duel(rules, lambda: NormalBot(params), make_b, deals=deals, seed=seed, players=players)
        a, b = r.points_per_hand
        total += a - b
    return total / len(panel)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--options", default="", help="rule options, e.g. teams=2x2")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=900_000)
    ap.add_argument("--passes", type=int, default=2)
    ap.add_argument("--min-gain", type=float, default=0.3)
    ap.add_argument("--only", default="", help="comma-separated weights to tune (default: all)")
    ap.add_argument(
        "--sigma",
        action="store_true",
        help="print the spread of one round's relative points, normal against normal "
        "(`hanatui.bots.match.SIGMA`), and stop",
    )
    args = ap.parse_args()
    rules = find_rules(args.game, rounds=1, **parse_options(args.options))
    if args.sigma:
        r = duel(
            rules, NormalBot, NormalBot, deals=args.deals, seed=args.seed, players=args.players
        )
        spread = statistics.pstdev([a - b for a, b in r.hands])
        print(f"{args.game}: {spread:.1f} points over {r.hand_count} hands")
        return
    base = params_for(args.game)
    names = [n for n in args.only.split(",") if n] or list(TUNED)
    t0 = time.process_time()

    def run(p: Params) -> float:
        return score(p, rules, deals=args.deals, seed=args.seed, players=args.players, base=base)

    best = base
    best_score = run(best)
    print(f"start {best_score:+.3f}")
    factor = 2.0
    for _ in range(args.passes):
        for name in names:
            value = getattr(best, name)
            if value <= 0:
                tries = [0.25 * factor, 0.5 * factor] if name != "potential" else [0.5, 0.8, 1.0]
            else:
                tries = [value / factor, value * factor, 0.0]
            results = []
            for v in tries:
                cand = Params(**{**best._asdict(), name: round(v, 3)})
                results.append((run(cand), cand))
            s, cand = max(results, key=lambda x: x[0])
            if s > best_score + args.min_gain:
                best, best_score = cand, s
                print(f"{name} -> {getattr(best, name)}: {best_score:+.3f}")
            else:
                print(f"{name} stays {value} (best try {s:+.3f})")
        factor = 1.0 + (factor - 1.0) / 2
    changed = {k: v for k, v in best._asdict().items() if v != Params()._asdict()[k]}
    print(f"final {best_score:+.3f} in {time.process_time() - t0:.0f}s CPU")
    print("Params(" + ", ".join(f"{k}={v!r}" for k, v in changed.items()) + ")")


if __name__ == "__main__":
    main()
