"""A learned value at the leaf of koi-koi's own playouts, trained by self-play (issue 16).

Koi-koi's own playout (`fast.playout.play_round`) takes a `Finish`: once both hands hold at most
C cards at a turn from the hand, its value for the mover is the finish's. `fast.leaf.Leaf`
is a learned one: a linear function of cheap integers of the table (`leaf.features`), one set
of weights per count of cards in the two hands (`leaf.bucket`), ``StrongBot(leaf=C)``.

Stage 1 (``record``): one-round two-seat koi-koi deals, ``StrongBot(playouts=200)`` both
seats; at each turn from the hand where both hands hold at most 5 cards, the whole state
(every card known, as the playout sees it) and two targets for the mover: (a) the round's
final points difference in that self-play (strong play after the leaf), (b) the mean of 32
greedy playouts from the state (koi-koi's own path, the search's "mixed" call) with the
pile's order dealt again; with them one greedy playout on the real pile (``real``).

Stage 2 (``fit``): least squares of (a) and of (b) on the features, per bucket, a ridge of 1
on every weight but the bias, fitted on the first 70% of the deals by seed; on the rest, the
squared error against (a) (its 95% interval over the deals, a deal's leaves together) of
either model, of one greedy playout with the pile re-dealt (what a playout would add at the
leaf), of the mean of the 32 and of one greedy playout on the real pile (which knows the
draws to come: a bound, not a competitor); the paired differences of the squared errors.
``held_out_first``: the leaves where a playout first asks the leaf (the larger hand holds C).

Stage 3: ``time`` (the leaf's process time per call against the greedy rest of the playout it
replaces, from the same leaves), then the screen by `lab/strong_ab.py`.

    .venv/bin/python lab/leafvalue.py record --out /tmp/leaf-155000.pkl --deals 2500 \\
        --seed 155000 --k 32
    .venv/bin/python lab/leafvalue.py record --out /tmp/leaf-157500.pkl --deals 2500 \\
        --seed 157500 --k 32
    .venv/bin/python lab/leafvalue.py fit /tmp/leaf-155000.pkl /tmp/leaf-157500.pkl \\
        --cards 3 4 5 --save --emit
    .venv/bin/python lab/leafvalue.py time /tmp/leaf-155000.pkl --cards 4 --save
    .venv/bin/python lab/strong_ab.py --a '{"playouts": 245, "leaf": 4}' \\
        --b '{"playouts": 200}' --hands 1600 --seed 151000 --workers 2 --save

Result (lab/results/leafvalue.json). The recording was cut at 3,199 deals (seeds
155000-156618 and 157500-159079; 18,980 leaves with both hands at 5 cards or fewer, 13,273
at 4, 8,256 at 3). Held out against the self-play outcome (a), mean squared error:

    C  leaves  model (a)  model (b)  one greedy  mean of 32  one greedy, real pile
    3   2,509       66.0       71.5       113.7        63.1                   36.6
    4   4,033       73.0       77.0       118.3        68.0                   42.2
    5   5,702       78.3       81.7       123.2        72.1                   47.9

The model fitted to (a) beats one greedy playout by 45-48 (C 4: -45.3 [-53.2, -37.5]) and
the model fitted to (b) by 4-5 (C 4: -4.0 [-6.0, -1.9]: the self-play target is the better
one), but it falls short of the mean of the 32 greedy playouts: +3.0 [-2.4, +8.4] at C 3,
+5.0 [+0.5, +9.6] at C 4, +6.2 [+2.1, +10.2] at C 5. In a search the playouts' variance
averages out over hundreds of samples and their bias does not: against the mean of many
playouts, the model's bias at the leaf is a few points^2 larger than the greedy playout's.
At the leaves where a playout first asks it, R^2 0.35 (C 4) against 0.41 for the mean of 32.
The features (`leaf.NAMES`) by what leaving them out costs at C 4 (held-out error 73.0):
the strikes of the pile's next two draws +6.2 and of the hands +4.3 (a strike: the best
capture that raises a seat's points, valued at what shobu would then win), how many yaku
lack one card +1.5, the captured counts of plains, ribbons and seeds +1.4, the hands' cards
that match the field +1.3, what each seat would win now +0.9; the flags of how near each seat
is (-0.8) and the calls (-0.3) add nothing over the rest.
The leaf costs 15 us a call against 36, 51 and 54 us for the greedy rest at C 3, 4, 5
(process time, 1,000 leaves, load 2.6).

The screen (lab/results/strong_ab.json, seed 151000, 1,600 hands, against
``{"playouts": 200}``, the leaf in the decisions holding more than C cards): C 3 at 218
playouts (36.4 against 36.4 ms CPU a decision; beside the test suite) -0.01 [-0.34, +0.31]
points per hand; C 4 at 245 (35.5 against 35.8 ms) -0.12 [-0.44, +0.20]; C 5 at 270 (39.9
against 39.8 ms) +0.02 [-0.30, +0.35]. All within noise, short of the +0.25 that would have
called for a run at the default budget. Why the later decisions play their playouts
out: short calibration runs with the leaf in every decision (40 hands each, seed 159000,
200 playouts both sides) gave -2.3, -1.7 and -1.8 points per hand at C 3, 4, 5 (each
interval about +-2.5 to 3.6: noise, but all one way), and with one or two cards in each hand
the leaf is worse than even one greedy playout (an early snapshot, C 4: squared error 63 and
101 against 48 and 41): there the leaf would judge each candidate a turn after it. The
calibrations of the gated leaf (C 4, 60-80 hands) read -1.0 to -1.6, the 1,600-hand screen
-0.12: short runs say little.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import re
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from imitate import interval
from msgspec.structs import replace
from valuefit import _solve

from core.events import RoundEnded
from core.games.koikoi.round import KoiKoiRound
from core.state import HAND, PLAY, State
from hanatui.arena.selfplay import play_match
from hanatui.bots import StrongBot
from hanatui.bots.fast.chance import Ties
from hanatui.bots.fast.leaf import NAMES, Leaf, bucket, features
from hanatui.bots.fast.playout import play_round
from hanatui.bots.fast.position import position_of
from hanatui.bots.fast.rounds import IntRound, round_for

Json = dict[str, Any]

OUT = Path(__file__).resolve().parent / "results" / "leafvalue.json"
#: The runtime's weights (`leaf.WEIGHTS`), written by ``fit --emit``.
EMIT = Path(__file__).resolve().parent.parent / "hanatui" / "bots" / "fast" / "leafweights.py"

#: The largest hand recorded (both hands hold at most this many cards at the turn).
MOST = 5


def leaves(states: Sequence[State]) -> list[State]:
    """The turns from the hand of a round where both hands hold at most `MOST` cards (the
    mover's at least one), each once."""
    out: list[State] = []
    seen: set[tuple[int, int]] = set()
    for st in states:
        if st.phase != PLAY or st.stage != HAND or st.pending != -1:
            continue
        if not isinstance(st.extra, KoiKoiRound):
            continue
        hand, op = st.hands[st.turn], st.hands[1 - st.turn]
        if not hand or hand.bit_count() > MOST or op.bit_count() > MOST:
            continue
        key = (st.rounds_done, st.turn_no)
        if key in seen:
            continue
        seen.add(key)
        out.append(st)
    return out


def greedy_value(kk: IntRound, st: State, seed: int) -> float:
    """One greedy playout of koi-koi's own path (the search's call, "mixed") from ``st``: the
    mover's points less the other's."""
    pts = play_round(kk, st, Ties(seed), "mixed")
    return pts[st.turn] - pts[1 - st.turn]


def redealt(st: State, rng: random.Random) -> State:
    """``st`` with its pile's order dealt again (the hands and the rest as they are)."""
    pile = list(st.pile)
    rng.shuffle(pile)
    return replace(st, pile=tuple(pile))


def record(path: str, deals: int, seed: int, playouts: int, k: int) -> None:
    """Play ``deals`` one-round deals of two-seat koi-koi (seeds ``seed`` on), the strong player
    (at ``playouts``) both seats; append each leaf (`leaves`) to ``path`` (pickled dicts): the
    state, the round's points difference for the mover (``a``), the greedy playout with the
    real pile (``real``) and ``k`` with the pile re-dealt (``greedy``)."""
    from core.rules import find_rules

    start = time.perf_counter()
    rules = find_rules("koikoi", rounds=1)
    with open(path, "ab") as out:
        for d in range(deals):
            bots = [StrongBot(playouts=playouts) for _ in range(2)]
            timeline = play_match(rules, bots, seed=seed + d)
            ended = [e for e in timeline.events if isinstance(e, RoundEnded)]
            if len(ended) != 1:
                continue
            points = ended[0].points
            rng = random.Random(seed + d)
            for st in leaves(timeline.states):
                kk = round_for(st)
                if kk is None:
                    continue
                turn = st.turn
                rec = {
                    "seed": seed + d,
                    "state": st,
                    "a": points[turn] - points[1 - turn],
                    "real": greedy_value(kk, st, rng.getrandbits(32)),
                    "greedy": [
                        greedy_value(kk, redealt(st, rng), rng.getrandbits(32)) for _ in range(k)
                    ],
                }
                pickle.dump(rec, out)
            out.flush()
            print(f"deal {d + 1}/{deals}, {time.perf_counter() - start:.0f} s", file=sys.stderr)


def load(paths: Sequence[str]) -> list[Json]:
    out: list[Json] = []
    for p in paths:
        with open(p, "rb") as f:
            while True:
                try:
                    out.append(pickle.load(f))
                except (EOFError, pickle.UnpicklingError):  # the end, or a run cut short
                    break
    return out


class Row(NamedTuple):
    """One recorded leaf, read for the fit."""

    deal: int
    cards: int  # the larger hand's cards
    bucket: int  # `leaf.bucket`
    x: list[float]  # `leaf.features`
    a: float  # the self-play outcome for the mover
    real: float  # one greedy playout, the real pile
    one: float  # one greedy playout, the pile re-dealt
    mean: float  # the mean of the re-dealt greedy playouts


def leaf_of(rec: Json) -> Row:
    st = rec["state"]
    kk = round_for(st)
    assert kk is not None
    extra = st.extra
    assert isinstance(extra, KoiKoiRound)
    t = st.turn
    hand, op = st.hands[t], st.hands[1 - t]
    x = features(kk, st, position_of(st))
    g = rec["greedy"]
    return Row(
        rec["seed"],
        max(hand.bit_count(), op.bit_count()),
        bucket(hand.bit_count(), op.bit_count()),
        x,
        float(rec["a"]),
        float(rec["real"]),
        float(g[0]),
        sum(g) / len(g),
    )


#: The ridge added to the normal equations (every weight but the bias): a flag seldom set in a
#: bucket stays near 0 rather than fitting a few leaves.
RIDGE = 1.0


def fit(data: Sequence[Row], target: str, buckets: int) -> list[list[float]]:
    """Least squares of ``target`` (a field of `Row`) on the features, one set of weights per
    bucket (``buckets`` of them; a bucket without leaves all 0)."""
    k = len(NAMES)
    out = []
    for b in range(buckets):
        a = [[0.0] * k for _ in range(k)]
        y = [0.0] * k
        n = 0
        for d in data:
            if d.bucket != b:
                continue
            n += 1
            t = getattr(d, target)
            x = d.x
            for i in range(k):
                xi = x[i]
                if xi:
                    y[i] += xi * t
                    row = a[i]
                    for j in range(k):
                        row[j] += xi * x[j]
        if n == 0:
            out.append([0.0] * k)
            continue
        for i in range(1, k):
            a[i][i] += RIDGE
        out.append(_solve(a, y))
    return out


def predict(w: list[list[float]], d: Row) -> float:
    return sum(wi * xi for wi, xi in zip(w[d.bucket], d.x, strict=True))


def _errors(test: Sequence[Row], guess: Sequence[float]) -> Json:
    """The squared errors of ``guess`` against the self-play outcome over ``test``: the mean
    (95% interval over the deals, their leaves together) and R^2."""
    by: dict[int, list[float]] = {}
    for d, g in zip(test, guess, strict=True):
        by.setdefault(d.deal, []).append((g - d.a) ** 2)
    n = sum(len(v) for v in by.values())
    mse = sum(sum(v) for v in by.values()) / n
    # cluster-robust: each deal's sum less its share of the mean
    var = sum((sum(v) - mse * len(v)) ** 2 for v in by.values())
    half = 1.96 * var**0.5 / n
    mean_a = sum(d.a for d in test) / n
    var_a = sum((d.a - mean_a) ** 2 for d in test) / n
    return {
        "mse": [round(mse, 3), round(mse - half, 3), round(mse + half, 3)],
        "r2": round(1 - mse / var_a, 4),
    }


def _paired(test: Sequence[Row], g1: Sequence[float], g2: Sequence[float]) -> list[float]:
    """The squared error of ``g1`` less ``g2``'s, per deal summed, as a mean per leaf with its
    95% interval (over the deals)."""
    by: dict[int, list[float]] = {}
    for d, x, y in zip(test, g1, g2, strict=True):
        by.setdefault(d.deal, []).append((x - d.a) ** 2 - (y - d.a) ** 2)
    n = sum(len(v) for v in by.values())
    m = sum(sum(v) for v in by.values()) / n
    var = sum((sum(v) - m * len(v)) ** 2 for v in by.values())
    half = 1.96 * var**0.5 / n
    return [round(m, 3), round(m - half, 3), round(m + half, 3)]


def evaluate_fit(records: Sequence[Json], cards: int, train_share: float) -> Json:
    """Fit on the first ``train_share`` of the deals (by seed) both targets; measure on the
    rest against the self-play outcome, with the greedy playouts beside them."""
    data = [d for d in map(leaf_of, records) if d.cards <= cards]
    deals = sorted({d.deal for d in data})
    cut = deals[int(len(deals) * train_share)]
    train = [d for d in data if d.deal < cut]
    test = [d for d in data if d.deal >= cut]
    buckets = 2 * cards + 1
    w_a = fit(train, "a", buckets)
    w_b = fit(train, "mean", buckets)
    guesses = {
        "model_a": [predict(w_a, d) for d in test],
        "model_b": [predict(w_b, d) for d in test],
        "one_greedy": [d.one for d in test],
        "one_greedy_real_pile": [d.real for d in test],
        "mean_greedy": [d.mean for d in test],
        "zero": [0.0] * len(test),
    }
    out: Json = {
        "cards": cards,
        "leaves": len(data),
        "deals": len(deals),
        "train_leaves": len(train),
        "test_leaves": len(test),
        "held_out": {k: _errors(test, g) for k, g in guesses.items()},
        # the leaves where a playout first asks the leaf (the larger hand holds C cards)
        "held_out_first": {
            k: _errors(
                [d for d in test if d.cards == cards],
                [x for d, x in zip(test, g, strict=True) if d.cards == cards],
            )
            for k, g in guesses.items()
        },
        "model_a_less_one_greedy": _paired(test, guesses["model_a"], guesses["one_greedy"]),
        "model_b_less_one_greedy": _paired(test, guesses["model_b"], guesses["one_greedy"]),
        "model_a_less_model_b": _paired(test, guesses["model_a"], guesses["model_b"]),
        "model_a_less_mean_greedy": _paired(test, guesses["model_a"], guesses["mean_greedy"]),
        "mean_a_test": interval([d.a for d in test]),
        "features": list(NAMES),
        "weights_a": [[round(x, 4) for x in w] for w in w_a],
        "weights_b": [[round(x, 4) for x in w] for w in w_b],
    }
    return out


def timing(paths: Sequence[str], cards: int, most: int, batches: int) -> Json:
    """Process time per call of the leaf value (`leaf.Leaf`, at ``cards``) and of the greedy
    rest of a playout it replaces (`_run` from the same leaf, koi-koi's own path, the search's
    call), on the first ``most`` recorded leaves with both hands at ``cards`` cards or fewer
    where the leaf is first asked (the larger hand holds ``cards``), batches alternated."""
    leaf = Leaf(cards)
    rows = []
    for rec in load(paths):
        st = rec["state"]
        t = st.turn
        hand, op = st.hands[t], st.hands[1 - t]
        if max(hand.bit_count(), op.bit_count()) != cards:
            continue
        kk = round_for(st)
        assert kk is not None
        rows.append((kk, st, (kk, st, position_of(st))))
        if len(rows) >= most:
            break
    for kk, st, args in rows:  # warm the memos both read (`reach`, the standings)
        leaf(*args)
        play_round(kk, st, Ties(0), "mixed")
    leaf_t = rest_t = 0.0
    for b in range(batches):
        for which in (b % 2, 1 - b % 2):
            start = time.process_time()
            if which == 0:
                for _, _, args in rows:
                    leaf(*args)
                leaf_t += time.process_time() - start
            else:
                for kk, st, _ in rows:
                    play_round(kk, st, Ties(b), "mixed")
                rest_t += time.process_time() - start
    n = batches * len(rows)
    return {
        "cards": cards,
        "leaves": len(rows),
        "batches": batches,
        "leaf_us": round(1e6 * leaf_t / n, 2),
        "greedy_rest_us": round(1e6 * rest_t / n, 2),
    }


def emit(weights: dict[int, list[list[float]]]) -> None:
    """Write ``weights`` (by the leaf's cards) as `leaf.WEIGHTS` (the other cards' weights
    kept when they have as many features)."""
    from hanatui.bots.fast.leafweights import WEIGHTS

    table = {c: w for c, w in WEIGHTS.items() if all(len(r) == len(NAMES) for r in w)}
    for cards, rows in weights.items():
        table[cards] = tuple(tuple(row) for row in rows)
    lines = [
        '"""The leaf value\'s fitted weights (`leaf.Leaf`), written by `lab/leafvalue.py fit'
        " --emit`:",
        'by the leaf\'s cards, per `leaf.bucket`, one weight per feature (`leaf.NAMES`)."""',
        "",
        "# fmt: off",
        "WEIGHTS: dict[int, tuple[tuple[float, ...], ...]] = {",
    ]
    for c in sorted(table):
        lines.append(f"    {c}: (")
        for row in table[c]:
            text = "(" + ", ".join(repr(round(x, 4)) for x in row) + "),"
            lines += textwrap.wrap(
                text, 99, initial_indent=" " * 8, subsequent_indent=" " * 9, break_on_hyphens=False
            )
        lines.append("    ),")
    lines += ["}", "# fmt: on", ""]
    EMIT.write_text("\n".join(lines))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="record leaves of the strong player's self-play")
    rec.add_argument("--out", required=True)
    rec.add_argument("--playouts", type=int, default=200)
    rec.add_argument("--deals", type=int, default=100)
    rec.add_argument("--seed", type=int, default=150000)
    rec.add_argument("--k", type=int, default=16, help="greedy playouts re-dealt per leaf")
    fitting = sub.add_parser("fit", help="fit the leaf value, measure it held out")
    fitting.add_argument("records", nargs="+")
    fitting.add_argument("--cards", type=int, nargs="+", default=[4], help="C: hands at most")
    fitting.add_argument("--train", type=float, default=0.7, help="the share of deals fitted on")
    fitting.add_argument("--target", default="a", help="the weights emitted: a (self-play), b")
    fitting.add_argument("--save", action="store_true", help=f"write the result to {OUT}")
    fitting.add_argument("--emit", action="store_true", help=f"write the weights to {EMIT}")
    timed = sub.add_parser("time", help="time the leaf value and the greedy rest it replaces")
    timed.add_argument("records", nargs="+")
    timed.add_argument("--cards", type=int, default=4)
    timed.add_argument("--leaves", type=int, default=2000)
    timed.add_argument("--batches", type=int, default=20)
    timed.add_argument("--save", action="store_true", help=f"add the timing to {OUT}")
    args = parser.parse_args(argv)
    if args.command == "time":
        timed_out = timing(args.records, args.cards, args.leaves, args.batches)
        timed_out["load"] = round(os.getloadavg()[0], 1)
        print(json.dumps(timed_out, indent=1))
        if args.save:
            saved = json.loads(OUT.read_text()) if OUT.exists() else {}
            saved.setdefault("timing", {})[str(args.cards)] = timed_out
            OUT.write_text(dumps(saved))
        return 0
    if args.command == "record":
        record(args.out, args.deals, args.seed, args.playouts, args.k)
        return 0
    if args.command == "fit":
        records = load(args.records)
        saved = json.loads(OUT.read_text()) if args.save and OUT.exists() else {}
        emitted = {}
        for cards in args.cards:
            result = evaluate_fit(records, cards, args.train)
            result["recorded"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
            print(json.dumps(result, indent=1))
            saved[str(cards)] = result
            if args.emit:  # the runtime's weights: fitted on every deal
                data = [d for d in map(leaf_of, records) if d.cards <= cards]
                target = "a" if args.target == "a" else "mean"
                emitted[cards] = fit(data, target, 2 * cards + 1)
        if emitted:
            emit(emitted)
        if args.save:
            OUT.write_text(dumps(saved))
        return 0
    return 1


#: A list of numbers alone, as `json.dumps` with an indent writes it, one number a line.
_NUMBERS = re.compile(r"\[\s*(-?[\d.e+-]+(?:,\s*-?[\d.e+-]+)*)\s*\]")


def dumps(result: dict[str, Any]) -> str:
    """The result file's text: indented, each list of numbers (the weights) on one line."""
    text = json.dumps(result, indent=1)
    one_line = _NUMBERS.sub(
        lambda m: "[" + ", ".join(n.strip() for n in m.group(1).split(",")) + "]", text
    )
    return one_line + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
