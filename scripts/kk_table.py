"""Build koi-koi's playout call table (`hanatui.bots.fast.kkcalls`).

The strong level searches positions of random one-round koi-koi matches with koi-koi's own
playout and today's call (``kk="normal"``: the normal level's `koikoi_choice`); at every koi-koi
decision inside those playouts the table's key (`fast.calls.call_key`) and the call made are
counted. A key goes into the table as koi-koi when most of its calls were koi-koi. Printed: how
often the table agrees with the calls it was built from; ``--write`` writes the table
(hanatui/bots/fast/kkcalls.py).

    .venv/bin/python scripts/kk_table.py [--positions 300] [--seed 7] [--playouts 300] [--write]

The table shipped was built on 2026-12-01 with ``--positions 400 --seed 7 --playouts 300``
(114,957 calls, 873 keys). The search has changed since (koi-koi's playouts now run at
`strong.KOIKOI_SCALE` times the budget), so the same arguments today count 235,290 calls and
build 946 keys (2026-12-06): rebuilding the table changes the strong player, and wants an A/B
(`lab/strong_ab.py`) before it ships.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

# The positions are the speed benchmarks' (bench/decisions.py: the real choices of random matches).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from decisions import decision_points

from core.engine import legal_actions, to_act
from core.rules import find_rules
from core.state import State
from core.view import observe
from hanatui.bots.fast import playout as fast_playout
from hanatui.bots.fast.calls import decision_key
from hanatui.bots.fast.position import Position
from hanatui.bots.fast.rounds import IntRound
from hanatui.bots.strong import StrongBot

#: A key is split (`kkcalls.UNSURE`) when more than this share of its calls went the other way.
UNSURE_SHARE = 0.2

TABLE = Path(__file__).resolve().parent.parent / "hanatui" / "bots" / "fast" / "kkcalls.py"


def collect(positions: int, seed: int, playouts: int) -> Counter[tuple[tuple[int, ...], bool]]:
    counts: Counter[tuple[tuple[int, ...], bool]] = Counter()
    real = fast_playout.koikoi_call

    def counted(
        kk: IntRound,
        st: State,
        call: str,
        rng: random.Random,
        p: Position,
        turn_no: int,
        play_on: bool,
    ) -> bool:
        koi = real(kk, st, call, rng, p, turn_no, play_on)
        counts[decision_key(kk, st, p), koi] += 1
        return koi

    fast_playout.koikoi_call = counted
    try:
        rules = find_rules("koikoi", rounds=1)
        found = 0
        k = 0
        while found < positions:
            for state in decision_points(rules, 2, seed + k):
                seat = to_act(state)
                assert seat is not None
                bot = StrongBot(playouts=playouts, kk="normal")
                bot.choose(observe(state, seat), legal_actions(state), random.Random(found))
                found += 1
                if found >= positions:
                    break
            k += 1
    finally:
        fast_playout.koikoi_call = real
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--playouts", type=int, default=300)
    parser.add_argument("--write", action="store_true", help=f"write the table to {TABLE.name}")
    args = parser.parse_args()
    counts = collect(args.positions, args.seed, args.playouts)
    keys = {key for key, _ in counts}
    koikoi = sorted(k for k in keys if counts[k, True] > counts[k, False])
    # Split keys: the minority's share of their calls above UNSURE_SHARE.
    unsure = sorted(
        k
        for k in keys
        if min(counts[k, True], counts[k, False])
        > UNSURE_SHARE * (counts[k, True] + counts[k, False])
    )
    sure = sum(counts[k, koi] for (k, koi) in counts if k not in unsure)
    agree_mixed = sum(max(counts[k, True], counts[k, False]) for k in keys if k not in unsure)
    agree_mixed += sum(counts.values()) - sure
    total = sum(counts.values())
    agree = sum(max(counts[k, True], counts[k, False]) for k in keys)
    calls = sum(n for (_, koi), n in counts.items() if koi)
    summary = (
        f"{total} calls, {calls / total:.1%} koi-koi;\nthe table agrees with {agree / total:.1%};"
        f" {len(keys)} keys, {len(koikoi)} of them koi-koi;\n{len(unsure)} split keys (UNSURE),"
        f" {1 - sure / total:.1%} of the calls;"
        f" the mixed call agrees with {agree_mixed / total:.1%}"
    )
    print(summary)
    if args.write:
        lines = [
            '"""Koi-koi\'s playout call table: the keys (`calls.call_key`) where the',
            "normal level's `koikoi_choice` called koi-koi most often in the playouts of",
            f"searches. Written by scripts/kk_table.py (--positions {args.positions}"
            f" --seed {args.seed} --playouts {args.playouts}):",
            f"{summary}.",
            '"""',
            "",
            "KOIKOI: frozenset[tuple[int, ...]] = frozenset(",
            "    {",
            *(f"        {k!r}," for k in koikoi),
            "    }",
            ")",
            "",
            f"#: The keys where more than {UNSURE_SHARE:.0%} of the calls went the other way.",
            "UNSURE: frozenset[tuple[int, ...]] = frozenset(",
            "    {",
            *(f"        {k!r}," for k in unsure),
            "    }",
            ")",
        ]
        TABLE.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
