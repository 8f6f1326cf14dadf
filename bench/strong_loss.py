"""Where the strong player's points go in koi-koi: its decisions, re-searched with a much larger
budget. Not a test.

Strong plays strong (seat-swapped deals, `selfplay.duel`); every real decision (two legal
actions or more) is kept with the seat's view. A sample of them is searched again with
``--budget`` playouts, the move played kept to the end, on paired samples (`strong.evaluate`):
the loss of a decision is the best finalist's mean less the played move's, in the points (or,
for a koi-koi call in a match, the match-win chance) the bot weighs. Reported per kind of
decision (a card from the hand, the choice of a capture, the koi-koi/shobu call): how many,
how often the big search prefers another move by more than two standard errors, and the mean
loss per decision and per hand. The best of several noisy means is biased upwards, so the
losses are an upper bound of what the bigger budget would gain; "clearly worse" counts the
decisions it overrules by more than two standard errors.

This measures what more search would gain under the same playout model; what the model itself
gets wrong (the rollout policy, the uniform deal) it cannot see.

    .venv/bin/python bench/strong_loss.py --deals 25 --sample 240 --budget 10000 --seed 21

The result of that run is kept in bench/results/strong_loss.json (printed, not written, by the
script).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from collections.abc import Sequence
from functools import partial
from typing import Any

from core.actions import Action, CallKoiKoi, CallShobu, ChooseCapture, PlayCard
from core.rules import find_rules
from core.view import View, determinize
from hanatui.arena.selfplay import duel
from hanatui.bots import Bot, StrongBot
from hanatui.bots.match import standing, win_chance
from hanatui.bots.strong import evaluate, paired_difference

Decision = tuple[View, tuple[Action, ...], Action]


class _Recorder(Bot):
    """A strong player that keeps each real decision it makes."""

    def __init__(self, sink: list[Decision], **options: Any) -> None:
        self.bot = StrongBot(**options)
        self.level = "strong"
        self.sink = sink

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        action = self.bot.choose(view, legal, rng)
        if len(legal) > 1:
            self.sink.append((view, legal, action))
        return action


def kind(action: Action) -> str:
    if isinstance(action, (CallKoiKoi, CallShobu)):
        return "call"
    if isinstance(action, ChooseCapture):
        return "capture"
    return "play" if isinstance(action, PlayCard) else "other"


def loss(view: View, legal: tuple[Action, ...], played: Action, budget: int, seed: int) -> Any:
    """The big search's verdict on one decision: (loss, its standard error)."""
    rng = random.Random(seed)
    worth = None
    if any(type(a) is CallShobu for a in legal):
        st = standing(determinize(view, rng), view.seat)
        worth = None if st is None else partial(win_chance, st)
    result = evaluate(view, legal, rng, playouts=budget, keep=played, worth=worth)
    p = legal.index(played)
    values = result.values
    best = max(result.finalists, key=lambda i: statistics.fmean(values[i]))
    if best == p:
        return 0.0, 0.0
    return paired_difference(values[best], values[p])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--playouts", type=int, default=1000, help="the players' budget")
    parser.add_argument("--options", default="{}", help="StrongBot keyword arguments (JSON)")
    parser.add_argument("--sample", type=int, default=300, help="decisions re-searched")
    parser.add_argument("--budget", type=int, default=10000, help="playouts of the re-search")
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args(argv)
    options = {"playouts": args.playouts, **json.loads(args.options)}
    decisions: list[Decision] = []
    result = duel(
        find_rules("koikoi", rounds=1),
        lambda: _Recorder(decisions, **options),
        lambda: _Recorder(decisions, **options),
        deals=args.deals,
        seed=args.seed,
    )
    hands = len(result.hands)
    picked = random.Random(args.seed).sample(
        range(len(decisions)), min(args.sample, len(decisions))
    )
    per_kind: dict[str, list[tuple[float, float]]] = {}
    totals: dict[str, int] = {}
    for *_, played in decisions:
        totals[kind(played)] = totals.get(kind(played), 0) + 1
    for j, i in enumerate(picked):
        view, legal, played = decisions[i]
        per_kind.setdefault(kind(played), []).append(loss(view, legal, played, args.budget, j))
    out: dict[str, Any] = {"hands": hands, "decisions": len(decisions), "options": options}
    for k, losses in sorted(per_kind.items()):
        mean = statistics.fmean(x for x, _ in losses)
        sd = statistics.stdev(x for x, _ in losses) if len(losses) > 1 else 0.0
        out[k] = {
            "decisions_per_hand_per_side": round(totals[k] / (2 * hands), 2),
            "sampled": len(losses),
            "clearly_worse": sum(1 for x, se in losses if x > 2 * se > 0),
            "loss_per_decision": round(mean, 4),
            "ci95": round(1.96 * sd / math.sqrt(len(losses)), 4),
            "loss_per_hand_per_side": round(mean * totals[k] / (2 * hands), 3),
        }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
