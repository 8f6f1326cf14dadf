"""How settled the strong player's koi-koi decisions are: for real choices of koi-koi hands
between normal (or strong) players, the search is run with its full budget and with early stopping
(`hanatui.bots.strong.Settle`) on the same random numbers (the stopped search is the full
one cut short), and this reports how many samples each spent (candidate playouts; mean, p95),
the share of the full search's it saved, and how often the stopped search chose as the full one
did. CPU is not timed here: the variants run on the same positions one after the other, so the
later ones find the scoring cache warm (`lab/strong_ab.py` times them in play).

    .venv/bin/python lab/settle.py [--decisions 200] [--seed 3] [--playouts 1000] \
        [--settle 2.0,3.0] [--margin 0.0]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections.abc import Iterator
from typing import Any

from core.chance import advance
from core.engine import apply, is_chance, is_over, legal_actions, step, to_act
from core.events import MatchStarted
from core.players import Player
from core.rules import find_rules
from core.state import State
from core.view import observe
from hanatui.bots import make_bot
from hanatui.bots.strong import StrongBot


def positions(seed: int, level: str = "normal") -> Iterator[State]:
    """Every real choice of one-round koi-koi matches between two players of ``level``
    (strong: at 350 playouts), match after match."""
    rng = random.Random(seed)
    bot = StrongBot(playouts=350) if level == "strong" else make_bot(level)
    players = (Player(name="P1"), Player(name="P2"))
    while True:
        state = apply(None, MatchStarted(rules=find_rules("koikoi", rounds=1), players=players))
        while not is_over(state):
            if is_chance(state):
                state = advance(state, rng)[-1][1]
                continue
            legal = legal_actions(state)
            seat = to_act(state)
            assert seat is not None
            if len(legal) > 1:
                yield state
            state = step(state, bot.choose(observe(state, seat), legal, rng))[-1][1]


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.95 * len(xs)))]


def measure(
    decisions: int, seed: int, playouts: int, settles: list[float], margin: float, level: str
) -> Any:
    bots = {"full": StrongBot(playouts=playouts)}
    for z in settles:
        bots[f"settle {z}"] = StrongBot(playouts=playouts, settle=z, settle_margin=margin)
    spent: dict[str, list[int]] = {k: [] for k in bots}
    same: dict[str, int] = dict.fromkeys(bots, 0)
    gen = positions(seed, level)
    for k in range(decisions):
        state = next(gen)
        seat = to_act(state)
        assert seat is not None
        view = observe(state, seat)
        legal = legal_actions(state)
        choice = {}
        for name, bot in bots.items():
            choice[name] = bot.choose(view, legal, random.Random(seed * 100_000 + k))
            spent[name].append(sum(e.playouts for e in bot.last))
            same[name] += choice[name] == choice["full"]
    return {
        name: {
            "playouts_mean": round(statistics.fmean(spent[name])),
            "playouts_p95": _p95([float(x) for x in spent[name]]),
            "saved": round(1 - sum(spent[name]) / sum(spent["full"]), 3),
            "stopped_early": round(
                sum(x < y for x, y in zip(spent[name], spent["full"], strict=True)) / decisions, 3
            ),
            "same_choice": round(same[name] / decisions, 3),
        }
        for name in bots
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--settle", default="2.0,3.0", help="z_stop values, comma-separated")
    parser.add_argument("--margin", type=float, default=0.0)
    parser.add_argument("--level", default="normal", help="the players whose choices are measured")
    args = parser.parse_args()
    settles = [float(x) for x in args.settle.split(",")]
    out = measure(args.decisions, args.seed, args.playouts, settles, args.margin, args.level)
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
