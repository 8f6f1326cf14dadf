"""A playout policy with new inputs, fitted to the search's value differences (issue 16).

`bench/imitate.py` fitted the playout policy's existing weights to the strong player's choices
and gained nothing. Here the fit is to how much better the search finds each candidate, with
new inputs the greedy policy lacks.

Stage 1 (``record``): the strong player (``StrongBot(playouts=400)``, both seats of one-round
two-seat koi-koi deals) at each of its card plays with two cards or more: the table as the
playout sees it (hand, field, both piles, the opponent's card count) and the search's value of
every candidate, paired: a candidate dropped early is compared with the search's choice on the
samples it was played on (common random numbers), its value the choice's mean plus that
difference (``value``), with its samples (``n``) and the difference's standard error (``se``).

Stage 2-3 (``fit``): per candidate, the plain policy's value (`kkplayout.card_values`) and new
features (`features`); a linear model of them fitted by weighted least squares to the
candidates' values centred within each decision (the pairwise differences), on the first 70%
of the decisions in the order played; on the rest, the agreement with the search's choice and
the value lost by playing the model's choice in place of the search's best, PLAIN against the
fitted model.

    .venv/bin/python bench/valuefit.py record --out /tmp/valuefit-a.jsonl --seed 143000 --deals 400
    .venv/bin/python bench/valuefit.py fit /tmp/valuefit-a.jsonl /tmp/valuefit-b.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from unittest.mock import patch

from core.actions import Action, PlayCard
from core.view import View
from hanatui.bots import Bot, StrongBot
from hanatui.bots import strong as strong_module
from hanatui.bots.strong import Evaluation
from hanatui.selfplay import play_match

Json = dict[str, Any]

OUT = Path(__file__).resolve().parent / "results" / "valuefit.json"

#: The last evaluation of the search (`strong.evaluate`), as the spy below saw it.
_LAST: list[Evaluation | None] = [None]


def _spy(real: Callable[..., Evaluation]) -> Callable[..., Evaluation]:
    def evaluate(*args: Any, **kwargs: Any) -> Evaluation:
        out = real(*args, **kwargs)
        _LAST[0] = out
        return out

    return evaluate


def paired(ev: Evaluation, ref: int) -> list[tuple[float, int, float]]:
    """Each candidate's value, paired with ``ref`` (a finalist, played on every sample): the
    reference's mean plus the candidate's mean difference from it on the samples it was played
    on (the first ones: a dropped candidate stops), its samples and that difference's
    standard error (0 for the reference itself; inf with fewer than two samples)."""
    base = ev.values[ref]
    top = statistics.fmean(base)
    out = []
    for vs in ev.values:
        n = len(vs)
        if n == 0:
            out.append((math.nan, 0, math.inf))
            continue
        d = [x - y for x, y in zip(vs, base[:n], strict=True)]
        mean = statistics.fmean(d)
        se = statistics.stdev(d) / math.sqrt(n) if n > 1 else math.inf
        out.append((top + mean, n, se))
    return out


class Recorder(Bot):
    """The strong player, its card plays (two cards or more) written down with the search's
    paired values of every candidate (one JSON object a line to ``out``)."""

    level = "strong"

    def __init__(self, bot: StrongBot, out: Any) -> None:
        self.bot = bot
        self.out = out

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        _LAST[0] = None
        action = self.bot.choose(view, legal, rng)
        ev = _LAST[0]
        if (
            len(legal) < 2
            or not isinstance(action, PlayCard)
            or not all(isinstance(a, PlayCard) for a in legal)
            or ev is None
            or ev.legal != legal
        ):
            return action
        seat = view.seat
        ref = legal.index(action)
        if ref not in ev.finalists:  # the choice is always a finalist; guard the pairing
            ref = ev.finalists[0]
        cands = []
        for a, (value, n, se) in zip(legal, paired(ev, ref), strict=True):
            assert isinstance(a, PlayCard)
            cands.append([a.card.index, round(value, 4), n, round(min(se, 99.0), 4)])
        record = {
            "hand": view.hand.mask,
            "field": view.field.mask,
            "mine": view.captures[seat].mask,
            "theirs": view.captures[1 - seat].mask,
            "op_cards": view.hand_counts[1 - seat],
            "pile": view.pile_count,
            "choice": action.card.index,
            "cands": cands,
        }
        self.out.write(json.dumps(record) + "\n")
        self.out.flush()
        return action


def record(path: str, playouts: int, deals: int, seed: int) -> None:
    """Play ``deals`` one-round deals of two-seat koi-koi (seeds ``seed`` on), the strong
    player (at ``playouts``) in both seats, appending its card plays to ``path``."""
    from core.rules import find_rules

    start = time.perf_counter()
    rules = find_rules("koikoi", rounds=1)
    spy = patch.object(strong_module, "evaluate", _spy(strong_module.evaluate))
    with spy, open(path, "a") as out:
        for k in range(deals):
            bots = [Recorder(StrongBot(playouts=playouts), out) for _ in range(2)]
            play_match(rules, bots, seed=seed + k)
            print(f"deal {k + 1}/{deals}, {time.perf_counter() - start:.0f} s", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="record the strong player's card plays and values")
    rec.add_argument("--out", required=True)
    rec.add_argument("--playouts", type=int, default=400)
    rec.add_argument("--deals", type=int, default=100)
    rec.add_argument("--seed", type=int, default=143000)
    args = parser.parse_args(argv)
    if args.command == "record":
        record(args.out, args.playouts, args.deals, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
